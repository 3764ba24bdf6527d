package main

import (
	"errors"
	"sync"
	"time"

	"zaochnik/storage"
)

// storeHealth is what the daemon's parts last learnt of the store: the
// inbox and the outbox note every answer, so that /healthz says at once
// that the store fails, and why (a full disk, a lost file), while the
// letters wait in the mailbox and in the outbox.
type storeHealth struct {
	mu    sync.Mutex
	err   error
	since time.Time
}

// note records the outcome of one use of the store and returns err. A
// letter not found and a daemon stopping are answers, not failures. A nil
// storeHealth notes nothing.
func (s *storeHealth) note(err error) error {
	if s == nil || errors.Is(err, storage.ErrNotFound) || errors.Is(err, errStopping) {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case err == nil:
		s.err, s.since = nil, time.Time{}
	case s.err == nil:
		s.err, s.since = err, time.Now() // the process's health: wall time
	default:
		s.err = err
	}
	return err
}

// failing returns the last failure and since when the store fails, or nil.
func (s *storeHealth) failing() (error, time.Time) {
	if s == nil {
		return nil, time.Time{}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err, s.since
}
