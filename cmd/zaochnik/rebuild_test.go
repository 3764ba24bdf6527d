package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/mailbox/localmail"
	"zaochnik/storage"
)

// storeHistory is what a store says of a tournament, comparable between
// the lost store and the rebuilt one.
type storeHistory struct {
	Games  []gameReport // moves, status, result, ledgers, claims
	Claims []storage.ClaimRow
	Outbox []string // Message-ID, recipient, kind, held, subject and text of every letter queued
	// Letters is every letter received: its disposition and the reason.
	Letters map[string]string
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
	letters, err := db.Letters(ctx)
	require.NoError(t, err)
	h.Letters = map[string]string{}
	for _, l := range letters {
		h.Letters[l.MessageID] = string(l.Disposition) + ": " + l.Reason.String()
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
// daemon started on it sends none of those letters again. A letter over
// max_letter_size is rebuilt as the daemon took it: from its header
// alone, its body never read.
func TestRebuild_StoreLostMidTournament(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	w := newDaemonWorld(t, path)
	// The reply keys' secret outlives the store (docs/trust.md): the
	// rebuilt store knows the keys sent and gives its letters the same ids.
	w.cfg.ReplyKeyFile = filepath.Join(t.TempDir(), "reply.key")
	w.cfg.IMAP.MaxLetterSize = 64 << 10
	m := w.start(t)
	names, err := filepath.Glob(filepath.Join(replayDir("overstep-letter"), "*.eml"))
	require.NoError(t, err)
	sort.Strings(names)
	for i, n := range names {
		id := w.deliverFile(t, n)
		require.Eventually(t, func() bool {
			_, err := m.db.LetterByMessageID(t.Context(), id[1:len(id)-1])
			return err == nil
		}, 30*time.Second, 20*time.Millisecond, "%s applied", n)
		// The next letter comes once the reader filed this one.
		require.Eventually(t, func() bool { return len(mustFiled(t, m)) == i+1 }, 30*time.Second, 20*time.Millisecond)
	}
	// A refusal goes to the refused folder, and is rebuilt from there.
	w.send(t, "ivanov@example.org", "wrong@example.org", "ТЕСТ-2026 1-2\nМой ход: 9.a1-h8\n22.04.2026 / 22.04.2026 / 22.04.2026")
	require.Eventually(t, func() bool {
		_, err := m.db.LetterByMessageID(t.Context(), "wrong@example.org")
		return err == nil
	}, 30*time.Second, 20*time.Millisecond)
	names = append(names, "wrong")
	// So does a letter over the size limit, its header only kept.
	w.send(t, "ivanov@example.org", "big@example.org", "ТЕСТ-2026 1-2\n"+strings.Repeat("BODY-OF-THE-BIG-LETTER\n", 4000))
	require.Eventually(t, func() bool {
		_, err := m.db.LetterByMessageID(t.Context(), "big@example.org")
		return err == nil
	}, 30*time.Second, 20*time.Millisecond)
	names = append(names, "big")
	require.Eventually(t, func() bool { b, err := m.backlog(t.Context()); return err == nil && b.Due == 0 }, 30*time.Second, 20*time.Millisecond)
	require.Eventually(t, func() bool { return len(mustFiled(t, m)) == len(names) }, 30*time.Second, 20*time.Millisecond, "the reader filed every letter")
	lost := historyOf(t, m.db)
	require.NotEmpty(t, lost.Claims, "a claim is pending")
	t.Logf("the lost store: %d games, %d claims, %d letters received, %d queued", len(lost.Games), len(lost.Claims), len(lost.Letters), len(lost.Outbox))
	require.Contains(t, lost.Letters["wrong@example.org"], "refused")
	require.Contains(t, lost.Letters["big@example.org"], "refused")
	lostBig, err := m.db.LetterByMessageID(t.Context(), "big@example.org")
	require.NoError(t, err)
	require.NotContains(t, string(lostBig.Raw), "BODY-OF-THE-BIG-LETTER", "the daemon kept its header only")
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

	// --resend-after leaves the letters queued after it for serve to send.
	code, out, errs = runCmdAt(t, w.clock.Now(), "rebuild", "--config", writeConfig(t, w.cfg), "--tournament", replayDir("two.toml"),
		"--db", filepath.Join(t.TempDir(), "other.db"), "--resend-after", "2026-04-22T09:00:00+03:00", "--json")
	require.Equal(t, 0, code, errs)
	var rep rebuildReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Positive(t, rep.Sent)
	assert.Positive(t, rep.Due, "the letters answering the letter of 22 April")
	assert.Equal(t, len(lost.Outbox), rep.Sent+rep.Due)

	rebuilt, err := storage.OpenExisting(path)
	require.NoError(t, err)
	assert.Equal(t, lost, historyOf(t, rebuilt))
	big, err := rebuilt.LetterByMessageID(t.Context(), "big@example.org")
	require.NoError(t, err)
	assert.Equal(t, string(lostBig.Raw), string(big.Raw), "its header, as the daemon kept it")
	assert.Equal(t, lostBig.Postmark, big.Postmark)
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
	var kept []mailbox.KeptLetter
	err := mailbox.ReadFolders(t.Context(), mailbox.ReaderOptions{Addr: hostPort(c.IMAP.Host, c.IMAP.Port), Security: mailbox.Security(c.IMAP.Security),
		Username: c.IMAP.User, Password: c.IMAP.Password, Logger: quietLog()}, []string{c.IMAP.ProcessedFolder, c.IMAP.RefusedFolder},
		func(l mailbox.KeptLetter) error { kept = append(kept, l); return nil })
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

// With schedule.daily on, the rebuild runs the daily checks of every day
// before that day's letters, as the daemon does: a silent player's
// reminders and the overstep claim of 6.3.5 come back on their days, as a
// replay of the same letters gives them.
func TestRebuild_6_3_5_DailyChecksOnTheirDays(t *testing.T) {
	mailSrv, err := localmail.Start(localmail.Options{Logger: quietLog()})
	require.NoError(t, err)
	t.Cleanup(func() { mailSrv.Close() })
	require.NoError(t, mailSrv.AddUser(serverAddr, "pw"))
	cfg := testConfig(mailSrv, filepath.Join(t.TempDir(), "z.db"))
	cfg.Schedule = ScheduleConfig{Daily: "5 0 * * *"}
	raw, err := os.ReadFile(filepath.Join(replayDir("overstep-silent"), "01.eml"))
	require.NoError(t, err)
	c, err := imapclient.DialInsecure(mailSrv.IMAPAddr, nil)
	require.NoError(t, err)
	require.NoError(t, c.Login(serverAddr, "pw").Wait())
	require.NoError(t, c.Create(cfg.IMAP.ProcessedFolder, nil).Wait())
	require.NoError(t, c.Create(cfg.IMAP.RefusedFolder, nil).Wait())
	app := c.Append(cfg.IMAP.ProcessedFolder, int64(len(raw)), nil)
	_, err = app.Write(raw)
	require.NoError(t, err)
	require.NoError(t, app.Close())
	_, err = app.Wait()
	require.NoError(t, err)
	require.NoError(t, c.Logout().Wait())

	now := time.Date(2026, 4, 25, 12, 0, 0, 0, time.UTC)
	code, _, errs := runCmdAt(t, now, "rebuild", "--config", writeConfig(t, cfg), "--tournament", replayDir("two.toml"))
	require.Equal(t, 0, code, errs)
	replayed := filepath.Join(t.TempDir(), "replay.db")
	code, _, errs = runCmd(t, "replay", "--tournament", replayDir("two.toml"), "--mail", replayDir("overstep-silent"), "--until", "2026-04-25", "--db", replayed, "--authserv-id", testAuthservID)
	require.Equal(t, 0, code, errs)

	got, want := map[string]storeHistory{}, map[string]storeHistory{}
	for path, h := range map[string]map[string]storeHistory{cfg.Database.Path: got, replayed: want} {
		db, err := storage.OpenExisting(path)
		require.NoError(t, err)
		h["h"] = historyOf(t, db)
		require.NoError(t, db.Close())
	}
	require.Len(t, got["h"].Claims, 1)
	assert.Equal(t, "2026-04-21", got["h"].Claims[0].Filed)
	assert.Equal(t, want["h"].Games, got["h"].Games)
	assert.Equal(t, want["h"].Claims, got["h"].Claims)
	assert.Equal(t, want["h"].Outbox, got["h"].Outbox, "the same letters, reminders and claim")
}
