package draughts

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The 80-square board (10x8, clause 6.1.4) is played by the Russian rules
// (2.1). Its perft is checked against slowBoard, a plain array generator
// written apart from the bitboard engine: no shifts, no geometry tables,
// the rules spelled out square by square.

// slowBoard is a 10x8 board as a grid: cell[file][rank], 0-based from a1;
// 0 is empty, +1/+2 a White man/king, -1/-2 a Black man/king.
type slowBoard struct {
	cell  [10][8]int8
	black bool // Black to move
}

// slowMove is a move of slowBoard: its ends, the squares taken (bit
// file*8+rank) and in which order, and the board after it.
type slowMove struct {
	from, to [2]int
	taken    uint128
	order    string
	after    slowBoard
}

// uint128 is a set of the 80 cells (bit file*8+rank).
type uint128 struct{ lo, hi uint64 }

func (u uint128) with(f, r int) uint128 {
	if i := f*8 + r; i < 64 {
		u.lo |= 1 << i
	} else {
		u.hi |= 1 << (i - 64)
	}
	return u
}

func (u uint128) has(f, r int) bool {
	if i := f*8 + r; i < 64 {
		return u.lo&(1<<i) != 0
	} else {
		return u.hi&(1<<(i-64)) != 0
	}
}

func onSlow(f, r int) bool { return f >= 0 && f < 10 && r >= 0 && r < 8 }

var slowDirs = [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

// slowFromFEN builds a slowBoard by reading the FEN itself: W/B, then
// alphanumeric lists such as "Wa1,Kc3".
func slowFromFEN(t testing.TB, fen string) slowBoard {
	t.Helper()
	var b slowBoard
	fields := strings.Split(fen, ":")
	b.black = fields[0] == "B"
	for _, f := range fields[1:] {
		sign := int8(1)
		if f[0] == 'B' {
			sign = -1
		}
		for _, item := range strings.Split(f[1:], ",") {
			piece := int8(1)
			if item[0] == 'K' {
				piece, item = 2, item[1:]
			}
			r, err := strconv.Atoi(item[1:])
			require.NoError(t, err, item)
			b.cell[item[0]-'a'][r-1] = sign * piece
		}
	}
	return b
}

// moves lists every legal move, one per capture path: a king that may stop
// on several squares between two pieces it takes gives one path per square.
func (b slowBoard) moves() []slowMove {
	me := int8(1)
	if b.black {
		me = -1
	}
	var caps, steps []slowMove
	for f := range 10 {
		for r := range 8 {
			p := b.cell[f][r] * me
			if p <= 0 {
				continue
			}
			from := [2]int{f, r}
			work := b
			work.cell[f][r] = 0 // the origin is empty during the move
			work.capture(from, from, p == 2, me, uint128{}, "", &caps)
			for d, dir := range slowDirs {
				if p == 1 && (d < 2) != (me == 1) { // men step forward only
					continue
				}
				for g, s := f+dir[0], r+dir[1]; onSlow(g, s) && b.cell[g][s] == 0; g, s = g+dir[0], s+dir[1] {
					steps = append(steps, b.finish(from, [2]int{g, s}, p == 2, uint128{}, "", me))
					if p == 1 {
						break
					}
				}
			}
		}
	}
	if len(caps) > 0 { // capturing is compulsory (2.1.5.3)
		return caps
	}
	return steps
}

// capture extends a capture by the piece from origin standing at at (work
// holds the board with the origin emptied and nothing removed yet).
func (work slowBoard) capture(origin, at [2]int, king bool, me int8, taken uint128, order string, out *[]slowMove) {
	type landing struct {
		sq    [2]int
		taken uint128
		order string
	}
	var next []landing
	for _, dir := range slowDirs {
		f, r := at[0]+dir[0], at[1]+dir[1]
		if king { // a king flies to the first piece
			for onSlow(f, r) && work.cell[f][r] == 0 {
				f, r = f+dir[0], r+dir[1]
			}
		}
		if !onSlow(f, r) || work.cell[f][r]*me >= 0 || taken.has(f, r) {
			continue // no enemy piece, or one already taken (2.1.5.17)
		}
		t, o := taken.with(f, r), order+string(rune('a'+f))+strconv.Itoa(r+1)
		for g, s := f+dir[0], r+dir[1]; onSlow(g, s) && work.cell[g][s] == 0; g, s = g+dir[0], s+dir[1] {
			next = append(next, landing{[2]int{g, s}, t, o})
			if !king {
				break
			}
		}
	}
	if len(next) == 0 {
		if taken != (uint128{}) {
			*out = append(*out, work.finish(origin, at, king, taken, order, me))
		}
		return
	}
	// Per direction and piece taken, a king must land where it can go on
	// capturing if there is such a square; a man has one landing.
	groups := map[uint128][]landing{}
	var jumps []uint128
	for _, l := range next {
		if _, ok := groups[l.taken]; !ok {
			jumps = append(jumps, l.taken)
		}
		groups[l.taken] = append(groups[l.taken], l)
	}
	for _, key := range jumps {
		ls := groups[key]
		var going []landing
		for _, l := range ls {
			if work.canCapture(l.sq, king || l.sq[1] == lastRank(me), me, l.taken) {
				going = append(going, l)
			}
		}
		if len(going) == 0 {
			for _, l := range ls {
				promoted := king || l.sq[1] == lastRank(me)
				*out = append(*out, work.finish(origin, l.sq, promoted, l.taken, l.order, me))
			}
			continue
		}
		for _, l := range going {
			// A man reaching the last row goes on as a king (2.1.5.15).
			work.capture(origin, l.sq, king || l.sq[1] == lastRank(me), me, l.taken, l.order, out)
		}
	}
}

// canCapture reports whether a piece at at could take one more piece: an
// enemy piece not yet taken, reached along a diagonal (by a king from afar),
// with an empty square behind it.
func (work slowBoard) canCapture(at [2]int, king bool, me int8, taken uint128) bool {
	for _, dir := range slowDirs {
		f, r := at[0]+dir[0], at[1]+dir[1]
		for king && onSlow(f, r) && work.cell[f][r] == 0 {
			f, r = f+dir[0], r+dir[1]
		}
		g, s := f+dir[0], r+dir[1]
		if onSlow(g, s) && work.cell[f][r]*me < 0 && !taken.has(f, r) && work.cell[g][s] == 0 {
			return true
		}
	}
	return false
}

func lastRank(me int8) int {
	if me == 1 {
		return 7
	}
	return 0
}

// finish plays a move: the taken pieces leave only now (2.1.5.17), and a
// man ending on the last row is a king.
func (b slowBoard) finish(from, to [2]int, king bool, taken uint128, order string, me int8) slowMove {
	after := b
	after.cell[from[0]][from[1]] = 0
	for f := range 10 {
		for r := range 8 {
			if taken.has(f, r) {
				after.cell[f][r] = 0
			}
		}
	}
	piece := int8(1)
	if king || to[1] == lastRank(me) {
		piece = 2
	}
	after.cell[to[0]][to[1]] = piece * me
	after.black = !b.black
	return slowMove{from: from, to: to, taken: taken, order: order, after: after}
}

// slowPerft counts move sequences. A capture counts once for its ends and
// the pieces it takes, or with paths once for each order of taking them
// (the engine's conventions: landing on another square between the same
// two pieces is not another path).
func slowPerft(b slowBoard, depth int, paths bool) uint64 {
	if depth == 0 {
		return 1
	}
	moves := b.moves()
	{
		type key struct {
			from, to [2]int
			taken    uint128
			order    string
		}
		seen := map[key]bool{}
		out := moves[:0:0]
		for _, m := range moves {
			k := key{from: m.from, to: m.to, taken: m.taken}
			if paths {
				k.order = m.order
			}
			if !seen[k] {
				seen[k] = true
				out = append(out, m)
			}
		}
		moves = out
	}
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += slowPerft(m.after, depth-1, paths)
	}
	return n
}

// eightySquarePositions are the positions both generators count: the
// initial position and four of kings, long captures and a man crowned
// mid-capture.
var eightySquarePositions = []struct{ name, fen string }{
	{"initial", "W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,c3,e3,g3,i3:Bb6,d6,f6,h6,j6,a7,c7,e7,g7,i7,b8,d8,f8,h8,j8"},
	// Kings of both sides among men, on the long diagonals.
	{"kings", "W:WKa1,Kj4,c3,e3,g1,h2:BKb8,Ki7,d6,f6,e7,j6"},
	// A king and men with long chains to take in both directions.
	{"long captures", "W:WKa1,c1,e1,g1,b2:Bb4,d4,f4,h4,d6,f6,h6,b6,c7,e7,g7"},
	// d6 takes e7, is crowned on f8 and goes on as a king over h6.
	{"crowned mid-capture", "W:Wa3,i1,d6:Bc5,h6,b8,e7"},
	// Black to move: e3 takes d2, is crowned on c1 and goes on over b2.
	{"black crowned mid-capture", "B:Wb2,d2,g3,i3,f6:Be3,h4,b6,h8,j8"},
}

// perft80Depth is the depth of the comparison: 5 by default (a few
// seconds), ZAOCHNIK_PERFT80_DEPTH=8 for the full check of the docs.
func perft80Depth(t *testing.T) int {
	if s := os.Getenv("ZAOCHNIK_PERFT80_DEPTH"); s != "" {
		d, err := strconv.Atoi(s)
		require.NoError(t, err, "ZAOCHNIK_PERFT80_DEPTH")
		return d
	}
	if testing.Short() {
		return 3
	}
	return 5
}

func TestPerft_6_1_4_EightySquareAgreesWithSlowGenerator(t *testing.T) {
	depth := perft80Depth(t)
	for _, tt := range eightySquarePositions {
		t.Run(tt.name, func(t *testing.T) {
			p := engFEN(t, EightySquare, tt.fen)
			slow := slowFromFEN(t, tt.fen)
			for d := 1; d <= depth; d++ {
				for _, paths := range []bool{false, true} {
					want := slowPerft(slow, d, paths)
					require.Equal(t, want, Perft(p, d, paths), "perft(%d) paths=%v", d, paths)
					t.Logf("perft(%d) paths=%v: %d", d, paths, want)
				}
			}
		})
	}
}

func TestPerft_6_1_4_EightySquareInitialMatchesSlowBoard(t *testing.T) {
	assert.Equal(t, Initial(EightySquare).FENAlpha(), eightySquarePositions[0].fen)
	// Each side's 15 men on its first three rows; White moves the 5 men of
	// its third row, 9 steps: a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4,
	// g3-h4, i3-h4, i3-j4.
	assert.Equal(t, uint64(9), Perft(Initial(EightySquare), 1, false))
	men, kings := Initial(EightySquare).Count(Black)
	assert.Equal(t, [2]int{15, 0}, [2]int{men, kings})
}

func BenchmarkPerftEightySquare8(b *testing.B) { benchPerft(b, EightySquare, "", 8, false) }

// BenchmarkPerftEightySquareSlow8 is the slow generator on the same count,
// the baseline of the figure in docs/organiser.md.
func BenchmarkPerftEightySquareSlow8(b *testing.B) {
	slow := slowFromFEN(b, eightySquarePositions[0].fen)
	var nodes uint64
	for b.Loop() {
		nodes += slowPerft(slow, 8, false)
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func TestVariant_6_1_4_EightySquareNameAndSquares(t *testing.T) {
	for _, name := range []string{"10x8", "10X8", "10×8", "восьмидесятиклеточные шашки"} {
		v, err := ParseVariant(name)
		require.NoError(t, err, name)
		assert.Equal(t, EightySquare, v, name)
	}
	assert.Equal(t, "10x8", EightySquare.String())
	assert.Equal(t, [3]int{10, 8, 40}, [3]int{EightySquare.Width(), EightySquare.Height(), EightySquare.Squares()})
	assert.False(t, EightySquare.Numeric(), "a1-j8: alphanumeric")
	// Numbers run from the top-left as White sees the board: b8 is 1, j8
	// 5, a1 36, i1 40; j2 (the right edge) 35, c3 27.
	for name, number := range map[string]int{"b8": 1, "j8": 5, "a7": 6, "a1": 36, "i1": 40, "j2": 35, "c3": 27} {
		s, err := EightySquare.ParseSquare(name)
		require.NoError(t, err, name)
		assert.Equal(t, number, EightySquare.SquareNumber(s), name)
		assert.Equal(t, name, EightySquare.SquareName(s))
	}
	for _, bad := range []string{"a2", "j1", "k2", "b10", "a9", "41"} {
		_, err := EightySquare.ParseSquare(bad)
		assert.Error(t, err, bad)
	}
}

func TestFEN_6_1_4_EightySquare(t *testing.T) {
	p := Initial(EightySquare)
	assert.Equal(t, "W:W26,27,28,29,30,31,32,33,34,35,36,37,38,39,40:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", p.FEN())
	for _, fen := range []string{p.FEN(), p.FENAlpha(), "W:W26-40:B1-15", " w:b1-15:w26-40. "} {
		back, err := ParseFEN(EightySquare, fen)
		require.NoError(t, err, fen)
		assert.Equal(t, p, back, fen)
	}
	k := engFEN(t, EightySquare, "B:WKj8,a1:Bb8,Ki1")
	assert.Equal(t, "B:Wa1,Kj8:BKi1,b8", k.FENAlpha())
	for _, bad := range []string{"W:Wb8", "W:Bi1", "W:Wl2", "W:W41", "W:Wa2"} {
		_, err := ParseFEN(EightySquare, bad)
		assert.Error(t, err, bad)
	}
}

// The Russian rules (2.1.5) on the 80-square board, each counted by hand.
func TestCapture_2_1_5_15_EightySquareCrownedManGoesOnAsKing(t *testing.T) {
	// d6 takes e7, is crowned on f8 and goes on as a king over h6, landing
	// on i5 or j4; or takes c5 backwards (2.1.5.3), landing on b4.
	p := checkRule(t, ruleCase{v: EightySquare, fen: "W:Wa3,i1,d6:Bc5,h6,b8,e7", want: []string{"d6:b4", "d6:i5", "d6:j4"}})
	for _, m := range p.LegalMoves(nil) {
		assert.Equal(t, m.To != mustSquare(t, "b4"), m.Promotes, p.Notation(m))
	}
	// Black's man e3 takes d2, is crowned on c1 and goes on over b2 to a3;
	// h4 takes g3 or i3 and stays a man.
	p = checkRule(t, ruleCase{v: EightySquare, fen: "B:Wb2,d2,g3,i3,f6:Be3,h4,b6,h8,j8", want: []string{"e3:a3", "h4:f2", "h4:j2"}})
	for _, m := range p.LegalMoves(nil) {
		assert.Equal(t, m.To == mustSquare(t, "a3"), m.Promotes, p.Notation(m))
	}
}

func TestCapture_2_1_5_14_EightySquareFreeChoice(t *testing.T) {
	// a3 takes one man (b4, to c5), i3 two (h4 to g5, f6 to e7): no
	// majority rule, the player chooses (2.1.5.14).
	checkRule(t, ruleCase{v: EightySquare, fen: "W:Wa3,i3:Bb4,h4,f6,j8", want: []string{"a3:c5", "i3:e7"}})
}

func TestCapture_2_1_5_17_EightySquareTurkishStrike(t *testing.T) {
	// King a1 takes c3 and must land on d4, from where it goes on (it may
	// stop freely only where no capture continues): over e5 to f6, then
	// either over e7 to d8 and over c7 to b6 or a5 (four pieces), or over
	// g5 to h4, i3 or j2 (three). On b6 or a5 the way back along c5-d4-e5
	// is closed by e5, taken but still on the board until the move ends
	// (2.1.5.17): no piece is taken twice, and the move stops there.
	checkRule(t, ruleCase{v: EightySquare, fen: "W:WKa1:Bc3,e5,g5,e7,c7,j8", want: []string{"a1:a5", "a1:b6", "a1:h4", "a1:i3", "a1:j2"}})
}

func mustSquare(t *testing.T, name string) Square {
	s, err := EightySquare.ParseSquare(name)
	require.NoError(t, err)
	return s
}

func TestPDN_6_1_4_EightySquareRoundTrip(t *testing.T) {
	r := NewRecord(Initial(EightySquare))
	for _, w := range []string{"i3-j4", "f6-g5", "c3-d4", "g5-f4", "g3:e5", "d6:f4", "e3:g5", "h6:f4"} {
		p := r.Final()
		mt, err := ParseMoveText(w)
		require.NoError(t, err)
		m, err := p.Resolve(mt)
		require.NoError(t, err, w)
		assert.Equal(t, w, p.Notation(m))
		require.NoError(t, r.Play(m))
	}
	g, err := r.PDN([]PDNTag{{Name: "Event", Value: "test"}}, "*")
	require.NoError(t, err)
	tag, _ := g.Tag("GameType")
	assert.Equal(t, "41,W,10,8,A0,0", tag)
	back, text := roundTrip(t, []PDNGame{g})
	assert.Contains(t, text, "1. i3-j4 f6-g5 2. c3-d4 g5-f4 3. g3:e5")
	v, err := back[0].Variant()
	require.NoError(t, err)
	assert.Equal(t, EightySquare, v)
	again, err := back[0].Replay()
	require.NoError(t, err)
	assert.Equal(t, r.Final(), again.Final())
	// A position set up on the board is written with letters.
	start := engFEN(t, EightySquare, "W:WKj8,a1:Bb8,Ki1")
	g, err = NewRecord(start).PDN(nil, "*")
	require.NoError(t, err)
	fen, _ := g.Tag("FEN")
	assert.Equal(t, "W:Wa1,Kj8:BKi1,b8", fen)
	back, _ = roundTrip(t, []PDNGame{g})
	p, err := back[0].Start()
	require.NoError(t, err)
	assert.Equal(t, start, p)
	// The Variant tag alone says 10x8; GameType 41 with another board is refused.
	named := PDNGame{Tags: []PDNTag{{Name: "Variant", Value: "10x8"}}}
	v, err = named.Variant()
	require.NoError(t, err)
	assert.Equal(t, EightySquare, v)
	_, err = PDNGame{Tags: []PDNTag{{Name: "GameType", Value: "41,W,10,10,A0,0"}}}.Variant()
	assert.ErrorContains(t, err, "10x8 draughts is played on 10x8")
}

// The 10x8 board has no big road (2.1.2 defines it on 8x8, corner to
// corner): three kings against a king standing on a1-h8 count 15 moves by
// 2.1.9.1.4, and 2.1.9.1.7 (5 moves against a king on the road) is not
// claimed.
func TestDrawClaims_2_1_9_1_4_EightySquareHasNoBigRoad(t *testing.T) {
	r := NewRecord(engFEN(t, EightySquare, "W:WKg1,Ki1,Kj8:BKa1"))
	for i := range 16 {
		for _, w := range [][2]string{{"g1-h2", "a1-b2"}, {"h2-g1", "b2-a1"}}[i%2] {
			mt, err := ParseMoveText(w)
			require.NoError(t, err)
			m, err := r.Final().Resolve(mt)
			require.NoError(t, err, w)
			require.NoError(t, r.Play(m))
		}
	}
	rules := map[string]int{}
	for _, c := range DrawClaims(r) {
		rules[c.Rule] = c.Ply
	}
	assert.Equal(t, 29, rules["2.1.9.1.4"], "White's 15th move")
	assert.NotContains(t, rules, "2.1.9.1.7")
	assert.NotContains(t, rules, "2.1.9.1.3")
	assert.Contains(t, rules, "2.1.9.1.9", "the positions repeat too")
}
