package letter

import (
	"fmt"
	"strconv"

	"zaochnik/timecontrol"
)

// Forward is a move letter forwarded to the opponent. Only what the reader
// understood is written, re-rendered: comments are not forwarded (6.2.6).
type Forward struct {
	Envelope
	// From is the mover's name, signed under the letter (6.2.3).
	From string
	// Letter is the content to forward, as read and corrected by the referee.
	Letter Letter
	// Notes are the server's own notes to the opponent, under the letter.
	Notes []ServerNote
}

// ServerNoteKind is what a server's note under a forwarded letter says.
type ServerNoteKind string

// The server's notes on a forwarded move.
const (
	NoteVariantPlayed ServerNoteKind = "variant-played" // the reader's variant answered Move (6.2.13)
	NoteCorrected     ServerNoteKind = "corrected"      // the mover's impossible move became Move (6.2.10)
	NotePenalty       ServerNoteKind = "penalty"        // the mover was charged Days, for Reason (6.2.11)
	NoteMoveAgain     ServerNoteKind = "move-again"     // the mover is on move again: wait
)

// ServerNote is one note of the server under a forwarded letter.
type ServerNote struct {
	Kind   ServerNoteKind
	Move   string // the move concerned
	Days   int    // penalty days
	Clause string // the penalty's clause
	// ReasonRu and ReasonEn say what the penalty is for, as the ledger records it.
	ReasonRu, ReasonEn string
}

func (n ServerNote) text(w *writer) string {
	switch n.Kind {
	case NoteVariantPlayed:
		return w.f("по вашему варианту сделан ход %s (п. 6.2.13)", "your variant played %s (clause 6.2.13)", n.Move)
	case NoteCorrected:
		return w.f("невозможный ход партнёра заменён единственным ходом шашки %s (п. 6.2.10)",
			"your opponent's impossible move was replaced by the piece's single move %s (clause 6.2.10)", n.Move)
	case NotePenalty:
		reason := n.ReasonRu
		if w.lang == English && n.ReasonEn != "" {
			reason = n.ReasonEn
		}
		return w.f("партнёру начислено %s (п. %s): %s", "your opponent is charged %s (clause %s): %s", w.penaltyDays(n.Days), n.Clause, reason)
	}
	return w.t("ход снова за партнёром; ждите его ответа", "it is your opponent's move again; wait for their reply")
}

// Render writes the forwarded letter with every item of 6.2.3: greeting,
// cipher, the repetition and accepted variant, the move, the variants, the
// three dates, the time fraction and the signatures. Parse reads it back to
// the same moves, variants, dates and time.
func (f Forward) Render() Message {
	w := newWriter(f.Envelope)
	l := f.Letter
	w.cipherLine(f.Envelope)
	if len(l.Repeated) > 0 {
		w.movesLine(w.t("Повторение ваших ходов: ", "Your moves repeated: "), l.Repeated)
	}
	if a := l.Accepted; a != nil {
		name := VariantLabel(a.Label, w.lang)
		if name != "" {
			name = " " + name
		}
		s := w.f("Вариант%s принят", "Variant%s accepted", name)
		if a.Until != nil {
			s += w.t(" до ", " until ") + a.Until.String()
		}
		w.line(s)
		if len(a.Moves) > 0 {
			w.movesLine(w.t("Ходы принятого варианта: ", "Moves of the accepted variant: "), a.Moves)
		}
	}
	if len(l.Moves) > 0 {
		w.movesLine(w.t("Ход: ", "Move: "), l.Moves)
	}
	for i, v := range l.Variants {
		if len(v.Moves) == 0 {
			continue
		}
		name := VariantLabel(v.Label, w.lang)
		if name == "" {
			name = fmt.Sprint(i + 1)
		}
		w.line(w.f("Вариант %s: ", "Variant %s: ", name) + w.movesWithForced(v.Moves))
	}
	w.datesLine(l.Dates)
	if l.Time != nil {
		w.put(w.t("Время (белые/чёрные): ", "Time (White/Black): "), strconv.Itoa(l.Time.White), "/", strconv.Itoa(l.Time.Black), "\n")
	}
	switch l.Draw {
	case DrawOffer:
		w.line(w.t("Предлагаю ничью.", "I offer a draw."))
	case DrawAccept:
		w.line(w.t("Согласен на ничью.", "I accept the draw."))
	case DrawDecline:
		w.line(w.t("От ничьей отказываюсь.", "I decline the draw."))
	}
	if l.Resign {
		w.line(w.t("Сдаюсь.", "I resign."))
	}
	if b := l.Break; b != nil {
		w.line(w.f("Беру перерыв с %s по %s.", "I take a break from %s to %s.", b.From.Russian(), b.To.Russian()))
	}
	w.line("")
	w.put(w.t("С уважением, ", "Regards, "), f.From, "\n")
	w.line("-- ")
	w.line(w.t("Письмо переслано судейской службой турнира (zaochnik); комментарии не пересылаются (п. 6.2.6).",
		"Forwarded by the tournament's referee service (zaochnik); comments are not forwarded (6.2.6)."))
	if f.ReturnAddress != "" {
		w.put(w.t("Адрес для ответа: ", "Reply to: "), f.ReturnAddress, "\n")
	}
	if len(f.Notes) > 0 {
		w.line("")
		w.line(w.t("Примечания сервера:", "Server's notes:"))
		for _, n := range f.Notes {
			w.line("- " + n.text(w))
		}
	}
	return Message{Subject: subjectOf(f.Envelope, w.t("Ход партнёра", "Your opponent's move")), Body: w.b.String()}
}

// datesLine writes the three dates, each with its label so that any of
// them may be missing.
func (w *writer) datesLine(d Dates) {
	if d.Count() == 0 {
		return
	}
	w.put(w.t("Даты: ", "Dates: "))
	sep := ""
	for _, p := range []struct {
		ru, en string
		d      timecontrol.Date
	}{{"ваш ход отправлен ", "your move sent ", d.OpponentSent}, {"получен ", "received ", d.Received}, {"ответ отправлен ", "reply sent ", d.Sent}} {
		if !p.d.IsZero() {
			w.put(sep, w.t(p.ru, p.en))
			w.russian(p.d)
			sep = ", "
		}
	}
	w.b.WriteByte('\n')
}

// movesLine writes label and the moves ms as one line of the letter.
func (w *writer) movesLine(label string, ms []Move) {
	w.put(label)
	w.moves(ms)
	w.b.WriteByte('\n')
}
