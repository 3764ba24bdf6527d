package draughts

import (
	"fmt"
	"strconv"
	"strings"
)

// The oracle: a second move generator, slow and plain, written from the
// seeds' rules apart from the engine to check it (oracle_compare_test.go).
// A mailbox board (one cell per square, addressed by file and rank), no
// bitboards, no geometry tables, no shortcuts: every capture path is walked
// square by square and kept, and the moves are merged afterwards.
//
// Rules, from the seeds (000_..., 2.1.5; 004_..., 3.4), each variant's
// choices given by oracleRulesOf, not read from the engine:
//   - men step forward, kings fly; capturing is compulsory, men capture
//     backwards too (2.1.5.1-2.1.5.3);
//   - a capture goes on while it can (2.1.5.5, 2.1.5.6); a king takes a piece
//     from afar and lands on any empty square beyond it, but on one from which
//     it can go on capturing if there is such a square (2.1.5.6);
//   - the Turkish strike: the pieces taken stay on the board until the move
//     ends, block it, and none is jumped twice; the origin is empty
//     (2.1.5.9, 2.1.5.12, 2.1.5.17);
//   - Russian and 10x8: free choice among captures (2.1.5.14); a man
//     reaching the last row in a capture becomes a king at once and goes on
//     as one (2.1.5.15);
//   - international: the capture taking most pieces is compulsory (3.4.1); a
//     man passing the last row goes on as a man and is crowned only if the
//     move ends there (3.4.2.1, 3.4.2.2).
//
// Move identity follows the engine's (Move): captures with the same origin,
// destination, set of pieces taken and crowning are one move; as paths,
// each order of taking is one (landing elsewhere between two pieces taken
// in a straight line is not another path).

// oracleRules is what the oracle knows of a variant.
type oracleRules struct {
	width, height int
	majority      bool // 3.4.1
	// crownInCapture: 2.1.5.15; else a man is crowned only where the capture ends (3.4.2).
	crownInCapture bool
}

// oracleRulesOf gives each variant's rules as the seeds and docs/organiser.md
// state them: giveaway moves as Russian; 10x8 is the Russian rules on a
// 10-file, 8-rank board.
func oracleRulesOf(v Variant) oracleRules {
	switch v {
	case International:
		return oracleRules{width: 10, height: 10, majority: true}
	case EightySquare:
		return oracleRules{width: 10, height: 8, crownInCapture: true}
	}
	return oracleRules{width: 8, height: 8, crownInCapture: true}
}

// oBoard is a board as cells: cell[rank*width+file], both 0-based from a1,
// White's bottom left; 0 empty, +1/+2 a White man/king, -1/-2 a Black one.
type oBoard struct {
	oracleRules
	cell  [100]int8
	black bool // Black to move
}

// oMove is a move of an oBoard: cells of its origin and destination, the
// cells of the pieces taken in the order taken and of the squares landed
// on (one per piece taken; the destination alone for a step), and whether
// a man ends it crowned.
type oMove struct {
	from, to int
	order    []int
	lands    []int
	promotes bool
}

// oKey is a move's identity as the engine's Move has it.
type oKey struct {
	from, to int
	taken    [2]uint64 // bit i: cell i
	promotes bool
}

func (m oMove) key() oKey {
	k := oKey{from: m.from, to: m.to, promotes: m.promotes}
	for _, c := range m.order {
		k.taken[c/64] |= 1 << (c % 64)
	}
	return k
}

// pathKey is a capture path's identity: the move and the order of taking.
func (m oMove) pathKey() string {
	return fmt.Sprint(m.key(), m.order)
}

// on reports whether file x, rank y is a playable (dark) square: a1 is dark.
func (b *oBoard) on(x, y int) bool {
	return x >= 0 && x < b.width && y >= 0 && y < b.height && (x+y)%2 == 0
}

func (b *oBoard) index(x, y int) int { return y*b.width + x }

// me is the sign of the side to move's pieces.
func (b *oBoard) me() int8 {
	if b.black {
		return -1
	}
	return 1
}

// lastRank is the side to move's promotion rank.
func (b *oBoard) lastRank() int {
	if b.black {
		return 0
	}
	return b.height - 1
}

// oDirections are the four diagonal steps (file, rank).
var oDirections = [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

// paths lists every legal move, a capture once per path (under the majority
// rule only the longest), the steps when no capture exists.
func (b *oBoard) paths() []oMove {
	var caps []oMove
	for y := range b.height {
		for x := range b.width {
			if b.on(x, y) && b.cell[b.index(x, y)]*b.me() > 0 {
				caps = b.capturesFrom(x, y, caps)
			}
		}
	}
	if len(caps) > 0 { // capturing is compulsory (2.1.5.3)
		if !b.majority {
			return caps // free choice (2.1.5.14)
		}
		most := 0
		for _, m := range caps {
			most = max(most, len(m.order))
		}
		var longest []oMove
		for _, m := range caps {
			if len(m.order) == most {
				longest = append(longest, m)
			}
		}
		return longest
	}
	var steps []oMove
	for y := range b.height {
		for x := range b.width {
			if !b.on(x, y) || b.cell[b.index(x, y)]*b.me() <= 0 {
				continue
			}
			king := b.cell[b.index(x, y)]*b.me() == 2
			for _, d := range oDirections {
				if !king && d[1] != int(b.me()) {
					continue // a man steps forward only
				}
				for tx, ty := x+d[0], y+d[1]; b.on(tx, ty) && b.cell[b.index(tx, ty)] == 0; tx, ty = tx+d[0], ty+d[1] {
					to := b.index(tx, ty)
					steps = append(steps, oMove{from: b.index(x, y), to: to, lands: []int{to}, promotes: !king && ty == b.lastRank()})
					if !king {
						break
					}
				}
			}
		}
	}
	return steps
}

// moves lists the legal moves, captures merged by their identity (oKey).
func (b *oBoard) moves() []oMove {
	return b.unique(b.paths(), func(m oMove) any { return m.key() })
}

// pathMoves lists the legal moves one per path (pathKey): the walk gives a
// straight run over two pieces once per square landed on between them.
func (b *oBoard) pathMoves() []oMove {
	return b.unique(b.paths(), func(m oMove) any { return m.pathKey() })
}

func (*oBoard) unique(ms []oMove, key func(oMove) any) []oMove {
	seen := map[any]bool{}
	var out []oMove
	for _, m := range ms {
		if k := key(m); !seen[k] {
			seen[k] = true
			out = append(out, m)
		}
	}
	return out
}

// oCapture is the state of the captures of one piece.
type oCapture struct {
	b        *oBoard
	work     [100]int8 // the board with the origin emptied; nothing is removed until the end
	taken    [100]bool
	order    []int
	lands    []int
	from     int
	wasKing  bool
	me       int8
	captures []oMove
}

// oJump is a piece a capturer can take and the squares it may land on.
type oJump struct {
	victim int
	lands  [][2]int
}

// capturesFrom appends the capture paths of the piece on x, y to out.
func (b *oBoard) capturesFrom(x, y int, out []oMove) []oMove {
	c := oCapture{b: b, work: b.cell, from: b.index(x, y), me: b.me(), captures: out}
	c.wasKing = b.cell[c.from]*c.me == 2
	c.work[c.from] = 0 // the origin is empty during the move (2.1.5.17)
	c.walk(x, y, c.wasKing, false)
	return c.captures
}

// jumps lists the pieces a capturer on x, y can take now: an opponent's
// piece not taken already, next to it (a man) or the first piece along the
// diagonal (a king), with an empty square beyond; a man lands right behind
// it, a king on any empty square beyond up to the next piece.
func (c *oCapture) jumps(x, y int, king bool) []oJump {
	var out []oJump
	b := c.b
	for _, d := range oDirections {
		vx, vy := x+d[0], y+d[1]
		for king && b.on(vx, vy) && c.work[b.index(vx, vy)] == 0 {
			vx, vy = vx+d[0], vy+d[1]
		}
		if !b.on(vx, vy) {
			continue
		}
		v := b.index(vx, vy)
		if c.work[v]*c.me >= 0 || c.taken[v] {
			continue // empty (a man's neighbour), its own, or taken already (2.1.5.9)
		}
		j := oJump{victim: v}
		for lx, ly := vx+d[0], vy+d[1]; b.on(lx, ly) && c.work[b.index(lx, ly)] == 0; lx, ly = lx+d[0], ly+d[1] {
			j.lands = append(j.lands, [2]int{lx, ly})
			if !king {
				break
			}
		}
		if len(j.lands) > 0 {
			out = append(out, j)
		}
	}
	return out
}

// walk goes on with a capture standing on x, y: every jump it can make is
// made, and where none is the capture ends (if it took anything).
func (c *oCapture) walk(x, y int, king, crowned bool) {
	b := c.b
	js := c.jumps(x, y, king)
	if len(js) == 0 {
		if len(c.order) > 0 {
			c.captures = append(c.captures, oMove{
				from: c.from, to: b.index(x, y),
				order: append([]int(nil), c.order...), lands: append([]int(nil), c.lands...),
				promotes: !c.wasKing && (crowned || y == b.lastRank()),
			})
		}
		return
	}
	for _, j := range js {
		c.taken[j.victim] = true
		c.order = append(c.order, j.victim)
		lands := j.lands
		if king { // 2.1.5.6: land where the capture goes on, if it can
			var going [][2]int
			for _, l := range lands {
				if len(c.jumps(l[0], l[1], true)) > 0 {
					going = append(going, l)
				}
			}
			if len(going) > 0 {
				lands = going
			}
		}
		for _, l := range lands {
			k, cr := king, crowned
			if !king && l[1] == b.lastRank() && b.crownInCapture {
				k, cr = true, true // 2.1.5.15: on as a king
			}
			c.lands = append(c.lands, b.index(l[0], l[1]))
			c.walk(l[0], l[1], k, cr)
			c.lands = c.lands[:len(c.lands)-1]
		}
		c.order = c.order[:len(c.order)-1]
		c.taken[j.victim] = false
	}
}

// play returns the board after m: the pieces taken leave only now.
func (b oBoard) play(m oMove) oBoard {
	piece := b.cell[m.from]
	b.cell[m.from] = 0
	for _, v := range m.order {
		b.cell[v] = 0
	}
	if m.promotes {
		piece *= 2
	}
	b.cell[m.to] = piece
	b.black = !b.black
	return b
}

// perft counts the move sequences of length depth, captures merged or, with
// paths, one per order of taking.
func (b oBoard) perft(depth int, paths bool) uint64 {
	if depth == 0 {
		return 1
	}
	ms := b.moves()
	if paths {
		ms = b.pathMoves()
	}
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		n += b.play(m).perft(depth-1, paths)
	}
	return n
}

// oracleBoard reads an engine position square by square.
func oracleBoard(p Position) oBoard {
	v := p.Variant()
	b := oBoard{oracleRules: oracleRulesOf(v), black: p.SideToMove() == Black}
	for n := 1; n <= v.Squares(); n++ {
		s, _ := v.SquareFromNumber(n)
		c, king, ok := p.Piece(s)
		if !ok {
			continue
		}
		piece := int8(1)
		if king {
			piece = 2
		}
		if c == Black {
			piece = -piece
		}
		f, r := v.FileRank(s)
		b.cell[b.index(f-1, r-1)] = piece
	}
	return b
}

// oracleCell is the oracle's cell of an engine square.
func oracleCell(v Variant, s Square) int {
	f, r := v.FileRank(s)
	return (r-1)*oracleRulesOf(v).width + f - 1
}

// oracleKey is the identity of an engine move, in the oracle's cells.
func oracleKey(v Variant, m Move) oKey {
	k := oKey{from: oracleCell(v, m.From), to: oracleCell(v, m.To), promotes: m.Promotes}
	for _, s := range m.Captured.Squares(nil) {
		c := oracleCell(v, s)
		k.taken[c/64] |= 1 << (c % 64)
	}
	return k
}

// cellName writes a cell of a board width files wide: "c3".
func cellName(width, c int) string { return string(rune('a'+c%width)) + strconv.Itoa(c/width+1) }

// text writes a move's identity for a failure message: "a1-h8 x c3,e5 =K".
func (k oKey) text(width int) string {
	name := func(c int) string { return cellName(width, c) }
	var s strings.Builder
	s.WriteString(name(k.from) + "-" + name(k.to))
	sep := " x "
	for c := range 128 {
		if k.taken[c/64]&(1<<(c%64)) != 0 {
			s.WriteString(sep + name(c))
			sep = ","
		}
	}
	if k.promotes {
		s.WriteString(" =K")
	}
	return s.String()
}
