package referee_test

import (
	"context"
	"database/sql"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/referee"
	"zaochnik/storage"
)

// A letter whose steps fail in the middle of a group rolls the group back
// whole (a letter has no savepoint: storage.Group), and ReceiveAll takes
// the letters before it again: what is stored is as if the failed letter
// alone had been undone. The letters before it are stored once, with
// their watermarks and forwards, and their outcomes returned; nothing of
// the failed letter nor of the letters after it is stored, and the
// tournament's copy in memory is the one stored. Offered again, once the
// failure is gone, the rest apply once.
func TestReceive_FailedLetterUndoesOnlyItself(t *testing.T) {
	const reply = "ТЕСТ-2026 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n01.03.2026 / 01.03.2026 / 04.03.2026\nTime: 0/3"
	tests := []struct {
		name   string
		failed int // the letter whose game row refuses it
	}{
		{"FirstOfItsGroup", 0},
		{"AfterALetterOfItsGroup", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t, "two.toml")
			ctx := context.Background()
			ls := []referee.Letter{
				{Raw: w.raw(letter{from: ivanov, subject: "ТЕСТ-2026 1-2", day: 1, body: firstMove, above: []string{dmarcIvanov}})},
				{Raw: w.raw(letter{from: petrov, subject: "ТЕСТ-2026 1-2", day: 4, body: reply, above: []string{dmarcIvanov}})},
				{Raw: w.raw(letter{from: "someone@example.net", subject: "ТЕСТ-2026 1-2", day: 4, body: reply})},
			}
			for i := range ls {
				ls[i].Mailbox, ls[i].UIDValidity, ls[i].UID = "INBOX", 1, uint32(i+1)
				ls[i] = decoded(w.ref, ls[i])
			}
			side, err := sql.Open("sqlite", "file:"+w.path)
			require.NoError(t, err)
			defer side.Close()
			_, err = side.Exec(fmt.Sprintf(`CREATE TRIGGER refuse BEFORE UPDATE OF state ON games
				WHEN NEW.state LIKE '%%m%d@example.org%%' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`, tt.failed+1))
			require.NoError(t, err)

			outs, err := w.ref.ReceiveAll(ctx, ls)
			require.ErrorContains(t, err, "refused by the test")
			require.Len(t, outs, tt.failed, "the outcomes of the letters before the failed one")
			for _, o := range outs {
				assert.Equal(t, storage.Processed, o.Disposition, o.Outcome.Reason)
			}
			stored, err := w.db.Letters(ctx)
			require.NoError(t, err)
			assert.Len(t, stored, tt.failed, "the letters before the failed one, once")
			_, uid, err := w.db.Watermark(ctx, "INBOX")
			require.NoError(t, err)
			assert.EqualValues(t, tt.failed, uid)
			assert.Len(t, w.outbox(petrov, "forward"), tt.failed, "forwarded once")
			assert.Len(t, w.game("1-2").Plies, tt.failed)
			cold, err := storage.Open(w.path)
			require.NoError(t, err)
			defer cold.Close()
			want, err := cold.State(ctx, w.cipher)
			require.NoError(t, err)
			assert.Equal(t, want, w.state(), "the copy in memory is the one stored")

			_, err = side.Exec(`DROP TRIGGER refuse`)
			require.NoError(t, err)
			outs, err = w.ref.ReceiveAll(ctx, ls)
			require.NoError(t, err)
			require.Len(t, outs, len(ls))
			for i, o := range outs {
				assert.Equal(t, i >= tt.failed, o.Fresh, "letter %d stored once", i)
			}
			assert.Equal(t, storage.Processed, outs[1].Disposition, outs[1].Outcome.Reason)
			assert.Len(t, w.game("1-2").Plies, 2)
			assert.Len(t, w.outbox(petrov, "forward"), 1)
			stored, err = w.db.Letters(ctx)
			require.NoError(t, err)
			assert.Len(t, stored, len(ls))
		})
	}
}
