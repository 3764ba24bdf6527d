package adjudication

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
		err        string
	}{
		{"confirmed, quoted options ignored", reply(t, "judge-confirm-quoted.txt"), JudgeReply{Verdict: OverstepConfirmed, Note: "Ответ отправлен на 51-й день."}, ""},
		{"outlook original ignored", reply(t, "judge-outlook.txt"), JudgeReply{Verdict: NoOverstep, Note: ""}, ""},
		{"ё and capitals", "ПРОСРОЧКА ПОДТВЕРЖДЕНА", JudgeReply{Verdict: OverstepConfirmed}, ""},
		{"negated confirmation is no overstep", "Просрочка не подтверждена: письмо задержала почта.", JudgeReply{Verdict: NoOverstep}, ""},
		{"reasons on the verdict's line", "Просрочки нет: чёрные ответили в срок.\nС уважением, судья", JudgeReply{Verdict: NoOverstep, Note: "чёрные ответили в срок"}, ""},
		{"english", "Overstep confirmed.\nSee the ledger.", JudgeReply{Verdict: OverstepConfirmed, Note: "See the ledger."}, ""},
		{"protest rejected 6.3.8", "Протест отклонён.", JudgeReply{Verdict: ProtestRejected}, ""},
		{"protest upheld 6.3.8", "protest upheld", JudgeReply{Verdict: ProtestUpheld}, ""},
		{"adjudged 6.5.5", "Присуждаю: ничья.\nПозиция симметрична.", JudgeReply{Verdict: Adjudged, Result: Draw, Note: "Позиция симметрична."}, ""},
		{"adjudged by result token", "adjudicated: 0-1", JudgeReply{Verdict: Adjudged, Result: BlackWins}, ""},
		{"two verdicts", "просрочка подтверждена\nпросрочки нет", JudgeReply{}, "two verdicts"},
		{"no verdict", "Я подумаю.", JudgeReply{}, "no verdict"},
		{"bad adjudged result", "присуждаю: может быть", JudgeReply{}, "not an evaluation"},
		{"signature separator", "no overstep\n-- \nпросрочка подтверждена", JudgeReply{Verdict: NoOverstep}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseJudgeReply(tt.text)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
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
		name, text   string
		eval         Evaluation
		analysisHas  string
		noAnalysis   bool
		errSubstring string
	}{
		{"labelled", reply(t, "player-evaluation.txt"), WinForWhite, "белые выигрывают шашку", false, ""},
		{"quote after attribution is not the player's", reply(t, "player-attribution.txt"), DrawnPosition, "", true, ""},
		{"bare evaluation line, moves as analysis", "ничья\n3.c3-d4 g5-h4 4.d4-c5 — равенство", DrawnPosition, "3.c3-d4", false, ""},
		{"result token", "Оценка: 0-1", WinForBlack, "", true, ""},
		{"no evaluation", "анализ: 1.c3-d4", NoEvaluation, "", true, "no evaluation"},
		{"bad evaluation", "оценка: непонятно", NoEvaluation, "", true, "not an evaluation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseSubmission(tt.text)
			if tt.errSubstring != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.errSubstring)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.eval, got.Evaluation)
			assert.Equal(t, tt.noAnalysis, got.Analysis == "", "analysis %q", got.Analysis)
			assert.Contains(t, got.Analysis, tt.analysisHas)
		})
	}
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
