package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/schollz/progressbar/v3"

	"zaochnik/adjudication/engine"
	"zaochnik/adjudication/tables"
	"zaochnik/corr/draughts"
)

const analyseUsage = `Usage: zaochnik analyse --variant russian|international|giveaway|10x8 --fen FEN [--time 30s] [--depth N] [--threads N] [--json | --english] [--tables DIR]
       zaochnik analyse --pdn FILE [--game N] [--time 30s] [--depth N] [--threads N] [--json | --english] [--tables DIR]

Searches the position (the engine aid for adjudicating unfinished games,
6.5) and prints, for the judge (in Russian unless --english), the
evaluation (in men, + for White; hundredths of a man in --json), the
principal variation in full notation, the depth reached, the positions
searched and, when the search proves it, the result: a win, or a draw by the
drawn-ending rules. With --fen those rules count their moves from the
position; with --pdn the final position of the game is analysed and the
game's moves count too (the variant comes from the file). The search stops
at --time or --depth, whichever comes first (--time 0: no time limit).
With --tables DIR (the --out folder of zaochnik tables build), a position
in the tables is answered from them at once: proven, with the exact
distance and the draw rules honoured; inside the search the tables draw
what they draw and prove wins and losses. --threads sets the threads that
search (the machine's cores by default); --threads 1 gives the same
analysis on every run.`

// analyseOutput is the --json object.
type analyseOutput struct {
	Variant string `json:"variant"`
	// FEN is the position analysed, alphanumeric on 8x8, numeric on 10x10;
	// PliesPlayed, with --pdn, the number of plies of the game before it.
	FEN         string `json:"fen"`
	PliesPlayed int    `json:"plies_played,omitempty"`
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
	// Threads is the number of threads that searched (--threads).
	Threads int `json:"threads"`
	// Result is "white wins", "black wins", "draw" or "unproven";
	// PliesToEnd, for a proven win, how long the loser can hold out.
	Result     string `json:"result"`
	PliesToEnd int    `json:"plies_to_end,omitempty"`
	// Tables is set when the result comes from the endgame tables
	// (--tables): PliesToEnd is then the exact distance, the draw rules honoured.
	Tables bool `json:"tables,omitempty"`
	// TablesGame, when the position is in the tables but the draw rules'
	// counts were not settled in time, is the tables' result by the rules
	// of the game alone ("white wins") and TablesPlies its distance.
	TablesGame  string `json:"tables_game,omitempty"`
	TablesPlies int    `json:"tables_plies,omitempty"`
}

// runAnalyse is "zaochnik analyse": the engine's view of a position.
func runAnalyse(e *env, args []string) int {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, analyseUsage); fs.PrintDefaults() }
	variant := fs.String("variant", "russian", "russian, international, giveaway or 10x8")
	fen := fs.String("fen", "", "the position in FEN, e.g. W:WKc1,Ke1,Kh2:BKd4")
	pdn := fs.String("pdn", "", "a PDN file: analyse the final position of one of its games")
	game := fs.Int("game", 1, "with --pdn: which game of the file, 1 for the first")
	limit := fs.Duration("time", 30*time.Second, "stop searching after this long (0: no limit, --depth must be set)")
	depth := fs.Int("depth", 0, "stop after this depth in plies (0: the engine's maximum)")
	asJSON := fs.Bool("json", false, "print one JSON object: evaluation, pv, depth, nodes, nps, result")
	english := fs.Bool("english", false, "write the analysis in English (Russian by default)")
	threads := fs.Int("threads", min(runtime.NumCPU(), maxThreads), "search threads (1: the same analysis on every run)")
	tablesDir := fs.String("tables", "", "the folder of zaochnik tables build --out: positions in the tables are answered from them")
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
	variantSet := false
	fs.Visit(func(f *flag.Flag) { variantSet = variantSet || f.Name == "variant" })
	r, code := analyseRecord(e, *variant, *fen, *pdn, *game, variantSet)
	if code != 0 {
		return code
	}
	if *depth < 0 || *limit < 0 || (*limit == 0 && *depth == 0) {
		fmt.Fprintln(e.stderr, "zaochnik analyse: give a positive --time or --depth (or both): without either the search would not end")
		return 2
	}
	if *threads < 1 || *threads > maxThreads {
		fmt.Fprintf(e.stderr, "zaochnik analyse: --threads %d: give 1 to %d (this machine has %d cores)\n", *threads, maxThreads, runtime.NumCPU())
		return 2
	}
	an, set, code := analyser(e, *tablesDir, r.Variant())
	if code != 0 {
		return code
	}
	out, a := analyse(e, an, r, engine.Limits{Depth: *depth, Threads: *threads}, *limit, e.terminal && !*asJSON && *limit > 0)
	if set != nil && set.Err() != nil {
		// A table the search needed could not be read: the answer is the
		// search's alone (never marked proven by the tables); say why.
		fmt.Fprintf(e.stderr, "zaochnik analyse: warning: --tables %s: %v; the position was searched without it\n", *tablesDir, set.Err())
	}
	if *asJSON {
		if err := json.NewEncoder(e.stdout).Encode(out); err != nil {
			fmt.Fprintf(e.stderr, "zaochnik analyse: %v\n", err)
			return 1
		}
		return 0
	}
	printAnalysis(e, out, a, *english)
	return 0
}

// analyseRecord reads the position to analyse: game n of a PDN file, or a
// FEN of the variant; a non-zero status when it does not read.
func analyseRecord(e *env, variant, fen, pdn string, n int, variantSet bool) (draughts.Record, int) {
	switch {
	case (fen == "") == (pdn == ""):
		fmt.Fprintln(e.stderr, "zaochnik analyse: give the position with --fen (e.g. --fen W:W21-32:B1-12) or a game with --pdn FILE, not both")
		return draughts.Record{}, 2
	case pdn != "" && variantSet:
		fmt.Fprintln(e.stderr, "zaochnik analyse: with --pdn the variant comes from the file (its GameType or Variant tag); leave out --variant")
		return draughts.Record{}, 2
	case pdn != "":
		return analysePDN(e, pdn, n)
	}
	v, err := draughts.ParseVariant(variant)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik analyse: --variant: %v\n", err)
		return draughts.Record{}, 2
	}
	p, err := draughts.ParseFEN(v, fen)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik analyse: --fen: %v\n", err)
		return draughts.Record{}, 2
	}
	if p.Pieces(draughts.White) == 0 && p.Pieces(draughts.Black) == 0 {
		// An empty board is a slip in the FEN, not a position to
		// adjudicate (it used to be "proven" a win with no line).
		fmt.Fprintf(e.stderr, "zaochnik analyse: --fen %q has no pieces at all; give the squares of both sides, e.g. W:W21-32:B1-12\n", fen)
		return draughts.Record{}, 2
	}
	return draughts.NewRecord(p), 0
}

// analyser is the engine, with the endgame tables of folder dir ("":
// none, and a nil set) for variant v; a non-zero status when the folder
// is wrong.
func analyser(e *env, dir string, v draughts.Variant) (*engine.Analyser, *tables.Set, int) {
	an := engine.NewAnalyser(engineTableBits)
	if dir == "" {
		return an, nil, 0
	}
	set, err := openTables(dir, v)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik analyse: --tables: %v\n", err)
		return nil, nil, 2
	}
	an.UseTables(set)
	return an, set, 0
}

// analyse searches r's final position within lim and the time limit (a
// progress bar on a terminal when bar) and returns what the search found.
func analyse(e *env, an *engine.Analyser, r draughts.Record, lim engine.Limits, limit time.Duration, bar bool) (analyseOutput, engine.Analysis) {
	start := time.Now()
	if limit > 0 {
		deadline := start.Add(limit)
		lim.Stop = func() bool { return time.Now().After(deadline) }
	}
	done := func() {}
	if bar {
		lim, done = withProgressBar(e, lim, start, limit)
	}
	a := an.AnalyseRecord(r, lim)
	done()
	secs := time.Since(start).Seconds()
	p, v := r.Final(), r.Variant()
	fenText := p.FEN()
	if !v.Numeric() {
		fenText = p.FENAlpha()
	}
	out := analyseOutput{
		Variant: v.String(), FEN: fenText, PliesPlayed: r.Plies(),
		Evaluation: a.Score, SideEvaluation: a.SideScore, SideToMove: p.SideToMove().String(),
		PV: a.Notation, Depth: a.Depth, Nodes: a.Nodes, NPS: uint64(float64(a.Nodes) / max(secs, 1e-9)),
		Seconds: secs, Threads: max(lim.Threads, 1), Result: a.Result.String(), PliesToEnd: a.Plies, Tables: a.FromTables,
	}
	if g := a.TablesGame; g != nil {
		out.TablesGame, out.TablesPlies = a.TablesResult().String(), g.Plies
	}
	return out, a
}

// printAnalysis writes the analysis for a person: the judge, in Russian,
// or in English with --english.
func printAnalysis(e *env, out analyseOutput, a engine.Analysis, english bool) {
	if english {
		fmt.Fprintf(e.stdout, "%s %s, %s to move", out.Variant, out.FEN, out.SideToMove)
		if out.PliesPlayed > 0 {
			fmt.Fprintf(e.stdout, ", after %d plies of the game", out.PliesPlayed)
		}
		fmt.Fprintf(e.stdout, "\n%s\nSpeed: %d positions a second, %.1f s.\n", a.Describe(true), out.NPS, out.Seconds)
		return
	}
	names := map[string]string{"russian": "русские шашки", "international": "международные шашки", "giveaway": "обратные шашки", "10x8": "восьмидесятиклеточные шашки (10×8)"}
	side := map[string]string{"white": "ход белых", "black": "ход чёрных"}
	fmt.Fprintf(e.stdout, "%s, %s, %s", names[out.Variant], out.FEN, side[out.SideToMove])
	if out.PliesPlayed > 0 {
		fmt.Fprintf(e.stdout, ", после %d-го полухода партии", out.PliesPlayed)
	}
	fmt.Fprintf(e.stdout, "\n%s\nСкорость: %d позиций в секунду, %.1f с.\n", a.Describe(false), out.NPS, out.Seconds)
}

// withProgressBar shows the time spent against the limit on a terminal,
// with the depth and evaluation reached so far; done clears it.
func withProgressBar(e *env, lim engine.Limits, start time.Time, limit time.Duration) (_ engine.Limits, done func()) {
	bar := progressbar.NewOptions64(limit.Milliseconds(), progressbar.OptionSetWriter(e.stderr),
		progressbar.OptionSetDescription("depth 0"), progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(100*time.Millisecond))
	stop := lim.Stop
	lim.Stop = func() bool {
		_ = bar.Set64(min(time.Since(start).Milliseconds(), limit.Milliseconds()))
		return stop()
	}
	lim.Progress = func(a engine.Analysis) {
		bar.Describe(fmt.Sprintf("depth %d %+.2f", a.Depth, float64(a.Score)/100))
	}
	return lim, func() {
		_ = bar.Finish()
		fmt.Fprint(e.stderr, "\r")
	}
}

// maxThreads bounds --threads: beyond the cores a thread only takes time
// from the others.
const maxThreads = 64

// engineTableBits sizes the engine's transposition table: 2^22 slots of 16
// bytes, 64 MiB.
const engineTableBits = 22

// analysePDN reads game n of a PDN file (game by game, up to it) and
// replays it.
func analysePDN(e *env, path string, n int) (draughts.Record, int) {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik analyse: --pdn: %v\n", err)
		return draughts.Record{}, 1
	}
	defer f.Close()
	s := draughts.NewPDNScanner(f)
	read := 0
	for read < n && s.Scan() {
		read++
	}
	if n < 1 || read < n {
		fmt.Fprintf(e.stderr, "zaochnik analyse: --game %d: %s has %d games that could be read; number them from 1\n", n, path, read)
		if err := s.Err(); err != nil {
			fmt.Fprintf(e.stderr, "  (reading stopped: %v)\n", err)
		}
		return draughts.Record{}, 2
	}
	// A game whose text did not read (moves written "-", say) is kept by
	// the parser with the moves before the slip: analysing it would judge
	// another position than the game's.
	if errs := s.Errors(); len(errs) > 0 {
		fmt.Fprintf(e.stderr, "zaochnik analyse: game %d of %s does not replay: %v; see zaochnik pdn check %s\n", n, path, errs[0], path)
		return draughts.Record{}, 1
	}
	r, err := s.Game().Replay()
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik analyse: game %d of %s does not replay: %v\n", n, path, err)
		return draughts.Record{}, 1
	}
	return r, 0
}
