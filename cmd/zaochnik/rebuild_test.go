package main

import (
	"bytes"
	"context"
	"net/mail"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/storage"
)

// storeHistory is what a store says of a tournament, comparable between
// the lost store and the rebuilt one.
type storeHistory struct {
	Games  []gameReport // moves, status, result, ledgers, claims
	Claims []storage.ClaimRow
	Outbox []string // Message-ID, recipient, kind, held, subject and text of every letter queued
}

func historyOf(t *testing.T, db *storage.DB) storeHistory {
	t.Helper()
	ctx := context.Background()
	s, err := db.State(ctx, "ТЕСТ-2026")
	require.NoError(t, err)
	h := storeHistory{Games: gamesReport(s)}
	cs, err := db.Claims(ctx, false)
	require.NoError(t, err)
	for _, c := range cs {
		c.ID = 0
		h.Claims = append(h.Claims, c)
	}
	out, err := db.Outbox(ctx)
	require.NoError(t, err)
	for _, o := range out {
		// Message-IDs are left out: those the daemon makes follow from the
		// reply keys' secret, but the start lists of a tournament started
		// from the command line are random.
		h.Outbox = append(h.Outbox, o.To+" "+o.Kind+" "+map[bool]string{true: "held"}[o.Hold]+"\n"+o.Subject+"\n"+o.Body)
	}
	return h
}

// The restore drill: the store is deleted mid-tournament (a claim pending,
// a reply held), rebuilt from the tournament file and the letters the
// reader filed in the IMAP folders, on their own arrival dates; the rebuilt
// store has the same games, ledgers, claims and outbox history, and the
// daemon started on it sends none of those letters again.
func TestRebuild_StoreLostMidTournament(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	w := newDaemonWorld(t, path)
	// The reply keys' secret outlives the store (docs/trust.md): the
	// rebuilt store knows the keys sent and gives its letters the same ids.
	w.cfg.ReplyKeyFile = filepath.Join(t.TempDir(), "reply.key")
	m := w.start(t)
	names, err := filepath.Glob(filepath.Join(replayDir("overstep-letter"), "*.eml"))
	require.NoError(t, err)
	sort.Strings(names)
	for _, n := range names {
		raw, err := os.ReadFile(n)
		require.NoError(t, err)
		msg, err := mail.ReadMessage(bytes.NewReader(raw))
		require.NoError(t, err)
		date, err := msg.Header.Date()
		require.NoError(t, err)
		from, err := mail.ParseAddress(msg.Header.Get("From"))
		require.NoError(t, err)
		w.clock.Set(date.Format(time.RFC3339))
		w.deliver(t, from.Address, raw)
		id := msg.Header.Get("Message-Id")
		require.Eventually(t, func() bool {
			_, err := m.db.LetterByMessageID(t.Context(), id[1:len(id)-1])
			return err == nil
		}, 30*time.Second, 20*time.Millisecond, "%s applied", n)
	}
	require.Eventually(t, func() bool { b, err := m.backlog(t.Context()); return err == nil && b.Due == 0 }, 30*time.Second, 20*time.Millisecond)
	require.Eventually(t, func() bool { return len(mustFiled(t, m)) == len(names) }, 30*time.Second, 20*time.Millisecond, "the reader filed every letter")
	lost := historyOf(t, m.db)
	require.NotEmpty(t, lost.Claims, "a claim is pending")
	t.Logf("the lost store: %d games, %d claims, %d letters queued", len(lost.Games), len(lost.Claims), len(lost.Outbox))
	require.NoError(t, m.Close())
	delivered := sentIDs(t, w)

	for _, suffix := range []string{"", "-wal", "-shm"} {
		require.NoError(t, os.RemoveAll(path+suffix))
	}
	code, _, errs := runCmd(t, "serve", "--config", writeConfig(t, w.cfg))
	require.Equal(t, 1, code)
	assert.Contains(t, errs, "does not exist", "serve does not start on a lost store")

	w.clock.Set("2026-05-01T12:00:00+03:00")
	code, out, errs := runCmdAt(t, w.clock.Now(), "rebuild", "--config", writeConfig(t, w.cfg), "--tournament", replayDir("two.toml"))
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "store rebuilt at "+path)
	code, _, errs = runCmdAt(t, w.clock.Now(), "rebuild", "--config", writeConfig(t, w.cfg), "--tournament", replayDir("two.toml"))
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "exists already", "a store is never overwritten")

	rebuilt, err := storage.OpenExisting(path)
	require.NoError(t, err)
	assert.Equal(t, lost, historyOf(t, rebuilt))
	_, _, _, due, err := rebuilt.NextDue(t.Context())
	require.NoError(t, err)
	assert.False(t, due, "nothing is due: the letters were sent by the lost store")
	require.NoError(t, rebuilt.Close())

	m = w.start(t) // the daemon on the rebuilt store
	require.Eventually(t, func() bool { return getHealth(t, m).IMAP.LastCheck != nil }, 30*time.Second, 20*time.Millisecond)
	require.NoError(t, m.Close())
	assert.Equal(t, delivered, sentIDs(t, w), "no letter is sent again")
}

// mustFiled returns the letters in the processed and refused folders
// (none while the folders are not made yet).
func mustFiled(t *testing.T, m *Main) []mailbox.KeptLetter {
	t.Helper()
	c := m.Config
	kept, err := mailbox.ReadFolders(t.Context(), mailbox.ReaderOptions{Addr: hostPort(c.IMAP.Host, c.IMAP.Port), Security: mailbox.Security(c.IMAP.Security),
		Username: c.IMAP.User, Password: c.IMAP.Password, Logger: quietLog()}, []string{c.IMAP.ProcessedFolder, c.IMAP.RefusedFolder})
	if err != nil {
		return nil
	}
	return kept
}

// writeConfig writes c as a TOML file and returns its path.
func writeConfig(t *testing.T, c Config) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "zaochnik.toml")
	f, err := os.Create(p)
	require.NoError(t, err)
	require.NoError(t, toml.NewEncoder(f).Encode(c))
	require.NoError(t, f.Close())
	return p
}
