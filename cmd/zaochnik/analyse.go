package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"time"

	"zaochnik/adjudication/engine"
	"zaochnik/corr/draughts"
)

const analyseUsage = `Usage: zaochnik analyse --variant russian|international|giveaway --fen FEN [--time 30s] [--depth N] [--json]

Searches the position (the engine aid for adjudicating unfinished games,
6.5) and prints the evaluation (hundredths of a man, + for White), the
principal variation in full notation, the depth reached, the positions
searched and, when the search proves it, the result: a win, or a draw by the
drawn-ending rules counted from this position. The search stops at --time or
--depth, whichever comes first (--time 0: no time limit).`

// analyseOutput is the --json object.
type analyseOutput struct {
	Variant string `json:"variant"`
	// FEN is the position as read, alphanumeric on 8x8, numeric on 10x10.
	FEN string `json:"fen"`
	// Evaluation is in hundredths of a man from White's view;
	// SideEvaluation from the side to move's.
	Evaluation     int      `json:"evaluation"`
	SideEvaluation int      `json:"side_evaluation"`
	SideToMove     string   `json:"side_to_move"`
	PV             []string `json:"pv"`
	Depth          int      `json:"depth"`
	Nodes          uint64   `json:"nodes"`
	NPS            uint64   `json:"nps"`
	Seconds        float64  `json:"seconds"`
	// Result is "white wins", "black wins", "draw" or "unproven";
	// PliesToEnd, for a proven win, how long the loser can hold out.
	Result     string `json:"result"`
	PliesToEnd int    `json:"plies_to_end,omitempty"`
}

// runAnalyse is "zaochnik analyse": the engine's view of a position.
func runAnalyse(e *env, args []string) int {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, analyseUsage); fs.PrintDefaults() }
	variant := fs.String("variant", "russian", "russian, international or giveaway")
	fen := fs.String("fen", "", "the position in FEN, e.g. W:WKc1,Ke1,Kh2:BKd4 (required)")
	limit := fs.Duration("time", 30*time.Second, "stop searching after this long (0: no limit, --depth must be set)")
	depth := fs.Int("depth", 0, "stop after this depth in plies (0: the engine's maximum)")
	asJSON := fs.Bool("json", false, "print one JSON object: evaluation, pv, depth, nodes, nps, result")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "zaochnik analyse: unexpected argument %q (quote the FEN if it has spaces); the flags are:\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	v, err := draughts.ParseVariant(*variant)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik analyse: --variant: %v\n", err)
		return 2
	}
	if *fen == "" {
		fmt.Fprintln(e.stderr, "zaochnik analyse: --fen is required: the position to analyse, e.g. --fen W:W21-32:B1-12")
		return 2
	}
	p, err := draughts.ParseFEN(v, *fen)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik analyse: --fen: %v\n", err)
		return 2
	}
	if *depth < 0 || *limit < 0 || (*limit == 0 && *depth == 0) {
		fmt.Fprintln(e.stderr, "zaochnik analyse: give a positive --time or --depth (or both): without either the search would not end")
		return 2
	}
	lim := engine.Limits{Depth: *depth}
	start := time.Now()
	if *limit > 0 {
		deadline := start.Add(*limit)
		lim.Stop = func() bool { return time.Now().After(deadline) }
	}
	a := engine.Analyse(p, lim)
	secs := time.Since(start).Seconds()
	fenText := p.FEN()
	if !v.Numeric() {
		fenText = p.FENAlpha()
	}
	out := analyseOutput{
		Variant: v.String(), FEN: fenText,
		Evaluation: a.Score, SideEvaluation: a.SideScore, SideToMove: p.SideToMove().String(),
		PV: a.Notation, Depth: a.Depth, Nodes: a.Nodes, NPS: uint64(float64(a.Nodes) / max(secs, 1e-9)),
		Seconds: secs, Result: a.Result.String(), PliesToEnd: a.Plies,
	}
	if *asJSON {
		if err := json.NewEncoder(e.stdout).Encode(out); err != nil {
			fmt.Fprintf(e.stderr, "zaochnik analyse: %v\n", err)
			return 1
		}
		return 0
	}
	fmt.Fprintf(e.stdout, "%s %s, %s to move\n", out.Variant, out.FEN, out.SideToMove)
	eval := fmt.Sprintf("%+.2f (men, + for White)", float64(out.Evaluation)/100)
	result := out.Result
	switch {
	case out.PliesToEnd > 0:
		eval = fmt.Sprintf("%s in %d plies", out.Result, out.PliesToEnd)
		result = fmt.Sprintf("%s (proven, within %d plies)", result, out.PliesToEnd)
	case a.Result == engine.Drawn:
		result += " (proven by the drawn-ending rules, counted from this position)"
	}
	fmt.Fprintf(e.stdout, "evaluation %s  depth %d  nodes %d  %d nodes/s  %.1f s\n", eval, out.Depth, out.Nodes, out.NPS, secs)
	fmt.Fprintf(e.stdout, "result: %s\n", result)
	fmt.Fprintf(e.stdout, "line: %s\n", a.Line())
	return 0
}
