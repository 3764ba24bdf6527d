package main

import (
	"fmt"

	"zaochnik/mailbox"
	"zaochnik/storage"
)

// decodeLetter is the mail shell's reader as the store needs it
// (storage.DB.Decode), so the store never imports the mail shell.
func decodeLetter(raw []byte) (storage.Decoded, error) {
	in, err := mailbox.Decode(raw)
	if err != nil {
		return storage.Decoded{}, err
	}
	return storage.Decoded{MessageID: in.MessageID, From: in.From.Addr, Subject: in.Subject, Text: in.Text, Postmark: in.Postmark,
		InReplyTo: append(append([]string(nil), in.InReplyTo...), in.References...)}, nil
}

// composeLetter is the mail shell's composer as the store needs it
// (storage.DB.Compose), sending from the server's address from.
func composeLetter(from string) func(m storage.Mail) ([]byte, error) {
	return func(m storage.Mail) ([]byte, error) {
		o := mailbox.Outgoing{From: mailbox.Address{Addr: from}, To: []mailbox.Address{{Addr: m.To}},
			Subject: m.Subject, Text: m.Body, Date: m.Date, MessageID: m.MessageID}
		if m.InReplyTo != "" {
			o.InReplyTo = []string{m.InReplyTo}
			o.References = []string{m.InReplyTo}
		}
		for i, raw := range m.Attachments {
			o.Attachments = append(o.Attachments, mailbox.Attachment{Filename: fmt.Sprintf("letter-%d.eml", i+1), ContentType: "message/rfc822", Data: raw})
		}
		o.Attachments = append(o.Attachments, storedFiles(m)...)
		return mailbox.Compose(o)
	}
}
