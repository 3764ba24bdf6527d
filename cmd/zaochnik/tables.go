package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/schollz/progressbar/v3"

	"zaochnik/adjudication/tables"
	"zaochnik/corr/draughts"
)

const tablesUsage = `Usage: zaochnik tables build --variant russian|international --pieces N [--out DIR] [--json]

Builds the endgame tables of kings-only endings with 2 to N pieces (N at
most 5; 4 takes seconds) by retrograde analysis and writes them,
gzip-compressed, to DIR/VARIANT-N.tables.gz. Each entry is the distance to
the win in plies by the rules of the game; zaochnik analyse --tables FILE
then reports positions in them as proven, with the draw rules honoured.`

// runTables is "zaochnik tables".
func runTables(e *env, args []string) int {
	if len(args) == 0 || args[0] != "build" {
		fmt.Fprintln(e.stderr, tablesUsage)
		if len(args) > 0 && (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
			return 0
		}
		return 2
	}
	fs := flag.NewFlagSet("tables build", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, tablesUsage); fs.PrintDefaults() }
	variant := fs.String("variant", "russian", "russian or international")
	pieces := fs.Int("pieces", 4, "the most pieces of a table's positions, 2 to 5")
	out := fs.String("out", ".", "the folder to write the table file into")
	asJSON := fs.Bool("json", false, "print one JSON object: file, positions, bytes, seconds")
	if err := fs.Parse(args[1:]); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	v, err := draughts.ParseVariant(*variant)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik tables build: --variant: %v\n", err)
		return 2
	}
	progress, finish := tablesProgress(e, e.terminal && !*asJSON)
	start := time.Now()
	set, err := tables.Build(v, *pieces, progress)
	finish()
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik tables build: %v\n", err)
		return 2
	}
	secs := time.Since(start).Seconds()
	path := filepath.Join(*out, fmt.Sprintf("%s-%d.tables.gz", v, *pieces))
	size, err := writeTables(path, set)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik tables build: %v\n", err)
		return 1
	}
	if *asJSON {
		_ = json.NewEncoder(e.stdout).Encode(map[string]any{"file": path, "positions": set.Size(), "bytes": size, "seconds": secs})
		return 0
	}
	fmt.Fprintf(e.stdout, "%s: %d positions, %d bytes compressed, built in %.1f s\n", path, set.Size(), size, secs)
	return 0
}

// tablesProgress is the build's progress bar on a terminal when show (nil
// otherwise); finish clears it.
func tablesProgress(e *env, show bool) (progress func(done, total int), finish func()) {
	var bar *progressbar.ProgressBar
	finish = func() {
		if bar != nil {
			_ = bar.Finish()
		}
	}
	if !show {
		return nil, finish
	}
	return func(done, total int) {
		if bar == nil {
			bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(e.stderr),
				progressbar.OptionSetDescription("positions"), progressbar.OptionClearOnFinish(),
				progressbar.OptionThrottle(100*time.Millisecond))
		}
		_ = bar.Set(done)
	}, finish
}

// writeTables writes set gzip-compressed to path (through a temporary file,
// so a half-written file never takes its place) and returns its size.
func writeTables(path string, set *tables.Set) (int64, error) {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := zw.Write(set.Marshal()); err != nil {
		return 0, err
	}
	if err := zw.Close(); err != nil {
		return 0, err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return 0, fmt.Errorf("writing %s: %w (does the --out folder exist?)", tmp, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return 0, err
	}
	return int64(buf.Len()), nil
}

// readTables reads a file written by tables build.
func readTables(path string) (*tables.Set, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w (not a file of zaochnik tables build)", path, err)
	}
	data, err := io.ReadAll(io.LimitReader(zr, 1<<30))
	if err != nil {
		return nil, fmt.Errorf("%s: %w (build it again)", path, err)
	}
	set, err := tables.Unmarshal(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return set, nil
}
