package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"zaochnik/storage"
)

// health is the /healthz answer.
type health struct {
	Status string `json:"status"` // "ok", "starting" or "degraded"
	// Problems says what is wrong when Status is "degraded".
	Problems []string `json:"problems,omitempty"`
	// Store is the store's last failure while it fails (a full disk).
	Store  string               `json:"store,omitempty"`
	IMAP   imapHealth           `json:"imap"`
	SMTP   smtpHealth           `json:"smtp"`
	Outbox storage.OutboxCounts `json:"outbox"`
}

// smtpHealth tells whether letters leave. Dead letters are not counted
// here: a refused address is the secretary's business (she is told), not
// the daemon's health.
type smtpHealth struct {
	// Delivering: no letter is overdue by more than smtpOverdue (the
	// server cannot be reached) and none has failed smtpFailures times in a
	// row (the server keeps refusing).
	Delivering bool `json:"delivering"`
	Overdue    int  `json:"overdue"`
	Failing    int  `json:"failing"`
	// LastError is the last failure of a failing letter.
	LastError string `json:"last_error,omitempty"`
}

// A letter this late, or failed this often, means the SMTP side is down.
const (
	smtpOverdue  = 10 * time.Minute
	smtpFailures = 3
)

type imapHealth struct {
	// Connected: the reader looked at the mailbox, or bytes of a letter
	// it fetches arrived (a slow letter keeps coming), within the expected
	// interval (the IDLE watchdog or the poll interval, plus slack).
	Connected bool       `json:"connected"`
	LastCheck *time.Time `json:"last_check,omitempty"`
	LastFetch *time.Time `json:"last_fetch,omitempty"`
	Accepted  int        `json:"accepted"`
	Refused   int        `json:"refused"`
}

// handler is the web listener's mux: /healthz, and the desk under /.
func (m *Main) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", m.serveHealth)
	if m.Desk != nil {
		mux.Handle("/", m.Desk)
	}
	return mux
}

// serveHealth answers 200 when the store answers, the reader is connected
// and letters leave, 503 otherwise, with the details as JSON.
func (m *Main) serveHealth(w http.ResponseWriter, r *http.Request) {
	h := m.health(r)
	w.Header().Set("Content-Type", "application/json")
	if h.Status == "degraded" {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	json.NewEncoder(w).Encode(h)
}

func (m *Main) health(r *http.Request) health {
	h := health{Status: "ok"}
	check, alive, fetch, acc, ref := m.inbox.seen()
	h.IMAP.Accepted, h.IMAP.Refused = acc, ref
	if !check.IsZero() {
		h.IMAP.LastCheck = &check
	}
	if !fetch.IsZero() {
		h.IMAP.LastFetch = &fetch
	}
	// The reader looks at the mailbox at least this often when it works;
	// a command may take up to 2 minutes before the reader gives up.
	every := time.Duration(m.Config.IMAP.IdleWatchdog)
	if !m.Config.IMAP.Idle {
		every = time.Duration(m.Config.IMAP.PollInterval)
	}
	now := time.Now() // health is about the process: wall time, even under a virtual clock
	h.IMAP.Connected = !alive.IsZero() && now.Sub(alive) <= every+2*time.Minute+30*time.Second
	switch {
	case h.IMAP.Connected:
	case alive.IsZero() && now.Sub(m.started) < time.Minute:
		h.Status = "starting"
	default:
		h.Problems = append(h.Problems, "the IMAP reader has not looked at the mailbox recently; see the log for the connection error")
	}
	if err, since := m.store.failing(); err != nil {
		h.Store = err.Error()
		h.Problems = append(h.Problems, fmt.Sprintf("the store fails since %s: %v; letters wait in the mailbox and in the outbox", since.UTC().Format(time.RFC3339), err))
	}
	b, err := m.backlog(r.Context())
	if err != nil {
		h.Problems = append(h.Problems, "reading the outbox: "+err.Error())
	}
	h.Outbox = b
	if h.SMTP, err = m.smtpHealth(r.Context()); err != nil {
		h.Problems = append(h.Problems, "reading the outbox: "+err.Error())
	} else if !h.SMTP.Delivering {
		h.Problems = append(h.Problems, fmt.Sprintf("letters are not leaving: %d overdue by more than %v, %d failed %d times or more; see zaochnik's log (smtp=)",
			h.SMTP.Overdue, smtpOverdue, h.SMTP.Failing, smtpFailures))
	}
	if len(h.Problems) > 0 {
		h.Status = "degraded"
	}
	return h
}

// smtpHealth reads the outbox for letters that should have left.
func (m *Main) smtpHealth(ctx context.Context) (smtpHealth, error) {
	h := smtpHealth{Delivering: true}
	waiting, err := m.db.Waiting(ctx)
	if err != nil {
		return h, err
	}
	late := m.Now().Add(-smtpOverdue) // the sender's clock stamps NextAttempt
	for _, o := range waiting {
		if o.NextAttempt.Before(late) {
			h.Overdue++
		}
		if o.Attempts >= smtpFailures && o.LastError != "" {
			h.Failing++
			h.LastError = o.LastError
		}
	}
	h.Delivering = h.Overdue == 0 && h.Failing == 0
	return h, nil
}
