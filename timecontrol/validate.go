package timecontrol

import "fmt"

// Validate checks that t can be computed: every date present where the
// rules need one, in an order letters can travel, and every list entry
// well formed. It returns Errors listing every problem, or nil.
func (t Timeline) Validate() error { return t.validate(0) }

// validate is Validate with the replies before reply from left out but
// for the one that reply follows: Extend's, known well formed already
// (whether a reply is well formed depends on it and the one before).
func (t Timeline) validate(from int) error {
	var es Errors
	add := func(section string, index int, key, clause, format string, args ...any) {
		es = append(es, &FieldError{Section: section, Index: index, Key: key, Clause: clause, Msg: fmt.Sprintf(format, args...)})
	}
	if t.Start.IsZero() {
		add("", 0, "start", "6.3.2", "missing: write the start date of the start list, e.g. start = 2026-01-15")
	}
	if !t.End.IsZero() && !t.Start.IsZero() && t.End.Before(t.Start) {
		add("", 0, "end", "6.3.2", "end of play %s is before the start %s; check both dates", t.End, t.Start)
	}
	if t.Control.Days < 0 {
		add("time_control", 0, "days", "6.3.1", "%d is negative; write the days per block (50 by the rules)", t.Control.Days)
	}
	if t.Control.Moves < 0 {
		add("time_control", 0, "moves", "6.3.1", "%d is negative; write the moves per block (10 by the rules)", t.Control.Moves)
	}
	var prev *Reply
	if from > 0 {
		prev = &t.Replies[from-1]
	}
	for i := from; i < len(t.Replies); i++ {
		r, n := &t.Replies[i], i+1
		if want := Color(i % 2); r.Player != want {
			add("reply", n, "player", "6.3.1", "is %s, but replies alternate from White, so reply #%d is %s's; list the letters in game order", r.Player, n, want)
		}
		if r.Sent.IsZero() && i != len(t.Replies)-1 {
			add("reply", n, "sent", "6.3.1", "missing: only the last reply may lack its posting date (the player is still thinking)")
		}
		if !r.Sent.IsZero() && !r.Received.IsZero() && r.Sent.Before(r.Received) {
			add("reply", n, "sent", "6.3.1", "%s is before the receipt %s; a reply cannot be posted before the move it answers arrived", r.Sent, r.Received)
		}
		if prev != nil {
			posted := prev.posted()
			if !r.Received.IsZero() && !posted.IsZero() && r.Received.Before(posted) {
				add("reply", n, "received", "6.3.1", "%s is before reply #%d was posted (%s); a letter cannot arrive before it is sent", r.Received, n-1, posted)
			}
			if r.Received.IsZero() && !r.Sent.IsZero() && !posted.IsZero() && r.Sent.Before(posted) {
				add("reply", n, "sent", "6.3.1", "%s is before reply #%d was posted (%s); list the letters in game order", r.Sent, n-1, posted)
			}
		}
		if r.Received.IsZero() && r.Sent.IsZero() {
			add("reply", n, "received", "6.3.3", "missing, and so is sent: give at least the date the player received the move")
		}
		if r.Moves < 0 {
			add("reply", n, "moves", "6.3.5", "%d is negative; write the counted moves of this reply (own and forced)", r.Moves)
		}
		if r.VariantMoves < 0 {
			add("reply", n, "variant_moves", "6.3.5", "%d is negative; write how many moves came through an accepted variant", r.VariantMoves)
		}
		if r.Corrected && r.Postmark.IsZero() {
			add("reply", n, "corrected", "6.3.1", "a correction needs the postmark it was made from; add postmark = YYYY-MM-DD")
		}
		prev = r
	}
	for i, b := range t.Breaks {
		n := i + 1
		if !b.Player.valid() {
			add("break", n, "player", "6.4.1", "write \"white\" or \"black\"")
		}
		if b.From.IsZero() {
			add("break", n, "from", "6.4.3", "missing: write the first day of the break")
		}
		if b.To.IsZero() {
			add("break", n, "to", "6.4.3", "missing: write the last day of the break")
		}
		if !b.From.IsZero() && !b.To.IsZero() && b.To.Before(b.From) {
			add("break", n, "to", "6.4.3", "%s is before the first day %s; a break runs from ... to ..., both days included", b.To, b.From)
		}
	}
	for i, p := range t.Penalties {
		n := i + 1
		if !p.Player.valid() {
			add("penalty", n, "player", "6.2.11", "write \"white\" or \"black\"")
		}
		if p.Days <= 0 {
			add("penalty", n, "days", p.Clause, "%d: penalty days must be a positive number (6 by the rules)", p.Days)
		}
		if p.Date.IsZero() {
			add("penalty", n, "date", p.Clause, "missing: write the day the penalty was charged")
		}
		if !isPenaltyClause(p.Clause) {
			add("penalty", n, "clause", "", "%q does not charge penalty days; write 6.2.11, 6.2.13, 6.3.3 or 6.3.7", p.Clause)
		}
		if p.Reason == "" {
			add("penalty", n, "reason", "6.1.10", "missing: say what the penalty is for, as the player was told")
		}
	}
	return es.err()
}

// posted returns the date a reply was posted by the postmark when there is
// one, else by the date its sender wrote.
func (r Reply) posted() Date {
	if !r.Postmark.IsZero() {
		return r.Postmark
	}
	return r.Sent
}
