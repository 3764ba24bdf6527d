package mailbox

import (
	"bytes"
	"fmt"
	"io"
	"iter"
	"net/mail"
	"strings"
	"time"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // registers KOI8-R, windows-1251 and the other charsets
	gomail "github.com/emersion/go-message/mail"
)

// maxPartBytes bounds how much of one MIME part Decode reads, so a hostile
// letter cannot exhaust memory; the raw letter itself is kept by the store.
const maxPartBytes = 32 << 20

// Address is one mailbox of an address header.
type Address struct {
	Name string // display name, RFC 2047 decoded
	Addr string // "user@example.ru"
}

// Attachment is one attachment of a letter, kept whole.
type Attachment struct {
	Filename    string // decoded; empty when the sender gave none (or an RFC 2231 name in a charset Go cannot read)
	ContentType string // media type, e.g. "image/png", "message/rfc822"
	Data        []byte // transfer encoding removed
}

// HeaderField is one header line, name and unfolded value.
type HeaderField struct{ Name, Value string }

// Incoming is a letter as read from the mailbox, decoded for the referee.
type Incoming struct {
	From       Address
	To, Cc     []Address
	ReplyTo    []Address
	Subject    string    // RFC 2047 decoded
	Date       time.Time // the Date header; zero if absent or unreadable
	Postmark   time.Time // when our server received it: the topmost Received date, else Date
	MessageID  string    // without angle brackets; empty if absent
	InReplyTo  []string  // Message-IDs, without angle brackets
	References []string
	// ReturnPath is the envelope sender as recorded by the delivering
	// server, without angle brackets; "" for the null path "<>" and when
	// absent (see NullReturnPath).
	ReturnPath     string
	NullReturnPath bool // Return-Path: <> (a bounce or other automatic letter)
	AutoSubmitted  string
	Precedence     string
	ListID         string
	ContentType    string // the top-level media type, e.g. "multipart/mixed"
	// Trace holds the Received and Authentication-Results headers in
	// their order, top down (Authenticate reads which results to believe).
	Trace []HeaderField
	// DeliveredTo lists the envelope recipients the delivering servers
	// recorded (Delivered-To, X-Original-To, Envelope-To): a reply key in
	// a plus address shows there even when the To header does not.
	DeliveredTo []string

	// AutoReply is the first of the vendors' automatic-reply markers
	// present (X-Autoreply, X-Autorespond, X-Auto-Response-Suppress), as
	// "Name: value"; "" when none is.
	AutoReply string

	// Text is the letter's text in UTF-8: the text/plain parts joined, or
	// the HTML parts converted to text when there is no text/plain.
	Text string
	// TextFromHTML reports that Text was converted from HTML.
	TextFromHTML bool
	// UnknownCharset names a charset Decode could not convert. The part's
	// bytes are then kept as they were in UndecodedText (and in Text with
	// invalid UTF-8 replaced), never dropped.
	UnknownCharset string
	UndecodedText  []byte

	Attachments []Attachment
	// Problems lists what Decode could not read (an unknown transfer
	// encoding, a broken multipart structure); the letter is kept anyway.
	Problems []string

	// Automatic is the header line that makes the letter automatic (see
	// IsAutomatic), "" for a person's letter; Auth is what its trusted
	// Authentication-Results say of its sender (see Authenticate). Both
	// are read by Reading.Decode under its configuration.
	Automatic string
	Auth      Authentication

	// read is set by Reading.Decode alone: Automatic and Auth were read
	// from the letter, not left empty by a value built by hand.
	read bool
}

// Read reports whether the letter came out of Reading.Decode (or Decode),
// so that its Automatic and Auth say what the letter says. The referee
// reads no letter that did not: an empty Automatic would let a letter
// built by hand pass the RFC 3834 loop guard.
func (in *Incoming) Read() bool { return in.read }

// Decode reads a raw RFC 5322 letter. It fails only when the header block
// itself cannot be read; anything wrong further in is noted in Problems and
// the rest of the letter is still decoded. The common letter, one text
// part, is read by the lean reader (decodeLean), any other by go-message
// (decodeMIME); both give the same result for the letters the lean one
// takes. The letter is read under the zero Reading: no
// Authentication-Results are believed and no address is the server's own
// (Reading.Decode reads it under a configured one).
func Decode(raw []byte) (*Incoming, error) {
	return Reading{}.Decode(raw)
}

// decode is Decode before the letter is read under a Reading.
func decode(raw []byte) (*Incoming, error) {
	if in := decodeLean(raw); in != nil {
		return in, nil
	}
	return decodeMIME(raw)
}

// decodeMIME is Decode by go-message, for any letter.
func decodeMIME(raw []byte) (*Incoming, error) {
	e, err := message.Read(bytes.NewReader(raw))
	var dropped []string
	if e == nil {
		// A header line without a colon stops the MIME reader; the lines
		// around it still say who wrote the letter and what it is.
		var fixed []byte
		if fixed, dropped = dropMalformedHeaderLines(raw); len(dropped) > 0 {
			e, err = message.Read(bytes.NewReader(fixed))
		}
		if e == nil {
			return nil, fmt.Errorf("mailbox: reading the letter's header: %w", err)
		}
	}
	in := &Incoming{}
	for _, l := range dropped {
		in.Problems = append(in.Problems, fmt.Sprintf("a malformed header line (no field name and colon) was skipped: %q", l))
	}
	in.readHeader(mimeHeader{&e.Header}, mediaType(e.Header.Get("Content-Type")))
	// A single-part letter's charset error comes with its header, not with
	// the part the mail reader wraps it in.
	singleErr := err
	if e.MultipartReader() != nil {
		in.noteEntityErr(err, e.Header)
		singleErr = nil
	}

	var plain, html []string
	mr := gomail.NewReader(e)
	for {
		p, err := mr.NextPart()
		if err == nil {
			err = singleErr
		}
		if err == io.EOF {
			break
		}
		if p == nil {
			in.Problems = append(in.Problems, "the MIME structure is broken after this point: "+err.Error())
			break
		}
		var ph message.Header
		switch ph0 := p.Header.(type) {
		case *gomail.InlineHeader:
			ph = ph0.Header
		case *gomail.AttachmentHeader:
			ph = ph0.Header
		}
		in.noteEntityErr(err, ph)
		body, rerr := io.ReadAll(io.LimitReader(p.Body, maxPartBytes))
		if rerr != nil {
			in.Problems = append(in.Problems, "a part could not be read whole: "+rerr.Error())
		}
		mediaType, _, _ := ph.ContentType()
		if mediaType == "" {
			mediaType = "text/plain"
		}
		if ah, ok := p.Header.(*gomail.AttachmentHeader); ok || !strings.HasPrefix(mediaType, "text/") {
			name := ""
			if ok {
				name, _ = ah.Filename()
			} else if _, params, err := ph.ContentType(); err == nil {
				name = params["name"]
			}
			in.Attachments = append(in.Attachments, Attachment{Filename: name, ContentType: mediaType, Data: body})
			continue
		}
		if message.IsUnknownCharset(err) {
			_, params, _ := ph.ContentType()
			in.UnknownCharset = params["charset"]
			in.UndecodedText = append(in.UndecodedText, body...)
			body = bytes.ToValidUTF8(body, []byte("\uFFFD"))
		}
		switch mediaType {
		case "text/html":
			html = append(html, htmlToText(string(body)))
		default:
			plain = append(plain, string(body))
		}
	}
	if len(plain) > 0 {
		in.Text = strings.Join(plain, "\n")
	} else if len(html) > 0 {
		in.Text, in.TextFromHTML = strings.Join(html, "\n"), true
	}
	in.Text = strings.ReplaceAll(in.Text, "\r\n", "\n")
	return in, nil
}

// noteEntityErr records a decoding error of one entity as a problem, except
// the unknown-charset case, which has its own fields.
func (in *Incoming) noteEntityErr(err error, h message.Header) {
	switch {
	case err == nil, message.IsUnknownCharset(err):
	case message.IsUnknownEncoding(err):
		in.Problems = append(in.Problems, fmt.Sprintf("unknown Content-Transfer-Encoding %q: the part is kept undecoded", h.Get("Content-Transfer-Encoding")))
	default:
		in.Problems = append(in.Problems, err.Error())
	}
}

// headerView is what readHeader reads of a letter's header, from
// go-message (mimeHeader) or from the lean reader (leanHeader): field
// names match without regard to case, a value is unfolded, Get and Values
// keep the fields' order.
type headerView interface {
	Get(key string) string // the first field's value, "" when absent
	Has(key string) bool
	Values(key string) []string
	// All yields every field, name and value, in order.
	All() iter.Seq2[string, string]
}

// mimeHeader is go-message's header as a headerView.
type mimeHeader struct{ *message.Header }

// All implements headerView.
func (h mimeHeader) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for f := h.Fields(); f.Next(); {
			if !yield(f.Key(), f.Value()) {
				return
			}
		}
	}
}

// readHeader fills the header fields, the media type mt as the caller
// read it (the lean reader has parsed the Content-Type already).
// Unreadable values are left empty: a letter with a broken Cc is still a
// letter.
func (in *Incoming) readHeader(h headerView, mt string) {
	if l, err := readAddresses(h.Get("From")); err != nil {
		in.Problems = append(in.Problems, "unreadable From: "+err.Error())
	} else if len(l) > 0 {
		in.From = l[0]
	}
	in.To = addresses(h, "To")
	in.Cc = addresses(h, "Cc")
	in.ReplyTo = addresses(h, "Reply-To")
	in.Subject = headerText(h.Get("Subject"))
	in.Date, _ = parseDate(h.Get("Date")) // zero if absent or unreadable
	// A copy: the referee keeps a letter's Message-ID in its game for as
	// long as the game is in memory, and a part of the header would keep
	// the whole header with it (the lean reader's values share one
	// string), a few hundred bytes a letter where the id needs thirty.
	in.MessageID = strings.Clone(messageID(h.Get("Message-Id")))
	in.InReplyTo = msgIDList(h.Get("In-Reply-To"))
	in.References = msgIDList(h.Get("References"))
	rp := strings.TrimSpace(h.Get("Return-Path"))
	in.NullReturnPath = h.Has("Return-Path") && strings.Trim(rp, "<> \t") == ""
	in.ReturnPath = strings.Trim(rp, "<> \t")
	if in.From.Addr == "" && in.ReturnPath != "" {
		// A From that does not parse (an unquoted display name with a
		// comma, a NUL): the envelope sender is who the answer goes to.
		if a, err := mail.ParseAddress(in.ReturnPath); err == nil {
			in.From = Address{Addr: a.Address}
			in.Problems = append(in.Problems, "the From header could not be read; the envelope sender (Return-Path) "+a.Address+" is taken as the sender")
		}
	}
	in.AutoSubmitted = strings.TrimSpace(h.Get("Auto-Submitted"))
	in.Precedence = strings.TrimSpace(h.Get("Precedence"))
	in.ListID = strings.TrimSpace(h.Get("List-Id"))
	for _, k := range []string{"X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress"} {
		if h.Has(k) {
			in.AutoReply = k + ": " + strings.TrimSpace(h.Get(k))
			break
		}
	}
	in.ContentType = mt
	for k, v := range h.All() {
		switch {
		case strings.EqualFold(k, "Received"):
			in.Trace = append(in.Trace, HeaderField{Name: "Received", Value: v})
		case strings.EqualFold(k, "Authentication-Results"):
			in.Trace = append(in.Trace, HeaderField{Name: "Authentication-Results", Value: v})
		case strings.EqualFold(k, "Delivered-To"), strings.EqualFold(k, "X-Original-To"), strings.EqualFold(k, "Envelope-To"):
			in.DeliveredTo = append(in.DeliveredTo, strings.Trim(strings.TrimSpace(v), "<>"))
		}
	}
	in.Postmark = receivedDate(h.Values("Received"))
	if in.Postmark.IsZero() {
		in.Postmark = in.Date
	}
}

// dropMalformedHeaderLines returns raw without the header lines the MIME
// reader stops at (no colon, a byte not allowed in a field name, a
// continuation line with nothing to continue), with their continuation
// lines, and the lines dropped.
func dropMalformedHeaderLines(raw []byte) ([]byte, []string) {
	out := make([]byte, 0, len(raw))
	var dropped []string
	skipping, first := false, true
	rest := raw
	for len(rest) > 0 {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line = rest[:i+1]
		}
		rest = rest[len(line):]
		text := bytes.TrimRight(line, "\r\n")
		continued := len(text) > 0 && (text[0] == ' ' || text[0] == '\t')
		switch {
		case len(text) == 0: // the end of the header
			return append(append(out, line...), rest...), dropped
		case continued && skipping:
			continue
		case continued && first, !continued && !validFieldName(text):
			skipping = true
			dropped = append(dropped, string(bytes.ToValidUTF8(text, []byte("\uFFFD"))))
			continue
		case !continued:
			skipping = false
		}
		first = false
		out = append(out, line...)
	}
	return out, dropped
}

// validFieldName reports whether a header line starts with a field name
// (RFC 5322 section 2.2: printable ASCII but the colon) and its colon.
func validFieldName(line []byte) bool {
	i := bytes.IndexByte(line, ':')
	if i <= 0 {
		return false
	}
	for _, c := range bytes.TrimRight(line[:i], " \t") {
		if c < 33 || c > 126 {
			return false
		}
	}
	return true
}

// addresses reads an address list header, dropping it when unreadable.
func addresses(h headerView, key string) []Address {
	l, _ := readAddresses(h.Get(key))
	return l
}

// readAddresses reads an address list value as addressList does, the
// usual forms here (plainAddresses), any other by addressList.
func readAddresses(v string) ([]Address, error) {
	if l, ok := plainAddresses(v); ok {
		return l, nil
	}
	l, err := addressList(v)
	if err != nil {
		return nil, err
	}
	out := make([]Address, 0, len(l))
	for _, a := range l {
		out = append(out, Address{Name: a.Name, Addr: a.Address})
	}
	return out, nil
}

// receivedDate is the date of the topmost Received header that has one
// (RFC 5321 section 4.4: the date follows the last ';'). Headers come
// newest first, so this is when our own server took the letter.
func receivedDate(received []string) time.Time {
	for _, r := range received {
		i := strings.LastIndexByte(r, ';')
		if i < 0 {
			continue
		}
		if t, err := parseDate(strings.TrimSpace(r[i+1:])); err == nil {
			return t
		}
	}
	return time.Time{}
}
