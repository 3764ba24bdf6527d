package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"time"

	"github.com/schollz/progressbar/v3"

	"zaochnik/corr/draughts"
)

const perftUsage = `Usage: zaochnik perft --variant russian|international|giveaway|10x8 [--fen FEN] --depth N [--paths] [--json]
       zaochnik perft --bench [--json]

Counts the move sequences of each length 1..N from the position (the
initial one by default) and the speed of the count. Captures taking the same
pieces between the same squares count once unless --paths is given.

--bench counts the benchmark positions (the initial positions, Woldouby, a
kings middlegame, kings among men) to fixed depths and prints the nodes,
seconds and Mnodes/s of each, to compare with other generators run on the
same machine.`

// perftBench is one position of perft --bench.
type perftBench struct {
	Name    string `json:"name"`
	variant draughts.Variant
	FEN     string `json:"fen"`
	Depth   int    `json:"depth"`
}

// perftBenches are the positions of perft --bench. Woldouby and random178
// come from the FMJD forum's perft thread (their counts agree with it).
var perftBenches = []perftBench{
	{"international initial", draughts.International, "W:W31-50:B1-20", 10},
	{"Woldouby", draughts.International, "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38", 15},
	{"random178 (kings middlegame)", draughts.International, "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", 8},
	{"three kings among men", draughts.International, "W:WK3,K29,K48:B7,8,12,13,17,18,19,22,23,24,27,33,34,37,38", 9},
	{"Russian initial", draughts.Russian, "W:W21-32:B1-12", 10},
}

// runPerftBench counts every benchmark position.
func runPerftBench(e *env, asJSON bool) int {
	type result struct {
		perftBench
		Variant  string  `json:"variant"`
		Nodes    uint64  `json:"nodes"`
		Seconds  float64 `json:"seconds"`
		MNodesPS float64 `json:"mnodes_per_second"`
	}
	var out []result
	if !asJSON {
		fmt.Fprintf(e.stdout, "%-30s %5s %15s %10s %10s\n", "position", "depth", "nodes", "seconds", "Mnodes/s")
	}
	for _, b := range perftBenches {
		p, err := draughts.ParseFEN(b.variant, b.FEN)
		if err != nil {
			fmt.Fprintf(e.stderr, "zaochnik perft: %s: %v\n", b.Name, err)
			return 1
		}
		start := time.Now()
		nodes := draughts.Perft(p, b.Depth, false)
		s := time.Since(start).Seconds()
		r := result{b, b.variant.String(), nodes, s, float64(nodes) / max(s, 1e-9) / 1e6}
		out = append(out, r)
		if !asJSON {
			fmt.Fprintf(e.stdout, "%-30s %5d %15d %10.3f %10.1f\n", b.Name, b.Depth, nodes, s, r.MNodesPS)
		}
	}
	if asJSON {
		if err := writeJSON(e.stdout, out); err != nil {
			return 1
		}
	}
	return 0
}

// runPerft is "zaochnik perft": the move generator's check and benchmark.
func runPerft(e *env, args []string) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, perftUsage); fs.PrintDefaults() }
	variant := fs.String("variant", "russian", "russian, international, giveaway or 10x8")
	fen := fs.String("fen", "", "start position in FEN, e.g. W:W21-32:B1-12 (default: the initial position)")
	depth := fs.Int("depth", 0, "depth to count to, 1 or more")
	paths := fs.Bool("paths", false, "count every capture path (two orders of taking the same pieces are two moves)")
	asJSON := fs.Bool("json", false, `print one JSON object {"variant","fen","depth","nodes","seconds"} for depth N only (with --bench: an array, one per position)`)
	bench := fs.Bool("bench", false, "count the benchmark positions and print their speed")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "zaochnik perft: unexpected argument %q; the flags are:\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	if *bench {
		return runPerftBench(e, *asJSON)
	}
	v, err := draughts.ParseVariant(*variant)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik perft: --variant: %v\n", err)
		return 2
	}
	if *depth < 1 {
		fmt.Fprintln(e.stderr, "zaochnik perft: --depth N is required, N at least 1")
		return 2
	}
	p := draughts.Initial(v)
	if *fen != "" {
		if p, err = draughts.ParseFEN(v, *fen); err != nil {
			fmt.Fprintf(e.stderr, "zaochnik perft: --fen: %v\n", err)
			return 2
		}
	}
	if *asJSON {
		return perftJSON(e, v, p, *depth, *paths)
	}
	fmt.Fprintf(e.stdout, "%s %s\n%5s %15s %10s %10s\n", v, p.FEN(), "depth", "nodes", "seconds", "Mnodes/s")
	for d := 1; d <= *depth; d++ {
		start := time.Now()
		nodes := perftDepth(e, p, d, *paths)
		s := time.Since(start).Seconds()
		fmt.Fprintf(e.stdout, "%5d %15d %10.3f %10.1f\n", d, nodes, s, float64(nodes)/max(s, 1e-9)/1e6)
	}
	return 0
}

// perftJSON counts p to depth and prints one JSON object.
func perftJSON(e *env, v draughts.Variant, p draughts.Position, depth int, paths bool) int {
	start := time.Now()
	nodes := draughts.Perft(p, depth, paths)
	out := struct {
		Variant string  `json:"variant"`
		FEN     string  `json:"fen"`
		Depth   int     `json:"depth"`
		Paths   bool    `json:"paths"`
		Nodes   uint64  `json:"nodes"`
		Seconds float64 `json:"seconds"`
	}{v.String(), p.FEN(), depth, paths, nodes, time.Since(start).Seconds()}
	if err := json.NewEncoder(e.stdout).Encode(out); err != nil {
		fmt.Fprintf(e.stderr, "zaochnik perft: %v\n", err)
		return 1
	}
	return 0
}

// perftDepth counts depth d; on a terminal it shows a bar over the moves of
// the root, whose subtrees it counts one by one.
func perftDepth(e *env, p draughts.Position, d int, paths bool) uint64 {
	if !e.terminal || d < 2 {
		return draughts.Perft(p, d, paths)
	}
	root := p.LegalMoves(nil)
	if paths {
		root = p.LegalPaths(nil)
	}
	bar := progressbar.NewOptions(len(root), progressbar.OptionSetWriter(e.stderr),
		progressbar.OptionSetDescription(fmt.Sprintf("depth %d", d)), progressbar.OptionClearOnFinish())
	var n uint64
	for _, m := range root {
		n += draughts.Perft(p.Play(m), d-1, paths)
		_ = bar.Add(1)
	}
	_ = bar.Finish()
	return n
}
