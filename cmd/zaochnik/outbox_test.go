package main

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/mailbox/localmail"
	"zaochnik/referee"
	"zaochnik/storage"
)

// TestSender_CrashMidBatch crashes the sender (the store as it was
// committed when the SMTP server was handed the crashAt-th letter, as a
// kill -9 leaves it) while it works through ten letters in batches of
// four, then restarts it on that store: exactly the batch in flight at the
// crash is uncertain (dead, never sent again), whichever of its letters
// reached the SMTP server before the crash; every other letter goes; no
// letter reaches the sink twice.
func TestSender_CrashMidBatch(t *testing.T) {
	tests := []struct {
		name          string
		crashAt       int   // the DATA (1-based) during which the daemon dies
		wantUncertain []int // letters (1-based, in the order queued)
	}{
		{"FirstLetterOfTheFirstBatch", 1, []int{1, 2, 3, 4}},
		{"LastLetterOfTheFirstBatch", 4, []int{1, 2, 3, 4}},
		{"MidSecondBatch", 6, []int{5, 6, 7, 8}},
		{"LastBatchShort", 10, []int{9, 10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			path, snapshot := filepath.Join(dir, "z.db"), filepath.Join(dir, "killed.db")
			db, err := storage.Open(path)
			require.NoError(t, err)
			t.Cleanup(func() { db.Close() })
			for i := 1; i <= 10; i++ {
				require.NoError(t, db.QueueReport(ctx, "secretary@example.org", fmt.Sprintf("report %d", i), "body"))
			}
			all, err := db.Outbox(ctx)
			require.NoError(t, err)
			number := map[string]int{} // Message-ID to letter number
			for i, o := range all {
				number[o.MessageID] = i + 1
			}

			var mu sync.Mutex
			datas, crashed := 0, make(chan struct{})
			frozen := make(chan struct{}) // the killed process never answers again
			sink, err := localmail.Start(localmail.Options{Logger: quietLog(), OnData: func(string, []string, []byte) error {
				mu.Lock()
				datas++
				n := datas
				mu.Unlock()
				if n != tt.crashAt {
					return nil
				}
				// What a kill -9 now leaves: the store as committed.
				raw, err := sql.Open("sqlite", "file:"+path)
				if err == nil {
					_, err = raw.Exec(`VACUUM INTO ?`, snapshot)
					raw.Close()
				}
				if !assert.NoError(t, err) {
					return err
				}
				close(crashed)
				<-frozen
				return fmt.Errorf("the daemon is gone")
			}})
			require.NoError(t, err)
			t.Cleanup(func() { sink.Close() })
			require.NoError(t, sink.AddUser(serverAddr, "pw"))
			require.NoError(t, sink.AddUser("secretary@example.org", "pw"))
			runBatchSender(t, db, sink.SMTPAddr)
			t.Cleanup(func() { close(frozen) }) // before the killed sender is stopped
			select {
			case <-crashed:
			case <-time.After(30 * time.Second):
				t.Fatal("no crash")
			}
			deliveredBefore := len(sink.Deliveries())

			after, err := storage.Open(snapshot)
			require.NoError(t, err)
			t.Cleanup(func() { after.Close() })
			n, err := after.SettleInFlight(ctx, time.Now())
			require.NoError(t, err)
			assert.Equal(t, len(tt.wantUncertain), n, "the batch in flight")
			runBatchSender(t, after, sink.SMTPAddr)
			require.Eventually(t, func() bool {
				c, err := after.Counts(ctx, time.Now())
				return err == nil && c.Waiting == 0
			}, 30*time.Second, 10*time.Millisecond)

			out, err := after.Outbox(ctx)
			require.NoError(t, err)
			var uncertain []int
			for _, o := range out {
				if o.Dead {
					assert.Equal(t, storage.Uncertain, o.LastError)
					uncertain = append(uncertain, number[o.MessageID])
				}
			}
			assert.Equal(t, tt.wantUncertain, uncertain, "exactly the batch in flight is uncertain")
			delivered := map[int]int{}
			for _, d := range sink.Deliveries() {
				in, err := mailbox.Decode(d.Raw)
				require.NoError(t, err)
				delivered[number[in.MessageID]]++
			}
			for i := 1; i <= 10; i++ {
				switch {
				case i < tt.crashAt:
					assert.Equal(t, 1, delivered[i], "letter %d, handed over before the crash, once", i)
				case slices.Contains(tt.wantUncertain, i):
					assert.Zero(t, delivered[i], "letter %d, in flight and not handed over, never", i)
				default:
					assert.Equal(t, 1, delivered[i], "letter %d, after the crash, once", i)
				}
			}
			assert.Equal(t, tt.crashAt-1, deliveredBefore)
		})
	}
}

// runBatchSender runs the daemon's sender over db's outbox, in batches of
// four, until the test ends.
func runBatchSender(t *testing.T, db *storage.DB, addr string) {
	s, err := mailbox.NewSender(mailbox.SenderOptions{Addr: addr, Security: mailbox.SecurityPlain,
		Username: serverAddr, Password: "pw", Batch: 4, Logger: quietLog(),
		Outbox: newStoreOutbox(db, mailbox.Address{Addr: serverAddr}, referee.Keys{})})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); s.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
}
