package mailbox

import (
	"mime"
	"strings"

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
