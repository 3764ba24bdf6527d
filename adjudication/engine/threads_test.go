package engine

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
)

// Two threads (a helper filling the main search's table) prove what one
// thread proves, on the positions of the proof tests: the helper's entries
// only guide the main search, and a result is proven by the main thread's
// bound searches on a table of their own. Each position is analysed
// several times, the threads interleaving differently each time.
func TestAnalyse_TwoThreadsProveWhatOneProves(t *testing.T) {
	for _, c := range []struct {
		name   string
		v      draughts.Variant
		fen    string
		depth  int
		result Result
	}{
		{"2_8_1_RussianShot", draughts.Russian, "W:We1,d2,h4:Bd4,g5,f6", 7, WhiteWins},
		{"2_8_1_KingCatchesLoneMan", draughts.Russian, "W:WKh2:Bc5", 8, WhiteWins},
		{"3_4_CorneredKingLost", draughts.International, "W:WK46:BK5", 4, BlackWins},
		{"3_4_TwoKingsTakeKing", draughts.International, "W:WK46,K47:BK5", 4, WhiteWins},
		{"2_1_5_15_EightySquareCrownedManTakesAll", draughts.EightySquare, "W:Wd6:Be7,h6", 2, WhiteWins},
		{"Giveaway_BlackGivesAway", draughts.Giveaway, "B:Wc3:Be5", 4, BlackWins},
		{"2_1_9_1_5_KingAgainstKing", draughts.Russian, "W:WKc1:BKf8", 12, Drawn},
		{"3_5_KingAgainstKing", draughts.International, "W:WK47:BK4", 12, Drawn},
		{"2_1_9_1_7_ThreeKingsAgainstRoadKing", draughts.Russian, "W:WKc1,Ke1,Kh2:BKd4", 9, Unproven},
		{"2_1_9_1_7_ThreeKingsOffTheRoad", draughts.Russian, "W:WKc1,Ke1,Kh2:BKb6", 9, Unproven},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := position(t, c.v, c.fen)
			one := NewAnalyser(16).Analyse(p, Limits{Depth: c.depth})
			require.Equal(t, c.result, one.Result, "one thread")
			a := NewAnalyser(16)
			for range 4 {
				two := a.Analyse(p, Limits{Depth: c.depth, Threads: 2})
				assert.Equal(t, one.Result, two.Result)
				assert.Positive(t, two.Depth)
				assert.LessOrEqual(t, two.Depth, c.depth)
				replay(t, p, two.PV)
				if two.Result == WhiteWins || two.Result == BlackWins {
					assert.Equal(t, provenScore(p, two.Result, two.Plies), two.SideScore)
					assert.Positive(t, two.Plies)
					assert.True(t, a.confirm(p, draughts.NewDrawCounter(p), two.Plies, two.Result), "the bound search holds the win within its plies")
				}
				if two.Result == Drawn {
					assert.Zero(t, two.Score)
				}
				assert.GreaterOrEqual(t, two.Nodes, uint64(two.Depth), "the positions of both threads are counted")
			}
		})
	}
}

// With one thread (Threads 0 or 1) the analysis is the same on every run,
// node for node.
func TestAnalyse_OneThreadIsDeterministic(t *testing.T) {
	p := position(t, draughts.International, "W:W27,30,33,36,37,38,39,40,42,43,44,45,46,47,48,49:B2,3,4,5,6,7,9,11,12,13,16,17,18,19,20,23")
	want := NewAnalyser(16).Analyse(p, Limits{Depth: 7})
	for _, threads := range []int{0, 1} {
		got := NewAnalyser(16).Analyse(p, Limits{Depth: 7, Threads: threads})
		assert.Equal(t, want, got, "threads %d", threads)
	}
}

// A slot read while another thread writes it may mix the two writes: its
// check word then does not match the key, and the probe misses.
func TestTable_TornSlotMisses(t *testing.T) {
	tt := newTable(10)
	const key = 0x0123456789abcdef
	tt.store(key, 150, 9, boundExact, 3)
	e, ok := tt.probe(key)
	require.True(t, ok)
	assert.Equal(t, entry{score: 150, depth: 9, bound: boundExact, move: 4}, e)

	s := &tt.slots[key&tt.mask]
	s.data.Store(entry{score: -(win - 3), depth: 60, bound: boundExact}.pack()) // the new data, the old check
	_, ok = tt.probe(key)
	assert.False(t, ok, "a torn slot is no entry")
	for _, b := range []bound{boundLower, boundUpper, boundExact} {
		for _, sc := range []int{-(win - 1), -1, 0, 1, win - 1} {
			tt.store(key, sc, 63, b, 254)
			e, ok := tt.probe(key)
			require.True(t, ok)
			assert.Equal(t, entry{score: int16(sc), depth: 63, bound: b, move: 255}, e, "packed and unpacked")
		}
	}
}

// Threads writing the same slots at once never make a probe return an
// entry that was not stored for its key: each writer stores, for key k,
// a score made from k.
func TestTable_ConcurrentWritersNeverMixEntries(t *testing.T) {
	tt := newTable(10)
	keys := make([]uint64, 64)
	for i := range keys {
		keys[i] = uint64(i)*0x9e3779b97f4a7c15 | 1<<63
		keys[i] &^= 0x3ff
		keys[i] |= uint64(i % 4) // with a 10-bit table, two slot pairs, 32 keys each
	}
	scoreOf := func(k uint64) int { return int(k>>40) % 20000 }
	var wg sync.WaitGroup
	bad := make([]int, 2)
	for w := range 2 {
		wg.Go(func() {
			for n := range 200_000 {
				k := keys[(n*7+w*13)%len(keys)]
				tt.store(k, scoreOf(k), n%60, boundExact, 0)
				k = keys[(n*11+w)%len(keys)]
				if e, ok := tt.probe(k); ok && int(e.score) != scoreOf(k) {
					bad[w]++
				}
			}
		})
	}
	wg.Wait()
	assert.Equal(t, []int{0, 0}, bad)
}
