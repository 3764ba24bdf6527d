package draughts

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseFEN reads a position of variant v in the FEN of PDN 3.0:
// "W:W21-32:B1-12" or "B:W18,24,K5:Bb6,d6,Kf8". The first field is the side to
// move; then one field per colour (either order) lists its pieces, K marking
// a king, as numbers, number ranges (21-32) or alphanumeric names (c3).
// Spaces, a trailing dot and lower-case letters are tolerated. A square listed
// twice, off the board, or a man on its own promotion row is an error.
func ParseFEN(v Variant, s string) (Position, error) {
	if !v.Valid() {
		return Position{}, fmt.Errorf("FEN: unknown variant %d", v)
	}
	p := Position{turn: turn{v: v}}
	clean := strings.TrimRight(strings.Join(strings.Fields(s), ""), ".")
	fields := strings.Split(clean, ":")
	if len(fields) < 1 || fields[0] == "" {
		return p, fmt.Errorf("FEN %q: empty; write it as W:W21-32:B1-12", s)
	}
	switch strings.ToUpper(fields[0]) {
	case "W":
		p.side = White
	case "B":
		p.side = Black
	default:
		return p, fmt.Errorf("FEN %q: side to move %q must be W or B", s, fields[0])
	}
	seen := [2]bool{}
	for _, f := range fields[1:] {
		if f == "" {
			continue
		}
		var c Color
		switch f[0] {
		case 'W', 'w':
			c = White
		case 'B', 'b':
			c = Black
		default:
			return p, fmt.Errorf("FEN %q: field %q must start with W or B (the colour of the pieces listed)", s, f)
		}
		if seen[c] {
			return p, fmt.Errorf("FEN %q: the %s pieces are listed twice", s, c)
		}
		seen[c] = true
		if err := p.addFENPieces(c, f[1:]); err != nil {
			return p, fmt.Errorf("FEN %q: %v", s, err)
		}
	}
	return p, nil
}

// addFENPieces adds one colour's list: "K5,18,21-24,c3".
func (p *Position) addFENPieces(c Color, list string) error {
	g := p.v.rules().geo
	for _, item := range strings.Split(list, ",") {
		if item == "" {
			continue
		}
		king := false
		if item[0] == 'K' || item[0] == 'k' {
			king, item = true, item[1:]
		}
		squares, err := p.v.fenSquares(item)
		if err != nil {
			return err
		}
		for _, sq := range squares {
			if (p.us | p.them).Has(sq) {
				return fmt.Errorf("square %s is listed twice", p.v.SquareText(sq))
			}
			if !king && g.lastRow[c].Has(sq) {
				return fmt.Errorf("a %s man on %s, its promotion row, would be a king: write K%s", c, p.v.SquareText(sq), p.v.SquareText(sq))
			}
			p.add(c, bit(sq))
			if king {
				p.kings |= bit(sq)
			}
		}
	}
	return nil
}

// fenSquares reads one FEN item without its K: "18", "21-32" or "c3".
func (v Variant) fenSquares(item string) ([]Square, error) {
	if lo, hi, ok := strings.Cut(item, "-"); ok {
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil || a > b || a < 1 || b > v.Squares() {
			return nil, fmt.Errorf("range %q must be two square numbers 1-%d, low to high", item, v.Squares())
		}
		out := make([]Square, 0, b-a+1)
		for n := a; n <= b; n++ {
			s, _ := v.SquareFromNumber(n)
			out = append(out, s)
		}
		return out, nil
	}
	if n, err := strconv.Atoi(item); err == nil {
		if s, ok := v.SquareFromNumber(n); ok {
			return []Square{s}, nil
		}
		return nil, fmt.Errorf("square %d is not on the %s board (1-%d)", n, v, v.Squares())
	}
	if len(item) >= 2 {
		f := int(item[0]|0x20) - 'a' + 1
		if r, err := strconv.Atoi(item[1:]); err == nil && f >= 1 && f <= 26 {
			if s, ok := v.SquareAt(f, r); ok {
				return []Square{s}, nil
			}
		}
	}
	return nil, fmt.Errorf("%q is not a dark square of the %s board", item, v)
}

// FEN writes the position in numeric FEN, kings marked K, squares in
// increasing order: "W:W21,22,K30:B1,2".
func (p Position) FEN() string { return p.fen(false) }

// FENAlpha writes the position in alphanumeric FEN, squares ordered rank by
// rank from White's side: "W:Wa1,c1,Ke3:Bb8".
func (p Position) FENAlpha() string { return p.fen(true) }

func (p Position) fen(alpha bool) string {
	var b strings.Builder
	b.WriteString([2]string{"W", "B"}[p.side])
	for _, c := range [2]Color{White, Black} {
		b.WriteString([2]string{":W", ":B"}[c])
		squares := p.Pieces(c).Squares(nil)
		if alpha {
			squares = p.v.byRankAndFile(squares)
		}
		for i, s := range squares {
			if i > 0 {
				b.WriteByte(',')
			}
			if p.kings.Has(s) {
				b.WriteByte('K')
			}
			if alpha {
				b.WriteString(p.v.SquareName(s))
			} else {
				b.WriteString(strconv.Itoa(p.v.SquareNumber(s)))
			}
		}
	}
	return b.String()
}

// byRankAndFile sorts squares (given in numeric order) by rank from White's
// side, then file: a1, c1, ..., b2, ...
func (v Variant) byRankAndFile(sq []Square) []Square {
	out := make([]Square, 0, len(sq))
	for rank := 1; rank <= v.Height(); rank++ {
		for _, s := range sq {
			if _, r := v.FileRank(s); r == rank {
				out = append(out, s)
			}
		}
	}
	return out
}
