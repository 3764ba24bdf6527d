package referee_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// replaysAuthserv is the receiving server of the replays' letters.
const replaysAuthserv = "zaochnik.example"

// feed hands the letters of testdata/replay/GLOB ("DIR/*.eml") to the
// referee in order, each authenticated by the replays' server, with the
// referee's day run up to the day before each letter's.
func (w *world) feed(glob string) {
	w.t.Helper()
	ctx := context.Background()
	w.ref.Reading.Auth = mailbox.AuthPolicy{AuthservID: replaysAuthserv}
	w.ref.Log = slog.New(slog.DiscardHandler)
	files, err := filepath.Glob(filepath.Join("..", "testdata", "replay", glob))
	require.NoError(w.t, err)
	require.NotEmpty(w.t, files)
	for _, f := range files {
		raw, err := os.ReadFile(f)
		require.NoError(w.t, err)
		in, err := mailbox.Decode(raw)
		require.NoError(w.t, err)
		_, err = w.ref.Daily(ctx, in.Postmark.AddDate(0, 0, -1))
		require.NoError(w.t, err)
		out, err := w.ref.Receive(ctx, decoded(w.ref, referee.Letter{Raw: raw}))
		require.NoError(w.t, err)
		require.Equal(w.t, storage.Processed, out.Disposition, "%s: %s", f, out.Outcome.Reason)
	}
}

// decoded is l decoded and read under ref's Reading, as the edge hands
// letters to the referee.
func decoded(ref *referee.Referee, l referee.Letter) referee.Letter {
	l.Mail, l.Unreadable = ref.Reading.Decode(l.Raw)
	return l
}

// at sets the store's clock to noon of day in the tournament's zone.
func (w *world) at(day string) {
	d := timecontrol.MustDate(day)
	loc := w.state().Tournament.Location()
	w.db.Now = func() time.Time { return time.Date(d.Year(), d.Month(), d.Day(), 12, 0, 0, 0, loc) }
}

// goingOut claims the due letters as the sender does (storage.DB.NextBatch)
// and returns letter id as it goes out; every letter claimed is given back
// due again (deferred to now), so the outbox is left to the test.
func (w *world) goingOut(id int64) storage.Mail {
	w.t.Helper()
	ctx, now := context.Background(), w.db.Now()
	batch, err := w.db.NextBatch(ctx, nil, now, now, 1<<20)
	require.NoError(w.t, err)
	var back []storage.Outcome
	var m *storage.Mail
	for _, c := range batch {
		back = append(back, storage.Outcome{ID: c.ID, Fate: storage.Deferred, At: now})
		if c.ID == id {
			require.NoError(w.t, c.Err)
			m = &c.Mail
		}
	}
	require.NoError(w.t, w.db.Record(ctx, back...))
	require.NotNil(w.t, m, "letter %d is due in the outbox", id)
	return *m
}
