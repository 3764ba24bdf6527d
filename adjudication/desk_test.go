package adjudication

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// unfinishedGame returns the short test tournament (end of play 1 April
// 2026) with game 1-2 unfinished, and the desk following the end of play.
func unfinishedGame(t *testing.T) (Desk, corr.State, string) {
	t.Helper()
	s := startedFrom(t, "short.toml")
	tm := s.Tournament
	s, out := corr.Daily(s, tm.End)
	d, out := Desk{}.Follow(s, 0, out)
	require.Len(t, d.Adjournments, 1)
	for _, o := range out.Out {
		if o.Kind == "end-of-play" && o.To != tm.Judge.Email {
			assert.Contains(t, o.Body, "11.04.2026", "the players are asked for the analysis by the end of play + 10 days")
			require.Len(t, o.Files, 1, "the final position as a diagram")
		}
	}
	return d, s, s.Games[0].Code
}

// on is a date of play written as 2026-04-03.
func on(s string) timecontrol.Date {
	d, err := timecontrol.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

func TestDesk_6_5_4_Adjudication(t *testing.T) {
	tests := []struct {
		name         string
		white, black string // the letters, "" for none
		result       Result
		reason       string
		err          string
		agreed       bool
		tell         []Side
		mayProtest   []Side
	}{
		{name: "matching evaluations fixed", white: "оценка: ничья\nанализ: 1.c3-d4 равно", black: "evaluation: draw", result: Draw, agreed: true, mayProtest: []Side{White}},
		{name: "matching overridden needs a reason", white: "оценка: ничья", black: "evaluation: draw", result: WhiteWins, err: "sharply contradicts"},
		{name: "matching overridden with a reason", white: "оценка: ничья", black: "оценка: ничья", result: WhiteWins, reason: "белые проводят шашку в дамки", tell: []Side{White, Black}},
		{name: "differing: the other is told", white: "оценка: выигрыш белых\nанализ: 1.c3-d4 f6-g5", black: "evaluation: draw\nanalysis: 1.c3-d4 f6-g5 2.g3-f4", result: WhiteWins, tell: []Side{Black}, mayProtest: []Side{White, Black}},
		{name: "silent player is told, may not protest", white: "оценка: выигрыш белых", result: BlackWins, tell: []Side{White, Black}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, s, code := unfinishedGame(t)
			var err error
			if tt.white != "" {
				d, _, err = d.Submit(s, *s.Games[0], s.Games[0].White, ReadSubmission(tt.white), on("2026-04-03"))
				require.NoError(t, err)
			}
			if tt.black != "" {
				var out corr.Outcome
				d, out, err = d.Submit(s, *s.Games[0], s.Games[0].Black, ReadSubmission(tt.black), on("2026-04-04"))
				require.NoError(t, err)
				if tt.white != "" {
					assert.Equal(t, "adjudication", out.Out[len(out.Out)-1].Kind, "both in: the judge's letter goes at once")
				}
			}
			d2, out, err := d.Adjudicate(s, code, tt.result, tt.reason, on("2026-04-20"))
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			a := d2.Adjournments[0]
			assert.Equal(t, tt.agreed, a.Ruling.Agreed)
			assert.Equal(t, tt.tell, a.Ruling.Tell)
			assert.Equal(t, tt.mayProtest, a.Ruling.MayProtest)
			assert.Len(t, out.Out, len(tt.tell)+1, "the players told and the secretary")
			assert.Equal(t, tt.result, d2.Rulings().Results[0].Result)
			assert.Empty(t, d.Rulings().Results, "the desk given is not changed")
		})
	}
}

func TestDesk_6_5_2_AnalysesDueThenRulingOverdue(t *testing.T) {
	d, s, _ := unfinishedGame(t)
	d, out := d.Daily(s, on("2026-04-11"))
	assert.Empty(t, out.Out, "the 10th day is still the players'")
	d, out = d.Daily(s, on("2026-04-12"))
	require.Len(t, out.Out, 1)
	assert.Equal(t, "adjudication", out.Out[0].Kind)
	assert.Contains(t, out.Out[0].Body, "оценки и анализа нет")
	assert.Len(t, out.Out[0].Files, 2, "diagram and PDN")
	_, out = d.Daily(s, on("2026-05-11"))
	assert.Empty(t, out.Out, "the month runs to 11 May inclusive (6.5.5)")
	d, out = d.Daily(s, on("2026-05-12"))
	assert.Len(t, out.Out, 2, "judge and secretary reminded")
	_, out = d.Daily(s, on("2026-05-13"))
	assert.Empty(t, out.Out, "reminded once")
	var kinds []string
	for _, dl := range d.Adjournments[0].Deadlines() {
		kinds = append(kinds, dl.Kind)
	}
	assert.Equal(t, []string{"analysis", "ruling"}, kinds)
}

func TestDesk_6_5_7_OrganiserDecision(t *testing.T) {
	d, s, code := unfinishedGame(t)
	d, _, err := d.Submit(s, *s.Games[0], s.Games[0].White, ReadSubmission("оценка: выигрыш белых\nанализ: 1.c3-d4 f6-g5"), on("2026-04-03"))
	require.NoError(t, err)
	_, _, err = d.OrganiserDecision(s, code, Draw, "", on("2026-04-25"))
	assert.ErrorContains(t, err, "not adjudicated yet")
	d, _, err = d.Adjudicate(s, code, Draw, "", on("2026-04-20"))
	require.NoError(t, err)
	_, _, err = d.OrganiserDecision(s, code, WhiteWins, "", on("2026-04-25"))
	assert.ErrorContains(t, err, "nobody protested")
	g, _ := s.Game(code)
	_, _, err = d.SetOrganiser(s, corr.Person{Name: "Федерация", Email: "not an address"})
	assert.ErrorContains(t, err, "not an e-mail address")
	d, _, err = d.SetOrganiser(s, corr.Person{Name: "Федерация", Email: "org@example.org"})
	require.NoError(t, err)
	out := corr.Outcome{Events: []corr.Event{{Game: code, Date: on("2026-04-28"), Kind: "protest", Detail: "выигрыш очевиден"}}}
	d, out = d.Follow(s, g.White, out)
	require.Len(t, d.Adjournments[0].Protests, 1, "White sent an analysis in time and protests within 10 days (6.5.6)")
	to := map[string]corr.Outgoing{}
	for _, o := range out.Out {
		to[o.To] = o
	}
	require.Contains(t, to, "org@example.org", "the protest goes to the organiser (6.5.7)")
	assert.Contains(t, to["org@example.org"].Body, "выигрыш очевиден")
	assert.Len(t, to["org@example.org"].Files, 2, "diagram and PDN")
	assert.Contains(t, to[s.Tournament.Secretary.Email].Body, "org@example.org")
	assert.Contains(t, to["ivanov@example.org"].Body, "передан организации")
	d, out, err = d.OrganiserDecision(s, code, WhiteWins, "анализ белых верен", on("2026-05-05"))
	require.NoError(t, err)
	assert.Len(t, out.Out, 4, "both players, the judge and the secretary")
	assert.Equal(t, WhiteWins, d.Adjournments[0].Result())
}

func TestDesk_6_5_3_WithdrawalAndSanction(t *testing.T) {
	d, s, _ := unfinishedGame(t)
	d, out, err := d.Withdraw(s, 2, WithdrawnAnnulled, on("2026-04-05"))
	require.NoError(t, err)
	require.Len(t, out.Out, 1)
	d, _, err = d.Withdraw(s, 2, WithdrawnAdjudicate, on("2026-04-06"))
	require.NoError(t, err)
	assert.Equal(t, []WithdrawalRuling{{Player: 2, Ruling: WithdrawnAdjudicate}}, d.Withdrawals, "a later ruling replaces the earlier")
	_, _, err = d.Withdraw(s, 9, WithdrawnAnnulled, on("2026-04-06"))
	assert.ErrorContains(t, err, "no player 9")
	d, out, err = d.Sanction(s, Sanction{Player: 1, Kind: Remark, Clauses: []string{"6.2.6"}, Reason: "комментарии в письмах", Date: on("2026-04-06"), By: Judge})
	require.NoError(t, err)
	require.Len(t, out.Out, 2, "the player and the secretary")
	assert.Contains(t, out.Out[0].Body, "6.2.6")
	_, _, err = d.Sanction(s, Sanction{Player: 1, Kind: Remark, Date: on("2026-04-06"), By: Judge})
	assert.Error(t, err, "a sanction names the clauses broken (6.1.10)")
	ps, _, err := d.Table(s)
	require.NoError(t, err)
	assert.Equal(t, WithdrawnAdjudicate, ps[1].Withdrawal)
}

func TestDesk_6_5_2_SubmissionRecorded(t *testing.T) {
	d, s, code := unfinishedGame(t)
	g, _ := s.Game(code)
	d, out, err := d.Submit(s, g, g.White, ReadSubmission("Оценка: выигрыш белых\nАнализ:\n2...gh4 3.ef4 — лишняя шашка.\nИванов"), on("2026-04-03"))
	require.NoError(t, err)
	a := d.Adjournments[0]
	assert.Equal(t, "2...gh4 3.ef4 — лишняя шашка.", a.Analysis[0], "the signature is not part of the analysis")
	assert.True(t, a.InTime(White))
	assert.Equal(t, "confirmation", out.Out[0].Kind)
	d, out, err = d.Submit(s, g, g.Black, ReadSubmission("I think it is fine"), on("2026-04-13"))
	require.NoError(t, err)
	assert.False(t, out.Accepted, "no evaluation: the player is told what to write")
	assert.Equal(t, "refusal", out.Out[0].Kind)
	d, out, err = d.Submit(s, g, g.Black, ReadSubmission("evaluation: draw\nanalysis: 2...gh4 3.ef4 hg3"), on("2026-04-13"))
	require.NoError(t, err)
	assert.Contains(t, out.Out[0].Body, "after the last day", "late: no right to protest (6.5.6)")
	assert.False(t, d.Adjournments[0].InTime(Black))
}

func TestDesk_6_5_3_PerGameChoiceForAWithdrawnPlayer(t *testing.T) {
	d, s, code := unfinishedGame(t)
	_, _, err := d.Forfeit(s, code, WhiteWinsWithoutPlay, on("2026-04-05"))
	assert.ErrorContains(t, err, "neither player", "a forfeit needs the withdrawal ruling first")
	d, _, err = d.Withdraw(s, 2, WithdrawnPending, on("2026-04-05"))
	require.NoError(t, err)
	_, _, err = d.Forfeit(s, code, WhiteWins, on("2026-04-05"))
	assert.ErrorContains(t, err, "without play")
	d2, out, err := d.Forfeit(s, code, WhiteWinsWithoutPlay, on("2026-04-05"))
	require.NoError(t, err)
	assert.Len(t, out.Out, 3, "both players and the secretary")
	_, gs, err := d2.Table(s)
	require.NoError(t, err)
	assert.Equal(t, WhiteWinsWithoutPlay, gs[0].Result)
	// Or the judge adjudicates the same game instead.
	d3, _, err := d.Adjudicate(s, code, Draw, "", on("2026-04-05"))
	require.NoError(t, err)
	_, gs, err = d3.Table(s)
	require.NoError(t, err)
	assert.Equal(t, Draw, gs[0].Result)
}

func TestDesk_6_5_4_EngineViewIsTheSameEveryTime(t *testing.T) {
	d, s, code := unfinishedGame(t)
	sc := sceneOf(s)
	g, _ := sc.see(s, code, nil, showRecord|showText)
	a := d.Adjournments[0]
	first, second := adjudicationLetter(sc, g, a), adjudicationLetter(sc, g, a)
	assert.Equal(t, first.Body, second.Body, "a node budget, not a time limit")
	assert.Contains(t, first.Body, "Мнение программы")
}

// 6.5.5: a game before the judge awaits his adjudication while it is not
// ruled and still unfinished; the desk's deadlines, the letters it reads as
// evaluations and the game it takes the judge's verdict for agree on it.
func TestAdjourned_6_5_5_AwaitsTheJudge(t *testing.T) {
	ruled := on("2026-04-05")
	for _, c := range []struct {
		ruled  timecontrol.Date
		status corr.Status
		awaits bool
	}{
		{timecontrol.Date{}, corr.Unfinished, true},
		{ruled, corr.Unfinished, false},
		{timecontrol.Date{}, corr.Finished, false},
		{timecontrol.Date{}, corr.Playing, false},
		{ruled, corr.Finished, false},
	} {
		a := Adjourned{Ruled: c.ruled}
		assert.Equal(t, c.awaits, a.awaits(corr.Game{Status: c.status}), "ruled %s, %s", c.ruled, c.status)
	}
}
