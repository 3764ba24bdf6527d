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
	mu      sync.Mutex
	err     error
	since   time.Time
	inWrite bool // the failure was a write's: only a write that works ends it
}

// note records the outcome of one write to the store and returns err. A
// letter not found and a daemon stopping are answers, not failures. A nil
// storeHealth notes nothing.
func (s *storeHealth) note(err error) error { return s.record(err, true) }

// noteRead is note for a read: a read that works does not end a write's
// failure (a full disk still lets the store be read).
func (s *storeHealth) noteRead(err error) error { return s.record(err, false) }

func (s *storeHealth) record(err error, write bool) error {
	if s == nil || errors.Is(err, storage.ErrNotFound) || errors.Is(err, errStopping) {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case err == nil:
		if write || !s.inWrite {
			s.err, s.since, s.inWrite = nil, time.Time{}, false
		}
	case s.err == nil:
		s.err, s.since, s.inWrite = err, time.Now(), write // the process's health: wall time
	default:
		s.err, s.inWrite = err, s.inWrite || write
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
