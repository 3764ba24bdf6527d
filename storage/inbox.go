package storage

import (
	"context"
	"time"
)

// Decoded is what the mail shell reads of a raw letter for the referee.
type Decoded struct {
	MessageID string
	From      string // sender's address
	Subject   string
	Text      string
	Postmark  time.Time // the topmost Received date, else Date
	// InReplyTo and References name the letters it answers: a letter of
	// the server's there places it in its game's thread.
	InReplyTo []string
}

// Accept stores a raw letter fetched from an IMAP mailbox and applies it,
// with the watermark, in one transaction (see Receive); a letter already
// stored is not applied again and gets its first answer. It reports whether
// the letter was refused. The raw bytes are read with db.Decode, which the
// mail shell sets; a letter it cannot read is kept, refused.
func (db *DB) Accept(ctx context.Context, mailbox string, uidValidity, uid uint32, raw []byte) (refused bool, err error) {
	r := Received{Incoming: Incoming{Mailbox: mailbox, UIDValidity: uidValidity, UID: uid, Raw: raw, Postmark: db.Now()}}
	if db.Decode != nil {
		d, derr := db.Decode(raw)
		if derr == nil {
			r.MessageID, r.From, r.Subject, r.Text, r.InReplyTo = d.MessageID, d.From, d.Subject, d.Text, d.InReplyTo
			if !d.Postmark.IsZero() {
				r.Postmark = d.Postmark
			}
		}
	}
	res, err := db.Receive(ctx, r)
	if err != nil {
		return false, err
	}
	return res.Disposition == Refused, nil
}
