package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// TestState_ReadAheadAsReadNow: a letter read ahead under the options the
// tournament reads it with is taken as it was read, under any other
// options it is read again, so ReadAhead answers as without the reading
// in every case.
func TestState_ReadAheadAsReadNow(t *testing.T) {
	s := started(t)
	text := "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03\nВремя: 0/0\n"
	obs := Observation{From: black, Subject: "ход", Postmark: timecontrol.MustDate("2026-03-02")}
	opts, _, ok := s.Tournament.ReadOptions(obs.From, obs.Subject, obs.Postmark)
	assert.True(t, ok)
	assert.Equal(t, letter.English, opts.Language, "the sender's language is the player's")
	other := opts
	other.Board = letter.Board{Width: 10, Height: 10}
	for _, tc := range []struct {
		name  string
		opts  letter.Options
		taken bool
	}{
		{"read under the tournament's options", opts, true},
		{"read under another tournament's", other, false},
		{"read without the sender's language", letter.Options{Subject: obs.Subject, Postmark: obs.Postmark, Ciphers: opts.Ciphers, Board: opts.Board}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ahead := letter.ReadAhead(text, tc.opts)
			got := s.ReadAhead(ahead, text, obs)
			assert.Equal(t, s.ReadAhead(nil, text, obs), got)
			ahead.Letter.Greeting = "taken" // the reading is the letter handed out, not a copy
			assert.Equal(t, tc.taken, s.ReadAhead(ahead, text, obs).Greeting == "taken")
		})
	}
}

// TestState_ReadAheadAllocatesAsParse: reading a move letter costs what
// parsing it costs and the options' list of ciphers, no copy of the state
// (one moved to the heap for every letter while the applier of a run of
// moves without labels, rare, took the state's address).
func TestState_ReadAheadAllocatesAsParse(t *testing.T) {
	s := started(t)
	text := "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03\nВремя: 0/0\n"
	obs := Observation{From: black, Subject: "ход", Postmark: timecontrol.MustDate("2026-03-02")}
	opts, _, _ := s.Tournament.ReadOptions(obs.From, obs.Subject, obs.Postmark)
	parse := testing.AllocsPerRun(20, func() { letter.Parse(text, opts) })
	read := testing.AllocsPerRun(20, func() { s.ReadAhead(nil, text, obs) })
	assert.Equal(t, parse+1, read)
}
