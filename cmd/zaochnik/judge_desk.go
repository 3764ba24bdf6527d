package main

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

const judgeDeskUsage = `Usage: zaochnik judge adjudicate GAME 1-0|1/2-1/2|0-1 [--note TEXT] [--date D] [--db FILE]
       zaochnik judge organiser-decision GAME 1-0|1/2-1/2|0-1 [--note TEXT] [--date D] [--db FILE]
       zaochnik judge withdraw PLAYER pending|forfeit-unfinished|adjudicate|annul|by-rule [--tournament C] [--date D] [--db FILE]
       zaochnik judge forfeit GAME +/-|-/+|-/- [--date D] [--db FILE]
       zaochnik judge sanction PLAYER KIND --clauses 6.2.6[,6.1.9] --reason TEXT [--by judge] [--game W-B] [--tournament C] [--date D] [--db FILE]
       zaochnik judge organiser NAME EMAIL [--tournament C] [--db FILE]
       zaochnik judge deadlines [--all] [--json] [--db FILE]
       zaochnik judge appeals [--all] [--json] [--db FILE]
       zaochnik judge appeal GAME upheld|rejected [--note TEXT] [--date D] [--db FILE]

adjudicate records the judge's adjudication of an unfinished game (6.5.4-6.5.5):
  matching evaluations of both players are fixed unless --note says why they
  sharply contradict the position; the players whose evaluation differs and the
  secretary are told, with the right to protest within 10 days (6.5.6).
organiser-decision records the organiser's final decision on protests
  against an adjudication (6.5.7); both players, the judge and the secretary
  are told.
withdraw records the 6.5.3 ruling on a player who left: results kept and the
  unfinished games lost (forfeit-unfinished) or adjudicated (adjudicate), or
  all results annulled (annul), or the table by rules 1.10.2-1.10.5 (by-rule:
  fewer than half the games played, results shown but not counted; half or
  more, counted with the unplayed games lost); the secretary is told.
forfeit is the judge's choice for one unfinished game of a withdrawn player
  (6.5.3): lost without play; "adjudicate" gives it a result instead.
sanction enters the sanctions register (6.1.9-6.1.10): KIND is remark,
  reprimand, loss-of-current-information, loss-of-final-information,
  loss-of-game (with --game), exclusion (--by organiser); the player and the
  secretary get the notice.
organiser records who hears protests against adjudications (6.5.7): such a
  protest in time is sent there with the record and the diagram.
deadlines lists the open deadlines (--all: every one): protests (6.3.8,
  6.5.6, 6.1.12), analyses (6.5.2), rulings (6.5.5).
appeals lists the protests against the judge's rulings on overstep claims
  (6.1.12), those waiting for a decision first (--all: every ruling).
appeal records the organiser's final decision on the protest against the
  judge's ruling in GAME (6.1.12): upheld turns the ruling and restores what
  it took, rejected leaves it; both players, the judge and the secretary are
  told. The organiser may equally answer the server's letter by mail.

GAME is the code of the letters' subjects, "[CIPHER #1-2]" or "CIPHER 1-2",
or "1-2" with --tournament (default: the only tournament). The judge may
equally answer the server's letters: see the README, "The judge and the
secretary by mail". Exit status: 0 done, 1 refused or a store error, 2 bad usage.`

// judgeDeskVerbs are the judge's actions on the desk, beside claims and rule.
var judgeDeskVerbs = map[string]bool{"adjudicate": true, "organiser-decision": true, "forfeit": true, "withdraw": true, "sanction": true, "organiser": true, "deadlines": true, "appeals": true, "appeal": true}

// deskArgs are the words and flags of "zaochnik judge VERB".
type deskArgs struct {
	verb, db, note, cipher, clauses, reason, by, game string
	pos                                               []string
	day                                               timecontrol.Date // zero: today
	all, json                                         bool
}

// deskArity is how many words each verb takes before its flags.
var deskArity = map[string]int{"adjudicate": 2, "organiser-decision": 2, "forfeit": 2, "withdraw": 2, "sanction": 2, "organiser": 2, "deadlines": 0, "appeals": 0, "appeal": 2}

// parseDesk reads the words and flags of verb: ok false with the exit
// status when they are wrong (or --help was asked).
func parseDesk(e *env, verb string, args []string) (a deskArgs, status int, ok bool) {
	fs := flag.NewFlagSet("judge "+verb, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, judgeDeskUsage); fs.PrintDefaults() }
	a.verb = verb
	fs.StringVar(&a.db, "db", "zaochnik.db", "the database `FILE`")
	fs.StringVar(&a.note, "note", "", "adjudicate, organiser-decision: the reasons, sent with the decision")
	dateFlag := fs.String("date", "", "the `date` of the decision (default: today)")
	fs.StringVar(&a.cipher, "tournament", "", "the tournament's `cipher` (default: the only one)")
	fs.StringVar(&a.clauses, "clauses", "", "sanction: the `clauses` broken, comma-separated (6.1.10)")
	fs.StringVar(&a.reason, "reason", "", "sanction: what the player did, in words the player reads")
	fs.StringVar(&a.by, "by", "judge", "sanction: who imposes it: secretary, judge or organiser")
	fs.StringVar(&a.game, "game", "", "sanction loss-of-game: the game `W-B`")
	fs.BoolVar(&a.all, "all", false, "deadlines, appeals: list the met and decided ones too")
	fs.BoolVar(&a.json, "json", false, "deadlines, appeals: print JSON")
	want := deskArity[verb]
	if len(args) > 0 && isHelp(args[0]) {
		fs.Usage()
		return a, 0, false
	}
	if len(args) < want {
		fmt.Fprintf(e.stderr, "zaochnik judge %s: give %d arguments; see zaochnik judge %s --help\n", verb, want, verb)
		return a, 2, false
	}
	a.pos = args[:want]
	if status, ok := parsed(fs, args[want:]); !ok {
		return a, status, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "zaochnik judge %s: unexpected %q; see zaochnik judge %s --help\n", verb, fs.Arg(0), verb)
		return a, 2, false
	}
	var err error
	if a.day, err = optionalDate(*dateFlag); err != nil {
		fmt.Fprintf(e.stderr, "zaochnik judge %s: --date: %v\n", verb, err)
		return a, 2, false
	}
	return a, 0, true
}

// runJudgeDesk is "zaochnik judge VERB" for the verbs of judgeDeskVerbs:
// the lists are read from the store, the decisions are the referee's
// (referee.DeskDecision).
func runJudgeDesk(e *env, verb string, args []string) int {
	a, status, ok := parseDesk(e, verb, args)
	if !ok {
		return status
	}
	db, err := openExisting(a.db)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik judge %s: %v\n", verb, err)
		return 1
	}
	defer db.Close()
	ctx := context.Background()
	switch verb {
	case "deadlines":
		return listDeadlines(e, ctx, db, a.all, a.json)
	case "appeals":
		return listAppeals(e, ctx, db, a.all, a.json)
	}
	ref := e.referee(db)
	x, err := a.decision(ctx, ref)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik judge %s: %v\n", verb, err)
		return 2
	}
	done, err := ref.DeskDecision(ctx, x)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik judge %s: %v\n", verb, err)
		return 1
	}
	what := verb
	if verb == "appeal" {
		what += " " + a.pos[1]
	}
	fmt.Fprintf(e.stdout, "%s recorded on %s: %d letters queued\n", what, done.Day, len(done.Out))
	return 0
}

// withdrawals maps the command's words to the rulings of 6.5.3 and 1.10.
var withdrawals = map[string]string{"pending": "withdrawn", "forfeit-unfinished": "withdrawn-forfeit-unfinished",
	"adjudicate": "withdrawn-adjudicate", "annul": "withdrawn-annulled", "by-rule": "withdrawn-1.10"}

// decision reads the desk decision the words name; an error is a usage
// error (a game, tournament or word that does not read).
func (a deskArgs) decision(ctx context.Context, ref *referee.Referee) (referee.Decision, error) {
	x := referee.Decision{Kind: referee.DecisionKind(a.verb), Note: a.note, Day: a.day}
	var err error
	switch x.Kind {
	case referee.Adjudicate, referee.OrganiserDecision, referee.Forfeit, referee.Appeal:
		if x.Game, _, err = ref.FindGame(ctx, a.pos[0], a.cipher); err != nil {
			return x, err
		}
		if x.Kind == referee.Appeal {
			upheld, known := map[string]bool{"upheld": true, "rejected": false}[a.pos[1]]
			if !known {
				return x, fmt.Errorf("%q: write upheld or rejected (6.1.12)", a.pos[1])
			}
			x.Upheld = upheld
			return x, nil
		}
		x.Result, err = adjudication.ParseResult(a.pos[1])
		return x, err
	}
	if x.Cipher, err = ref.OnlyTournament(ctx, a.cipher); err != nil {
		return x, err
	}
	if x.Kind == referee.Organiser {
		x.Organiser = corr.Person{Name: a.pos[0], Email: a.pos[1]}
		return x, nil
	}
	n, err := strconv.Atoi(a.pos[0])
	if err != nil || n <= 0 {
		return x, fmt.Errorf("%q is not a start number", a.pos[0])
	}
	if x.Kind == referee.Withdraw {
		x.Player = n
		if x.Withdrawal, err = adjudication.ParseWithdrawal(withdrawals[a.pos[1]]); err != nil {
			return x, fmt.Errorf("%q: write pending, forfeit-unfinished, adjudicate, annul (6.5.3) or by-rule (1.10.2-1.10.5)", a.pos[1])
		}
		return x, nil
	}
	if x.Day.IsZero() { // the register's entry is dated
		if x.Day, err = ref.Today(ctx, x.Cipher); err != nil {
			return x, err
		}
	}
	x.Sanction, err = sanctionOf(n, a.pos[1], a.clauses, a.reason, a.by, a.game, x.Day)
	return x, err
}

// sanctionOf builds a register entry from the command's words.
func sanctionOf(n int, kind, clauses, reason, by, game string, day timecontrol.Date) (adjudication.Sanction, error) {
	k, err := adjudication.ParseSanctionKind(kind)
	if err != nil {
		return adjudication.Sanction{}, err
	}
	a, err := adjudication.ParseAuthority(by)
	if err != nil {
		return adjudication.Sanction{}, err
	}
	x := adjudication.Sanction{Player: n, Kind: k, Reason: strings.TrimSpace(reason), Date: day, By: a}
	for _, c := range strings.Split(clauses, ",") {
		if c = strings.TrimSpace(c); c != "" {
			x.Clauses = append(x.Clauses, c)
		}
	}
	if game != "" {
		var w, b int
		if _, err := fmt.Sscanf(game, "%d-%d", &w, &b); err != nil {
			return adjudication.Sanction{}, fmt.Errorf("--game %q: write the start numbers White-Black, e.g. 1-2", game)
		}
		x.Game = adjudication.Pair{White: w, Black: b}
	}
	return x, x.Validate()
}

// listDeadlines prints the open deadlines (all: every one).
func listDeadlines(e *env, ctx context.Context, db *storage.DB, all, asJSON bool) int {
	rows, err := db.Deadlines(ctx, all)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik judge deadlines: %v\n", err)
		return 1
	}
	if asJSON {
		if rows == nil {
			rows = []storage.DeadlineRow{}
		}
		writeJSON(e.stdout, rows)
		return 0
	}
	if len(rows) == 0 {
		fmt.Fprintln(e.stdout, "no open deadlines")
	}
	for _, r := range rows {
		fmt.Fprintf(e.stdout, "%s  %-28s %-6s %s%s\n", r.Due, r.Kind, r.Clause, r.Game, map[bool]string{true: "  (met)"}[r.Done])
	}
	return 0
}

// listAppeals prints the protests against the judge's rulings (6.1.12).
func listAppeals(e *env, ctx context.Context, db *storage.DB, all, asJSON bool) int {
	rows, err := db.Appeals(ctx, all)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik judge appeals: %v\n", err)
		return 1
	}
	if asJSON {
		if rows == nil {
			rows = []storage.AppealRow{}
		}
		writeJSON(e.stdout, rows)
		return 0
	}
	if len(rows) == 0 {
		fmt.Fprintln(e.stdout, "no protests against rulings")
	}
	for _, r := range rows {
		state := "waits for the organiser"
		switch {
		case !r.Decided.IsZero():
			state = r.Decision.String() + " on " + r.Decided.String()
		case r.Filed.IsZero():
			state = map[bool]string{true: "final, no protest", false: "open to protest"}[r.Final]
		}
		late := map[bool]string{true: " (late)"}[r.Late]
		fmt.Fprintf(e.stdout, "%s  claim %d ruled %s (%s), protest by %s: player %d on %s%s: %s\n", r.Game, r.Claim, r.Ruled, r.Ruling, r.Due, r.From, r.Filed, late, state)
	}
	return 0
}
