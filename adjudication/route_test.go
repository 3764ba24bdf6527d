package adjudication

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
)

// TestWayOf: a letter's route is chosen from the letter and its case
// before anything is decided, by who wrote it, how he is vouched for and
// what he answers.
func TestWayOf(t *testing.T) {
	s, desk := started(t)
	dmarc := corr.Auth{Method: corr.AuthDMARC}
	game := Case{Cipher: s.Tournament.Cipher, State: s, Desk: desk, HoldDays: 7}
	answer := func(waiting bool) Case {
		return Case{Confirms: &Confirmation{Waiting: waiting, State: s}}
	}
	move := firstMove
	tests := []struct {
		name string
		c    Case
		from string
		auth corr.Auth
		text string
		want route
	}{
		{"AnswerToNoWaitingLetter", answer(false), "ivanov@example.org", dmarc, "нет", viaStale},
		{"AnswerDeclines", answer(true), "ivanov@example.org", dmarc, "нет, не отправлял", viaDrop},
		{"AnswerConfirms", answer(true), "ivanov@example.org", dmarc, "да", viaConfirm},
		{"NoSender", game, "", dmarc, move, viaIgnore},
		{"NoTournament", Case{}, "ivanov@example.org", dmarc, move, viaIgnore},
		{"6_2_3_Stranger", game, "stranger@example.org", dmarc, move, viaIgnore},
		{"6_1_12_OrganiserBySPF", game, "organiser@example.org", corr.Auth{Method: corr.AuthSPF}, "протест отклонён", viaIgnore},
		{"Unauthenticated", game, "ivanov@example.org", corr.Auth{Method: corr.AuthNone}, move, viaHold},
		{"6_3_7_Judge", game, "JUDGE@example.org", dmarc, "нарушение подтверждено", viaJudge},
		{"6_1_12_OrganiserByDKIM", game, "organiser@example.org", corr.Auth{Method: corr.AuthDKIM}, "протест отклонён", viaOrganiser},
		{"6_2_6_PlayersMove", game, "petrov@example.org", dmarc, move, viaReferee},
		{"SecretaryByTheDesk", game, "secretary@example.org", corr.Auth{Method: corr.AuthDesk}, move, viaReferee},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := wayOf(tt.c, Letter{From: tt.from, Subject: "ТЕСТ-2026 1-2", Text: tt.text, Auth: tt.auth, Postmark: on("2026-03-01")})
			assert.Equal(t, tt.want, w.route)
		})
	}
}

// TestWayOf_6_5_2_Evaluation: a player's letter about a game awaiting
// adjudication goes to the desk when it gives an evaluation, or is neither
// a move, a resignation, a draw nor a protest; a move goes to the referee,
// which refuses it (play is over).
func TestWayOf_6_5_2_Evaluation(t *testing.T) {
	d, s, code := unfinishedGame(t)
	c := Case{Cipher: s.Tournament.Cipher, State: s, Desk: d}
	white, _ := s.Tournament.Player(s.Games[0].White)
	for text, want := range map[string]route{
		"оценка: ничья\nанализ: 1.c3-d4 равно": viaEvaluation,
		"Добрый день!":                         viaEvaluation,
		"Мой ход: 1.c3-d4":                     viaReferee,
	} {
		w := wayOf(c, Letter{From: white.Email, Text: text, Thread: code, Auth: corr.Auth{Method: corr.AuthDMARC}, Postmark: on("2026-04-03")})
		assert.Equal(t, want, w.route, text)
		if want == viaEvaluation {
			assert.Equal(t, code, w.awaited.Code)
		}
	}
}

// TestWayOf_TheDeskReadsOnce: the way of a desk route carries the letter
// as the desk read it before the referee looked (the judge's or the
// organiser's answer, a player's evaluation, 6.3.7, 6.1.12, 6.5.2) and its
// postmark, so that the route takes values and never the letter again.
func TestWayOf_TheDeskReadsOnce(t *testing.T) {
	s, desk := started(t)
	game := Case{Cipher: s.Tournament.Cipher, State: s, Desk: desk}
	d, us, code := unfinishedGame(t)
	adjourned := Case{Cipher: us.Tournament.Cipher, State: us, Desk: d}
	white, _ := us.Tournament.Player(us.Games[0].White)
	dmarc := corr.Auth{Method: corr.AuthDMARC}
	tests := []struct {
		name       string
		c          Case
		from, text string
		want       route
		verdict    Verdict    // the answer read, viaJudge and viaOrganiser
		evaluation Evaluation // the evaluation read, viaEvaluation
		unread     bool       // the reading failed: the route answers what to write
	}{
		{"6_3_7_JudgeConfirms", game, "JUDGE@example.org", "Просрочка подтверждена.", viaJudge, OverstepConfirmed, NoEvaluation, false},
		{"6_3_7_JudgeUnread", game, "judge@example.org", "нарушение подтверждено", viaJudge, NoVerdict, NoEvaluation, true},
		{"6_1_12_OrganiserRejects", game, "organiser@example.org", "протест отклонён", viaOrganiser, ProtestRejected, NoEvaluation, false},
		{"6_5_2_Evaluation", adjourned, white.Email, "оценка: ничья", viaEvaluation, NoVerdict, DrawnPosition, false},
		{"6_5_2_NoEvaluation", adjourned, white.Email, "Добрый день!", viaEvaluation, NoVerdict, NoEvaluation, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := wayOf(tt.c, Letter{From: tt.from, Text: tt.text, Thread: code, Auth: dmarc, Postmark: on("2026-04-03")})
			assert.Equal(t, tt.want, w.route)
			assert.Equal(t, on("2026-04-03"), w.day)
			if tt.want == viaEvaluation {
				assert.Equal(t, tt.evaluation, w.submitted.Submission.Evaluation)
				assert.Equal(t, tt.unread, w.submitted.Err != nil)
				return
			}
			assert.Equal(t, tt.verdict, w.answer.Reply.Verdict)
			assert.Equal(t, tt.unread, w.answer.Err != nil)
		})
	}
}

// TestFactsOf_6_5_2_OnlyTheSendersGames: the desk reads a letter as an
// evaluation only when a game of its sender waits for one; another
// player's letter, or an official's, in the same tournament is not read
// so (it is a move, a protest, an answer: the referee's or the judge's).
func TestFactsOf_6_5_2_OnlyTheSendersGames(t *testing.T) {
	d, s, code := unfinishedGame(t)
	g, _ := s.Game(code)
	// A third player, with no game before the judge.
	s.Tournament.Players = append(slices.Clone(s.Tournament.Players), corr.Player{Number: 3, Name: "Сидоров", Email: "sidorov@example.org"})
	senders := []corr.Player{{Number: 0, Email: s.Tournament.Judge.Email}}
	senders = append(senders, s.Tournament.Players...)
	for _, p := range senders {
		f := d.factsOf(s, Letter{From: p.Email, Text: "оценка: ничья"})
		_, plays := g.SideOf(p.Number)
		assert.Equal(t, plays, f.evaluates, "player %d", p.Number)
		assert.Equal(t, plays, len(f.awaiting) == 1, "player %d", p.Number)
	}
}

// TestFactsOf_6_5_2_RuledGamesNotLookedUp: a game of the sender already
// ruled awaits no evaluation, and the desk does not look it up in the
// state for every letter of his: here the state's games end in one no
// lookup can read (nil), which only a lookup of a game other than the
// first reaches, and the ruled game is not in the state at all.
func TestFactsOf_6_5_2_RuledGamesNotLookedUp(t *testing.T) {
	d, s, code := unfinishedGame(t)
	a := d.Adjournments[0]
	ruled := Adjourned{Game: "ТЕСТ 9-9", WhitePlayer: a.WhitePlayer, BlackPlayer: a.BlackPlayer, Ruled: on("2026-04-20")}
	d.Adjournments = append(slices.Clone(d.Adjournments), ruled)
	require.Equal(t, code, s.Games[0].Code)
	s.Games = append(slices.Clone(s.Games[:1]), nil)
	p, _ := s.Tournament.Player(a.WhitePlayer)
	f := d.factsOf(s, Letter{From: p.Email, Text: "оценка: ничья"})
	require.Len(t, f.awaiting, 1)
	assert.Equal(t, code, f.awaiting[0].Code)
	assert.True(t, f.evaluates)
}
