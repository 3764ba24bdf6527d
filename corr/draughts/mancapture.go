package draughts

// A man's capture: a jump takes the piece next to it and lands on the
// square beyond, in any of the four directions (men capture backwards too,
// 2.1.5.3). Jumps are found for all directions at once by shifts of the
// man's bit.

// manLands returns the squares a man on s lands on by taking one more
// piece, having taken the set taken: shifts of bit(s) in the four
// directions at once, the layout's ghost bits stopping a step off the board
// (see geometry).
func (c *gen) manLands(s Square, taken Bitboard) Bitboard {
	h := c.half & 15 // bounded: the shifts need no test for 64 or more
	at, prey := bit(s), c.opp&^taken
	lands := (at>>(h+1)&prey)>>(h+1) | (at>>h&prey)>>h | (at<<h&prey)<<h | (at<<(h+1)&prey)<<(h+1)
	return lands & c.empty
}

// jumps continues a man's capture standing on s, having taken n pieces (the
// set taken), by each jump to a square of lands (from manLands): the piece
// taken is halfway between s and the landing square. Lowest first is the
// directions' order (up-left, up-right, down-left, down-right).
func (c *gen) jumps(s Square, lands, taken Bitboard, n int) {
	for ; lands != 0; lands &= lands - 1 {
		land := lowest(lands)
		t := taken | bit((s+land)/2)
		c.path[n&31] = land
		if c.promote && c.lastRow.Has(land) {
			// 2.1.5.15: a king at once, capturing on as one.
			c.startKing()
			d := c.geo.jumpDirection(s, land)
			if !c.kingFrom(land, t, n+1, turns(d)|1<<d) {
				c.emit(land, t, n+1, true)
			}
			continue
		}
		if on := c.manLands(land, t); on != 0 {
			c.jumps(land, on, t, n+1)
		} else if !c.counted(n + 1) {
			c.emit(land, t, n+1, c.lastRow.Has(land))
		}
	}
}
