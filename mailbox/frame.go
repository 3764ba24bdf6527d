package mailbox

import (
	"fmt"
	"unicode"
)

// responseMargin is what a response may hold beside one letter of
// MaxLetterSize: its envelope (tag, UID, flags, the section's name).
const responseMargin = 64 << 10

// frame follows the IMAP responses a server sends, byte by byte, as far as
// go-imap's client needs to know where one may buffer: it bounds each
// response, its literals included, to max bytes, so that go-imap, which
// reads a quoted string, an atom, a line of text or a literal taken as a
// string whole before the reader sees it, never holds more. It mirrors
// where go-imap's decoder (v2.0.0-beta.8) reads what: a response beginning
// with "+" is a line of text; a tagged one, and an untagged OK, NO, BAD,
// BYE or PREAUTH, has a response code ("[" up to the first "]", which
// go-imap reads as atoms or skips without keeping it) and a line of text;
// any other is data, where a quoted string runs to its closing quote and a
// line ending in {n} announces a literal of n bytes, after which the
// response goes on. Only where the two could part does it stop the
// server (fail closed): a quoted string or a response code running over a
// line end, which go-imap would read on as one (no honest server sends
// either, RFC 9051 section 4.3 and 7.1), and a literal that would take the
// response past max, stopped as soon as it is announced.
type frame struct {
	max  int64 // the bound of a response, its literals included
	size int64 // bytes of the response so far
	st   frameState
	// tag says the response is tagged; numbered that its type came after
	// a message number; typ holds its type, upper case, up to cap(typ)
	// bytes (long: it was longer, so neither a status nor a number).
	tag, numbered, long bool
	typ                 []byte
	lit                 litState
	n                   int64 // the literal's size announced so far, or its bytes still to come
}

type frameState uint8

const (
	fStart    frameState = iota // a response begins
	fTag                        // its tag, up to a space
	fType                       // its type (or message number)
	fStatus                     // after a status type: a space, then maybe "["
	fStatusSP                   // a status type and a space: "[" begins a code
	fCode                       // a response code, up to the first "]"
	fText                       // a line of text, up to its end
	fData                       // data: strings, lists, literals
	fQuoted                     // a quoted string in data
	fEscaped                    // the byte after a backslash in a quoted string
	fLiteral                    // a literal's bytes (n still to come)
)

// plain holds, for the states that have one, the bytes that change
// nothing in them (as long as no literal is being announced), which scan
// passes over in a run.
var plain = [fLiteral + 1]*[256]bool{
	fTag:    plainBut(' '),
	fCode:   plainBut(']'),
	fText:   plainBut(),
	fData:   plainBut('"', '{'),
	fQuoted: plainBut('\\', '"'),
}

// plainBut is the table of every byte but LF and special.
func plainBut(special ...byte) *[256]bool {
	var t [256]bool
	for b := range t {
		t[b] = b != '\n'
	}
	for _, b := range special {
		t[b] = false
	}
	return &t
}

// litState follows the end of a data line that may announce a literal:
// "{", digits, "}", an optional space and an optional CR before the LF,
// as go-imap's decoder accepts it.
type litState uint8

const (
	litNone litState = iota
	litOpen
	litDigits
	litClosed
	litSpace
	litCR
)

// errOverBound is a server's response stopped by its frame: which server
// (its address, set by boundedConn), why, and the bound.
type errOverBound struct {
	server, why string
	bound       int64
}

func (e *errOverBound) Error() string {
	return fmt.Sprintf("the IMAP server %s %s (a response may hold %d bytes: the size limit and %d); the connection is dropped, the letters stay on the server", e.server, e.why, e.bound, responseMargin)
}

// newFrame is a frame of responses of at most max bytes.
func newFrame(max int64) *frame { return &frame{max: max, typ: make([]byte, 0, 10)} }

// scan follows p, the next bytes from the server. It returns how many of
// them go-imap may read: all of them, or, with an error, those before the
// one that went past the bound (the announcement of a literal too large
// included, so that the reader learns its size); the frame is then spent.
func (f *frame) scan(p []byte) (int, error) {
	for i := 0; i < len(p); {
		if f.st == fLiteral {
			k := min(int64(len(p)-i), f.n)
			i += int(k)
			f.size += k
			if f.n -= k; f.n == 0 {
				f.st = fData
			}
			continue
		}
		if t := plain[f.st]; t != nil && f.lit == litNone {
			// The run of bytes that change nothing here, up to the bound.
			j, end := i, i+int(min(int64(len(p)-i), f.max-f.size))
			for j < end && t[p[j]] {
				j++
			}
			f.size += int64(j - i)
			if i = j; i == len(p) {
				break
			}
		}
		if f.size++; f.size > f.max {
			return i, f.over("sent a response longer than the bound")
		}
		b := p[i]
		i++
		if b == '\n' {
			if err := f.lineEnd(); err != nil {
				return i - 1, err
			}
			if f.st == fLiteral && f.size+f.n > f.max {
				return i, f.over(fmt.Sprintf("announced a literal of %d bytes, past the bound", f.n))
			}
			continue
		}
		f.step(b)
	}
	return len(p), nil
}

// lineEnd is an LF: the response ends, or a literal begins, or the server
// broke a string or a response code over lines.
func (f *frame) lineEnd() error {
	switch f.st {
	case fQuoted, fEscaped:
		return f.over("sent a quoted string running over a line end")
	case fCode:
		return f.over("sent a response code running over a line end")
	case fData:
		if f.lit >= litClosed { // "{n}", then at most SP and CR
			f.st, f.lit = fLiteral, litNone
			if f.n == 0 {
				f.st = fData
			}
			return nil
		}
	}
	f.st, f.size, f.tag, f.numbered, f.long, f.lit, f.n = fStart, 0, false, false, false, litNone, 0
	f.typ = f.typ[:0]
	return nil
}

// step follows one byte other than LF.
func (f *frame) step(b byte) {
	switch f.st {
	case fStart:
		switch b {
		case '+':
			f.st = fText
		case '*':
			f.st = fTag
		default:
			f.st, f.tag = fTag, true
		}
	case fTag:
		if b == ' ' {
			f.st = fType
		}
	case fType:
		if isAtomChar(b) {
			if len(f.typ) < cap(f.typ) {
				if 'a' <= b && b <= 'z' {
					b -= 'a' - 'A' // go-imap upper-cases it as UTF-8; no status word holds a letter that another upper-cases to
				}
				f.typ = append(f.typ, b)
			} else {
				f.long = true
			}
			return
		}
		if !f.tag && !f.numbered && len(f.typ) > 0 && isDigit(f.typ[0]) && b == ' ' {
			// "* 5 FETCH": the type follows. go-imap takes a number of
			// any length ("* 00000000005 OK" is 5), so a long one too.
			f.numbered, f.long, f.typ = true, false, f.typ[:0]
			return
		}
		if f.tag || !f.long && isStatus(string(f.typ)) {
			f.st = fStatus // go-imap reads every tagged response as a status
			f.step(b)
			return
		}
		f.st = fData
		f.step(b)
	case fStatus:
		f.st = fText
		if b == ' ' {
			f.st = fStatusSP
		}
	case fStatusSP:
		f.st = fText
		if b == '[' {
			f.st = fCode
		}
	case fCode:
		if b == ']' {
			f.st = fText
		}
	case fText:
	case fData:
		f.data(b)
	case fQuoted:
		switch b {
		case '\\':
			f.st = fEscaped
		case '"':
			f.st = fData
		}
	case fEscaped:
		f.st = fQuoted
	}
}

// data follows a byte of data outside quotes: a quote, or the way to a
// literal's announcement.
func (f *frame) data(b byte) {
	switch {
	case b == '"':
		f.st, f.lit = fQuoted, litNone
	case b == '{':
		f.lit, f.n = litOpen, 0
	case isDigit(b) && (f.lit == litOpen || f.lit == litDigits):
		f.lit = litDigits
		if f.n <= f.max { // past the bound already: no need to count on, nor overflow
			f.n = f.n*10 + int64(b-'0')
		}
	case b == '}' && f.lit == litDigits:
		f.lit = litClosed
	case b == ' ' && f.lit == litClosed:
		f.lit = litSpace
	case b == '\r' && (f.lit == litClosed || f.lit == litSpace):
		f.lit = litCR
	default:
		f.lit = litNone
	}
}

// over spends the frame: nothing more is read.
func (f *frame) over(why string) error {
	f.size = f.max + 1
	return &errOverBound{why: why, bound: f.max}
}

// isStatus reports whether typ is a status response's type.
func isStatus(typ string) bool {
	switch typ {
	case "OK", "NO", "BAD", "BYE", "PREAUTH":
		return true
	}
	return false
}

// isAtomChar is go-imap's imapwire.IsAtomChar.
func isAtomChar(b byte) bool {
	switch b {
	case '(', ')', '{', ' ', '%', '*', '"', '\\', ']':
		return false
	}
	return !unicode.IsControl(rune(b))
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }
