package letter

import (
	"strings"

	"zaochnik/timecontrol"
)

// BreakAccepted confirms a break to the player who announced it (6.4.2),
// with the notes on it (each in the player's language).
type BreakAccepted struct {
	Envelope
	From, To timecontrol.Date // as entered: only 30 days count (6.4.1)
	Notes    []string
}

// Render writes the confirmation.
func (b BreakAccepted) Render() Message {
	w := newWriter(b.Envelope)
	w.line(w.f("Перерыв с %s по %s принят и сообщён всем партнёрам и секретарю (п. 6.4.2).",
		"The break from %s to %s is accepted and announced to all your opponents and the secretary (clause 6.4.2).", date(b.From), date(b.To)))
	for _, n := range b.Notes {
		w.line(n)
	}
	return w.close(b.Envelope, w.t("Перерыв принят", "Break accepted"))
}

// BreakNotCounted tells a player that a break does not count, and why
// (6.4.1-6.4.3).
type BreakNotCounted struct {
	Envelope
	From, To timecontrol.Date
	Notes    []string // why, in the player's language
}

// Render writes the notice.
func (b BreakNotCounted) Render() Message {
	w := newWriter(b.Envelope)
	w.line(w.f("Перерыв с %s по %s не засчитан: %s", "The break from %s to %s does not count: %s", date(b.From), date(b.To), strings.Join(b.Notes, "; ")))
	return w.close(b.Envelope, w.t("Перерыв не засчитан", "Break not counted"))
}

// LedgerCopy answers a request for the time ledger with its table (6.3.6),
// or, when it could not be computed, why and whom to write to.
type LedgerCopy struct {
	Envelope
	Table     string // the table as timecontrol renders it in the player's language
	Error     string // why there is no table
	Secretary string // the secretary's address, for the error
}

// Render writes the ledger letter.
func (l LedgerCopy) Render() Message {
	w := newWriter(l.Envelope)
	table := l.Table
	if l.Error != "" {
		table = w.f("График не удалось вычислить (%s); пожалуйста, напишите секретарю турнира (%s).",
			"The ledger could not be computed (%s); please write to the tournament secretary (%s).", l.Error, l.Secretary)
	}
	w.line(w.f("Партия %s.\n\n", "Game %s.\n\n", l.code()) + table)
	return w.close(l.Envelope, w.t("График времени", "Time ledger"))
}

// MoveAlreadyReceived answers a move sent again: it went on already, and a
// move once sent cannot be changed (6.2.8).
type MoveAlreadyReceived struct {
	Envelope
	Moves     string           // the moves, as the game records them
	Forwarded timecontrol.Date // the day they went on; zero leaves it unsaid
}

// Render writes the notice.
func (m MoveAlreadyReceived) Render() Message {
	w := newWriter(m.Envelope)
	on := ""
	if !m.Forwarded.IsZero() {
		on = w.t(" ", " on ") + date(m.Forwarded)
	}
	w.line(w.f("Ваш ход %s уже получен и переслан партнёру%s; ждём его ответа. Отосланный ход изменить нельзя (п. 6.2.8).",
		"Your move %s has already been received and forwarded to your opponent%s; we are waiting for the reply. A move once sent cannot be changed (clause 6.2.8).", m.Moves, on))
	return w.close(m.Envelope, w.t("Ход уже получен", "Move already received"))
}

// RefereeNote is a finding of the referee told in a receipt, citing its
// clause once.
func RefereeNote(kind Kind, clause, text string) Problem {
	ru, en := text, text
	if clause != "" && !strings.Contains(text, clause) {
		ru, en = text+" (п. "+clause+")", text+" ("+clause+")"
	}
	return Problem{Kind: kind, Clause: clause, Ru: ru, En: en}
}

// LedgerMissing stands in a letter for a ledger that could not be
// computed, saying why.
func LedgerMissing(l Lang, why string) string {
	w := &writer{lang: l.orDefault()}
	return w.f("(график не вычислен: %s)\n", "(the ledger could not be computed: %s)\n", why)
}
