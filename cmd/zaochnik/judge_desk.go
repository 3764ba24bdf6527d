package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/corr/letter"
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

// runJudgeDesk is "zaochnik judge VERB" for the verbs of judgeDeskVerbs.
func runJudgeDesk(e *env, verb string, args []string) int {
	fs := flag.NewFlagSet("judge "+verb, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, judgeDeskUsage); fs.PrintDefaults() }
	dbPath := fs.String("db", "zaochnik.db", "the database `FILE`")
	note := fs.String("note", "", "adjudicate, organiser-decision: the reasons, sent with the decision")
	dateFlag := fs.String("date", "", "the `date` of the decision (default: today)")
	cipher := fs.String("tournament", "", "the tournament's `cipher` (default: the only one)")
	clauses := fs.String("clauses", "", "sanction: the `clauses` broken, comma-separated (6.1.10)")
	reason := fs.String("reason", "", "sanction: what the player did, in words the player reads")
	by := fs.String("by", "judge", "sanction: who imposes it: secretary, judge or organiser")
	game := fs.String("game", "", "sanction loss-of-game: the game `W-B`")
	all := fs.Bool("all", false, "deadlines, appeals: list the met and decided ones too")
	asJSON := fs.Bool("json", false, "deadlines, appeals: print JSON")
	want := map[string]int{"adjudicate": 2, "organiser-decision": 2, "forfeit": 2, "withdraw": 2, "sanction": 2, "organiser": 2, "deadlines": 0, "appeals": 0, "appeal": 2}[verb]
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		fs.Usage()
		return 0
	}
	if len(args) < want {
		fmt.Fprintf(e.stderr, "zaochnik judge %s: give %d arguments; see zaochnik judge %s --help\n", verb, want, verb)
		return 2
	}
	pos := args[:want]
	if err := fs.Parse(args[want:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "zaochnik judge %s: unexpected %q; see zaochnik judge %s --help\n", verb, fs.Arg(0), verb)
		return 2
	}
	var day timecontrol.Date // today in the tournament's zone once it is known, unless --date
	if *dateFlag != "" {
		d, err := timecontrol.ParseDate(*dateFlag)
		if err != nil {
			fmt.Fprintf(e.stderr, "zaochnik judge %s: --date: %v\n", verb, err)
			return 2
		}
		day = d
	}
	db, err := openExisting(*dbPath)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik judge %s: %v\n", verb, err)
		return 1
	}
	defer db.Close()
	ctx := context.Background()
	fail := func(err error) int {
		fmt.Fprintf(e.stderr, "zaochnik judge %s: %v\n", verb, err)
		return 1
	}
	if verb == "deadlines" {
		rows, err := db.Deadlines(ctx, *all)
		if err != nil {
			return fail(err)
		}
		if *asJSON {
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
	switch verb {
	case "appeals":
		return listAppeals(e, ctx, db, *all, *asJSON)
	case "appeal":
		code, c, err := gameCode(ctx, db, pos[0], *cipher)
		upheld, known := map[string]bool{"upheld": true, "rejected": false}[pos[1]]
		if err != nil {
			fmt.Fprintf(e.stderr, "zaochnik judge appeal: %v\n", err)
			return 2
		}
		if !known {
			fmt.Fprintf(e.stderr, "zaochnik judge appeal: %q: write upheld or rejected (6.1.12)\n", pos[1])
			return 2
		}
		if day.IsZero() {
			if day, err = e.today(ctx, db, c); err != nil {
				return fail(err)
			}
		}
		out, err := db.Appeal(ctx, code, upheld, *note, day)
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(e.stdout, "appeal %s recorded on %s: %d letters queued\n", pos[1], day, len(out.Out))
		return 0
	}
	var change func(adjudication.Desk, corr.State) (adjudication.Desk, corr.Outcome, error)
	var target string
	switch verb {
	case "adjudicate", "organiser-decision", "forfeit":
		code, c, err := gameCode(ctx, db, pos[0], *cipher)
		if err != nil {
			fmt.Fprintf(e.stderr, "zaochnik judge %s: %v\n", verb, err)
			return 2
		}
		res, err := adjudication.ParseResult(pos[1])
		if err != nil {
			fmt.Fprintf(e.stderr, "zaochnik judge %s: %v\n", verb, err)
			return 2
		}
		target = c
		change = func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.Outcome, error) {
			switch verb {
			case "adjudicate":
				return d.Adjudicate(s, code, res, *note, day)
			case "forfeit":
				return d.Forfeit(s, code, res, day)
			}
			return d.OrganiserDecision(s, code, res, *note, day)
		}
	case "organiser":
		var err error
		if target, err = onlyCipher(ctx, db, *cipher); err != nil {
			fmt.Fprintf(e.stderr, "zaochnik judge organiser: %v\n", err)
			return 2
		}
		change = func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.Outcome, error) {
			return d.SetOrganiser(s, corr.Person{Name: pos[0], Email: pos[1]})
		}
	case "withdraw", "sanction":
		n, err := strconv.Atoi(pos[0])
		if err != nil || n <= 0 {
			fmt.Fprintf(e.stderr, "zaochnik judge %s: %q is not a start number\n", verb, pos[0])
			return 2
		}
		if target, err = onlyCipher(ctx, db, *cipher); err != nil {
			fmt.Fprintf(e.stderr, "zaochnik judge %s: %v\n", verb, err)
			return 2
		}
		if verb == "withdraw" {
			w, err := adjudication.ParseWithdrawal(map[string]string{"pending": "withdrawn", "forfeit-unfinished": "withdrawn-forfeit-unfinished",
				"adjudicate": "withdrawn-adjudicate", "annul": "withdrawn-annulled", "by-rule": "withdrawn-1.10"}[pos[1]])
			if err != nil {
				fmt.Fprintf(e.stderr, "zaochnik judge withdraw: %q: write pending, forfeit-unfinished, adjudicate, annul (6.5.3) or by-rule (1.10.2-1.10.5)\n", pos[1])
				return 2
			}
			change = func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.Outcome, error) {
				return d.Withdraw(s, n, w, day)
			}
			break
		}
		if *dateFlag == "" {
			if day, err = e.today(ctx, db, target); err != nil {
				return fail(err)
			}
		}
		x, err := sanctionOf(n, pos[1], *clauses, *reason, *by, *game, day)
		if err != nil {
			fmt.Fprintf(e.stderr, "zaochnik judge sanction: %v\n", err)
			return 2
		}
		change = func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.Outcome, error) {
			return d.Sanction(s, x)
		}
	}
	if day.IsZero() {
		if day, err = e.today(ctx, db, target); err != nil {
			return fail(err)
		}
	}
	out, err := db.DeskChange(ctx, target, day, change)
	if err != nil {
		return fail(err)
	}
	fmt.Fprintf(e.stdout, "%s recorded on %s: %d letters queued\n", verb, day, len(out.Out))
	return 0
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

// gameCode reads GAME: "[CIPHER #1-2]", "CIPHER 1-2", or "1-2" in the
// tournament cipher (default: the only one). It returns the store's code
// and the cipher.
func gameCode(ctx context.Context, db *storage.DB, arg, cipher string) (string, string, error) {
	if ref, ok := letter.ParseGameCode(arg); ok {
		arg = ref.Cipher + " " + strconv.Itoa(ref.White) + "-" + strconv.Itoa(ref.Black)
	}
	if !strings.Contains(strings.TrimSpace(arg), " ") {
		c, err := onlyCipher(ctx, db, cipher)
		if err != nil {
			return "", "", err
		}
		arg = c + " " + strings.TrimSpace(arg)
	}
	c, p, err := corr.ParseGameCode(arg)
	if err != nil {
		return "", "", fmt.Errorf("game %q: %v; write it as in the letters' subjects, e.g. \"[ТЕСТ-2026 #1-2]\"", arg, err)
	}
	code := corr.GameCode(c, p)
	got, err := db.GameTournament(ctx, code)
	return code, got, err
}

// onlyCipher returns cipher, or the store's only tournament when it is "".
func onlyCipher(ctx context.Context, db *storage.DB, cipher string) (string, error) {
	if cipher != "" {
		return cipher, nil
	}
	cs, err := db.Ciphers(ctx)
	if err != nil {
		return "", err
	}
	if len(cs) != 1 {
		return "", fmt.Errorf("the store holds %d tournaments (%s); name one with --tournament", len(cs), strings.Join(cs, ", "))
	}
	return cs[0], nil
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
