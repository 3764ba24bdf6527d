package draughts

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// pdnLineWidth bounds the movetext lines WritePDN writes (PDN, like PGN,
// keeps lines under 80 characters).
const pdnLineWidth = 79

// WritePDN writes g as PDN 3.0: its tags in order, then the movetext
// wrapped under 80 characters, then the result ("*" when g has none) and a
// blank line, so games written one after another form a PDN file. Numeric
// captures are written with 'x' ("28x19", as 10x10 files do), alphanumeric
// ones with ':' ("b6:d4", as Russian records do). Comments are written in
// braces; braces that would not balance become parentheses.
func WritePDN(w io.Writer, g PDNGame) error {
	bw := bufio.NewWriter(w)
	for _, t := range g.Tags {
		fmt.Fprintf(bw, "[%s \"%s\"]\n", t.Name, escapeTag(t.Value))
	}
	if len(g.Tags) > 0 {
		bw.WriteString("\n")
	}
	line := 0
	put := func(tok string) {
		switch {
		case line == 0:
		case line+1+len(tok) > pdnLineWidth:
			bw.WriteString("\n")
			line = 0
		default:
			bw.WriteString(" ")
			line++
		}
		bw.WriteString(tok)
		line += len(tok)
	}
	for i, m := range g.Moves {
		tok := pdnMoveText(m.Text) + m.Strength
		if m.Number > 0 && (!m.Black || i == 0 || g.Moves[i-1].Comment != "" || g.Moves[i-1].Number != m.Number || g.Moves[i-1].Black) {
			dots := "."
			if m.Black {
				dots = "..."
			}
			tok = strconv.Itoa(m.Number) + dots + " " + tok
		}
		put(tok)
		for _, n := range m.NAGs {
			put("$" + strconv.Itoa(n))
		}
		if words := strings.Fields(balancedComment(m.Comment)); len(words) > 0 {
			words[0] = "{" + words[0]
			words[len(words)-1] += "}"
			for _, w := range words {
				put(w)
			}
		}
	}
	result := g.Result
	if result == "" {
		result = "*"
	}
	put(result)
	bw.WriteString("\n\n")
	return bw.Flush()
}

// pdnMoveText writes a move for a PDN file.
func pdnMoveText(mt MoveText) string {
	s := mt.String()
	if len(mt.Squares) > 0 && mt.Squares[0].Numeric() {
		s = strings.ReplaceAll(s, ":", "x")
	}
	return s
}

func escapeTag(v string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(v)
}

// balancedComment returns text with its braces kept only if they nest
// properly, since a stray '}' would end the comment early.
func balancedComment(text string) string {
	depth := 0
	for _, r := range text {
		switch r {
		case '{':
			depth++
		case '}':
			depth--
		}
		if depth < 0 {
			break
		}
	}
	if depth != 0 {
		text = strings.NewReplacer("{", "(", "}", ")").Replace(text)
	}
	return text
}

// PDN returns the record as a PDN game: the tags given, in order, followed
// by those the record needs and tags lack — GameType (20, 25, or
// 41,W,10,8,A0,0 for 10x8),
// Variant "giveaway" for giveaway, SetUp "1" and FEN when the game does not
// start from the initial position — and the moves in the board's full
// notation (Position.Notation), numbered from 1. result is the
// termination token ("1-0", "1/2-1/2", "*", ...); it also sets the Result tag.
func (r Record) PDN(tags []PDNTag, result string) (PDNGame, error) {
	g := PDNGame{Tags: append([]PDNTag(nil), tags...), Result: result}
	v := r.Variant()
	if _, ok := g.Tag("GameType"); !ok {
		g.SetTag("GameType", v.pdnGameType())
	}
	if v == Giveaway {
		g.SetTag("Variant", v.String())
	}
	if r.Start != Initial(v) {
		g.SetTag("SetUp", "1")
		fen := r.Start.FEN()
		if !v.Numeric() {
			fen = r.Start.FENAlpha()
		}
		g.SetTag("FEN", fen)
	}
	if result != "" {
		g.SetTag("Result", result)
	}
	p := r.Start
	for i, m := range r.Moves {
		mt, err := ParseMoveText(p.Notation(m))
		if err != nil {
			return PDNGame{}, fmt.Errorf("draughts: writing move %d of the record: %w", i+1, err)
		}
		n, black := r.MoveNumber(i + 1)
		g.Moves = append(g.Moves, PDNMove{Number: n, Black: black, Text: mt})
		p = p.Play(m)
	}
	return g, nil
}

// pdnGameType is the GameType tag zaochnik writes for v: the code alone
// for the two standard boards, the full form for 10x8, so that a reader
// that does not know code 41 still sees the board and the alphanumeric
// notation.
func (v Variant) pdnGameType() string {
	switch v {
	case International:
		return "20"
	case EightySquare:
		return "41,W,10,8,A0,0"
	}
	return "25"
}
