package storage

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// With MessageIDKey a letter's Message-ID is its number (its base32
// digits, after how many there are) and the HMAC of the number under the
// key, the same however many ids were made before and under which key:
// the kept HMAC is keyed again when the key changes.
func TestMessageID_HMACOfTheNumberUnderTheKey(t *testing.T) {
	want := func(key string, id int64) string {
		m := hmac.New(sha256.New, []byte(key))
		fmt.Fprintf(m, "message-id %d", id)
		digits := strconv.FormatInt(id, 32)
		return "z" + strconv.FormatInt(int64(len(digits)), 32) + digits +
			strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(m.Sum(nil)[:16])) + "@zaochnik.invalid"
	}
	db := &DB{}
	for _, c := range []struct {
		key string
		id  int64
	}{{"k1", 1}, {"k1", 2}, {"k1", 1234567890123}, {"k2", 2}, {"k1", 2}, {"k1k1", 3}} {
		db.MessageIDKey = []byte(c.key)
		assert.Equal(t, want(c.key, c.id), db.messageID(c.id), "key %s, id %d", c.key, c.id)
	}
	db.MessageIDKey = nil
	a, b := db.messageID(1), db.messageID(1)
	assert.NotEqual(t, a, b, "without a key the ids are random")
}

// A keyed Message-ID costs one allocation, its string: two are made for
// every move letter received.
func TestMessageID_OneAllocation(t *testing.T) {
	db := &DB{MessageIDKey: []byte("k1")}
	db.messageID(1) // keys the HMAC
	assert.Equal(t, 1.0, testing.AllocsPerRun(100, func() { db.messageID(1234567890123) }))
}

// The Message-IDs sort as the letters' numbers do, with the key and
// without it, so that the outbox's index of them is appended to: across a
// new digit (31, 32), at the largest number, and for numbers drawn at
// random.
func TestMessageID_SortAsTheNumbers(t *testing.T) {
	ids := []int64{0, 1, 2, 31, 32, 33, 1023, 1024, 1234567890123, math.MaxInt64 - 1, math.MaxInt64}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		ids = append(ids, r.Int64N(1<<(1+r.IntN(62))))
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	for _, key := range []string{"k1", ""} {
		db := &DB{MessageIDKey: []byte(key)}
		made := make([]string, len(ids))
		for i, id := range ids {
			made[i] = db.messageID(id)
		}
		for i := 1; i < len(made); i++ {
			assert.Less(t, made[i-1], made[i], "key %q: ids %d and %d", key, ids[i-1], ids[i])
		}
	}
}

// A letter queued before the Message-IDs began with the letter's number
// keeps the id it was sent with (the HMAC alone): a reply to it still
// finds its game, as a reply to a letter queued since does.
func TestMessageID_ReplyToALetterOfTheOlderFormFindsItsGame(t *testing.T) {
	db, _, g := groupAfterFirstMove(t)
	ctx := context.Background()
	require.NoError(t, g.Commit())
	var id int64
	var current string
	require.NoError(t, db.db.QueryRow(`SELECT id, message_id FROM outbox WHERE kind = 'forward'`).Scan(&id, &current))
	m := hmac.New(sha256.New, []byte("k1"))
	fmt.Fprintf(m, "message-id %d", id)
	older := "z" + idDigits.EncodeToString(m.Sum(nil)[:16]) + "@zaochnik.invalid"
	_, err := db.db.Exec(`INSERT INTO outbox (id, message_id, tournament_id, game_id, to_addr, kind, subject, body, queued, next_attempt)
		SELECT (SELECT max(id) + 1 FROM outbox), ?, o.tournament_id, o.game_id, o.to_addr, o.kind, o.subject, o.body, o.queued, o.next_attempt FROM outbox o WHERE o.id = ?`, older, id)
	require.NoError(t, err)
	for _, reply := range []string{older, current} {
		require.NoError(t, db.Update(ctx, func(tx *Tx) error {
			code, err := db.threadGame(ctx, tx.tx, []string{"<" + reply + ">"})
			assert.Equal(t, "ТЕСТ-2026 1-2", code, reply)
			return err
		}))
	}
}
