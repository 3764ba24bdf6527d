package corr

// Decide records in game code a result decided off the board: the judge's
// adjudication (6.5.5) or the organiser's decision on a protest (6.5.7).
// The game is finished with that result, so it reads the same in the
// record, the table and every report. It reports whether anything changed;
// s is not changed.
func (s State) Decide(code, result string) (State, bool) {
	g := s.game(code)
	if g == nil || g.Status == Finished && g.Result == result {
		return s, false
	}
	s = s.cow()
	g = s.own(s.game(code))
	if g.transition(Finished) != nil {
		return s, false
	}
	g.Result = result
	g.Draw, g.Variants = nil, nil
	if n := len(g.Replies); n > 0 && g.Replies[n-1].Sent.IsZero() {
		g.Replies = g.Replies[:n-1] // nobody is on move in a finished game
	}
	return s, true
}
