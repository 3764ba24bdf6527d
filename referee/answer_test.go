package referee_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/referee"
)

// TestAnswer: the secretary's own letter goes to the sender of a stored
// letter, in reply to it, queued in the tournament he plays in (a
// stranger's, in the only tournament there is).
func TestAnswer(t *testing.T) {
	tests := []struct {
		name    string
		l       *letter // nil: a letter not stored
		wantTo  string
		wantErr error
	}{
		{"ToAPlayer", &letter{from: ivanov, subject: "вопрос", day: 2, above: []string{dmarcIvanov}, body: "Когда начало?"}, ivanov, nil},
		{"ToAStranger", &letter{from: "someone@example.net", subject: "вопрос", day: 2, body: "Можно сыграть?"}, "someone@example.net", nil},
		{"NotStored", nil, "", referee.ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newWorld(t, "two.toml"), context.Background()
			id := int64(999)
			if tt.l != nil {
				id = w.receive(*tt.l).LetterID
			}
			o, err := w.ref.Answer(ctx, id, "Re: вопрос", "Ответ секретаря.")
			if tt.wantErr != nil {
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
