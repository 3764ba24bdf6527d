package mailbox

import (
	"bytes"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"strings"
)

// composeLean writes the usual letter, text without attachments, byte for
// byte as composeMIME (go-message) writes it (FuzzComposeLean): the same
// fields in the same order (go-message writes the last set first), folded
// by the same rule, the same quoted-printable text, without go-message's
// header map and its copies. ok is false for a letter it does not take
// (attachments, a line break in a field, which go-message refuses).
func composeLean(o Outgoing) (raw []byte, ok bool) {
	if len(o.Attachments) > 0 {
		return nil, false
	}
	auto := o.AutoSubmitted
	if auto == "" {
		auto = "auto-replied"
	}
	text := strings.ReplaceAll(strings.ReplaceAll(o.Text, "\r\n", "\n"), "\n", "\r\n")
	b := make([]byte, 0, 1024+len(text)*13/4)
	fields := []struct {
		k, v string
		set  bool // go-message sets no field for an empty list
	}{
		{"Content-Transfer-Encoding", "quoted-printable", true},
		{"Content-Type", "text/plain; charset=utf-8", true},
		{"Mime-Version", "1.0", true},
		{"Auto-Submitted", auto, true},
		{"References", msgIDs(o.References), len(o.References) > 0},
		{"In-Reply-To", msgIDs(o.InReplyTo), len(o.InReplyTo) > 0},
		{"Message-Id", "<" + o.MessageID + ">", true},
		{"Subject", mime.QEncoding.Encode("utf-8", o.Subject), true},
		{"Reply-To", formatAddresses(o.ReplyTo), len(o.ReplyTo) > 0},
		{"Cc", formatAddresses(o.Cc), len(o.Cc) > 0},
		{"To", formatAddresses(o.To), len(o.To) > 0},
		{"From", formatAddresses([]Address{o.From}), true},
		{"Date", o.Date.Format("Mon, 02 Jan 2006 15:04:05 -0700"), true}, // Compose requires it
	}
	for _, f := range fields {
		if !f.set {
			continue
		}
		if strings.ContainsAny(f.v, "\r\n") {
			return nil, false
		}
		b = appendField(b, f.k, f.v)
	}
	b = append(b, "\r\n"...)
	buf := bytes.NewBuffer(b)
	w := quotedprintable.NewWriter(buf)
	if _, err := w.Write([]byte(text)); err != nil {
		return nil, false
	}
	if err := w.Close(); err != nil {
		return nil, false
	}
	return buf.Bytes(), true
}

// msgIDs is a list of message identifiers as go-message's SetMsgIDList
// writes it.
func msgIDs(l []string) string {
	return "<" + strings.Join(l, "> <") + ">"
}

// formatAddresses is l as go-message's SetAddressList writes it (net/mail's
// form of each, comma-separated).
func formatAddresses(l []Address) string {
	var s strings.Builder
	for i, a := range l {
		if i > 0 {
			s.WriteString(", ")
		}
		s.WriteString((&mail.Address{Name: a.Name, Address: a.Addr}).String())
	}
	return s.String()
}

// appendField appends the field k: v as go-message's formatHeaderField
// writes it: lines of 76 characters at most where a space allows, 998
// where none does.
func appendField(b []byte, k, v string) []byte {
	b = append(b, k...)
	b = append(b, ": "...)
	if v == "" {
		return append(b, "\r\n"...)
	}
	keylen := len(k) + 2
	for len(v) > 0 {
		at, folding, ok := foldAt(v, 76-keylen)
		if !ok {
			at, folding, _ = foldAt(v, 998-keylen)
		}
		b = append(b, v[:at]...)
		b = append(b, folding...)
		v = v[at:]
		keylen = 0
	}
	return b
}

// foldAt is go-message's foldLine for a value without line breaks (a
// field with one is not composed here): where to fold v for a line of
// maxlen, and what to insert there; ok is false when folding must add a
// space.
func foldAt(v string, maxlen int) (at int, folding string, ok bool) {
	before := maxlen + 1
	if before > len(v) {
		return len(v), "\r\n", true
	}
	at = strings.LastIndexAny(v[:before], " \t")
	if at == 0 {
		at = before - 1 // the space found is the last fold's
	} else if at < 0 {
		at = before - 2
	}
	if v[at] == ' ' || v[at] == '\t' {
		return at, "\r\n", true
	}
	return at, "\r\n ", false
}
