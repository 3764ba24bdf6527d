package draughts

// Winner reports whether the game is over by clause 2.8.1 — the side to move
// has no piece left or none can move — and if so who won: the opponent, or
// in giveaway the side that cannot move (Variant.Winner).
func (p Position) Winner() (winner Color, over bool) {
	if p.us != 0 {
		var buf [64]Move
		if len(p.LegalMoves(buf[:0])) > 0 {
			return 0, false
		}
	}
	return p.v.Winner(p.side), true
}
