package letter

import (
	"fmt"

	"zaochnik/timecontrol"
)

// The problems with the judge's and the players' answers to the server's
// letters (adjudication.ParseJudgeReply, ParseSubmission, CheckProtest),
// each said whole in the reader's language.

// JudgeNoVerdict: the judge's answer names no verdict (6.3.7, 6.3.8, 6.5.5).
func JudgeNoVerdict() Problem {
	return both("judge-answer", "6.3.7",
		"в ответе нет решения; напишите одной строкой «просрочка подтверждена» или «просрочки нет», «протест отклонён» или «протест удовлетворён», либо «присуждаю: 1-0» (1/2-1/2, 0-1) (пп. 6.3.7, 6.3.8, 6.5.5)",
		"the answer holds no verdict; write on a line of its own “overstep confirmed” or “no overstep”, “protest rejected” or “protest upheld”, or “adjudicated: 1-0” (1/2-1/2, 0-1) (6.3.7, 6.3.8, 6.5.5)")
}

// JudgeTwoVerdicts: the judge's answer names two different verdicts, a and
// b; none is taken, so that a slip never becomes a ruling.
func JudgeTwoVerdicts(a, b JudgeDecision) Problem {
	ra, ea := decisionNames(a)
	rb, eb := decisionNames(b)
	return both("judge-answer", "6.3.7",
		fmt.Sprintf("в ответе два разных решения («%s» и «%s»); ни одно не принято, напишите одно (п. 6.3.7)", ra, rb),
		fmt.Sprintf("the answer holds two different verdicts (“%s” and “%s”); neither is taken, write one (6.3.7)", ea, eb))
}

// JudgeResultUnreadable: the judge's adjudication line names no result.
func JudgeResultUnreadable(line string) Problem {
	return both("judge-answer", "6.5.5",
		fmt.Sprintf("в строке «%s» не понят результат присуждения; напишите «присуждаю: 1-0», «присуждаю: 1/2-1/2» или «присуждаю: 0-1» (п. 6.5.5)", line),
		fmt.Sprintf("the line “%s” names no result of the adjudication; write “adjudicated: 1-0”, “adjudicated: 1/2-1/2” or “adjudicated: 0-1” (6.5.5)", line))
}

// decisionNames are the judge's decision d as he would write it.
func decisionNames(d JudgeDecision) (ru, en string) {
	switch d {
	case DecidedOverstep:
		return "просрочка подтверждена", "overstep confirmed"
	case DecidedNoOverstep:
		return "просрочки нет", "no overstep"
	case DecidedProtestNo:
		return "протест отклонён", "protest rejected"
	case DecidedProtestYes:
		return "протест удовлетворён", "protest upheld"
	}
	return "присуждаю", "adjudicated"
}

// SubmissionNoEvaluation: a player's letter to the judge about an
// unfinished game gives no evaluation of the final position (6.5.2).
func SubmissionNoEvaluation() Problem {
	return both("no-evaluation", "6.5.2",
		"в письме нет оценки заключительной позиции; напишите строку «оценка: выигрыш белых», «оценка: ничья» или «оценка: выигрыш чёрных», а анализ — после строки «анализ:» (п. 6.5.2)",
		"the letter gives no evaluation of the final position; write a line “evaluation: win for white”, “evaluation: draw” or “evaluation: win for black”, and the analysis after a line “analysis:” (6.5.2)")
}

// SubmissionEvaluationUnreadable: what a player wrote as the evaluation
// is none (6.5.2).
func SubmissionEvaluationUnreadable(text string) Problem {
	return both("no-evaluation", "6.5.2",
		fmt.Sprintf("«%s» — не оценка позиции; напишите «выигрыш белых», «ничья» или «выигрыш чёрных» (или 1-0, 1/2-1/2, 0-1) (п. 6.5.2)", text),
		fmt.Sprintf("“%s” is not an evaluation of the position; write “win for white”, “draw” or “win for black” (or 1-0, 1/2-1/2, 0-1) (6.5.2)", text))
}

// ProtestWithoutAnalysis: White (or Black) sent no analysis by due, so may
// not protest the adjudication (6.5.6).
func ProtestWithoutAnalysis(white bool, due timecontrol.Date) Problem {
	ru, en := "чёрные", "Black"
	if white {
		ru, en = "белые", "White"
	}
	return both("protest-refused", "6.5.6",
		fmt.Sprintf("%s не прислали анализ к %s, поэтому права протеста против присуждения не имеют (п. 6.5.6)", ru, due.Russian()),
		fmt.Sprintf("%s sent no analysis by %s, so has no right to protest the adjudication (6.5.6)", en, due.Russian()))
}

// ProtestLate: a protest against the adjudication sent on filed, after the
// last day due, 10 days from receiving the ruling on received (6.5.6).
func ProtestLate(white bool, filed, due, received timecontrol.Date) Problem {
	ru, en := "чёрных", "Black"
	if white {
		ru, en = "белых", "White"
	}
	sent, sentEn := "отправлен без даты", "sent undated"
	if !filed.IsZero() {
		sent, sentEn = "отправлен "+filed.Russian(), "sent on "+filed.Russian()
	}
	return both("protest-refused", "6.5.6",
		fmt.Sprintf("протест %s %s, после последнего дня %s (10 дней со дня получения результата %s, п. 6.5.6)", ru, sent, due.Russian(), received.Russian()),
		fmt.Sprintf("the protest of %s was %s, after the last day %s (10 days from receiving the ruling on %s, 6.5.6)", en, sentEn, due.Russian(), received.Russian()))
}
