package draughts

// Position is a position of a game: the pieces, the side to move and the
// variant. It is a small value (four words): copy it freely, compare it with
// ==, use it as a map key. The zero value is an empty Russian board with
// White to move.
//
// The pieces are kept by role, not by colour, and in scalar fields: the
// generator reads the mover's pieces without an index, Play swaps the two,
// and a Position travels in registers from call to call.
type Position struct {
	us    Bitboard // every piece of the side to move
	them  Bitboard // every piece of its opponent
	kings Bitboard // the kings of both sides
	turn
}

// turn is the side to move and the variant, in one field of Position: a
// struct of at most four fields is kept in registers by the compiler, one
// of five is copied through memory at every method call.
type turn struct {
	side Color
	v    Variant
}

// Initial returns the starting position of variant v (clause 2.1.3.1, 3.2):
// each side's men on the dark squares of its first three rows (four on 10x10),
// White to move.
func Initial(v Variant) Position {
	r := v.rules()
	g := r.geo
	n := r.menRows * g.half
	var white, black Bitboard
	for i := 1; i <= n; i++ {
		black |= bit(g.byNumber[i])
		white |= bit(g.byNumber[g.squares+1-i])
	}
	return NewPosition(v, white, black, 0, White)
}

// Variant returns the variant the position is played under.
func (p Position) Variant() Variant { return p.v }

// SideToMove returns the side whose turn it is.
func (p Position) SideToMove() Color { return p.side }

// Pieces returns the squares of c's pieces, men and kings.
func (p Position) Pieces(c Color) Bitboard {
	if c&1 == p.side {
		return p.us
	}
	return p.them
}

// add puts the pieces b of side c on the board (p.side must be set already).
func (p *Position) add(c Color, b Bitboard) {
	if c&1 == p.side {
		p.us |= b
	} else {
		p.them |= b
	}
}

// Men returns the squares of c's men.
func (p Position) Men(c Color) Bitboard { return p.Pieces(c) &^ p.kings }

// Kings returns the squares of c's kings.
func (p Position) Kings(c Color) Bitboard { return p.Pieces(c) & p.kings }

// Count returns how many men and kings c has.
func (p Position) Count(c Color) (men, kings int) {
	return p.Men(c).Count(), p.Kings(c).Count()
}

// Piece tells what stands on s: ok is false for an empty square.
func (p Position) Piece(s Square) (c Color, king, ok bool) {
	switch {
	case p.us.Has(s):
		return p.side, p.kings.Has(s), true
	case p.them.Has(s):
		return p.side ^ 1, p.kings.Has(s), true
	}
	return 0, false, false
}

// Key is a 64-bit hash of the position (pieces and side to move), for
// repetition tables. Equal positions have equal keys; use == on Position
// itself where a collision would matter.
func (p Position) Key() uint64 {
	h := uint64(p.side)<<1 | uint64(p.v)<<2
	for _, b := range [3]Bitboard{p.Pieces(White), p.Pieces(Black), p.kings} {
		h = mix(h ^ uint64(b))
	}
	return h
}

// mix is the splitmix64 finaliser: every input bit moves about half the output bits.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Play returns the position after m, which must be one of p's legal moves
// as generated (LegalMoves, MovesFrom, Resolve): Play does not check it and
// trusts its fields, m.King included. Keep a Move whole to replay it later.
func (p Position) Play(m Move) Position {
	from, to := bit(m.From), bit(m.To)
	p.us, p.them = p.them&^m.Captured, p.us&^from|to
	p.kings &^= from | m.Captured
	if m.King || m.Promotes {
		p.kings |= to
	}
	p.side ^= 1
	return p
}

// NewPosition returns the position of variant v with White's and Black's
// pieces on white and black, those on kings crowned, and side to move. It
// does not check it: the squares must be playable squares of v's board, and
// white and black must not overlap. Endgame tables enumerate positions with it.
func NewPosition(v Variant, white, black, kings Bitboard, side Color) Position {
	p := Position{us: white, them: black, kings: kings & (white | black), turn: turn{side: White, v: v}}
	if side&1 == Black {
		p.us, p.them, p.side = black, white, Black
	}
	return p
}
