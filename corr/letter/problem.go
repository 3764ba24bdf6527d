package letter

import (
	"fmt"
	"strings"
)

// Kind names a kind of problem found in a letter.
type Kind string

// The problems the reader reports. Each names the clause it rests on.
const (
	// KindAbbreviated: a move in semi-short notation ("cd4"); it is an
	// impossible move (6.2.2).
	KindAbbreviated Kind = "abbreviated"
	// KindUnreadableMove: a move that cannot be read at all (6.2.2).
	KindUnreadableMove Kind = "unreadable-move"
	// KindVariantCut: a variant stops at a move that cannot be played as
	// written (6.2.12).
	KindVariantCut Kind = "variant-cut"
	// KindMoveNumber: move numbers inside the letter do not follow (6.2.14).
	KindMoveNumber Kind = "move-number"
	// KindMissingDates: fewer than three dates in a letter with a move (6.3.3).
	KindMissingDates Kind = "missing-dates"
	// KindMissingTime: no time fraction in a letter with a move (6.3.3).
	KindMissingTime Kind = "missing-time"
	// KindYearGuessed: a date written without a year; the year was chosen (6.3.1).
	KindYearGuessed Kind = "year-guessed"
	// KindBadDate: something written as a date that is no date (6.3.1).
	KindBadDate Kind = "bad-date"
	// KindExtraDate: a fourth date where three are expected (6.3.1).
	KindExtraDate Kind = "extra-date"
	// KindBreakPhrasing: a break announced in other words than 6.4.3's phrase.
	KindBreakPhrasing Kind = "break-phrasing"
	// KindBreakDates: a break whose dates cannot be a break (6.4.3).
	KindBreakDates Kind = "break-dates"
	// KindAcceptanceUnclear: a variant accepted up to a point that is not
	// a move ("до 7-го хода"); the acceptance is not recorded (6.2.13).
	KindAcceptanceUnclear Kind = "acceptance-unclear"
	// KindUnknownLine: a line not understood; it is not forwarded (6.2.6).
	KindUnknownLine Kind = "unknown-line"
	// KindNoGame: neither cipher nor game named (6.2.3).
	KindNoGame Kind = "no-game"
	// KindNoMove: a letter with no move and nothing else to act on (6.2.3).
	KindNoMove Kind = "no-move"
	// KindMoreProblems: the count of the problems not listed one by one,
	// so that a long letter's reply stays readable and says all it skips.
	KindMoreProblems Kind = "more-problems"
)

// Problem is one thing wrong or doubtful in a letter, with what to do about
// it in both languages.
type Problem struct {
	Kind   Kind   `json:"kind"`   // what is wrong
	Clause string `json:"clause"` // the clause of the rules it rests on
	// Line is the 1-based line of the letter body, of its text for an HTML
	// letter (0: the letter as a whole).
	Line int `json:"line,omitempty"`
	// Text is the text concerned, as written.
	Text string `json:"text,omitempty"`
	// Ru and En say what is wrong and what to resend.
	Ru string `json:"ru"` // in Russian
	En string `json:"en"` // in English
}

// Message returns the problem's explanation in lang.
func (p Problem) Message(lang Lang) string {
	if lang.orDefault() == English {
		return p.En
	}
	return p.Ru
}

// IsNote reports whether the problem only informs (the letter is read as
// intended) rather than asks the sender to act.
func (p Problem) IsNote() bool { return p.Kind == KindYearGuessed }

// problem builds a Problem of kind at line about text; args fill the
// explanation (the first is always text).
func problem(kind Kind, line int, text string, args ...any) Problem {
	clause, ru, en := explain(kind)
	a := append([]any{text}, args...)
	format := func(f string) string {
		if !strings.Contains(f, "%") {
			return f
		}
		return fmt.Sprintf(f, a...)
	}
	return Problem{Kind: kind, Clause: clause, Line: line, Text: text, Ru: format(ru), En: format(en)}
}

// explain gives a kind's clause and its explanation formats; the first verb
// is the text concerned, the rest as documented at each call of problem.
func explain(k Kind) (clause, ru, en string) {
	switch k {
	case KindAbbreviated:
		return "6.2.2",
			"Ход «%[1]s» записан сокращённой нотацией и считается невозможным (п. 6.2.2). Пишите полной нотацией: поле, откуда, и поле, куда, например c3-d4 или c3:e5.",
			"The move “%[1]s” is in abbreviated notation and counts as an impossible move (6.2.2). Write moves in full notation, origin and destination, e.g. c3-d4 or c3:e5."
	case KindUnreadableMove:
		return "6.2.2",
			"Ход «%[1]s» не удалось прочитать (п. 6.2.2). Пришлите его полной нотацией, например c3-d4, c3:e5:g7 или 32-28.",
			"The move “%[1]s” could not be read (6.2.2). Please resend it in full notation, e.g. c3-d4, c3:e5:g7 or 32-28."
	case KindVariantCut:
		return "6.2.12",
			"В варианте %[2]s ход «%[1]s» невозможен или не прочитан (сокращённая запись тоже делает ход невозможным, п. 6.2.2): вариант считается предложенным до этого хода (п. 6.2.12), штрафа нет.",
			"In variant %[2]s the move “%[1]s” is impossible or unreadable (abbreviated notation makes a move impossible, 6.2.2): the variant stands up to that move (6.2.12), without penalty."
	case KindMoveNumber:
		return "6.2.14",
			"Номер хода «%[1]s» не следует за предыдущим ходом %[2]s. Игра не останавливается; при следующем ответе повторите эти ходы с правильной нумерацией (п. 6.2.14).",
			"The move number of “%[1]s” does not follow the previous move %[2]s. Play goes on; in your next reply repeat these moves with the right numbers (6.2.14)."
	case KindMissingDates:
		return "6.3.3",
			"В письме %[2]d из трёх дат. Нужны: дата отправления хода партнёром, дата его получения и дата вашего ответа, например «12.03.2026 / 14.03.2026 / 15.03.2026» (к первому ходу белых — только дата отправления). Укажите недостающие даты в следующем письме (п. 6.3.3).",
			"The letter has %[2]d of the three dates. Needed: the date your opponent sent the move, the date you received it and the date of your reply, e.g. “12.03.2026 / 14.03.2026 / 15.03.2026” (White's first move needs only its sending date). Give the missing dates in your next letter (6.3.3)."
	case KindMissingTime:
		return "6.3.3",
			"Нет суммарного времени дробью: в числителе время белых, в знаменателе — чёрных, например «Время: 12/15». Укажите его в следующем письме (п. 6.3.3).",
			"The total time is missing: write it as a fraction, White over Black, e.g. “Time: 12/15”. Give it in your next letter (6.3.3)."
	case KindYearGuessed:
		return "6.3.1",
			"Дата «%[1]s» написана без года и прочитана как %[2]s. Если это не так, сообщите; удобнее писать год: %[2]s.",
			"The date “%[1]s” has no year and was read as %[2]s. Tell us if that is wrong; it is safer to write the year: %[2]s."
	case KindBadDate:
		return "6.3.1",
			"«%[1]s» не является датой. Пишите даты так: 15.03.2026 или 15.03.26.",
			"“%[1]s” is not a date. Write dates as 15.03.2026 or 15.03.26 (day.month.year)."
	case KindExtraDate:
		return "6.3.1",
			"Лишняя дата «%[1]s»: нужны только три даты (п. 6.3.1); она не учтена.",
			"The extra date “%[1]s” was ignored: a reply carries exactly three dates (6.3.1)."
	case KindBreakPhrasing:
		return "6.4.3",
			"Перерыв объявляется только фразой «беру перерыв с ... по ...» (п. 6.4.3), поэтому он не принят. Пришлите строку: %[2]s",
			"A break is announced only with the phrase “беру перерыв с ... по ...” (6.4.3; in English “I take a break from ... to ...”), so it was not accepted. Please send the line: %[3]s"
	case KindBreakDates:
		return "6.4.3",
			"Перерыв «%[1]s» не принят: последний день раньше первого или дата не прочитана. Пришлите: «беру перерыв с 10.10.26 по 25.10.26» (оба дня входят в перерыв, п. 6.4.3).",
			"The break “%[1]s” was not accepted: its last day is before its first or a date is unreadable. Please send: “I take a break from 10.10.26 to 25.10.26” (both days included, 6.4.3)."
	case KindAcceptanceUnclear:
		return "6.2.13",
			"Из строки «%[1]s» не ясно, до какого хода принят вариант, поэтому принятие не учтено. Укажите первый изменённый ход, например «Вариант А принят до 7...b6-a5» (п. 6.2.13).",
			"The line “%[1]s” does not say up to which move the variant is accepted, so the acceptance was not recorded. Name the first changed move, e.g. “Variant A accepted until 7...b6-a5” (6.2.13)."
	case KindUnknownLine:
		return "6.2.6",
			"Строка «%[1]s» не прочитана и партнёру не переслана (комментарии к партии запрещены, п. 6.2.6). Если в ней ход, дата или заявление, перепишите её по образцу из правил письма.",
			"The line “%[1]s” was not understood and was not forwarded (comments on the game are not allowed, 6.2.6). If it holds a move, a date or a claim, rewrite it as the letter guide shows."
	case KindNoGame:
		return "6.2.3",
			"Не указаны шифр турнира и партия. Оставьте тему письма сервера (например «[ЧР-2026-ЗФ #1-2]») или напишите шифр и номера игроков: «ЧР-2026-ЗФ, 1-2».",
			"The tournament cipher and the game are missing. Keep the server's subject (e.g. “[ЧР-2026-ЗФ #1-2]”) or write the cipher and the start numbers: “ЧР-2026-ЗФ, 1-2”."
	case KindNoMove:
		return "6.2.3",
			"В письме не найден ни ход, ни заявление (ничья, сдача, перерыв, просрочка, протест). Пришлите ход полной нотацией, например «Мой ход: 6.c3-d4».",
			"No move and no statement (draw, resignation, break, overstep, protest) was found. Please send your move in full notation, e.g. “My move: 6.c3-d4”."
	}
	return "", "%[1]s", "%[1]s"
}
