package adjudication

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/corr/letter"
)

// firstMove is White's opening letter in game 1-2 of the test tournaments,
// 1.c3-d4 posted on 1 March.
const firstMove = "ТЕСТ-2026 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0"

// startedFrom returns the test tournament of testdata/replay/file, started.
func startedFrom(t *testing.T, file string) corr.State {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "replay", file))
	require.NoError(t, err)
	tm, err := corr.ParseTournament(src)
	require.NoError(t, err)
	s, _, err := corr.Start(corr.State{Tournament: tm}, tm.Start)
	require.NoError(t, err)
	return s
}

// started returns the two-player test tournament, started, and its desk
// naming an organiser.
func started(t *testing.T) (corr.State, Desk) {
	t.Helper()
	return startedFrom(t, "two.toml"), Desk{Organiser: corr.Person{Name: "Орлов Пётр", Email: "organiser@example.org"}}
}

// TestDecide: what becomes of a letter, decided from what the store read
// of it alone: who may be answered (6.2.3, 6.1.12), whom to trust, what is
// held and asked, what the referee applies, and a held letter's sender's
// answer.
func TestDecide(t *testing.T) {
	s, desk := started(t)
	move := firstMove
	dmarc := corr.Auth{Method: corr.AuthDMARC}
	game := Case{Cipher: s.Tournament.Cipher, State: s, Desk: desk, HoldDays: 7}
	noGame := Case{HoldDays: 7}
	mail := func(from string, auth corr.Auth) Letter {
		return Letter{From: from, Subject: "ТЕСТ-2026 1-2", Text: move, MessageID: "m@example.org", Auth: auth, Postmark: on("2026-03-01")}
	}
	answer := func(waiting bool) Case {
		held := mail("ivanov@example.org", corr.Auth{Method: corr.AuthConfirmed})
		held.Forwarded = on("2026-03-02")
		return Case{Confirms: &Confirmation{Waiting: waiting, State: s, Day: on("2026-03-02"), Letter: held, Case: game,
			Held: corr.Held{From: "ivanov@example.org", Arrived: on("2026-03-01"), Subject: held.Subject, Text: move, HoldDays: 7}}}
	}
	reply := func(text string) Letter {
		return Letter{From: "ivanov@example.org", Text: text, Auth: corr.Auth{Method: corr.AuthKey}}
	}
	tests := []struct {
		name   string
		c      Case
		l      Letter
		fate   Fate
		reason letter.Reason
		asked  string // Hold: who is asked to confirm; Apply: "accepted" when the referee accepts it
	}{
		{"NoSenderAnsweredToNobody", noGame, mail("", dmarc), Ignore, letter.Because(letter.ReasonNoSender), ""},
		{"NoTournamentNotAnswered", noGame, mail("x@example.org", dmarc), Ignore, letter.Because(letter.ReasonNoTournament), ""},
		{"6_2_3_StrangerNotAnswered", game, mail("stranger@example.org", dmarc), Ignore, letter.Because(letter.ReasonStranger, "stranger@example.org", "ТЕСТ-2026"), ""},
		{"6_1_12_OrganiserBySPFNotApplied", game, mail("organiser@example.org", corr.Auth{Method: corr.AuthSPF}), Ignore, letter.Because(letter.ReasonOrganiser, "organiser@example.org", "ТЕСТ-2026"), ""},
		{"6_1_12_OrganiserByDKIMDecided", game, mail("organiser@example.org", corr.Auth{Method: corr.AuthDKIM}), Apply, letter.Reason{}, ""},
		{"UnauthenticatedHeld", game, mail("IVANOV@example.org", corr.Auth{Method: corr.AuthNone, Detail: "no DMARC"}), Hold, letter.Because(letter.ReasonNotVouched, "no DMARC"), "ivanov@example.org"},
		{"JudgeBySPFHeld", game, mail("judge@example.org", corr.Auth{Method: corr.AuthSPF}), Hold, letter.Because(letter.ReasonSPFOfficial), "judge@example.org"},
		{"KeyOfAnotherTournamentHeld", game, mail("ivanov@example.org", corr.Auth{Method: corr.AuthKey, Cipher: "ДРУГОЙ"}), Hold, letter.Because(letter.ReasonKeyTournament, "ДРУГОЙ"), "ivanov@example.org"},
		{"6_2_6_MoveApplied", game, mail("ivanov@example.org", dmarc), Apply, letter.Reason{}, "accepted"},
		{"AnswerToNoWaitingLetter", answer(false), reply("да"), Stale, letter.Reason{}, ""},
		{"AnswerDeclines", answer(true), reply("нет, не отправлял"), Drop, letter.Because(letter.ReasonDeclined), ""},
		{"AnswerConfirms", answer(true), reply("да"), Confirm, letter.Reason{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Decide(tt.c, tt.l)
			require.NoError(t, err)
			assert.Equal(t, tt.fate, d.Fate)
			assert.Equal(t, tt.reason, d.Reason)
			if tt.l.From != "" && tt.c.Confirms == nil {
				assert.Equal(t, tt.c.Cipher, d.Cipher, "filed under the letter's tournament")
			} else {
				assert.Empty(t, d.Cipher, "filed under no tournament")
			}
			switch d.Fate {
			case Hold:
				assert.Equal(t, tt.asked, d.Person)
				assert.Equal(t, tt.asked, d.Ask.To, "the request goes to the registered address, never another")
				assert.Equal(t, "confirm-request", d.Ask.Kind)
			case Apply:
				assert.Equal(t, tt.asked == "accepted", d.Outcome.Accepted, d.Outcome.Reason)
			case Drop:
				require.Len(t, d.Outcome.Out, 1)
				assert.Equal(t, "secretary@example.org", d.Outcome.Out[0].To, "the secretary is told")
			case Confirm:
				require.NotNil(t, d.Then)
				assert.Equal(t, Apply, d.Then.Fate, "the held letter is applied")
				assert.True(t, d.Then.Outcome.Accepted, d.Then.Outcome.Reason)
			}
		})
	}
}
