package draughts

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// MaxPDNGameBytes bounds the text of one game (its tags, moves, comments and
// variations). No real game comes near it; a longer one is skipped with an
// error, so that reading a file takes memory bounded by this, not by the
// file's size.
const MaxPDNGameBytes = 8 << 20

// maxPDNPlies bounds the moves kept of one game: a longer one is cut there
// with an error (a game ends long before, by the draw rules if not otherwise).
const maxPDNPlies = 10000

// maxPDNErrors bounds the syntax errors listed for one game; the rest are
// counted in one more error, so a file of garbage cannot fill the memory.
const maxPDNErrors = 20

// PDNScanner reads the games of a PDN file one at a time. It cuts the input
// where a game ends (after its result, or before the tags that follow its
// moves) and parses each piece as ParsePDN would parse the whole file, so
// that memory stays flat in the file's size.
//
//	s := NewPDNScanner(r)
//	for s.Scan() {
//		g, errs := s.Game(), s.Errors()
//	}
//	err := s.Err()
type PDNScanner struct {
	in    *bufio.Reader
	ioErr error
	eof   bool

	// Where the next piece starts: line and rune column (1-based), and the
	// games read before it.
	line, col, games int
	prev             byte // the byte before the next one (for '%' escape lines)
	buf              []byte

	queue []PDNGame
	errs  map[int][]error // syntax errors by game index (1-based)
	// stray are the syntax errors before the first game.
	stray  []error
	game   PDNGame
	gerrs  []error
	nGames int
}

// NewPDNScanner reads games from r. A byte-order mark at the start is skipped.
func NewPDNScanner(r io.Reader) *PDNScanner {
	s := &PDNScanner{in: bufio.NewReaderSize(r, 64<<10), line: 1, col: 1, prev: '\n'}
	if b, err := s.in.Peek(3); err == nil && string(b) == "\uFEFF" {
		s.in.Discard(3)
	}
	return s
}

// Scan reads the next game; it returns false at the end of the input or on
// a read error (see Err).
func (s *PDNScanner) Scan() bool {
	// Errors after a game's result, before the next game, are that game's:
	// a game is handed out once the piece after it has been read.
	for len(s.queue) < 2 && !s.eof {
		s.fill()
	}
	if len(s.queue) == 0 {
		return false
	}
	s.game, s.queue = s.queue[0], s.queue[1:]
	s.nGames++
	s.gerrs = s.errs[s.nGames]
	delete(s.errs, s.nGames)
	return true
}

// Game is the game Scan read.
func (s *PDNScanner) Game() PDNGame { return s.game }

// Errors are the syntax errors of the game Scan read (*PDNError each), in
// the order of the file.
func (s *PDNScanner) Errors() []error { return s.gerrs }

// Err returns, once Scan has returned false, the read error if any, joined
// with the syntax errors found outside every game (before the first).
func (s *PDNScanner) Err() error {
	if s.ioErr != nil {
		return fmt.Errorf("reading PDN: %w", s.ioErr)
	}
	return errors.Join(s.stray...)
}

// fill reads the next piece of the input and parses its games into the queue.
func (s *PDNScanner) fill() {
	line, col, games := s.line, s.col, s.games
	piece, over := s.piece()
	if len(piece) == 0 && !over {
		return
	}
	if over {
		s.games++
		s.queue = append(s.queue, PDNGame{Line: line})
		s.addErr(&PDNError{Game: s.games, Line: line, Col: col, Msg: fmt.Sprintf(
			"this game is longer than %d MiB, which no game is; it is skipped up to the next game's tags or result", MaxPDNGameBytes>>20)})
		return
	}
	start := cursor{line: line, col: col}
	p := &pdnParser{src: piece, start: start, cur: start, gameBase: games}
	// The columns next counted are exact for valid UTF-8 only; count the
	// piece's end as loc does (pieces end before an ASCII byte).
	s.line, s.col = p.loc(len(piece))
	p.cur = start
	p.run()
	s.games += len(p.games)
	s.queue = append(s.queue, p.games...)
	for _, e := range p.errs {
		s.addErr(e)
	}
}

func (s *PDNScanner) addErr(e *PDNError) {
	if e.Game == 0 {
		s.stray = append(s.stray, e)
		return
	}
	if s.errs == nil {
		s.errs = map[int][]error{}
	}
	s.errs[e.Game] = append(s.errs[e.Game], e)
}

// next returns the next byte of the input, keeping it in the piece unless
// the piece is over its limit.
func (s *PDNScanner) next() (byte, bool) {
	c, err := s.in.ReadByte()
	if err != nil {
		if err != io.EOF {
			s.ioErr = err
		}
		s.eof = true
		return 0, false
	}
	if len(s.buf) <= MaxPDNGameBytes {
		s.buf = append(s.buf, c)
	}
	switch {
	case c == '\n':
		s.line, s.col = s.line+1, 1
	case c&0xC0 != 0x80: // not a UTF-8 continuation byte: a new rune (fill corrects invalid UTF-8)
		s.col++
	}
	s.prev = c
	return c, true
}

func (s *PDNScanner) peek() (byte, bool) {
	b, err := s.in.Peek(1)
	if err != nil {
		return 0, false
	}
	return b[0], true
}

// piece reads up to the end of the next game: after its result, or before
// a '[' that follows its moves. It follows the lexical rules of pdnParser
// (tags, strings, nested comments and variations, ';' comments, '%' escape
// lines, NAGs, words) so that it never cuts inside one of them. over is set
// when the piece was longer than MaxPDNGameBytes and was not kept.
func (s *PDNScanner) piece() (piece []byte, over bool) {
	s.buf = s.buf[:0]
	words := false
	glue := false // the last word ends with a separator: a word after it on the line is glued to it
	for {
		c, ok := s.peek()
		if !ok {
			s.eof = true
			if _, err := s.in.ReadByte(); err != nil && err != io.EOF {
				s.ioErr = err
			}
			break
		}
		if c == '[' && words {
			break
		}
		lineStart := s.prev == '\n'
		s.next()
		glued := glue
		glue = false
		switch {
		case c == '%' && lineStart:
			s.skipLine()
		case isBlank(c) || c == '\f' || c == '\v':
			glue = glued && (c == ' ' || c == '\t')
		case c == '[':
			s.tag()
		case c == '{':
			s.braces()
		case c == ';':
			s.skipLine()
		case c == '(':
			s.parens()
		case c == '$':
			s.digits()
		case c == ')' || c == ']' || c == '}':
		case c == '"':
			s.quoted()
		default:
			words = true
			result, last := s.word(c)
			if result && !glued {
				return s.done()
			}
			glue = last == '-' || last == 'x' || last == ':'
		}
		if s.eof {
			break
		}
	}
	return s.done()
}

func (s *PDNScanner) done() ([]byte, bool) {
	if len(s.buf) > MaxPDNGameBytes {
		return nil, true
	}
	return s.buf, false
}

func (s *PDNScanner) skipLine() {
	for c, ok := s.peek(); ok && c != '\n'; c, ok = s.peek() {
		s.next()
	}
}

// word reads the rest of a movetext word starting with c and reports
// whether it is a result, which ends the game, and its last byte.
func (s *PDNScanner) word(c byte) (result bool, last byte) {
	var w [8]byte
	w[0], last = c, c
	n := 1
	for c, ok := s.peek(); ok && !isDelim(c); c, ok = s.peek() {
		s.next()
		if n < len(w) {
			w[n] = c
		}
		n, last = n+1, c
	}
	if n > len(w) {
		return false, last
	}
	_, result = pdnResults[string(w[:n])]
	return result, last
}

func (s *PDNScanner) digits() {
	for c, ok := s.peek(); ok && c >= '0' && c <= '9'; c, ok = s.peek() {
		s.next()
	}
}

// quoted reads the rest of a "string" as pdnParser.quoted does.
func (s *PDNScanner) quoted() {
	for {
		c, ok := s.next()
		if !ok {
			return
		}
		switch c {
		case '\\':
			if d, ok := s.peek(); ok && (d == '"' || d == '\\') {
				s.next()
			}
		case '"':
			return
		}
	}
}

// braces reads the rest of a {comment}, which may nest.
func (s *PDNScanner) braces() {
	depth := 1
	for depth > 0 {
		c, ok := s.next()
		if !ok {
			return
		}
		switch c {
		case '{':
			depth++
		case '}':
			depth--
		}
	}
}

// parens reads the rest of a variation as pdnParser.paren does.
func (s *PDNScanner) parens() {
	depth := 1
	for depth > 0 {
		c, ok := s.next()
		if !ok {
			return
		}
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case '{':
			s.braces()
		case ';':
			s.skipLine()
		case '"':
			s.quoted()
		}
	}
}

// tag reads the rest of a tag pair as pdnParser.tag does.
func (s *PDNScanner) tag() {
	s.blanks()
	for c, ok := s.peek(); ok && !isBlank(c) && c != '"' && c != ']'; c, ok = s.peek() {
		s.next()
	}
	s.blanks()
	if c, ok := s.peek(); ok && c == '"' {
		s.next()
		s.quoted()
		if s.eof {
			return
		}
		s.blanks()
	} else {
		for c, ok := s.peek(); ok && c != ']' && c != '\n'; c, ok = s.peek() {
			s.next()
		}
	}
	if c, ok := s.peek(); ok && c == ']' {
		s.next()
	}
}

func (s *PDNScanner) blanks() {
	for c, ok := s.peek(); ok && isBlank(c); c, ok = s.peek() {
		s.next()
	}
}
