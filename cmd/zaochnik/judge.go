package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"

	"zaochnik/referee"
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

// runJudge is "zaochnik judge": the judge's overstep claims, and the
// desk's actions (runJudgeDesk).
func runJudge(e *env, args []string) int {
	if len(args) == 0 || isHelp(args[0]) {
		fmt.Fprintln(e.stderr, judgeUsage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	switch verb, rest := args[0], args[1:]; {
	case verb == "claims":
		return judgeClaims(e, rest)
	case verb == "rule":
		return judgeRule(e, rest)
	case judgeDeskVerbs[verb]:
		return runJudgeDesk(e, verb, rest)
	default:
		fmt.Fprintf(e.stderr, "zaochnik judge: unknown action %q; use claims, rule, adjudicate, organiser-decision, forfeit, withdraw, sanction, organiser, deadlines, appeals or appeal\n", verb)
		return 2
	}
}

// isHelp reports whether arg asks for the usage.
func isHelp(arg string) bool { return arg == "-h" || arg == "--help" || arg == "-help" }

// judgeFlags is the flag set of "zaochnik judge VERB".
func judgeFlags(e *env, verb string) (*flag.FlagSet, *string) {
	fs := flag.NewFlagSet("judge "+verb, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, judgeUsage); fs.PrintDefaults() }
	return fs, fs.String("db", "zaochnik.db", "the database `FILE`")
}

// parsed parses args into fs: 0 to go on, else the exit status.
func parsed(fs *flag.FlagSet, args []string) (int, bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	return 0, true
}

// judgeClaims is "zaochnik judge claims".
func judgeClaims(e *env, args []string) int {
	fs, dbPath := judgeFlags(e, "claims")
	all := fs.Bool("all", false, "claims: list ruled claims too")
	asJSON := fs.Bool("json", false, "claims: print JSON")
	if code, ok := parsed(fs, args); !ok {
		return code
	}
	db, err := openExisting(*dbPath)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik judge: %v\n", err)
		return 1
	}
	defer db.Close()
	cs, err := db.Claims(context.Background(), !*all)
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

// judgeRule is "zaochnik judge rule CLAIM confirm|reject" (referee.Rule).
// Usage errors come before the store is opened, so they exit 2 whatever
// --db says.
func judgeRule(e *env, args []string) int {
	fs, dbPath := judgeFlags(e, "rule")
	note := fs.String("note", "", "rule: the judge's note, sent with the ruling")
	dateFlag := fs.String("date", "", "rule: the `date` of the ruling (default: today)")
	if len(args) < 2 {
		fmt.Fprintln(e.stderr, "zaochnik judge rule: give the claim id and confirm or reject; see zaochnik judge --help")
		return 2
	}
	if code, ok := parsed(fs, args[2:]); !ok {
		return code
	}
	x := referee.Ruling{Note: *note}
	var err error
	if x.Claim, err = strconv.ParseInt(args[0], 10, 64); err != nil {
		fmt.Fprintf(e.stderr, "zaochnik judge rule: %q is not a claim id; 'zaochnik judge claims' lists them\n", args[0])
		return 2
	}
	if x.Confirm = args[1] == "confirm"; !x.Confirm && args[1] != "reject" {
		fmt.Fprintf(e.stderr, "zaochnik judge rule: %q: write confirm or reject\n", args[1])
		return 2
	}
	if x.Day, err = optionalDate(*dateFlag); err != nil {
		fmt.Fprintf(e.stderr, "zaochnik judge rule: --date: %v\n", err)
		return 2
	}
	db, err := openExisting(*dbPath)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik judge: %v\n", err)
		return 1
	}
	defer db.Close()
	done, err := e.referee(db).Rule(context.Background(), x)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik judge rule: %v\n", err)
		return 1
	}
	fmt.Fprintf(e.stdout, "claim %d %sed on %s: %d letters queued\n", x.Claim, args[1], done.Day, len(done.Out))
	return 0
}

// optionalDate reads a --date flag: "" is the zero date (today).
func optionalDate(s string) (timecontrol.Date, error) {
	if s == "" {
		return timecontrol.Date{}, nil
	}
	return timecontrol.ParseDate(s)
}
