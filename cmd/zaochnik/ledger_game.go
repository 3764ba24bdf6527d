package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"zaochnik/corr"
)

const ledgerGameUsage = `Usage: zaochnik ledger GAME [--db FILE] [--today YYYY-MM-DD] [--json] [--lang ru|en]

Prints the day ledger of a stored game, as the calculator does for a timeline
file. GAME is the game's code, the cipher and the start numbers White first:
zaochnik ledger "ЧР-2026-ЗФ 1-2". Exit status: 0 printed, 1 no such game or a
store error, 2 bad usage.`

// runLedgerGame is "zaochnik ledger GAME": the ledger of a game in the store.
func runLedgerGame(e *env, args []string) int {
	fs := flag.NewFlagSet("ledger", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, ledgerGameUsage); fs.PrintDefaults() }
	dbPath := fs.String("db", "zaochnik.db", "the database `FILE`")
	todayFlag := fs.String("today", "", "the `date` (YYYY-MM-DD) to show the running clock of the player on move for")
	asJSON := fs.Bool("json", false, "print the ledger as one JSON object")
	langFlag := fs.String("lang", "ru", "language of the explanations: ru or en")
	var words []string
	for len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		words, args = append(words, args[0]), args[1:]
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	code := strings.Join(append(words, fs.Args()...), " ")
	cipher, pair, err := corr.ParseGameCode(code)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik ledger: %v\n", err)
		return 2
	}
	lang, ok := ledgerLang(e, *langFlag)
	if !ok {
		return 2
	}
	today, err := optionalDate(*todayFlag)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik ledger: --today: %v\n", err)
		return 2
	}
	db, err := openExisting(*dbPath)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik ledger: %v\n", err)
		return 1
	}
	defer db.Close()
	s, err := db.State(context.Background(), cipher)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik ledger: %v\n", err)
		return 1
	}
	g, ok := s.Game(corr.GameCode(cipher, pair))
	if !ok {
		fmt.Fprintf(e.stderr, "zaochnik ledger: tournament %s has no game %d-%d (White first); 'zaochnik tournament show %s' lists them\n", cipher, pair.White, pair.Black, cipher)
		return 1
	}
	l, err := s.Ledger(g)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik ledger: game %s: %v\n", g.Code, err)
		return 1
	}
	if last := lastDate(l); !today.IsZero() && today.Before(last) {
		fmt.Fprintf(e.stderr, "zaochnik ledger: --today %s is before the game's last letter (%s): the clock of the player on move runs from it; give that date or a later one\n", today, last)
		return 2
	}
	return printLedger(e, l, today, lang, *asJSON)
}
