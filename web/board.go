package web

import (
	"fmt"
	"html/template"
	"strings"

	"zaochnik/corr/draughts"
)

// cell is the side of a square in the SVG's units; margin holds the
// coordinates on the edge.
const (
	cell   = 40
	margin = 22
)

// BoardSVG draws p as an SVG board seen from White: light and dark
// squares, the files (a, b, ...) under the board and the ranks beside it,
// the square numbers on a numeric (10x10) board, kings with a crown ring,
// and the squares of last, when given, highlighted. Each piece has a title
// naming its square, colour and kind, shown on hover. The drawing is built
// from numbers and fixed words only, so it is safe to embed as HTML.
func BoardSVG(p draughts.Position, last *draughts.Move) template.HTML {
	v := p.Variant()
	w, h := v.Width(), v.Height()
	size := [2]int{margin*2 + w*cell, margin*2 + h*cell}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`,
		size[0], size[1], size[0], size[1], describe(p))
	fmt.Fprintf(&b, `<rect x="0" y="0" width="%d" height="%d" fill="#efe6d2"/>`, size[0], size[1])
	for rank := h; rank >= 1; rank-- {
		for file := 1; file <= w; file++ {
			x, y := margin+(file-1)*cell, margin+(h-rank)*cell
			s, dark := v.SquareAt(file, rank)
			fill := "#f3e3c3"
			if dark {
				fill = "#8b5a2b"
				if last != nil && (s == last.From || s == last.To) {
					fill = "#b8860b"
				}
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`, x, y, cell, cell, fill)
			if !dark {
				continue
			}
			if v.Numeric() {
				fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="9" fill="#f3e3c3">%d</text>`, x+2, y+9, v.SquareNumber(s))
			}
			c, king, ok := p.Piece(s)
			if !ok {
				continue
			}
			fill, stroke, word := "#fbf8f0", "#222", "белая"
			if c == draughts.Black {
				fill, stroke, word = "#1d1d1d", "#ddd", "черная"
			}
			class, kind := "piece "+c.String(), "шашка"
			if king {
				class, kind = class+" king", "дамка"
			}
			cx, cy := x+cell/2, y+cell/2
			fmt.Fprintf(&b, `<g class="%s"><title>%s: %s %s</title>`, class, v.SquareText(s), word, kind)
			fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="%s" stroke-width="2"/>`, cx, cy, cell*2/5, fill, stroke)
			if king {
				fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="none" stroke="%s" stroke-width="3"/>`, cx, cy, cell/5, stroke)
				fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="3" fill="%s"/>`, cx, cy, stroke)
			}
			b.WriteString(`</g>`)
		}
	}
	for file := 1; file <= w; file++ {
		x := margin + (file-1)*cell + cell/2
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="13" text-anchor="middle" fill="#333">%c</text>`, x, size[1]-6, 'a'+file-1)
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="13" text-anchor="middle" fill="#333">%c</text>`, x, 15, 'a'+file-1)
	}
	for rank := 1; rank <= h; rank++ {
		y := margin + (h-rank)*cell + cell/2 + 5
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="13" text-anchor="middle" fill="#333">%d</text>`, margin/2, y, rank)
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="13" text-anchor="middle" fill="#333">%d</text>`, size[0]-margin/2, y, rank)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String()) // #nosec: numbers and fixed words only
}

// describe is the board's accessible label: who moves and the material.
func describe(p draughts.Position) string {
	wm, wk := p.Count(draughts.White)
	bm, bk := p.Count(draughts.Black)
	side := "белых"
	if p.SideToMove() == draughts.Black {
		side = "черных"
	}
	return fmt.Sprintf("Ход %s. Белые: %d шашек, %d дамок; черные: %d шашек, %d дамок", side, wm, wk, bm, bk)
}
