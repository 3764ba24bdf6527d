package adjudication

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication/diagram"
	"zaochnik/corr"
)

// TestDesk_LettersShowTheGameAsItStands: the desk reads what its letters
// show of a game before it writes them (scene), and each shows the game
// as the referee has it after White's 1.c3-d4: the judge's dossier of a
// claim (6.3.6), the end-of-play letter's diagram (6.5.2), the judge's
// adjudication letter when the analyses are due or both are in (6.5.2),
// the protests the organiser gets (6.1.12, 6.5.7), the secretary's record
// of a finished game (6.5.1); the record in the notation of 6.5.1, the
// final position drawn, the PDN naming both players.
func TestDesk_LettersShowTheGameAsItStands(t *testing.T) {
	s := startedFrom(t, "short.toml") // play ends on 1 April
	tm := s.Tournament
	d, s := letterTo(t, Desk{}, s, "ivanov@example.org", "2026-03-01", firstMove)
	g := *s.Games[0]
	v := tm.DraughtsVariant()
	record, final := corr.RecordText(g.Record(v)), diagram.PNG(g.Position(v))
	require.NotEmpty(t, record)
	ended, out := corr.Daily(s, tm.End)
	adjourned, endOfPlay := d.Follow(ended, 0, out)
	tests := []struct {
		name   string
		out    func(t *testing.T) corr.Outcome
		letter string // addressee:kind
		record bool   // the record written out
		final  bool   // the final position drawn
		pdn    bool   // the PDN attached
	}{
		{"6_3_6_Dossier", func(t *testing.T) corr.Outcome {
			_, _, out := deliver(d, s, "ivanov@example.org", "2026-03-10", "ТЕСТ-2026 1-2\nЗаявляю просрочку.")
			return out
		}, "judge@example.org:dossier", true, true, true},
		{"6_5_2_EndOfPlay", func(t *testing.T) corr.Outcome { return endOfPlay }, "ivanov@example.org:end-of-play", false, true, false},
		{"6_5_2_AnalysesDue", func(t *testing.T) corr.Outcome {
			_, out := adjourned.Daily(ended, on("2026-04-12"))
			return out
		}, "judge@example.org:adjudication", true, true, true},
		{"6_5_2_BothEvaluationsIn", func(t *testing.T) corr.Outcome {
			d, _, err := adjourned.Submit(ended, g, 1, ReadSubmission("оценка: ничья"), on("2026-04-03"))
			require.NoError(t, err)
			_, out, err := d.Submit(ended, g, 2, ReadSubmission("evaluation: draw"), on("2026-04-04"))
			require.NoError(t, err)
			return out
		}, "judge@example.org:adjudication", true, true, true},
		{"6_5_7_ProtestAgainstTheAdjudication", func(t *testing.T) corr.Outcome {
			d, _, err := adjourned.Submit(ended, g, 1, ReadSubmission("оценка: выигрыш белых\nанализ: 1...f6-g5"), on("2026-04-03"))
			require.NoError(t, err)
			d, _, err = d.Adjudicate(ended, g.Code, Draw, "", on("2026-04-20"))
			require.NoError(t, err)
			d, _, err = d.SetOrganiser(ended, corr.Person{Name: "Федерация", Email: "org@example.org"})
			require.NoError(t, err)
			_, out := d.Follow(ended, 1, corr.Outcome{Events: []corr.Event{{Game: g.Code, Date: on("2026-04-28"), Kind: "protest", Detail: "выигрыш очевиден"}}})
			return out
		}, "org@example.org:protest", true, true, true},
		{"6_1_12_ProtestAgainstARuling", func(t *testing.T) corr.Outcome {
			d, s, code := ruledClaim(t, "Просрочки нет.")
			d, _, err := d.SetOrganiser(s, corr.Person{Name: "Федерация", Email: "org@example.org"})
			require.NoError(t, err)
			played, _ := s.Game(code)
			require.Equal(t, g.Plies, played.Plies, "the same game")
			_, _, out := deliver(d, s, "ivanov@example.org", "2026-03-25", "ТЕСТ-2026 1-2\nПротест: не согласен с решением судьи.")
			return out
		}, "org@example.org:protest", true, false, false},
		{"6_5_1_Finished", func(t *testing.T) corr.Outcome {
			_, next, out := deliver(d, s, "petrov@example.org", "2026-03-05", "ТЕСТ-2026 1-2\nСдаюсь.")
			require.Equal(t, corr.Finished, next.Games[0].Status)
			return out
		}, "secretary@example.org:result", true, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got *corr.Outgoing
			for _, o := range tt.out(t).Out {
				if o.To+":"+o.Kind == tt.letter {
					got = &o
				}
			}
			require.NotNil(t, got, tt.letter)
			assert.Equal(t, tt.record, strings.Contains(got.Body, record), "the record in the body")
			files := map[string][]byte{}
			for _, f := range got.Files {
				files[f.ContentType] = f.Data
			}
			if tt.final {
				assert.Equal(t, final, files["image/png"], "the final position")
			}
			if tt.pdn {
				pdn := string(files["application/x-pdn; charset=utf-8"])
				assert.Contains(t, pdn, `[White "Иванов Иван"]`)
				assert.Contains(t, pdn, `[Black "Petrov Petr"]`)
			}
		})
	}
}

// TestJudgeAnswer_TheOnlyGameWaiting: the judge's answer that names no
// game is about the only game waiting for what it gives: an adjudication
// for the only unfinished game before him (6.5.5), settled in the
// referee's game; a ruling for the only claim waiting for one (6.3.7);
// an answer no game waits for is refused, the judge told what to write.
func TestJudgeAnswer_TheOnlyGameWaiting(t *testing.T) {
	adjourned, ended, unfinished := unfinishedGame(t)
	s, _ := started(t)
	d, s := letterTo(t, Desk{}, s, "ivanov@example.org", "2026-03-01", firstMove)
	claimed, s := letterTo(t, d, s, "ivanov@example.org", "2026-03-10", "ТЕСТ-2026 1-2\nЗаявляю просрочку.")
	// Two games before the judge: the return game too.
	twice, both := adjourned, ended
	back := *ended.Games[0]
	back.Code, back.White, back.Black = "ТЕСТ-2026 2-1", 2, 1
	both.Games = append(slices.Clone(ended.Games), &back)
	twice.Adjournments = append(slices.Clone(adjourned.Adjournments), Adjourned{Game: back.Code, WhitePlayer: 2, BlackPlayer: 1})
	tests := []struct {
		name   string
		d      Desk
		s      corr.State
		answer string
		game   string // the game the answer is about, "" when refused
		result string // the referee's game's result after it
	}{
		{"6_5_5_Adjudication", adjourned, ended, "присуждаю: 1/2-1/2", unfinished, "1/2-1/2"},
		{"6_3_7_Ruling", claimed, s, "Просрочка подтверждена.", s.Games[0].Code, "1-0"},
		{"6_5_5_NoGameBeforeTheJudge", claimed, s, "присуждаю: 1/2-1/2", "", "*"},
		{"6_3_7_NoClaimWaiting", adjourned, ended, "Просрочка подтверждена.", "", "*"},
		{"6_5_5_TwoGamesBeforeTheJudge", twice, both, "присуждаю: 1/2-1/2", "", "*"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ns, out, err := tt.d.JudgeAnswer(tt.s, "", ReadAnswer(tt.answer), on("2026-04-20"))
			require.NoError(t, err)
			assert.Equal(t, tt.game != "", out.Accepted, out.Reason)
			assert.Equal(t, tt.game, out.Game)
			assert.Equal(t, tt.result, ns.Games[0].Result)
		})
	}
}

// TestScene_SeesAGameFoundAlreadyWithoutLookingItUp: a route that holds
// its game found already (Submit's) gives it to the scene, which reads it
// as given and does not look it up by its code again; without one, or
// with another game than its code names, the game is looked up, and one
// the state lacks is not seen.
func TestScene_SeesAGameFoundAlreadyWithoutLookingItUp(t *testing.T) {
	_, s := letterTo(t, Desk{}, startedFrom(t, "short.toml"), "ivanov@example.org", "2026-03-01", firstMove)
	g := *s.Games[0] // White's 1.c3-d4 played
	code := g.Code
	without := s
	without.Games = nil // no game to look up by its code
	other := g
	other.Code, other.Plies = "9-9", nil // another game, held by the caller
	tests := []struct {
		name  string
		s     corr.State
		found *corr.Game
		seen  bool
	}{
		{"FoundAlready", without, &g, true},
		{"LookedUp", s, nil, true},
		{"AnotherGameFound", s, &other, true}, // the code names the game
		{"NotInTheState", without, nil, false},
		{"AnotherGameFoundNotInTheState", without, &other, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := sceneOf(tt.s)
			x, ok := sc.see(tt.s, code, tt.found, showRecord|showText)
			require.Equal(t, tt.seen, ok)
			if !tt.seen {
				assert.Empty(t, sc.games)
				return
			}
			assert.Equal(t, g, x.Game)
			assert.NotEmpty(t, x.record.Moves, "read as far as it shows")
			assert.Equal(t, corr.RecordText(g.Record(s.Tournament.DraughtsVariant())), x.text)
			assert.Equal(t, []seen{x}, sc.games)
		})
	}
}
