package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

const tournamentUsage = `Usage: zaochnik tournament create FILE.toml [--db FILE]
       zaochnik tournament start CIPHER [--date YYYY-MM-DD] [--db FILE]
       zaochnik tournament show CIPHER [--json] [--db FILE]

create stores a tournament from its file (format: testdata/tournaments/example.toml);
start sends the start list to every player and the secretary (clause 6.3.2);
show prints the games with their status, result and time.
Exit status: 0 done, 1 the file, the tournament or the database is wrong, 2 bad usage.`

// runTournament is "zaochnik tournament": create, start and show tournaments.
func runTournament(e *env, args []string) int {
	fs := flag.NewFlagSet("tournament", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, tournamentUsage); fs.PrintDefaults() }
	dbPath := fs.String("db", "zaochnik.db", "the database `FILE`")
	dateFlag := fs.String("date", "", "start: the `date` the start list goes out (default: today)")
	asJSON := fs.Bool("json", false, "show: print one JSON object")
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		fs.Usage()
		return 0
	}
	if len(args) < 2 {
		fmt.Fprintln(e.stderr, "zaochnik tournament: say what to do: create FILE, start CIPHER or show CIPHER; see zaochnik tournament --help")
		return 2
	}
	verb, arg := args[0], args[1]
	if err := fs.Parse(args[2:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	switch verb {
	case "create", "start", "show":
	default:
		fmt.Fprintf(e.stderr, "zaochnik tournament: unknown action %q; use create, start or show\n", verb)
		return 2
	}
	day, err := optionalDate(*dateFlag)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik tournament %s: --date: %v\n", verb, err)
		return 2
	}
	open := openExisting
	if verb == "create" {
		open = storage.Open
	}
	db, err := open(*dbPath)
	if err == nil {
		defer db.Close()
		err = tournamentVerb(e, e.referee(db), verb, arg, *dbPath, day, *asJSON)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik tournament %s: %v\n", verb, err)
		return 1
	}
	return 0
}

// tournamentVerb carries out create (referee.Create), start
// (referee.Start) or show, and prints what was done.
func tournamentVerb(e *env, ref *referee.Referee, verb, arg, dbPath string, day timecontrol.Date, asJSON bool) error {
	ctx := context.Background()
	switch verb {
	case "create":
		src, err := os.ReadFile(arg)
		if err != nil {
			return err
		}
		t, err := ref.Create(ctx, src, false)
		if err != nil {
			return fmt.Errorf("%s:\n%w", arg, err)
		}
		fmt.Fprintf(e.stdout, "tournament %s created: %d players, %d games; start it with: zaochnik tournament start %s --db %s\n", t.Cipher, len(t.Players), len(t.Games), t.Cipher, dbPath)
	case "start":
		done, err := ref.Start(ctx, arg, day, false)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "tournament %s started on %s: %d letters queued\n", arg, done.Day, len(done.Out))
	case "show":
		s, err := ref.DB.State(ctx, arg)
		if err != nil {
			return err
		}
		r := gamesReport(s)
		if asJSON {
			return writeJSON(e.stdout, map[string]any{"cipher": s.Tournament.Cipher, "name": s.Tournament.Name, "started": s.Started, "games": r})
		}
		fmt.Fprintf(e.stdout, "%s — %s (%s), %s..%s, started %s\n", s.Tournament.Cipher, s.Tournament.Name, s.Tournament.Variant, s.Tournament.Start, s.Tournament.End, orDash(s.Started.String()))
		for _, g := range r {
			fmt.Fprintf(e.stdout, "%d-%d  %-10s %-7s  time %d/%d  %s\n", g.White, g.Black, g.Status, g.Result, g.Ledger.White.Total, g.Ledger.Black.Total, g.Moves)
		}
	}
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
