// Command zaochnik is the correspondence draughts server and its tools: one
// binary with subcommands (serve, perft, pdn, ledger, letter, ...). Each
// subcommand lives in its own file as a func(env, args) int and is listed in
// commands below.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"time"
)

// env is what a subcommand may touch of the outside world, so tests can run
// a command in-process with their own streams.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// terminal reports whether stdout is a terminal (progress bars only then).
	terminal bool
	// now is the wall clock of the commands that date what they record;
	// time.Now if nil (tests set it).
	now func() time.Time
}

// clock returns the current instant.
func (e *env) clock() time.Time {
	if e.now == nil {
		return time.Now()
	}
	return e.now()
}

// command is one subcommand: it parses its own flags from args and returns the
// process exit status (0 only on success).
type command struct {
	summary string
	run     func(e *env, args []string) int
}

// commands holds every subcommand, filled by registerCommands.
var commands = map[string]command{}

// registerCommands lists every subcommand. Keep one line per command, sorted.
// (A map literal would form an initialisation cycle with help, which lists it.)
func registerCommands() {
	commands["analyse"] = command{"the engine's evaluation, best line and proven result of a position (6.5)", runAnalyse}
	commands["backup"] = command{"a consistent copy of the store while serve runs (backup --db FILE --to FILE)", runBackup}
	commands["demo"] = command{"the whole server in one process on an embedded mail server; --simulate plays the players", runDemo}
	commands["help"] = command{"list the commands", runHelp}
	commands["judge"] = command{"overstep claims and the judge's rulings (6.3.6-6.3.7)", runJudge}
	commands["ledger"] = command{"the day ledger of a game from a timeline file (6.3.6)", runLedger}
	commands["letter"] = command{"read a move letter as the server does (letter parse FILE)", runLetter}
	commands["pair"] = command{"draw the next round of a Swiss tournament from its files (1.15)", runPair}
	commands["passwd"] = command{"a bcrypt hash of a password (from standard input) for a web desk account", runPasswd}
	commands["pdn"] = command{"game records in PDN: check that every game replays, list draws by rule", runPDN}
	commands["perft"] = command{"count move sequences to a depth: the move generator's check and benchmark", runPerft}
	commands["tables"] = command{"endgame tables of men and kings, built by retrograde analysis (tables build)", runTables}
	commands["rebuild"] = command{"rebuild a lost store from the tournament files and the letters in the IMAP folders", runRebuild}
	commands["replay"] = command{"replay a tournament from a folder of .eml letters on a virtual clock", runReplay}
	commands["serve"] = command{"the server: IMAP in, SMTP out, scheduled checks, /healthz (serve --config FILE)", runServe}
	commands["standings"] = command{"the crosstable of a tournament: points, places, tie-breaks (6.5, 1.13)", runStandings}
	commands["tournament"] = command{"create, start and show a tournament", runTournament}
}

func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, terminal: isTerminal(os.Stdout)}
	os.Exit(run(e, os.Args[1:]))
}

// run dispatches args[0] to its subcommand.
func run(e *env, args []string) int {
	registerCommands()
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		runHelp(e, nil)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "zaochnik: unknown command %q; run 'zaochnik help' for the list\n", args[0])
		return 2
	}
	return c.run(e, args[1:])
}

func runHelp(e *env, _ []string) int {
	fmt.Fprintln(e.stdout, "zaochnik: a correspondence-play server for draughts.\n\nUsage: zaochnik COMMAND [flags]   (zaochnik COMMAND --help for its flags)\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(e.stdout, "  %-12s %s\n", n, commands[n].summary)
	}
	return 0
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
