package adjudication

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/letter"
)

func reply(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "replies", name))
	require.NoError(t, err)
	return string(b)
}

func TestParseJudgeReply_6_3_7_VerdictByLetter(t *testing.T) {
	tests := []struct {
		name, text string
		want       JudgeReply
	}{
		{"confirmed, quoted options ignored", reply(t, "judge-confirm-quoted.txt"), JudgeReply{Verdict: OverstepConfirmed, Note: "Ответ отправлен на 51-й день."}},
		{"outlook original ignored", reply(t, "judge-outlook.txt"), JudgeReply{Verdict: NoOverstep, Note: ""}},
		{"ё and capitals", "ПРОСРОЧКА ПОДТВЕРЖДЕНА", JudgeReply{Verdict: OverstepConfirmed}},
		{"negated confirmation is no overstep", "Просрочка не подтверждена: письмо задержала почта.", JudgeReply{Verdict: NoOverstep}},
		{"reasons on the verdict's line", "Просрочки нет: чёрные ответили в срок.\nС уважением, судья", JudgeReply{Verdict: NoOverstep, Note: "чёрные ответили в срок"}},
		{"english", "Overstep confirmed.\nSee the ledger.", JudgeReply{Verdict: OverstepConfirmed, Note: "See the ledger."}},
		{"protest rejected 6.3.8", "Протест отклонён.", JudgeReply{Verdict: ProtestRejected}},
		{"protest upheld 6.3.8", "protest upheld", JudgeReply{Verdict: ProtestUpheld}},
		{"adjudged 6.5.5", "Присуждаю: ничья.\nПозиция симметрична.", JudgeReply{Verdict: Adjudged, Result: Draw, Note: "Позиция симметрична."}},
		{"adjudged by result token", "adjudicated: 0-1", JudgeReply{Verdict: Adjudged, Result: BlackWins}},
		{"signature separator", "no overstep\n-- \nпросрочка подтверждена", JudgeReply{Verdict: NoOverstep}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseJudgeReply(tt.text)
			require.NoError(t, err)
			if tt.want.Note == "" {
				got.Note = ""
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestParseSubmission_6_5_2_EvaluationAndAnalysis(t *testing.T) {
	tests := []struct {
		name, text  string
		eval        Evaluation
		analysisHas string
		noAnalysis  bool
	}{
		{"labelled", reply(t, "player-evaluation.txt"), WinForWhite, "белые выигрывают шашку", false},
		{"quote after attribution is not the player's", reply(t, "player-attribution.txt"), DrawnPosition, "", true},
		{"bare evaluation line, moves as analysis", "ничья\n3.c3-d4 g5-h4 4.d4-c5 — равенство", DrawnPosition, "3.c3-d4", false},
		{"result token", "Оценка: 0-1", WinForBlack, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseSubmission(tt.text)
			require.NoError(t, err)
			assert.Equal(t, tt.eval, got.Evaluation)
			assert.Equal(t, tt.noAnalysis, got.Analysis == "", "analysis %q", got.Analysis)
			assert.Contains(t, got.Analysis, tt.analysisHas)
		})
	}
}

// What the judge and the players are told about an answer that cannot be
// taken is said whole in their language, Russian by default and English on
// request, never a mixture of the two (6.3.7, 6.5.2, 6.5.5).
func TestAnswerProblems_6_3_7_6_5_2_InOneLanguage(t *testing.T) {
	submission := func(text string) error { _, err := ParseSubmission(text); return err }
	judge := func(text string) error { _, err := ParseJudgeReply(text); return err }
	tests := []struct {
		name      string
		parse     func(string) error
		text      string
		ru, en    string
		noVerdict bool
	}{
		{"judge: two verdicts", judge, "просрочка подтверждена\nпросрочки нет",
			"в ответе два разных решения («просрочка подтверждена» и «просрочки нет»); ни одно не принято, напишите одно",
			"the answer holds two different verdicts (“overstep confirmed” and “no overstep”); neither is taken, write one", false},
		{"judge: no verdict", judge, "Я подумаю.", "в ответе нет решения; напишите одной строкой «просрочка подтверждена»",
			"the answer holds no verdict; write on a line of its own “overstep confirmed”", true},
		{"judge: no verdict in English", judge, "I will think about it.", "в ответе нет решения", "the answer holds no verdict", true},
		{"judge: bad adjudged result 6.5.5", judge, "присуждаю: может быть", "в строке «присуждаю: может быть» не понят результат присуждения",
			"the line “присуждаю: может быть” names no result of the adjudication; write “adjudicated: 1-0”", false},
		{"player: no evaluation 6.5.2", submission, "анализ: 1.c3-d4", "в письме нет оценки заключительной позиции; напишите строку «оценка: выигрыш белых»",
			"the letter gives no evaluation of the final position; write a line “evaluation: win for white”", false},
		{"player: bad evaluation 6.5.2", submission, "оценка: непонятно", "«непонятно» — не оценка позиции; напишите «выигрыш белых», «ничья» или «выигрыш чёрных»",
			"“непонятно” is not an evaluation of the position; write “win for white”, “draw” or “win for black”", false},
		{"player: bad evaluation in English", submission, "evaluation: unclear", "«unclear» — не оценка позиции", "“unclear” is not an evaluation of the position", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.parse(tt.text)
			ae, ok := errors.AsType[AnswerError](err)
			require.True(t, ok, "a typed error: %v", err)
			assert.Contains(t, ae.Problem.Message(letter.Russian), tt.ru)
			assert.Contains(t, ae.Problem.Message(letter.English), tt.en)
			assert.Equal(t, ae.Problem.Message(letter.Russian), ae.Problem.Message(""), "Russian by default")
			assertOneLanguage(t, ae.Problem)
			assert.Equal(t, tt.noVerdict, errors.Is(err, ErrNoVerdict))
		})
	}
}

// quoted is what a reason quotes of the letter, «…» or “…”.
var quoted = regexp.MustCompile(`«[^»]*»|“[^”]*”`)

// assertOneLanguage checks that p's Russian holds no Latin word and its
// English no Cyrillic one, outside what they quote of the letter.
func assertOneLanguage(t *testing.T, p letter.Problem) {
	t.Helper()
	ru, en := quoted.ReplaceAllString(p.Ru, ""), quoted.ReplaceAllString(p.En, "")
	assert.False(t, strings.ContainsFunc(ru, func(r rune) bool { return unicode.Is(unicode.Latin, r) }), "Latin in the Russian: %s", p.Ru)
	assert.False(t, strings.ContainsFunc(en, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }), "Cyrillic in the English: %s", p.En)
}

func FuzzParseJudgeReply(f *testing.F) {
	for _, n := range []string{"judge-confirm-quoted.txt", "judge-outlook.txt", "player-evaluation.txt", "player-attribution.txt"} {
		f.Add(reply(f, n))
	}
	f.Add("присуждаю: 1/2-1/2\nпротест отклонён")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := ParseJudgeReply(text)
		if err == nil && r.Verdict == NoVerdict {
			t.Fatalf("no error and no verdict for %q", text)
		}
		if err == nil && r.Verdict == Adjudged && !r.Result.Decided() {
			t.Fatalf("adjudged without a result for %q", text)
		}
		s, err := ParseSubmission(text)
		if err == nil && s.Evaluation == NoEvaluation {
			t.Fatalf("a submission without an evaluation for %q", text)
		}
	})
}
