package localmail

import (
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/require"
)

// TestIdle_UpdatesWrittenAtOnce: a client in IDLE is told of a letter
// delivered before its IDLE began, of one delivered as it begins (after
// its poll, before the memory server's IDLE waits: that one was told only
// at the next recheck, a flaky test under load) and of one delivered
// while it waits, each without waiting for the next recheck (an hour
// here; the IDLE polled every 50 ms before).
func TestIdle_UpdatesWrittenAtOnce(t *testing.T) {
	for _, asItBegins := range []bool{false, true} {
		t.Run(map[bool]string{false: "WhileItWaits", true: "AsItBegins"}[asItBegins], func(t *testing.T) {
			var s *Server
			deliver := func() {
				require.NoError(t, s.Deliver("a@example.ru", []string{"t@zaochnik.test"}, []byte("Subject: x\r\n\r\nbody\r\n")))
			}
			var once sync.Once
			opts := Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), recheck: time.Hour}
			if asItBegins {
				opts.idleBegins = func() { once.Do(deliver) }
			}
			var err error
			s, err = Start(opts)
			require.NoError(t, err)
			t.Cleanup(func() { s.Close() })
			require.NoError(t, s.AddUser("t@zaochnik.test", "pw"))
			exists := make(chan uint32, 10)
			c, err := imapclient.DialInsecure(s.IMAPAddr, &imapclient.Options{UnilateralDataHandler: &imapclient.UnilateralDataHandler{
				Mailbox: func(d *imapclient.UnilateralDataMailbox) {
					if d.NumMessages != nil {
						exists <- *d.NumMessages
					}
				},
			}})
			require.NoError(t, err)
			t.Cleanup(func() { c.Close() })
			require.NoError(t, c.Login("t@zaochnik.test", "pw").Wait())
			_, err = c.Select("INBOX", nil).Wait()
			require.NoError(t, err)
			deliver() // queued before the IDLE
			idle, err := c.Idle()
			require.NoError(t, err)
			require.Equal(t, uint32(1), waitExists(t, exists))
			if !asItBegins {
				deliver() // while it waits
			}
			require.Equal(t, uint32(2), waitExists(t, exists))
			require.NoError(t, idle.Close())
			require.NoError(t, idle.Wait())
		})
	}
}

// waitExists is the next EXISTS count, or fails after a long while.
func waitExists(t *testing.T, exists <-chan uint32) uint32 {
	t.Helper()
	select {
	case n := <-exists:
		return n
	case <-time.After(10 * time.Second):
		t.Fatal("no EXISTS")
		return 0
	}
}
