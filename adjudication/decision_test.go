package adjudication

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

func sub(e Evaluation, analysis bool, received string) Submission {
	s := Submission{Evaluation: e, Analysis: analysis}
	if received != "" {
		s.Received = day(received)
	}
	return s
}

// TestAdjudication_6_5_2_AnalysisWithinTenDays: the analyses are due 10
// days after the end of play, that day included.
func TestAdjudication_6_5_2_AnalysisWithinTenDays(t *testing.T) {
	a := Adjournment{EndOfPlay: day("2027-02-25"), White: sub(WinForWhite, true, "2027-03-07"), Black: sub(DrawnPosition, true, "2027-03-08")}
	assert.Equal(t, day("2027-03-07"), a.AnalysisDue())
	assert.True(t, a.InTime(White))
	assert.False(t, a.InTime(Black), "a day late")
	a.White.Analysis = false
	assert.False(t, a.InTime(White), "an evaluation without analysis")
}

func TestAdjudication_6_5_4_MatchingEvaluationsFixed(t *testing.T) {
	end := day("2027-03-01")
	tests := []struct {
		name       string
		w, b       Submission
		judge      Result
		reason     string
		agreed     bool
		overridden bool
		err        string
	}{
		{"both say draw, judge agrees", sub(DrawnPosition, true, "2027-03-05"), sub(DrawnPosition, false, "2027-03-06"), Draw, "", true, false, ""},
		{"both say draw, judge overrides with reason", sub(DrawnPosition, true, "2027-03-05"), sub(DrawnPosition, true, "2027-03-06"), WhiteWins, "белые выигрывают: 1.ef4 ...", false, true, ""},
		{"both say draw, override without reason", sub(DrawnPosition, true, "2027-03-05"), sub(DrawnPosition, true, "2027-03-06"), WhiteWins, " ", false, false, "sharply contradicts the position (6.5.4)"},
		{"different evaluations: the judge decides", sub(WinForWhite, true, "2027-03-05"), sub(DrawnPosition, true, "2027-03-06"), Draw, "", false, false, ""},
		{"one evaluation only is no agreement", sub(WinForWhite, true, "2027-03-05"), sub(NoEvaluation, false, ""), BlackWins, "", false, false, ""},
		{"not a result", sub(DrawnPosition, true, ""), sub(DrawnPosition, true, ""), WhiteWinsWithoutPlay, "", false, false, "not +/- (6.5.5)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Adjournment{EndOfPlay: end, White: tt.w, Black: tt.b}.Decide(tt.judge, tt.reason)
			if tt.err != "" {
				assert.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.judge, r.Result)
			assert.Equal(t, tt.agreed, r.Agreed)
			assert.Equal(t, tt.overridden, r.Overridden)
		})
	}
}

// TestAdjudication_6_5_5_TellWhoseEvaluationDiffers and who may protest (6.5.6).
func TestAdjudication_6_5_5_TellWhoseEvaluationDiffers(t *testing.T) {
	end := day("2027-03-01")
	tests := []struct {
		name    string
		w, b    Submission
		result  Result
		tell    []Side
		protest []Side
	}{
		{"agreed draw: nobody told", sub(DrawnPosition, true, "2027-03-02"), sub(DrawnPosition, true, "2027-03-03"), Draw, nil, []Side{White, Black}},
		{"white claimed a win, got a draw", sub(WinForWhite, true, "2027-03-02"), sub(DrawnPosition, true, "2027-03-03"), Draw, []Side{White}, []Side{White, Black}},
		{"silent black is told, may not protest", sub(WinForWhite, true, "2027-03-02"), sub(NoEvaluation, false, ""), WhiteWins, []Side{Black}, []Side{White}},
		{"late analysis: no protest (6.5.6)", sub(WinForBlack, true, "2027-03-12"), sub(WinForBlack, true, "2027-03-11"), Draw, []Side{White, Black}, []Side{Black}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Adjournment{EndOfPlay: end, White: tt.w, Black: tt.b}.Decide(tt.result, "по анализу")
			require.NoError(t, err)
			assert.Equal(t, tt.tell, r.Tell, "told")
			assert.Equal(t, tt.protest, r.MayProtest, "may protest")
		})
	}
}

// TestAdjudication_6_5_5_RulingWithinAMonth: a month from the later
// analysis, or from the analysis deadline if one is missing or late; a
// month ending on a day the month lacks ends on its last day.
func TestAdjudication_6_5_5_RulingWithinAMonth(t *testing.T) {
	tests := []struct {
		name string
		end  string
		w, b Submission
		want string
	}{
		{"from the later analysis", "2027-03-01", sub(DrawnPosition, true, "2027-03-04"), sub(DrawnPosition, true, "2027-03-09"), "2027-04-09"},
		{"one missing: from the deadline", "2027-03-01", sub(DrawnPosition, true, "2027-03-04"), sub(NoEvaluation, false, ""), "2027-04-11"},
		{"one late: from the deadline", "2027-03-01", sub(DrawnPosition, true, "2027-03-04"), sub(DrawnPosition, true, "2027-03-20"), "2027-04-11"},
		{"31 January + a month = 28 February", "2027-01-21", sub(DrawnPosition, true, "2027-01-25"), sub(DrawnPosition, true, "2027-01-31"), "2027-02-28"},
		{"leap year", "2028-01-21", sub(DrawnPosition, true, "2028-01-30"), sub(DrawnPosition, true, "2028-01-31"), "2028-02-29"},
		{"December to January", "2026-12-01", sub(DrawnPosition, true, "2026-12-05"), sub(DrawnPosition, true, "2026-12-11"), "2027-01-11"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Adjournment{EndOfPlay: day(tt.end), White: tt.w, Black: tt.b}
			assert.Equal(t, day(tt.want), a.RulingDue())
		})
	}
}

// TestAdjudication_6_5_6_ProtestWithinTenDays and only with an analysis; 6.5.7: to the organiser.
func TestAdjudication_6_5_6_ProtestWithinTenDays(t *testing.T) {
	a := Adjournment{EndOfPlay: day("2027-03-01"), White: sub(WinForWhite, true, "2027-03-05"), Black: sub(WinForBlack, false, "2027-03-05")}
	received := day("2027-04-01")
	assert.NoError(t, a.CheckProtest(White, received, day("2027-04-11")), "the tenth day")
	assert.Equal(t, Organiser, ProtestTo)
	// Why a protest is refused, in the judge's language, whole (6.5.6).
	tests := []struct {
		name   string
		side   Side
		filed  timecontrol.Date
		ru, en string
	}{
		{"the eleventh day", White, day("2027-04-12"),
			"протест белых отправлен 12.04.2027, после последнего дня 11.04.2027 (10 дней со дня получения результата 01.04.2027, п. 6.5.6)",
			"the protest of White was sent on 12.04.2027, after the last day 11.04.2027 (10 days from receiving the ruling on 01.04.2027, 6.5.6)"},
		{"no analysis", Black, day("2027-04-02"),
			"чёрные не прислали анализ к 11.03.2027, поэтому права протеста против присуждения не имеют (п. 6.5.6)",
			"Black sent no analysis by 11.03.2027, so has no right to protest the adjudication (6.5.6)"},
		{"undated", White, timecontrol.Date{}, "протест белых отправлен без даты, после последнего дня 11.04.2027",
			"the protest of White was sent undated, after the last day 11.04.2027"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ae, ok := errors.AsType[AnswerError](a.CheckProtest(tt.side, received, tt.filed))
			require.True(t, ok, "a typed error")
			assert.Contains(t, ae.Problem.Message(letter.Russian), tt.ru)
			assert.Contains(t, ae.Problem.Message(letter.English), tt.en)
			assertOneLanguage(t, ae.Problem)
		})
	}
}

func TestParseEvaluation(t *testing.T) {
	tests := []struct {
		in   string
		want Evaluation
	}{
		{"Выигрыш белых", WinForWhite}, {"выигрыш  чёрных.", WinForBlack}, {"НИЧЬЯ", DrawnPosition},
		{"white wins", WinForWhite}, {"Draw", DrawnPosition}, {"win for Black!", WinForBlack},
		{"1-0", WinForWhite}, {"1/2-1/2", DrawnPosition}, {"0-1", WinForBlack}, {"2-0", WinForWhite},
	}
	for _, tt := range tests {
		got, err := ParseEvaluation(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
		assert.Equal(t, tt.want, evaluationOf(tt.want.Result()), tt.in)
	}
	for _, bad := range []string{"", "+/-", "*", "не знаю"} {
		_, err := ParseEvaluation(bad)
		assert.ErrorContains(t, err, "is not an evaluation", bad)
	}
}

// evaluationOf inverts Evaluation.Result for the test.
func evaluationOf(r Result) Evaluation {
	for e := WinForWhite; e <= WinForBlack; e++ {
		if e.Result() == r {
			return e
		}
	}
	return NoEvaluation
}
