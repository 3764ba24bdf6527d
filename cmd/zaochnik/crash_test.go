package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// writeLongGame writes the letters of a long game between players 1 and 2 of
// two.toml into dir: every letter repeats the opponent's move and makes one,
// two days after the last; the moves are chosen from the legal ones by a
// fixed rule, so the game is the same on every run.
func writeLongGame(t testing.TB, dir string, plies int) {
	t.Helper()
	p := draughts.Initial(draughts.Russian)
	day := timecontrol.MustDate("2026-03-01")
	prevText, prevDay := "", day
	for i := 0; i < plies; i++ {
		ms := p.LegalMoves(nil)
		if len(ms) == 0 {
			break
		}
		m := ms[(i*54+17)%len(ms)] // a rule that keeps this game going past 120 plies
		text := p.Notation(m)
		num := func(ply int, t string) string {
			if ply%2 == 0 {
				return fmt.Sprintf("%d.%s", ply/2+1, t)
			}
			return fmt.Sprintf("%d...%s", ply/2+1, t)
		}
		from, name := "ivanov@example.org", "Ivanov"
		if i%2 == 1 {
			from, name = "petrov@example.org", "Petrov"
		}
		body := "ТЕСТ-2026 1-2\r\n"
		if i > 0 {
			body += "Ваш ход: " + num(i-1, prevText) + "\r\n"
		}
		body += "Мой ход: " + num(i, text) + "\r\n"
		body += fmt.Sprintf("%s / %s / %s\r\n", prevDay.Russian(), prevDay.Russian(), day.Russian())
		stamp := day.Time().Add(9 * time.Hour).Format(time.RFC1123Z)
		raw := fmt.Sprintf("Received: from mx by zaochnik; %s\r\nFrom: %s <%s>\r\nTo: server@zaochnik.example\r\nSubject: game 1-2\r\nMessage-ID: <long-%d@example.org>\r\nDate: %s\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
			stamp, name, from, i, stamp, body)
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("%03d.eml", i)), []byte(raw), 0o644))
		p = p.Play(m)
		prevText, prevDay = text, day
		day = day.AddDays(2)
	}
}

// TestReplay_CrashSafety kills a replay (a child process: this test binary
// re-executed) at random points, restarts it on the same store until it
// completes, and compares the result with an uninterrupted run: every letter
// applied once, every reply queued once.
func TestReplay_CrashSafety(t *testing.T) {
	if testing.Short() {
		t.Skip("re-executes the test binary")
	}
	mail := t.TempDir()
	writeLongGame(t, mail, 120)
	until := "2026-11-01"

	began := time.Now()
	want := crashChild(t, filepath.Join(t.TempDir(), "whole.db"), mail, until, 0)
	require.NotEmpty(t, want)
	whole := time.Since(began)

	// Kill points are spread over the run; a resumed run starts further on,
	// so later kills land later in the work. The last attempt runs to the end.
	db := filepath.Join(t.TempDir(), "crashed.db")
	rng := rand.New(rand.NewPCG(1, uint64(time.Now().UnixNano())))
	kills := 0
	var got []byte
	for attempt := 0; attempt < 8 && got == nil; attempt++ {
		delay := time.Duration(0)
		if attempt < 7 {
			delay = whole/10 + time.Duration(rng.Int64N(int64(whole)*6/10))
		}
		got = crashChild(t, db, mail, until, delay)
		if got == nil {
			kills++
			t.Logf("killed after %v: %d letters stored", delay.Round(time.Millisecond), storedLetters(t, db))
		}
	}
	require.NotNil(t, got, "the replay never completed")
	t.Logf("killed %d times before completing", kills)
	require.JSONEq(t, string(want), string(got))
}

// storedLetters counts the letters in the store at db.
func storedLetters(t *testing.T, db string) int {
	s, err := storage.Open(db)
	require.NoError(t, err)
	defer s.Close()
	ls, err := s.Letters(t.Context())
	require.NoError(t, err)
	return len(ls)
}

// crashChild runs the replay in a child process; with a delay it kills the
// child after it and returns nil unless the child finished first.
func crashChild(t *testing.T, db, mail, until string, kill time.Duration) []byte {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$")
	cmd.Env = append(os.Environ(), "ZAOCHNIK_CRASH_CHILD=1", "ZAOCHNIK_DB="+db, "ZAOCHNIK_MAIL="+mail, "ZAOCHNIK_UNTIL="+until)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	if kill > 0 {
		select {
		case err := <-done:
			require.NoError(t, err, errb.String())
		case <-time.After(kill):
			require.NoError(t, cmd.Process.Kill())
			<-done
			return nil
		}
	} else {
		require.NoError(t, <-done, errb.String())
	}
	i := bytes.IndexByte(out.Bytes(), '{')
	j := bytes.LastIndexByte(out.Bytes(), '}')
	require.True(t, i >= 0 && j > i, "child output: %s %s", out.String(), errb.String())
	var rep replayReport
	require.NoError(t, json.Unmarshal(out.Bytes()[i:j+1], &rep))
	b, err := json.Marshal(rep)
	require.NoError(t, err)
	return b
}

// TestCrashChild is the child of TestReplay_CrashSafety; it does nothing
// unless started by it.
func TestCrashChild(t *testing.T) {
	if os.Getenv("ZAOCHNIK_CRASH_CHILD") != "1" {
		t.Skip("run by TestReplay_CrashSafety only")
	}
	var out, errb bytes.Buffer
	code := run(&env{stdout: &out, stderr: &errb}, []string{"replay", "--authserv-id", testAuthservID, "--tournament", replayDir("two.toml"),
		"--mail", os.Getenv("ZAOCHNIK_MAIL"), "--db", os.Getenv("ZAOCHNIK_DB"), "--until", os.Getenv("ZAOCHNIK_UNTIL"), "--json"})
	if code != 0 {
		t.Fatalf("replay: %s", errb.String())
	}
	os.Stdout.Write(out.Bytes())
}
