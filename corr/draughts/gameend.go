package draughts

// Winner reports whether the game is over by clause 2.8.1 — the side to move
// has no piece left or none can move — and if so who won: the opponent, or
// in giveaway the side that cannot move (Variant.Winner).
func (p Position) Winner() (winner Color, over bool) {
	if p.CanMove() {
		return 0, false
	}
	return p.v.Winner(p.side), true
}

// CanMove reports whether the side to move has a legal move, as
// len(LegalMoves(nil)) > 0 does, without allocating unless the side has
// more than 64 plain moves (many kings on an open board).
func (p Position) CanMove() bool {
	g := p.v.rules().geo
	if men, kings := p.capturers(g); men|kings != 0 {
		return true // a piece that can capture has a capture to make
	}
	var buf [64]Move
	return len(p.steps(buf[:0], g, p.us, g.valid&^(p.us|p.them))) > 0
}
