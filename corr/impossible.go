package corr

import (
	"errors"
	"strings"

	"zaochnik/corr/draughts"
)

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
