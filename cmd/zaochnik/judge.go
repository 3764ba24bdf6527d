package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"

	"zaochnik/storage"
	"zaochnik/timecontrol"
)

const judgeUsage = `Usage: zaochnik judge claims [--all] [--json] [--db FILE]
       zaochnik judge rule CLAIM confirm|reject [--note TEXT] [--date YYYY-MM-DD] [--db FILE]

claims lists the overstep claims awaiting a ruling (--all: every claim);
rule applies the judge's ruling on claim CLAIM (its id from the list) under
clause 6.3.7: confirm scores the game as the offender's loss; reject resumes
play, forwards the claimant's held reply, and charges 6 penalty days to a
player who claimed by letter. Exit status: 0 done, 1 no such claim or a
store error, 2 bad usage.

The desk's actions (adjudicate, organiser-decision, forfeit, withdraw,
sanction, organiser, deadlines, appeals, appeal): zaochnik judge adjudicate --help.`

// runJudge is "zaochnik judge": the judge's overstep claims.
func runJudge(e *env, args []string) int {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, judgeUsage); fs.PrintDefaults() }
	dbPath := fs.String("db", "zaochnik.db", "the database `FILE`")
	all := fs.Bool("all", false, "claims: list ruled claims too")
	asJSON := fs.Bool("json", false, "claims: print JSON")
	note := fs.String("note", "", "rule: the judge's note, sent with the ruling")
	dateFlag := fs.String("date", "", "rule: the `date` of the ruling (default: today)")
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		fs.Usage()
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	verb, rest := args[0], args[1:]
	var pos []string
	switch verb {
	case "claims":
	case "rule":
		if len(rest) < 2 {
			fmt.Fprintln(e.stderr, "zaochnik judge rule: give the claim id and confirm or reject; see zaochnik judge --help")
			return 2
		}
		pos, rest = rest[:2], rest[2:]
	default:
		if judgeDeskVerbs[verb] {
			return runJudgeDesk(e, verb, rest)
		}
		fmt.Fprintf(e.stderr, "zaochnik judge: unknown action %q; use claims, rule, adjudicate, organiser-decision, forfeit, withdraw, sanction, organiser, deadlines, appeals or appeal\n", verb)
		return 2
	}
	if err := fs.Parse(rest); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	// Usage errors come before the store is opened, so they exit 2 whatever --db says.
	var (
		id      int64
		confirm bool
		day     timecontrol.Date
	)
	if verb == "rule" {
		var err error
		if id, err = strconv.ParseInt(pos[0], 10, 64); err != nil {
			fmt.Fprintf(e.stderr, "zaochnik judge rule: %q is not a claim id; 'zaochnik judge claims' lists them\n", pos[0])
			return 2
		}
		switch pos[1] {
		case "confirm":
			confirm = true
		case "reject":
		default:
			fmt.Fprintf(e.stderr, "zaochnik judge rule: %q: write confirm or reject\n", pos[1])
			return 2
		}
		if *dateFlag != "" {
			if day, err = timecontrol.ParseDate(*dateFlag); err != nil {
				fmt.Fprintf(e.stderr, "zaochnik judge rule: --date: %v\n", err)
				return 2
			}
		}
	}
	db, err := openExisting(*dbPath)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik judge: %v\n", err)
		return 1
	}
	defer db.Close()
	ctx := context.Background()
	if verb == "rule" && *dateFlag == "" {
		c, err := claimCipher(ctx, db, id)
		if err == nil {
			day, err = e.today(ctx, db, c)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "zaochnik judge rule: %v\n", err)
			return 1
		}
	}
	if verb == "claims" {
		cs, err := db.Claims(ctx, !*all)
		if err != nil {
			fmt.Fprintf(e.stderr, "zaochnik judge claims: %v\n", err)
			return 1
		}
		if *asJSON {
			if cs == nil {
				cs = []storage.ClaimRow{}
			}
			writeJSON(e.stdout, cs)
			return 0
		}
		if len(cs) == 0 {
			fmt.Fprintln(e.stdout, "no claims awaiting a ruling")
		}
		for _, c := range cs {
			fmt.Fprintf(e.stdout, "%d  %s  claim %d: player %d against player %d, filed %s, %s\n", c.ID, c.Game, c.Seq, c.Claimant, c.Against, c.Filed, c.Status)
		}
		return 0
	}
	out, err := db.Rule(ctx, id, confirm, *note, day)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik judge rule: %v\n", err)
		return 1
	}
	fmt.Fprintf(e.stdout, "claim %d %sed on %s: %d letters queued\n", id, pos[1], day, len(out.Out))
	return 0
}
