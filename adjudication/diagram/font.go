package diagram

import (
	"image"
	"image/color"
)

// glyphs is a 3x5 bitmap font for what a board's coordinates need: the
// digits and the files a..j. Each glyph is five rows of three bits, the
// high bit on the left. The standard library draws no text, and a font
// module for a score of glyphs is not worth a dependency.
var glyphs = map[rune][5]uint8{
	'0': {7, 5, 5, 5, 7}, '1': {2, 6, 2, 2, 7}, '2': {7, 1, 7, 4, 7}, '3': {7, 1, 3, 1, 7},
	'4': {5, 5, 7, 1, 1}, '5': {7, 4, 7, 1, 7}, '6': {7, 4, 7, 5, 7}, '7': {7, 1, 2, 2, 2},
	'8': {7, 5, 7, 5, 7}, '9': {7, 5, 7, 1, 7},
	'a': {0, 7, 1, 7, 7}, 'b': {4, 4, 7, 5, 7}, 'c': {0, 7, 4, 4, 7}, 'd': {1, 1, 7, 5, 7},
	'e': {7, 5, 7, 4, 7}, 'f': {3, 4, 6, 4, 4}, 'g': {7, 5, 7, 1, 6}, 'h': {4, 4, 7, 5, 5},
	'i': {2, 0, 2, 2, 2}, 'j': {1, 0, 1, 5, 7},
}

// text writes s with its top left corner at (x, y), each font pixel a
// scale x scale block; a glyph advances 4*scale pixels.
func text(img *image.RGBA, x, y int, s string, col color.RGBA, scale int) {
	for _, r := range s {
		g := glyphs[r]
		for row := range 5 {
			for bit := range 3 {
				if g[row]&(4>>bit) == 0 {
					continue
				}
				fill(img, image.Rect(x+bit*scale, y+row*scale, x+(bit+1)*scale, y+(row+1)*scale), col)
			}
		}
		x += 4 * scale
	}
}
