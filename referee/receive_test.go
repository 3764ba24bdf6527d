package referee_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/mailbox"
	"zaochnik/referee"
	"zaochnik/storage"
)

const (
	authserv = "mx.zaochnik.test"
	server   = "turnir@zaochnik.test"
	ivanov   = "ivanov@example.org" // player 1
	petrov   = "petrov@example.org" // player 2
	judge    = "judge@example.org"
	secr     = "secretary@example.org"
)

// world is a started tournament in a store, with the referee in front.
type world struct {
	t      *testing.T
	db     *storage.DB
	ref    *referee.Referee
	cipher string
	seq    int
	path   string // the store's file
}

// newWorld starts the tournament of testdata/replay/FILE.
func newWorld(t *testing.T, file string) *world {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "replay", file))
	require.NoError(t, err)
	return newWorldOf(t, src)
}

// newWorldOf is newWorld of the tournament file src.
func newWorldOf(t *testing.T, src []byte) *world {
	t.Helper()
	path := filepath.Join(t.TempDir(), "z.db")
	db, err := storage.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	tr, err := corr.ParseTournament(src)
	require.NoError(t, err)
	ctx := context.Background()
	require.NoError(t, db.CreateTournament(ctx, tr, src))
	_, err = (&referee.Referee{DB: db}).Start(ctx, tr.Cipher, tr.Start, false)
	require.NoError(t, err)
	secret, err := db.Secret(ctx, "reply-keys")
	require.NoError(t, err)
	ref := &referee.Referee{DB: db, Keys: referee.Keys{Secret: secret, Address: server},
		Reading: mailbox.Reading{Auth: mailbox.AuthPolicy{AuthservID: authserv}, Own: []string{server}}}
	return &world{t: t, db: db, ref: ref, cipher: tr.Cipher, path: path}
}

// side runs stmt (a trigger, a row the referee would not write) on a
// second connection to w's store, open until the test ends, and returns
// the connection.
func (w *world) side(stmt string) *sql.DB {
	w.t.Helper()
	side, err := sql.Open("sqlite", "file:"+w.path)
	require.NoError(w.t, err)
	w.t.Cleanup(func() { side.Close() })
	_, err = side.Exec(stmt)
	require.NoError(w.t, err)
	return side
}

// letter is a letter from from, received on day (March 2026) by our MX,
// with the header lines given above our Received header (trusted) and
// below it (as the sender wrote them).
type letter struct {
	from, to, subject, body string
	day                     int
	above, below            []string
}

// raw renders l.
func (w *world) raw(l letter) []byte {
	w.seq++
	to := l.to
	if to == "" {
		to = server
	}
	var b strings.Builder
	for _, h := range l.above {
		b.WriteString(h + "\r\n")
	}
	fmt.Fprintf(&b, "Received: from mail.example.org by %s; %s\r\n", authserv, time.Date(2026, 3, l.day, 10, 0, 0, 0, time.UTC).Format(time.RFC1123Z))
	for _, h := range l.below {
		b.WriteString(h + "\r\n")
	}
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <m%d@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
		l.from, to, l.subject, w.seq, l.body)
	return []byte(b.String())
}

// receive hands l to the referee.
func (w *world) receive(l letter) referee.Outcome {
	w.t.Helper()
	out, err := w.ref.Receive(context.Background(), decoded(w.ref, referee.Letter{Raw: w.raw(l)}))
	require.NoError(w.t, err)
	return out
}

// state returns the tournament's state.
func (w *world) state() corr.State {
	w.t.Helper()
	s, err := w.db.State(context.Background(), w.cipher)
	require.NoError(w.t, err)
	return s
}

// game returns game code's state.
func (w *world) game(code string) corr.Game {
	w.t.Helper()
	g, ok := w.state().Game(w.cipher + " " + code)
	require.True(w.t, ok, code)
	return g
}

// outbox returns the letters queued to addr of kind ("" any, for either).
func (w *world) outbox(addr, kind string) []storage.Outgoing {
	w.t.Helper()
	all, err := w.db.Outbox(context.Background())
	require.NoError(w.t, err)
	var out []storage.Outgoing
	for _, o := range all {
		if (addr == "" || strings.EqualFold(o.To, addr)) && (kind == "" || o.Kind == kind) {
			out = append(out, o)
		}
	}
	return out
}

// replyTo composes outgoing letter o as the daemon sends it and returns
// its Reply-To address and subject.
func (w *world) replyTo(o storage.Outgoing) (string, string) {
	w.t.Helper()
	m := w.goingOut(o.ID)
	out := mailbox.Outgoing{From: mailbox.Address{Addr: server}, To: []mailbox.Address{{Addr: m.To}}, Subject: m.Subject,
		Text: m.Body, Date: m.Date, MessageID: strings.Trim(m.MessageID, "<>")}
	w.ref.Keys.Decorate(&out, m)
	raw, err := mailbox.Compose(out)
	require.NoError(w.t, err)
	in, err := mailbox.Decode(raw)
	require.NoError(w.t, err)
	if len(in.ReplyTo) == 0 {
		return "", in.Subject
	}
	return in.ReplyTo[0].Addr, in.Subject
}

const (
	dmarcIvanov = "Authentication-Results: " + authserv + "; dmarc=pass header.from=example.org"
	firstMove   = "ТЕСТ-2026 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0\nИванов"
	// firstReply is Petrov's answer to firstMove, on 4 March.
	firstReply = "ТЕСТ-2026 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n01.03.2026 / 01.03.2026 / 04.03.2026\nTime: 0/3"
)

// TestTrust_ForgedLettersAreHeld: nothing the From header alone claims is
// applied, whatever the role and whatever the letter asks; each is held
// and its registered address asked to confirm it.
func TestTrust_ForgedLettersAreHeld(t *testing.T) {
	tests := []struct {
		name string
		l    letter
	}{
		{"PlayerMove", letter{from: ivanov, subject: "ТЕСТ-2026 1-2", body: firstMove}},
		{"Resignation", letter{from: ivanov, subject: "ТЕСТ-2026 1-2", body: "ТЕСТ-2026 1-2\nСдаюсь.\nИванов"}},
		{"DrawAcceptance", letter{from: petrov, subject: "ТЕСТ-2026 1-2", body: "ТЕСТ-2026 1-2\nI accept the draw.\nPetrov"}},
		{"Break", letter{from: ivanov, subject: "ТЕСТ-2026", body: "ТЕСТ-2026\nБеру перерыв с 10.03.2026 по 20.03.2026.\nИванов"}},
		{"JudgeRuling", letter{from: judge, subject: "Re: [ТЕСТ-2026 #1-2] материалы по просрочке, заявление 1", body: "Просрочка подтверждена."}},
		{"SecretaryDecision", letter{from: secr, subject: "ТЕСТ-2026 1-2", body: "Результат партии 1-2: 1-0."}},
		{"DMARCNoneSPFPassOtherDomain", letter{from: judge, subject: "Re: [ТЕСТ-2026 #1-2] просрочка", body: "Просрочка подтверждена.",
			above: []string{"Authentication-Results: " + authserv + "; dmarc=none header.from=example.org; spf=pass smtp.mailfrom=evil@attacker.test"}}},
		{"ForgedResultsBelowTheTrustedOne", letter{from: ivanov, subject: "ТЕСТ-2026 1-2", body: firstMove,
			below: []string{"Received: from pc by mail.attacker.test; Sun, 1 Mar 2026 09:00:00 +0000", dmarcIvanov}}},
		{"ResultsUnderAnotherID", letter{from: ivanov, subject: "ТЕСТ-2026 1-2", body: firstMove,
			above: []string{"Authentication-Results: mx.attacker.test; dmarc=pass header.from=example.org"}}},
		{"JudgeWithSPFOnly", letter{from: judge, subject: "Re: [ТЕСТ-2026 #1-2] просрочка", body: "Просрочка подтверждена.",
			above: []string{"Authentication-Results: " + authserv + "; spf=pass smtp.mailfrom=judge@example.org"}}},
		{"GuessedKey", letter{from: ivanov, to: "turnir+paaaaaaaaaaaaaaaaaaaaaaaaaa@zaochnik.test", subject: "ТЕСТ-2026 1-2", body: firstMove}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t, "two.toml")
			tt.l.day = 2
			out := w.receive(tt.l)
			assert.Equal(t, storage.Held, out.Disposition, out.Auth)
			g := w.game("1-2")
			assert.Empty(t, g.Plies, "no move applied")
			assert.Equal(t, "*", g.Result)
			assert.Empty(t, w.state().Breaks, "no break taken")
			from := strings.ToLower(tt.l.from)
			req := w.outbox(from, "confirm-request")
			require.Len(t, req, 1, "one confirmation request, to the registered address")
			for _, o := range w.outbox("", "") {
				if o.Kind != "start-list" && o.Kind != "confirm-request" {
					t.Errorf("letter %s to %s: nothing but the confirmation request may go out", o.Kind, o.To)
				}
			}
		})
	}
}

// keyOf returns the key in a Reply-To address "turnir+KEY@…".
func keyOf(t *testing.T, addr string) string {
	t.Helper()
	local, _, _ := strings.Cut(addr, "@")
	_, key, ok := strings.Cut(local, "+")
	require.True(t, ok, "a keyed reply address: %q", addr)
	return key
}

// TestTrust_ReplyKeys: a reply to a letter of ours carries its addressee's
// key and is applied with no other proof; the key of another player, of
// another game, or a guessed one vouches for nothing.
func TestTrust_ReplyKeys(t *testing.T) {
	w := newWorld(t, "three.toml") // 1-2, 3-1, 2-3
	// Player 3 opens 3-1 with DMARC: the forward to player 1 carries 1's key for 3-1.
	out := w.receive(letter{from: "sidorov@example.org", subject: "ТРИ-2026 3-1", day: 2,
		body: "ТРИ-2026 3-1\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 02.03.2026\nВремя: 1/0", above: []string{dmarcIvanov}})
	require.Equal(t, storage.Processed, out.Disposition, out.Outcome.Reason)
	fw := w.outbox(ivanov, "forward")
	require.NotEmpty(t, fw)
	reply, _ := w.replyTo(fw[len(fw)-1])
	key := keyOf(t, reply)
	assert.GreaterOrEqual(t, len(key), 20, "at least 96 bits of MAC")

	answer := "ТРИ-2026 3-1\nВаш ход: 1.c3-d4\nМой ход: 1...f6-g5\n02.03.2026 / 02.03.2026 / 03.03.2026\nВремя: 1/1"
	open12 := "ТРИ-2026 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 03.03.2026\nВремя: 2/0"
	tests := []struct {
		name     string
		l        letter
		want     storage.Disposition
		wantAuth string
	}{
		{"AnotherPlayersKey", letter{from: "petrov@example.org", to: reply, subject: "Re: ТРИ-2026 1-2", body: open12}, storage.Held, corr.AuthNone},
		{"AnotherGamesKey", letter{from: ivanov, to: reply, subject: "ТРИ-2026 1-2", body: open12}, storage.Held, corr.AuthKey},
		{"BrokenKey", letter{from: ivanov, to: strings.Replace(reply, key[len(key)-4:], "aaaa", 1), subject: "Re: ТРИ-2026 3-1", body: answer}, storage.Held, corr.AuthNone},
		{"OwnKey", letter{from: "Иванов <" + ivanov + ">", to: reply, subject: "Re: ТРИ-2026 3-1", body: answer}, storage.Processed, corr.AuthKey},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.l.day = 3
			out := w.receive(tt.l)
			assert.Equal(t, tt.want, out.Disposition, out.Outcome.Reason)
			assert.Equal(t, tt.wantAuth, out.Auth)
		})
	}
	assert.Len(t, w.game("3-1").Plies, 2, "only the letter with its own key moved")
	assert.Empty(t, w.game("1-2").Plies)

	// The subject form, for mail hosts without plus addressing.
	w.ref.Keys.Mode = referee.KeysSubject
	fw = w.outbox("sidorov@example.org", "forward")
	_, subject := w.replyTo(fw[len(fw)-1])
	require.Contains(t, subject, "(z-")
	out = w.receive(letter{from: "sidorov@example.org", subject: "Re: " + subject, day: 4,
		body: "ТРИ-2026 3-1\nВаш ход: 1...f6-g5\nМой ход: 2.g3-f4\n03.03.2026 / 03.03.2026 / 04.03.2026\nВремя: 2/1"})
	assert.Equal(t, storage.Processed, out.Disposition, out.Outcome.Reason)
	assert.Equal(t, corr.AuthKey, out.Auth)
}

// TestConfirm_6_3_1_ArrivalDateKept: a genuine letter that nothing
// authenticated is held; its sender's answer to the confirmation request
// applies it as received on its own arrival, so its sender's ledger equals
// the one of the same letter authenticated on arrival (the round trip of
// the confirmation is not charged to him), and the opponent's time runs
// from the day the move was forwarded to him.
func TestConfirm_6_3_1_ArrivalDateKept(t *testing.T) {
	move := letter{from: ivanov, subject: "ТЕСТ-2026 1-2", day: 2, body: "ТЕСТ-2026 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 02.03.2026\nВремя: 1/0"}

	direct := newWorld(t, "two.toml")
	authed := move
	authed.above = []string{dmarcIvanov}
	require.Equal(t, storage.Processed, direct.receive(authed).Disposition)

	w := newWorld(t, "two.toml")
	out := w.receive(move)
	require.Equal(t, storage.Held, out.Disposition)
	req := w.outbox(ivanov, "confirm-request")
	require.Len(t, req, 1)
	assert.Contains(t, req[0].Body, "1.c3-d4", "the request quotes the held letter")
	assert.Contains(t, req[0].Body, "02.03.2026")
	reply, _ := w.replyTo(req[0])

	// Another address cannot use the request's key.
	stolen := w.receive(letter{from: petrov, to: reply, subject: "Re: confirm", day: 4, body: "да"})
	assert.Equal(t, storage.Held, stolen.Disposition)
	assert.False(t, stolen.Confirmation)
	assert.Empty(t, w.game("1-2").Plies)

	conf := w.receive(letter{from: ivanov, to: reply, subject: "Re: confirm", day: 5, body: "Да, это я.\n\n> quoted request"})
	require.True(t, conf.Confirmation)
	assert.Equal(t, storage.Processed, conf.Disposition, conf.Outcome.Reason)
	assert.Len(t, w.game("1-2").Plies, 1)
	want, err := direct.state().Ledger(direct.game("1-2"))
	require.NoError(t, err)
	got, err := w.state().Ledger(w.game("1-2"))
	require.NoError(t, err)
	require.Len(t, got.Lines, 2)
	assert.Equal(t, want.Lines[0], got.Lines[0], "White's line of the confirmed move is the line of its arrival")
	assert.Equal(t, want.Totals, got.Totals)
	assert.Equal(t, "2026-03-05", got.Lines[1].Received.String(), "Black receives the move the day it is forwarded, on confirmation")
	fw := w.outbox(petrov, "forward")
	require.Len(t, fw, 1, "the move is forwarded once confirmed")

	// A second confirmation changes nothing.
	again := w.receive(letter{from: ivanov, to: reply, subject: "Re: confirm", day: 6, body: "да"})
	assert.True(t, again.Confirmation)
	assert.Len(t, w.game("1-2").Plies, 1)
}

// TestConfirm_DeclinedOrExpired: "нет" drops the held letter and tells the
// secretary; so does silence for hold_days. One answer a day goes to an
// address whose letters are not authenticated.
func TestConfirm_DeclinedOrExpired(t *testing.T) {
	w := newWorld(t, "two.toml")
	resign := letter{from: ivanov, subject: "ТЕСТ-2026 1-2", day: 2, body: "ТЕСТ-2026 1-2\nСдаюсь.\nИванов"}
	require.Equal(t, storage.Held, w.receive(resign).Disposition)
	second := resign
	second.body = firstMove
	require.Equal(t, storage.Held, w.receive(second).Disposition)
	req := w.outbox(ivanov, "confirm-request")
	require.Len(t, req, 1, "one answer a day to an unauthenticated address")
	reply, _ := w.replyTo(req[0])

	no := w.receive(letter{from: ivanov, to: reply, subject: "Re: confirm", day: 3, body: "Нет, я этого не писал!"})
	require.True(t, no.Confirmation)
	assert.Equal(t, "*", w.game("1-2").Result, "the forged resignation is never applied")
	require.Len(t, w.outbox(secr, "hold-dropped"), 1)

	ctx := context.Background()
	day := func(d int) {
		_, err := w.ref.Daily(ctx, w.state().Tournament.Start.AddDays(d-1).Time().Add(12*time.Hour))
		require.NoError(t, err)
	}
	day(3)
	assert.Len(t, w.outbox(ivanov, "confirm-request"), 2, "the second held letter is asked about the next day")
	day(9)
	assert.Len(t, w.outbox(secr, "hold-dropped"), 1, "still within hold_days")
	day(10)
	assert.Len(t, w.outbox(secr, "hold-dropped"), 2, "dropped after hold_days of silence")
	assert.Empty(t, w.game("1-2").Plies)
}

// TestTrust_StrangersGetNoAnswer: a letter from nobody of the tournament
// is kept for the queue and never answered (no backscatter).
func TestTrust_StrangersGetNoAnswer(t *testing.T) {
	w := newWorld(t, "two.toml")
	before := len(w.outbox("", ""))
	out := w.receive(letter{from: "someone@example.net", subject: "ТЕСТ-2026 1-2", day: 2, body: firstMove,
		above: []string{"Authentication-Results: " + authserv + "; dmarc=pass header.from=example.net"}})
	assert.Equal(t, storage.Ignored, out.Disposition)
	assert.Len(t, w.outbox("", ""), before)
}

// TestReceive_StoredOnceWithinAndAcrossGroups: a letter offered again, in
// the same group or in a later one, is stored and applied once, and its
// outcome then is the stored letter's; a letter the mail server gave a
// stored letter's UID is a new letter, applied, in the same group too.
func TestReceive_StoredOnceWithinAndAcrossGroups(t *testing.T) {
	w := newWorld(t, "two.toml")
	ctx := context.Background()
	first := w.raw(letter{from: ivanov, subject: "ТЕСТ-2026 1-2", day: 1, body: firstMove, above: []string{dmarcIvanov}})
	reply := w.raw(letter{from: petrov, subject: "ТЕСТ-2026 1-2", day: 4, body: firstReply,
		above: []string{"Authentication-Results: " + authserv + "; dmarc=pass header.from=example.org"}})
	in := func(uid uint32, raw []byte) referee.Letter {
		return decoded(w.ref, referee.Letter{Mailbox: "INBOX", UIDValidity: 1, UID: uid, Raw: raw})
	}
	before := len(w.outbox(petrov, "forward"))
	outs, err := w.ref.ReceiveAll(ctx, []referee.Letter{in(1, first), in(2, first), in(1, reply)})
	require.NoError(t, err)
	require.Len(t, outs, 3)
	assert.True(t, outs[0].Fresh)
	assert.Equal(t, storage.Processed, outs[0].Disposition, outs[0].Outcome.Reason)
	assert.Equal(t, referee.Outcome{Result: storage.Result{LetterID: outs[0].LetterID, Disposition: storage.Processed}, Auth: "dmarc"}, outs[1])
	assert.True(t, outs[2].Fresh, "UID 1 given to another letter")
	assert.Equal(t, storage.Processed, outs[2].Disposition, outs[2].Outcome.Reason)
	assert.Equal(t, before+1, len(w.outbox(petrov, "forward")), "the first move forwarded once")
	assert.Len(t, w.game("1-2").Plies, 2)

	again, err := w.ref.Receive(ctx, in(3, first))
	require.NoError(t, err)
	assert.Equal(t, outs[1], again)
	ls, err := w.db.Letters(ctx)
	require.NoError(t, err)
	assert.Len(t, ls, 2)
	assert.Len(t, w.game("1-2").Plies, 2)
}

// TestReceive_StoredBeforeNotFailedByItsReading: a letter stored before
// is answered from its row even when what its decision would read fails
// (its tournament's state no longer reads), a letter read as an
// oversized one alike; a fresh letter fails on it.
func TestReceive_StoredBeforeNotFailedByItsReading(t *testing.T) {
	for _, oversized := range []bool{false, true} {
		t.Run(fmt.Sprintf("oversized=%v", oversized), func(t *testing.T) {
			w := newWorld(t, "two.toml")
			ctx := context.Background()
			in := func(day int) referee.Letter {
				return decoded(w.ref, referee.Letter{Mailbox: "INBOX", UIDValidity: 1, UID: uint32(day),
					Raw: w.raw(letter{from: ivanov, subject: "ТЕСТ-2026 1-2", day: day, body: firstMove, above: []string{dmarcIvanov}})})
			}
			receive := func(l referee.Letter) error {
				if oversized {
					return w.ref.Oversized(ctx, l, 30<<20)
				}
				_, err := w.ref.Receive(ctx, l)
				return err
			}
			first := in(1)
			require.NoError(t, receive(first))
			was, err := w.db.Letters(ctx)
			require.NoError(t, err)

			w.side(`UPDATE tournaments SET state = '{'`)
			require.NoError(t, receive(first), "stored before")
			now, err := w.db.Letters(ctx)
			require.NoError(t, err)
			assert.Equal(t, was, now, "answered from its row")
			assert.ErrorContains(t, receive(in(2)), "state", "a fresh letter fails on what it reads")
		})
	}
}
