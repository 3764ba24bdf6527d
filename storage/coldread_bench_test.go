package storage

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// coldTournaments stores n tournaments of 15 players (105 games each),
// written as the daemon's benchmark writes them (cmd/zaochnik), started,
// with White's first move played in every other game; it returns the
// store and the ciphers.
func coldTournaments(b *testing.B, n int) (*DB, []string) {
	db, err := Open(filepath.Join(b.TempDir(), "z.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	ctx := context.Background()
	var ciphers []string
	for k := 1; k <= n; k++ {
		var src strings.Builder
		fmt.Fprintf(&src, "cipher = \"Б-%03d\"\nname = \"bench\"\nvariant = \"russian\"\nstart = 2026-03-01\nend = 2027-03-01\ntimezone = \"Europe/Moscow\"\n"+
			"[time_control]\ndays = 50\nmoves = 10\n[secretary]\nname = \"S\"\nemail = \"sec%03d@bench.test\"\n[judge]\nname = \"J\"\nemail = \"judge@bench.test\"\n", k, k)
		for i := 1; i <= 15; i++ {
			fmt.Fprintf(&src, "[[players]]\nnumber = %d\nname = \"P%d\"\nemail = \"p%03d-%02d@bench.test\"\n", i, i, k, i)
		}
		t, err := corr.ParseTournament([]byte(src.String()))
		if err != nil {
			b.Fatal(err)
		}
		if err := db.CreateTournament(ctx, t, []byte(src.String())); err != nil {
			b.Fatal(err)
		}
		if err := start(ctx, db, t.Cipher, t.Start); err != nil {
			b.Fatal(err)
		}
		for i, p := range t.Games {
			if i%2 == 1 {
				continue
			}
			g := &benchGame{pair: p, pos: draughts.Initial(draughts.Russian)}
			r, _ := g.next(t, k*1000+i)
			r.From = fmt.Sprintf("p%03d-%02d@bench.test", k, p.White)
			if res, err := apply(ctx, db, t.Cipher, r); err != nil || !res.Outcome.Accepted {
				b.Fatalf("%v %s", err, res.Outcome.Reason)
			}
		}
		ciphers = append(ciphers, t.Cipher)
	}
	return db, ciphers
}

// BenchmarkColdRead reads tournaments of 105 games (half of them with a
// first move) that the store holds in no copy (cache.go), in a write
// transaction as a letter does (Tx.Load: the state and the desk): a
// daemon's first letter of each tournament after a restart, or any letter
// of a backlog whose tournaments are more than the copies kept. fileKept
// keeps the parsed tournament files (parsedFiles) between the reads.
// move=20 reads them with every game's lists as long as at move 20 (40
// plies, 41 replies, 20 letters' ids a side: lengthened), fileKept.
func BenchmarkColdRead(b *testing.B) {
	for _, tc := range []struct {
		name     string
		fileKept bool
		move     int
	}{{"fileKept=false", false, 1}, {"fileKept=true", true, 1}, {"move=20", true, 20}} {
		b.Run(tc.name, func(b *testing.B) {
			// Tournament 1 is left out: SQLite plans a statement again when a
			// parameter compared in a join or an ordered query changes to or
			// from 0 or 1, which a store of hundreds of tournaments seldom does.
			db, ciphers := coldTournaments(b, 5)
			ciphers = ciphers[1:]
			ctx := context.Background()
			if tc.move > 1 {
				lengthen(b, db, ciphers, tc.move)
			}
			cpu := cpuTime(b)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := readCold(ctx, db, ciphers, tc.fileKept); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64((cpuTime(b)-cpu).Microseconds())/float64(b.N*len(ciphers)), "cpu-µs/read")
		})
	}
}

// lengthen makes every game of ciphers as long as at move: two plies a
// move, a reply a ply and one awaited, a letter's id a ply, copies of its
// first (or a made-up one), written as the store writes a game.
func lengthen(b *testing.B, db *DB, ciphers []string, move int) {
	ctx := context.Background()
	for _, c := range ciphers {
		err := db.Update(ctx, func(tx *Tx) error {
			l, err := tx.Load(ctx, c)
			if err != nil {
				return err
			}
			next := l.State.Clone()
			for _, g := range next.Games {
				ply := corr.Ply{Move: draughts.Move{From: 22, To: 18}, Text: "c3-d4"}
				reply := timecontrol.Reply{Received: next.Started, Sent: next.Started.AddDays(2), Postmark: next.Started.AddDays(1), Moves: 1, Text: "c3-d4"}
				g.Plies, g.Replies, g.Letters = nil, nil, [2][]string{}
				for i := range 2 * (move - 1) {
					reply.Player = timecontrol.Color(i % 2)
					g.Plies = append(g.Plies, ply)
					g.Replies = append(g.Replies, reply)
					g.Letters[i%2] = append(g.Letters[i%2], fmt.Sprintf("<%d.%s@bench.test>", i, g.Code))
				}
				g.Replies = append(g.Replies, timecontrol.Reply{Received: next.Started.AddDays(2)})
			}
			return tx.Save(ctx, l, next, 0, Processed, next.Started, corr.Outcome{})
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// readCold reads ciphers in one write transaction with no copy kept, nor
// their files when fileKept is false; a function of its own, so that
// callgrind counts it apart from the setup.
//
//go:noinline
func readCold(ctx context.Context, db *DB, ciphers []string, fileKept bool) error {
	db.tournaments.clear()
	if !fileKept {
		db.parsed.clear()
	}
	return db.Update(ctx, func(tx *Tx) error {
		for _, c := range ciphers {
			if _, err := tx.Load(ctx, c); err != nil {
				return err
			}
		}
		return nil
	})
}
