package referee_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/referee"
	"zaochnik/storage"
)

// TestReceiveAll_ReadAheadDecidesAsOneByOne: letters received in one
// call, read ahead beside the chain once their tournament is known, are
// decided, answered and stored as the same letters received one at a
// time (no reading ahead).
func TestReceiveAll_ReadAheadDecidesAsOneByOne(t *testing.T) {
	dmarc := "Authentication-Results: " + authserv + "; dmarc=pass header.from=example.org"
	letters := []letter{
		{from: ivanov, subject: "ТЕСТ-2026 1-2", day: 1, body: firstMove, above: []string{dmarc}},
		{from: petrov, subject: "ТЕСТ-2026 1-2", day: 4, above: []string{dmarc},
			body: firstReply},
		{from: ivanov, subject: "ТЕСТ-2026 1-2", day: 6, above: []string{dmarc},
			body: "ТЕСТ-2026 1-2\nВаш ход: 1...f6-g5\nМой ход: 2.b2-c3\n04.03.2026 / 04.03.2026 / 06.03.2026\nВремя: 0/2"},
		{from: petrov, subject: "ТЕСТ-2026 1-2", day: 7, above: []string{dmarc},
			body: "ТЕСТ-2026 1-2\nYour move: 2.b2-c3\nMy move: 2...g7-f6\n06.03.2026 / 06.03.2026 / 07.03.2026\nTime: 0/4"},
	}
	receive := func(together bool) ([]referee.Outcome, *world) {
		w := newWorld(t, "two.toml")
		w.at("2026-03-07")
		ls := make([]referee.Letter, len(letters))
		for i, l := range letters {
			ls[i] = decoded(w.ref, referee.Letter{Mailbox: "INBOX", UIDValidity: 1, UID: uint32(i + 1), Raw: w.raw(l)})
		}
		if together {
			outs, err := w.ref.ReceiveAll(context.Background(), ls)
			require.NoError(t, err)
			return outs, w
		}
		var outs []referee.Outcome
		for _, l := range ls {
			o, err := w.ref.Receive(context.Background(), l)
			require.NoError(t, err)
			outs = append(outs, o)
		}
		return outs, w
	}
	alone, a := receive(false)
	together, b := receive(true)
	for i, o := range alone {
		assert.Equal(t, storage.Processed, o.Disposition, "letter %d: %s", i, o.Outcome.Reason)
	}
	assert.Equal(t, alone, together)
	assert.Equal(t, a.game("1-2"), b.game("1-2"))
	texts := func(w *world) (out []string) {
		for _, o := range w.outbox("", "") {
			out = append(out, o.To+"\n"+o.Subject+"\n"+o.Body)
		}
		return out
	}
	assert.Equal(t, texts(a), texts(b))
}
