package referee_test

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"modernc.org/sqlite"

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
			w.oneGroup()
			ctx := context.Background()
			ls := []referee.Letter{
				{Raw: w.raw(letter{from: ivanov, subject: "ТЕСТ-2026 1-2", day: 1, body: firstMove, above: []string{dmarcIvanov}})},
				{Raw: w.raw(letter{from: petrov, subject: "ТЕСТ-2026 1-2", day: 4, body: firstReply, above: []string{dmarcIvanov}})},
				{Raw: w.raw(letter{from: "someone@example.net", subject: "ТЕСТ-2026 1-2", day: 4, body: firstReply})},
			}
			for i := range ls {
				ls[i].Mailbox, ls[i].UIDValidity, ls[i].UID = "INBOX", 1, uint32(i+1)
				ls[i] = decoded(w.ref, ls[i])
			}
			// The game's row refuses its update by the failed letter, whose
			// own row its steps have stored by then (the game's row no
			// longer holds the letters' ids: storage's game_lists).
			side := w.side(fmt.Sprintf(`CREATE TRIGGER refuse BEFORE UPDATE OF state ON games
				WHEN EXISTS (SELECT 1 FROM letters WHERE message_id LIKE '%%m%d@example.org%%') BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`, tt.failed+1))

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

// rowHooks are what the SQL function referee_test_row(key) runs, by key
// (world.afterRow): a trigger's way to reach the test in the middle of a
// group transaction.
var rowHooks sync.Map

func init() {
	sqlite.MustRegisterScalarFunction("referee_test_row", 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		if do, ok := rowHooks.Load(args[0]); ok {
			do.(func())()
		}
		return nil, nil
	})
}

// afterRow runs do, in the transaction storing it, right after the row of
// the letter of uid is inserted (by a trigger of w's store). do runs
// inside a statement of the store: it must not end the statement's
// context (a clock reading after it may, laterClock).
func (w *world) afterRow(uid int, do func()) {
	w.t.Helper()
	key := w.path
	rowHooks.Store(key, do)
	w.t.Cleanup(func() { rowHooks.Delete(key) })
	w.side(fmt.Sprintf(`CREATE TRIGGER hook AFTER INSERT ON letters WHEN NEW.uid = %d BEGIN SELECT referee_test_row('%s'); END`, uid, key))
}

// oneGroup makes w's referee take a call's letters in one group
// transaction, however long they take: at GroupTime, a loaded machine
// split the group before the letter that fails, and the letters before it
// were never taken again.
func (w *world) oneGroup() { referee.SetGroupTime(w.ref, time.Hour) }

// laterClock makes w's store run do at each reading of its clock (a row's
// stamp, between two statements) once armed is set.
func (w *world) laterClock(armed *atomic.Bool, do func()) {
	now := w.db.Now
	w.db.Now = func() time.Time {
		if armed.Load() {
			do()
		}
		return now()
	}
}

// TestReceive_CancelledMidGroupStoresTheLettersBefore: a context cancelled
// in the middle of a group (here at the clock's first reading after the
// row of its second letter, kept unread) fails the next letter's steps,
// which rolls the group back; the letters before it are taken again all
// the same, as the group's own bookkeeping, and stored: ReceiveAll
// returns their outcomes with the failure, as its promise says.
func TestReceive_CancelledMidGroupStoresTheLettersBefore(t *testing.T) {
	w := newWorld(t, "two.toml")
	w.oneGroup()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var armed atomic.Bool
	w.afterRow(2, func() { armed.Store(true) })
	w.laterClock(&armed, cancel)
	ls := []referee.Letter{
		decoded(w.ref, referee.Letter{Raw: w.raw(letter{from: ivanov, subject: "ТЕСТ-2026 1-2", day: 1, body: firstMove, above: []string{dmarcIvanov}})}),
		{Raw: []byte("not a letter"), Unreadable: errors.New("unreadable")},
		decoded(w.ref, referee.Letter{Raw: w.raw(letter{from: petrov, subject: "ТЕСТ-2026 1-2", day: 4, body: firstReply, above: []string{dmarcIvanov}})}),
	}
	for i := range ls {
		ls[i].Mailbox, ls[i].UIDValidity, ls[i].UID = "INBOX", 1, uint32(i+1)
	}

	outs, err := w.ref.ReceiveAll(ctx, ls)
	require.ErrorIs(t, err, context.Canceled)
	require.Len(t, outs, 2, "the letters before the one that failed")
	assert.Equal(t, storage.Processed, outs[0].Disposition, outs[0].Outcome.Reason)
	assert.Equal(t, storage.Refused, outs[1].Disposition)
	stored, err := w.db.Letters(context.Background())
	require.NoError(t, err)
	assert.Len(t, stored, 2)
	_, uid, err := w.db.Watermark(context.Background(), "INBOX")
	require.NoError(t, err)
	assert.EqualValues(t, 2, uid)
}

// TestReceive_EarlierLetterFailingWhenTakenAgain: when a letter taken
// again after a later one failed fails in its turn, the letters before it
// are taken again once more, and ReceiveAll returns their outcomes with
// its failure, the first of this time. Here the store's clock moves at the
// row of the second letter (kept unread), and a trigger refuses every
// letter's row stamped after it but the first's: the third letter fails,
// then, taken again, the second.
func TestReceive_EarlierLetterFailingWhenTakenAgain(t *testing.T) {
	w := newWorld(t, "two.toml")
	w.oneGroup()
	ctx := context.Background()
	moved := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	w.afterRow(2, func() {
		time.Sleep(referee.GroupTime) // a loaded machine's pace: the group goes on all the same
		w.db.Now = func() time.Time { return moved }
	})
	ls := []referee.Letter{
		decoded(w.ref, referee.Letter{Raw: w.raw(letter{from: ivanov, subject: "ТЕСТ-2026 1-2", day: 1, body: firstMove, above: []string{dmarcIvanov}})}),
		{Raw: []byte("not a letter"), Name: "<kept@example.net>", Unreadable: errors.New("unreadable")},
		decoded(w.ref, referee.Letter{Raw: w.raw(letter{from: "someone@example.net", subject: "Вопрос", day: 2, body: "Здравствуйте"})}),
	}
	for i := range ls {
		ls[i].Mailbox, ls[i].UIDValidity, ls[i].UID = "INBOX", 1, uint32(i+1)
	}
	first := ls[0].Mail.MessageID
	w.side(fmt.Sprintf(`CREATE TRIGGER refuse BEFORE INSERT ON letters
		WHEN NEW.stored_at LIKE '2030%%' AND NEW.message_id != '%s' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`, first))

	outs, err := w.ref.ReceiveAll(ctx, ls)
	require.ErrorContains(t, err, "refused by the test")
	assert.ErrorContains(t, err, "receive letter <kept@example.net>", "the failure of this time: the second letter's")
	require.Len(t, outs, 1, "the letter before the second")
	assert.Equal(t, storage.Processed, outs[0].Disposition, outs[0].Outcome.Reason)
	stored, err := w.db.Letters(ctx)
	require.NoError(t, err)
	require.Len(t, stored, 1, "stored once")
	assert.Equal(t, first, stored[0].MessageID)
	_, uid, err := w.db.Watermark(ctx, "INBOX")
	require.NoError(t, err)
	assert.EqualValues(t, 1, uid)
	assert.Len(t, w.outbox(petrov, "forward"), 1, "forwarded once")
}

// TestReceive_LinesOfLettersTakenAgainLoggedOnce: when a letter of a group
// fails, the letters before it are taken again, but each one's log line
// (a held letter, a letter kept unread) is written once, after the group
// that stored it committed; the failed letter writes none.
func TestReceive_LinesOfLettersTakenAgainLoggedOnce(t *testing.T) {
	w := newWorld(t, "two.toml")
	w.oneGroup()
	rec := &records{}
	w.ref.Log, w.db.Log = slog.New(rec), slog.New(rec)
	ls := []referee.Letter{
		decoded(w.ref, referee.Letter{Raw: w.raw(letter{from: ivanov, subject: "ТЕСТ-2026 1-2", day: 1, body: firstMove})}),
		{Raw: []byte("not a letter"), Name: "<kept@example.net>", Unreadable: errors.New("unreadable")},
		decoded(w.ref, referee.Letter{Raw: w.raw(letter{from: petrov, subject: "ТЕСТ-2026 1-2", day: 4, body: firstReply})}),
	}
	for i := range ls {
		ls[i].Mailbox, ls[i].UIDValidity, ls[i].UID = "INBOX", 1, uint32(i+1)
	}
	w.side(`CREATE TRIGGER refuse BEFORE INSERT ON letters WHEN NEW.uid = 3 BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`)

	outs, err := w.ref.ReceiveAll(context.Background(), ls)
	require.ErrorContains(t, err, "refused by the test")
	require.Len(t, outs, 2)
	assert.Equal(t, storage.Held, outs[0].Disposition, outs[0].Outcome.Reason)
	assert.Equal(t, storage.Refused, outs[1].Disposition)
	assert.Equal(t, 1, rec.count("held"), "the held letter's line")
	assert.Equal(t, 1, rec.count("kept"), "the kept letter's line")
	assert.Len(t, rec.msgs, 2, "no other line: %q", rec.msgs)
}
