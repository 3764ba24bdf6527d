package letter

import (
	"slices"
	"strconv"
	"strings"

	"zaochnik/timecontrol"
)

// Receipt answers the sender of a letter that was read: whether the move
// went on to the opponent, and every problem found, each with its clause
// and what to resend. Lines not understood are named: they were not
// forwarded (6.2.6).
type Receipt struct {
	Envelope
	// Forwarded is true when the letter went on to the opponent.
	Forwarded bool
	// Moves are the sender's moves as forwarded.
	Moves []Move
	// Replies are the opponent's answers their standing variant gave to the
	// last of Moves (6.2.13): the sender is on move again.
	Replies []Move
	// Draw is the sender's draw offer or refusal forwarded with the move.
	Draw DrawAction
	// Variants are the sender's variants forwarded with the move (6.2.7).
	Variants []Variant
	// Problems are the reader's and the referee's findings.
	Problems []Problem
	// On is the day the move was forwarded; zero leaves it unsaid.
	On timecontrol.Date
	// Time is the total time after the move, by the ledger; nil leaves it unsaid.
	Time *TimeFraction
}

// Render writes the receipt.
func (r Receipt) Render() Message {
	w := newWriter(r.Envelope)
	w.cipherLine(r.Envelope)
	if r.Forwarded {
		s := w.t("Ваше письмо переслано партнёру.", "Your letter has been forwarded to your opponent.")
		if len(r.Moves) > 0 {
			w.put(w.t("Ваш ход ", "Your move "))
			w.moves(r.Moves)
			s = w.t(" переслан партнёру.", " has been forwarded to your opponent.")
		}
		if !r.On.IsZero() {
			w.put(strings.TrimSuffix(s, "."), w.t(" ", " on "))
			w.russian(r.On) // date(r.On): not zero
			s = "."
		}
		w.line(s)
		switch r.Draw {
		case DrawOffer:
			w.line(w.t("Ваше предложение ничьей передано партнёру (п. 2.1.9.3).", "Your draw offer has been passed on to your opponent (2.1.9.3)."))
		case DrawDecline:
			w.line(w.t("Партнёру передано, что вы отказываетесь от ничьей (п. 2.1.9.3).", "Your opponent has been told that you decline the draw (2.1.9.3)."))
		}
		for i, v := range r.Variants {
			name := VariantLabel(v.Label, w.lang)
			if name == "" {
				name = itoa(i + 1)
			}
			w.line(w.f("Передан ваш вариант %s: %s (п. 6.2.7).", "Your variant %s has been passed on: %s (6.2.7).", name, w.movesWithForced(v.Moves)))
		}
		if len(r.Replies) > 0 {
			w.line(w.f("По варианту партнёра сделан ответ %s (п. 6.2.13); теперь ваш ход.",
				"Your opponent's variant answered %s (clause 6.2.13); it is your move again.", sequenceString(r.Replies)))
		}
		if r.Time != nil {
			w.put(w.t("Время (белые/чёрные): ", "Time (White/Black): "), strconv.Itoa(r.Time.White), "/", strconv.Itoa(r.Time.Black), ".\n")
		}
	} else {
		w.line(w.t("Ваше письмо получено.", "Your letter has been received."))
	}
	w.problems(r.Problems)
	subject := w.t("Письмо получено", "Letter received")
	if r.Forwarded {
		subject = w.t("Ход переслан", "Move forwarded")
	}
	return w.close(r.Envelope, subject)
}

// problems lists problems, with their line and clause, in the writer's language.
func (w *writer) problems(ps []Problem) {
	if len(ps) == 0 {
		return
	}
	w.line("")
	w.line(w.t("Замечания к письму:", "Notes on your letter:"))
	for _, p := range ps {
		at := ""
		if p.Line > 0 {
			at = w.f("строка %d: ", "line %d: ", p.Line)
		}
		w.line("- " + at + p.Message(w.lang))
	}
}

// firstDifference says where a repetition first departs from the game.
func firstDifference(w *writer, written, expected []Move) string {
	for i := range max(len(written), len(expected)) {
		switch {
		case i >= len(written):
			return w.f("Не повторён ход %s.", "The move %s is missing.", expected[i].String())
		case i >= len(expected):
			return w.f("Лишний ход %s.", "The move %s is one too many.", written[i].String())
		case written[i].Text.String() != expected[i].Text.String():
			return w.f("Первое расхождение: %s вместо %s.", "First difference: %s instead of %s.", written[i].String(), expected[i].String())
		}
	}
	return w.t("Ходы совпадают, но нумерация неверна.", "The moves agree but their numbers do not.")
}

// RefusalReason is why a letter was refused back to its sender.
type RefusalReason string

// Reasons for refusing a letter; each names its clause.
const (
	// RefuseRepetition: the opponent's moves or the accepted variant were
	// not repeated, or wrongly (6.2.9); the game stops for the correction.
	RefuseRepetition RefusalReason = "repetition"
	// RefuseImpossible: an impossible move that the server cannot correct:
	// the piece has several moves or none (6.2.10).
	RefuseImpossible RefusalReason = "impossible"
	// RefuseFinal: the letter changes a move already sent or accepted (6.2.8).
	RefuseFinal RefusalReason = "final"
	// RefuseNoMove: no move could be read (6.2.2).
	RefuseNoMove RefusalReason = "no-move"
	// RefuseNotYourTurn: it is the opponent's move; the move sent stands (6.2.8).
	RefuseNotYourTurn RefusalReason = "not-your-turn"
	// RefuseUnknownGame: the letter names no game of the sender's (6.2.3).
	RefuseUnknownGame RefusalReason = "unknown-game"
)

// Clause returns the clause a refusal rests on.
func (r RefusalReason) Clause() string {
	switch r {
	case RefuseRepetition:
		return "6.2.9"
	case RefuseImpossible:
		return "6.2.10"
	case RefuseFinal, RefuseNotYourTurn:
		return "6.2.8"
	case RefuseNoMove:
		return "6.2.2"
	}
	return "6.2.3"
}

// Refusal sends a letter back to its sender with the exact difference and
// what to resend.
type Refusal struct {
	Envelope
	// Reason is why the letter is refused; it names the clause.
	Reason RefusalReason
	// Written and Expected are, for a repetition, the moves as written and as
	// they stand in the game; for an impossible move, Written holds it.
	Written, Expected []Move
	// PenaltyDays are the penalty days charged (6.2.11), 0 when none.
	PenaltyDays int
	// Games are the sender's games, as their codes are written
	// ("[ЧР-2026-ЗФ #1-2]"), listed when the letter names no game of theirs.
	Games []string
	// Problems are further findings to report with the refusal.
	Problems []Problem
}

// Render writes the refusal.
func (r Refusal) Render() Message {
	w := newWriter(r.Envelope)
	w.cipherLine(r.Envelope)
	w.line(w.f("Ваше письмо не переслано партнёру (п. %s).", "Your letter was not forwarded to your opponent (%s).", r.Reason.Clause()))
	written, expected := sequenceString(r.Written), sequenceString(r.Expected)
	if written == "" {
		written = w.t("(ничего)", "(nothing)")
	}
	switch r.Reason {
	case RefuseRepetition:
		w.line(w.t("Ходы партнёра и принятый вариант повторены неверно или не полностью (п. 6.2.9).",
			"Your opponent's moves or the accepted variant were not repeated, or not correctly (6.2.9)."))
		w.line(w.t("Вы написали:  ", "You wrote:     ") + written)
		w.line(w.t("Должно быть:  ", "It should be:  ") + expected)
		w.line(firstDifference(w, r.Written, r.Expected))
		w.line(w.t("Игра остановлена до исправления. Пришлите письмо заново, повторив: ",
			"The game stops until you correct it. Please send the letter again, repeating: ") + expected)
	case RefuseImpossible:
		if len(r.Written) > 0 && r.Written[0].Text.Abbreviated {
			// A short-notation move names no square the server could
			// correct it from (6.2.2, 6.2.10).
			w.line(w.f("Ход %s записан сокращённой нотацией и считается невозможным (п. 6.2.2); в нём нет поля, с которого сделан ход, поэтому заменить его нельзя (п. 6.2.10).",
				"The move %s is written in short notation and counts as impossible (6.2.2); it names no square the move is made from, so it cannot be corrected (6.2.10).", written))
			w.line(w.t("Пришлите ход полной нотацией (поле, откуда, и поле, куда, например c3-d4 или c3:e5); дни на обдумывание идут.",
				"Please send your move in full notation (origin and destination, e.g. c3-d4 or c3:e5); your thinking days run on."))
			break
		}
		w.line(w.f("Ход %s невозможен, и заменить его однозначно нельзя: шашка на этом поле имеет несколько ходов или не имеет ни одного, или на поле нет шашки (п. 6.2.10).",
			"The move %s is impossible and cannot be corrected unambiguously: the piece on that square has several moves or none, or there is no piece there (6.2.10).", written))
		w.line(w.t("Пришлите другой ход; дни на обдумывание идут.", "Please send another move; your thinking days run on."))
	case RefuseFinal:
		w.line(w.t("Отосланный ход и принятый вариант изменить нельзя (п. 6.2.8).", "A move sent or a variant accepted cannot be changed (6.2.8)."))
		w.line(w.t("Вы написали:  ", "You wrote:     ") + written)
		w.line(w.t("В партии:     ", "In the game:   ") + expected)
	case RefuseNoMove:
		w.line(w.t("В письме не найден ход. Пришлите его полной нотацией, например «Мой ход: 6.c3-d4».",
			"No move was found in your letter. Please send it in full notation, e.g. “My move: 6.c3-d4”."))
	case RefuseNotYourTurn:
		w.line(w.t("Сейчас ход партнёра; ваш ход будет принят после его ответа. Отосланный ход изменить нельзя (п. 6.2.8).",
			"It is your opponent's move; yours is accepted after the reply. A move once sent cannot be changed (6.2.8)."))
	case RefuseUnknownGame:
		cipher := r.Cipher
		if cipher == "" {
			cipher = "ЧР-2026-ЗФ"
		}
		w.line(w.f("Не удалось определить партию. Оставьте тему письма сервера или укажите шифр и номера по стартовому листу, белые первыми: «%s, 1-2».",
			"The game could not be identified. Keep the server's subject or write the cipher and the start numbers, White first: “%s, 1-2”.", cipher))
		if len(r.Games) > 0 {
			w.line(w.t("Ваши партии: ", "Your games: ") + strings.Join(r.Games, "; ") + ".")
		}
	}
	if r.PenaltyDays > 0 {
		w.line(w.f("Начислено штрафных дней: %d (п. 6.2.11).", "Penalty days charged: %d (6.2.11).", r.PenaltyDays))
	}
	w.problems(r.withoutReason())
	return w.close(r.Envelope, w.t("Письмо не переслано", "Letter refused"))
}

// withoutReason returns the problems less the notes of the refusal's
// reason (no game named, no move, a move in short notation), which the
// letter has just said, and, for a letter out of turn, the notes about the
// moves it does not make.
func (r Refusal) withoutReason() []Problem {
	var same []Kind
	switch {
	case r.Reason == RefuseUnknownGame:
		same = []Kind{KindNoGame}
	case r.Reason == RefuseNoMove:
		same = []Kind{KindNoMove}
	case r.Reason == RefuseImpossible && len(r.Written) > 0 && r.Written[0].Text.Abbreviated:
		// The reader's note and the referee's "impossible-move" say it again.
		same = []Kind{KindAbbreviated, "impossible-move"}
	case r.Reason == RefuseNotYourTurn:
		// The moves are not taken, so remarks on their numbers, dates and
		// time ("play goes on; repeat them next time") would mislead.
		same = []Kind{KindMoveNumber, KindMissingDates, KindMissingTime, KindYearGuessed}
	default:
		return r.Problems
	}
	var ps []Problem
	for _, p := range r.Problems {
		if !slices.Contains(same, p.Kind) {
			ps = append(ps, p)
		}
	}
	return ps
}
