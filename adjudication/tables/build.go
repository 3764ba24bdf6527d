package tables

import (
	"fmt"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"

	"zaochnik/corr/draughts"
)

// Entry values: the distance in plies to the end of the game with best
// play, odd when the side to move wins, even when it loses; or one of these.
const (
	drawn   uint8 = 255
	invalid uint8 = 254 // two pieces on one square: no position
	// maxDistance is the longest distance an entry holds.
	maxDistance = 252
)

// MaxPieces is the largest size Build accepts.
const MaxPieces = 6

// Materials lists the materials of v's tables of up to pieces pieces in
// the order they are built: fewer pieces first, then fewer men. A capture
// leads to fewer pieces and a promotion to fewer men, so every position a
// conversion reaches is in a table listed before.
func Materials(pieces int) []Material {
	var ms []Material
	for n := 2; n <= pieces; n++ {
		for men := 0; men <= n; men++ {
			for wm := men; wm >= 0; wm-- {
				bm := men - wm
				for wk := n - men; wk >= 0; wk-- {
					bk := n - men - wk
					m := Material{wm, wk, bm, bk}
					if wm+wk == 0 || bm+bk == 0 || wm+wk > maxSide || bm+bk > maxSide {
						continue
					}
					ms = append(ms, m)
				}
			}
		}
	}
	return ms
}

// needs reports whether a position of m can convert into one of d: d
// has fewer pieces, no more men of a colour and no more pieces of a side;
// or d is m with one man of a side crowned.
func (m Material) needs(d Material) bool {
	if d.Pieces() < m.Pieces() {
		return d.WhiteMen <= m.WhiteMen && d.BlackMen <= m.BlackMen &&
			d.WhiteMen+d.WhiteKings <= m.WhiteMen+m.WhiteKings && d.BlackMen+d.BlackKings <= m.BlackMen+m.BlackKings
	}
	return d == Material{m.WhiteMen - 1, m.WhiteKings + 1, m.BlackMen, m.BlackKings} ||
		d == Material{m.WhiteMen, m.WhiteKings, m.BlackMen - 1, m.BlackKings + 1}
}

// Build solves every position of v with 2 to pieces pieces, men and kings,
// in memory (see Set.BuildSlice for a build table by table). progress, if
// not nil, is called now and then with the positions done and the total.
func Build(v draughts.Variant, pieces int, progress func(done, total int)) (*Set, error) {
	s, err := NewSet(v, pieces, nil)
	if err != nil {
		return nil, err
	}
	total, done := s.Positions(), 0
	for _, m := range Materials(pieces) {
		n, err := s.BuildSlice(m, 0, func(d, _ int) {
			if progress != nil {
				progress(done+d, total)
			}
		})
		if err != nil {
			return nil, err
		}
		done += n
	}
	if progress != nil {
		progress(total, total)
	}
	return s, nil
}

// Entries is the number of entries (positions, one byte each) of m's table.
func (s *Set) Entries(m Material) int {
	l := s.b.layout(m)
	return l.entries()
}

// BuildSlice solves the positions of material m, using workers goroutines
// (0: GOMAXPROCS) for the first pass, and keeps the table in the set. The
// tables m converts into must be in the set or loadable. A material whose
// colour mirror (its colours swapped) is in the set or loadable is turned
// from it instead, a permutation. It returns the number of entries;
// progress gets the entries of the first pass done.
func (s *Set) BuildSlice(m Material, workers int, progress func(done, total int)) (int, error) {
	return s.buildSlice(m, workers, progress, true)
}

// buildSlice is BuildSlice; with mirrors false it solves m even when
// its mirror is at hand (the tests compare both ways).
func (s *Set) buildSlice(m Material, workers int, progress func(done, total int), mirrors bool) (int, error) {
	if n := s.Entries(m); n > math.MaxInt32 {
		return 0, fmt.Errorf("tables: %v has %d entries, more than this builder numbers (%d)", m, n, math.MaxInt32)
	}
	if mm := m.mirror(); mm != m && s.b.turned != nil && mirrors {
		if u, _ := s.slice(mm); u != nil {
			t := s.b.turn(m, u)
			s.put(t)
			if progress != nil {
				progress(len(t.val), len(t.val))
			}
			return len(t.val), nil
		}
	}
	for _, d := range Materials(m.Pieces()) {
		if m.needs(d) {
			if t, err := s.slice(d); t == nil {
				return 0, fmt.Errorf("tables: %v needs %v first: %v", m, d, err)
			}
		}
	}
	t := &slice{layout: s.b.layout(m)}
	t.val = make([]uint8, t.entries())
	st := s.solving(t)
	for _, d := range Materials(m.Pieces()) {
		if m.needs(d) {
			into, _ := s.slice(d)
			st.into[d.WhiteMen][d.WhiteKings][d.BlackMen][d.BlackKings] = into
		}
	}
	if err := st.solve(workers, progress); err != nil {
		return 0, err
	}
	s.put(t)
	return len(t.val), nil
}

// turn returns m's table made from u, its mirror's: each position of m is
// one of u turned half round, the colours and the side to move swapped
// (White's men go up, Black's down, each to its own promotion row: the
// same game), so it has the same value. Each group's rank maps to the
// rank of the group it becomes, so an entry's source is a sum of four
// lookups.
func (b *board) turn(m Material, u *slice) *slice {
	t := &slice{layout: b.layout(m)}
	t.val = make([]uint8, t.entries())
	var stride [4]int // u's
	stride[3] = 2
	for g := 2; g >= 0; g-- {
		stride[g] = stride[g+1] * u.sizes[g+1]
	}
	var src [4][]int
	var sq [maxSide]int8
	for g := range 4 {
		h, k := g^1, t.k[g] // group g of m is group h of u
		src[g] = make([]int, t.sizes[g])
		for r := range src[g] {
			set := b.squaresOf(&t.layout, g, r, sq[:0])
			for x, i := range set {
				i = b.turned[i]
				if h < whiteKings {
					i = b.manIdx[h][i]
				}
				set[x] = i
			}
			sortSet(set[:k])
			src[g][r] = rank(set[:k]) * stride[h]
		}
	}
	j := 0
	for _, a := range src[0] {
		for _, c := range src[1] {
			for _, e := range src[2] {
				for _, f := range src[3] {
					x := a + c + e + f
					t.val[j], t.val[j+1] = u.val[x+1], u.val[x]
					j += 2
				}
			}
		}
	}
	return t
}

// solving is the state of one table's retrograde analysis.
type solving struct {
	s *Set
	t *slice
	// left counts the moves within the table not yet known to win for the
	// opponent; 0 once the position is resolved (or has none).
	left []uint8
	// conv sums up the conversions (captures aside, which are resolved at
	// once): noLoss when one wins or draws, else the longest loss they
	// give; done once the position's predecessors have been told.
	conv    []uint8
	buckets [][]int32
	// into holds the tables the conversions lead into, by material
	// (WhiteMen, WhiteKings, BlackMen, BlackKings): probed directly.
	into [maxSide + 1][maxSide + 1][maxSide + 1][maxSide + 1]*slice
	// sets[g][r] is the board of group g at rank r; masks[g][r] the same
	// squares by their indices (bit i: index i).
	sets  [4][]draughts.Bitboard
	masks [4][]uint64
	// stride[g] is the distance between the entries of ranks r and r+1
	// of group g, the rest equal.
	stride [4]int
}

const (
	noLoss uint8 = 255
	done   uint8 = 254
)

// solving prepares t's analysis: its state, and each group's boards by rank.
func (s *Set) solving(t *slice) *solving {
	st := &solving{s: s, t: t, left: make([]uint8, len(t.val)), conv: make([]uint8, len(t.val))}
	var sq [maxSide]int8
	for g := range 4 {
		st.sets[g] = make([]draughts.Bitboard, t.sizes[g])
		st.masks[g] = make([]uint64, t.sizes[g])
		for r := range st.sets[g] {
			for _, x := range s.b.squaresOf(&t.layout, g, r, sq[:0]) {
				st.sets[g][r] |= draughts.Bitboard(1) << s.b.squares[x]
				st.masks[g][r] |= 1 << x
			}
		}
	}
	st.stride[3] = 2
	for g := 2; g >= 0; g-- {
		st.stride[g] = st.stride[g+1] * t.sizes[g+1]
	}
	return st
}

// solve fills the table. A first pass, split among workers, values
// positions with a capture (compulsory) or without a move, and the
// conversions (promotions) of the others, from the tables before; then,
// distance by distance, each resolved position resolves its predecessors
// within the table (un-moves of a king or a man of the side that moved
// last): a loss makes them wins, a win makes one a loss once all its moves
// are known to win.
func (st *solving) solve(workers int, progress func(done, total int)) error {
	if workers <= 0 {
		workers = defaultWorkers()
	}
	n := len(st.t.val)
	chunk := max(2, (n/(workers*16))&^1)
	var next, finished atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			var local [][]int32
			for {
				lo := int(next.Add(int64(chunk))) - chunk
				if lo >= n {
					break
				}
				hi := min(lo+chunk, n)
				st.first(lo, hi, &local)
				if d := finished.Add(int64(hi - lo)); progress != nil {
					mu.Lock()
					progress(int(d), n)
					mu.Unlock()
				}
			}
			mu.Lock()
			for d, b := range local {
				st.grow(d)
				st.buckets[d] = append(st.buckets[d], b...)
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	return st.retro()
}

func (st *solving) grow(d int) {
	for len(st.buckets) <= d {
		st.buckets = append(st.buckets, nil)
	}
}

func push(b *[][]int32, i int, d uint8) {
	for len(*b) <= int(d) {
		*b = append(*b, nil)
	}
	(*b)[d] = append((*b)[d], int32(i))
}

// first is the first pass over the entries lo to hi (even). The groups'
// ranks are counted on from lo's, each group's board looked up by rank.
// A position without a capture is told from its boards (geometry.scan);
// one with a capture has its moves generated and played.
func (st *solving) first(lo, hi int, b *[][]int32) {
	s, t, geo := st.s, st.t, st.s.b.geo
	var buf [128]draughts.Move
	q := quiet{promos: make([]promotion, 0, 2*maxSide)}
	r, _ := t.ranks(lo)
	for i := lo; i < hi; i += 2 {
		wm, bm, wk, bk := st.sets[whiteMen][r[0]], st.sets[blackMen][r[1]], st.sets[whiteKings][r[2]], st.sets[blackKings][r[3]]
		for g := 3; g >= 0; g-- {
			if r[g]++; r[g] < t.sizes[g] {
				break
			}
			r[g] = 0
		}
		if wm&bm != 0 || (wm|bm)&wk != 0 || (wm|bm|wk)&bk != 0 {
			t.val[i], t.val[i+1] = invalid, invalid
			continue
		}
		white, black, kings := wm|wk, bm|bk, wk|bk
		empty := ^(white | black)
		men, own := [2]draughts.Bitboard{wm, bm}, [2]draughts.Bitboard{wk, bk}
		opp := [2]draughts.Bitboard{black, white}
		for side := range 2 {
			j := i + side
			if !geo.scan(men[side], own[side], opp[side], empty, s.b.promo[side], side, &q) {
				p := draughts.NewPosition(s.b.v, white, black, kings, draughts.Color(side))
				win, loss, draw := uint8(255), uint8(0), false
				for _, m := range p.LegalMoves(buf[:0]) {
					// The position after m (draughts.Position.Play), the
					// opponent to move: lost (0) with no piece left.
					bb := [4]draughts.Bitboard{wm, bm, wk, bk}
					from, to := draughts.Bitboard(1)<<m.From, draughts.Bitboard(1)<<m.To
					bb[whiteMen+side] &^= from
					bb[whiteKings+side] &^= from
					if m.King || m.Promotes {
						bb[whiteKings+side] |= to
					} else {
						bb[whiteMen+side] |= to
					}
					bb[whiteMen+(side^1)] &^= m.Captured
					bb[whiteKings+(side^1)] &^= m.Captured
					c := uint8(0)
					if bb[whiteMen+(side^1)]|bb[whiteKings+(side^1)] != 0 {
						c = st.probeBoards(bb, side^1)
					}
					tally(c, &win, &loss, &draw)
				}
				d := pick(win, loss, draw)
				t.val[j] = d
				if d != drawn {
					push(b, j, d)
				}
				continue
			}
			if q.within == 0 && len(q.promos) == 0 {
				t.val[j] = 0
				push(b, j, 0)
				continue
			}
			win, loss, draw := uint8(255), uint8(0), false
			for _, m := range q.promos {
				// The promoted position, the opponent to move.
				bb := [4]draughts.Bitboard{wm, bm, wk, bk}
				bb[whiteMen+side] &^= 1 << m.from
				bb[whiteKings+side] |= 1 << m.to
				tally(st.probeBoards(bb, side^1), &win, &loss, &draw)
			}
			t.val[j] = drawn
			st.left[j] = uint8(q.within)
			switch {
			case win != 255:
				st.conv[j] = noLoss
				push(b, j, win) // due at win unless a quicker one comes first
			case draw:
				st.conv[j] = noLoss
			default:
				st.conv[j] = loss
				if q.within == 0 {
					t.val[j] = loss
					push(b, j, loss)
				}
			}
		}
	}
}

// probeBoards is the entry of the position of the groups' boards bb, side
// to move (which has a piece), reached from the table by a capture or a
// promotion, in the table it leads into.
func (st *solving) probeBoards(bb [4]draughts.Bitboard, side int) uint8 {
	t := st.into[bb[whiteMen].Count()][bb[whiteKings].Count()][bb[blackMen].Count()][bb[blackKings].Count()]
	if t == nil {
		// Not a conversion the material needs: never so.
		return st.s.raw(draughts.NewPosition(st.s.b.v, bb[whiteMen]|bb[whiteKings], bb[blackMen]|bb[blackKings], bb[whiteKings]|bb[blackKings], draughts.Color(side)))
	}
	terms := &st.s.b.terms
	var r [4]int
	for g := range 4 {
		k := 0
		// Squares come in the order of their numbers, so of their indices.
		for x := bb[g]; x != 0; x &= x - 1 {
			k++
			r[g] += int(terms[g][bits.TrailingZeros64(uint64(x))][k])
		}
	}
	return t.val[t.index(r, side)]
}

// tally adds a child's entry (from its side to move's view) to the best
// win, the longest loss and whether a draw is at hand.
func tally(c uint8, win, loss *uint8, draw *bool) {
	switch {
	case c == drawn:
		*draw = true
	case c%2 == 0:
		*win = min(*win, c+1)
	default:
		*loss = max(*loss, c+1)
	}
}

// pick is the value those give: the quickest win, else a draw, else the
// longest loss.
func pick(win, loss uint8, draw bool) uint8 {
	switch {
	case win != 255:
		return win
	case draw:
		return drawn
	}
	return loss
}

// retro resolves the positions distance by distance. The positions of a
// distance are told to their predecessors in two halves at once: those
// with White to move change only entries with Black to move, and the
// reverse.
func (st *solving) retro() error {
	t := st.t
	var due [2][]int32
	var scratch []int32
	for d := 0; d < len(st.buckets); d++ {
		if len(st.buckets[d]) == 0 {
			continue
		}
		if d > maxDistance {
			return fmt.Errorf("tables: %v has a distance over %d plies", t.m, maxDistance)
		}
		due[0], due[1] = due[0][:0], due[1][:0]
		// In the order of the entries, so that the predecessors told one
		// after the other lie near each other in memory. The sorted bucket
		// may be scratch itself (an odd number of radix passes): it is read
		// only in this loop and dropped after it, before scratch is reused.
		if cap(scratch) < len(st.buckets[d]) {
			scratch = make([]int32, len(st.buckets[d]))
		}
		st.buckets[d] = sortEntries(st.buckets[d], scratch[:len(st.buckets[d])], len(t.val))
		for _, x := range st.buckets[d] {
			i := int(x)
			if st.conv[i] == done {
				continue
			}
			if t.val[i] == drawn { // a conversion's win comes due
				t.val[i], st.left[i] = uint8(d), 0
			}
			st.conv[i] = done
			due[i&1] = append(due[i&1], x)
		}
		st.buckets[d] = nil
		var out [2][][]int32
		var wg sync.WaitGroup
		for side := range 2 {
			wg.Go(func() { st.tell(due[side], d, &out[side]) })
		}
		wg.Wait()
		for _, o := range out {
			for e, b := range o {
				if len(b) > 0 {
					st.grow(e)
					st.buckets[e] = append(st.buckets[e], b...)
				}
			}
		}
	}
	return nil
}

// tell passes the value (distance d) of each entry of due, all with one
// side to move, to its predecessors, pushing those it resolves onto out.
// A predecessor differs in one piece of the side that moved last: its
// group's rank is that of the set with the piece's square replaced, which
// with p of the other squares below the new one is pre[p] (theirs below)
// + binom[new][p+1] + suf[p] (theirs above, each one place up).
func (st *solving) tell(due []int32, d int, out *[][]int32) {
	t, b := st.t, st.s.b
	for _, x := range due {
		r, side := t.ranks(int(x))
		occ := st.masks[0][r[0]] | st.masks[1][r[1]] | st.masks[2][r[2]] | st.masks[3][r[3]]
		mover := side ^ 1
		for _, g := range [2]int{whiteKings + mover, whiteMen + mover} {
			k, stride := t.k[g], st.stride[g]
			set := t.sets[g][r[g]][:k] // ascending
			// The predecessors' entries but for group g's rank.
			base := int(x) ^ 1 - r[g]*stride
			for j := range k {
				var rest [maxSide]int8
				copy(rest[:j], set[:j])
				copy(rest[j:], set[j+1:])
				var pre, suf [maxSide]int
				for p := 1; p < k; p++ {
					pre[p] = pre[p-1] + binom[rest[p-1]][p]
				}
				for p := k - 2; p >= 0; p-- {
					suf[p] = suf[p+1] + binom[rest[p]][p+2]
				}
				if g < whiteKings {
					to := b.manSq[g][set[j]]
					others := st.masks[g][r[g]] &^ (1 << to)
					for _, from := range b.back[mover][to] {
						if occ&(1<<from) == 0 {
							p := bits.OnesCount64(others & (1<<from - 1))
							q := base + (pre[p]+binom[b.manIdx[g][from]][p+1]+suf[p])*stride
							if st.left[q] != 0 {
								st.resolve(q, d, out)
							}
						}
					}
					continue
				}
				to := set[j]
				others := st.masks[g][r[g]] &^ (1 << to)
				for _, ray := range b.rays[to] {
					for _, from := range ray {
						if occ&(1<<from) != 0 {
							break
						}
						p := bits.OnesCount64(others & (1<<from - 1))
						q := base + (pre[p]+binom[from][p+1]+suf[p])*stride
						if st.left[q] != 0 {
							st.resolve(q, d, out)
						}
					}
				}
			}
		}
	}
}

// resolve tells the unresolved predecessor q that a child of it is
// resolved at distance d, pushing it onto out if that resolves it.
func (st *solving) resolve(q, d int, out *[][]int32) {
	t := st.t
	if d%2 == 0 {
		st.left[q] = 0
		t.val[q] = uint8(d + 1)
		push(out, q, uint8(d+1))
		return
	}
	if st.left[q]--; st.left[q] == 0 && st.conv[q] != noLoss {
		t.val[q] = max(uint8(d+1), st.conv[q])
		push(out, q, t.val[q])
	}
}

// sortEntries sorts a, entries below n, by their digits of 11 bits from
// the lowest (a radix sort through tmp, as long as a); it returns the
// sorted slice, a or tmp.
func sortEntries(a, tmp []int32, n int) []int32 {
	const bits = 11
	for shift := 0; n>>shift > 0; shift += bits {
		var count [1<<bits + 1]int
		for _, x := range a {
			count[(x>>shift)&(1<<bits-1)+1]++
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for _, x := range a {
			k := (x >> shift) & (1<<bits - 1)
			tmp[count[k]] = x
			count[k]++
		}
		a, tmp = tmp, a
	}
	return a
}
