package referee_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// TestChecks_6_5_2_EndOfPlayToTheJudge: at the end of play an unfinished
// game's players get the end-of-play letter with the diagram (6.5.2), the
// desk keeps the analyses' and the ruling's deadlines (6.5.2, 6.5.5), and
// the day after the analyses are due the judge's letter goes out with the
// diagram and the PDN, its deadline met.
func TestChecks_6_5_2_EndOfPlayToTheJudge(t *testing.T) {
	w, ctx := newWorld(t, "short.toml"), context.Background()
	tr := w.state().Tournament
	_, err := w.ref.Checks(ctx, w.cipher, tr.End)
	require.NoError(t, err)

	eop := w.outbox(ivanov, "end-of-play")
	require.Len(t, eop, 1, "the end-of-play letter to White")
	got := w.goingOut(eop[0].ID)
	require.Len(t, got.Files, 1)
	assert.Equal(t, "image/png", got.Files[0].ContentType)
	assert.Equal(t, []byte("\x89PNG"), got.Files[0].Data[:4])

	rows, err := w.db.Deadlines(ctx, false)
	require.NoError(t, err)
	require.Len(t, rows, 2, "the analyses (6.5.2) and the ruling (6.5.5)")
	assert.Equal(t, storage.DeadlineRow{Cipher: w.cipher, Game: "ТЕСТ-2026 1-2", Kind: "analysis", Clause: "6.5.2", Due: "2026-04-11"}, rows[0])
	assert.Equal(t, "2026-05-11", rows[1].Due)

	// A day later than the analyses are due: the judge's letter goes out
	// from the daily checks, and its deadline is met.
	for d := tr.End.AddDays(1); !d.After(timecontrol.MustDate("2026-04-12")); d = d.AddDays(1) {
		_, err = w.ref.Checks(ctx, w.cipher, d)
		require.NoError(t, err)
	}
	rows, err = w.db.Deadlines(ctx, false)
	require.NoError(t, err)
	require.Len(t, rows, 1)
	assert.Equal(t, "ruling", rows[0].Kind)
	adj := w.outbox(judge, "adjudication")
	require.Len(t, adj, 1)
	got = w.goingOut(adj[0].ID)
	assert.Len(t, got.Files, 2, "diagram and PDN")
}
