package draughts

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ReadPDN reads every game of a PDN file from r; see ParsePDN. To read a
// large file game by game, use a PDNScanner.
func ReadPDN(r io.Reader) ([]PDNGame, error) {
	s := NewPDNScanner(r)
	var games []PDNGame
	var errs []error
	for s.Scan() {
		games = append(games, s.Game())
		errs = append(errs, s.Errors()...)
	}
	if err := s.Err(); err != nil {
		errs = append([]error{err}, errs...)
	}
	return games, errors.Join(errs...)
}

// ParsePDN reads every game of a PDN 3.0 file: tag pairs, the main line of
// moves with their numbers, strength marks, NAGs and comments, and the result.
// It is tolerant of what real files hold: a byte-order mark, CRLF lines,
// '%' escape lines, nested comments, variations (skipped, nested),
// "(!?)" strength marks, a space inside a move ("1- 7"), moves without a
// separator ("a3b4"), games without a result. A game ends at its result or
// where the next game's tags begin.
//
// Errors do not stop the reading: the games are all returned, and the error
// joins one *PDNError per problem (at most maxPDNErrors a game, then one
// that counts the rest), each naming its line and column. A game with an
// unreadable move keeps the moves before it.
func ParsePDN(data []byte) ([]PDNGame, error) {
	return ReadPDN(bytes.NewReader(data))
}

// pdnParser holds the reading state of one piece of a file (see PDNScanner).
type pdnParser struct {
	src []byte
	pos int
	// start is where the piece starts in its file; cur the location of an
	// offset met before (for loc).
	start, cur cursor
	// gameBase is the number of games of the file before this piece.
	gameBase int

	games []PDNGame
	open  bool // games[len-1] is still being read
	// broken is set after an unreadable move: the rest of the game's
	// movetext is skipped, as its moves could not be placed.
	broken     bool
	num        int  // number of the next move, 0 when unknown
	blackToGo  bool // the next move is Black's in the numbering
	errs       []*PDNError
	tagSection bool // the open game has no movetext yet

	// errGame counts the errors of game errGame; past maxPDNErrors they are
	// only counted, in more.
	errGame, errCount int
	more              *PDNError
}

// cursor is a location in the source: byte offset, line and rune column.
type cursor struct{ off, line, col int }

// loc gives the 1-based line and rune column of offset off. It counts from
// the last location asked, so that asking in the order of the file, as the
// parser does, costs time linear in the file's size.
func (p *pdnParser) loc(off int) (line, col int) {
	c := &p.cur
	if off >= c.off {
		seg := p.src[c.off:off]
		if i := bytes.LastIndexByte(seg, '\n'); i >= 0 {
			c.line += bytes.Count(seg, []byte{'\n'})
			c.col = 1 + utf8.RuneCount(seg[i+1:])
		} else {
			c.col += utf8.RuneCount(seg)
		}
	} else {
		seg := p.src[off:c.off]
		if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
			c.line -= n
			if i := bytes.LastIndexByte(p.src[:off], '\n'); i >= 0 {
				c.col = 1 + utf8.RuneCount(p.src[i+1:off])
			} else {
				c.col = p.start.col + utf8.RuneCount(p.src[:off])
			}
		} else {
			c.col -= utf8.RuneCount(seg)
		}
	}
	c.off = off
	return c.line, c.col
}

func (p *pdnParser) errorf(off int, format string, args ...any) {
	if game := p.gameBase + len(p.games); game != p.errGame {
		p.countMore()
		p.errGame, p.errCount, p.more = game, 0, nil
	}
	p.errCount++
	switch {
	case p.errCount <= maxPDNErrors:
		line, col := p.loc(off)
		p.errs = append(p.errs, &PDNError{Game: p.errGame, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
	case p.more == nil:
		line, col := p.loc(off)
		p.more = &PDNError{Game: p.errGame, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
		p.errs = append(p.errs, p.more)
	}
}

// countMore writes into the last error of a game with too many how many
// were left out.
func (p *pdnParser) countMore() {
	if p.more == nil {
		return
	}
	n := p.errCount - maxPDNErrors
	if n == 1 {
		return // the one error left out is the one listed
	}
	p.more.Msg = fmt.Sprintf("%s; this error and %d more after it in this game are not listed one by one", p.more.Msg, n-1)
	p.more = nil
}

// game returns the game being read, opening one at off if needed.
func (p *pdnParser) game(off int) *PDNGame {
	if !p.open {
		line, _ := p.loc(off)
		p.games = append(p.games, PDNGame{Line: line})
		p.open, p.broken, p.num, p.blackToGo, p.tagSection = true, false, 0, false, true
	}
	return &p.games[len(p.games)-1]
}

func (p *pdnParser) run() {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == '%' && (p.pos == 0 || p.src[p.pos-1] == '\n'):
			p.skipLine() // escape line
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v':
			p.pos++
		case c == '[':
			if p.open && !p.tagSection {
				p.open = false // a game without a result ends where tags begin
			}
			p.tag()
		case c == '{':
			p.comment(p.braceComment())
		case c == ';':
			start := p.pos + 1
			p.skipLine()
			p.comment(string(p.src[start:p.pos]))
		case c == '(':
			p.paren()
		case c == '$':
			p.nag()
		case c == ')' || c == ']' || c == '}':
			p.errorf(p.pos, "unexpected %q with nothing open before it; remove it", c)
			p.pos++
		case c == '"':
			start := p.pos
			p.quoted()
			p.errorf(start, "a quoted string outside a tag; tags are written [Name \"value\"]")
		default:
			p.word()
		}
	}
	p.countMore()
}

func (p *pdnParser) skipLine() {
	for p.pos < len(p.src) && p.src[p.pos] != '\n' {
		p.pos++
	}
}

// tag reads [Name "value"] at p.pos.
func (p *pdnParser) tag() {
	start := p.pos
	g := p.game(start)
	p.pos++
	p.skipBlank()
	nameStart := p.pos
	for p.pos < len(p.src) && !isBlank(p.src[p.pos]) && p.src[p.pos] != '"' && p.src[p.pos] != ']' {
		p.pos++
	}
	name := string(p.src[nameStart:p.pos])
	p.skipBlank()
	var value string
	if p.pos < len(p.src) && p.src[p.pos] == '"' {
		var ok bool
		if value, ok = p.quoted(); !ok {
			p.errorf(start, "the value of tag %q is not closed by '\"'", name)
			return
		}
		p.skipBlank()
	} else {
		vs := p.pos
		for p.pos < len(p.src) && p.src[p.pos] != ']' && p.src[p.pos] != '\n' {
			p.pos++
		}
		value = strings.TrimSpace(string(p.src[vs:p.pos]))
	}
	if p.pos >= len(p.src) || p.src[p.pos] != ']' {
		p.errorf(start, "tag %q is not closed by ']'", name)
	} else {
		p.pos++
	}
	if name == "" {
		p.errorf(start, "a tag without a name; write [Name \"value\"]")
		return
	}
	g.Tags = append(g.Tags, PDNTag{Name: name, Value: value})
}

func (p *pdnParser) skipBlank() {
	for p.pos < len(p.src) && isBlank(p.src[p.pos]) {
		p.pos++
	}
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// quoted reads a "string" with \" and \\ escapes; ok is false at end of file.
func (p *pdnParser) quoted() (string, bool) {
	var b strings.Builder
	for p.pos++; p.pos < len(p.src); p.pos++ {
		c := p.src[p.pos]
		switch {
		case c == '\\' && p.pos+1 < len(p.src) && (p.src[p.pos+1] == '"' || p.src[p.pos+1] == '\\'):
			p.pos++
			b.WriteByte(p.src[p.pos])
		case c == '"':
			p.pos++
			return b.String(), true
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), false
}

// braceComment reads a {comment}, which may nest, and returns its text.
func (p *pdnParser) braceComment() string {
	start := p.pos
	depth := 0
	for ; p.pos < len(p.src); p.pos++ {
		switch p.src[p.pos] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				p.pos++
				return strings.TrimSpace(string(p.src[start+1 : p.pos-1]))
			}
		}
	}
	p.errorf(start, "the comment opened here is not closed by '}'")
	return ""
}

// comment attaches text to the last move of the open game.
func (p *pdnParser) comment(text string) {
	text = strings.TrimSpace(text)
	if !p.open || p.broken || text == "" {
		return
	}
	g := &p.games[len(p.games)-1]
	if len(g.Moves) == 0 {
		return // a comment before the first move describes the game, not a move
	}
	m := &g.Moves[len(g.Moves)-1]
	if m.Comment != "" {
		m.Comment += " "
	}
	m.Comment += text
}

// paren reads "(!?)", a strength mark, or skips a variation, which may nest.
func (p *pdnParser) paren() {
	start := p.pos
	j := p.pos + 1
	for j < len(p.src) && (p.src[j] == '!' || p.src[j] == '?') {
		j++
	}
	if j > p.pos+1 && j < len(p.src) && p.src[j] == ')' {
		p.strength(string(p.src[p.pos+1 : j]))
		p.pos = j + 1
		return
	}
	depth := 0
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				p.pos++
				return
			}
		case '{':
			p.braceComment()
			continue
		case ';':
			p.skipLine()
			continue
		case '"':
			p.quoted()
			continue
		}
		p.pos++
	}
	p.errorf(start, "the variation opened here is not closed by ')'")
}

func (p *pdnParser) strength(s string) {
	if !p.open || p.broken {
		return
	}
	g := &p.games[len(p.games)-1]
	if len(g.Moves) > 0 {
		g.Moves[len(g.Moves)-1].Strength += s
	}
}

// nag reads $n and attaches it to the last move.
func (p *pdnParser) nag() {
	start := p.pos
	p.pos++
	ds := p.pos
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	n, err := strconv.Atoi(string(p.src[ds:p.pos]))
	if err != nil || n > 255 {
		p.errorf(start, "a NAG is '$' and a number 0-255")
		return
	}
	if !p.open || p.broken {
		return
	}
	g := &p.games[len(p.games)-1]
	if len(g.Moves) > 0 {
		m := &g.Moves[len(g.Moves)-1]
		m.NAGs = append(m.NAGs, n)
	}
}

// isDelim reports the bytes that end a movetext word.
func isDelim(c byte) bool {
	return isBlank(c) || strings.IndexByte("[]{}();$\"", c) >= 0
}

// pdnResults are the game termination tokens of PDN 3.0 (and "½-½").
var pdnResults = map[string]string{
	"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2",
	"2-0": "2-0", "1-1": "1-1", "0-2": "0-2", "0-0": "0-0", "*": "*",
}

// word reads a movetext word: a result, a move number, a move, or several
// of these glued ("1.32-28!?").
func (p *pdnParser) word() {
	start := p.pos
	for p.pos < len(p.src) && !isDelim(p.src[p.pos]) {
		p.pos++
	}
	w := string(p.src[start:p.pos])
	if r, ok := pdnResults[w]; ok {
		g := p.game(start)
		g.Result = r
		p.open = false
		return
	}
	g := p.game(start)
	p.tagSection = false
	if p.broken {
		return
	}
	rest, number, dots := splitMoveNumber(w)
	if number > 0 {
		p.num, p.blackToGo = number, dots >= 2
	}
	off := start + len(w) - len(rest)
	if strings.Trim(rest, ".…") == "" {
		if rest != "" && number == 0 {
			p.blackToGo = true // "5. ..." written apart
		}
		if number == 0 && rest == "" {
			p.errorf(start, "%q is neither a move nor a move number", w)
		}
		return
	}
	if strings.Trim(rest, "-") == "" {
		p.errorf(off, "move %s is written as %q, with no squares; the rest of this game is skipped", p.moveName(), rest)
		p.broken = true
		return
	}
	// A move broken by a space after its separator: "1- 7", "35x 4".
	if last := rest[len(rest)-1]; last == '-' || last == 'x' || last == ':' {
		j := p.pos
		for j < len(p.src) && (p.src[j] == ' ' || p.src[j] == '\t') {
			j++
		}
		k := j
		for k < len(p.src) && !isDelim(p.src[k]) {
			k++
		}
		if k > j {
			rest += string(p.src[j:k])
			p.pos = k
		}
	}
	text, strength := splitStrength(rest)
	mt, err := ParseMoveText(joinBareSquares(text))
	if err != nil {
		var mte *MoveTextError
		reason := err.Error()
		if errors.As(err, &mte) {
			reason = mte.Reason
		}
		p.errorf(off, "cannot read move %s %q: %s; the rest of this game is skipped", p.moveName(), rest, reason)
		p.broken = true
		return
	}
	if !mt.Capture && len(mt.Squares) == 2 && mt.Squares[0] == mt.Squares[1] {
		p.errorf(off, "move %s %q goes from a square to itself; the rest of this game is skipped", p.moveName(), rest)
		p.broken = true
		return
	}
	if len(g.Moves) >= maxPDNPlies {
		p.errorf(off, "the game has more than %d half-moves, which no game has; the rest of this game is skipped", maxPDNPlies)
		p.broken = true
		return
	}
	line, col := p.loc(off)
	g.Moves = append(g.Moves, PDNMove{Number: p.num, Black: p.blackToGo, Text: mt, Strength: strength, Line: line, Col: col})
	if p.blackToGo && p.num > 0 {
		p.num++
	}
	p.blackToGo = !p.blackToGo
}

// moveName names the next move for an error: "12", "12..." or "" unknown.
func (p *pdnParser) moveName() string {
	switch {
	case p.num == 0:
		return "(unnumbered)"
	case p.blackToGo:
		return strconv.Itoa(p.num) + "..."
	}
	return strconv.Itoa(p.num) + "."
}

// splitStrength splits "32-28!?" into "32-28" and "!?".
func splitStrength(s string) (move, strength string) {
	i := len(s)
	for i > 0 && (s[i-1] == '!' || s[i-1] == '?') {
		i--
	}
	return s[:i], s[i:]
}

// joinBareSquares writes "a3b4", two alphanumeric squares without a
// separator, as "a3-b4"; anything else is returned unchanged.
func joinBareSquares(s string) string {
	rs := []rune(s)
	if len(rs) < 4 || !unicode.IsLetter(rs[0]) || !isDigit(rs[1]) {
		return s
	}
	i := 2
	for i < len(rs) && isDigit(rs[i]) {
		i++
	}
	if i >= len(rs)-1 || !unicode.IsLetter(rs[i]) || !isDigit(rs[i+1]) {
		return s
	}
	for _, r := range rs[i+1:] {
		if !isDigit(r) {
			return s
		}
	}
	return string(rs[:i]) + "-" + string(rs[i:])
}
