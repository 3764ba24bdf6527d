package referee_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/referee"
	"zaochnik/storage"
)

// TestReassign_6_3_1_OwnPostmark: the secretary's re-assignment decodes the
// stored letter and applies it to the game she names, dated by the letter's
// own postmark, not by the day she acts (6.3.1); the original is set
// aside. A held letter waits for its sender, a letter is re-applied once,
// and a letter that is not mail or not stored is refused.
func TestReassign_6_3_1_OwnPostmark(t *testing.T) {
	wrongCipher := letter{from: ivanov, subject: "ход", day: 1, above: []string{dmarcIvanov},
		body: "ДРУГОЙ-2026\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0\nИванов"}
	forged := letter{from: ivanov, subject: "ТЕСТ-2026 1-2", day: 1, body: firstMove}
	tests := []struct {
		name      string
		stored    func(w *world) int64
		twice     bool
		wantErr   error
		wantPlies int
	}{
		{"NamedAnotherTournament", func(w *world) int64 { return w.receive(wrongCipher).LetterID }, false, nil, 1},
		{"AppliedOnce", func(w *world) int64 { return w.receive(wrongCipher).LetterID }, true, referee.ErrConflict, 1},
		{"HeldWaitsForItsSender", func(w *world) int64 { return w.receive(forged).LetterID }, false, referee.ErrConflict, 0},
		{"NotStored", func(*world) int64 { return 999 }, false, referee.ErrNotFound, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newWorld(t, "two.toml"), context.Background()
			id := tt.stored(w)
			w.at("2026-03-20") // the secretary acts weeks later
			out, err := w.ref.Reassign(ctx, id, "ТЕСТ-2026 1-2")
			if tt.twice {
				require.NoError(t, err)
				_, err = w.ref.Reassign(ctx, id, "ТЕСТ-2026 1-2")
			}
			if tt.wantErr != nil {
				assert.ErrorIs(t, err, tt.wantErr)
			} else {
				require.NoError(t, err)
				assert.True(t, out.Accepted, out.Reason)
			}
			g := w.game("1-2")
			require.Len(t, g.Plies, tt.wantPlies)
			if tt.wantPlies == 0 {
				return
			}
			assert.Equal(t, "2026-03-01", g.Replies[0].Sent.String(), "dated by the letter's postmark")
			orig, err := w.db.Letter(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, storage.Assigned, orig.Disposition)
		})
	}
}

// TestText_DecodedOrAsTyped: the desk reads a stored letter decoded from
// MIME, and a paper letter as typed.
func TestText_DecodedOrAsTyped(t *testing.T) {
	tests := []struct {
		name         string
		l            storage.StoredLetter
		subject, txt string
	}{
		{"MIME", storage.StoredLetter{MessageID: "<m@example.org>",
			Raw: []byte("From: a@example.org\r\nSubject: =?utf-8?b?0YXQvtC0?=\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n0KXQvtC0IDEuYzMtZDQ=\r\n")},
			"ход", "Ход 1.c3-d4"},
		{"Paper", storage.StoredLetter{MessageID: "<paper-00ff@zaochnik.invalid>", Raw: []byte("Subject: not a header\nХод 1.c3-d4")},
			"", "Subject: not a header\nХод 1.c3-d4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			subject, text := referee.Text(tt.l)
			assert.Equal(t, tt.subject, subject)
			assert.Equal(t, tt.txt, text)
		})
	}
}

// TestReassign_OneTransaction: the copy applied to the game and the
// original set aside are one transaction: when either step fails (a
// trigger of the test's own refuses it), nothing is changed (no copy
// stored, no move, the original's disposition as it was), and the
// secretary's next attempt applies the letter once.
func TestReassign_OneTransaction(t *testing.T) {
	wrongCipher := letter{from: ivanov, subject: "ход", day: 1, above: []string{dmarcIvanov},
		body: "ДРУГОЙ-2026\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0\nИванов"}
	tests := []struct {
		name, trigger string
	}{
		{"SettingAsideFails", `CREATE TRIGGER refuse BEFORE UPDATE OF disposition ON letters WHEN NEW.disposition = 'assigned' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`},
		{"ApplyingFails", `CREATE TRIGGER refuse BEFORE INSERT ON letters WHEN NEW.disposition = 'processed' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ctx := newWorld(t, "two.toml"), context.Background()
			id := w.receive(wrongCipher).LetterID
			before, err := w.db.Letter(ctx, id)
			require.NoError(t, err)
			require.NotEqual(t, storage.Assigned, before.Disposition)
			stored, err := w.db.Letters(ctx)
			require.NoError(t, err)

			side := w.side(tt.trigger)
			w.at("2026-03-20")
			_, err = w.ref.Reassign(ctx, id, "ТЕСТ-2026 1-2")
			require.ErrorContains(t, err, "refused by the test")

			assert.Empty(t, w.game("1-2").Plies, "no move applied")
			after, err := w.db.Letters(ctx)
			require.NoError(t, err)
			assert.Len(t, after, len(stored), "no copy stored")
			orig, err := w.db.Letter(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, before.Disposition, orig.Disposition, "the original as it was")

			_, err = side.Exec(`DROP TRIGGER refuse`)
			require.NoError(t, err)
			out, err := w.ref.Reassign(ctx, id, "ТЕСТ-2026 1-2")
			require.NoError(t, err)
			assert.True(t, out.Accepted, out.Reason)
			assert.Len(t, w.game("1-2").Plies, 1)
			orig, err = w.db.Letter(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, storage.Assigned, orig.Disposition)
		})
	}
}
