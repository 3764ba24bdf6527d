package storage

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
)

// A tournament read from its rows in the write transaction (its first
// letter since the process started, or since its copy left memory) reads
// its games and claims on the writer's connection beneath database/sql,
// as the transaction's other look-ups, and reads them as database/sql
// does: a claim filed, protested (6.3.8), ruled (6.3.7) and appealed
// (6.1.12), every field of its row set.
func TestRead_ColdTournamentOnTheWriter(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	_, cipher := claimAppealed(t, path)
	ctx := context.Background()

	viaSQL, err := Open(path)
	require.NoError(t, err)
	defer viaSQL.Close()
	want, err := viaSQL.State(ctx, cipher) // read from the rows through database/sql
	require.NoError(t, err)
	require.Len(t, want.Games[0].Claims, 1)

	cold, err := Open(path)
	require.NoError(t, err)
	defer cold.Close()
	l, err := loadIn(ctx, cold, cipher)
	require.NoError(t, err)
	assert.Equal(t, want.Games, l.State.Games, "read beneath database/sql as through it")
	for _, q := range []string{readGamesQuery, readClaimsQuery} {
		assert.Contains(t, cold.wc.stmts, q, "run on the writer's own statement")
	}
}

// A tournament's time zone is loaded once per parse of its file (kept
// while the file stays among parsedFiles), not at every read of the
// tournament from its rows (time.LoadLocation reads the zone's file each
// time).
func TestRead_ZoneLoadedOncePerFile(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	zone := func() *time.Location {
		db.forgetAll() // read from the rows
		l, err := loadIn(ctx, db, cipher)
		require.NoError(t, err)
		return l.from.loc
	}
	first := zone()
	require.NotNil(t, first)
	assert.Same(t, first, zone())
}

// The parsed files are kept for more tournaments than a federation's
// copies (a hundred here), so that a copy read again from its rows after
// it was dropped does not parse its file again.
func TestRead_ParsedFilesOfManyTournamentsKept(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "z.db"))
	require.NoError(t, err)
	defer db.Close()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "replay", "two.toml"))
	require.NoError(t, err)
	tm, err := corr.ParseTournament(src)
	require.NoError(t, err)
	parse := func(k int) *time.Location {
		f, err := db.parsedFile([]byte(strings.ReplaceAll(string(src), tm.Cipher, fmt.Sprintf("Т%03d-2026", k))))
		require.NoError(t, err)
		return f.loc
	}
	first := parse(0)
	for k := 1; k < 100; k++ {
		parse(k)
	}
	assert.Same(t, first, parse(0), "the first file's parse is kept")
}

// A sender's tournaments are asked in the write transaction with those of
// every player of his tournaments, in one statement (the next letters come
// from his opponents), each answer as asked alone: a player's every
// tournament, matched as SQLite's lower() matches the address.
func TestWriter_SenderCiphersOfOpponentsKeptWithHis(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	createTwo(t, db, "ivanov@example.org", "Sidorov@Example.org", cipher, "ВТОРОЙ-2026")
	kept := func(addr string) (senderTournaments, bool) { return db.wc.senders.get(addr) }
	mine, _ := writerCiphers(t, db, "ivanov@example.org")
	assert.Equal(t, []string{cipher}, mine)
	petrov, ok := kept("petrov@example.org")
	require.True(t, ok, "his opponent's answer kept with his")
	assert.Equal(t, []string{cipher, "ВТОРОЙ-2026"}, petrov.mine, "every tournament of the opponent")
	_, ok = kept("sidorov@example.org")
	assert.False(t, ok, "no opponent of his")

	for _, addr := range []string{"Sidorov@Example.org", "PETROV@example.org", "petrov@example.org", "sidorov@example.org", "ivanov@example.org", "stranger@example.org", "Иванов@example.org"} {
		mine, all := writerCiphers(t, db, addr)
		wantMine, wantAll, err := db.SenderCiphers(ctx, addr) // asked alone, outside the write transaction
		require.NoError(t, err)
		assert.Equal(t, wantMine, mine, addr)
		assert.Equal(t, wantAll, all, addr)
	}
}

// A player listed twice in a tournament (a store edited by hand: the
// tournament file's validation rejects it) plays in it once: the write
// transaction's answer lists the tournament once, as the answer asked
// alone does, for him and for his opponent.
func TestWriter_SenderCiphersPlayerListedTwice(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	_, err := db.db.Exec(`INSERT INTO players (tournament_id, number, name, email, language)
		SELECT tournament_id, 3, name, upper(email), language FROM players WHERE email = 'ivanov@example.org'`)
	require.NoError(t, err)
	for _, addr := range []string{"ivanov@example.org", "petrov@example.org"} {
		mine, _ := writerCiphers(t, db, addr)
		assert.Equal(t, []string{cipher}, mine, addr)
		alone, _, err := db.SenderCiphers(ctx, addr)
		require.NoError(t, err)
		assert.Equal(t, alone, mine, addr)
	}
}
