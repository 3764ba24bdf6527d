package storage

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// queue puts one letter straight into the outbox, due now.
func queue(t *testing.T, db *DB, to string) int64 {
	t.Helper()
	var id int64
	require.NoError(t, db.tx(context.Background(), func(tx *sql.Tx) error {
		res, err := tx.ExecContext(context.Background(), `INSERT INTO outbox (message_id, to_addr, kind, subject, body, queued, next_attempt)
			VALUES (?, ?, 'notice', 'subject', 'body', ?, ?)`, to+".id", to, db.stamp(), db.stamp())
		if err != nil {
			return err
		}
		id, err = res.LastInsertId()
		return err
	}))
	return id
}

// claimedIDs are the ids of a batch, in its order.
func claimedIDs(batch []Claimed) []int64 {
	ids := []int64{}
	for _, c := range batch {
		ids = append(ids, c.ID)
	}
	return ids
}

// row reads letter id as the outbox lists it, with whether it is in flight.
func row(t *testing.T, db *DB, id int64) (Outgoing, bool) {
	t.Helper()
	out, err := findOutgoing(context.Background(), db.db, `WHERE o.id = ?`, id)
	require.NoError(t, err)
	require.Len(t, out, 1)
	var flying bool
	require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM outbox_flight WHERE outbox_id = ?`, id).Scan(&flying))
	return out[0], flying
}

func TestOutbox_AttemptIsRecordedBeforeSending(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	now := db.Now()
	_, _, _, ok, err := db.NextDue(ctx)
	require.NoError(t, err)
	assert.False(t, ok, "nothing waits")
	id := queue(t, db, "a@example.org")
	got, attempts, due, ok, err := db.NextDue(ctx)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, [2]int64{id, 0}, [2]int64{got, int64(attempts)})
	assert.Equal(t, now, due)

	retry := now.Add(time.Minute)
	batch, err := db.NextBatch(ctx, nil, now, retry, 16)
	require.NoError(t, err)
	require.Len(t, batch, 1)
	assert.Equal(t, Claimed{ID: id, Attempt: 1, attach: []string{}, Mail: Mail{MessageID: "a@example.org.id", Kind: "notice", To: "a@example.org", Subject: "subject", Body: "body",
		Date: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}}, batch[0], "the Message-ID and date fixed when queued")
	o, flying := row(t, db, id)
	assert.Equal(t, [2]any{1, retry}, [2]any{o.Attempts, o.NextAttempt}, "the attempt is committed before the letter is handed over")
	assert.True(t, flying)
	// In flight: not offered again until its outcome is recorded, so it
	// reaches SMTP at most once.
	_, _, _, ok, err = db.NextDue(ctx)
	require.NoError(t, err)
	assert.False(t, ok, "a letter in flight is not offered again")
	batch, err = db.NextBatch(ctx, nil, now.Add(time.Hour), retry, 16)
	require.NoError(t, err)
	assert.Empty(t, batch, "nor claimed again")
	_, _, err = db.BeginAttempt(ctx, id, now, retry)
	assert.ErrorIs(t, err, ErrNotFound, "nor begun again")

	require.NoError(t, db.Record(ctx, Outcome{ID: id, Fate: Deferred, At: now.Add(time.Hour), Reason: "451 later"}))
	_, _, due, _, err = db.NextDue(ctx)
	require.NoError(t, err)
	assert.Equal(t, now.Add(time.Hour), due)
	batch, err = db.NextBatch(ctx, nil, now.Add(time.Hour-time.Second), now, 16)
	require.NoError(t, err)
	assert.Empty(t, batch, "not due yet")
	batch, err = db.NextBatch(ctx, nil, now.Add(time.Hour), now.Add(2*time.Hour), 16)
	require.NoError(t, err)
	require.Len(t, batch, 1)
	assert.Equal(t, 2, batch[0].Attempt)
	require.NoError(t, db.Record(ctx, Outcome{ID: id, Fate: Delivered, At: now.Add(time.Hour)}))
	_, _, _, ok, err = db.NextDue(ctx)
	require.NoError(t, err)
	assert.False(t, ok, "a sent letter never waits")
	_, _, err = db.BeginAttempt(ctx, id, now, now)
	assert.ErrorIs(t, err, ErrNotFound, "a sent letter is not sent again")
}

// A batch is the letters NextDue would offer one after another: due at
// now, the earliest due first, neither held, sent, dead nor in flight, at
// most max of them; it is returned in the order queued.
func TestOutbox_BatchTakesTheDueLettersInOrder(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	now := db.Now()
	ids := make([]int64, 6)
	for i := range ids {
		ids[i] = queue(t, db, "p"+string(rune('a'+i))+"@example.org")
	}
	set := func(col string, v any, id int64) {
		_, err := db.db.Exec(`UPDATE outbox SET `+col+` = ? WHERE id = ?`, v, id)
		require.NoError(t, err)
	}
	set("next_attempt", stampOf(now.Add(-time.Hour)), ids[3]) // a retry due long ago
	set("next_attempt", stampOf(now.Add(time.Hour)), ids[1])  // a retry due later
	set("hold", 1, ids[2])
	require.NoError(t, db.Record(ctx, Outcome{ID: ids[5], Fate: Undeliverable, At: now, Reason: "550"}))

	tests := []struct {
		name string
		at   time.Time
		max  int
		want []int64
	}{
		{"the earliest due first", now, 2, []int64{ids[0], ids[3]}},
		{"then the rest due, none twice", now, 16, []int64{ids[4]}},
		{"the later retry at its time", now.Add(time.Hour), 16, []int64{ids[1]}},
		{"then nothing", now.Add(24 * time.Hour), 16, []int64{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			batch, err := db.NextBatch(ctx, nil, tt.at, tt.at, tt.max)
			require.NoError(t, err)
			assert.Equal(t, tt.want, claimedIDs(batch))
		})
	}
}

// The outcomes of a batch are recorded in the transaction that claims the
// next: each outcome as the sender reported it, and nothing of the
// transaction when any part of it fails.
func TestOutbox_BatchOutcomesAreRecordedWithTheNextClaim(t *testing.T) {
	tests := []struct {
		name     string
		outcome  func(id int64, now time.Time) Outcome
		attempts int
		sent     bool
		dead     bool
		waiting  time.Duration // due again after now by this much; -1: not waiting
		reason   string
	}{
		{"delivered", func(id int64, now time.Time) Outcome { return Outcome{ID: id, Fate: Delivered, At: now} }, 1, true, false, -1, ""},
		{"deferred", func(id int64, now time.Time) Outcome {
			return Outcome{ID: id, Fate: Deferred, At: now.Add(time.Hour), Reason: "451 later"}
		}, 1, false, false, time.Hour, "451 later"},
		{"undeliverable", func(id int64, now time.Time) Outcome {
			return Outcome{ID: id, Fate: Undeliverable, At: now, Reason: "550 no such user"}
		}, 1, false, true, -1, "550 no such user"},
		// Its attempt not counted: the one it has is the claim's that takes it again.
		{"unattempted", func(id int64, now time.Time) Outcome { return Outcome{ID: id, Fate: Unattempted, At: now} },
			1, false, false, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := mustOpen(t)
			ctx := context.Background()
			now := db.Now()
			first, second := queue(t, db, "a@example.org"), queue(t, db, "b@example.org")
			batch, err := db.NextBatch(ctx, nil, now, now, 1)
			require.NoError(t, err)
			require.Equal(t, []int64{first}, claimedIDs(batch))

			_, err = db.NextBatch(ctx, []Outcome{tt.outcome(first, now), {ID: 999, Fate: Delivered, At: now}}, now, now, 1)
			assert.ErrorIs(t, err, ErrNotFound, "no letter 999")
			o, flying := row(t, db, first)
			assert.True(t, flying, "nothing of the failed transaction stands: the first is still in flight")
			assert.True(t, o.Sent.IsZero())
			_, flying = row(t, db, second)
			assert.False(t, flying, "and the second not claimed")

			batch, err = db.NextBatch(ctx, []Outcome{tt.outcome(first, now)}, now, now, 1)
			require.NoError(t, err)
			want := []int64{second}
			if tt.waiting == 0 {
				want = []int64{first} // due again at once, and queued first
			}
			assert.Equal(t, want, claimedIDs(batch))
			o, flying = row(t, db, first)
			assert.Equal(t, tt.attempts, o.Attempts)
			assert.Equal(t, tt.sent, !o.Sent.IsZero())
			assert.Equal(t, tt.dead, o.Dead)
			assert.Equal(t, tt.reason, o.LastError)
			if tt.waiting > 0 {
				assert.False(t, flying)
				assert.Equal(t, now.Add(tt.waiting), o.NextAttempt)
			}
		})
	}
}

func TestOutbox_DeadLetterIsNotTriedAgain(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	now := db.Now()
	id := queue(t, db, "p@example.org")
	require.NoError(t, db.Record(ctx, Outcome{ID: id, Fate: Undeliverable, At: now, Reason: "550 no such user"}))
	_, _, _, ok, err := db.NextDue(ctx)
	require.NoError(t, err)
	assert.False(t, ok)
	batch, err := db.NextBatch(ctx, nil, now.Add(time.Hour), now, 16)
	require.NoError(t, err)
	assert.Empty(t, batch)
	out, err := db.Outbox(ctx)
	require.NoError(t, err)
	require.Len(t, out, 1, "no tournament, no secretary to tell")
	assert.True(t, out[0].Dead)
	assert.Equal(t, "550 no such user", out[0].LastError)
	assert.ErrorIs(t, db.Record(ctx, Outcome{ID: 999, Fate: Delivered, At: now}), ErrNotFound)
}

// A letter a stopped daemon left in flight may have gone out: it is marked
// dead as uncertain and never sent again (at most one copy).
func TestOutbox_InFlightAtStartIsNeverSentAgain(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	now := db.Now()
	flying, waiting := queue(t, db, "a@example.org"), queue(t, db, "b@example.org")
	_, err := db.NextBatch(ctx, nil, now, now, 1)
	require.NoError(t, err)
	n, err := db.SettleInFlight(ctx, now.Add(time.Minute))
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	batch, err := db.NextBatch(ctx, nil, now.Add(time.Minute), now, 16)
	require.NoError(t, err)
	assert.Equal(t, []int64{waiting}, claimedIDs(batch), "the other letter still goes")
	o, _ := row(t, db, flying)
	assert.True(t, o.Dead)
	assert.Equal(t, Uncertain, o.LastError)
	n, err = db.SettleInFlight(ctx, now.Add(time.Minute))
	require.NoError(t, err)
	assert.Equal(t, 1, n, "the second, left in flight in turn")
}

// A crash while a batch is being sent (some letters handed to SMTP, their
// outcomes kept in memory only, the others not yet handed over) leaves
// exactly the batch in flight, whatever of it reached SMTP: at the next
// start all its letters are uncertain, none is claimed again, and the
// letters after it go. (cmd/zaochnik's TestSender_CrashMidBatch crashes the
// real sender.)
func TestOutbox_CrashMidBatchLeavesTheBatchInFlight(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	now := db.Now()
	var ids []int64
	for i := range 5 {
		ids = append(ids, queue(t, db, string(rune('a'+i))+"@example.org"))
	}
	_, err := db.NextBatch(ctx, nil, now, now, 1)
	require.NoError(t, err)
	// The batch before, delivered, is recorded with the claim of the batch
	// the crash interrupts.
	batch, err := db.NextBatch(ctx, []Outcome{{ID: ids[0], Fate: Delivered, At: now}}, now, now, 3)
	require.NoError(t, err)
	require.Equal(t, ids[1:4], claimedIDs(batch))

	n, err := db.SettleInFlight(ctx, now.Add(time.Minute))
	require.NoError(t, err)
	assert.Equal(t, 3, n, "the batch's letters")
	for _, id := range ids[1:4] {
		o, flying := row(t, db, id)
		assert.True(t, o.Dead && !flying && o.LastError == Uncertain, "letter %d", id)
	}
	o, _ := row(t, db, ids[0])
	assert.False(t, o.Sent.IsZero(), "the batch before is recorded")
	batch, err = db.NextBatch(ctx, nil, now.Add(time.Minute), now, 16)
	require.NoError(t, err)
	assert.Equal(t, ids[4:], claimedIDs(batch), "only the letter after the batch goes")
}

// A letter whose attached letter cannot be read is claimed with the error
// (the sender counts it a temporary failure); the rest of the batch goes.
func TestOutbox_UnreadableLetterDoesNotStopTheBatch(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	now := db.Now()
	broken, fine := queue(t, db, "judge@example.org"), queue(t, db, "b@example.org")
	_, err := db.db.Exec(`UPDATE outbox SET attach = 'gone@example.org' WHERE id = ?`, broken)
	require.NoError(t, err)
	batch, err := db.NextBatch(ctx, nil, now, now, 16)
	require.NoError(t, err)
	require.Equal(t, []int64{broken, fine}, claimedIDs(batch))
	assert.ErrorIs(t, batch[0].Err, ErrNotFound)
	assert.Contains(t, batch[0].Err.Error(), "gone@example.org")
	assert.NoError(t, batch[1].Err)
}

// The secretary's notice of a letter left in flight carries what she needs
// to check it and send it by hand: the addressee, the game, the subject,
// when it was written and the letter's text.
func TestOutbox_UncertainLetterToldWithItsGameAndText(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	_, err := apply(ctx, db, cipher, game12[0])
	require.NoError(t, err)
	now := db.Now()
	batch, err := db.NextBatch(ctx, nil, now, now, 100)
	require.NoError(t, err)
	var forward Mail
	for _, c := range batch {
		if c.Mail.To == "petrov@example.org" && c.Mail.Kind == "forward" {
			forward = c.Mail
		}
	}
	require.NotEmpty(t, forward.Body, "the move forwarded to Black is in flight")
	n, err := db.SettleInFlight(ctx, now.Add(time.Minute))
	require.NoError(t, err)
	require.Equal(t, len(batch), n)
	out, err := db.Outbox(ctx)
	require.NoError(t, err)
	var notices []string
	for _, o := range out {
		if o.Kind == "undeliverable" && strings.Contains(o.Body, forward.Subject) {
			notices = append(notices, o.Body)
		}
	}
	require.Len(t, notices, 1, "one notice to the secretary about the forward")
	for _, want := range []string{"возможно, не доставлено", "\nКому: petrov@example.org\nПартия: [ТЕСТ-2026 #1-2]\nТема: " + forward.Subject + "\n",
		"\nНаписано сервером: ", "\nТекст письма:\n-----\n" + strings.TrimRight(forward.Body, "\n") + "\n-----\n"} {
		assert.Contains(t, notices[0], want)
	}
}

// A multi-row INSERT is made once for each size: a letter's three (events,
// outgoing letters, ledger lines) cost no allocation after the first, and
// read as values writes them.
func TestManyRows_MadeOnce(t *testing.T) {
	db := &DB{}
	const head = "INSERT INTO t (a, b) VALUES"
	assert.Equal(t, "INSERT INTO t (a, b) VALUES (?, ?), (?, ?), (?, ?)", db.manyRows(head, 3, 2))
	assert.Equal(t, 0.0, testing.AllocsPerRun(100, func() { db.manyRows(head, 3, 2) }))
	assert.Equal(t, "INSERT INTO t (a, b) VALUES (?, ?)", db.manyRows(head, 1, 2))
}
