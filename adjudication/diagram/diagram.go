// Package diagram draws a draughts position for the judge: a PNG image any
// mail client shows (standard library only) and a text board for clients
// that show no images. Both are pure functions of a draughts.Position.
package diagram

import (
	"bytes"
	"image"
	"image/color"
	"image/png"

	"zaochnik/corr/draughts"
)

// Geometry of the picture, in pixels. Exported so that tests and the page
// that embeds the image can find a square without decoding the layout.
const (
	// Cell is the side of one square.
	Cell = 44
	// Margin is the border around the board that holds the coordinates.
	Margin = 22
)

// The colours of the picture: a board as printed in a tournament bulletin,
// pieces with an outline so that a white man shows on a light screen too,
// and a king marked by a red crown disc at its centre.
var (
	Light     = color.RGBA{0xf0, 0xe6, 0xd2, 0xff}
	Dark      = color.RGBA{0x8b, 0x5a, 0x3c, 0xff}
	Paper     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	Ink       = color.RGBA{0x20, 0x20, 0x20, 0xff}
	WhiteMan  = color.RGBA{0xfa, 0xfa, 0xfa, 0xff}
	BlackMan  = color.RGBA{0x1a, 0x1a, 0x1a, 0xff}
	KingCrown = color.RGBA{0xd0, 0x20, 0x20, 0xff}
)

// Size returns the width and height of the picture of a board of v.
func Size(v draughts.Variant) (w, h int) {
	return 2*Margin + v.Width()*Cell, 2*Margin + v.Height()*Cell
}

// Center returns the pixel at the centre of the square on file and rank
// (1-based, a1 at White's bottom left, as the picture shows White at the bottom).
func Center(v draughts.Variant, file, rank int) image.Point {
	return image.Pt(Margin+(file-1)*Cell+Cell/2, Margin+(v.Height()-rank)*Cell+Cell/2)
}

// Image draws p: the board with White at the bottom, files a.. below and
// above, ranks 1.. at both sides, and on 10x10 boards each dark square's
// number in its corner (the numeric notation of 3.x).
func Image(p draughts.Position) *image.RGBA {
	v := p.Variant()
	w, h := Size(v)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fill(img, img.Bounds(), Paper)
	for rank := 1; rank <= v.Height(); rank++ {
		for file := 1; file <= v.Width(); file++ {
			c := Center(v, file, rank)
			r := image.Rect(c.X-Cell/2, c.Y-Cell/2, c.X+Cell/2, c.Y+Cell/2)
			sq, dark := v.SquareAt(file, rank)
			if !dark {
				fill(img, r, Light)
				continue
			}
			fill(img, r, Dark)
			if v.Numeric() {
				text(img, r.Min.X+2, r.Min.Y+2, itoa(v.SquareNumber(sq)), Light, 1)
			}
			if side, king, ok := p.Piece(sq); ok {
				piece(img, c, side, king)
			}
		}
	}
	border := image.Rect(Margin-1, Margin-1, w-Margin+1, h-Margin+1)
	outline(img, border, Ink)
	for file := 1; file <= v.Width(); file++ {
		c := Center(v, file, 1)
		name := string(rune('a' + file - 1))
		text(img, c.X-3, h-Margin+5, name, Ink, 2)
		text(img, c.X-3, 5, name, Ink, 2)
	}
	for rank := 1; rank <= v.Height(); rank++ {
		c := Center(v, 1, rank)
		s := itoa(rank)
		text(img, Margin-4-8*len(s), c.Y-5, s, Ink, 2)
		text(img, w-Margin+4, c.Y-5, s, Ink, 2)
	}
	return img
}

// PNG returns Image(p) encoded as PNG.
func PNG(p draughts.Position) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, Image(p)); err != nil {
		panic("diagram: png.Encode into memory failed: " + err.Error()) // cannot happen for an RGBA image
	}
	return b.Bytes()
}

// piece draws a man (a disc with an outline) or a king (the same with a
// crown disc at its centre) centred on c.
func piece(img *image.RGBA, c image.Point, side draughts.Color, king bool) {
	body, rim := WhiteMan, BlackMan
	if side == draughts.Black {
		body, rim = BlackMan, WhiteMan
	}
	r := Cell/2 - 4
	disc(img, c, r, rim)
	disc(img, c, r-2, body)
	if king {
		disc(img, c, r/2, KingCrown)
	}
}

func disc(img *image.RGBA, c image.Point, r int, col color.RGBA) {
	for y := -r; y <= r; y++ {
		for x := -r; x <= r; x++ {
			if x*x+y*y <= r*r {
				img.SetRGBA(c.X+x, c.Y+y, col)
			}
		}
	}
}

func fill(img *image.RGBA, r image.Rectangle, col color.RGBA) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, col)
		}
	}
}

func outline(img *image.RGBA, r image.Rectangle, col color.RGBA) {
	for x := r.Min.X; x < r.Max.X; x++ {
		img.SetRGBA(x, r.Min.Y, col)
		img.SetRGBA(x, r.Max.Y-1, col)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		img.SetRGBA(r.Min.X, y, col)
		img.SetRGBA(r.Max.X-1, y, col)
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
