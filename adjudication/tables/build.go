package tables

import (
	"fmt"

	"zaochnik/corr/draughts"
)

// Material is a table's balance of forces: the kings of each side.
type Material struct{ White, Black int }

// Entry values: the distance in plies to the end of the game with best
// play, odd when the side to move wins, even when it loses; or one of these.
const (
	drawn   uint8 = 255
	invalid uint8 = 254 // two pieces on one square: no position
)

// table is the solved positions of one material: entry (rank of White's
// squares × C(n, Black) + rank of Black's) × 2 + side to move.
type table struct {
	m      Material
	cw, cb [][maxSide]int8
	val    []uint8
}

func newTable(b *board, m Material) *table {
	t := &table{m: m, cw: combos(b.n, m.White), cb: combos(b.n, m.Black)}
	t.val = make([]uint8, 2*len(t.cw)*len(t.cb))
	return t
}

func (t *table) index(w, b []int8, side draughts.Color) int {
	return (rank(w)*len(t.cb)+rank(b))*2 + int(side)
}

// Set is the tables of one variant for every kings-only material up to
// Pieces pieces, each side having at least one king.
type Set struct {
	b      *board
	pieces int
	tables map[Material]*table
}

// Variant is the variant the tables were built for.
func (s *Set) Variant() draughts.Variant { return s.b.v }

// Pieces is the most pieces a position of the tables has.
func (s *Set) Pieces() int { return s.pieces }

// Size is the number of entries (positions) of all the tables, one byte each.
func (s *Set) Size() int {
	n := 0
	for _, t := range s.tables {
		n += len(t.val)
	}
	return n
}

// MaxPieces is the largest size Build accepts.
const MaxPieces = 5

// materials lists the materials of up to pieces pieces, smaller first: a
// capture leads only into a table listed before.
func materials(pieces int) []Material {
	var ms []Material
	for n := 2; n <= pieces; n++ {
		for w := n - 1; w >= 1; w-- {
			if w <= maxSide && n-w <= maxSide {
				ms = append(ms, Material{w, n - w})
			}
		}
	}
	return ms
}

// Build solves every kings-only position of v with 2 to pieces pieces by
// retrograde analysis. progress, if not nil, is called now and then with
// the positions done and the total.
func Build(v draughts.Variant, pieces int, progress func(done, total int)) (*Set, error) {
	if v != draughts.Russian && v != draughts.International {
		return nil, fmt.Errorf("tables: variant %v: only russian and international have tables", v)
	}
	if pieces < 2 || pieces > MaxPieces {
		return nil, fmt.Errorf("tables: %d pieces: give 2 to %d", pieces, MaxPieces)
	}
	s := &Set{b: newBoard(v), pieces: pieces, tables: map[Material]*table{}}
	ms := materials(pieces)
	total, done := 0, 0
	for _, m := range ms {
		total += 2 * binom[s.b.n][m.White] * binom[s.b.n][m.Black]
	}
	for _, m := range ms {
		t := newTable(s.b, m)
		s.solve(t, func(n int) {
			if progress != nil {
				progress(done+n, total)
			}
		})
		done += len(t.val)
		s.tables[m] = t
	}
	if progress != nil {
		progress(total, total)
	}
	return s, nil
}

// solve fills t: positions with a capture (compulsory, 2.1.5.3) and
// positions without a move are valued at once from the smaller tables;
// then, distance by distance, each resolved position resolves its
// predecessors: a loss makes every predecessor a win, a win makes a
// predecessor a loss once all its moves are known to be wins.
func (s *Set) solve(t *table, progress func(int)) {
	b, v := s.b, s.b.v
	left := make([]uint8, len(t.val)) // moves not yet known to win, 0 once resolved
	var buckets [][]int32
	push := func(i int, d uint8) {
		for len(buckets) <= int(d) {
			buckets = append(buckets, nil)
		}
		buckets[d] = append(buckets[d], int32(i))
	}
	var buf [128]draughts.Move
	for rw, ws := range t.cw {
		var wbb draughts.Bitboard
		for _, x := range ws[:t.m.White] {
			wbb |= 1 << b.squares[x]
		}
		for rb, bs := range t.cb {
			i := (rw*len(t.cb) + rb) * 2
			var bbb draughts.Bitboard
			for _, x := range bs[:t.m.Black] {
				bbb |= 1 << b.squares[x]
			}
			if wbb&bbb != 0 {
				t.val[i], t.val[i+1] = invalid, invalid
				continue
			}
			for side := range 2 {
				p := draughts.NewPosition(v, wbb, bbb, wbb|bbb, draughts.Color(side))
				moves := p.LegalMoves(buf[:0])
				switch {
				case len(moves) == 0:
					t.val[i+side] = 0
					push(i+side, 0)
				case moves[0].IsCapture():
					var kids [128]uint8
					for j, m := range moves {
						kids[j] = s.raw(p.Play(m))
					}
					d := best(kids[:len(moves)])
					t.val[i+side] = d
					if d != drawn {
						push(i+side, d)
					}
				default:
					t.val[i+side] = drawn
					left[i+side] = uint8(len(moves))
				}
			}
			if rb&1023 == 0 {
				progress(i)
			}
		}
	}
	var occ [64]bool
	for d := 0; d < len(buckets); d++ {
		for k := 0; k < len(buckets[d]); k++ {
			i := int(buckets[d][k])
			side := draughts.Color(i & 1)
			r := i >> 1
			ws, bs := t.cw[r/len(t.cb)], t.cb[r%len(t.cb)]
			sets := [2][]int8{ws[:t.m.White], bs[:t.m.Black]}
			for _, x := range sets[0] {
				occ[x] = true
			}
			for _, x := range sets[1] {
				occ[x] = true
			}
			mover := side ^ 1
			own := sets[mover]
			var moved [maxSide]int8
			for j, to := range own {
				for _, ray := range b.rays[to] {
					for _, from := range ray {
						if occ[from] {
							break
						}
						copy(moved[:], own)
						moved[j] = from
						sortSet(moved[:len(own)])
						q := sets
						q[mover] = moved[:len(own)]
						qi := t.index(q[0], q[1], mover)
						if left[qi] == 0 {
							continue
						}
						if d%2 == 0 {
							left[qi] = 0
							t.val[qi] = uint8(d + 1)
							push(qi, uint8(d+1))
						} else if left[qi]--; left[qi] == 0 {
							t.val[qi] = uint8(d + 1)
							push(qi, uint8(d+1))
						}
					}
				}
			}
			for _, x := range sets[0] {
				occ[x] = false
			}
			for _, x := range sets[1] {
				occ[x] = false
			}
		}
	}
}

// best values a position from the values of the positions its moves lead
// to (each from its own side to move's view): the quickest win, else a
// draw, else the longest loss.
func best(children []uint8) uint8 {
	win, loss, draw := uint8(255), uint8(0), false
	for _, c := range children {
		switch {
		case c == drawn:
			draw = true
		case c%2 == 0:
			win = min(win, c+1)
		default:
			loss = max(loss, c+1)
		}
	}
	switch {
	case win != 255:
		return win
	case draw:
		return drawn
	}
	return loss
}
