package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"zaochnik/adjudication"
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

// runStandings is "zaochnik standings": the crosstable of a tournament.
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
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		fs.Usage()
		return 0
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(e.stderr, "zaochnik standings: give the tournament cipher first; see zaochnik standings --help")
		return 2
	}
	cipher := args[0]
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "zaochnik standings: unexpected %q; see zaochnik standings --help\n", fs.Arg(0))
		return 2
	}
	if *lang != "ru" && *lang != "en" {
		fmt.Fprintf(e.stderr, "zaochnik standings: --lang %q: write ru or en\n", *lang)
		return 2
	}
	var opt adjudication.Options
	var err error
	if opt.Points, err = parsePoints(*pointsFlag); err != nil {
		fmt.Fprintf(e.stderr, "zaochnik standings: --points: %v\n", err)
		return 2
	}
	if *tbFlag != "" {
		for _, name := range strings.Split(*tbFlag, ",") {
			t, err := adjudication.ParseTieBreak(strings.TrimSpace(name))
			if err != nil {
				fmt.Fprintf(e.stderr, "zaochnik standings: --tie-breaks: %v\n", err)
				return 2
			}
			opt.TieBreaks = append(opt.TieBreaks, t)
		}
	}

	var rulings adjudication.Rulings
	if *rulingsPath != "" {
		data, err := os.ReadFile(*rulingsPath)
		if err == nil {
			rulings, err = adjudication.ParseRulings(data)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "zaochnik standings: %s:\n%v\n", *rulingsPath, err)
			return 1
		}
	}

	db, err := openExisting(*dbPath)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik standings: %v\n", err)
		return 1
	}
	defer db.Close()
	state, err := db.State(context.Background(), cipher)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik standings: %v\n", err)
		return 1
	}
	players, games, err := adjudication.FromState(state)
	if err == nil { // the desk's rulings (by mail or zaochnik judge), then the file's
		var desk adjudication.Desk
		if desk, err = db.Desk(context.Background(), cipher); err == nil {
			players, games, err = desk.Rulings().Apply(players, games)
		}
	}
	if err == nil {
		players, games, err = rulings.Apply(players, games)
	}
	if err == nil {
		// The file's score_by and Swiss system, then the flags.
		fileOpt := adjudication.TableOptions(state.Tournament)
		fileOpt.Points = opt.Points
		if len(opt.TieBreaks) > 0 {
			fileOpt.TieBreaks = opt.TieBreaks
		}
		var ct adjudication.Crosstable
		ct, err = adjudication.Build(players, games, fileOpt)
		if err == nil {
			if *asJSON {
				err = writeJSON(e.stdout, standingsOutput{Cipher: cipher, Name: state.Tournament.Name, Crosstable: ct})
			} else {
				fmt.Fprintf(e.stdout, "%s — %s\n\n%s", cipher, state.Tournament.Name, ct.Text(*lang))
			}
		}
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik standings: tournament %s: %v\n", cipher, err)
		return 1
	}
	return 0
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
