package mailbox

import (
	"bytes"
	"encoding/base64"
	"io"
	"iter"
	"mime"
	"mime/quotedprintable"
	"strings"

	"github.com/emersion/go-message"
)

// The lean reader takes the common letter, one text part, without
// go-message's machinery (a buffered reader, a header map, the media type
// parsed at each step, an artificial multipart around the one part). It
// takes only what it reads exactly as go-message does and declines the
// rest, which Decode then gives go-message: FuzzDecodeLean compares the two.

// maxLeanHeader bounds the header the lean reader takes; a longer one is
// read by go-message, which has its own limit.
const maxLeanHeader = 64 << 10

// decodeLean decodes raw when it is a letter of one text part that is not
// HTML nor an attachment, in a transfer encoding and a charset go-message
// reads, its header of well-formed lines ended by a blank line; nil for
// any other letter.
func decodeLean(raw []byte) *Incoming {
	h, body, ok := readLeanHeader(raw)
	if !ok {
		return nil
	}
	text, mt, ok := leanText(h, body)
	if !ok {
		return nil
	}
	in := &Incoming{Text: text}
	in.readHeader(h, mt)
	return in
}

// leanHeader is a header as the lean reader reads it: its fields in
// order, each value unfolded as go-message unfolds it (every line trimmed
// of blanks, the lines left non-empty joined by one space).
type leanHeader []leanField

type leanField struct{ key, value string }

// is reports whether the field's name is key: both are ASCII (a name
// of another length cannot match).
func (f leanField) is(key string) bool {
	return len(f.key) == len(key) && strings.EqualFold(f.key, key)
}

// Get implements headerView.
func (h leanHeader) Get(key string) string {
	for _, f := range h {
		if f.is(key) {
			return f.value
		}
	}
	return ""
}

// Has implements headerView.
func (h leanHeader) Has(key string) bool {
	for _, f := range h {
		if f.is(key) {
			return true
		}
	}
	return false
}

// Values implements headerView.
func (h leanHeader) Values(key string) []string {
	var vs []string
	for _, f := range h {
		if f.is(key) {
			vs = append(vs, f.value)
		}
	}
	return vs
}

// All implements headerView.
func (h leanHeader) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, f := range h {
			if !yield(f.key, f.value) {
				return
			}
		}
	}
}

// readLeanHeader reads the header of raw and returns it with the body
// after it. ok is false unless every line ends in LF or CRLF with no other
// CR, the first does not start with a blank, every field has a name of
// printable ASCII and a colon, and a blank line ends the header within
// maxLeanHeader bytes: any other header go-message reads (or skips lines
// of) its own way.
func readLeanHeader(raw []byte) (h leanHeader, body []byte, ok bool) {
	end := 0
	for {
		i := bytes.IndexByte(raw[end:], '\n')
		if i < 0 || end+i > maxLeanHeader {
			return nil, nil, false
		}
		line := raw[end : end+i]
		end += i + 1
		if len(line) == 0 || len(line) == 1 && line[0] == '\r' {
			break
		}
	}
	head := string(raw[:end]) // the fields' names and values are parts of one string
	h = make(leanHeader, 0, fieldCount(head))
	// parts are the non-empty lines of the last field while it is folded,
	// joined once when it ends: joining at each line would copy the value
	// again for every line of a long folded field.
	var parts []string
	unfold := func() {
		if len(parts) > 0 {
			h[len(h)-1].value = strings.Join(parts, " ")
		}
		parts = parts[:0]
	}
	for len(head) > 0 {
		i := strings.IndexByte(head, '\n')
		line := strings.TrimSuffix(head[:i], "\r")
		head = head[i+1:]
		if strings.IndexByte(line, '\r') >= 0 {
			return nil, nil, false
		}
		if line == "" {
			break
		}
		if line[0] == ' ' || line[0] == '\t' {
			if len(h) == 0 {
				return nil, nil, false
			}
			if v := trimBlanks(line); v != "" {
				parts = append(parts, v)
			}
			continue
		}
		unfold()
		colon := strings.IndexByte(line, ':')
		if colon < 0 {
			return nil, nil, false
		}
		key := trimBlanks(line[:colon])
		if key == "" || !printableName(key) {
			return nil, nil, false
		}
		h = append(h, leanField{key: key, value: trimBlanks(line[colon+1:])})
		if v := h[len(h)-1].value; v != "" {
			parts = append(parts, v)
		}
	}
	unfold()
	return h, raw[end:], true
}

// fieldCount is how many fields header head has at most: its lines that
// do not continue a field (a provider's letter has 20 to 40), so that
// they are allocated once.
func fieldCount(head string) int {
	n := 0
	for len(head) > 0 {
		if head[0] != ' ' && head[0] != '\t' {
			n++
		}
		i := strings.IndexByte(head, '\n')
		if i < 0 {
			break
		}
		head = head[i+1:]
	}
	return n
}

// trimBlanks is s without the spaces and tabs around it.
func trimBlanks(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}

// printableName reports whether a field name is printable ASCII without
// a colon (RFC 5322 section 2.2), as go-message requires.
func printableName(k string) bool {
	for i := 0; i < len(k); i++ {
		if k[i] < '!' || k[i] > '~' {
			return false
		}
	}
	return true
}

// leanText is the text of a one-part letter with header h and body body,
// as decodeMIME gives it (its line ends made LF: lfText), and its media
// type as mediaType reads the Content-Type (parsed once); ok is false
// when the letter is not of one text part that is neither HTML nor an
// attachment, or its encoding or charset is one go-message would report
// as a problem, or its body does not decode whole.
func leanText(h leanHeader, body []byte) (text, mt string, ok bool) {
	charset, mt := "", "text/plain"
	if v := h.Get("Content-Type"); v != "" {
		t, cs, has, err := textType(v)
		if err != nil || !strings.HasPrefix(t, "text/") || t == "text/html" {
			return "", "", false
		}
		mt, charset = t, cs
		if has && (charset == "" || strings.Contains(charset, "=?")) {
			return "", "", false // go-message decodes the words first; an empty charset is unknown
		}
		charset = strings.ToLower(charset)
	}
	if v := h.Get("Content-Disposition"); v != "" {
		d, _, err := mime.ParseMediaType(v)
		if err != nil || d == "attachment" {
			return "", "", false
		}
	}
	var r io.Reader
	switch strings.ToLower(h.Get("Content-Transfer-Encoding")) {
	case "7bit", "8bit", "binary", "":
		if charset == "" || charset == "utf-8" || charset == "us-ascii" {
			if len(body) > maxPartBytes {
				return "", "", false // cut by decodeMIME
			}
			return lfText(body), mt, true
		}
		r = bytes.NewReader(body)
	case "quoted-printable":
		r = quotedprintable.NewReader(bytes.NewReader(body))
	case "base64":
		// As go-message: blanks in base64 become line breaks, which the
		// decoder skips.
		b := bytes.Clone(body)
		for i, c := range b {
			if c == ' ' || c == '\t' {
				b[i] = '\n'
			}
		}
		r = base64.NewDecoder(base64.StdEncoding, bytes.NewReader(b))
	default:
		return "", "", false
	}
	if charset != "" && charset != "utf-8" && charset != "us-ascii" {
		cr, err := message.CharsetReader(charset, r)
		if err != nil {
			return "", "", false
		}
		r = cr
	}
	decoded, err := io.ReadAll(io.LimitReader(r, maxPartBytes))
	if err != nil {
		return "", "", false
	}
	return lfText(decoded), mt, true
}

// textType is a Content-Type value's media type and its charset
// parameter (has: given) as mime.ParseMediaType reads them. The usual
// value, "type/subtype" and at most a charset of a token, bare or
// quoted, is read here (plainTextType), any other by mime.
func textType(v string) (mt, charset string, has bool, err error) {
	if mt, charset, has, ok := plainTextType(v); ok {
		return mt, charset, has, nil
	}
	mt, params, err := mime.ParseMediaType(v)
	charset, has = params["charset"]
	return mt, charset, has, err
}

// plainTextType reads v when it is "type/subtype" of tokens, then
// nothing or "; charset=" and a token, bare or in quotes, spaces allowed
// after the semicolon: the media type in lower case (mime lowers it),
// the charset as written; ok is false for any other value
// (FuzzTextType compares with mime.ParseMediaType).
func plainTextType(v string) (mt, charset string, has, ok bool) {
	mt, rest, _ := strings.Cut(v, ";")
	slash := strings.IndexByte(mt, '/')
	if slash <= 0 || slash == len(mt)-1 || !isToken(mt[:slash]) || !isToken(mt[slash+1:]) {
		return "", "", false, false
	}
	if len(rest) == len(v) { // no semicolon
		return strings.ToLower(mt), "", false, true
	}
	rest = strings.TrimLeft(rest, " ")
	if len(rest) < len("charset=") || !strings.EqualFold(rest[:len("charset=")], "charset=") {
		return "", "", false, false
	}
	charset = rest[len("charset="):]
	if len(charset) >= 2 && charset[0] == '"' && charset[len(charset)-1] == '"' {
		charset = charset[1 : len(charset)-1]
	}
	if !isToken(charset) {
		return "", "", false, false
	}
	return strings.ToLower(mt), charset, true, true
}

// isToken reports whether s is a MIME token (RFC 2045 section 5.1):
// printable ASCII but the blank and the tspecials.
func isToken(s string) bool {
	return s != "" && printableBut(s, `()<>@,;:\"/[]?=`)
}

// lfText is b as a string with every CRLF made LF, as
// strings.ReplaceAll(string(b), "\r\n", "\n") gives it, in one copy
// (FuzzLFText): a letter's text came out of IMAP with CRLF line ends.
func lfText(b []byte) string {
	n := bytes.Count(b, []byte("\r\n"))
	if n == 0 {
		return string(b)
	}
	var s strings.Builder
	s.Grow(len(b) - n)
	for {
		i := bytes.Index(b, []byte("\r\n"))
		if i < 0 {
			break
		}
		s.Write(b[:i])
		s.WriteByte('\n')
		b = b[i+2:]
	}
	s.Write(b)
	return s.String()
}
