package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/schollz/progressbar/v3"

	"zaochnik/corr/draughts"
)

const pdnUsage = `Usage: zaochnik pdn check [--json] FILE...
       zaochnik pdn draws [--json] [--lang ru|en] FILE...

check replays every game of every PDN file against the rules and reports,
per game, OK or the first move that is not legal (its number, why, and the
legal moves there), or the place where the file cannot be read. Exit status:
0 every game replays, 1 some game or file failed, 2 bad usage. With --json it
prints {"games":N,"ok":N,"failed":[{"file":..,"game":..,"move":..,"ply":..,
"line":..,"error":..}]}, game being the 1-based index in its file and move
the failing move's number ("12." or "12...", empty when the error is not at
a move).

draws lists, for every game that replays, the draws by rule a player could
claim (clauses 2.1.9.1.3-2.1.9.1.9, 3.5) and from which move. In
correspondence play they are claimed and ruled by the judge, not automatic.
With --json it prints [{"file":..,"game":..,"claims":[{"rule":"2.1.9.1.9",
"move":"79.","ply":157,"since":141,"text":..}]}]: ply is the number of
half-moves played when the claim becomes possible (the claim stands on the
position after it), since the half-move from which the rule counts.`

// runPDN is "zaochnik pdn": game records in PDN.
func runPDN(e *env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(e.stderr, pdnUsage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	switch args[0] {
	case "check":
		return runPDNCheck(e, args[1:])
	case "draws":
		return runPDNDraws(e, args[1:])
	}
	fmt.Fprintf(e.stderr, "zaochnik pdn: unknown subcommand %q: use check or draws; see zaochnik pdn --help\n", args[0])
	return 2
}

// pdnFailure is one game (or file) that did not replay.
type pdnFailure struct {
	File  string `json:"file"`
	Game  int    `json:"game"`
	Move  string `json:"move"`
	Ply   int    `json:"ply,omitempty"`
	Line  int    `json:"line,omitempty"`
	Error string `json:"error"`
}

// pdnReport is what "pdn check --json" prints.
type pdnReport struct {
	Games  int          `json:"games"`
	OK     int          `json:"ok"`
	Failed []pdnFailure `json:"failed"`
}

// pdnFile is one file read: its games and the syntax errors of each game.
type pdnFile struct {
	name   string
	games  []draughts.PDNGame
	syntax map[int]*draughts.PDNError // first error of each game (1-based)
	err    error                      // the file could not be read
}

func readPDNFiles(names []string) []pdnFile {
	files := make([]pdnFile, 0, len(names))
	for _, name := range names {
		f := pdnFile{name: name, syntax: map[int]*draughts.PDNError{}}
		data, err := os.ReadFile(name)
		if err != nil {
			f.err = err
			files = append(files, f)
			continue
		}
		games, err := draughts.ParsePDN(data)
		f.games = games
		for _, e := range unjoinErrors(err) {
			var pe *draughts.PDNError
			if errors.As(e, &pe) && f.syntax[pe.Game] == nil {
				f.syntax[pe.Game] = pe
			}
		}
		files = append(files, f)
	}
	return files
}

// unjoinErrors splits an errors.Join error into its parts.
func unjoinErrors(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	if err != nil {
		return []error{err}
	}
	return nil
}

// pdnFileArgs parses the flags of a pdn subcommand and returns the files.
func pdnFileArgs(e *env, fs *flag.FlagSet, args []string) ([]string, int) {
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, pdnUsage); fs.PrintDefaults() }
	names, err := parseInterleaved(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, 0
		}
		return nil, 2
	}
	if len(names) == 0 {
		fmt.Fprintf(e.stderr, "zaochnik pdn %s: name at least one PDN file; see zaochnik pdn --help\n", fs.Name())
		return nil, 2
	}
	return names, -1
}

func runPDNCheck(e *env, args []string) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print one JSON object: games, ok, failed")
	names, code := pdnFileArgs(e, fs, args)
	if code >= 0 {
		return code
	}
	files := readPDNFiles(names)
	total := 0
	for _, f := range files {
		total += len(f.games)
	}
	var bar *progressbar.ProgressBar
	if e.terminal && !*asJSON {
		bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(e.stderr), progressbar.OptionSetDescription("pdn check"))
	}
	rep := pdnReport{Failed: []pdnFailure{}}
	var lines []string
	for _, f := range files {
		base := filepath.Base(f.name)
		if f.err != nil {
			rep.Failed = append(rep.Failed, pdnFailure{File: f.name, Error: f.err.Error()})
			lines = append(lines, fmt.Sprintf("%s: FAILED: %v", f.name, f.err))
			continue
		}
		for i, g := range f.games {
			n := i + 1
			rep.Games++
			fail := checkGame(f, n, g)
			if bar != nil {
				bar.Add(1)
			}
			head := fmt.Sprintf("%s game %d (line %d)%s", base, n, g.Line, players(g))
			if fail == nil {
				rep.OK++
				lines = append(lines, fmt.Sprintf("%s: OK, %s", head, plural(len(g.Moves), "ply", "plies")))
				continue
			}
			rep.Failed = append(rep.Failed, *fail)
			lines = append(lines, fmt.Sprintf("%s: FAILED: %s", head, fail.Error))
		}
	}
	if bar != nil {
		bar.Finish()
		fmt.Fprintln(e.stderr)
	}
	if *asJSON {
		if err := writeJSON(e.stdout, rep); err != nil {
			return 1
		}
	} else {
		for _, l := range lines {
			fmt.Fprintln(e.stdout, l)
		}
		fmt.Fprintf(e.stdout, "%d games: %d OK, %d failed\n", rep.Games, rep.OK, rep.Games-rep.OK)
	}
	if len(rep.Failed) > 0 {
		return 1
	}
	return 0
}

// checkGame replays game n of f and returns its failure, or nil.
func checkGame(f pdnFile, n int, g draughts.PDNGame) *pdnFailure {
	_, err := g.Replay()
	var re *draughts.ReplayError
	switch {
	case errors.As(err, &re):
		return &pdnFailure{File: f.name, Game: n, Move: re.Label, Ply: re.Ply, Line: re.Line, Error: err.Error()}
	case err != nil:
		return &pdnFailure{File: f.name, Game: n, Line: g.Line, Error: err.Error()}
	}
	if pe := f.syntax[n]; pe != nil {
		return &pdnFailure{File: f.name, Game: n, Line: pe.Line, Error: pe.Error()}
	}
	return nil
}

// plural writes "1 ply", "2 plies".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// players writes ": White - Black" from the tags, or "".
func players(g draughts.PDNGame) string {
	w, okw := g.Tag("White")
	b, okb := g.Tag("Black")
	if !okw && !okb {
		return ""
	}
	return fmt.Sprintf(" %s - %s", w, b)
}

// pdnDraws is one game's claims in "pdn draws --json".
type pdnDraws struct {
	File   string     `json:"file"`
	Game   int        `json:"game"`
	Claims []pdnClaim `json:"claims"`
}

type pdnClaim struct {
	Rule  string `json:"rule"`
	Move  string `json:"move"`
	Ply   int    `json:"ply"`
	Since int    `json:"since"`
	Text  string `json:"text"`
}

func runPDNDraws(e *env, args []string) int {
	fs := flag.NewFlagSet("draws", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print a JSON array: one object per game with its claims")
	lang := fs.String("lang", "ru", "language of the explanations: ru or en")
	names, code := pdnFileArgs(e, fs, args)
	if code >= 0 {
		return code
	}
	if *lang != "ru" && *lang != "en" {
		fmt.Fprintf(e.stderr, "zaochnik pdn draws: --lang %q: write ru or en\n", *lang)
		return 2
	}
	status := 0
	out := []pdnDraws{}
	for _, f := range readPDNFiles(names) {
		if f.err != nil {
			fmt.Fprintf(e.stderr, "zaochnik pdn draws: %v\n", f.err)
			status = 1
			continue
		}
		for i, g := range f.games {
			r, err := g.Replay()
			if err != nil {
				fmt.Fprintf(e.stderr, "zaochnik pdn draws: %s game %d: %v\n", f.name, i+1, err)
				status = 1
				continue
			}
			d := pdnDraws{File: f.name, Game: i + 1, Claims: []pdnClaim{}}
			for _, c := range draughts.DrawClaims(r) {
				d.Claims = append(d.Claims, pdnClaim{Rule: c.Rule, Move: r.MoveLabel(c.Ply), Ply: c.Ply, Since: c.Since, Text: c.Describe(*lang == "en")})
			}
			out = append(out, d)
			if *asJSON {
				continue
			}
			fmt.Fprintf(e.stdout, "%s game %d (line %d)%s:", filepath.Base(f.name), i+1, g.Line, players(g))
			if len(d.Claims) == 0 {
				fmt.Fprintln(e.stdout, " no draw by rule")
				continue
			}
			fmt.Fprintln(e.stdout)
			for _, c := range d.Claims {
				fmt.Fprintf(e.stdout, "  %s\n", c.Text)
			}
		}
	}
	if *asJSON {
		if err := writeJSON(e.stdout, out); err != nil {
			return 1
		}
	}
	return status
}
