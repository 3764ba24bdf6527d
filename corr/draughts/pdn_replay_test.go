package draughts

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sharedPDN returns the path of a file of the shared PDN corpus
// (../shared/data/pdn from the repository root), skipping the test when the
// corpus is absent.
func sharedPDN(t *testing.T, name string) string {
	t.Helper()
	path, ok := sharedPDNPath(name)
	if !ok {
		t.Skipf("shared PDN corpus absent (%s)", path)
	}
	return path
}

// sharedPDNPath locates a file of the shared corpus from the module root and
// reports whether it exists.
func sharedPDNPath(name string) (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return name, false
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return name, false
		}
		dir = parent
	}
	path := filepath.Join(dir, "..", "shared", "data", "pdn", name)
	_, err = os.Stat(path)
	return path, err == nil
}

func TestReplay_SharedCorpus(t *testing.T) {
	tests := []struct {
		file    string
		variant Variant
		games   int
		// broken lists the 1-based games whose moves are not written in
		// full in the file, with the PDN error expected.
		broken map[int]string
		// empty lists the games without moves.
		empty map[int]bool
	}{
		// Game 36 of abatsiev.pdn has only "-" for its moves.
		{"abatsiev.pdn", Russian, 56, map[int]string{36: "with no squares"}, map[int]bool{36: true}},
		// The last game of nk2003-amsterdam.pdn has its tags only.
		{"nk2003-amsterdam.pdn", International, 33, nil, map[int]bool{33: true}},
		{"090417ronde12.pdn", International, 7, nil, nil},
		{"schildpad.pdn", International, 34, nil, nil},
		{"kurnik.pdn", International, 4, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(sharedPDN(t, tt.file))
			require.NoError(t, err)
			games, err := ParsePDN(data)
			require.Len(t, games, tt.games)
			var pe []*PDNError
			for _, e := range unjoin(err) {
				var p *PDNError
				require.True(t, errors.As(e, &p), "%v", e)
				pe = append(pe, p)
			}
			require.Len(t, pe, len(tt.broken), "syntax errors: %v", err)
			for _, p := range pe {
				assert.Contains(t, p.Msg, tt.broken[p.Game])
			}
			plies := 0
			for i, g := range games {
				r, err := g.Replay()
				require.NoError(t, err, "game %d (line %d)", i+1, g.Line)
				assert.Equal(t, len(g.Moves), r.Plies())
				plies += r.Plies()
				if tt.empty[i+1] {
					assert.Empty(t, g.Moves, "game %d", i+1)
					continue
				}
				assert.NotEmpty(t, g.Moves, "game %d", i+1)
				assert.Equal(t, tt.variant, r.Variant(), "game %d", i+1)
			}
			t.Logf("%s: %d games, %d plies replayed", tt.file, len(games), plies)
		})
	}
}

// unjoin splits an errors.Join error into its parts.
func unjoin(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func TestParsePDN_SharedSyntaxSamples(t *testing.T) {
	tests := []struct {
		file   string
		games  int
		moves  []string // of the first game
		result string
	}{
		{"alphanumeric.pdn", 1, []string{"a3-b4"}, ""},
		{"fen.pdn", 3, nil, "*"},
		{"gameterminator.pdn", 1, []string{"32-28"}, "1/2-1/2"},
		{"linecomment.pdn", 1, []string{"32-28", "19-23"}, ""},
		{"movestrength.pdn", 1, []string{"32-28", "19-23", "28:19"}, "*"},
		{"nested_comment.pdn", 1, []string{"33-29", "19-23", "35-30"}, ""},
		{"string.pdn", 1, []string{"32-28"}, ""},
		{"unicode.pdn", 1, []string{"32-28", "19-23"}, ""},
		{"variation.pdn", 1, []string{"32-28", "19-23", "28:19", "14:23"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(sharedPDN(t, tt.file))
			require.NoError(t, err)
			games, err := ParsePDN(data)
			require.NoError(t, err)
			require.Len(t, games, tt.games)
			if tt.moves == nil {
				assert.Empty(t, games[0].Moves)
			} else {
				assert.Equal(t, tt.moves, moveStrings(games[0]))
			}
			assert.Equal(t, tt.result, games[0].Result)
			for i, g := range games {
				_, err := g.Replay()
				assert.NoError(t, err, "game %d", i+1)
			}
		})
	}
}

func TestReplay_Samples(t *testing.T) {
	tests := []struct {
		file    string
		variant Variant
		final   string // FEN after the last move of the first game
	}{
		// Worked out by hand from the moves.
		{"russian_bom_crlf.pdn", Russian, "B:W14,17,21,24,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,10,11,12,20"},
		{"setup_fen.pdn", Russian, "W:W22,K25:BK8"},
		{"giveaway.pdn", Giveaway, "B:W15,21,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,12,16"},
		// The 10x8 game of testdata/replay/eighty-square (6.1.4): Black is
		// left without pieces, White's king on h8 (square 4).
		{"eighty_square.pdn", EightySquare, "B:WK4,26,29,30,31,32,33,34,35,36,37,38,39,40:B"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			games := readSample(t, tt.file)
			v, err := games[0].Variant()
			require.NoError(t, err)
			assert.Equal(t, tt.variant, v)
			r, err := games[0].Replay()
			require.NoError(t, err)
			assert.Equal(t, tt.final, r.Final().FEN())
		})
	}
}

func TestReplay_FirstIllegalMove(t *testing.T) {
	tests := []struct {
		name, pdn string
		ply       int
		label     string
		contains  []string
	}{
		{"step instead of capture", "[GameType \"25\"]\n1.c3-d4 f6-e5 2.a3-b4 *", 3, "2.",
			[]string{"move 2. a3-b4 (line 2, column 17)", "capture is compulsory", "legal: d4:f6"}},
		{"no piece", "[GameType \"20\"]\n1.32-28 19-23 2.27-22 *", 3, "2.", []string{"no piece on 27"}},
		{"black's move numbered", "[GameType \"20\"]\n1.32-28 19-23 2.28x19 12-18 *", 4, "2...", []string{"move 2... 12-18", "legal moves there: 13:24 14:23"}},
		{"no capture off the board", "[GameType \"25\"]\n[FEN \"W:WKa1:Bh8\"]\n1.a1:h8 *", 1, "1.", []string{"cannot move so", "a1-b2"}},
		{"after the end", "[GameType \"25\"]\n[FEN \"B:WKa1:Bh8\"]\n1...h8-g7 2.a1:h8 2...h8-g7 *", 3, "2...", []string{"no legal move: the game is over"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := ParsePDN([]byte(tt.pdn))
			require.NoError(t, err)
			r, err := games[0].Replay()
			var re *ReplayError
			require.True(t, errors.As(err, &re), "got %v", err)
			assert.Equal(t, tt.ply, re.Ply)
			assert.Equal(t, tt.label, re.Label)
			assert.Equal(t, tt.ply-1, r.Plies(), "the record keeps the moves before")
			for _, c := range tt.contains {
				assert.Contains(t, err.Error(), c)
			}
			var me *MoveError
			assert.True(t, errors.As(err, &me), "the cause is a *MoveError")
		})
	}
}

func TestPDNGame_Variant(t *testing.T) {
	tests := []struct {
		name, tags, moves string
		want              Variant
		err               string
	}{
		{"GameType 20", `[GameType "20"]`, "", International, ""},
		{"GameType 25", `[GameType "25,W,8,8,A0,0"]`, "", Russian, ""},
		{"GameType 20 in full", `[GameType "20,W,10,10,N2,0"]`, "", International, ""},
		{"giveaway tag", `[GameType "25"][Variant "giveaway"]`, "", Giveaway, ""},
		{"поддавки", `[Variant "поддавки"]`, "", Giveaway, ""},
		{"no GameType, letters", ``, "1.c3-d4", Russian, ""},
		{"no GameType, numbers", ``, "1.32-28", International, ""},
		{"no GameType, FEN with letters", `[FEN "W:Wa1:Bh8"]`, "", Russian, ""},
		{"no GameType, FEN with numbers, b to move", `[FEN "b:W31-50:BK1-20"]`, "", International, ""},
		{"no GameType, FEN with kings", `[FEN "w:WKa1:bkh8"]`, "", Russian, ""},
		{"Variant tag against GameType", `[GameType "20"][Variant "giveaway"]`, "", 0, "contradicts the GameType"},
		{"English draughts", `[GameType "21"]`, "", 0, "GameType 21 (English draughts) is not played here"},
		{"wrong board", `[GameType "25,W,10,10,A0,0"]`, "", 0, "10x10 board"},
		{"bad GameType", `[GameType "x"]`, "", 0, "GameType"},
		{"unknown Variant", `[Variant "frisian"]`, "", 0, "tag Variant \"frisian\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := ParsePDN([]byte(tt.tags + "\n" + tt.moves + " *"))
			require.NoError(t, err)
			v, err := games[0].Variant()
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				_, err = games[0].Replay()
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, v)
		})
	}
}

func TestPDNGame_StartWithUnknownSide(t *testing.T) {
	tests := []struct{ pdn, fen string }{
		{"[FEN \"?:W29,13,11:B22,4,2\"]\n*", "W:W11,13,29:B2,4,22"},
		{"[FEN \"?:W29,13,11:B22,4,2\"]\n1...22-27 *", "B:W11,13,29:B2,4,22"},
	}
	for _, tt := range tests {
		games, err := ParsePDN([]byte(tt.pdn))
		require.NoError(t, err)
		p, err := games[0].Start()
		require.NoError(t, err)
		assert.Equal(t, tt.fen, p.FEN())
	}
	games, _ := ParsePDN([]byte(`[GameType "20"][FEN "W:W99:B1"]`))
	_, err := games[0].Start()
	require.Error(t, err)
	assert.True(t, strings.Contains(err.Error(), "line 1"))
}

func TestReplay_AmbiguousCaptureReadByWhatFollows(t *testing.T) {
	// The white king on h6 reaches g1 by h6:f8:c5:g1 (taking g7, e7 and f2)
	// or by h6:e3:g1 (taking f4 and f2): "h6:g1" names either.
	const setup = "[GameType \"25\"]\n[FEN \"W:WK12:B7,8,27,19\"]\n"
	tests := []struct {
		name, moves string
		want        string // the capture read, in full notation; "" for an error
	}{
		{"only the first reading lets f4 move", "1.h6:g1 f4-e3 *", "h6:f8:c5:g1"},
		{"only the second lets e7 move", "1.h6:g1 e7-d6 *", "h6:e3:g1"},
		{"nothing follows", "1.h6:g1 *", ""},
		{"no reading fits what follows", "1.h6:g1 a7-b6 *", ""},
		{"written in full", "1.h6:e3:g1 *", "h6:e3:g1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := ParsePDN([]byte(setup + tt.moves))
			require.NoError(t, err)
			r, err := games[0].Replay()
			if tt.want == "" {
				var me *MoveError
				require.True(t, errors.As(err, &me), "got %v", err)
				assert.Equal(t, MoveAmbiguous, me.Kind)
				assert.Contains(t, err.Error(), "move 1. h6:g1")
				assert.Zero(t, r.Plies())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, r.Start.Notation(r.Moves[0]))
		})
	}
}

// BenchmarkReplayCorpus reads and replays every game of the international
// and Russian files of the shared corpus.
func BenchmarkReplayCorpus(b *testing.B) {
	var data [][]byte
	for _, name := range []string{"abatsiev.pdn", "nk2003-amsterdam.pdn", "090417ronde12.pdn", "schildpad.pdn", "kurnik.pdn"} {
		path, ok := sharedPDNPath(name)
		if !ok {
			b.Skip("shared PDN corpus absent")
		}
		d, err := os.ReadFile(path)
		require.NoError(b, err)
		data = append(data, d)
	}
	plies := 0
	for b.Loop() {
		plies = 0
		for _, d := range data {
			games, _ := ParsePDN(d)
			for _, g := range games {
				r, _ := g.Replay()
				plies += r.Plies()
			}
		}
	}
	b.ReportMetric(float64(plies)*float64(b.N)/b.Elapsed().Seconds(), "plies/s")
}

// A file with no GameType, its FEN in numbers 1-32 and its moves in letters
// (old Russian collections) is Russian: the moves say the board is 8x8.
func TestPDNReplay_LetterMovesMeanRussianWhateverTheFEN(t *testing.T) {
	games := readSample(t, "numeric_fen_letter_moves.pdn")
	require.Len(t, games, 2)
	for i, g := range games {
		v, err := g.Variant()
		require.NoError(t, err)
		assert.Equal(t, Russian, v, "game %d", i+1)
		r, err := g.Replay()
		require.NoError(t, err, "game %d", i+1)
		assert.Equal(t, len(g.Moves), r.Plies())
	}
	r, _ := games[1].Replay()
	assert.Equal(t, "W:W26,K29:BK8", r.Final().FEN(), "the man on 30 is c1 (moved to d2 = 26), K4 is h8 (moved to g7 = 8)")
}

// The GameType's notation digit says where square 1 (or a1) lies as White
// sees the board; the squares are read so.
func TestPDNReplay_GameTypeNotationDigit(t *testing.T) {
	tests := []struct {
		name, pdn string
		moves     []string // in the standard notation
		fen       string   // the start, if not the initial position
	}{
		{"N2, the standard", `[GameType "20,W,10,10,N2,0"] 1.32-28 19-23 *`, []string{"32-28", "19-23"}, ""},
		{"N0: square 1 bottom-left", `[GameType "20,W,10,10,N0,0"] 1.17-23 34-28 *`, []string{"32-28", "19-23"}, ""},
		{"N1: square 1 bottom-right", `[GameType "20,W,10,10,N1,0"] 1.19-23 32-28 *`, []string{"32-28", "19-23"}, ""},
		{"N3: square 1 top-right", `[GameType "20,W,10,10,N3,0"] 1.34-28 17-23 *`, []string{"32-28", "19-23"}, ""},
		{"A2: a1 top-left", `[GameType "25,W,8,8,A2,0"] 1.c6-d5 f3-g4 *`, []string{"c3-d4", "f6-g5"}, ""},
		{"N0 FEN", `[GameType "20,W,10,10,N0,0"][FEN "W:W1-5:B46-50"] 1.1-6 *`, []string{"46-41"}, "W:W46,47,48,49,50:B1,2,3,4,5"},
		{"A3 FEN with a king", `[GameType "25,W,8,8,A3,0"][FEN "W:WKh8:Ba1"] 1.h8-g7 *`, []string{"a1-b2"}, "W:WK29:B4"},
		{"a digit the moves do not follow (kurnik)", `[GameType "20,W,10,10,N1,0"] 1.32-28 19-23 *`, []string{"32-28", "19-23"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := ParsePDN([]byte(tt.pdn))
			require.NoError(t, err)
			require.Len(t, games, 1)
			r, err := games[0].Replay()
			require.NoError(t, err)
			if tt.fen != "" {
				assert.Equal(t, tt.fen, r.Start.FEN())
			} else {
				assert.Equal(t, Initial(r.Variant()), r.Start)
			}
			var got []string
			p := r.Start
			for _, m := range r.Moves {
				got = append(got, p.Notation(m))
				p = p.Play(m)
			}
			assert.Equal(t, tt.moves, got)
		})
	}
}
