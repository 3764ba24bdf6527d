package main

import (
	"zaochnik/mailbox"
	"zaochnik/storage"
)

// storedFiles are a queued letter's documents (a diagram, a PDN) as the
// mail shell attaches them, after the attached letters.
func storedFiles(m storage.Mail) []mailbox.Attachment {
	var out []mailbox.Attachment
	for _, f := range m.Files {
		out = append(out, mailbox.Attachment{Filename: f.Name, ContentType: f.ContentType, Data: f.Data})
	}
	return out
}
