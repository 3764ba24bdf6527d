package main

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"zaochnik/mailbox"
	"zaochnik/referee"
	"zaochnik/storage"
)

// storeOutbox is what the SMTP sender drains: the store's outbox (which
// records every attempt in its own transaction and tells the secretary of
// dead letters), plus the daemon's own reports (digest, standings) held in
// memory under negative ids. A report lost in a crash is superseded by the
// next one, so it needs no row.
type storeOutbox struct {
	db    *storage.DB
	from  mailbox.Address
	store *storeHealth // notes the store's answers for /healthz; nil in tools

	mu      sync.Mutex
	reports map[int64]*report
	nextID  int64
}

// report is a letter of the daemon's own, not stored.
type report struct {
	to, subject, body, messageID string
	queued, due                  time.Time
	attempts                     int
}

// newStoreOutbox wires db's composer to the mail shell's; keys give every
// letter its addressee's reply key.
func newStoreOutbox(db *storage.DB, from mailbox.Address, keys referee.Keys) *storeOutbox {
	db.From = from.Addr
	db.Compose = func(m storage.Mail) ([]byte, error) { return composeStored(from, keys, m) }
	return &storeOutbox{db: db, from: from, reports: map[int64]*report{}}
}

// composeStored is the one composer of the store's letters (storage.DB.Compose,
// wired by newStoreOutbox for serve and demo): a queued letter, threaded to the
// letter it answers, attached letters embedded whole (a judge's dossier),
// with the addressee's reply key (referee.Keys.Decorate).
func composeStored(from mailbox.Address, keys referee.Keys, m storage.Mail) ([]byte, error) {
	o := mailbox.Outgoing{From: from, To: []mailbox.Address{{Addr: m.To}}, Subject: m.Subject, Text: m.Body,
		Date: m.Date, MessageID: bare(m.MessageID)}
	keys.Decorate(&o, m)
	if m.InReplyTo != "" {
		o.InReplyTo = []string{bare(m.InReplyTo)}
		o.References = o.InReplyTo
	}
	for i, a := range m.Attachments {
		o.Attachments = append(o.Attachments, mailbox.Attachment{Filename: fmt.Sprintf("letter-%d.eml", i+1),
			ContentType: "message/rfc822", Data: a})
	}
	o.Attachments = append(o.Attachments, storedFiles(m)...)
	return mailbox.Compose(o)
}

// bare strips the angle brackets of a Message-ID.
func bare(id string) string { return strings.TrimSuffix(strings.TrimPrefix(id, "<"), ">") }

// queueReport adds a report; it is due at once.
func (o *storeOutbox) queueReport(to, subject, body, messageID string, now time.Time) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.nextID--
	o.reports[o.nextID] = &report{to: to, subject: subject, body: body, messageID: messageID, queued: now, due: now}
}

// pendingReports counts the reports not yet sent.
func (o *storeOutbox) pendingReports() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.reports)
}

// NextDue implements mailbox.Outbox: the earliest of the store's letters
// and the reports.
func (o *storeOutbox) NextDue(ctx context.Context) (id int64, attempts int, due time.Time, ok bool, err error) {
	id, attempts, due, ok, err = o.db.NextDue(ctx)
	if o.store.noteRead(err) != nil {
		return 0, 0, time.Time{}, false, err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	for rid, r := range o.reports {
		if !ok || r.due.Before(due) {
			id, attempts, due, ok = rid, r.attempts, r.due, true
		}
	}
	return id, attempts, due, ok, nil
}

// BeginAttempt implements mailbox.Outbox.
func (o *storeOutbox) BeginAttempt(ctx context.Context, id int64, now, retryAt time.Time) (string, []string, []byte, int, error) {
	if id >= 0 {
		from, to, raw, attempt, err := o.db.BeginAttempt(ctx, id, now, retryAt)
		return from, to, raw, attempt, o.store.note(err)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	r, ok := o.reports[id]
	if !ok {
		return "", nil, nil, 0, fmt.Errorf("report %d is gone", id)
	}
	r.attempts++
	r.due = retryAt
	raw, err := mailbox.Compose(mailbox.Outgoing{From: o.from, To: []mailbox.Address{{Addr: r.to}}, Subject: r.subject,
		Text: r.body, Date: r.queued, MessageID: r.messageID})
	return o.from.Addr, []string{r.to}, raw, r.attempts, err
}

// Sent implements mailbox.Outbox.
func (o *storeOutbox) Sent(ctx context.Context, id int64, now time.Time) error {
	if id >= 0 {
		return o.store.note(o.db.Sent(ctx, id, now))
	}
	o.drop(id)
	return nil
}

// Retry implements mailbox.Outbox. A report's next attempt was set when the
// attempt began.
func (o *storeOutbox) Retry(ctx context.Context, id int64, retryAt time.Time, reason string) error {
	if id >= 0 {
		return o.store.note(o.db.Retry(ctx, id, retryAt, reason))
	}
	return nil
}

// Dead implements mailbox.Outbox; the store tells the secretary.
func (o *storeOutbox) Dead(ctx context.Context, id int64, now time.Time, reason string) error {
	if id >= 0 {
		return o.store.note(o.db.Dead(ctx, id, now, reason))
	}
	o.drop(id)
	return nil
}

func (o *storeOutbox) drop(id int64) {
	o.mu.Lock()
	delete(o.reports, id)
	o.mu.Unlock()
}

// mailDomain is the part of addr after '@'.
func mailDomain(addr string) string {
	_, d, _ := strings.Cut(addr, "@")
	return d
}
