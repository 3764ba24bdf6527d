package timecontrol

// OnMove is the clock of the player who must answer next: what the server
// needs to remind them before their limit and to claim the overstep after
// it (6.3.4, 6.3.5).
type OnMove struct {
	Player Color
	// Since is the day they received the move they are thinking about
	// (White with no replies: the start), estimated as Notes say when not
	// recorded.
	Since Date
	// Total is their total before this reply; Move the counted move they
	// are thinking about; Limit its limit.
	Total, Move, Limit int
	// OverstepDate is the first day on which posting the reply oversteps
	// (a silent overstep, if they keep silent until then). It is zero when
	// their clock has stopped at the end of play (6.3.2).
	OverstepDate Date
	// Stopped marks a move received on or after the end of play: no more
	// days for this player (6.3.2).
	Stopped bool
	Notes   []Note
}

// onMove finds who must answer after the last reply and their clock.
func (l *Ledger) onMove(t Timeline) OnMove {
	var m OnMove
	n := len(t.Replies)
	switch {
	case n == 0:
		m.Player, m.Since = White, t.Start
	case l.lastReply().Pending:
		m.Player, m.Since = t.Replies[n-1].Player, l.lastReply().Received
	default:
		last := t.Replies[n-1]
		m.Player = last.Player.Opponent()
		var note Note
		m.Since, note = estimateReceipt(t, n, last.posted(), Date{}, m.Player)
		m.Notes = append(m.Notes, note)
	}
	tot := l.Totals[m.Player]
	m.Total, m.Move = tot.Total, tot.Moves+1
	m.Limit = l.Control.Limit(m.Move)
	if !t.End.IsZero() && !m.Since.Before(t.End) {
		m.Stopped = true
		m.Notes = append(m.Notes, Note{Kind: NoteEndOfPlay, Clause: "6.3.2", Player: m.Player, A: t.End})
		return m
	}
	m.OverstepDate = l.overstepDate(l.after(m.Player, m.Since), m.Limit-m.Total)
	return m
}

// overstepDate returns the first day d after after on which the non-break
// days of (after, d] exceed spare: posting on d oversteps. With spare < 0
// the player is over already and d is after itself.
func (l *Ledger) overstepDate(after Date, spare int) Date {
	if spare < 0 {
		return after
	}
	d, counted := after, 0
	for _, s := range l.breaks {
		if !s.to.After(d) {
			continue
		}
		// Plain days before this break.
		gapEnd := s.from.AddDays(-1)
		if gap := gapEnd.Sub(d); gap > 0 {
			if counted+gap > spare {
				return d.AddDays(spare - counted + 1)
			}
			counted += gap
		}
		d = s.to
	}
	return d.AddDays(spare - counted + 1)
}

// lastReply returns the last reply line of the ledger.
func (l *Ledger) lastReply() Line {
	for i := len(l.Lines) - 1; i >= 0; i-- {
		if l.Lines[i].Kind == ReplyLine {
			return l.Lines[i]
		}
	}
	return Line{}
}

// RunningTotal returns the total of the player on move if they post their
// reply on today: their total so far plus the non-break days since the move
// arrived. Before the move arrives, or once their clock has stopped, it is
// their total so far.
func (l Ledger) RunningTotal(today Date) int {
	m := l.OnMove
	if m.Stopped {
		return m.Total
	}
	days, _ := countDays(l.after(m.Player, m.Since), today, l.breaks)
	return m.Total + days
}
