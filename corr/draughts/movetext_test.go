package draughts

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseMoveText_6_2_2_FullNotation(t *testing.T) {
	tests := []struct {
		in, want string
		capture  bool
		squares  int
	}{
		{"c3-d4", "c3-d4", false, 2},
		{"C3-D4", "c3-d4", false, 2},
		{"с3-д4", "c3-d4", false, 2},   // Cyrillic с and д
		{"Е3:С5", "e3:c5", true, 2},    // the rules ask for capital Е
		{"c3 - d4", "c3-d4", false, 2}, // spaces around the dash
		{"c3—d4", "c3-d4", false, 2},   // em dash
		{"d2:h6:f8:c5:a7", "d2:h6:f8:c5:a7", true, 5},
		{"b6xd4", "b6:d4", true, 2},
		{"b6хd4", "b6:d4", true, 2},  // Cyrillic х as capture sign
		{"х2-g3", "h2-g3", false, 2}, // Cyrillic х starting a square is h
		{"g3xh4", "g3:h4", true, 2},
		{"32-28", "32-28", false, 2},
		{"47:24:8", "47:24:8", true, 3},
		{"47x24x8", "47:24:8", true, 3},
		{"47×24", "47:24", true, 2},
		{"j10-i9", "j10-i9", false, 2},
		{"c3-d4!", "c3-d4", false, 2},
		{"c3-d4?!", "c3-d4", false, 2},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			mt, err := ParseMoveText(tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.want, mt.String())
			assert.Equal(t, tt.capture, mt.Capture)
			assert.Len(t, mt.Squares, tt.squares)
			assert.False(t, mt.Abbreviated)
		})
	}
}

func TestParseMoveText_6_2_2_AbbreviatedIsRecognised(t *testing.T) {
	tests := []struct{ in, want string }{
		{"cd4", "cd4"},
		{"b:d4", "b:d4"},
		{"e:c5", "e:c5"},
		{"exd4", "e:d4"},
		{"сд4", "cd4"},
		{"c:e5:g7", "c:e5:g7"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			mt, err := ParseMoveText(tt.in)
			require.NoError(t, err)
			assert.True(t, mt.Abbreviated)
			assert.Equal(t, tt.want, mt.String())
		})
	}
}

func TestParseMoveText_Errors(t *testing.T) {
	for _, in := range []string{"", "c3", "c3-", "c3-d4-e5", "k3-d4", "c0-d1", "c11-d4", "51-46", "32-c3", "c3-d4x", "hello", "3-", "c:32", "c3/d4"} {
		t.Run(in, func(t *testing.T) {
			_, err := ParseMoveText(in)
			var me *MoveTextError
			require.ErrorAs(t, err, &me)
			assert.NotEmpty(t, me.Reason)
		})
	}
}

func TestParseMoveSequence_Numbers(t *testing.T) {
	tests := []struct {
		in   string
		want []NumberedMove
	}{
		{"1.c3-d4 f6-g5 2.d4-c5", []NumberedMove{
			{1, false, mustMT(t, "c3-d4")}, {1, true, mustMT(t, "f6-g5")}, {2, false, mustMT(t, "d4-c5")}}},
		{"5...f6-g5", []NumberedMove{{5, true, mustMT(t, "f6-g5")}}},
		{"5… f6-g5 6.c3-d4", []NumberedMove{{5, true, mustMT(t, "f6-g5")}, {6, false, mustMT(t, "c3-d4")}}},
		{"12. c3:e5 f6:d4, 13.e3:c5", []NumberedMove{
			{12, false, mustMT(t, "c3:e5")}, {12, true, mustMT(t, "f6:d4")}, {13, false, mustMT(t, "e3:c5")}}},
		{"32-28 19-23", []NumberedMove{{0, false, mustMT(t, "32-28")}, {0, true, mustMT(t, "19-23")}}},
		{"1. 32 - 28 19 x 28", []NumberedMove{{1, false, mustMT(t, "32-28")}, {1, true, mustMT(t, "19:28")}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseMoveSequence(tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestParseMoveSequence_StopsAtUnreadable(t *testing.T) {
	got, err := ParseMoveSequence("1.c3-d4 f6-g5 2.привет")
	require.Error(t, err)
	assert.Len(t, got, 2)
}

func mustMT(t *testing.T, s string) MoveText {
	t.Helper()
	mt, err := ParseMoveText(s)
	require.NoError(t, err)
	return mt
}

func FuzzParseMoveText(f *testing.F) {
	for _, s := range []string{"c3-d4", "Е3:С5", "47x24x8", "cd4", "b:d4", "1.c3-d4 f6-g5", "5...х2-g3", "c3 - d4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		mt, err := ParseMoveText(s)
		if err == nil {
			// What we print, we read back the same.
			again, err := ParseMoveText(mt.String())
			if err != nil {
				t.Fatalf("%q -> %q does not read back: %v", s, mt.String(), err)
			}
			if again.String() != mt.String() {
				t.Fatalf("%q -> %q -> %q", s, mt.String(), again.String())
			}
		}
		_, _ = ParseMoveSequence(s)
	})
}

// TestNormalizeNotation_NormalTextIsKept: text that needs no normalizing
// is returned as it is, and only such text (the rest goes through normalize).
func TestNormalizeNotation_NormalTextIsKept(t *testing.T) {
	cases := []struct {
		in     string
		normal bool
	}{
		{"c3-d4", true},
		{"d2:f4:h6:f8:c5", true},
		{"47-24", true},
		{"1...f6-g5", true},
		{"", true},
		{"C3-d4", false},
		{"c3xe5", false},
		{"c3 - d4", false},
		{"с3-д4", false},
		{"c3–d4", false},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			if got := normal(c.in); got != c.normal {
				t.Fatalf("normal(%q) = %v, want %v", c.in, got, c.normal)
			}
			if got, want := NormalizeNotation(c.in), normalize(c.in); got != want {
				t.Fatalf("NormalizeNotation(%q) = %q, normalize gives %q", c.in, got, want)
			}
		})
	}
}

// FuzzNormalizeNotation_NormalIsUnchanged: what normal lets through,
// normalize would not have changed.
func FuzzNormalizeNotation_NormalIsUnchanged(f *testing.F) {
	for _, s := range []string{"c3-d4", "d2:f4:h6", "47-24", "1...f6-g5!", "C3x", "c3 - d4", "с3-д4", "…"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if normal(s) && normalize(s) != s {
			t.Fatalf("normal(%q), but normalize gives %q", s, normalize(s))
		}
	})
}

// moveTextByBuilder is MoveText.String as it was written before Append:
// through a strings.Builder, each square by strconv.Itoa.
func moveTextByBuilder(m MoveText) string {
	square := func(s SquareText) string {
		if s.Numeric() {
			return strconv.Itoa(s.Number)
		}
		return string(rune('a'+s.File-1)) + strconv.Itoa(s.Rank)
	}
	var b strings.Builder
	sep := "-"
	if m.Capture {
		sep = ":"
	}
	if m.Abbreviated {
		b.WriteRune(rune('a' + m.FromFile - 1))
		if m.Capture {
			b.WriteString(":")
		}
		for i, s := range m.Squares {
			if i > 0 {
				b.WriteString(":")
			}
			b.WriteString(square(s))
		}
		return b.String()
	}
	for i, s := range m.Squares {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(square(s))
	}
	return b.String()
}

// FuzzMoveTextAppend: Append (and String, written by it) writes what the
// builder wrote, for any squares, and appends without allocating.
func FuzzMoveTextAppend(f *testing.F) {
	f.Add(3, 3, 0, 4, 4, 0, false, false, 0)
	f.Add(0, 0, 32, 0, 0, 28, true, false, 0)
	f.Add(0, 0, 0, 4, 4, 0, true, true, 2)
	f.Add(-200, 1<<30, 0, 1<<20, -7, 0, false, true, -99)
	f.Fuzz(func(t *testing.T, f1, r1, n1, f2, r2, n2 int, capture, abbreviated bool, fromFile int) {
		m := MoveText{Squares: []SquareText{{File: f1, Rank: r1, Number: n1}, {File: f2, Rank: r2, Number: n2}}, Capture: capture, Abbreviated: abbreviated, FromFile: fromFile}
		want := moveTextByBuilder(m)
		if got := m.String(); got != want {
			t.Fatalf("%+v: String %q, want %q", m, got, want)
		}
		if got := string(m.Append([]byte("6."))); got != "6."+want {
			t.Fatalf("%+v: Append %q, want %q", m, got, "6."+want)
		}
		buf := make([]byte, 0, 64)
		if n := testing.AllocsPerRun(1, func() { _ = m.Append(buf[:0]) }); n != 0 {
			t.Fatalf("%+v: Append allocated %v times", m, n)
		}
	})
}
