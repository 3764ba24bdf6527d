package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// The simulated demo, run for 100 virtual days at 50 ms a day, shows within
// seconds what it promises: moves by mail in every game, a break told to
// the opponents (6.4), a penalty for the impossible move (6.2.10-6.2.11)
// and overstep claims against the silent player (6.3.5-6.3.6).
func TestDemo_SimulateShowsLedgersBreakPenaltyClaim(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the demo for a few seconds")
	}
	db := filepath.Join(t.TempDir(), "demo.db")
	var out, errb bytes.Buffer
	code := run(&env{stdout: &out, stderr: &errb}, []string{"demo", "--simulate", "--speed", "0.05", "--days", "100", "--db", db})
	require.Equal(t, 0, code, errb.String())
	assert.Contains(t, out.String(), "swaks --server 127.0.0.1:")

	s, err := storage.Open(db)
	require.NoError(t, err)
	defer s.Close()
	st, err := s.State(context.Background(), "ДЕМО-2026")
	require.NoError(t, err)
	require.Len(t, st.Games, 6)
	claims, penalty := 0, 0
	for _, g := range st.Games {
		assert.NotEmpty(t, g.Plies, "game %s was played by mail", g.Code)
		claims += len(g.Claims)
		for _, c := range g.Claims {
			// The log names the day the claim was filed, not the day it was noticed.
			assert.Contains(t, out.String(), fmt.Sprintf("day %3d  overstep claim in game %d-%d", c.Filed.Sub(st.Tournament.Start)+1, g.White, g.Black))
		}
		for _, p := range g.Penalties {
			penalty += p.Days
		}
		_, err := st.Ledger(*g)
		assert.NoError(t, err, "game %s has a ledger", g.Code)
	}
	assert.NotEmpty(t, st.Breaks, "6.4: the break was taken")
	assert.GreaterOrEqual(t, penalty, 6, "6.2.11: six penalty days for the impossible move")
	assert.GreaterOrEqual(t, claims, 1, "6.3.6: the silent player's overstep is claimed")
	kinds := map[string]int{}
	out2, err := s.Outbox(context.Background())
	require.NoError(t, err)
	for _, o := range out2 {
		kinds[o.Kind]++
	}
	assert.Positive(t, kinds["forward"], "moves forwarded: %v", kinds)
	assert.Positive(t, kinds["break"], "the break told: %v", kinds)
	assert.Positive(t, kinds["claim"], "the claim filed: %v", kinds)

	// Issue 11: the demo runs with the checks on; its forged resignation is
	// held, its "sender" asked, and dropped after hold_days of silence.
	assert.Contains(t, out.String(), "A forged letter: evil@attacker.test sent «Сдаюсь»")
	assert.Contains(t, out.String(), "The forged letter: refused, never applied (not applied: no confirmation came within 7 days)")
	assert.Equal(t, 1, kinds["confirm-request"], "only the forged letter was unauthenticated: %v", kinds)
	assert.Equal(t, 1, kinds["hold-dropped"], "the secretary told when it was dropped: %v", kinds)
	letters, err := s.Letters(context.Background())
	require.NoError(t, err)
	for _, l := range letters {
		if strings.HasPrefix(l.MessageID, "forged.") {
			assert.Equal(t, storage.Refused, l.Disposition, "dropped, never applied")
			continue
		}
		assert.Contains(t, []string{"dmarc", ""}, l.Auth, "the simulated players log in as themselves: %s", l.MessageID)
	}
}

// A demo run again on its store gets a mailbox with a new UIDVALIDITY: the
// embedded server numbers letters from 1 again, and they must not pass for
// the letters of the first run.
func TestDemo_RerunOnTheSameStoreTakesANewUIDValidity(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the demo twice")
	}
	db := filepath.Join(t.TempDir(), "demo.db")
	for range 2 {
		var out, errb bytes.Buffer
		require.Equal(t, 0, run(&env{stdout: &out, stderr: &errb}, []string{"demo", "--simulate", "--speed", "0.05", "--days", "4", "--db", db}), errb.String())
	}
	v, err := nextUIDValidity(db, demoServer)
	require.NoError(t, err)
	assert.Equal(t, uint32(3), v, "the second run read its mailbox under UIDVALIDITY 2")
}

// The simulation's clock never passes the end of the last day released to
// it, however much real time goes by, and goes on from there once the next
// day is released: what happens on a virtual day does not depend on the
// machine's speed.
func TestDemo_VirtualClockStandsStillUntilTheNextDayIsReleased(t *testing.T) {
	v := newVirtualClock(time.Now(), time.Microsecond) // a day every microsecond
	first := timecontrol.DateOf(v.Now())
	time.Sleep(5 * time.Millisecond) // thousands of virtual days
	at := v.Now()
	assert.Equal(t, first, timecontrol.DateOf(at), "held at the end of the first day")
	assert.False(t, v.Now().Before(at), "the virtual time never goes back")

	v.release(first.AddDays(1))
	require.Eventually(t, func() bool { return timecontrol.DateOf(v.Now()) == first.AddDays(1) }, 10*time.Second, time.Millisecond)
	time.Sleep(5 * time.Millisecond)
	assert.Equal(t, first.AddDays(1), timecontrol.DateOf(v.Now()), "held at the end of the day released")
}
