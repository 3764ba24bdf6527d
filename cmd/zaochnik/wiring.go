package main

import (
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
