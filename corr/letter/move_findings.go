package letter

import (
	"errors"
	"fmt"
	"strings"

	"zaochnik/corr/draughts"
)

// The referee's findings on the moves of a letter, each in both languages
// with its clause (6.2.4-6.2.14); the kinds are the referee's.
const (
	KindRepetition       Kind = "repetition"
	KindRepetitionExtra  Kind = "repetition-extra"
	KindNotForced        Kind = "not-forced"
	KindImpossibleMove   Kind = "impossible-move"
	KindImpossibleFixed  Kind = "impossible-move-corrected"
	KindMovesAfterEnd    Kind = "moves-after-end"
	KindVariantUnknown   Kind = "variant-unknown"
	KindVariantIgnored   Kind = "variant-ignored"
	KindVariantCutByMove Kind = "variant-cut"
	KindVariantDropped   Kind = "variant-dropped"
	KindVariantAmbiguous Kind = "variant-ambiguous"
	KindSentMoveKept     Kind = "sent-move-kept"
	KindWrongMoveNumber  Kind = "move-number"
)

// RepetitionMissing: the opponent's new moves, want, are not repeated (6.2.9).
func RepetitionMissing(want string) Problem {
	return both(KindRepetition, "6.2.9", "нет повторения новых ходов партнёра; повторите их: "+want,
		"your opponent's new moves are not repeated; repeat them: "+want)
}

// RepetitionIncomplete: only some of the opponent's new moves are repeated (6.2.9).
func RepetitionIncomplete(want string) Problem {
	return both(KindRepetition, "6.2.9", "повторены не все новые ходы партнёра: нужно "+want,
		"not all of your opponent's new moves are repeated: they are "+want)
}

// RepetitionWrong: a move of the opponent is repeated as another (6.2.9).
func RepetitionWrong(written, made, want string) Problem {
	return both(KindRepetition, "6.2.9",
		fmt.Sprintf("ход партнёра повторён неверно: написано %s, а сделан %s; повторите: %s", written, made, want),
		fmt.Sprintf("your opponent's move is repeated wrongly: you wrote %s, the move was %s; repeat: %s", written, made, want))
}

// RepetitionExtra: more moves repeated than the opponent made; the extra are ignored (6.2.9).
func RepetitionExtra() Problem {
	return both(KindRepetitionExtra, "6.2.9", "повторено больше ходов, чем сделал партнёр; лишние не учтены",
		"more moves are repeated than your opponent made; the extra ones are ignored")
}

// AcceptedVariantWrong: the acceptance repeats a move the opponent's variant does not have (6.2.9, 6.2.13).
func AcceptedVariantWrong(move string) Problem {
	return both(KindRepetition, "6.2.9",
		fmt.Sprintf("в принятом варианте ход партнёра %s записан неверно: в его варианте этого хода нет; повторите принятый вариант, как партнёр его предложил", move),
		fmt.Sprintf("in the accepted variant your opponent's move %s is written wrongly: their variant has no such move; repeat the accepted variant as your opponent proposed it", move))
}

// NotForced: a move written for the opponent that is not forced (6.2.4).
func NotForced(move string) Problem {
	return both(KindNotForced, "6.2.4",
		fmt.Sprintf("ход %s — ход партнёра, и он не вынужденный; записывайте за партнёра только вынужденные ходы", move),
		fmt.Sprintf("%s is your opponent's move and it is not forced; write your opponent's moves only when forced", move))
}

// ImpossibleMove: a move the rules refuse (err) and that cannot be
// corrected; another must be sent (6.2.10).
func ImpossibleMove(move string, err error) Problem {
	ru, en := whyImpossible(err)
	return both(KindImpossibleMove, "6.2.10",
		fmt.Sprintf("ход %s невозможен (%s); замените его своим ходом", move, ru),
		fmt.Sprintf("the move %s is impossible (%s); send a move in its place", move, en))
}

// ImpossibleMoveDetail says, for a refusal, why the rules refuse move (6.2.10).
func ImpossibleMoveDetail(move string, err error) Problem {
	ru, en := whyImpossible(err)
	return Problem{Kind: KindImpossibleMove, Clause: "6.2.10", Text: move, Ru: "ход " + move + ": " + ru, En: "move " + move + ": " + en}
}

// ImpossibleCorrected: an impossible move replaced by the single move of
// the piece on its square (6.2.10).
func ImpossibleCorrected(move, square, played string) Problem {
	return both(KindImpossibleFixed, "6.2.10",
		fmt.Sprintf("ход %s невозможен; у шашки на поле %s единственный ход %s, он и сделан", move, square, played),
		fmt.Sprintf("%s is impossible; the piece on %s has the single move %s, which is played", move, square, played))
}

// MovesAfterEnd: moves written after the game ended by the rules (2.8.1).
func MovesAfterEnd() Problem {
	return both(KindMovesAfterEnd, "2.8.1", "ходы после окончания партии не учтены", "moves after the end of the game are ignored")
}

// MoveNumberWrong: a move numbered otherwise than it is (6.2.14); play goes on.
func MoveNumberWrong(move string, written, actual int) Problem {
	return both(KindWrongMoveNumber, "6.2.14",
		fmt.Sprintf("ход %s записан под номером %d, а это ход %d; в следующем письме повторите ходы с верной нумерацией", move, written, actual),
		fmt.Sprintf("the move %s is numbered %d but it is move %d; repeat the moves correctly numbered in your next letter", move, written, actual))
}

// SentMoveKept: a correction writes another move than the one sent, which stands (6.2.8).
func SentMoveKept(written, sent string) Problem {
	return both(KindSentMoveKept, "6.2.8",
		fmt.Sprintf("в исправлении написано %s, но вы уже отослали %s, а отосланный ход изменить нельзя; сыгран %s", written, sent, sent),
		fmt.Sprintf("the correction writes %s, but you had sent %s, and a move once sent cannot be changed; %s is played", written, sent, sent))
}

// VariantUnknown: the variant accepted is not standing (6.2.13); label is
// its name as written, empty when none.
func VariantUnknown(label string) Problem {
	if label != "" {
		label = " " + label
	}
	return both(KindVariantUnknown, "6.2.13",
		fmt.Sprintf("вариант%s, который вы принимаете, партнёр не предлагал (или он уже не действует); ничего не сыграно. Пришлите письмо заново: ходы принятого варианта, затем свой ход", label),
		fmt.Sprintf("your opponent has no standing variant%s for you to accept; nothing is played. Please send the letter again: the accepted variant's moves, then your move", label))
}

// VariantsIgnored: variants after an accepted variant that leaves the sender on move (6.2.7).
func VariantsIgnored() Problem {
	return both(KindVariantIgnored, "6.2.7", "варианты не учтены: после принятого варианта снова ваш ход", "variants ignored: after the accepted variant it is your move again")
}

// VariantCut: a variant stands up to its first impossible move (6.2.12).
func VariantCut(label, move string) Problem {
	return both(KindVariantCutByMove, "6.2.12",
		fmt.Sprintf("в варианте %s ход %s невозможен; вариант предложен до этого хода", label, move),
		fmt.Sprintf("in variant %s the move %s is impossible; the variant stands up to it", label, move))
}

// VariantDropped: a variant left without the sender's answer is not passed on (6.2.12).
func VariantDropped(label string) Problem {
	return both(KindVariantDropped, "6.2.12",
		fmt.Sprintf("в варианте %s не осталось вашего ответного хода; он не передан партнёру", label),
		fmt.Sprintf("variant %s is left without your answer; it is not passed on", label))
}

// Clash is a move to which variants give different answers.
type Clash struct {
	Labels  []string // the variants
	Move    string   // the opponent's move, numbered
	Answers []string // their answers, numbered
}

// VariantsAmbiguous: variants that answer the same move differently stand
// only up to it (6.2.7, 6.2.12).
func VariantsAmbiguous(cs []Clash) Problem {
	var ru, en []string
	for _, c := range cs {
		l, a := strings.Join(c.Labels, ", "), strings.Join(c.Answers, ", ")
		ru = append(ru, fmt.Sprintf("варианты %s на ход %s дают разные ответы (%s)", l, c.Move, a))
		en = append(en, fmt.Sprintf("variants %s answer %s differently (%s)", l, c.Move, a))
	}
	return both(KindVariantAmbiguous, "6.2.7",
		strings.Join(ru, "; ")+"; неясно, какой ответ играть, и эти варианты действуют только до этого хода (п. 6.2.12)",
		strings.Join(en, "; ")+"; which answer to play is unclear, so these variants stand only up to that move (clause 6.2.12)")
}

// Stopped adds to why a letter stops the game for a correction the penalty
// charged for it (6.2.11).
func Stopped(why Problem, days int) Problem {
	why.Ru += fmt.Sprintf("; игра остановлена до исправления, вам начислено %d %s (п. 6.2.11)", days, penaltyDaysRu(days))
	why.En += fmt.Sprintf("; the game stops until you correct it, and you are charged %d %s (clause 6.2.11)", days, penaltyDaysEn(days))
	return why
}

// PenaltyReason is what a stop's penalty is for, as the ledger records it
// (6.2.11): why, without what to resend (the text up to the first "; ").
func (p Problem) PenaltyReason() (ru, en string) {
	ru, _, _ = strings.Cut(p.Ru, "; ")
	en, _, _ = strings.Cut(p.En, "; ")
	return ru, en
}

// whyImpossible explains, in Russian and English, why the rules engine
// refused a written move (6.2.2, 6.2.10): the player reads it, and so does
// the secretary in the letter's reason.
func whyImpossible(err error) (ru, en string) {
	var e *draughts.MoveError
	if !errors.As(err, &e) {
		return "ход не читается", "the move cannot be read"
	}
	options := strings.Join(e.Options, ", ")
	switch e.Kind {
	case draughts.MoveAbbreviated:
		ru, en = "ход записан сокращённо; ход пишется полностью, полем, откуда, и полем, куда (п. 6.2.2)", "it is written in short notation; a move is written in full, origin and destination (clause 6.2.2)"
		if len(e.Options) == 1 {
			ru, en = ru+"; полная запись: "+options, en+"; in full: "+options
		}
		return ru, en
	case draughts.MoveBadSquare:
		ru, en = "поле "+e.Square+" — не тёмное поле доски", e.Square+" is not a dark square of the board"
	case draughts.MoveNoPiece:
		ru, en = "на поле "+e.Square+" нет шашки", "there is no piece on "+e.Square
	case draughts.MoveNotYourPiece:
		ru, en = "на поле "+e.Square+" шашка партнёра", "the piece on "+e.Square+" is your opponent's"
	case draughts.MoveCaptureCompulsory:
		ru, en = "взятие обязательно", "a capture is compulsory"
	case draughts.MoveNotMaximum:
		ru, en = "обязательно взятие наибольшего числа шашек", "the capture taking the most pieces is compulsory"
	case draughts.MoveIncompleteCapture:
		ru, en = "взятие с поля "+e.Square+" должно быть продолжено", "the capture from "+e.Square+" must go on"
	case draughts.MoveAmbiguous:
		ru, en = "этим ходом можно бить по-разному; укажите поля, где шашка поворачивает", "several captures fit; write the squares where the piece turns"
	case draughts.MoveIllegal:
		switch {
		case e.Square == "":
			return "в ходе не указано ни одного поля", "no square is written"
		case len(e.Options) == 0:
			return "у шашки на поле " + e.Square + " нет хода", "the piece on " + e.Square + " has no legal move"
		}
		ru, en = "шашка на поле "+e.Square+" так ходить не может", "the piece on "+e.Square+" cannot move so"
	default:
		return "ход противоречит правилам игры", "the move is against the rules of the game"
	}
	if options != "" {
		ru, en = ru+"; возможно: "+options, en+"; legal: "+options
	}
	return ru, en
}
