package main

import (
	"bytes"
	"context"
	"math/rand/v2"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/storage"
)

// backlogWorld is a daemon world whose tournament mailbox already holds the
// letters of a long game between players 1 and 2, each delivered on its day.
func backlogWorld(t *testing.T, plies int) (*daemonWorld, int) {
	t.Helper()
	w := newDaemonWorld(t, filepath.Join(t.TempDir(), "z.db"))
	dir := t.TempDir()
	writeLongGame(t, dir, plies)
	names, err := filepath.Glob(filepath.Join(dir, "*.eml"))
	require.NoError(t, err)
	sort.Strings(names)
	for _, n := range names {
		w.deliverFile(t, n)
	}
	return w, len(names)
}

// deliverFile delivers the letter in file as its sender would, on its
// Date (the clock is set to it), and returns its Message-ID.
func (w *daemonWorld) deliverFile(t *testing.T, file string) string {
	t.Helper()
	raw, err := os.ReadFile(file)
	require.NoError(t, err)
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	require.NoError(t, err)
	date, err := msg.Header.Date()
	require.NoError(t, err)
	from, err := mail.ParseAddress(msg.Header.Get("From"))
	require.NoError(t, err)
	w.clock.Set(date.Format(time.RFC3339))
	w.deliver(t, from.Address, raw)
	return msg.Header.Get("Message-Id")
}

// outcome is what a run left: the games, every letter's disposition and
// every queued letter, comparable between runs.
type outcome struct {
	Games   []gameReport
	Letters map[string]storage.Disposition
	Outbox  []string // kind and recipient (Message-IDs are random: compared apart)
}

// watch opens the store at dbPath beside the daemon for the test to read.
func watch(t *testing.T, dbPath string) *storage.DB {
	db, err := storage.Open(dbPath)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

// finished reports whether all n letters are stored and every queued letter
// sent, and returns the outcome then.
func finished(t *testing.T, db *storage.DB, n int) (outcome, bool) {
	t.Helper()
	ctx := context.Background()
	letters, err := db.Letters(ctx)
	require.NoError(t, err)
	out, err := db.Outbox(ctx)
	require.NoError(t, err)
	o := outcome{Letters: map[string]storage.Disposition{}}
	for _, l := range letters {
		o.Letters[l.MessageID] = l.Disposition
	}
	done := len(letters) == n
	for _, l := range out {
		if l.Kind == "undeliverable" { // the secretary's notice of a letter left in flight by a kill
			continue
		}
		o.Outbox = append(o.Outbox, l.Kind+" "+l.To) // a notice queued meanwhile shifts the Message-IDs
		if l.Sent.IsZero() && !l.Dead && !l.Hold {
			done = false
		}
	}
	s, err := db.State(ctx, "ТЕСТ-2026")
	require.NoError(t, err)
	o.Games = gamesReport(s)
	return o, done
}

// sentIDs counts the server's letters at the SMTP sink by Message-ID.
func sentIDs(t *testing.T, w *daemonWorld) map[string]int {
	ids := map[string]int{}
	for _, d := range w.mail.Deliveries() {
		if d.From != serverAddr {
			continue
		}
		msg, err := mail.ReadMessage(bytes.NewReader(d.Raw))
		require.NoError(t, err)
		ids[msg.Header.Get("Message-Id")]++
	}
	return ids
}

// TestServe_KilledWhileWorkingThroughABacklog kills the daemon (a child
// process: this test binary re-executed as `zaochnik serve`) with SIGKILL at
// random points while it works through a backlog of letters, restarts it,
// and compares the end with an uninterrupted run: every letter applied once,
// every reply queued once and delivered at most once. A letter a kill leaves
// in flight (between the attempt recorded and its outcome: the sender's
// batch) may or may not have reached the SMTP server: it is not sent again,
// but marked dead as uncertain and the secretary is told, so the sink never
// holds two copies and at most a batch of letters per kill is missing, each
// of them reported.
func TestServe_KilledWhileWorkingThroughABacklog(t *testing.T) {
	if testing.Short() {
		t.Skip("re-executes the test binary")
	}
	const plies = 150
	ref, n := backlogWorld(t, plies)
	refDB := watch(t, ref.cfg.Database.Path)
	began := time.Now()
	m := ref.start(t)
	var want outcome
	require.Eventually(t, func() bool {
		var done bool
		want, done = finished(t, refDB, n)
		return done
	}, 30*time.Second, 5*time.Millisecond)
	whole := time.Since(began)
	require.NoError(t, m.Close())
	wantSent := sentIDs(t, ref)
	for id, c := range wantSent {
		require.Equal(t, 1, c, "uninterrupted, %s is sent once", id)
	}

	w, _ := backlogWorld(t, plies)
	db := watch(t, w.cfg.Database.Path)
	cfgPath := filepath.Join(t.TempDir(), "zaochnik.toml")
	f, err := os.Create(cfgPath)
	require.NoError(t, err)
	require.NoError(t, toml.NewEncoder(f).Encode(w.cfg))
	require.NoError(t, f.Close())

	rng := rand.New(rand.NewPCG(6, uint64(time.Now().UnixNano())))
	kills := 0
	var got outcome
	for attempt := 0; ; attempt++ {
		require.Less(t, attempt, 12, "the daemon never finished")
		child := exec.Command(os.Args[0], "-test.run=^TestServeChild$")
		child.Env = append(os.Environ(), "ZAOCHNIK_SERVE_CHILD="+cfgPath)
		child.Stderr = os.Stderr
		require.NoError(t, child.Start())
		exited := make(chan error, 1)
		go func() { exited <- child.Wait() }()
		if attempt < 6 {
			time.Sleep(whole/20 + time.Duration(rng.Int64N(int64(whole)/2)))
			if _, done := finished(t, db, n); !done {
				require.NoError(t, child.Process.Kill())
				<-exited
				kills++
				continue
			}
		}
		var done bool
		require.Eventually(t, func() bool { got, done = finished(t, db, n); return done }, 30*time.Second, 20*time.Millisecond)
		require.NoError(t, child.Process.Signal(syscall.SIGTERM))
		require.NoError(t, <-exited, "SIGTERM stops the daemon cleanly")
		break
	}
	t.Logf("uninterrupted run %v; killed %d times", whole.Round(time.Millisecond), kills)

	assert.Equal(t, want, got, "the same games, letters and queued replies as without kills")
	sent := sentIDs(t, w)
	all, err := db.Outbox(context.Background())
	require.NoError(t, err)
	uncertain, notices, told := map[string]bool{}, 0, 0
	var ids []string // the queued letters but the notices, in order, as in want.Outbox
	for _, o := range all {
		id := "<" + o.MessageID + ">"
		switch {
		case o.Kind == "undeliverable":
			delete(sent, id)
			notices++
			continue
		case o.Dead && o.LastError == storage.Uncertain:
			uncertain[id] = true
			if o.To != "secretary@example.org" {
				told++
			}
		}
		ids = append(ids, id)
	}
	require.Len(t, ids, len(wantSent))
	known := map[string]bool{}
	for _, id := range ids {
		known[id] = true
		assert.LessOrEqual(t, sent[id], 1, "%s is delivered at most once", id)
		if sent[id] == 0 {
			assert.True(t, uncertain[id], "%s, not delivered, is reported as uncertain", id)
		}
	}
	for id := range sent {
		assert.True(t, known[id], "%s: no letter the uninterrupted run did not send", id)
	}
	assert.LessOrEqual(t, len(uncertain), kills*mailbox.DefaultBatch, "at most the batch in flight at each kill is uncertain")
	assert.Equal(t, told, notices, "the secretary is told of each (but of her own letters)")
	t.Logf("%d letters delivered, %d left uncertain by a kill", len(sent), len(uncertain))
}

// TestServeChild is the daemon of TestServe_KilledWhileWorkingThroughABacklog;
// it does nothing unless started by it.
func TestServeChild(t *testing.T) {
	cfg := os.Getenv("ZAOCHNIK_SERVE_CHILD")
	if cfg == "" {
		t.Skip("run by TestServe_KilledWhileWorkingThroughABacklog only")
	}
	if code := run(&env{stdout: os.Stderr, stderr: os.Stderr}, []string{"serve", "--config", cfg}); code != 0 {
		t.Fatalf("serve exited with %d", code)
	}
}
