package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A letter whose From does not parse is the envelope sender's (Return-Path);
// one with neither is kept refused and answered to nobody: no letter is ever
// queued to an empty address.
func TestWiring_UnreadableFromFallsBackToTheEnvelope(t *testing.T) {
	clean, err := os.ReadFile(filepath.Join(replayDir("clean"), "01.eml"))
	require.NoError(t, err)
	const from = "From: =?utf-8?b?0JjQstCw0L3QvtCyINCY0LLQsNC9?= <ivanov@example.org>\r\n"
	require.Contains(t, string(clean), from)
	tests := []struct {
		name, header string
		applied      bool
	}{
		{"UnquotedNameWithComma", "Return-Path: <ivanov@example.org>\r\nFrom: Ivanov, Ivan <ivanov@example.org>\r\n", true},
		{"AddressAsName", "Return-Path: <ivanov@example.org>\r\nFrom: ivanov@example.org <ivanov@example.org>\r\n", true},
		{"NUL", "Return-Path: <ivanov@example.org>\r\nFrom: Ivan\x00 <ivanov@example.org>\r\n", true},
		{"LineWithoutColon", "Return-Path: <ivanov@example.org>\r\nX-Mailer Broken 1.0\r\nFrom: Ivan <ivanov@example.org>\r\n", true},
		{"NoEnvelope", "From: Ivanov, Ivan <ivanov@example.org>\r\n", false},
		{"NoEnvelopeLineWithoutColon", "From Ivanov\r\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, cipher := startedStore(t, "two.toml", nil)
			ctx := context.Background()
			raw := strings.Replace(string(clean), from, tt.header, 1)
			assert.Equal(t, !tt.applied, accept(t, testReferee(t, db), 1, 1, []byte(raw)))
			s, err := db.State(ctx, cipher)
			require.NoError(t, err)
			assert.Equal(t, tt.applied, len(s.Games[0].Plies) == 1, "the move is applied when the sender is known")
			out, err := db.Outbox(ctx)
			require.NoError(t, err)
			for _, o := range out {
				assert.NotEmpty(t, strings.TrimSpace(o.To), "a letter queued to nobody: %s %q", o.Kind, o.Subject)
			}
			ls, err := db.Letters(ctx)
			require.NoError(t, err)
			require.Len(t, ls, 1, "the letter is kept")
		})
	}
}
