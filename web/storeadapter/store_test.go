package storeadapter

import (
	"context"
	"io"
	"mime"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"zaochnik/corr/letter"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/timecontrol"
	"zaochnik/web"
)

// root is the module root, for the shared testdata.
const root = "../.."

// receive stores and applies an .eml file as the mail shell would.
func receive(t *testing.T, db *storage.DB, path string) storage.Result {
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	m, err := mail.ReadMessage(strings.NewReader(string(raw)))
	require.NoError(t, err)
	from, err := mail.ParseAddress(m.Header.Get("From"))
	require.NoError(t, err)
	date, err := m.Header.Date()
	require.NoError(t, err)
	subject, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	require.NoError(t, err)
	body, err := io.ReadAll(m.Body)
	require.NoError(t, err)
	res, err := (&referee.Referee{DB: db}).ReceiveDecoded(context.Background(), storage.Received{
		Incoming: storage.Incoming{MessageID: m.Header.Get("Message-ID"), Raw: raw, Postmark: date, From: from.Address},
		Subject:  subject, Text: string(body), Auth: corr.Auth{Method: corr.AuthDMARC},
	})
	require.NoError(t, err, path)
	return res
}

// replay returns a store holding tournament file tour (of the replays)
// started, with the letters of folder dir received in order and the daily
// checks run for every day up to until.
func replay(t *testing.T, tour, dir string, until timecontrol.Date) Store {
	ctx := context.Background()
	db, err := storage.Open(filepath.Join(t.TempDir(), "z.db"))
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	src, err := os.ReadFile(filepath.Join(root, "testdata/replay", tour))
	require.NoError(t, err)
	tr, err := corr.ParseTournament(src)
	require.NoError(t, err)
	require.NoError(t, db.CreateTournament(ctx, tr, src))
	_, err = (&referee.Referee{DB: db}).Start(ctx, tr.Cipher, tr.Start, false)
	require.NoError(t, err)
	day := tr.Start
	daily := func(to timecontrol.Date) {
		for ; !day.After(to); day = day.AddDays(1) {
			_, err := (&referee.Referee{DB: db}).Checks(ctx, tr.Cipher, day)
			require.NoError(t, err)
		}
	}
	var files []string
	if dir != "" {
		files, err = filepath.Glob(filepath.Join(root, "testdata/replay", dir, "*.eml"))
		require.NoError(t, err)
		require.NotEmpty(t, files)
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		m, err := mail.ReadMessage(strings.NewReader(string(raw)))
		require.NoError(t, err)
		date, err := m.Header.Date()
		require.NoError(t, err)
		daily(timecontrol.DateOf(date.In(tr.Location())).AddDays(-1))
		receive(t, db, f)
	}
	daily(until)
	return Store{DB: db}
}

// newStartedStore returns a store holding the two-player tournament of the
// replays, started.
func newStartedStore(t *testing.T) Store {
	return replay(t, "two.toml", "", timecontrol.Date{})
}

// newStore returns a store holding the "overstep-letter" replay (a claim
// filed against Black) and a stranger's refused letter.
func newStore(t *testing.T) Store {
	s := replay(t, "two.toml", "overstep-letter", timecontrol.Date{})
	res := receive(t, s.DB, filepath.Join(root, "testdata/replay/strangers/01.eml"))
	require.Equal(t, storage.Ignored, res.Disposition, "a stranger is not answered (no backscatter)")
	return s
}

const game = "ТЕСТ-2026 1-2"

func TestStore_ReadsTheStore(t *testing.T) {
	s, ctx := newStore(t), context.Background()
	ciphers, err := s.Ciphers(ctx)
	require.NoError(t, err)
	assert.Equal(t, []string{"ТЕСТ-2026"}, ciphers)
	_, err = s.State(ctx, "NOPE")
	assert.ErrorIs(t, err, web.ErrNotFound)

	letters, err := s.GameLetters(ctx, game)
	require.NoError(t, err)
	var in, out int
	for _, l := range letters {
		if l.Out {
			out++
		} else {
			in++
			assert.NotContains(t, l.Text, "Message-ID:", "decoded, not the raw letter")
		}
	}
	assert.Positive(t, in)
	assert.Positive(t, out, "the server's letters about the game")
	for _, l := range letters {
		assert.Equal(t, time.UTC, l.Date.Location(), "no zone set: UTC")
	}
	msk, err := time.LoadLocation("Europe/Moscow")
	require.NoError(t, err)
	s.Location = msk
	local, err := s.GameLetters(ctx, game)
	require.NoError(t, err)
	for i, l := range local {
		assert.Equal(t, "MSK", l.Date.Format("MST"), "issue 16.16: the desk shows the tournament's time, as its ledger dates")
		assert.True(t, l.Date.Equal(letters[i].Date))
	}
	s.Location = nil
	_, err = s.GameLetters(ctx, "ТЕСТ-2026 7-8")
	assert.ErrorIs(t, err, web.ErrNotFound)

	queue, err := s.Queue(ctx)
	require.NoError(t, err)
	require.Len(t, queue, 1)
	assert.Equal(t, "someone@example.net", queue[0].From)
	assert.NotEmpty(t, queue[0].Reason)
	l, err := s.Letter(ctx, queue[0].ID)
	require.NoError(t, err)
	assert.Equal(t, queue[0].MessageID, l.MessageID)
	_, err = s.Letter(ctx, 999)
	assert.ErrorIs(t, err, web.ErrNotFound)

	st, r, err := s.StateWithRulings(ctx, "ТЕСТ-2026")
	require.NoError(t, err)
	assert.Equal(t, "ТЕСТ-2026", st.Tournament.Cipher)
	assert.Empty(t, r.Sanctions)
	s.RulingsFiles = map[string]string{"ТЕСТ-2026": filepath.Join(root, "adjudication/testdata/rulings.toml")}
	_, _, err = s.StateWithRulings(ctx, "ТЕСТ-2026")
	assert.NoError(t, err)
	_, _, err = s.StateWithRulings(ctx, "НЕТ-2026")
	assert.ErrorIs(t, err, web.ErrNotFound)
}

func TestStore_RuleThroughTheStore_6_3_7(t *testing.T) {
	s, ctx := newStore(t), context.Background()
	st, err := s.State(ctx, "ТЕСТ-2026")
	require.NoError(t, err)
	g, _ := st.Game(game)
	require.NotEmpty(t, g.Claims, "the replay files a claim")
	seq := g.Claims[len(g.Claims)-1].Seq
	assert.Equal(t, g.Claims[seq-1].Filed.AddDays(10), g.Claims[seq-1].Protest.Due, "the claim opened its protest window when it was filed (6.3.8)")
	day := timecontrol.MustDate("2026-05-20")
	out, err := s.Rule(ctx, game, seq, true, "", day)
	require.NoError(t, err)
	assert.NotEmpty(t, out.Out, "the ruling's letters")
	st, err = s.State(ctx, "ТЕСТ-2026")
	require.NoError(t, err)
	g, _ = st.Game(game)
	assert.Equal(t, corr.Finished, g.Status)
	_, err = s.Rule(ctx, game, seq+5, true, "", day)
	assert.ErrorIs(t, err, web.ErrNotFound)
}

func TestStore_PaperLetterAppliedOnce(t *testing.T) {
	s, ctx := newStore(t), context.Background()
	p := web.PaperLetter{Game: game, Player: 2, Posted: timecontrol.MustDate("2026-05-01"), Received: timecontrol.MustDate("2026-05-04"), Text: "ТЕСТ-2026 1-2\nпредлагаю ничью"}
	_, err := s.EnterPaper(ctx, p)
	require.NoError(t, err)
	_, err = s.EnterPaper(ctx, p)
	assert.ErrorContains(t, err, "entered before")
	p.Player = 9
	_, err = s.EnterPaper(ctx, p)
	assert.ErrorIs(t, err, web.ErrNotFound)
}

// decoded is what decode reads of a letter.
type decoded struct{ MessageID, Subject, Text string }

// decode is a plain MIME reader standing in for the mail shell's.
func decode(raw []byte) (decoded, error) {
	m, err := mail.ReadMessage(strings.NewReader(string(raw)))
	if err != nil {
		return decoded{}, err
	}
	subject, _ := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	body, err := io.ReadAll(m.Body)
	return decoded{MessageID: m.Header.Get("Message-ID"), Subject: subject, Text: string(body)}, err
}

func TestStore_AssignReappliesToTheChosenGame(t *testing.T) {
	s, ctx := newStore(t), context.Background()
	day := timecontrol.MustDate("2026-05-20")
	queue, err := s.Queue(ctx)
	require.NoError(t, err)
	require.Len(t, queue, 1)
	id := queue[0].ID
	out, err := s.Assign(ctx, id, game, day)
	require.NoError(t, err)
	assert.False(t, out.Accepted, "a stranger is still not a player of the game")
	assert.Contains(t, out.Reason.In(letter.Russian), "ТЕСТ-2026", "but the letter is now read as naming the tournament")
	orig, err := s.DB.Letter(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, storage.Assigned, orig.Disposition)
	assert.Contains(t, orig.Reason.In(letter.Russian), "секретарь применил его к партии "+game+" (письмо ")
	assert.Contains(t, orig.Reason.In(letter.English), "re-applied by the secretary to game "+game+" (letter ")
	_, err = s.Assign(ctx, id, game, day)
	assert.ErrorContains(t, err, "not applied twice")
	_, err = s.Assign(ctx, 999, game, day)
	assert.ErrorIs(t, err, web.ErrNotFound)
}

// TestStore_AssignPlacesALetterThatNamedAnotherTournament: White's first
// move names a cipher that is not the tournament's, so the referee refuses
// it; the secretary assigns it to the game and it is played, dated by its
// own postmark.
func TestStore_AssignPlacesALetterThatNamedAnotherTournament(t *testing.T) {
	s, ctx := newStartedStore(t), context.Background()
	raw := "From: ivanov@example.org\r\nSubject: ход\r\nMessage-ID: <wrong-cipher@example.org>\r\n\r\n" +
		"ДРУГОЙ-2026\r\nМой ход: 1.c3-d4\r\n01.03.2026 / 01.03.2026 / 01.03.2026\r\nВремя: 0/0\r\nИванов\r\n"
	d, err := decode([]byte(raw))
	require.NoError(t, err)
	postmark := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	res, err := (&referee.Referee{DB: s.DB}).ReceiveDecoded(ctx, storage.Received{Incoming: storage.Incoming{MessageID: d.MessageID, Raw: []byte(raw), Postmark: postmark, From: "ivanov@example.org"},
		Subject: d.Subject, Text: d.Text, Auth: corr.Auth{Method: corr.AuthDMARC}})
	require.NoError(t, err)
	require.Equal(t, storage.Refused, res.Disposition, res.Outcome.Reason)

	out, err := s.Assign(ctx, res.LetterID, game, timecontrol.MustDate("2026-03-05"))
	require.NoError(t, err)
	require.True(t, out.Accepted, out.Reason)
	assert.Equal(t, game, out.Game)
	st, err := s.State(ctx, "ТЕСТ-2026")
	require.NoError(t, err)
	g, _ := st.Game(game)
	require.Len(t, g.Plies, 1)
	assert.Equal(t, "c3-d4", g.Plies[0].Text)
	assert.Equal(t, "2026-03-01", g.Replies[0].Sent.String(), "dated by the letter, not by the secretary's action")
	queue, err := s.Queue(ctx)
	require.NoError(t, err)
	assert.Empty(t, queue, "the original left the queue")
}

func TestStore_AnswerIsQueuedToTheSender(t *testing.T) {
	s, ctx := newStore(t), context.Background()
	queue, err := s.Queue(ctx)
	require.NoError(t, err)
	require.Len(t, queue, 1)
	o, err := s.Answer(ctx, queue[0].ID, "Re: ход", "Укажите шифр турнира.")
	require.NoError(t, err)
	assert.Equal(t, "someone@example.net", o.To)
	all, err := s.DB.Outbox(ctx)
	require.NoError(t, err)
	last := all[len(all)-1]
	assert.Equal(t, []string{"someone@example.net", "secretary", "Re: ход", "Укажите шифр турнира.", queue[0].MessageID},
		[]string{last.To, last.Kind, last.Subject, last.Body, last.InReplyTo})
	_, err = s.Answer(ctx, 999, "s", "b")
	assert.ErrorIs(t, err, web.ErrNotFound)
}

// TestStore_Adjudication_6_5_5_OnTheStoresDesk: the end of play leaves the
// game unfinished on the judge's desk; the adjudication is recorded there,
// with its letters, and enters the rulings the crosstable reads.
func TestStore_Adjudication_6_5_5_OnTheStoresDesk(t *testing.T) {
	s, ctx := replay(t, "short.toml", "end-of-play", timecontrol.MustDate("2026-04-05")), context.Background()
	list, err := s.Adjournments(ctx, "ТЕСТ-2026")
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, game, list[0].Game)
	assert.Nil(t, list[0].Ruling)
	assert.Equal(t, "2026-04-01", list[0].EndOfPlay.String())

	ruling, err := list[0].Decide(adjudication.Draw, "")
	require.NoError(t, err)
	day := timecontrol.MustDate("2026-04-20")
	out, err := s.Adjudicate(ctx, game, ruling, day)
	require.NoError(t, err)
	var to []string
	for _, o := range out.Out {
		to = append(to, o.To)
	}
	assert.Contains(t, to, "secretary@example.org", "the secretary is always told")

	list, err = s.Adjournments(ctx, "ТЕСТ-2026")
	require.NoError(t, err)
	require.NotNil(t, list[0].Ruling)
	assert.Equal(t, adjudication.Draw, list[0].Ruling.Result)
	assert.Equal(t, day, list[0].Ruled)
	_, r, err := s.StateWithRulings(ctx, "ТЕСТ-2026")
	require.NoError(t, err)
	require.Len(t, r.Results, 1)
	assert.True(t, r.Results[0].Adjudicated)
	_, err = s.Adjudicate(ctx, game, ruling, day)
	assert.Error(t, err, "adjudicated once")
	_, err = s.Adjudicate(ctx, "ТЕСТ-2026 5-6", ruling, day)
	assert.ErrorIs(t, err, web.ErrNotFound)
}

// deskClient serves the desk over s and returns a judge's browser without
// JavaScript: get a page, send the form of a page to that page.
func deskClient(t *testing.T, s Store, now time.Time) (get func(path string) (int, string), send func(page string, form url.Values) (int, string)) {
	hash, err := bcrypt.GenerateFromPassword([]byte("pw"), bcrypt.MinCost)
	require.NoError(t, err)
	srv, err := web.New(web.Options{Tournaments: s, Letters: s, Secretary: s, Judge: s, Sessions: s,
		Accounts: []web.Account{{Name: "oleg", Role: web.RoleJudge, Hash: string(hash)}},
		Key:      make([]byte, 32), Now: func() time.Time { return now }, EngineNodes: 20000})
	require.NoError(t, err)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	c := &http.Client{Transport: ts.Client().Transport, Jar: jar}
	read := func(resp *http.Response, err error) (int, string) {
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, string(b)
	}
	get = func(path string) (int, string) { return read(c.Get(ts.URL + path)) }
	send = func(page string, form url.Values) (int, string) {
		_, body := get(page)
		token := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindStringSubmatch(body)
		require.NotNil(t, token, page)
		form.Set("csrf", token[1])
		return read(c.PostForm(ts.URL+page, form))
	}
	code, _ := send("/login", url.Values{"name": {"oleg"}, "password": {"pw"}})
	require.Equal(t, http.StatusOK, code, "logged in and sent to the home page")
	return get, send
}

var tour = "/t/" + url.PathEscape("ТЕСТ-2026")

// TestStore_DeskOverTheStore serves the desk over a real store: every page
// answers 200 and the judge's ruling goes through the store.
func TestStore_DeskOverTheStore(t *testing.T) {
	get, send := deskClient(t, newStore(t), time.Date(2026, 5, 20, 9, 0, 0, 0, time.UTC))
	for _, path := range []string{"/", tour, tour + "/g/1-2", tour + "/g/1-2/claim/1", tour + "/g/1-2/pdn", tour + "/pdn", tour + "/breaks",
		tour + "/sanctions", tour + "/adjudication", "/claims", "/queue", "/healthz"} {
		code, body := get(path)
		assert.Equal(t, http.StatusOK, code, "%s: %s", path, body)
	}
	code, body := send(tour+"/g/1-2/claim/1", url.Values{"decision": {"confirm"}})
	require.Equal(t, http.StatusOK, code, body)
	assert.Contains(t, body, "Просрочка подтверждена")
	assert.Contains(t, body, "petrov@example.org")
}

// TestStore_DeskAdjudicates_6_5_5: the end-of-play replay leaves game 1-2
// before the judge; the desk shows both sides and records the ruling in
// the store.
func TestStore_DeskAdjudicates_6_5_5(t *testing.T) {
	s := replay(t, "short.toml", "end-of-play", timecontrol.MustDate("2026-04-05"))
	get, send := deskClient(t, s, time.Date(2026, 4, 20, 9, 0, 0, 0, time.UTC))
	code, body := get(tour + "/g/1-2/adjudication")
	require.Equal(t, http.StatusOK, code, body)
	assert.Contains(t, body, `id="engine"`)
	assert.Contains(t, body, "оценка не прислана")
	code, body = send(tour+"/g/1-2/adjudication", url.Values{"result": {"1/2-1/2"}})
	require.Equal(t, http.StatusOK, code, body)
	assert.Contains(t, body, "присуждена: 1/2-1/2")
	assert.Contains(t, body, "secretary@example.org")
	list, err := s.Adjournments(context.Background(), "ТЕСТ-2026")
	require.NoError(t, err)
	require.NotNil(t, list[0].Ruling)
	_, page := get(tour)
	assert.Contains(t, page, "½", "the adjudicated draw is in the crosstable")
}

// A paper letter's posting postmark reaches the ledger (6.3.1): the reply
// counts to it, and the opponent starts on the arrival, when it is forwarded.
func TestStore_6_3_1_PaperPostingPostmarkReachesTheLedger(t *testing.T) {
	s, ctx := newStartedStore(t), context.Background()
	receive(t, s.DB, filepath.Join(root, "testdata/replay/clean/01.eml"))
	p := web.PaperLetter{Game: game, Player: 2, Posted: timecontrol.MustDate("2026-03-05"), Received: timecontrol.MustDate("2026-03-09"),
		Text: "ТЕСТ-2026 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n01.03.2026 / 02.03.2026 / 05.03.2026\nTime: 0/3"}
	out, err := s.EnterPaper(ctx, p)
	require.NoError(t, err)
	require.True(t, out.Accepted, out.Reason)
	st, err := s.DB.State(ctx, "ТЕСТ-2026")
	require.NoError(t, err)
	g, ok := st.Game(game)
	require.True(t, ok)
	require.Len(t, g.Replies, 3)
	assert.Equal(t, p.Posted, g.Replies[1].Sent)
	assert.Equal(t, p.Received, g.Replies[2].Received)
}

// Q15: the game's thread holds every letter stored with the game, the
// refused ones too, each with its decoded subject and text.
func TestStore_GameThreadHoldsRefusedLettersDecoded(t *testing.T) {
	s, ctx := replay(t, "two.toml", "impossible-none", timecontrol.Date{}), context.Background()
	letters, err := s.GameLetters(ctx, game)
	require.NoError(t, err)
	var in []web.Letter
	for _, l := range letters {
		if !l.Out {
			in = append(in, l)
		}
	}
	require.Len(t, in, 3, "the accepted letters and the refused one")
	refused := 0
	for _, l := range in {
		assert.NotEmpty(t, l.Subject, "letter %d", l.ID)
		assert.NotContains(t, l.Text, "Message-ID:", "decoded, not raw")
		if l.Disposition == string(storage.Refused) {
			refused++
			assert.NotEmpty(t, l.Reason)
			assert.Contains(t, l.Text, "b6-d4")
		}
	}
	assert.Equal(t, 1, refused)
}

// The judge's re-draw through the adapter (1.15.8): done in the store, a
// re-draw the rules refuse is a conflict the desk shows with its reason,
// an unknown tournament is not found.
func TestStore_Redraw_1_15_8(t *testing.T) {
	ctx := context.Background()
	db, err := storage.Open(filepath.Join(t.TempDir(), "z.db"))
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	src, err := os.ReadFile(filepath.Join(root, "testdata/tournaments/swiss.toml"))
	require.NoError(t, err)
	tr, err := corr.ParseTournament(src)
	require.NoError(t, err)
	require.NoError(t, db.CreateTournament(ctx, tr, src))
	_, err = (&referee.Referee{DB: db}).Start(ctx, tr.Cipher, tr.Start, false)
	require.NoError(t, err)
	s := Store{DB: db}

	out, err := s.Redraw(ctx, tr.Cipher, "ошибка в стартовом листе", tr.Start.AddDays(1))
	require.NoError(t, err)
	assert.Len(t, out.Cancelled, 4)
	_, err = s.Redraw(ctx, tr.Cipher, "", tr.Start.AddDays(1))
	assert.ErrorIs(t, err, web.ErrConflict)
	assert.Contains(t, err.Error(), "reason")
	_, err = s.Redraw(ctx, "НЕТ-2026", "причина", tr.Start.AddDays(1))
	assert.ErrorIs(t, err, web.ErrNotFound)
}
