package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"zaochnik/corr/letter"

	"github.com/schollz/progressbar/v3"

	"zaochnik/corr/draughts"
)

const pdnUsage = `Usage: zaochnik pdn check [--json] FILE...
       zaochnik pdn draws [--json] [--lang ru|en] FILE...

check replays every game of every PDN file against the rules and reports,
per game, OK or the first move that is not legal (its number, why, and the
legal moves there), or the place where the file cannot be read. Files are
read game by game, so a file of any size is checked in little memory. A
file with no game in it is a failure. Exit status: 0 every game replays,
1 some game or file failed (or held no game), 2 bad usage. With --json it
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

// pdnGames reads the games of one file one at a time (memory flat in the
// file's size) and calls each with every game, its 1-based index and its
// syntax errors. It returns the number of games, or the error that stopped
// the reading: the file cannot be opened or read, a syntax error stands
// outside every game, or the file holds no game at all. bar, if not nil,
// follows the bytes read.
func pdnGames(name string, bar *progressbar.ProgressBar, each func(g draughts.PDNGame, n int, syntax []error)) (int, error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var r io.Reader = f
	if bar != nil {
		pr := progressbar.NewReader(f, bar)
		r = &pr
	}
	s := draughts.NewPDNScanner(r)
	n := 0
	for s.Scan() {
		n++
		each(s.Game(), n, s.Errors())
	}
	if err := s.Err(); err != nil {
		return n, err
	}
	if n == 0 {
		return 0, errors.New("no game found: the file is empty or holds no tags and no moves")
	}
	return n, nil
}

// pdnBar is a progress bar over the bytes of the named files, or nil when
// the output is not a terminal or is JSON.
func pdnBar(e *env, names []string, asJSON bool, what string) *progressbar.ProgressBar {
	if !e.terminal || asJSON {
		return nil
	}
	var total int64
	for _, name := range names {
		if st, err := os.Stat(name); err == nil {
			total += st.Size()
		}
	}
	return progressbar.NewOptions64(total, progressbar.OptionSetWriter(e.stderr), progressbar.OptionShowBytes(true), progressbar.OptionSetDescription(what))
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
	bar := pdnBar(e, names, *asJSON, "pdn check")
	rep := pdnReport{Failed: []pdnFailure{}}
	say := func(format string, args ...any) {
		if !*asJSON {
			if bar != nil {
				bar.Clear()
			}
			fmt.Fprintf(e.stdout, format+"\n", args...)
		}
	}
	for _, name := range names {
		base := filepath.Base(name)
		_, err := pdnGames(name, bar, func(g draughts.PDNGame, n int, syntax []error) {
			rep.Games++
			head := fmt.Sprintf("%s game %d (line %d)%s", base, n, g.Line, players(g))
			fail := checkGame(name, n, g, syntax)
			if fail == nil {
				rep.OK++
				say("%s: OK, %s", head, plural(len(g.Moves), "ply", "plies"))
				return
			}
			rep.Failed = append(rep.Failed, *fail)
			say("%s: FAILED: %s", head, fail.Error)
		})
		if err != nil {
			fail := pdnFailure{File: name, Error: err.Error()}
			var pe *draughts.PDNError
			if errors.As(err, &pe) {
				fail.Line = pe.Line
			}
			rep.Failed = append(rep.Failed, fail)
			say("%s: FAILED: %v", name, err)
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
		fmt.Fprintf(e.stdout, "%d games: %d OK, %d failed\n", rep.Games, rep.OK, rep.Games-rep.OK)
	}
	if len(rep.Failed) > 0 {
		return 1
	}
	return 0
}

// checkGame replays game n of file name and returns its failure, or nil.
func checkGame(name string, n int, g draughts.PDNGame, syntax []error) *pdnFailure {
	_, err := g.Replay()
	var re *draughts.ReplayError
	switch {
	case errors.As(err, &re):
		return &pdnFailure{File: name, Game: n, Move: re.Label, Ply: re.Ply, Line: re.Line, Error: err.Error()}
	case err != nil:
		return &pdnFailure{File: name, Game: n, Line: g.Line, Error: err.Error()}
	}
	var pe *draughts.PDNError
	if len(syntax) > 0 && errors.As(syntax[0], &pe) {
		return &pdnFailure{File: name, Game: n, Line: pe.Line, Error: pe.Error()}
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
	if !validLang(*lang) {
		fmt.Fprintf(e.stderr, "zaochnik pdn draws: --lang %q: write ru or en\n", *lang)
		return 2
	}
	status := 0
	out := []pdnDraws{}
	bar := pdnBar(e, names, *asJSON, "pdn draws")
	for _, name := range names {
		_, err := pdnGames(name, bar, func(g draughts.PDNGame, n int, _ []error) {
			r, err := g.Replay()
			if err != nil {
				fmt.Fprintf(e.stderr, "zaochnik pdn draws: %s game %d: %v\n", name, n, err)
				status = 1
				return
			}
			d := pdnDraws{File: name, Game: n, Claims: []pdnClaim{}}
			for _, c := range draughts.DrawClaims(r) {
				d.Claims = append(d.Claims, pdnClaim{Rule: c.Rule, Move: r.MoveLabel(c.Ply), Ply: c.Ply, Since: c.Since, Text: c.Describe(letter.LangOf(*lang).IsEnglish())})
			}
			if *asJSON {
				out = append(out, d)
				return
			}
			if bar != nil {
				bar.Clear()
			}
			fmt.Fprintf(e.stdout, "%s game %d (line %d)%s:", filepath.Base(name), n, g.Line, players(g))
			if len(d.Claims) == 0 {
				fmt.Fprintln(e.stdout, " no draw by rule")
				return
			}
			fmt.Fprintln(e.stdout)
			for _, c := range d.Claims {
				fmt.Fprintf(e.stdout, "  %s\n", c.Text)
			}
		})
		if err != nil {
			fmt.Fprintf(e.stderr, "zaochnik pdn draws: %s: %v\n", name, err)
			status = 1
		}
	}
	if bar != nil {
		bar.Finish()
		fmt.Fprintln(e.stderr)
	}
	if *asJSON {
		if err := writeJSON(e.stdout, out); err != nil {
			return 1
		}
	}
	return status
}
