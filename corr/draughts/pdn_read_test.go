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

// moveStrings gives the canonical text of a game's moves.
func moveStrings(g PDNGame) []string {
	out := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		out[i] = m.Text.String()
	}
	return out
}

func readSample(t *testing.T, name string) []PDNGame {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "pdn", name))
	require.NoError(t, err)
	games, err := ParsePDN(data)
	require.NoError(t, err)
	return games
}

func TestParsePDN_TagsMovesResult(t *testing.T) {
	games := readSample(t, "russian_bom_crlf.pdn")
	require.Len(t, games, 1)
	g := games[0]
	assert.Equal(t, []PDNTag{
		{"Event", "Тестовый турнир"}, {"Site", "?"}, {"Date", "2026.??.??"},
		{"White", "Иванов И."}, {"Black", "Петров П."}, {"Result", "*"}, {"GameType", "25"},
	}, g.Tags, "tags in file order, BOM dropped")
	assert.Equal(t, []string{"c3-d4", "f6-g5", "b2-c3", "g5-h4", "c3-b4", "g7-f6", "d4-c5", "b6:d4", "e3:c5"}, moveStrings(g),
		"the variation (4... d6xb4 ...) is skipped")
	assert.Equal(t, "*", g.Result)
	assert.Equal(t, 1, g.Line)
	assert.Equal(t, "the usual", g.Moves[2].Comment)
	assert.Equal(t, []int{1}, g.Moves[3].NAGs)
	assert.Equal(t, "!?", g.Moves[5].Strength)
	assert.Equal(t, 4, g.Moves[7].Number)
	assert.True(t, g.Moves[7].Black)
	assert.Equal(t, 9, g.Moves[0].Line, "lines count CRLF once")
	assert.Equal(t, 4, g.Moves[0].Col)
}

func TestParsePDN_SeveralGamesAndSplitMoves(t *testing.T) {
	games := readSample(t, "international_two.pdn")
	require.Len(t, games, 2)
	assert.Equal(t, "1-1", games[0].Result)
	assert.Equal(t, "2-0", games[1].Result)
	assert.Equal(t, 6, games[1].Line)
	mv := moveStrings(games[1])
	assert.Equal(t, "1-6", mv[len(mv)-1], `"1- 6" is one move`)
	assert.Len(t, mv, 8)
}

func TestParsePDN_SyntaxEdgeCases(t *testing.T) {
	games := readSample(t, "syntax_mix.pdn")
	require.Len(t, games, 2)
	g := games[0]
	v, ok := g.Tag("white")
	assert.True(t, ok)
	assert.Equal(t, `Quote " and backslash \`, v)
	assert.Equal(t, []string{"32-28", "19-23", "28:19", "14:23", "37-32", "10-14"}, moveStrings(g))
	assert.Equal(t, "!?", g.Moves[0].Strength)
	assert.Equal(t, "!?", g.Moves[1].Strength, "(!?) is a strength mark, not a variation")
	assert.Equal(t, "a { nested } comment", g.Moves[2].Comment)
	assert.Equal(t, []int{14}, g.Moves[3].NAGs)
	assert.Equal(t, "to the end", g.Moves[3].Comment)
	assert.Equal(t, "1/2-1/2", g.Result)
	assert.Equal(t, []string{"a3-b4"}, moveStrings(games[1]), "squares without a separator")
	assert.Equal(t, "*", games[1].Result)
}

func TestParsePDN_MoveNumbers(t *testing.T) {
	tests := []struct {
		in      string
		numbers []int
		black   []bool
	}{
		{"1.32-28 19-23 2.28x19", []int{1, 1, 2}, []bool{false, true, false}},
		{"5...19-23 6.28x19", []int{5, 6}, []bool{true, false}},
		{"5. ... 19-23 6. 28x19", []int{5, 6}, []bool{true, false}},
		{"32-28 19-23", []int{0, 0}, []bool{false, true}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			games, err := ParsePDN([]byte(tt.in))
			require.NoError(t, err)
			require.Len(t, games, 1)
			var numbers []int
			var black []bool
			for _, m := range games[0].Moves {
				numbers = append(numbers, m.Number)
				black = append(black, m.Black)
			}
			assert.Equal(t, tt.numbers, numbers)
			assert.Equal(t, tt.black, black)
		})
	}
}

func TestParsePDN_GameBoundaries(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		games   int
		results []string
	}{
		{"empty", "", 0, nil},
		{"only a comment", "{nothing here}\n", 0, nil},
		{"tags only", `[FEN "W:W31-50:B1-20"]` + "\n*\n", 1, []string{"*"}},
		{"no result, next tags", "[Event \"a\"]\n1.32-28\n[Event \"b\"]\n1.33-29 *", 2, []string{"", "*"}},
		{"results end games", "1.32-28 1-0 1.33-29 0-1 1.34-30 1/2-1/2 1.31-27 0-0", 4, []string{"1-0", "0-1", "1/2-1/2", "0-0"}},
		{"no final newline", "[White \"x\"]\n1.32-28 19-23", 1, []string{""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := ParsePDN([]byte(tt.in))
			require.NoError(t, err)
			require.Len(t, games, tt.games)
			for i, r := range tt.results {
				assert.Equal(t, r, games[i].Result)
			}
		})
	}
}

func TestParsePDN_ErrorsNameLineAndColumn(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		line, col int
		msg       string
		moves     int // moves kept in the first game
	}{
		{"bad move", "[Event \"x\"]\n1.32-28 19-99 2.28x19 *", 2, 9, `cannot read move 1... "19-99"`, 1},
		{"unwritten move", "1. - - 2. - - 1/2-1/2", 1, 4, "no squares", 0},
		{"unclosed tag value", "[Event \"x\n1.32-28", 1, 1, "not closed by '\"'", 0},
		{"unclosed tag", "[Event \"x\"\n1.32-28 *", 1, 1, "not closed by ']'", 1},
		{"unclosed comment", "1.32-28 {never closed", 1, 9, "not closed by '}'", 1},
		{"unclosed variation", "1.32-28 (1.33-29", 1, 9, "not closed by ')'", 1},
		{"stray paren", "1.32-28 ) 19-23", 1, 9, "unexpected ')'", 2},
		{"bad NAG", "1.32-28 $x", 1, 9, "NAG", 1},
		{"a move to its own square", "1.01-01 *", 1, 3, "goes from a square to itself", 0},
		{"Cyrillic words", "1.32-28 привет", 1, 9, "cannot read move", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := ParsePDN([]byte(tt.in))
			require.Error(t, err)
			var pe *PDNError
			require.True(t, errors.As(err, &pe), "error %v is a *PDNError", err)
			assert.Equal(t, tt.line, pe.Line)
			assert.Equal(t, tt.col, pe.Col)
			assert.Contains(t, pe.Msg, tt.msg)
			assert.Contains(t, err.Error(), "line")
			require.NotEmpty(t, games)
			assert.Len(t, games[0].Moves, tt.moves)
		})
	}
}

func TestParseGameType(t *testing.T) {
	tests := []struct {
		in   string
		want GameType
		out  string
	}{
		{"20", GameType{Code: 20}, "20"},
		{"25", GameType{Code: 25}, "25"},
		{"20,W,10,10,N2,0", GameType{20, 'W', 10, 10, 'N', 2, false}, "20,W,10,10,N2,0"},
		{"25,W,8,8,A0,0", GameType{25, 'W', 8, 8, 'A', 0, false}, "25,W,8,8,A0,0"},
		{" 41, w, 10, 8, a0 ", GameType{41, 'W', 10, 8, 'A', 0, false}, "41,W,10,8,A0,0"},
		{"20,B,10,10,N1,1", GameType{20, 'B', 10, 10, 'N', 1, true}, "20,B,10,10,N1,1"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseGameType(tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.out, got.String())
		})
	}
	for _, bad := range []string{"", "x", "20,W", "20,Q,10,10,N2", "20,W,x,10,N2", "20,W,10,10,Z2", "20,W,10,10,N7", "20,W,10,10,N2,5", "-1"} {
		t.Run("bad "+bad, func(t *testing.T) {
			_, err := ParseGameType(bad)
			require.Error(t, err)
			assert.True(t, strings.Contains(err.Error(), "GameType"))
		})
	}
}

func TestReadPDN(t *testing.T) {
	games, err := ReadPDN(strings.NewReader("[GameType \"21\"]\n1.32-28 *"))
	require.NoError(t, err)
	require.Len(t, games, 1)
	gt, ok := games[0].Tag("gametype")
	require.True(t, ok)
	parsed, err := ParseGameType(gt)
	require.NoError(t, err)
	assert.Equal(t, "English", parsed.Name())
	assert.Equal(t, "GameType 99", GameType{Code: 99}.Name())

	_, err = ReadPDN(failingReader{})
	assert.ErrorContains(t, err, "reading PDN")
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }
