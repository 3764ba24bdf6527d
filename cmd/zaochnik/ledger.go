package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"zaochnik/corr/letter"

	"zaochnik/timecontrol"
)

const ledgerUsage = `Usage: zaochnik ledger --timeline FILE.toml [--today YYYY-MM-DD] [--json] [--lang ru|en]
       zaochnik ledger GAME [--db FILE] [--today YYYY-MM-DD] [--json] [--lang ru|en]   (a stored game)

Computes the day ledger of one game (график времени, clause 6.3.6) from a
timeline file: every reply's days with the reasons, the totals, the overstep
verdict (6.3.5) and, with --today, the running total of the player on move
and the first day their answer would overstep. The file format and examples
are in README.md ("The day ledger (for secretaries)") and testdata/timelines/.
FILE - reads standard input. Exit status: 0 ledger printed, 1 the timeline is
wrong (every problem is listed with its line, field and rule), 2 bad usage.`

// runLedger is "zaochnik ledger": the day ledger calculator for secretaries.
func runLedger(e *env, args []string) int {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		return runLedgerGame(e, args) // zaochnik ledger GAME: a stored game
	}
	fs := flag.NewFlagSet("ledger", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, ledgerUsage); fs.PrintDefaults() }
	file := fs.String("timeline", "", "the game's timeline `FILE` (TOML), or - for standard input")
	todayFlag := fs.String("today", "", "the `date` (YYYY-MM-DD) to show the running clock of the player on move for")
	asJSON := fs.Bool("json", false, "print the ledger as one JSON object")
	langFlag := fs.String("lang", "ru", "language of the explanations: ru or en")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *file == "" || fs.NArg() > 0 {
		fmt.Fprintln(e.stderr, "zaochnik ledger: give the timeline with --timeline FILE and nothing else; see zaochnik ledger --help")
		return 2
	}
	lang, ok := ledgerLang(e, *langFlag)
	if !ok {
		return 2
	}
	var today timecontrol.Date
	if *todayFlag != "" {
		d, err := timecontrol.ParseDate(*todayFlag)
		if err != nil {
			fmt.Fprintf(e.stderr, "zaochnik ledger: --today: %v\n", err)
			return 2
		}
		today = d
	}
	data, err := readTimelineFile(e, *file)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik ledger: %v\n", err)
		return 1
	}
	tl, err := timecontrol.ReadTimeline(data)
	if err == nil {
		var l timecontrol.Ledger
		if l, err = timecontrol.Compute(tl); err == nil {
			if last := lastDate(l); !today.IsZero() && today.Before(last) {
				fmt.Fprintf(e.stderr, "zaochnik ledger: --today %s is before the timeline's last letter (%s): the clock of the player on move runs from it; give that date or a later one\n", today, last)
				return 2
			}
			return printLedger(e, l, today, lang, *asJSON)
		}
	}
	fmt.Fprintf(e.stderr, "zaochnik ledger: %s is not a valid timeline; fix these and run again:\n%v\n", *file, err)
	return 1
}

// lastDate is the latest date written in the ledger's lines: the running
// clock of --today cannot be read before it.
func lastDate(l timecontrol.Ledger) timecontrol.Date {
	var last timecontrol.Date
	for _, ln := range l.Lines {
		for _, d := range []timecontrol.Date{ln.Received, ln.Sent} {
			if d.After(last) {
				last = d
			}
		}
	}
	return last
}

func readTimelineFile(e *env, name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(e.stdin)
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("cannot read the timeline: %w", err)
	}
	return b, nil
}

func printLedger(e *env, l timecontrol.Ledger, today timecontrol.Date, lang timecontrol.Lang, asJSON bool) int {
	if !asJSON {
		fmt.Fprint(e.stdout, l.Render(lang, today))
		return 0
	}
	if err := writeJSON(e.stdout, ledgerJSON(l, today, lang)); err != nil {
		fmt.Fprintf(e.stderr, "zaochnik ledger: %v\n", err)
		return 1
	}
	return 0
}

// The JSON shape of issue 3; keep the key names.
type (
	jsonLedger struct {
		Lines    []jsonLine    `json:"lines"`
		White    jsonTotals    `json:"white"`
		Black    jsonTotals    `json:"black"`
		Overstep *jsonOverstep `json:"overstep"`
		Pending  *jsonPending  `json:"pending"`
		// Breaks is beyond issue 3's shape: the verdict on each break.
		Breaks []jsonBreak `json:"breaks"`
	}
	// jsonBreak is a break as announced, whether it is valid (6.4.1, 6.4.5)
	// and the days that count in this game ("" when none, 6.4.2).
	jsonBreak struct {
		Player      string           `json:"player"`
		From        timecontrol.Date `json:"from"`
		To          timecontrol.Date `json:"to"`
		Days        int              `json:"days"`
		Valid       bool             `json:"valid"`
		CountedFrom timecontrol.Date `json:"counted_from"`
		CountedTo   timecontrol.Date `json:"counted_to"`
		Notes       []string         `json:"notes"`
	}
	// jsonLine is a reply, or a penalty (received "", days = penalty days).
	jsonLine struct {
		Player       string           `json:"player"`
		Received     timecontrol.Date `json:"received"`
		Sent         timecontrol.Date `json:"sent"`
		Days         int              `json:"days"`
		Total        int              `json:"total"`
		CountedMoves int              `json:"counted_moves"`
		BreakDays    int              `json:"break_days"`
		Notes        []string         `json:"notes"`
	}
	jsonTotals struct {
		Days        int `json:"days"`
		PenaltyDays int `json:"penalty_days"`
		Total       int `json:"total"`
		Moves       int `json:"moves"`
	}
	jsonOverstep struct {
		Player string           `json:"player"`
		Move   int              `json:"move"`
		Total  int              `json:"total"`
		Limit  int              `json:"limit"`
		Date   timecontrol.Date `json:"date"`
	}
	// jsonPending is the player on move on --today; overstep_date is null
	// once their clock has stopped at the end of play (6.3.2).
	jsonPending struct {
		Player       string            `json:"player"`
		Since        timecontrol.Date  `json:"since"`
		RunningTotal int               `json:"running_total"`
		OverstepDate *timecontrol.Date `json:"overstep_date"`
	}
)

func ledgerJSON(l timecontrol.Ledger, today timecontrol.Date, lang timecontrol.Lang) jsonLedger {
	texts := func(ns []timecontrol.Note) []string {
		out := []string{}
		for _, n := range ns {
			out = append(out, n.Format(lang))
		}
		return out
	}
	out := jsonLedger{Lines: []jsonLine{}, Breaks: []jsonBreak{}}
	for _, ln := range l.Lines {
		out.Lines = append(out.Lines, jsonLine{Player: ln.Player.String(), Received: ln.Received, Sent: ln.Sent,
			Days: ln.Days, Total: ln.Total, CountedMoves: ln.CountedMoves, BreakDays: ln.BreakDays, Notes: texts(ln.Notes)})
	}
	for _, v := range l.Breaks {
		b := v.Break
		out.Breaks = append(out.Breaks, jsonBreak{Player: b.Player.String(), From: b.From, To: b.To, Days: b.Days(),
			Valid: v.Valid, CountedFrom: v.GameFrom, CountedTo: v.GameTo, Notes: texts(v.Notes)})
	}
	totals := func(t timecontrol.Totals) jsonTotals { return jsonTotals{t.Days, t.PenaltyDays, t.Total, t.Moves} }
	out.White, out.Black = totals(l.Totals[timecontrol.White]), totals(l.Totals[timecontrol.Black])
	if o := l.Overstep; o != nil {
		out.Overstep = &jsonOverstep{Player: o.Player.String(), Move: o.Move, Total: o.Total, Limit: o.Limit, Date: o.Date}
	}
	if !today.IsZero() {
		m := l.OnMove
		p := &jsonPending{Player: m.Player.String(), Since: m.Since, RunningTotal: l.RunningTotal(today)}
		if !m.Stopped {
			p.OverstepDate = &m.OverstepDate
		}
		out.Pending = p
	}
	return out
}

// ledgerLang reads --lang, telling the user when it is neither ru nor en.
func ledgerLang(e *env, flag string) (timecontrol.Lang, bool) {
	lang, ok := letter.ParseLang(flag)
	if !ok {
		fmt.Fprintf(e.stderr, "zaochnik ledger: --lang %q: write ru or en\n", flag)
	}
	return lang.Ledger(), ok
}
