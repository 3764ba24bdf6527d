package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"zaochnik/corr/letter"

	"zaochnik/adjudication"
	"zaochnik/referee"
)

const standingsUsage = `Usage: zaochnik standings CIPHER [--json] [--lang ru|en] [--points 1/0.5/0] [--tie-breaks LIST] [--rulings FILE] [--db FILE]

Prints the crosstable of tournament CIPHER from the store: points, places
(shared as "3-4") and the tie-breaks, "+" and "-" for games decided without
play, "*" for games still in play. The tie-breaks are applied in the order
given (default: sonneborn-berger,wins,head-to-head,beaten-opponents, the
round-robin order of rule 1.13.3; in a Swiss tournament buchholz,
median-buchholz,truncated-buchholz, 5.3.11.3). With score_by = "matches"
in the tournament file every cell is a micro-match (1.11). --rulings applies the judge's decisions
the store does not hold: 6.5.3 rulings on withdrawn players, adjudicated
results, the sanctions register (format: adjudication/testdata/rulings.toml).
Exit status: 0 done, 1 no such tournament, a wrong rulings file or a store
error, 2 bad usage.`

// standingsOutput is the --json output: the crosstable with its tournament.
type standingsOutput struct {
	Cipher string `json:"cipher"`
	Name   string `json:"name"`
	adjudication.Crosstable
}

// runStandings is "zaochnik standings": the crosstable of a tournament
// (referee.Standings).
func runStandings(e *env, args []string) int {
	fs := flag.NewFlagSet("standings", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, standingsUsage); fs.PrintDefaults() }
	dbPath := fs.String("db", "zaochnik.db", "the database `FILE`")
	asJSON := fs.Bool("json", false, "print one JSON object")
	lang := fs.String("lang", "ru", "the language of the headers: ru or en")
	pointsFlag := fs.String("points", "1/0.5/0", "the points for a `win/draw/loss` (rule 1.12.1)")
	tbFlag := fs.String("tie-breaks", "", "the tie-breaks in order, comma-separated (default: the round-robin order)")
	rulingsPath := fs.String("rulings", "", "the judge's rulings `FILE` (TOML): withdrawals, results, sanctions")
	if len(args) > 0 && isHelp(args[0]) {
		fs.Usage()
		return 0
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(e.stderr, "zaochnik standings: give the tournament cipher first; see zaochnik standings --help")
		return 2
	}
	cipher := args[0]
	if status, ok := parsed(fs, args[1:]); !ok {
		return status
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "zaochnik standings: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return usage("unexpected %q; see zaochnik standings --help", fs.Arg(0))
	}
	language, ok := letter.ParseLang(*lang)
	if !ok {
		return usage("--lang %q: write ru or en", *lang)
	}
	var opt referee.StandingsOptions
	var err error
	if opt.Points, err = parsePoints(*pointsFlag); err != nil {
		return usage("--points: %v", err)
	}
	if opt.TieBreaks, err = parseTieBreaks(*tbFlag); err != nil {
		return usage("--tie-breaks: %v", err)
	}
	if opt.Rulings, err = readRulings(*rulingsPath); err != nil {
		fmt.Fprintf(e.stderr, "zaochnik standings: %s:\n%v\n", *rulingsPath, err)
		return 1
	}
	if err := printStandings(e, *dbPath, cipher, opt, language, *asJSON); err != nil {
		fmt.Fprintf(e.stderr, "zaochnik standings: %v\n", err)
		return 1
	}
	return 0
}

// printStandings prints the crosstable of cipher in the store at dbPath.
func printStandings(e *env, dbPath, cipher string, opt referee.StandingsOptions, lang letter.Lang, asJSON bool) error {
	db, err := openExisting(dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	t, ct, err := e.referee(db).Standings(context.Background(), cipher, opt)
	if err != nil {
		if t.Cipher == "" {
			return err
		}
		return fmt.Errorf("tournament %s: %w", cipher, err)
	}
	if asJSON {
		return writeJSON(e.stdout, standingsOutput{Cipher: cipher, Name: t.Name, Crosstable: ct})
	}
	fmt.Fprintf(e.stdout, "%s — %s\n\n%s", cipher, t.Name, ct.Text(lang))
	return nil
}

// parseTieBreaks reads a comma-separated list of tie-breaks ("": none).
func parseTieBreaks(list string) ([]adjudication.TieBreak, error) {
	if list == "" {
		return nil, nil
	}
	var out []adjudication.TieBreak
	for _, name := range strings.Split(list, ",") {
		t, err := adjudication.ParseTieBreak(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// readRulings reads a rulings file ("": none).
func readRulings(path string) (adjudication.Rulings, error) {
	if path == "" {
		return adjudication.Rulings{}, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return adjudication.Rulings{}, err
	}
	return adjudication.ParseRulings(data)
}

// parsePoints reads "1/0.5/0" or "2/1/0" (a half may be written ½).
func parsePoints(s string) (adjudication.Points, error) {
	parts := strings.Split(strings.ReplaceAll(s, "½", ".5"), "/")
	if len(parts) != 3 {
		return adjudication.Points{}, fmt.Errorf("%q: write the points for a win, a draw and a loss as 1/0.5/0 or 2/1/0", s)
	}
	var v [3]float64
	for i, p := range parts {
		if strings.HasPrefix(p, ".") {
			p = "0" + p
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return adjudication.Points{}, fmt.Errorf("%q: %q is not a number; write the points as 1/0.5/0 or 2/1/0", s, p)
		}
		v[i] = f
	}
	pts := adjudication.Points{Win: v[0], Draw: v[1], Loss: v[2]}
	return pts, pts.Validate()
}
