package letter

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"

	"zaochnik/timecontrol"
)

// quotedText is what a reason quotes of the letter it answers, «…» or “…”.
var quotedText = regexp.MustCompile(`«[^»]*»|“[^”]*”`)

// The reasons an answer to the server's letters is not taken are said
// whole in the reader's language, citing the clause (6.3.7, 6.5.2, 6.5.5,
// 6.5.6), and the judge's remark atop a refused protest quotes the reason
// in his language only.
func TestReplyProblems_6_3_7_6_5_2_6_5_6_SaidInOneLanguage(t *testing.T) {
	d := timecontrol.MustDate
	tests := []struct {
		name   string
		p      Problem
		ru, en string
	}{
		{"no verdict 6.3.7", JudgeNoVerdict(), "в ответе нет решения", "the answer holds no verdict"},
		{"two verdicts 6.3.7", JudgeTwoVerdicts(DecidedProtestNo, DecidedProtestYes), "(«протест отклонён» и «протест удовлетворён»)", "(“protest rejected” and “protest upheld”)"},
		{"two adjudications 6.5.5", JudgeTwoVerdicts(DecidedAdjudged, DecidedOverstep), "(«присуждаю» и «просрочка подтверждена»)", "(“adjudicated” and “overstep confirmed”)"},
		{"unreadable result 6.5.5", JudgeResultUnreadable("присуждаю: может быть"), "не понят результат присуждения", "names no result of the adjudication"},
		{"no evaluation 6.5.2", SubmissionNoEvaluation(), "нет оценки заключительной позиции", "gives no evaluation of the final position"},
		{"unreadable evaluation 6.5.2", SubmissionEvaluationUnreadable("maybe"), "«maybe» — не оценка позиции", "“maybe” is not an evaluation"},
		{"protest without analysis 6.5.6", ProtestWithoutAnalysis(false, d("2027-03-11")), "чёрные не прислали анализ к 11.03.2027", "Black sent no analysis by 11.03.2027"},
		{"late protest 6.5.6", ProtestLate(true, d("2027-04-12"), d("2027-04-11"), d("2027-04-01")), "протест белых отправлен 12.04.2027, после последнего дня 11.04.2027",
			"the protest of White was sent on 12.04.2027, after the last day 11.04.2027"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, lang := range []Lang{Russian, English} {
				msg := tt.p.Message(lang)
				assert.Contains(t, msg, pick(lang == English, tt.en, tt.ru))
				assert.Contains(t, msg, tt.p.Clause, "cites the clause")
				remark := AdjudicationProtestRemark(lang, "[CH-2026 #1-2]", msg)
				for _, s := range []string{msg, remark} {
					rest := quotedText.ReplaceAllString(s, "")
					other := unicode.Latin
					if lang == English {
						other = unicode.Cyrillic
					}
					assert.False(t, strings.ContainsFunc(rest, func(r rune) bool { return unicode.Is(other, r) }), "one language: %s", s)
				}
			}
		})
	}
}

func pick(en bool, english, russian string) string {
	if en {
		return english
	}
	return russian
}
