package diagram

import (
	"bytes"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"zaochnik/corr/letter"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
)

// at is what the picture must show at the centre of one square.
type at struct {
	file, rank int
	want       color.RGBA
}

func TestPNG_6_5_2_FinalPositionDiagram(t *testing.T) {
	tests := []struct {
		name   string
		v      draughts.Variant
		fen    string
		w, h   int
		checks []at
	}{
		{"russian men and kings", draughts.Russian, "W:Wa1,Kc3:Bd6,Kb8", 2*Margin + 8*Cell, 2*Margin + 8*Cell, []at{
			{1, 1, WhiteMan}, {3, 3, KingCrown}, {4, 6, BlackMan}, {2, 8, KingCrown},
			{5, 5, Dark} /* e5: empty dark */, {2, 1, Light} /* b1: light */, {8, 8, Dark}, {1, 8, Light},
		}},
		{"international numbered board", draughts.International, "W:W31,K50:B16,17", 2*Margin + 10*Cell, 2*Margin + 10*Cell, []at{
			{2, 4, WhiteMan} /* 31 = b4 */, {9, 1, KingCrown} /* 50 = i1 */, {1, 7, BlackMan} /* 16 = a7 */, {3, 7, BlackMan},
			{10, 1, Light}, {1, 1, Dark},
		}},
		// 80-square draughts (6.1.4): ten files wide, eight ranks high.
		{"10x8 board", draughts.EightySquare, "W:Wa1,Kj2:Bj8,i7", 2*Margin + 10*Cell, 2*Margin + 8*Cell, []at{
			{1, 1, WhiteMan}, {10, 2, KingCrown}, {10, 8, BlackMan}, {9, 7, BlackMan},
			{10, 1, Light}, {2, 2, Dark}, {1, 8, Light},
		}},
		{"initial russian", draughts.Russian, draughts.Initial(draughts.Russian).FENAlpha(), 2*Margin + 8*Cell, 2*Margin + 8*Cell, []at{
			{3, 3, WhiteMan}, {8, 6, BlackMan}, {2, 4, Dark}, {1, 5, Dark},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := draughts.ParseFEN(tt.v, tt.fen)
			require.NoError(t, err)
			img, err := png.Decode(bytes.NewReader(PNG(p)))
			require.NoError(t, err, "the PNG must decode")
			assert.Equal(t, tt.w, img.Bounds().Dx())
			assert.Equal(t, tt.h, img.Bounds().Dy())
			for _, c := range tt.checks {
				pt := Center(tt.v, c.file, c.rank)
				r, g, b, a := img.At(pt.X, pt.Y).RGBA()
				got := color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
				assert.Equal(t, c.want, got, "square %c%d", 'a'+c.file-1, c.rank)
			}
		})
	}
}

func TestPNG_KingAndManDiffer(t *testing.T) {
	// A king is told from a man away from its crown too: the rim is the
	// man's, the centre is the crown.
	p, err := draughts.ParseFEN(draughts.Russian, "W:WKc3:Bd6")
	require.NoError(t, err)
	img := Image(p)
	c := Center(draughts.Russian, 3, 3)
	assert.Equal(t, KingCrown, img.RGBAAt(c.X, c.Y))
	assert.Equal(t, WhiteMan, img.RGBAAt(c.X+Cell/2-8, c.Y), "the king's body")
	assert.Equal(t, BlackMan, img.RGBAAt(c.X+Cell/2-5, c.Y), "the white king's rim")
}

func TestText_6_5_2_TextBoard(t *testing.T) {
	tests := []struct {
		v     draughts.Variant
		fen   string
		lang  letter.Lang
		lines []string
	}{
		{draughts.Russian, "W:Wa1,Kc3:Bd6,Kb8", "ru", []string{
			"    a b c d e f g h",
			"  8   B   .   .   .",
			"  6   .   b   .   .",
			"  3 .   W   .   .  ",
			"  1 w   .   .   .  ",
			"Белые: Дc3, a1",
			"Чёрные: Дb8, d6",
			"Ход белых",
		}},
		{draughts.International, "B:W31,K50:B16,17", "en", []string{
			" 10   .   .   .   .   .",
			"  1 .   .   .   .   W  ",
			"White: Д50, 31",
			"Black: 16, 17",
			"To move: black",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.fen, func(t *testing.T) {
			p, err := draughts.ParseFEN(tt.v, tt.fen)
			require.NoError(t, err)
			got := Text(p, tt.lang)
			lines := strings.Split(got, "\n")
			for _, want := range tt.lines {
				assert.Contains(t, lines, want, "in\n%s", got)
			}
		})
	}
}
