package storage

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// With MessageIDKey a letter's Message-ID is the HMAC of its number under
// the key, the same however many ids were made before and under which
// key: the kept HMAC is keyed again when the key changes.
func TestMessageID_HMACOfTheNumberUnderTheKey(t *testing.T) {
	want := func(key string, id int64) string {
		m := hmac.New(sha256.New, []byte(key))
		fmt.Fprintf(m, "message-id %d", id)
		return "z" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(m.Sum(nil)[:16])) + "@zaochnik.invalid"
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
