package draughts

import (
	"strconv"
	"strings"
)

// numbering says where a game's squares are counted from, as the GameType
// tag's notation digit does: the corner of square 1 for numbers and of a1 for
// letters, as White sees the board (0 bottom-left, 1 bottom-right, 2
// top-left, 3 top-right). The standard boards count numbers from the
// top-left and letters from the bottom-left.
type numbering struct{ number, letter int }

// standardNumbering is how zaochnik writes and reads squares by default.
var standardNumbering = numbering{number: 2, letter: 0}

// numbering reads the GameType's notation digit; without one, or with a tag
// that does not read (Variant reports that), the numbering is standard.
func (g PDNGame) numbering() numbering {
	n := standardNumbering
	tag, ok := g.Tag("GameType")
	if !ok {
		return n
	}
	t, err := ParseGameType(tag)
	if err != nil {
		return n
	}
	switch t.Notation {
	case 'N':
		n.number = t.Corner
	case 'A':
		n.letter = t.Corner
	}
	return n
}

// square rewrites s, written in numbering n, as the standard numbering
// writes the same square of v's board.
func (n numbering) square(v Variant, s SquareText) SquareText {
	if s.Numeric() {
		right, top := n.number == 1 || n.number == 3, n.number >= 2
		half := v.Width() / 2
		i := s.Number - 1
		if i < 0 || i >= v.Squares() {
			return s // off the board either way: Resolve says so
		}
		row, k := i/half, i%half
		if !top {
			row = v.Height() - 1 - row
		}
		if right {
			k = half - 1 - k
		}
		return SquareText{Number: row*half + k + 1}
	}
	right, top := n.letter == 1 || n.letter == 3, n.letter >= 2
	if right && s.File != 0 {
		s.File = v.Width() + 1 - s.File
	}
	if top && s.Rank != 0 {
		s.Rank = v.Height() + 1 - s.Rank
	}
	return s
}

// moveText rewrites every square of m.
func (n numbering) moveText(v Variant, m MoveText) MoveText {
	out := m
	out.Squares = make([]SquareText, len(m.Squares))
	for i, s := range m.Squares {
		out.Squares[i] = n.square(v, s)
	}
	if m.Abbreviated && (n.letter == 1 || n.letter == 3) {
		out.FromFile = v.Width() + 1 - m.FromFile
	}
	return out
}

// fen rewrites the squares of a FEN's piece lists ("W:W21-24,K5:Bc3"); an
// item that is not a square is left for ParseFEN to refuse.
func (n numbering) fen(v Variant, fen string) string {
	fields := strings.Split(fen, ":")
	for i := 1; i < len(fields); i++ {
		f := strings.TrimSpace(fields[i])
		if f == "" {
			continue
		}
		items := strings.Split(f[1:], ",")
		var out []string
		for _, item := range items {
			item = strings.TrimSpace(item)
			king := ""
			if item != "" && (item[0] == 'K' || item[0] == 'k') {
				king, item = "K", item[1:]
			}
			if lo, hi, ok := strings.Cut(item, "-"); ok {
				a, err1 := strconv.Atoi(lo)
				b, err2 := strconv.Atoi(hi)
				if err1 == nil && err2 == nil && a >= 1 && a <= b && b <= v.Squares() {
					for k := a; k <= b; k++ {
						out = append(out, king+n.square(v, SquareText{Number: k}).String())
					}
					continue
				}
			}
			if s, ok := readSquareItem(item); ok {
				item = n.square(v, s).String()
			}
			out = append(out, king+item)
		}
		fields[i] = f[:1] + strings.Join(out, ",")
	}
	return strings.Join(fields, ":")
}

// readSquareItem reads "32" or "c3" (files a-z) as written.
func readSquareItem(item string) (SquareText, bool) {
	if k, err := strconv.Atoi(item); err == nil && k > 0 {
		return SquareText{Number: k}, true
	}
	if len(item) >= 2 {
		f := int(item[0]|0x20) - 'a' + 1
		if r, err := strconv.Atoi(item[1:]); err == nil && f >= 1 && f <= 26 && r > 0 {
			return SquareText{File: f, Rank: r}, true
		}
	}
	return SquareText{}, false
}

// renumbered returns g with its moves and FEN written in the standard
// numbering of v's board, g's being n.
func (g PDNGame) renumbered(v Variant, n numbering) PDNGame {
	if n == standardNumbering {
		return g
	}
	out := g
	out.Tags = append([]PDNTag(nil), g.Tags...)
	for i, t := range out.Tags {
		if strings.EqualFold(t.Name, "FEN") {
			out.Tags[i].Value = n.fen(v, t.Value)
		}
	}
	out.Moves = make([]PDNMove, len(g.Moves))
	for i, m := range g.Moves {
		m.Text = n.moveText(v, m.Text)
		out.Moves[i] = m
	}
	return out
}
