package storage

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

func TestDesk_6_5_2_EndOfPlayLetterCarriesTheDiagram(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "replay", "short.toml"))
	require.NoError(t, err)
	tm, err := corr.ParseTournament(src)
	require.NoError(t, err)
	require.NoError(t, db.CreateTournament(ctx, tm, src))
	_, err = db.Start(ctx, tm.Cipher, tm.Start)
	require.NoError(t, err)
	_, err = db.Daily(ctx, tm.Cipher, tm.End)
	require.NoError(t, err)

	out, err := db.Outbox(ctx)
	require.NoError(t, err)
	var id int64
	for _, o := range out {
		if o.Kind == "end-of-play" && o.To == "ivanov@example.org" {
			id = o.ID
		}
	}
	require.NotZero(t, id, "the end-of-play letter to White")
	now := db.Now()
	got, _, err := db.BeginAttempt(ctx, id, now, now)
	require.NoError(t, err)
	require.Len(t, got.Files, 1)
	assert.Equal(t, "image/png", got.Files[0].ContentType)
	assert.Equal(t, []byte("\x89PNG"), got.Files[0].Data[:4])

	rows, err := db.Deadlines(ctx, false)
	require.NoError(t, err)
	require.Len(t, rows, 2, "the analyses (6.5.2) and the ruling (6.5.5)")
	assert.Equal(t, DeadlineRow{Cipher: tm.Cipher, Game: "ТЕСТ-2026 1-2", Kind: "analysis", Clause: "6.5.2", Due: "2026-04-11"}, rows[0])
	assert.Equal(t, "2026-05-11", rows[1].Due)

	// A day later than the analyses are due: the judge's letter goes out
	// from the daily run, and its deadline is met.
	for d := tm.End.AddDays(1); !d.After(timecontrol.MustDate("2026-04-12")); d = d.AddDays(1) {
		_, err = db.Daily(ctx, tm.Cipher, d)
		require.NoError(t, err)
	}
	rows, err = db.Deadlines(ctx, false)
	require.NoError(t, err)
	require.Len(t, rows, 1)
	assert.Equal(t, "ruling", rows[0].Kind)
	var n int
	require.NoError(t, db.db.QueryRowContext(ctx, `SELECT count(*) FROM outbox WHERE kind = 'adjudication'`).Scan(&n))
	assert.Equal(t, 1, n)
	var files int
	require.NoError(t, db.db.QueryRowContext(ctx, `SELECT count(*) FROM outbox_files f JOIN outbox o ON o.id = f.outbox_id WHERE o.kind = 'adjudication'`).Scan(&files))
	assert.Equal(t, 2, files, "diagram and PDN")
}
