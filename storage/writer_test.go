package storage

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// valuer is a type of the caller's with a value of its own for the driver.
type valuer struct{ s string }

func (v valuer) Value() (driver.Value, error) { return "v:" + v.s, nil }

// The values a statement beneath database/sql is given are those
// database/sql would give the driver: every Go type the store passes, a
// Valuer's own value, and a type the driver does not take refused.
func TestWriter_ValuesAsDatabaseSQL(t *testing.T) {
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		arg  any
	}{
		{"Nil", nil},
		{"Int", 7},
		{"Int64", int64(-7)},
		{"Uint32", uint32(4000000000)},
		{"String", "ход"},
		{"NamedString", Processed},
		{"Bytes", []byte("raw")},
		{"Bool", true},
		{"Float", 1.5},
		{"Time", at},
		{"Valuer", valuer{"x"}},
		{"NilPointer", (*int)(nil)},
		{"Struct", struct{ A int }{1}},
		{"Slice", []string{"a"}},
	}
	var w writerConn
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, werr := driver.DefaultParameterConverter.ConvertValue(tt.arg)
			nv, err := w.values([]any{"first", tt.arg})
			if werr != nil {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			require.Len(t, nv, 2)
			assert.Equal(t, driver.NamedValue{Ordinal: 2, Value: want}, nv[1])
		})
	}
}

// A row read beneath database/sql in the write transaction (queryRow)
// gives every destination the store scans into (string, int64, int, bool,
// []byte) what database/sql's Row.Scan gives it, or fails where it fails:
// each SQLite value, NULL included, into each type, read both ways from
// the same statement. Any other destination is refused.
func TestWriter_ScanAsDatabaseSQL(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "z.db"))
	require.NoError(t, err)
	defer db.Close()
	ctx := context.Background()
	values := []struct {
		name string
		expr string
	}{
		{"Null", "NULL"}, {"Zero", "0"}, {"One", "1"}, {"Int", "-7"}, {"Big", "9007199254740993"},
		{"Real", "1.5"}, {"Text", "'ход'"}, {"Digits", "'12'"}, {"True", "'true'"}, {"Empty", "''"},
		{"Blob", "x'cafe'"}, {"EmptyBlob", "x''"},
	}
	dests := map[string]func() any{
		"string": func() any { return new(string) }, "int64": func() any { return new(int64) },
		"int": func() any { return new(int) }, "bool": func() any { return new(bool) },
		"bytes": func() any { return new([]byte) },
	}
	for _, v := range values {
		for name, dest := range dests {
			t.Run(v.name+"/"+name, func(t *testing.T) {
				query := `SELECT ` + v.expr + `, 'second'`
				want, wantSecond := dest(), ""
				werr := db.db.QueryRowContext(ctx, query).Scan(want, &wantSecond)
				got, gotSecond := dest(), ""
				var gerr error
				require.NoError(t, db.tx(ctx, func(tx *sql.Tx) error {
					require.True(t, db.raw(tx))
					gerr = db.queryRow(ctx, tx, query).Scan(got, &gotSecond)
					assert.Contains(t, db.wc.stmts, query, "run beneath database/sql")
					return nil
				}))
				if werr != nil {
					assert.Error(t, gerr)
					return
				}
				require.NoError(t, gerr)
				assert.Equal(t, want, got)
				assert.Equal(t, wantSecond, gotSecond)
			})
		}
	}
	require.NoError(t, db.tx(ctx, func(tx *sql.Tx) error {
		var n int64
		for _, dest := range []any{new(chan int), new(float64), new(any), new(sql.NullString)} {
			assert.Error(t, db.queryRow(ctx, tx, `SELECT 1`).Scan(dest), "%T: a destination the store does not scan into is refused", dest)
		}
		assert.ErrorIs(t, db.queryRow(ctx, tx, `SELECT 1 WHERE 0`).Scan(&n), sql.ErrNoRows)
		assert.Error(t, db.queryRow(ctx, tx, `SELECT 1, 2`).Scan(&n), "one destination for two columns")
		return nil
	}))
}

// A write transaction ends when the store commits or rolls it back, not
// when its context does: a group whose context is cancelled after its
// first letter commits its letters; a letter's step run on the cancelled
// context fails, and the group is rolled back whole.
func TestWriter_TransactionOutlivesItsContext(t *testing.T) {
	for _, stepCancelled := range []bool{false, true} {
		t.Run(fmt.Sprintf("stepCancelled=%v", stepCancelled), func(t *testing.T) {
			db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
			gctx, cancel := context.WithCancel(context.Background())
			g, err := db.Group(gctx)
			require.NoError(t, err)
			defer g.Rollback()
			ctx := context.Background()
			require.NoError(t, each(g, func(tx *Tx) error {
				_, err := applyIn(ctx, tx, cipher, game12[0])
				return err
			}))
			cancel()
			stepCtx := ctx
			if stepCancelled {
				stepCtx = gctx
			}
			err = each(g, func(tx *Tx) error {
				_, err := applyIn(stepCtx, tx, cipher, game12[1])
				return err
			})
			if stepCancelled {
				require.ErrorIs(t, err, context.Canceled, "a step on the cancelled context")
				require.ErrorIs(t, g.Commit(), context.Canceled)
				assert.Empty(t, storedIDs(t, db), "nothing of a group rolled back")
				return
			}
			require.NoError(t, err)
			require.NoError(t, g.Commit())
			assert.Equal(t, []string{"<m1>", "<m2>"}, storedIDs(t, db))
		})
	}
}

// A write that cannot begin (its context ended) leaves the writer's
// connection as good as before: the next write runs.
func TestWriter_NextWriteAfterOneThatDidNotBegin(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	done, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := db.Group(done)
	require.ErrorIs(t, err, context.Canceled)
	err = db.Update(done, func(*Tx) error { return errors.New("not run") })
	require.ErrorIs(t, err, context.Canceled)

	res, err := apply(context.Background(), db, cipher, game12[0])
	require.NoError(t, err)
	assert.True(t, res.Outcome.Accepted)
}

// A writer's connection the pool closed (a driver's bad connection) is
// replaced by the next write, which runs.
func TestWriter_ClosedConnectionReplaced(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	require.NotNil(t, db.wc.conn, "the writes so far ran on the writer's connection")
	require.NoError(t, db.wc.conn.Close())

	res, err := apply(context.Background(), db, cipher, game12[0])
	require.NoError(t, err)
	assert.True(t, res.Outcome.Accepted)
}

// writerCiphers is senderCiphers of addr in a write transaction of its
// own, which must not fail.
func writerCiphers(t *testing.T, db *DB, addr string) (mine, all []string) {
	t.Helper()
	require.NoError(t, db.Update(context.Background(), func(tx *Tx) error {
		var err error
		mine, all, err = db.senderCiphers(context.Background(), tx.tx, addr)
		return err
	}))
	return mine, all
}

// A sender's tournaments are asked once for all write transactions while
// nobody else writes: another connection's write (a tournament created by
// another process) or a tournament created by this one has them asked again.
func TestWriter_SenderCiphersKeptTillAnotherWrites(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	addPlayer := func(tx interface {
		ExecContext(context.Context, string, ...any) (sql.Result, error)
	}, number int, email string) {
		_, err := tx.ExecContext(ctx, `INSERT INTO players (tournament_id, number, name, email, language) VALUES ((SELECT id FROM tournaments WHERE cipher = ?), ?, 'Новый', ?, 'ru')`,
			cipher, number, email)
		require.NoError(t, err)
	}
	mine, all := writerCiphers(t, db, "new@example.org")
	assert.Empty(t, mine)
	assert.Equal(t, []string{cipher}, all)

	// Written on the writer's own connection, as no code of the store
	// does but CreateTournament: the answer kept stands.
	require.NoError(t, db.Update(ctx, func(tx *Tx) error {
		addPlayer(tx.tx, 90, "new@example.org")
		return nil
	}))
	mine, _ = writerCiphers(t, db, "new@example.org")
	assert.Empty(t, mine, "kept from the transaction before")

	// Written by another connection: asked again.
	addPlayer(db.db, 91, "other@example.org")
	mine, _ = writerCiphers(t, db, "new@example.org")
	assert.Equal(t, []string{cipher}, mine)

	// A tournament created by this process: asked again.
	mine, _ = writerCiphers(t, db, "new2@example.org")
	assert.Empty(t, mine)
	createTwo(t, db, "petrov@example.org", "new2@example.org", cipher, "ВТОРОЙ-2026")
	mine, _ = writerCiphers(t, db, "new2@example.org")
	assert.Equal(t, []string{"ВТОРОЙ-2026"}, mine)
}

// The senders' answers (sendersCurrent) are kept across the writer's
// transactions and forgotten only by another connection's write or by
// CreateTournament: they stay right only while no other code of the store
// writes what they read (tournaments' ids and ciphers, players' emails and
// tournaments). This lists every statement of the store that writes
// players or tournaments; a new one must forget the answers as
// CreateTournament does, then join the list.
func TestWriter_SendersWritersKnown(t *testing.T) {
	known := map[string]bool{
		"INSERT INTO tournaments (cipher, source, created)":                  true, // CreateTournament
		"INSERT INTO players (tournament_id, number, name, email, language)": true, // CreateTournament
		"UPDATE tournaments SET state = ?, started = ? WHERE id = ?":         true, // columns the answers do not read
	}
	writes := regexp.MustCompile(`(?i)(INSERT\s+(OR\s+\w+\s+)?INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM)\s+(players|tournaments)\b[^` + "`" + `]*`)
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range writes.FindAllString(string(src), -1) {
			found++
			ok := false
			for k := range known {
				ok = ok || strings.HasPrefix(m, k)
			}
			assert.True(t, ok, "%s: %q writes what the senders' answers read; forget them there (sendersCurrent)", f, m)
		}
	}
	assert.Equal(t, len(known), found, "every known writer is still found")
}
