package timecontrol

// Control is the time budget of 6.3.1: Days of thinking for every Moves
// counted moves, accumulated. The zero Control is the standard 50 days per
// 10 moves.
type Control struct {
	Days  int // days per block; 50 by the rules
	Moves int // counted moves per block; 10 by the rules
}

// Standard budget of 6.3.1.
const (
	StandardDays  = 50
	StandardMoves = 10
)

// norm returns c with the standard values filled in for zero fields.
func (c Control) norm() Control {
	if c.Days == 0 {
		c.Days = StandardDays
	}
	if c.Moves == 0 {
		c.Moves = StandardMoves
	}
	return c
}

// Limit returns the most days a player may have spent by the time the
// counted move k (1-based) is sent: Days x ceil(k/Moves) (6.3.5). Spending
// exactly the limit is not an overstep; one day more is.
func (c Control) Limit(k int) int {
	c = c.norm()
	if k < 1 {
		k = 1
	}
	return c.Days * ((k + c.Moves - 1) / c.Moves)
}
