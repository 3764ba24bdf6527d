package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
	"zaochnik/mailbox"
	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// benchMove is the move the benchmarks' letters play: ZAOCHNIK_BENCH_MOVE,
// 1 when it is unset or empty. A game's lists (its plies, its ledger's
// replies and lines, its letters' Message-IDs) grow with every letter, so
// a letter at move 40 finds more of its game to read and keep than one at
// move 1; the stored games are played up to it first (playTo). Any other
// value than a whole number from 1 fails tb, as a figure measured at move
// 1 when move 40 was asked for would be taken for move 40's.
func benchMove(tb testing.TB, getenv func(string) string) int {
	v := getenv("ZAOCHNIK_BENCH_MOVE")
	if v == "" {
		return 1
	}
	move, err := strconv.Atoi(v)
	if err != nil || move < 1 {
		tb.Fatalf("ZAOCHNIK_BENCH_MOVE=%q: not a move (a whole number from 1)", v)
	}
	return move
}

// benchStart is the first day of play of games whose letters play move on
// today: each earlier ply was sent a day after the one before it, so that
// the ledgers count a day a move, well within the time control.
func benchStart(today timecontrol.Date, move int) timecontrol.Date {
	return today.AddDays(-2 * (move - 1))
}

// benchPly is one letter of a benchmark game: the ply it plays (0 is
// White's first move), the move it answers ("" for none) and its own in
// full notation, its three dates (the opponent's posting, the receipt, its
// own posting: 6.3.1) and the time used, White's and Black's (6.3.3).
type benchPly struct {
	ply          int
	answers, own string
	dates        [3]timecontrol.Date
	time         [2]int
}

// text is the letter's body for game g.
func (p benchPly) text(g benchGame) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d-%d\r\n", g.cipher, g.white.Number, g.black.Number)
	if p.answers != "" {
		fmt.Fprintf(&b, "Ваш ход: %s%s\r\n", plyLabel(p.ply-1), p.answers)
	}
	fmt.Fprintf(&b, "Мой ход: %s%s\r\n%s / %s / %s\r\nВремя: %d/%d\r\n", plyLabel(p.ply), p.own,
		p.dates[0].Russian(), p.dates[1].Russian(), p.dates[2].Russian(), p.time[0], p.time[1])
	return b.String()
}

// plyLabel numbers ply i as a letter writes it: "3." for White's third
// move, "3..." for Black's.
func plyLabel(i int) string {
	if i%2 == 0 {
		return strconv.Itoa(i/2+1) + "."
	}
	return strconv.Itoa(i/2+1) + "..."
}

// benchLine is a legal game of plies plies in full notation, the same at
// every call: 1.c3-d4 f6-g5 (the benchmarks' first letters), then the
// first line, in the engine's order of moves, that lets no piece be taken
// when it can help it and leaves the side to move a move after each ply.
func benchLine(tb testing.TB, plies int) []string {
	p := draughts.Initial(draughts.Russian)
	var line []string
	for _, text := range []string{"c3-d4", "f6-g5"}[:min(plies, 2)] {
		mt, err := draughts.ParseMoveText(text)
		require.NoError(tb, err)
		m, err := p.Resolve(mt)
		require.NoError(tb, err)
		line, p = append(line, text), p.Play(m)
	}
	var walk func(p draughts.Position) bool
	walk = func(p draughts.Position) bool {
		if len(line) == plies {
			return true
		}
		moves := p.LegalMoves(nil)
		safe := make([]draughts.Move, 0, len(moves))
		var risky []draughts.Move
		for _, m := range moves {
			if after := p.Play(m); !after.CanMove() {
				continue
			} else if opp := after.LegalMoves(nil); len(opp) > 0 && opp[0].IsCapture() {
				risky = append(risky, m)
			} else {
				safe = append(safe, m)
			}
		}
		for _, m := range append(safe, risky...) {
			line = append(line, p.Notation(m))
			if walk(p.Play(m)) {
				return true
			}
			line = line[:len(line)-1]
		}
		return false
	}
	require.True(tb, walk(p), "no game of %d plies", plies)
	return line
}

// playTo plays every game of games, stored by benchTournaments with play
// starting on benchStart(today, move), up to just before move: each ply of
// benchLine as its player's letter, received by the referee on the day it
// was sent (the store's clock set to it), in groups of 100 as the daemon
// receives them, so that the games' rows, ledgers, letters and outbox are
// what the daemon writes. It returns White's letter of move and Black's
// answer as they arrive today (with the ledger's totals for the time, so
// that they draw no note).
func playTo(tb testing.TB, db *storage.DB, games []benchGame, move int, today timecontrol.Date) (white, black benchPly) {
	ctx := context.Background()
	start := benchStart(today, move)
	plies := 2 * (move - 1)
	line := benchLine(tb, plies+2)
	day := func(ply int) timecontrol.Date {
		if d := start.AddDays(ply); d.Before(today) {
			return d
		}
		return today
	}
	defer func(now func() time.Time) { db.Now = now }(db.Now)
	ref := benchReferee(db)
	uid := uint32(0)
	for ply := 0; ply < plies; ply++ {
		at := noon(day(ply))
		db.Now = func() time.Time { return at }
		p := plyOf(tb, db, games[0], line, ply, day)
		for k := 0; k < len(games); k += 100 {
			var group []referee.Letter
			for i, g := range games[k:min(k+100, len(games))] {
				uid++
				raw := benchMail(g, ply%2 == 1, p.text(g), fmt.Sprintf("ply%d.%d@bench.test", ply, k+i), at)
				group = append(group, decoded(ref, referee.Letter{Mailbox: "played", UIDValidity: 1, UID: uid, Raw: raw}))
			}
			outs, err := ref.ReceiveAll(ctx, group)
			require.NoError(tb, err)
			for _, o := range outs {
				if o.Disposition != storage.Processed || len(o.Outcome.Problems) > 0 {
					tb.Fatalf("ply %d: letter %d: %s %s %v", ply, o.LetterID, o.Disposition, o.Outcome.Reason, o.Outcome.Problems)
				}
			}
		}
	}
	return plyOf(tb, db, games[0], line, plies, day), plyOf(tb, db, games[0], line, plies+1, day)
}

// benchReferee is the referee of the benchmarks' store db, as the daemon
// runs it (authserv_id = bench.test), logging nothing.
func benchReferee(db *storage.DB) *referee.Referee {
	return &referee.Referee{DB: db, Reading: mailbox.Reading{Auth: mailbox.AuthPolicy{AuthservID: "bench.test"}, Own: []string{"turnir@bench.test"}}, Log: quietLog()}
}

// noon is midday of d in Moscow, the benchmark tournaments' zone.
func noon(d timecontrol.Date) time.Time {
	return time.Date(d.Year(), d.Month(), d.Day(), 12, 0, 0, 0, moscow())
}

// plyOf is the letter of ply of line in game g, as the store has g now
// (all its earlier plies played, or all but the one before when ply is
// its second letter ahead): sent on day(ply), answering the move sent on
// day(ply-1) and received that day, with the time the ledger will count
// once it is sent.
func plyOf(tb testing.TB, db *storage.DB, g benchGame, line []string, ply int, day func(int) timecontrol.Date) benchPly {
	p := benchPly{ply: ply, own: line[ply], dates: [3]timecontrol.Date{day(ply - 1), day(ply - 1), day(ply)}}
	if ply == 0 {
		p.dates[0], p.dates[1] = day(0), day(0)
	} else {
		p.answers = line[ply-1]
	}
	s, err := db.State(context.Background(), g.cipher)
	require.NoError(tb, err)
	game, ok := s.Game(g.code())
	require.True(tb, ok)
	replies := append([]timecontrol.Reply(nil), game.Replies...)
	// The letters of plies not yet received, as the referee records them
	// (corr's recordReplies): the pending reply is sent, the opponent's
	// starts on the same day.
	for i := len(game.Plies); i <= ply; i++ {
		side := timecontrol.White
		if i%2 == 1 {
			side = timecontrol.Black
		}
		if n := len(replies); n > 0 && replies[n-1].Sent.IsZero() && replies[n-1].Player == side {
			replies[n-1].Sent, replies[n-1].Moves = day(i), 1
			if replies[n-1].Received.After(day(i)) {
				replies[n-1].Received = day(i) // a first move sent before the start of play
			}
		} else {
			replies = append(replies, timecontrol.Reply{Player: side, Received: day(i), Sent: day(i), Moves: 1})
		}
		replies = append(replies, timecontrol.Reply{Player: 1 - side, Received: day(i)})
	}
	game.Replies = replies
	led, err := s.Ledger(game)
	require.NoError(tb, err)
	p.time = [2]int{led.Totals[timecontrol.White].Total, led.Totals[timecontrol.Black].Total}
	return p
}

// plyLetters is the letter of ply p in each game, received now; ids
// "NAME.I@bench.test", I the game's place in games.
func plyLetters(games []benchGame, p benchPly, name string, now time.Time) [][]byte {
	letters := make([][]byte, len(games))
	for i, g := range games {
		letters[i] = benchMail(g, p.ply%2 == 1, p.text(g), fmt.Sprintf("%s.%d@bench.test", name, i), now)
	}
	return letters
}

// TestPlayTo_PlaysTheGamesUpToTheMove: the benchmarks' games played to
// just before move 3 hold its four plies, a day apart from the start of
// play, with no problem found in any letter (playTo fails otherwise); the
// letters of move 3 are then applied as written, with the ledger's time.
func TestPlayTo_PlaysTheGamesUpToTheMove(t *testing.T) {
	db, err := storage.Open(filepath.Join(t.TempDir(), "z.db"))
	require.NoError(t, err)
	defer db.Close()
	today := timecontrol.NewDate(2026, time.March, 20)
	db.Now = func() time.Time { return noon(today) }
	games := benchTournaments(t, db, 1, benchStart(today, 3))
	white, black := playTo(t, db, games, 3, today)
	assert.Equal(t, "3.", plyLabel(white.ply))
	assert.Equal(t, "3...", plyLabel(black.ply))
	assert.Equal(t, [3]timecontrol.Date{today.AddDays(-1), today.AddDays(-1), today}, white.dates)

	s, err := db.State(context.Background(), games[0].cipher)
	require.NoError(t, err)
	g, ok := s.Game(games[0].code())
	require.True(t, ok)
	require.Len(t, g.Plies, 4)
	var sent []timecontrol.Date
	for _, r := range g.Replies {
		if !r.Sent.IsZero() {
			sent = append(sent, r.Sent)
		}
	}
	start := benchStart(today, 3)
	assert.Equal(t, []timecontrol.Date{start, start.AddDays(1), start.AddDays(2), start.AddDays(3)}, sent)
	assert.Len(t, g.Letters[0], 2)
	assert.Len(t, g.Letters[1], 2)

	ref := benchReferee(db)
	now := noon(today)
	var ls []referee.Letter
	for _, raw := range append(plyLetters(games, white, "first", now), plyLetters(games, black, "reply", now)...) {
		ls = append(ls, referee.Letter{Mailbox: "INBOX", UIDValidity: 1, UID: uint32(len(ls) + 1), Raw: raw})
	}
	receiveBacklog(t, ref, ls)
	s, err = db.State(context.Background(), games[0].cipher)
	require.NoError(t, err)
	g, _ = s.Game(games[0].code())
	assert.Len(t, g.Plies, 6)
	led, err := s.Ledger(g)
	require.NoError(t, err)
	assert.Equal(t, black.time, [2]int{led.Totals[timecontrol.White].Total, led.Totals[timecontrol.Black].Total})
}

// TestBenchLine_IsLegal: the benchmarks' line is a legal game that goes
// on after its last ply, and the same at every call.
func TestBenchLine_IsLegal(t *testing.T) {
	line := benchLine(t, 80)
	require.Len(t, line, 80)
	assert.Equal(t, []string{"c3-d4", "f6-g5"}, line[:2])
	assert.Equal(t, line, benchLine(t, 80))
	p := draughts.Initial(draughts.Russian)
	for i, text := range line {
		mt, err := draughts.ParseMoveText(text)
		require.NoError(t, err, "ply %d", i)
		m, err := p.Resolve(mt)
		require.NoError(t, err, "ply %d: %s", i, text)
		p = p.Play(m)
	}
	assert.True(t, p.CanMove())
}

// TestBenchMove: ZAOCHNIK_BENCH_MOVE unset or empty is move 1, a whole
// number from 1 is that move, and anything else fails the benchmark
// rather than measure move 1 in its name (it was taken for 1).
func TestBenchMove(t *testing.T) {
	tests := []struct {
		env    string
		move   int
		failed bool
	}{
		{"", 1, false},
		{"1", 1, false},
		{"40", 40, false},
		{"0", 0, true},
		{"-3", 0, true},
		{"40 ", 0, true},
		{"forty", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.env, func(t *testing.T) {
			tb := &fatalTB{TB: t}
			move := benchMove(tb, func(k string) string {
				require.Equal(t, "ZAOCHNIK_BENCH_MOVE", k)
				return tt.env
			})
			assert.Equal(t, tt.failed, tb.failed)
			if !tt.failed {
				assert.Equal(t, tt.move, move)
			}
		})
	}
}

// fatalTB records a Fatalf instead of ending the test.
type fatalTB struct {
	testing.TB
	failed bool
}

func (f *fatalTB) Fatalf(string, ...any) { f.failed = true }
