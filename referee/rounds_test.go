package referee_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// swiss opens a store at path holding testdata/tournaments/swiss.toml
// (rounds of roundDays days, 0: as written), started, with the referee
// in front.
func swiss(t *testing.T, path string, roundDays int) (*storage.DB, *referee.Referee, corr.Tournament) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "tournaments", "swiss.toml"))
	require.NoError(t, err)
	if roundDays > 0 {
		src = []byte(strings.Replace(string(src), "round_days = 90", "round_days = "+strconv.Itoa(roundDays), 1))
	}
	db, err := storage.Open(path)
	require.NoError(t, err)
	ref := &referee.Referee{DB: db}
	ctx := context.Background()
	tr, err := ref.Create(ctx, src, false)
	require.NoError(t, err)
	_, err = ref.Start(ctx, tr.Cipher, tr.Start, false)
	require.NoError(t, err)
	return db, ref, tr
}

// noon is noon of day in tr's zone, when the daemon's daily run comes.
func noon(tr corr.Tournament, day timecontrol.Date) time.Time {
	return time.Date(day.Year(), day.Month(), day.Day(), 12, 0, 0, 0, tr.Location())
}

// kinds counts the letters of db's outbox by kind.
func kinds(t *testing.T, db *storage.DB) map[string]int {
	t.Helper()
	letters, err := db.Outbox(context.Background())
	require.NoError(t, err)
	n := map[string]int{}
	for _, o := range letters {
		n[o.Kind]++
	}
	return n
}

// TestNextRound_1_15_DrawnAtTheRoundsEndAndKept: a Swiss round whose end
// comes draws the next one the same day; the new games, their round and
// dates and the byes are kept by the store.
func TestNextRound_1_15_DrawnAtTheRoundsEndAndKept(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "z.db")
	// Rounds of 20 days: they end before any silent overstep (50 days, 6.3.5).
	db, ref, tr := swiss(t, path, 20)
	end := tr.Start.AddDays(20)
	for day := tr.Start; !day.After(end); day = day.AddDays(1) {
		before := kinds(t, db)["start-list"]
		rep, err := ref.Daily(ctx, noon(tr, day))
		require.NoError(t, err)
		if day.Before(end) {
			require.Zero(t, rep.Rounds, "round 1 still on, %s", day)
			continue
		}
		assert.Equal(t, 1, rep.Rounds)
		assert.Equal(t, before+10, kinds(t, db)["start-list"], "round 2's start lists: eight players, the bye, the secretary")
	}
	require.NoError(t, db.Close())

	db, err := storage.Open(path)
	require.NoError(t, err)
	defer db.Close()
	s, err := db.State(ctx, tr.Cipher)
	require.NoError(t, err)
	require.Len(t, s.Games, 8)
	assert.Equal(t, 2, s.Round())
	for _, g := range s.Games[:4] {
		assert.Equal(t, corr.Unfinished, g.Status, "round 1 ended unfinished: to the judge (6.5.2)")
	}
	for _, g := range s.Games[4:] {
		assert.Equal(t, 2, g.Round)
		assert.Equal(t, end, g.Start)
		assert.Equal(t, end.AddDays(20), g.End)
	}
	require.Len(t, s.Byes, 2)
	assert.Equal(t, []int{1, 2}, []int{s.Byes[0].Round, s.Byes[1].Round})
	assert.NotEqual(t, s.Byes[0].Player, s.Byes[1].Player, "no second bye (1.15.2)")
}

// TestNextRound_1_15_9_TheJudgeToldOnce: a round that cannot be drawn
// (1.15.9) is told to the judge by one letter, not one a day: the store
// keeps that he was told, across a restart.
func TestNextRound_1_15_9_TheJudgeToldOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "z.db")
	db, ref, tr := swiss(t, path, 20)
	// All but one player leave: round 2 has nobody to pair.
	for _, p := range tr.Players[1:] {
		_, err := ref.DeskDecision(ctx, referee.Decision{Kind: referee.Withdraw, Cipher: tr.Cipher, Player: p.Number,
			Withdrawal: adjudication.WithdrawnByRule, Day: tr.Start})
		require.NoError(t, err)
	}
	end := tr.Start.AddDays(20)
	told := func(db *storage.DB) int {
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
		_, err := ref.Daily(ctx, noon(tr, day))
		require.NoError(t, err)
	}
	assert.Equal(t, 1, told(db), "one letter for the days the round waits")
	require.NoError(t, db.Close())

	db, err := storage.Open(path)
	require.NoError(t, err)
	defer db.Close()
	_, err = (&referee.Referee{DB: db}).Daily(ctx, noon(tr, end.AddDays(4)))
	require.NoError(t, err)
	assert.Equal(t, 1, told(db), "not again after a restart")
	s, err := db.State(ctx, tr.Cipher)
	require.NoError(t, err)
	assert.Equal(t, 1, s.Round())
}

// TestRedraw_1_15_8_CancelledGamesKeptOutOfTheState: a re-draw (1.15.8)
// cancels games the store never deletes: their rows stay, marked cancelled
// under a code of their own, so that the round's new game of the same
// pair takes the code; no state, cached or read again, holds them; the
// letters go out; a re-draw without the judge's reason is refused.
func TestRedraw_1_15_8_CancelledGamesKeptOutOfTheState(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "z.db")
	db, ref, tr := swiss(t, path, 0)
	before, err := db.State(ctx, tr.Cipher)
	require.NoError(t, err)
	require.Len(t, before.Games, 4)

	// Nothing changed: the same draw comes again, every pair with its code.
	day := tr.Start.AddDays(3)
	done, err := ref.DeskDecision(ctx, referee.Decision{Kind: referee.Redraw, Cipher: tr.Cipher, Note: "стартовый лист ушёл с ошибкой в адресе", Day: day})
	require.NoError(t, err)
	require.Len(t, done.Cancelled, 4)
	// Then a player leaves before his first move and the round is drawn again without him.
	gone := before.Games[0].White
	_, err = ref.DeskDecision(ctx, referee.Decision{Kind: referee.Withdraw, Cipher: tr.Cipher, Player: gone, Withdrawal: adjudication.WithdrawnByRule, Day: day})
	require.NoError(t, err)
	_, err = ref.DeskDecision(ctx, referee.Decision{Kind: referee.Redraw, Cipher: tr.Cipher, Note: "участник выбыл до первого хода", Day: day.AddDays(1)})
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
	_, err = ref.Checks(ctx, tr.Cipher, day.AddDays(2))
	require.NoError(t, err)

	rows, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	defer rows.Close()
	var games, cancelled, events int
	require.NoError(t, rows.QueryRow(`SELECT count(*), count(*) FILTER (WHERE status = 'cancelled') FROM games`).Scan(&games, &cancelled))
	assert.Equal(t, 12, games, "no game row is deleted")
	assert.Equal(t, 8, cancelled)
	require.NoError(t, rows.QueryRow(`SELECT count(*) FROM events WHERE kind = 'round-redrawn' AND clause = '1.15.8'`).Scan(&events))
	assert.Equal(t, 2, events, "each re-draw is recorded with the judge's reason")
	var renamed string
	require.NoError(t, rows.QueryRow(`SELECT code FROM games WHERE status = 'cancelled' ORDER BY id LIMIT 1`).Scan(&renamed))
	assert.Equal(t, before.Games[0].Code+" ~1", renamed, "the cancelled row keeps its game under a code of its own")
	_, err = db.GameTournament(ctx, renamed)
	assert.ErrorIs(t, err, storage.ErrNotFound, "a cancelled game is no game of the tournament")
	for _, g := range cached.Games {
		c, err := db.GameTournament(ctx, g.Code)
		require.NoError(t, err)
		assert.Equal(t, tr.Cipher, c)
	}
	assert.Equal(t, 16, kinds(t, db)["round-cancelled"], "both players of each cancelled game, twice")
	require.NoError(t, db.Close())

	// Read again from the rows: the same state as the cached one.
	db, err = storage.Open(path)
	require.NoError(t, err)
	defer db.Close()
	read, err := db.State(ctx, tr.Cipher)
	require.NoError(t, err)
	check(read)
	assert.Equal(t, cached.Games, read.Games)
	_, err = (&referee.Referee{DB: db}).DeskDecision(ctx, referee.Decision{Kind: referee.Redraw, Cipher: tr.Cipher, Day: day.AddDays(2)})
	assert.Error(t, err, "no reason, no re-draw")
}
