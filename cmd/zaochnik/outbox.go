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
// records every attempt in its own transaction and tells the secretary of
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

// queueReport adds a report to the outbox; it is due at once.
func (o *storeOutbox) queueReport(ctx context.Context, to, subject, body string) error {
	return o.store.note(o.db.QueueReport(ctx, to, subject, body))
}

// NextDue implements mailbox.Outbox.
func (o *storeOutbox) NextDue(ctx context.Context) (id int64, attempts int, due time.Time, ok bool, err error) {
	id, attempts, due, ok, err = o.db.NextDue(ctx)
	return id, attempts, due, ok, o.store.noteRead(err)
}

// BeginAttempt implements mailbox.Outbox.
func (o *storeOutbox) BeginAttempt(ctx context.Context, id int64, now, retryAt time.Time, sent *mailbox.Accepted) (mailbox.Outgoing, int, error) {
	var m storage.Mail
	var attempt int
	var err error
	if sent != nil {
		m, attempt, err = o.db.SentThenBegin(ctx, sent.ID, sent.At, id, now, retryAt)
	} else {
		m, attempt, err = o.db.BeginAttempt(ctx, id, now, retryAt)
	}
	if o.store.note(err) != nil {
		return mailbox.Outgoing{}, 0, err
	}
	return mailOf(o.from, o.keys, m), attempt, nil
}

// Sent implements mailbox.Outbox.
func (o *storeOutbox) Sent(ctx context.Context, id int64, now time.Time) error {
	return o.store.note(o.db.Sent(ctx, id, now))
}

// Retry implements mailbox.Outbox.
func (o *storeOutbox) Retry(ctx context.Context, id int64, retryAt time.Time, reason string) error {
	return o.store.note(o.db.Retry(ctx, id, retryAt, reason))
}

// Dead implements mailbox.Outbox; the store tells the secretary.
func (o *storeOutbox) Dead(ctx context.Context, id int64, now time.Time, reason string) error {
	return o.store.note(o.db.Dead(ctx, id, now, reason))
}
