package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"zaochnik/mailbox"
	"zaochnik/referee"
	"zaochnik/storage"
)

// storeOutbox is what the SMTP sender drains: the store's outbox, which
// records a batch's outcomes and claims the next batch in one transaction
// (storage.DB.NextBatch) and tells the secretary of
// dead letters; the daemon's own reports (digest, standings) are rows of
// it too. It turns the store's plain values into the mail shell's.
type storeOutbox struct {
	db    *storage.DB
	from  mailbox.Address
	keys  referee.Keys
	store *storeHealth // notes the store's answers for /healthz; nil in tools
}

// newStoreOutbox is db's outbox sent from from; keys give every letter its
// addressee's reply key.
func newStoreOutbox(db *storage.DB, from mailbox.Address, keys referee.Keys) *storeOutbox {
	return &storeOutbox{db: db, from: from, keys: keys}
}

// mailOf is a queued letter as the mail shell composes it: threaded to
// the letter it answers, attached letters embedded whole (a judge's
// dossier), with the addressee's reply key (referee.Keys.Decorate) unless
// it is a report of the daemon's own.
func mailOf(from mailbox.Address, keys referee.Keys, m storage.Mail) mailbox.Outgoing {
	o := mailbox.Outgoing{From: from, To: []mailbox.Address{{Addr: m.To}}, Subject: m.Subject, Text: m.Body,
		Date: m.Date, MessageID: bare(m.MessageID)}
	if m.Kind != storage.KindReport {
		keys.Decorate(&o, m)
	}
	if m.InReplyTo != "" {
		o.InReplyTo = []string{bare(m.InReplyTo)}
		o.References = o.InReplyTo
	}
	for i, a := range m.Attachments {
		o.Attachments = append(o.Attachments, mailbox.Attachment{Filename: fmt.Sprintf("letter-%d.eml", i+1),
			ContentType: "message/rfc822", Data: a})
	}
	o.Attachments = append(o.Attachments, storedFiles(m)...)
	return o
}

// bare strips the angle brackets of a Message-ID.
func bare(id string) string { return strings.TrimSuffix(strings.TrimPrefix(id, "<"), ">") }

// NextDue implements mailbox.Outbox.
func (o *storeOutbox) NextDue(ctx context.Context) (due time.Time, ok bool, err error) {
	_, _, due, ok, err = o.db.NextDue(ctx)
	return due, ok, o.store.noteRead(err)
}

// Claim implements mailbox.Outbox: storage.DB.NextBatch, the letters
// composed as the mail shell sends them.
func (o *storeOutbox) Claim(ctx context.Context, done []mailbox.Outcome, now, retryAt time.Time, max int) ([]mailbox.Attempt, error) {
	outcomes := make([]storage.Outcome, len(done))
	for i, d := range done {
		outcomes[i] = storage.Outcome{ID: d.ID, Fate: fates[d.Fate], At: d.At, Reason: d.Reason}
	}
	batch, err := o.db.NextBatch(ctx, outcomes, now, retryAt, max)
	if o.store.note(err) != nil {
		return nil, err
	}
	out := make([]mailbox.Attempt, len(batch))
	for i, c := range batch {
		out[i] = mailbox.Attempt{ID: c.ID, Number: c.Attempt, Letter: mailOf(o.from, o.keys, c.Mail), Err: c.Err}
	}
	return out, nil
}

// fates are the sender's outcomes as the store records them.
var fates = map[mailbox.Fate]storage.Fate{mailbox.Sent: storage.Delivered, mailbox.Retry: storage.Deferred,
	mailbox.Dead: storage.Undeliverable, mailbox.Unattempted: storage.Unattempted}
