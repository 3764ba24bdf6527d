package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"zaochnik/storage"
)

// A full disk still lets the store be read: a read that works does not end
// a write's failure, a write that works does; answers are not failures.
func TestStoreHealth_OnlyAWriteEndsAWriteFailure(t *testing.T) {
	full := errors.New("database or disk is full")
	steps := []struct {
		name    string
		do      func(*storeHealth)
		failing bool
	}{
		{"a write fails", func(s *storeHealth) { s.note(full) }, true},
		{"a read works", func(s *storeHealth) { s.noteRead(nil) }, true},
		{"a letter not found", func(s *storeHealth) { s.note(fmt.Errorf("x: %w", storage.ErrNotFound)) }, true},
		{"a write works", func(s *storeHealth) { s.note(nil) }, false},
		{"a read fails", func(s *storeHealth) { s.noteRead(full) }, true},
		{"a read works again", func(s *storeHealth) { s.noteRead(nil) }, false},
		{"stopping", func(s *storeHealth) { s.note(errStopping) }, false},
	}
	s := &storeHealth{}
	for _, st := range steps {
		st.do(s)
		err, _ := s.failing()
		assert.Equal(t, st.failing, err != nil, st.name)
	}
	var none *storeHealth
	assert.Equal(t, full, none.note(full), "a nil storeHealth notes nothing")
}
