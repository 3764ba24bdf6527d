package storage

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// A re-draw (1.15.8) cancels games the store never deletes: their rows stay,
// marked cancelled under a code of their own, so that the round's new game
// of the same pair takes the code; no state, cached or read again, holds
// them; the letters go out.
func TestRedraw_1_15_8_CancelledGamesKeptOutOfTheState(t *testing.T) {
	ctx := context.Background()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "tournaments", "swiss.toml"))
	require.NoError(t, err)
	tr, err := corr.ParseTournament(src)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "z.db")
	db, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, db.CreateTournament(ctx, tr, src))
	_, err = db.start(ctx, tr.Cipher, tr.Start)
	require.NoError(t, err)
	before, err := db.State(ctx, tr.Cipher)
	require.NoError(t, err)
	require.Len(t, before.Games, 4)

	// Nothing changed: the same draw comes again, every pair with its code.
	day := tr.Start.AddDays(3)
	out, err := db.redraw(ctx, tr.Cipher, "стартовый лист ушёл с ошибкой в адресе", day)
	require.NoError(t, err)
	require.Len(t, out.Cancelled, 4)
	// Then a player leaves before his first move and the round is drawn again without him.
	gone := before.Games[0].White
	_, err = db.deskChange(ctx, tr.Cipher, day, func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.Outcome, error) {
		return d.Withdraw(s, gone, adjudication.WithdrawnByRule, day)
	})
	require.NoError(t, err)
	_, err = db.redraw(ctx, tr.Cipher, "участник выбыл до первого хода", day.AddDays(1))
	require.NoError(t, err)

	check := func(s corr.State) {
		t.Helper()
		require.Len(t, s.Games, 4, "eight play: four games, no cancelled one")
		for _, g := range s.Games {
			assert.Equal(t, corr.Playing, g.Status)
			assert.NotContains(t, []int{g.White, g.Black}, gone)
			start, _ := g.Dates(tr)
			assert.Equal(t, day.AddDays(1), start)
		}
		assert.Empty(t, s.Byes, "eight players: no bye in round 1 any more")
	}
	cached, err := db.State(ctx, tr.Cipher)
	require.NoError(t, err)
	check(cached)
	// The days go on over the new games only.
	_, err = db.daily(ctx, tr.Cipher, day.AddDays(2))
	require.NoError(t, err)

	var rows, cancelled int
	require.NoError(t, db.db.QueryRow(`SELECT count(*), count(*) FILTER (WHERE status = 'cancelled') FROM games`).Scan(&rows, &cancelled))
	assert.Equal(t, 12, rows, "no game row is deleted")
	assert.Equal(t, 8, cancelled)
	var events int
	require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM events WHERE kind = 'round-redrawn' AND clause = '1.15.8'`).Scan(&events))
	assert.Equal(t, 2, events, "each re-draw is recorded with the judge's reason")
	var renamed string
	require.NoError(t, db.db.QueryRow(`SELECT code FROM games WHERE status = 'cancelled' ORDER BY id LIMIT 1`).Scan(&renamed))
	assert.Equal(t, before.Games[0].Code+" ~1", renamed, "the cancelled row keeps its game under a code of its own")
	_, err = db.GameTournament(ctx, renamed)
	assert.ErrorIs(t, err, ErrNotFound, "a cancelled game is no game of the tournament")
	for _, g := range cached.Games {
		c, err := db.GameTournament(ctx, g.Code)
		require.NoError(t, err)
		assert.Equal(t, tr.Cipher, c)
	}

	letters, err := db.Outbox(ctx)
	require.NoError(t, err)
	kinds := map[string]int{}
	for _, o := range letters {
		kinds[o.Kind]++
	}
	assert.Equal(t, 16, kinds["round-cancelled"], "both players of each cancelled game, twice")
	require.NoError(t, db.Close())

	// Read again from the rows: the same state as the cached one.
	db, err = Open(path)
	require.NoError(t, err)
	defer db.Close()
	read, err := db.State(ctx, tr.Cipher)
	require.NoError(t, err)
	check(read)
	assert.Equal(t, cached.Games, read.Games)
	_, err = db.redraw(ctx, tr.Cipher, "", timecontrol.Date{})
	assert.Error(t, err, "no reason, no re-draw")
}

// A round that cannot be drawn (1.15.9) is told to the judge by one letter,
// not one a day: the store keeps that he was told, across a restart.
func TestNextRound_1_15_9_TheJudgeToldOnce(t *testing.T) {
	ctx := context.Background()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "tournaments", "swiss.toml"))
	require.NoError(t, err)
	src = []byte(strings.Replace(string(src), "round_days = 90", "round_days = 20", 1))
	tr, err := corr.ParseTournament(src)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "z.db")
	db, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, db.CreateTournament(ctx, tr, src))
	_, err = db.start(ctx, tr.Cipher, tr.Start)
	require.NoError(t, err)
	// All but one player leave: round 2 has nobody to pair.
	for _, p := range tr.Players[1:] {
		_, err = db.deskChange(ctx, tr.Cipher, tr.Start, func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.Outcome, error) {
			return d.Withdraw(s, p.Number, adjudication.WithdrawnByRule, tr.Start)
		})
		require.NoError(t, err)
	}
	end := tr.Start.AddDays(20)
	told := func() int {
		letters, err := db.Outbox(ctx)
		require.NoError(t, err)
		n := 0
		for _, o := range letters {
			if o.Kind == "round-undrawable" {
				assert.Equal(t, tr.Judge.Email, o.To)
				n++
			}
		}
		return n
	}
	for day := tr.Start; !day.After(end.AddDays(3)); day = day.AddDays(1) {
		_, err := db.daily(ctx, tr.Cipher, day)
		require.NoError(t, err)
		_, err = db.nextRound(ctx, tr.Cipher, day)
		require.NoError(t, err, day)
	}
	assert.Equal(t, 1, told(), "one letter for the days the round waits")
	require.NoError(t, db.Close())

	db, err = Open(path)
	require.NoError(t, err)
	defer db.Close()
	_, err = db.nextRound(ctx, tr.Cipher, end.AddDays(4))
	require.NoError(t, err)
	assert.Equal(t, 1, told(), "not again after a restart")
	s, err := db.State(ctx, tr.Cipher)
	require.NoError(t, err)
	assert.Equal(t, 1, s.Round())
}
