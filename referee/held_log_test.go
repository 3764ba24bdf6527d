package referee_test

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/referee"
	"zaochnik/storage"
)

// records is a slog handler keeping the messages logged.
type records struct {
	mu   sync.Mutex
	msgs []string
}

func (r *records) Enabled(context.Context, slog.Level) bool { return true }
func (r *records) WithAttrs([]slog.Attr) slog.Handler       { return r }
func (r *records) WithGroup(string) slog.Handler            { return r }
func (r *records) Handle(_ context.Context, rec slog.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, rec.Message)
	return nil
}

// count returns how many messages logged contain s.
func (r *records) count(s string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, m := range r.msgs {
		if strings.Contains(m, s) {
			n++
		}
	}
	return n
}

// TestHold_LoggedOnce: a held letter is logged once, whether the referee
// or the store writes the line (both log to the same handler here); a
// letter applied is not logged as held, and neither is a held letter
// offered again.
func TestHold_LoggedOnce(t *testing.T) {
	tests := []struct {
		name  string
		l     letter
		twice bool
		want  storage.Disposition
		lines int
	}{
		{"Unauthenticated", letter{from: ivanov, subject: "ТЕСТ-2026 1-2", body: firstMove}, false, storage.Held, 1},
		{"SPFOnlyJudge", letter{from: judge, subject: "Re: [ТЕСТ-2026 #1-2] просрочка", body: "Просрочка подтверждена.",
			above: []string{"Authentication-Results: " + authserv + "; spf=pass smtp.mailfrom=judge@example.org"}}, false, storage.Held, 1},
		{"OfferedAgain", letter{from: ivanov, subject: "ТЕСТ-2026 1-2", body: firstMove}, true, storage.Held, 1},
		{"Authenticated", letter{from: ivanov, subject: "ТЕСТ-2026 1-2", body: firstMove, above: []string{dmarcIvanov}}, false, storage.Processed, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t, "two.toml")
			rec := &records{}
			w.ref.Log, w.db.Log = slog.New(rec), slog.New(rec)
			tt.l.day = 2
			raw := w.raw(tt.l)
			receive := func() {
				out, err := w.ref.Receive(context.Background(), decoded(w.ref, referee.Letter{Raw: raw}))
				require.NoError(t, err)
				assert.Equal(t, tt.want, out.Disposition, out.Outcome.Reason)
			}
			receive()
			if tt.twice {
				receive()
			}
			assert.Equal(t, tt.lines, rec.count("held"), "log lines of a held letter")
		})
	}
}
