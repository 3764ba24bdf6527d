package main

import (
	"encoding/json"
	"net/http"
	"time"
)

// health is the /healthz answer.
type health struct {
	Status string `json:"status"` // "ok", "starting" or "degraded"
	// Problems says what is wrong when Status is "degraded".
	Problems []string     `json:"problems,omitempty"`
	IMAP     imapHealth   `json:"imap"`
	Outbox   outboxCounts `json:"outbox"`
}

type imapHealth struct {
	// Connected: the reader looked at the mailbox within the expected
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

// serveHealth answers 200 when the reader is connected and no letter is
// dead, 503 otherwise, with the details as JSON.
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
	check, fetch, acc, ref := m.inbox.seen()
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
	h.IMAP.Connected = !check.IsZero() && now.Sub(check) <= every+2*time.Minute+30*time.Second
	switch {
	case h.IMAP.Connected:
	case check.IsZero() && now.Sub(m.started) < time.Minute:
		h.Status = "starting"
	default:
		h.Problems = append(h.Problems, "the IMAP reader has not looked at the mailbox recently; see the log for the connection error")
	}
	b, err := m.backlog(r.Context())
	if err != nil {
		h.Problems = append(h.Problems, "reading the outbox: "+err.Error())
	}
	h.Outbox = b
	if b.Dead > 0 {
		h.Problems = append(h.Problems, "dead letters in the outbox: the secretary was told; see zaochnik's log")
	}
	if len(h.Problems) > 0 {
		h.Status = "degraded"
	}
	return h
}
