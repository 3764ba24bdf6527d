package mailbox

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/emersion/go-message"
	gomail "github.com/emersion/go-message/mail"
)

// Outgoing is one letter the server sends. The caller (the outbox, at queue
// time) fixes MessageID and Date, so a letter sent twice after a crash is
// the same letter and the recipient's client can drop the copy.
type Outgoing struct {
	From    Address
	To, Cc  []Address
	ReplyTo []Address
	Subject string
	Text    string    // the body, sent as UTF-8 text/plain, quoted-printable
	Date    time.Time // required
	// MessageID is required, without angle brackets ("g7.42.3@zaochnik.example").
	MessageID string
	// InReplyTo and References thread the letter in the player's client:
	// the letter answered, and the game's earlier letters, oldest first.
	InReplyTo  []string
	References []string
	// AutoSubmitted defaults to "auto-replied" (RFC 3834): every letter of
	// the server is automatic, so other responders do not answer it.
	AutoSubmitted string
	Attachments   []Attachment
}

// Compose renders o as an RFC 5322 letter with CRLF line ends. Attachments
// with ContentType message/rfc822 (a raw letter for the judge's dossier) are
// embedded as they are; others (.pdn, images) are base64.
func Compose(o Outgoing) ([]byte, error) {
	switch {
	case o.From.Addr == "":
		return nil, errors.New("mailbox: composing a letter without a From address")
	case len(o.To) == 0:
		return nil, errors.New("mailbox: composing a letter without recipients")
	case o.MessageID == "":
		return nil, errors.New("mailbox: composing a letter without a Message-ID (fix it when queueing)")
	case o.Date.IsZero():
		return nil, errors.New("mailbox: composing a letter without a Date")
	}
	if raw, ok := composeLean(o); ok {
		return raw, nil
	}
	return composeMIME(o)
}

// composeMIME is Compose by go-message, for every letter.
func composeMIME(o Outgoing) ([]byte, error) {
	var h gomail.Header
	h.SetDate(o.Date)
	h.SetAddressList("From", mailAddrs([]Address{o.From}))
	h.SetAddressList("To", mailAddrs(o.To))
	if len(o.Cc) > 0 {
		h.SetAddressList("Cc", mailAddrs(o.Cc))
	}
	if len(o.ReplyTo) > 0 {
		h.SetAddressList("Reply-To", mailAddrs(o.ReplyTo))
	}
	h.SetSubject(o.Subject)
	h.SetMessageID(o.MessageID)
	if len(o.InReplyTo) > 0 {
		h.SetMsgIDList("In-Reply-To", o.InReplyTo)
	}
	if len(o.References) > 0 {
		h.SetMsgIDList("References", o.References)
	}
	auto := o.AutoSubmitted
	if auto == "" {
		auto = "auto-replied"
	}
	h.Set("Auto-Submitted", auto)
	h.Set("MIME-Version", "1.0")

	text := strings.ReplaceAll(strings.ReplaceAll(o.Text, "\r\n", "\n"), "\n", "\r\n")
	var buf bytes.Buffer
	if len(o.Attachments) == 0 {
		h.Set("Content-Type", "text/plain; charset=utf-8")
		h.Set("Content-Transfer-Encoding", "quoted-printable")
		w, err := message.CreateWriter(&buf, h.Header)
		if err != nil {
			return nil, fmt.Errorf("mailbox: composing %s: %w", o.MessageID, err)
		}
		if err := writeClose(w, []byte(text)); err != nil {
			return nil, fmt.Errorf("mailbox: composing %s: %w", o.MessageID, err)
		}
		return buf.Bytes(), nil
	}

	mw, err := gomail.CreateWriter(&buf, h)
	if err != nil {
		return nil, fmt.Errorf("mailbox: composing %s: %w", o.MessageID, err)
	}
	var th gomail.InlineHeader
	th.Set("Content-Type", "text/plain; charset=utf-8")
	th.Set("Content-Transfer-Encoding", "quoted-printable")
	tw, err := mw.CreateSingleInline(th)
	if err == nil {
		err = writeClose(tw, []byte(text))
	}
	for _, a := range o.Attachments {
		if err != nil {
			break
		}
		var ah gomail.AttachmentHeader
		ct := a.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		ah.Set("Content-Type", ct)
		if ct == "message/rfc822" {
			// RFC 2046 section 5.2.1: only 7bit, 8bit or binary here.
			ah.Set("Content-Transfer-Encoding", eightOrSeven(a.Data))
		}
		if a.Filename != "" {
			ah.SetFilename(a.Filename)
		}
		var aw io.WriteCloser
		if aw, err = mw.CreateAttachment(ah); err == nil {
			err = writeClose(aw, a.Data)
		}
	}
	if err == nil {
		err = mw.Close()
	}
	if err != nil {
		return nil, fmt.Errorf("mailbox: composing %s: %w", o.MessageID, err)
	}
	return buf.Bytes(), nil
}

// writeClose writes b and closes w, returning the first error.
func writeClose(w io.WriteCloser, b []byte) error {
	_, err := w.Write(b)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	return err
}

// eightOrSeven is the transfer encoding naming raw bytes as they are.
func eightOrSeven(b []byte) string {
	for _, c := range b {
		if c >= 0x80 {
			return "8bit"
		}
	}
	return "7bit"
}

// mailAddrs converts to go-message's address type.
func mailAddrs(l []Address) []*gomail.Address {
	out := make([]*gomail.Address, len(l))
	for i, a := range l {
		out[i] = &gomail.Address{Name: a.Name, Address: a.Addr}
	}
	return out
}
