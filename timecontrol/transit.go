package timecontrol

// averageTransit returns the average days a letter took between the two
// players over the letters before reply upto whose receipt date was
// written (6.3.3), rounded to the nearest whole day with an exact half
// going down (the earlier receipt: the player who left the date out does
// not gain from the doubt), and how many letters it averaged. White's first
// reply answers the start list, not a letter, so it is not a transit.
func averageTransit(t Timeline, upto int) (days, letters int) {
	sum := 0
	for j := 1; j < upto && j < len(t.Replies); j++ {
		got, posted := t.Replies[j].Received, t.Replies[j-1].posted()
		if got.IsZero() || posted.IsZero() || got.Before(posted) {
			continue
		}
		sum += got.Sub(posted)
		letters++
	}
	if letters == 0 {
		return 0, 0
	}
	return roundHalfDown(sum, letters), letters
}

// estimateReceipt returns the date a player received the letter posted on
// posted, when they did not write it: posted plus the average transit of the
// letters before reply upto, never later than notAfter (their own reply,
// if sent). With no earlier letters it is the posting date itself: the
// only date known, and the one least favourable to the player who left the
// date out. The note says which.
func estimateReceipt(t Timeline, upto int, posted, notAfter Date, p Color) (Date, Note) {
	avg, n := averageTransit(t, upto)
	if n == 0 {
		return posted, Note{Kind: NoteReceiptNoHistory, Clause: "6.3.3", Player: p, A: posted}
	}
	d, capped := posted.AddDays(avg), 0
	if !notAfter.IsZero() && d.After(notAfter) {
		d, capped = notAfter, 1
	}
	return d, Note{Kind: NoteReceiptEstimated, Clause: "6.3.3", Player: p, A: d, Days: avg, N: n, M: capped}
}

// received returns the receipt date reply i is counted from: as written;
// the start date for White's first move; else estimated (6.3.3), with a
// note on ln.
func (l *Ledger) received(t Timeline, i int, ln *Line) Date {
	r := t.Replies[i]
	switch {
	case !r.Received.IsZero():
		return r.Received
	case i == 0:
		return t.Start
	}
	d, note := estimateReceipt(t, i, t.Replies[i-1].posted(), r.Sent, r.Player)
	ln.Notes = append(ln.Notes, note)
	return d
}
