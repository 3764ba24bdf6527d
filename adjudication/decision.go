package adjudication

import (
	"fmt"
	"strings"

	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// Side is White or Black in one game.
type Side int

// The two sides.
const (
	// White moves first.
	White Side = iota
	// Black is the other side.
	Black
)

// String returns "white" or "black".
func (s Side) String() string { return pick(s == White, "white", "black") }

// Evaluation is a player's evaluation of an unfinished game's final position (6.5.2).
type Evaluation int

// The evaluations a player may send.
const (
	// NoEvaluation: the player sent none.
	NoEvaluation Evaluation = iota
	// WinForWhite: "выигрыш белых", 1-0.
	WinForWhite
	// DrawnPosition: "ничья", 1/2-1/2.
	DrawnPosition
	// WinForBlack: "выигрыш черных", 0-1.
	WinForBlack
)

// Result returns the result the evaluation claims (Unfinished for none).
func (e Evaluation) Result() Result {
	switch e {
	case WinForWhite:
		return WhiteWins
	case DrawnPosition:
		return Draw
	case WinForBlack:
		return BlackWins
	}
	return Unfinished
}

// evaluationWords lists how players write each evaluation, after normalising.
var evaluationWords = map[string]Evaluation{
	"выигрыш белых": WinForWhite, "победа белых": WinForWhite, "белые выигрывают": WinForWhite,
	"win for white": WinForWhite, "white wins": WinForWhite, "white win": WinForWhite,
	"ничья": DrawnPosition, "ничейная": DrawnPosition, "draw": DrawnPosition, "drawn": DrawnPosition, "=": DrawnPosition,
	"выигрыш черных": WinForBlack, "победа черных": WinForBlack, "черные выигрывают": WinForBlack,
	"win for black": WinForBlack, "black wins": WinForBlack, "black win": WinForBlack,
}

// ParseEvaluation reads an evaluation as a player writes it: a result
// ("1-0", "1/2-1/2", "0-1") or the words "выигрыш белых", "ничья",
// "выигрыш черных" (English: "win for white", "draw", "win for black"),
// in any case, with ё or е.
func ParseEvaluation(s string) (Evaluation, error) {
	t := strings.ToLower(strings.Join(strings.Fields(s), " "))
	t = strings.TrimRight(strings.ReplaceAll(t, "ё", "е"), ".!")
	if e, ok := evaluationWords[t]; ok {
		return e, nil
	}
	switch r, err := ParseResult(t); {
	case err != nil:
	case r == WhiteWins:
		return WinForWhite, nil
	case r == Draw:
		return DrawnPosition, nil
	case r == BlackWins:
		return WinForBlack, nil
	}
	return NoEvaluation, fmt.Errorf("adjudication: %q is not an evaluation; write \"выигрыш белых\", \"ничья\" or \"выигрыш черных\" (or 1-0, 1/2-1/2, 0-1)", s)
}

// Submission is what one player sent the judge about an unfinished game (6.5.2).
type Submission struct {
	// Evaluation of the final position, NoEvaluation if none was sent.
	Evaluation Evaluation
	// Analysis reports whether the letter carried an analysis of how to reach the result.
	Analysis bool
	// Received is the date the judge received it (its postmark); zero if nothing came.
	Received timecontrol.Date
}

// Adjournment is an unfinished game at the end of play, before the judge (6.5.2-6.5.7).
type Adjournment struct {
	// EndOfPlay is the end of play from the start list (6.3.2).
	EndOfPlay timecontrol.Date
	// White and Black are the two players' submissions.
	White, Black Submission
}

// side returns the submission of s.
func (a Adjournment) side(s Side) Submission { return pick(s == White, a.White, a.Black) }

// AnalysisDue returns the last day for sending the record, the final
// position, the evaluation and the analysis to the judge: 10 days after
// the end of play (6.5.2).
func (a Adjournment) AnalysisDue() timecontrol.Date { return tenDaysFrom(a.EndOfPlay) }

// InTime reports whether side s sent its analysis by AnalysisDue. Only such
// players may protest the adjudication (6.5.6).
func (a Adjournment) InTime(s Side) bool {
	sub := a.side(s)
	return sub.Analysis && onTime(sub.Received, a.AnalysisDue())
}

// Agreed returns the result both players' evaluations name, and true, when
// both sent one and they match: that result is fixed unless it sharply
// contradicts the position (6.5.4).
func (a Adjournment) Agreed() (Result, bool) {
	if a.White.Evaluation == NoEvaluation || a.White.Evaluation != a.Black.Evaluation {
		return Unfinished, false
	}
	return a.White.Evaluation.Result(), true
}

// RulingDue returns the last day for the judge's ruling: a month after the
// analyses were received (6.5.5). The month runs from the later of the two
// when both came in time, else from AnalysisDue: the judge does not wait
// for an analysis that is late.
func (a Adjournment) RulingDue() timecontrol.Date {
	due := a.AnalysisDue()
	from := due
	if onTime(a.White.Received, due) && onTime(a.Black.Received, due) {
		from = a.White.Received
		if a.Black.Received.After(from) {
			from = a.Black.Received
		}
	}
	return addMonth(from)
}

// Ruling is the judge's adjudication of an unfinished game.
type Ruling struct {
	// Result is 1-0, 1/2-1/2 or 0-1.
	Result Result
	// Agreed: the players' matching evaluations were fixed (6.5.4).
	Agreed bool
	// Overridden: the judge set aside the players' matching evaluations as
	// sharply contradicting the position (6.5.4); Reason says why.
	Overridden bool
	Reason     string
	// Tell lists the players to be told the result: those whose evaluation
	// differs from it, a missing evaluation included (6.5.5).
	Tell []Side
	// MayProtest lists the players who may protest: those who sent their
	// analysis in time (6.5.6). Protests go to the organiser (6.5.7).
	MayProtest []Side
}

// Decide returns the judge's ruling giving result to the game. When the
// players' evaluations match, a different result needs a reason (6.5.4).
func (a Adjournment) Decide(result Result, reason string) (Ruling, error) {
	if result != WhiteWins && result != Draw && result != BlackWins {
		return Ruling{}, fmt.Errorf("adjudication: an adjudicated result is 1-0, 1/2-1/2 or 0-1, not %v (6.5.5)", result)
	}
	r := Ruling{Result: result, Reason: strings.TrimSpace(reason)}
	if agreed, ok := a.Agreed(); ok {
		r.Agreed = agreed == result
		r.Overridden = !r.Agreed
		if r.Overridden && r.Reason == "" {
			return Ruling{}, fmt.Errorf("adjudication: both players evaluate the position as %v; to give %v instead, say why their result sharply contradicts the position (6.5.4)", agreed, result)
		}
	}
	for _, s := range []Side{White, Black} {
		if a.side(s).Evaluation.Result() != result {
			r.Tell = append(r.Tell, s)
		}
		if a.InTime(s) {
			r.MayProtest = append(r.MayProtest, s)
		}
	}
	return r, nil
}

// ProtestTo is who hears a protest against an adjudication: the
// organiser, whose decision is final (6.5.7).
const ProtestTo = Organiser

// CheckProtest tells whether side s may protest the ruling, which reached
// the player on received, with a protest sent on filed: only a player who
// sent an analysis in time (6.5.6), within 10 days of receiving the ruling.
// On nil the protest goes to ProtestTo; otherwise the error is an
// AnswerError whose Problem says why, in either language.
func (a Adjournment) CheckProtest(s Side, received, filed timecontrol.Date) error {
	if !a.InTime(s) {
		return AnswerError{Problem: letter.ProtestWithoutAnalysis(s == White, a.AnalysisDue())}
	}
	if due := tenDaysFrom(received); !onTime(filed, due) {
		return AnswerError{Problem: letter.ProtestLate(s == White, filed, due, received)}
	}
	return nil
}
