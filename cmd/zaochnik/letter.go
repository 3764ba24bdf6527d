package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// runLetter is "zaochnik letter parse FILE|-": it reads a move letter as the
// server would and prints what it understood and the problems found.
func runLetter(e *env, args []string) int {
	if len(args) == 0 || args[0] != "parse" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			fmt.Fprintln(e.stdout, letterUsage)
			return 0
		}
		fmt.Fprintln(e.stderr, "zaochnik letter: expected the subcommand 'parse'\n"+letterUsage)
		return 2
	}
	fs := flag.NewFlagSet("letter parse", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, letterUsage); fs.PrintDefaults() }
	variant := fs.String("variant", "russian", "the game: russian or giveaway (8x8), international (10x10) or 10x8")
	asJSON := fs.Bool("json", false, "print the letter as JSON")
	subject := fs.String("subject", "", "the letter's subject, read for the cipher and game code")
	postmark := fs.String("postmark", "", "the date the letter arrived, YYYY-MM-DD: dates without a year take the nearest year")
	lang := fs.String("lang", "", "the sender's language, ru or en (default: detected)")
	cipher := fs.String("cipher", "", "the tournament's cipher, recognised in any case and spacing as the server recognises it")
	files, err := parseInterleaved(fs, args[1:])
	if err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if len(files) != 1 {
		fmt.Fprintln(e.stderr, "zaochnik letter parse: give one FILE, or - for standard input")
		return 2
	}
	opts, err := letterOptions(*variant, *lang, *cipher, *subject, *postmark)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik letter parse: %v\n", err)
		return 2
	}
	text, err := readInput(e, files[0])
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik letter parse: %v\n", err)
		return 1
	}
	l := letter.Parse(text, opts)
	if *asJSON {
		if err := writeJSON(e.stdout, l); err != nil {
			fmt.Fprintf(e.stderr, "zaochnik letter parse: %v\n", err)
			return 1
		}
		return 0
	}
	fmt.Fprint(e.stdout, letter.Describe(l))
	return 0
}

// letterOptions reads the flags that say how to read the letter.
func letterOptions(variant, lang, cipher, subject, postmark string) (letter.Options, error) {
	opts := letter.Options{Subject: subject, Language: letter.Lang(lang)}
	if cipher != "" {
		opts.Ciphers = []string{cipher}
	}
	if lang != "" && opts.Language != letter.Russian && opts.Language != letter.English {
		return opts, fmt.Errorf("--lang %q: want ru or en", lang)
	}
	v, err := draughts.ParseVariant(variant)
	if err != nil {
		return opts, fmt.Errorf("--variant: %v", err)
	}
	opts.Board = letter.Board{Width: v.Width(), Height: v.Height()}
	if postmark != "" {
		if opts.Postmark, err = timecontrol.ParseDate(postmark); err != nil {
			return opts, fmt.Errorf("--postmark: %v", err)
		}
	}
	return opts, nil
}

const letterUsage = `Usage: zaochnik letter parse FILE|- [--variant russian|international|giveaway|10x8] [--json]
                              [--subject TEXT] [--postmark YYYY-MM-DD] [--lang ru|en] [--cipher C]

Reads a move letter (plain text or HTML) the way the server does and prints
what it understood: the game, the repeated moves, the move, the variants, the
three dates, the time, statements, and every problem with its clause.
--cipher reads the cipher as the server does, knowing its tournament's
("чр-2026-зф 1-2"). Exit status: 0 the letter was read (whatever its
problems), 1 the file cannot be read, 2 bad usage.`

// readInput reads FILE, or standard input for "-".
func readInput(e *env, name string) (string, error) {
	var b []byte
	var err error
	if name == "-" {
		b, err = io.ReadAll(e.stdin)
	} else {
		b, err = os.ReadFile(name)
	}
	if err != nil {
		return "", fmt.Errorf("cannot read the letter: %w", err)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD"), nil
}
