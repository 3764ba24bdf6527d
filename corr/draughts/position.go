package draughts

// Position is a position of a game: the pieces, the side to move and the
// variant. It is a small value (four words): copy it freely, compare it with
// ==, use it as a map key. The zero value is an empty Russian board with
// White to move.
type Position struct {
	pieces [2]Bitboard // every piece of White, of Black
	kings  Bitboard    // the kings of both sides
	side   Color
	v      Variant
}

// Initial returns the starting position of variant v (clause 2.1.3.1, 3.2):
// each side's men on the dark squares of its first three rows (four on 10x10),
// White to move.
func Initial(v Variant) Position {
	r := v.rules()
	g := r.geo
	n := r.menRows * g.half
	var p Position
	p.v = v
	for i := 1; i <= n; i++ {
		p.pieces[Black] |= bit(g.byNumber[i])
		p.pieces[White] |= bit(g.byNumber[g.squares+1-i])
	}
	return p
}

// Variant returns the variant the position is played under.
func (p Position) Variant() Variant { return p.v }

// SideToMove returns the side whose turn it is.
func (p Position) SideToMove() Color { return p.side }

// Pieces returns the squares of c's pieces, men and kings.
func (p Position) Pieces(c Color) Bitboard { return p.pieces[c&1] }

// Men returns the squares of c's men.
func (p Position) Men(c Color) Bitboard { return p.pieces[c&1] &^ p.kings }

// Kings returns the squares of c's kings.
func (p Position) Kings(c Color) Bitboard { return p.pieces[c&1] & p.kings }

// Count returns how many men and kings c has.
func (p Position) Count(c Color) (men, kings int) {
	return p.Men(c).Count(), p.Kings(c).Count()
}

// Piece tells what stands on s: ok is false for an empty square.
func (p Position) Piece(s Square) (c Color, king, ok bool) {
	switch {
	case p.pieces[White].Has(s):
		return White, p.kings.Has(s), true
	case p.pieces[Black].Has(s):
		return Black, p.kings.Has(s), true
	}
	return 0, false, false
}

// Key is a 64-bit hash of the position (pieces and side to move), for
// repetition tables. Equal positions have equal keys; use == on Position
// itself where a collision would matter.
func (p Position) Key() uint64 {
	h := uint64(p.side)<<1 | uint64(p.v)<<2
	for _, b := range [3]Bitboard{p.pieces[White], p.pieces[Black], p.kings} {
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
	us := p.side & 1
	from, to := bit(m.From), bit(m.To)
	p.pieces[us] = p.pieces[us]&^from | to
	p.pieces[us^1] &^= m.Captured
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
	return Position{pieces: [2]Bitboard{white, black}, kings: kings & (white | black), side: side & 1, v: v}
}
