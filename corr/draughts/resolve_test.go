package draughts

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func engText(t testing.TB, s string) MoveText {
	t.Helper()
	mt, err := ParseMoveText(s)
	require.NoError(t, err, s)
	return mt
}

func engKind(t *testing.T, err error, want MoveErrorKind) *MoveError {
	t.Helper()
	var e *MoveError
	if !errors.As(err, &e) {
		t.Fatalf("error %v is not a *MoveError of kind %v", err, want)
	}
	assert.Equal(t, want, e.Kind, e.Error())
	return e
}

func TestResolve_6_2_2_FullNotation(t *testing.T) {
	const diagram8 = "W:WKd2:Bb6,d6,f4,f6,g7"
	tests := []struct {
		v        Variant
		fen      string
		text     string
		want     string // Notation of the move found
		captured int
	}{
		{Russian, "", "c3-d4", "c3-d4", 0},
		{Russian, "", "С3-Д4", "c3-d4", 0},   // Cyrillic look-alikes and capitals
		{Russian, "", "Е3 — F4", "e3-f4", 0}, // Е for e (6.2.2), a long dash, spaces
		{Russian, diagram8, "d2:a5", "d2:a5", 3},
		{Russian, diagram8, "d2:h6:f8:c5:a7", "d2:h6:f8:c5:a7", 4},
		{Russian, diagram8, "d2:f8:a7", "d2:h6:f8:c5:a7", 4}, // some landing squares only
		{Russian, diagram8, "d2:e7:a7", "d2:g5:e7:c5:a7", 4},
		{Russian, diagram8, "d2xg5xe7xc5xa7", "d2:g5:e7:c5:a7", 4},
		{International, "", "32-28", "32-28", 0},
		{International, "W:Wc1,i7:Bd2,f4,h8", "47x38x29", "47:29", 2},
		{International, "W:Wc1,i7:Bd2,f4,h8", "47:29", "47:29", 2},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			p := Initial(tt.v)
			if tt.fen != "" {
				p = engFEN(t, tt.v, tt.fen)
			}
			m, err := p.Resolve(engText(t, tt.text))
			require.NoError(t, err)
			assert.Equal(t, tt.want, p.Notation(m))
			assert.Equal(t, tt.captured, m.CaptureCount())
		})
	}
}

func TestResolve_2_1_6_2_AmbiguousNamesTheTurns(t *testing.T) {
	p := engFEN(t, Russian, "W:WKd2:Bb6,d6,f4,f6,g7")
	_, err := p.Resolve(engText(t, "d2:a7"))
	e := engKind(t, err, MoveAmbiguous)
	assert.ElementsMatch(t, []string{"d2:h6:f8:c5:a7", "d2:g5:e7:c5:a7"}, e.Options)
	assert.Contains(t, e.Error(), "d2:h6:f8:c5:a7")
	// c5 is on both paths: still ambiguous.
	_, err = p.Resolve(engText(t, "d2:c5:a7"))
	engKind(t, err, MoveAmbiguous)
}

// A king may stop on any empty square beyond the piece it takes (2.1.5.2,
// 2.1.5.6), so, going on straight over the next piece, on any square
// between the two; a letter writing the capture square by square
// (2.1.5.10, 6.2.2) may name any of them. The engine read only the farthest
// and called a1:d4:g7 impossible (6.2.10); the oracle found it
// (oracle_compare_test.go).
func TestResolve_2_1_5_10_AnyLandingOfAStraightRun(t *testing.T) {
	const diagram6 = "B:Wa1,b2,b4,d2,d4,f2,f4:Ba5,c5,c7,e7,g7"
	tests := []struct {
		v     Variant
		fen   string
		text  string
		taken string // the pieces taken, in the variant's notation
		to    string
	}{
		{Russian, "W:WKa1:Bc3,f6", "a1:d4:g7", "c3,f6", "g7"},
		{Russian, "W:WKa1:Bc3,f6", "a1:e5:g7", "c3,f6", "g7"},
		{Russian, "W:WKa1:Bc3,f6", "a1:d4:h8", "c3,f6", "h8"},
		{Russian, "W:WKa1:Bc3,f6", "a1:g7", "c3,f6", "g7"},
		{International, "W:WK46:B37,19", "46:32:14", "19,37", "14"},
		{International, "W:WK46:B37,19", "46:28:5", "19,37", "5"},
		// Every square landed on written: the man c5 takes d4 and f2, crowned
		// on g1, though c5:a3:c1:e3:g1 also lands on e3 and ends on g1.
		{Russian, diagram6, "c5:e3:g1", "d4,f2", "g1"},
		{Russian, diagram6, "c5:a3:c1:e3:g1", "b4,b2,d2,f2", "g1"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			p := engFEN(t, tt.v, tt.fen)
			m, err := p.Resolve(engText(t, tt.text))
			require.NoError(t, err)
			var taken Bitboard
			for _, name := range strings.Split(tt.taken, ",") {
				taken |= bit(engSquare(t, tt.v, name))
			}
			assert.Equal(t, taken, m.Captured, p.Notation(m))
			assert.Equal(t, engSquare(t, tt.v, tt.to), m.To)
		})
	}
	// Stopping between the two pieces is stopping a capture that must go on.
	_, err := engFEN(t, Russian, "W:WKa1:Bc3,f6").Resolve(engText(t, "a1:d4"))
	engKind(t, err, MoveIncompleteCapture)
}

func TestResolve_6_2_10_Errors(t *testing.T) {
	tests := []struct {
		name    string
		v       Variant
		fen     string
		text    string
		kind    MoveErrorKind
		square  string
		options []string
	}{
		{"empty square", Russian, "", "d4-e5", MoveNoPiece, "d4", nil},
		{"opponent's piece", Russian, "", "f6-g5", MoveNotYourPiece, "f6", nil},
		{"illegal step", Russian, "", "c3-e5", MoveIllegal, "c3", []string{"c3-b4", "c3-d4"}},
		{"blocked man", Russian, "", "b2-c3", MoveIllegal, "b2", nil},
		{"light square", Russian, "", "c3-c4", MoveBadSquare, "c4", nil},
		{"capture compulsory", Russian, "W:Wc3,h2:Bd4", "h2-g3", MoveCaptureCompulsory, "h2", []string{"c3:e5"}},
		{"capture stopped short", Russian, "B:Wc3,d4,f2,f4:BKa5", "a5:e1", MoveIncompleteCapture, "a5", nil},
		{"not the maximum", International, "W:Wc1,i7:Bd2,f4,h8", "20:9", MoveNotMaximum, "20", []string{"47:29"}},
		{"abbreviated", Russian, "", "cd4", MoveAbbreviated, "", []string{"c3-d4"}},
		{"game over", Russian, "W:Wa3:Bb4,c5", "a3-b4", MoveIllegal, "a3", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Initial(tt.v)
			if tt.fen != "" {
				p = engFEN(t, tt.v, tt.fen)
			}
			_, err := p.Resolve(engText(t, tt.text))
			e := engKind(t, err, tt.kind)
			assert.Equal(t, tt.square, e.Square)
			if tt.options != nil {
				assert.ElementsMatch(t, tt.options, e.Options)
			}
			assert.Len(t, e.Moves, len(e.Options))
			if tt.square != "" {
				assert.Contains(t, e.Error(), tt.square)
			}
		})
	}
}

func TestResolve_BadSquareNumber(t *testing.T) {
	// 33 is off the Russian board (ParseMoveText reads it: it knows no board).
	mt := MoveText{Squares: []SquareText{{Number: 22}, {Number: 33}}}
	_, err := Initial(Russian).Resolve(mt)
	e := engKind(t, err, MoveBadSquare)
	assert.Equal(t, "33", e.Square)
}

// The game of clause 2.1.6.2, in full and in semi-short notation.
func TestNotation_6_5_1_SemiShort(t *testing.T) {
	full := []string{"e3-d4", "d6-c5", "f2-e3", "f6-g5", "c3-b4", "g5-h4", "b4:d6", "h4:f2", "e1:g3", "c7:h4"}
	short := []string{"ed4", "dc5", "fe3", "fg5", "cb4", "gh4", "b:d6", "h:f2", "e:g3", "c:h4"}
	p := Initial(Russian)
	for i, text := range full {
		m, err := p.Resolve(engText(t, text))
		require.NoError(t, err, text)
		assert.Equal(t, text, p.Notation(m))
		assert.Equal(t, short[i], p.SemiShort(m))
		back, err := p.ResolveAbbreviated(engText(t, short[i]))
		require.NoError(t, err, short[i])
		assert.Equal(t, m, back)
		p = p.Play(m)
	}
}

func TestNotation_SemiShortDisambiguates(t *testing.T) {
	// Kings c1 and c3 both reach d2: the file does not tell them apart.
	p := engFEN(t, Russian, "W:WKc1,Kc3:Bh8")
	for _, m := range p.MovesFrom(engSquare(t, Russian, "c1")) {
		if Russian.SquareName(m.To) == "d2" {
			assert.Equal(t, "c1-d2", p.SemiShort(m))
		}
	}
	// The three captures of diagram 8: two end on a7 and need their turns.
	q := engFEN(t, Russian, "W:WKd2:Bb6,d6,f4,f6,g7")
	var got []string
	for _, m := range q.LegalMoves(nil) {
		got = append(got, q.SemiShort(m))
	}
	assert.ElementsMatch(t, []string{"d:a5", "d:h6:f8:c5:a7", "d:g5:e7:c5:a7"}, got)
}

func engSquare(t testing.TB, v Variant, name string) Square {
	t.Helper()
	s, err := v.ParseSquare(name)
	require.NoError(t, err)
	return s
}

func TestMovesFrom_6_2_10_SingleMove(t *testing.T) {
	p := Initial(Russian)
	assert.Len(t, p.MovesFrom(engSquare(t, Russian, "a3")), 1) // a3-b4 only
	assert.Len(t, p.MovesFrom(engSquare(t, Russian, "c3")), 2)
	assert.Empty(t, p.MovesFrom(engSquare(t, Russian, "b2")))
}

func TestWinner_2_8_1(t *testing.T) {
	tests := []struct {
		name   string
		v      Variant
		fen    string
		over   bool
		winner Color
	}{
		{"start", Russian, "W:W21-32:B1-12", false, 0},
		{"no white piece", Russian, "W:W:Bb6", true, Black},
		{"white blocked", Russian, "W:Wa3:Bb4,c5", true, Black},
		{"giveaway: blocked side wins", Giveaway, "W:Wa3:Bb4,c5", true, White},
		{"giveaway: no piece wins", Giveaway, "B:Wa3:B", true, Black},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, over := engFEN(t, tt.v, tt.fen).Winner()
			assert.Equal(t, tt.over, over)
			if over {
				assert.Equal(t, tt.winner, w)
			}
		})
	}
}

// Clause 3.3, diagram 12: king 47 has two captures of four pieces from 47 to
// 6, written 47:24:8:17:6 and 47:24:35:44:6 (the position is rebuilt from
// those paths: black 38, 19, 12, 11 on the first, 38, 30, 40, 11 on the second).
func TestNotation_3_3_Diagram12(t *testing.T) {
	p := engFEN(t, International, "W:WK47:B11,12,19,30,38,40")
	assert.ElementsMatch(t, []string{"47:24:8:17:6", "47:24:35:44:6"}, engWritten(p))
	_, err := p.Resolve(engText(t, "47x6"))
	e := engKind(t, err, MoveAmbiguous)
	assert.ElementsMatch(t, []string{"47:24:8:17:6", "47:24:35:44:6"}, e.Options)
	for _, text := range []string{"47:24:8:17:6", "47:8:6", "47x17x6", "47:35:6"} {
		m, err := p.Resolve(engText(t, text))
		require.NoError(t, err, text)
		assert.Equal(t, 4, m.CaptureCount())
	}
}
