package referee_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/referee"
)

// errNone stands for Answer's refusal of a letter of no tournament.
var errNone = errors.New("no tournament")

// TestAnswer: the secretary's own letter goes to the sender of a stored
// letter, in reply to it, queued in the tournament the letter is of by the
// rule of a received letter (corr.PickTournament): the one its sender
// plays in, else the one it names, else the only one there is. With a
// second tournament in the store (second), a stranger naming one is
// answered in it and a player of both naming neither is not answered from
// the store (before, the first rule was the sender's first tournament, and
// a stranger was never answered once there were two).
func TestAnswer(t *testing.T) {
	stranger := "someone@example.net"
	tests := []struct {
		name    string
		second  bool
		l       *letter // nil: a letter not stored
		wantTo  string
		wantErr error // nil: queued; errNone: refused, naming no tournament
	}{
		{"ToAPlayer", false, &letter{from: ivanov, subject: "вопрос", day: 2, above: []string{dmarcIvanov}, body: "Когда начало?"}, ivanov, nil},
		{"ToAStranger", false, &letter{from: stranger, subject: "вопрос", day: 2, body: "Можно сыграть?"}, stranger, nil},
		{"NotStored", false, nil, "", referee.ErrNotFound},
		{"ToAStrangerNamingOneOfTwo", true, &letter{from: stranger, subject: "ТРИ-2026: вопрос", day: 2, body: "Можно сыграть?"}, stranger, nil},
		{"ToAStrangerNamingNoneOfTwo", true, &letter{from: stranger, subject: "вопрос", day: 2, body: "Можно сыграть?"}, "", errNone},
		{"ToAPlayerOfTwoNamingOne", true, &letter{from: ivanov, subject: "ТРИ-2026: вопрос", day: 2, above: []string{dmarcIvanov}, body: "Когда начало?"}, ivanov, nil},
		{"ToAPlayerOfTwoNamingNone", true, &letter{from: ivanov, subject: "вопрос", day: 2, above: []string{dmarcIvanov}, body: "Когда начало?"}, "", errNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newWorld(t, "two.toml"), context.Background()
			if tt.second {
				_, err := w.ref.Create(ctx, tournamentFile(t, "three.toml"), false)
				require.NoError(t, err)
			}
			id := int64(999)
			if tt.l != nil {
				id = w.receive(*tt.l).LetterID
			}
			o, err := w.ref.Answer(ctx, id, "Re: вопрос", "Ответ секретаря.")
			switch {
			case tt.wantErr == errNone:
				require.ErrorContains(t, err, "answer from your own mail")
				assert.Empty(t, w.outbox("", "secretary"))
				return
			case tt.wantErr != nil:
				require.ErrorIs(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.wantTo, o.To)
			queued := w.outbox(tt.wantTo, "secretary")
			require.Len(t, queued, 1)
			stored, err := w.db.Letter(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, stored.MessageID, queued[0].InReplyTo, "in reply to the sender's letter")
			assert.Equal(t, "Ответ секретаря.", queued[0].Body)
		})
	}
}
