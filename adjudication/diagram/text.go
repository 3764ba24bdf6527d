package diagram

import (
	"strings"
	"zaochnik/corr/letter"

	"zaochnik/corr/draughts"
)

// Text returns p as a text board for a mail body (monospaced clients show
// it as a board, others still read the lists): ranks from the top, 'w' and
// 'b' for men, 'W' and 'B' for kings, '.' for an empty dark square, then
// the pieces of each side as written in the notation of the board (kings
// marked Д, as in Russian records) and the side to move, the labels in
// lang.
func Text(p draughts.Position, lang letter.Lang) string {
	v := p.Variant()
	var b strings.Builder
	files := "   "
	for f := 1; f <= v.Width(); f++ {
		files += " " + string(rune('a'+f-1))
	}
	b.WriteString(files + "\n")
	for rank := v.Height(); rank >= 1; rank-- {
		r := itoa(rank)
		b.WriteString(strings.Repeat(" ", 3-len(r)) + r)
		for file := 1; file <= v.Width(); file++ {
			b.WriteByte(' ')
			sq, dark := v.SquareAt(file, rank)
			if !dark {
				b.WriteByte(' ')
				continue
			}
			b.WriteByte(mark(p, sq))
		}
		b.WriteString("\n")
	}
	b.WriteString(files + "\n")
	en := lang.IsEnglish()
	label := map[bool][3]string{false: {"Белые", "Чёрные", "Ход "}, true: {"White", "Black", "To move: "}}[en]
	for i, side := range []draughts.Color{draughts.White, draughts.Black} {
		b.WriteString(label[i] + ": " + pieceList(p, side) + "\n")
	}
	if en {
		b.WriteString(label[2] + p.SideToMove().String() + "\n")
	} else {
		b.WriteString(label[2] + map[draughts.Color]string{draughts.White: "белых", draughts.Black: "чёрных"}[p.SideToMove()] + "\n")
	}
	return b.String()
}

// mark is the character of a dark square.
func mark(p draughts.Position, sq draughts.Square) byte {
	side, king, ok := p.Piece(sq)
	switch {
	case !ok:
		return '.'
	case side == draughts.White && king:
		return 'W'
	case side == draughts.White:
		return 'w'
	case king:
		return 'B'
	}
	return 'b'
}

// pieceList names side's pieces, kings first with Д: "Дc5, a1, e3".
func pieceList(p draughts.Position, side draughts.Color) string {
	v := p.Variant()
	var out []string
	for _, sq := range p.Kings(side).Squares(nil) {
		out = append(out, "Д"+v.SquareText(sq))
	}
	for _, sq := range p.Men(side).Squares(nil) {
		out = append(out, v.SquareText(sq))
	}
	if len(out) == 0 {
		return "—"
	}
	return strings.Join(out, ", ")
}
