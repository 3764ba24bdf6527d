package mailbox

import (
	"mime"
	"strings"
	"unicode/utf8"

	"github.com/emersion/go-message"
	gomail "github.com/emersion/go-message/mail"
)

// The values of header fields, read as go-message's header methods read
// them, from the value alone: readHeader takes the header from go-message
// or from the lean reader.

// addressList reads an address list as go-message's Header.AddressList
// does; an empty value is no list.
func addressList(v string) ([]*gomail.Address, error) {
	if v == "" {
		return nil, nil
	}
	return gomail.ParseAddressList(v)
}

// plainAddresses reads an address list of the usual forms as
// addressList does: addresses "box@domain", "<box@domain>" or
// "Name <box@domain>" between commas, the box and the domain dot-atoms
// of ASCII letters, digits and "-_+", a name either words of letters and
// digits (ASCII or UTF-8) between single spaces, one RFC 2047 encoded
// word of atom text, or a quoted string of such words and punctuation, with no quote
// or backslash inside. ok is false for any other value, which addressList
// reads (FuzzPlainAddresses compares the two).
func plainAddresses(v string) (l []Address, ok bool) {
	for rest := v; ; {
		a, r, ok := plainAddress(rest)
		if !ok {
			return nil, false
		}
		if l == nil {
			l = make([]Address, 0, 1+strings.Count(r, ","))
		}
		l = append(l, a)
		if r == "" {
			return l, true
		}
		rest = r[1:] // past the comma
	}
}

// plainAddress reads the first address of s (plainAddresses); rest is
// what follows it, from the comma after it on ("" at the end).
func plainAddress(s string) (a Address, rest string, ok bool) {
	s = trimBlanks(s)
	quoted := strings.HasPrefix(s, `"`)
	if quoted {
		end := strings.IndexByte(s[1:], '"')
		if end <= 0 || !plainQuoted(s[1:1+end]) {
			return Address{}, "", false
		}
		a.Name, s = s[1:1+end], s[2+end:]
	}
	if i := strings.IndexByte(s, ','); i >= 0 {
		s, rest = s[:i], s[i:]
	}
	s = trimBlanks(s)
	if i := strings.IndexByte(s, '<'); i >= 0 {
		if !strings.HasSuffix(s, ">") {
			return Address{}, "", false
		}
		name := trimBlanks(s[:i])
		switch {
		case quoted && name != "":
			return Address{}, "", false
		case !quoted && strings.HasPrefix(name, "=?"):
			if !plainAtom(name) {
				return Address{}, "", false // net/mail's atom, and so its word, would end within
			}
			d, err := wordDecoder.Decode(name)
			if err != nil || d == "" {
				return Address{}, "", false
			}
			a.Name = d
		case !quoted:
			if !plainName(name) {
				return Address{}, "", false
			}
			a.Name = name
		}
		s = s[i+1 : len(s)-1]
	} else if quoted {
		return Address{}, "", false
	}
	box, domain, ok := strings.Cut(s, "@")
	if !ok || !plainDotAtom(box) || !plainDotAtom(domain) {
		return Address{}, "", false
	}
	a.Addr = s
	return a, rest, true
}

// plainQuoted reports whether s, a quoted string's content, is printable
// ASCII but the quote and the backslash, spaces and UTF-8 beyond ASCII.
func plainQuoted(s string) bool {
	return plainRunes(s, func(c byte) bool { return ' ' <= c && c <= '~' && c != '"' && c != '\\' })
}

// plainRunes reports whether s is valid UTF-8 whose ASCII bytes all
// satisfy ascii.
func plainRunes(s string, ascii func(c byte) bool) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if !ascii(c) {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return false
		}
		i += n
	}
	return true
}

// plainAtom reports whether s is printable ASCII but the specials of
// RFC 5322 (a dot allowed): an encoded word net/mail reads whole as one
// atom before it decodes it. A quoted-printable word may hold any
// printable byte, which wordDecoder decodes but net/mail's atom ends at,
// leaving an address list it refuses.
func plainAtom(s string) bool {
	return printableBut(s, `()<>[]:;@\,"`)
}

// printableBut reports whether s is printable ASCII, no blank, and none of
// specials: an atom of RFC 5322 (plainAtom) or a MIME token (isToken),
// by their specials.
func printableBut(s, specials string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c > '~' || strings.IndexByte(specials, c) >= 0 {
			return false
		}
	}
	return true
}

// plainDotAtom reports whether s is a dot-atom of ASCII letters, digits
// and "-_+": no dot first, last or after another.
func plainDotAtom(s string) bool {
	if s == "" || s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '.' && c != '-' && c != '_' && c != '+' {
			return false
		}
	}
	return true
}

// plainName reports whether s is empty or words of ASCII letters and
// digits or UTF-8 runes beyond ASCII, between single spaces.
func plainName(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' || strings.Contains(s, "  ") {
		return false
	}
	return plainRunes(s, func(c byte) bool { return isAlnum(c) || c == ' ' })
}

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// wordDecoder decodes RFC 2047 encoded words in the charsets go-message
// reads (its charset package is imported by incoming.go).
var wordDecoder = &mime.WordDecoder{CharsetReader: message.CharsetReader}

// headerText is an unstructured value (Subject) with its encoded words
// decoded, or as written when they cannot be (go-message's Header.Text).
func headerText(v string) string {
	s, err := wordDecoder.DecodeHeader(v)
	if err != nil {
		return v
	}
	return s
}

// mediaType is the media type of a Content-Type value as go-message's
// Header.ContentType gives it: text/plain when empty, the value itself
// when it does not parse.
func mediaType(v string) string {
	if v == "" {
		return "text/plain"
	}
	t, _, err := mime.ParseMediaType(v)
	if err != nil {
		return v
	}
	return t
}

// messageID reads a Message-ID value as go-message's Header.MessageID
// does: the identifier without its angle brackets, "" when absent or
// unreadable. The usual form ("<left@right>") is read here, any other by
// go-message.
func messageID(v string) string {
	if v == "" {
		return ""
	}
	if id, rest, ok := plainMsgID(v); ok && rest == "" {
		return id
	}
	var h gomail.Header
	h.Set("Message-Id", v)
	id, _ := h.MessageID()
	return id
}

// msgIDList reads an In-Reply-To or References value as go-message's
// Header.MsgIDList does: the identifiers up to the first unreadable one.
// Identifiers of the usual form separated by blanks are read here, any
// other list by go-message.
func msgIDList(v string) []string {
	var ids []string
	for rest := v; rest != ""; {
		id, r, ok := plainMsgID(rest)
		if !ok {
			var h gomail.Header
			h.Set("References", v)
			ids, _ = h.MsgIDList("References")
			return ids
		}
		ids, rest = append(ids, id), r
	}
	return ids
}

// plainMsgID reads the first identifier of s when it has the usual form:
// blanks, "<", dot-atom text in ASCII, "@", dot-atom text in ASCII, ">",
// blanks. ok is false for any other form (comments, a domain literal,
// UTF-8), which go-message reads instead.
func plainMsgID(s string) (id, rest string, ok bool) {
	s = trimBlanks(s)
	if !strings.HasPrefix(s, "<") {
		return "", "", false
	}
	left := atomText(s[1:])
	if left == 0 || 1+left >= len(s) || s[1+left] != '@' {
		return "", "", false
	}
	right := atomText(s[2+left:])
	end := 2 + left + right
	if right == 0 || end >= len(s) || s[end] != '>' {
		return "", "", false
	}
	return s[1:end], trimBlanks(s[end+1:]), true
}

// atomText is the length of the dot-atom text in ASCII (RFC 5322 atext
// and dots, as go-message's parser takes it) that s starts with.
func atomText(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '!' || c > '~' || strings.IndexByte(`()[];@\,<>":`, c) >= 0 {
			return i
		}
	}
	return len(s)
}
