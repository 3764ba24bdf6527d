package draughts

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The engine against the oracle (oracle_test.go): at every position of the
// trees compared, the same legal moves (captures merged), the same capture
// paths, and after each move the same board; and the same perft counts in
// both conventions, which takes the perft's own counting shortcuts in too;
// and the landing path the engine gives each move for its notation
// (Position.Landings) is one of the oracle's paths of that move.

// oracleDiff compares the engine and the oracle at p and says how they
// differ, or returns "".
func oracleDiff(p Position) string {
	v := p.Variant()
	b := oracleBoard(p)
	eng := map[oKey]Move{}
	for _, m := range p.LegalMoves(nil) {
		k := oracleKey(v, m)
		if _, twice := eng[k]; twice {
			return fmt.Sprintf("%s %s: the engine lists %s twice", v, p.FEN(), k.text(b.width))
		}
		eng[k] = m
	}
	ora := map[oKey]oMove{}
	for _, m := range b.moves() {
		ora[m.key()] = m
	}
	var diffs []string
	for k := range eng {
		if _, ok := ora[k]; !ok {
			diffs = append(diffs, "engine only: "+k.text(b.width))
		}
	}
	for k := range ora {
		if _, ok := eng[k]; !ok {
			diffs = append(diffs, "oracle only: "+k.text(b.width))
		}
	}
	engPaths, oraPaths := map[oKey]int{}, map[oKey]int{}
	for _, m := range p.LegalPaths(nil) {
		engPaths[oracleKey(v, m)]++
	}
	for _, m := range b.pathMoves() {
		oraPaths[m.key()]++
	}
	for k, n := range oraPaths {
		if engPaths[k] != n {
			diffs = append(diffs, fmt.Sprintf("paths of %s: engine %d, oracle %d", k.text(b.width), engPaths[k], n))
		}
	}
	for k, n := range engPaths {
		if _, ok := oraPaths[k]; !ok {
			diffs = append(diffs, fmt.Sprintf("paths of %s: engine %d, oracle 0", k.text(b.width), n))
		}
	}
	lands := map[oKey]map[string]bool{}
	for _, m := range b.paths() {
		if lands[m.key()] == nil {
			lands[m.key()] = map[string]bool{}
		}
		lands[m.key()][fmt.Sprint(m.lands)] = true
	}
	for k, m := range eng {
		if o, ok := ora[k]; ok && oracleBoard(p.Play(m)) != b.play(o) {
			diffs = append(diffs, "another board after "+k.text(b.width))
		}
		var path []int
		var names []string
		for _, s := range p.Landings(m) {
			path = append(path, oracleCell(v, s))
			names = append(names, v.SquareName(s))
		}
		if _, ok := ora[k]; ok && !lands[k][fmt.Sprint(path)] {
			diffs = append(diffs, fmt.Sprintf("%s: the engine lands on %s, not a path of the oracle", k.text(b.width), strings.Join(names, ",")))
		}
	}
	diffs = append(diffs, oracleWritten(p, b, eng)...)
	if len(diffs) == 0 {
		return ""
	}
	sort.Strings(diffs)
	return fmt.Sprintf("%s %s (%s): %s", v, p.FEN(), p.FENAlpha(), strings.Join(diffs, "; "))
}

// oracleWritten writes each path of the oracle as a letter may: with every
// square it lands on (2.1.5.10, 6.2.2), and with the squares where it turns
// only (2.1.6.2; one polyline is one move, so never ambiguous); and says
// where the engine does not read either as the move of that path (eng: the
// engine's moves by identity).
func oracleWritten(p Position, b oBoard, eng map[oKey]Move) []string {
	v := p.Variant()
	square := func(c int) string {
		s, _ := v.SquareAt(c%b.width+1, c/b.width+1)
		return v.SquareText(s)
	}
	direction := func(a, c int) [2]int {
		return [2]int{sign(c%b.width - a%b.width), sign(c/b.width - a/b.width)}
	}
	var diffs []string
	for _, m := range b.paths() {
		sep := "-"
		if len(m.order) > 0 {
			sep = ":"
		}
		every, turns := square(m.from), square(m.from)
		prev := m.from
		for i, l := range m.lands {
			every += sep + square(l)
			if i == len(m.lands)-1 || direction(prev, l) != direction(l, m.lands[i+1]) {
				turns += sep + square(l)
			}
			prev = l
		}
		for _, text := range []string{every, turns} {
			mt, err := ParseMoveText(text)
			if err == nil {
				var got Move
				if got, err = p.Resolve(mt); err == nil && got != eng[m.key()] {
					err = fmt.Errorf("read as %s", oracleKey(v, got).text(b.width))
				}
			}
			if err != nil {
				diffs = append(diffs, fmt.Sprintf("%s written %s: %v", m.key().text(b.width), text, err))
			}
		}
	}
	return diffs
}

// oracleWalk compares the engine and the oracle at p and at every position
// up to depth plies below it, and returns the first difference.
func oracleWalk(p Position, depth int) string {
	if d := oracleDiff(p); d != "" || depth == 0 {
		return d
	}
	for _, m := range p.LegalMoves(nil) {
		if d := oracleWalk(p.Play(m), depth-1); d != "" {
			return d
		}
	}
	return ""
}

// oraclePerftDiff compares the perft counts of p to depth, both conventions.
func oraclePerftDiff(p Position, depth int) string {
	b := oracleBoard(p)
	for d := 1; d <= depth; d++ {
		for _, paths := range []bool{false, true} {
			if got, want := Perft(p, d, paths), b.perft(d, paths); got != want {
				return fmt.Sprintf("%s %s: perft(%d) paths=%v: engine %d, oracle %d", p.Variant(), p.FEN(), d, paths, got, want)
			}
		}
	}
	return ""
}

// The oracle itself against the published counts (docs/engine.md, "A
// second move generator: the oracle"): the tables the engine passes too
// (TestPerft_Oracle), where they stay fast for a slow generator.
func TestOracle_PublishedPerft(t *testing.T) {
	tests := []struct {
		name  string
		v     Variant
		fen   string
		paths bool
		want  []uint64
	}{
		{"russian initial", Russian, "", false, []uint64{7, 49, 302, 1469, 7482}},
		{"international initial", International, "", false, []uint64{9, 81, 658, 4265}},
		{"frontrows", International, "W:B16,17,18,19,20:W31,32,33,34,35", true, []uint64{9, 81, 534, 2538, 9052}},
		{"woldouby", International, woldouby, false, []uint64{6, 12, 30, 73, 215, 590, 1944}},
		{"random178", International, random178, false, []uint64{14, 55, 1168}},
		{"kings among men", International, kingsAmongst, false, []uint64{8, 73, 281, 2574}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Initial(tt.v)
			if tt.fen != "" {
				p = engFEN(t, tt.v, tt.fen)
			}
			b := oracleBoard(p)
			for d, want := range tt.want {
				assert.Equal(t, want, b.perft(d+1, tt.paths), "perft(%d)", d+1)
			}
		})
	}
}

// oracleCase is a position the oracle checks the engine on: every position
// of its tree to walk plies compared move by move, the perft to perft plies.
type oracleCase struct {
	name        string
	v           Variant
	fen         string // "" for the initial position
	walk, perft int
}

// oracleKnown returns the tricky positions of the rules' tests and the
// perft tables, and the 10x8 ones of eightysquare_test.go.
func oracleKnown() []oracleCase {
	cases := []oracleCase{
		{"russian initial", Russian, "", 3, 4},
		{"2.1.5.17 diagram 4", Russian, "B:Wc3,d4,f2,f4:BKa5", 2, 3},
		{"2.1.5.17 diagram 6", Russian, "B:Wa1,b2,b4,d2,d4,f2,f4:Ba5,c5,c7,e7,g7", 2, 4},
		{"2.1.5.9 round the square", Russian, "W:Wc3:Bb4,b6,d4,d6", 2, 3},
		{"2.1.6.2 diagram 8", Russian, "W:WKd2:Bb6,d6,f4,f6,g7", 2, 4},
		{"2.1.5.6 must land where it goes on", Russian, "W:WKa1:Bc3,e3", 2, 4},
		{"2.1.5.15 crowned, on as a king", Russian, "W:Wb6:Bc7,f6", 2, 4},
		{"2.1.5.16 crowned by a step", Russian, "W:Wc7:Bf6,h8", 2, 4},
		{"russian crowned mid-capture", Russian, "W:WKd2,e3:Bb6,d6,f4,f6,g7,c7,e7", 2, 3},
		{"russian kings both sides", Russian, "W:WKa1,Kh2,c3,e3:BKb8,Kg7,d6,f6,c5", 1, 3},
		{"giveaway initial", Giveaway, "", 2, 4},
		{"international initial", International, "", 2, 3},
		{"3.4.1 majority", International, "W:Wc1,i7:Bd2,f4,h8", 2, 3},
		{"3.4.2.1 passes the last row", International, "W:Wb8:Bc9,e9", 2, 3},
		{"3.4.2.2 stops on the last row", International, "W:Wd8:Be9,h8", 2, 3},
		{"frontrows", International, "W:B16,17,18,19,20:W31,32,33,34,35", 2, 4},
		{"woldouby", International, woldouby, 4, 6},
		{"random178", International, random178, 1, 3},
		{"kings among men", International, kingsAmongst, 2, 3},
		{"big road", International, "W:WK46:B5", 3, 4},
	}
	for _, tt := range eightySquarePositions {
		cases = append(cases, oracleCase{"10x8 " + tt.name, EightySquare, tt.fen, 2, 3})
	}
	return cases
}

func (c oracleCase) position(t testing.TB) Position {
	if c.fen == "" {
		return Initial(c.v)
	}
	return engFEN(t, c.v, c.fen)
}

func TestOracle_AgreesOnKnownPositions(t *testing.T) {
	for _, tt := range oracleKnown() {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.position(t)
			if d := oracleWalk(p, tt.walk); d != "" {
				t.Error(d)
			}
			if d := oraclePerftDiff(p, tt.perft); d != "" {
				t.Error(d)
			}
		})
	}
}

// oracleMix is a kind of random position: kings and men a side, each
// count drawn between its bounds.
type oracleMix struct {
	name              string
	kings, men        [2]int
	count             int // positions a variant
	walk, perft       int // plies compared move by move, and counted
	deepEvery, deeper int // every deepEvery-th position is counted deeper
}

// randomPosition places the pieces of mix on random squares of v's board
// (no man on its own promotion row), side to move.
func randomPosition(rng *rand.Rand, v Variant, side Color, mix oracleMix) Position {
	r := oracleRulesOf(v)
	var free [][2]int
	for y := range r.height {
		for x := range r.width {
			if (x+y)%2 == 0 {
				free = append(free, [2]int{x, y})
			}
		}
	}
	rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	var white, black, kings Bitboard
	place := func(set *Bitboard, n [2]int, king bool, forbiddenRank int) {
		left := n[0] + rng.IntN(n[1]-n[0]+1)
		for i := 0; left > 0 && i < len(free); i++ {
			if !king && free[i][1] == forbiddenRank {
				continue
			}
			s, _ := v.SquareAt(free[i][0]+1, free[i][1]+1)
			*set |= bit(s)
			if king {
				kings |= bit(s)
			}
			free = append(free[:i], free[i+1:]...)
			i--
			left--
		}
	}
	place(&white, mix.kings, true, -1)
	place(&black, mix.kings, true, -1)
	place(&white, mix.men, false, r.height-1)
	place(&black, mix.men, false, 0)
	return NewPosition(v, white, black, kings, side)
}

// Random positions from a fixed seed, both sides to move, most of them
// king-rich (3 to 8 kings a side): crowded among men, where captures are
// long and branch, and on an open board, where kings fly far and choose
// among many landing squares; and, for the men's own shortcuts, men with
// at most two kings. Every position of each tree to mix.walk plies is
// compared move by move, and the perft to mix.perft plies (mix.deeper on
// every mix.deepEvery-th). 1,800 positions, about 7 CPU seconds;
// ZAOCHNIK_ORACLE_TIMES=k draws k times as many (other positions of the
// same sequence) for a longer search.
func TestOracle_AgreesOnRandomPositions(t *testing.T) {
	scale := func(n int) int { return n }
	if s := os.Getenv("ZAOCHNIK_ORACLE_TIMES"); s != "" {
		times, err := strconv.Atoi(s)
		require.NoError(t, err, "ZAOCHNIK_ORACLE_TIMES")
		scale = func(n int) int { return n * times }
	} else if testing.Short() {
		scale = func(n int) int { return n / 5 }
	}
	mixes := func(men int) []oracleMix {
		return []oracleMix{
			{"kings among men", [2]int{3, 8}, [2]int{0, men}, scale(300), 2, 3, 8, 4},
			{"kings on an open board", [2]int{3, 8}, [2]int{0, 2}, scale(100), 2, 3, 8, 4},
			{"men and few kings", [2]int{0, 2}, [2]int{4, men + 4}, scale(100), 2, 3, 8, 4},
		}
	}
	tests := []struct {
		v     Variant
		mixes []oracleMix
	}{
		{Russian, mixes(6)},
		{EightySquare, mixes(8)},
		{International, mixes(10)},
		{Giveaway, mixes(6)[:1]},
	}
	for _, tt := range tests {
		for _, mix := range tt.mixes {
			t.Run(tt.v.String()+" "+mix.name, func(t *testing.T) {
				rng := rand.New(rand.NewPCG(15, uint64(tt.v)))
				failed, captures := 0, 0
				for i := range mix.count {
					p := randomPosition(rng, tt.v, Color(i%2), mix)
					if ms := p.LegalMoves(nil); len(ms) > 0 && ms[0].IsCapture() {
						captures++
					}
					depth := mix.perft
					if i%mix.deepEvery == 0 {
						depth = mix.deeper
					}
					d := oracleWalk(p, mix.walk)
					if d == "" {
						d = oraclePerftDiff(p, depth)
					}
					if d != "" {
						failed++
						if failed <= 10 {
							t.Errorf("position %d: %s", i, d)
						}
					}
				}
				assert.Zero(t, failed, "positions where they differ")
				assert.Greater(t, captures, mix.count/4, "positions with a capture")
			})
		}
	}
}

// FuzzOracle builds a position from the bytes (variant, side to move, then
// a square and a piece per pair of bytes) and compares the engine and the
// oracle on it and a ply below.
func FuzzOracle(f *testing.F) {
	for _, c := range oracleKnown() {
		f.Add(fuzzBytes(c.position(f)))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		p := fuzzPosition(data)
		if d := oracleWalk(p, 1); d != "" {
			t.Fatal(d)
		}
		if d := oraclePerftDiff(p, 2); d != "" {
			t.Fatal(d)
		}
	})
}

// fuzzPosition reads data as a position: data[0] the variant, data[1] the
// side to move, then pairs (square number, piece: White man, White king,
// Black man, Black king); a man on its own promotion row is made a king,
// a later piece on a square replaces the earlier.
func fuzzPosition(data []byte) Position {
	v := Variant(data[0] % uint8(numVariants))
	var white, black, kings Bitboard
	for i := 2; i+1 < len(data); i += 2 {
		s, _ := v.SquareFromNumber(int(data[i])%v.Squares() + 1)
		piece := data[i+1] % 4
		_, rank := v.FileRank(s)
		white, black, kings = white&^bit(s), black&^bit(s), kings&^bit(s)
		if piece < 2 {
			white |= bit(s)
		} else {
			black |= bit(s)
		}
		if piece%2 == 1 || piece == 0 && rank == v.Height() || piece == 2 && rank == 1 {
			kings |= bit(s)
		}
	}
	return NewPosition(v, white, black, kings, Color(data[1]&1))
}

// fuzzBytes writes p as fuzzPosition reads it.
func fuzzBytes(p Position) []byte {
	v := p.Variant()
	data := []byte{byte(v), byte(p.SideToMove())}
	for n := 1; n <= v.Squares(); n++ {
		s, _ := v.SquareFromNumber(n)
		if c, king, ok := p.Piece(s); ok {
			piece := 2 * byte(c)
			if king {
				piece++
			}
			data = append(data, byte(n-1), piece)
		}
	}
	return data
}

func TestOracle_FuzzBytesReadBack(t *testing.T) {
	for _, c := range oracleKnown() {
		p := c.position(t)
		assert.Equal(t, p, fuzzPosition(fuzzBytes(p)), c.name)
	}
}
