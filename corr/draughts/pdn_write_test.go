package draughts

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// comparable drops what a rewrite may change: where things stood in the file,
// and a missing result, which is written "*".
func comparable(g PDNGame) PDNGame {
	g.Line = 0
	if g.Result == "" {
		g.Result = "*"
	}
	moves := make([]PDNMove, len(g.Moves))
	for i, m := range g.Moves {
		m.Line, m.Col = 0, 0
		m.Comment = strings.Join(strings.Fields(m.Comment), " ")
		moves[i] = m
	}
	g.Moves = moves
	return g
}

// roundTrip writes games and reads them back.
func roundTrip(t *testing.T, games []PDNGame) ([]PDNGame, string) {
	t.Helper()
	var buf bytes.Buffer
	for _, g := range games {
		require.NoError(t, WritePDN(&buf, g))
	}
	back, err := ParsePDN(buf.Bytes())
	require.NoError(t, err, "reading back:\n%s", buf.String())
	return back, buf.String()
}

func TestWritePDN_RoundTrip(t *testing.T) {
	var files []string
	samples, err := filepath.Glob(filepath.Join("testdata", "pdn", "*.pdn"))
	require.NoError(t, err)
	files = append(files, samples...)
	for _, name := range []string{"nk2003-amsterdam.pdn", "kurnik.pdn", "variation.pdn", "movestrength.pdn"} {
		if path, ok := sharedPDNPath(name); ok {
			files = append(files, path)
		}
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			games, err := ParsePDN(data)
			require.NoError(t, err)
			back, text := roundTrip(t, games)
			require.Len(t, back, len(games))
			for i := range games {
				assert.Equal(t, comparable(games[i]), comparable(back[i]), "game %d", i+1)
			}
			for i, line := range strings.Split(text, "\n") {
				if !strings.HasPrefix(line, "[") {
					assert.Less(t, len(line), 80, "line %d: %q", i+1, line)
				}
			}
		})
	}
}

func TestWritePDN_Format(t *testing.T) {
	g := PDNGame{
		Tags: []PDNTag{{"Event", `Кубок "Заочник"`}, {"GameType", "20"}},
		Moves: []PDNMove{
			{Number: 1, Text: MoveText{Squares: []SquareText{{Number: 32}, {Number: 28}}}, Strength: "!"},
			{Number: 1, Black: true, Text: MoveText{Squares: []SquareText{{Number: 19}, {Number: 23}}}, NAGs: []int{4}, Comment: "a {nested} note"},
			{Number: 2, Text: MoveText{Squares: []SquareText{{Number: 28}, {Number: 19}}, Capture: true}, Comment: "unbalanced }"},
			{Number: 2, Black: true, Text: MoveText{Squares: []SquareText{{Number: 14}, {Number: 23}}, Capture: true}},
		},
		Result: "1-1",
	}
	var buf bytes.Buffer
	require.NoError(t, WritePDN(&buf, g))
	assert.Equal(t, "[Event \"Кубок \\\"Заочник\\\"\"]\n[GameType \"20\"]\n\n"+
		"1. 32-28! 19-23 $4 {a {nested} note} 2. 28x19 {unbalanced )} 2... 14x23 1-1\n\n", buf.String())
}

func TestWritePDN_Wraps(t *testing.T) {
	r := replayText(t, International, "1.32-28 19-23 2.28x19 14x23 3.37-32 10-14 4.41-37 5-10 5.34-29 23x34 6.39x30 14-19 7.44-39 10-14 8.40-34 16-21 9.30-25 21-26 10.50-44 17-22")
	g, err := r.PDN(nil, "*")
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, WritePDN(&buf, g))
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	assert.Greater(t, len(lines), 3, "the movetext is wrapped")
	for _, l := range lines {
		assert.Less(t, len(l), 80)
		assert.False(t, strings.HasSuffix(l, "."), "a move number stays with its move: %q", l)
	}
}

func TestRecord_PDN(t *testing.T) {
	tests := []struct {
		name, pdn string
		tags      []PDNTag
	}{
		{"Russian from the start", "[GameType \"25\"]\n1.c3-d4 f6-g5 2.d4-c5 b6xd4 3.e3xc5 *",
			[]PDNTag{{"Event", "Test"}, {"GameType", "25"}, {"Result", "1-0"}}},
		{"set-up position, Black to move", "[GameType \"25\"]\n[FEN \"B:WKc1,e1:BKf8\"]\n1...f8-e7 2.c1-d2 *",
			[]PDNTag{{"Event", "Test"}, {"GameType", "25"}, {"SetUp", "1"}, {"FEN", "B:WKc1,e1:BKf8"}, {"Result", "1-0"}}},
		{"international", "[GameType \"20\"]\n1.32-28 19-23 2.28x19 14x23 *",
			[]PDNTag{{"Event", "Test"}, {"GameType", "20"}, {"Result", "1-0"}}},
		{"giveaway", "[GameType \"25\"][Variant \"giveaway\"]\n1.c3-d4 f6-g5 2.d4-e5 d6xf4 3.g3xe5 *",
			[]PDNTag{{"Event", "Test"}, {"GameType", "25"}, {"Variant", "giveaway"}, {"Result", "1-0"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := ParsePDN([]byte(tt.pdn))
			require.NoError(t, err)
			r, err := games[0].Replay()
			require.NoError(t, err)
			g, err := r.PDN([]PDNTag{{"Event", "Test"}}, "1-0")
			require.NoError(t, err)
			assert.Equal(t, tt.tags, g.Tags)
			back, _ := roundTrip(t, []PDNGame{g})
			r2, err := back[0].Replay()
			require.NoError(t, err)
			assert.Equal(t, r.Start, r2.Start)
			assert.Equal(t, r.Moves, r2.Moves)
			assert.Equal(t, "1-0", back[0].Result)
		})
	}
}
