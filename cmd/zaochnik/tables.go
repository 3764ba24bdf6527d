package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/schollz/progressbar/v3"

	"zaochnik/adjudication/tables"
	"zaochnik/corr/draughts"
)

const tablesUsage = `Usage: zaochnik tables build --variant russian|10x8|international --pieces N [--out DIR] [--workers K] [--json]

Builds the endgame tables of every ending of men and kings with 2 to N
pieces (N at most 6) by retrograde analysis, one table per material (the
men and kings of each side), and writes each gzip-compressed to
DIR/VARIANT/MATERIAL.zkt.gz as soon as it is solved. A table already on
disk is kept: run the same command again to resume a build that was
stopped. Each entry is the distance to the end in plies by the rules of
the game; zaochnik analyse --tables DIR then reports positions in them as
proven, with the draw rules honoured.`

// tableExt ends the name of a table's file.
const tableExt = ".zkt.gz"

// tableLevel is the gzip level of the table files (writeSlice).
const tableLevel = 4

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
	variant := fs.String("variant", "russian", "russian, 10x8 or international")
	pieces := fs.Int("pieces", 4, "the most pieces of a table's positions, 2 to 6")
	out := fs.String("out", "tables", "the folder to write the tables into (a subfolder per variant)")
	workers := fs.Int("workers", 0, "goroutines for each table's first pass (0: one per core)")
	asJSON := fs.Bool("json", false, "print one JSON object: folder, positions, bytes, seconds, tables built and kept")
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
	dir := filepath.Join(*out, v.String())
	set, err := tables.NewSet(v, *pieces, tableLoader(dir))
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik tables build: %v\n", err)
		return 2
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(e.stderr, "zaochnik tables build: %v\n", err)
		return 1
	}
	start := time.Now()
	todo, err := buildSlices(e, set, dir, *pieces, *workers, e.terminal && !*asJSON)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik tables build: %v (the tables written so far stay: run the command again to resume)\n", err)
		return 1
	}
	secs := time.Since(start).Seconds()
	size, err := folderSize(dir, *pieces)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik tables build: %v\n", err)
		return 1
	}
	n := len(tables.Materials(*pieces))
	if *asJSON {
		_ = json.NewEncoder(e.stdout).Encode(map[string]any{"folder": dir, "positions": set.Positions(), "bytes": size,
			"seconds": secs, "built": len(todo), "kept": n - len(todo)})
		return 0
	}
	fmt.Fprintf(e.stdout, "%s: %d tables (%d built now, %d kept), %d positions, %d bytes compressed, %.1f s\n",
		dir, n, len(todo), n-len(todo), set.Positions(), size, secs)
	return 0
}

// buildSlices builds and writes into dir the tables of up to pieces pieces
// not there yet (with a progress bar when bar), and returns those built.
func buildSlices(e *env, set *tables.Set, dir string, pieces, workers int, bar bool) ([]tables.Material, error) {
	var todo []tables.Material
	total := 0
	for _, m := range tables.Materials(pieces) {
		if _, err := os.Stat(tablePath(dir, m)); err != nil {
			todo = append(todo, m)
			total += set.Entries(m)
		}
	}
	var pb *progressbar.ProgressBar
	if bar && total > 0 {
		pb = progressbar.NewOptions(total, progressbar.OptionSetWriter(e.stderr),
			progressbar.OptionSetDescription("positions"), progressbar.OptionClearOnFinish(),
			progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionShowCount())
		defer pb.Finish()
	}
	done := 0
	// Each table is written while the next is solved: pending is the
	// write in flight (one at most, to bound the memory).
	var pending chan error
	wait := func() error {
		if pending == nil {
			return nil
		}
		err := <-pending
		pending = nil
		return err
	}
	for _, m := range todo {
		if pb != nil {
			pb.Describe(m.String())
		}
		n, err := set.BuildSlice(m, workers, func(d, _ int) {
			if pb != nil {
				_ = pb.Set(done + d)
			}
		})
		if werr := wait(); err == nil {
			err = werr
		}
		if err != nil {
			return todo, err
		}
		done += n
		if m.Pieces() == pieces {
			// The tables of the top size are read again (from their files,
			// whole once written) when a mirror or a promotion needs them:
			// memory stays that of the smaller tables, of the one being
			// solved and of the one being written.
			for _, d := range tables.Materials(pieces) {
				if d.Pieces() == pieces && d != m {
					set.Drop(d)
				}
			}
		}
		ch := make(chan error, 1)
		go func() { ch <- writeSlice(dir, set, m) }()
		pending = ch
	}
	return todo, wait()
}

func tablePath(dir string, m tables.Material) string {
	return filepath.Join(dir, m.String()+tableExt)
}

// writeSlice writes m's table gzip-compressed through a temporary file
// renamed into place, so a stopped build leaves no half-written table.
// Level 4: the default level took over three times its CPU for files 5 %
// smaller, a third of a build's CPU (docs/engine.md, build speed).
func writeSlice(dir string, set *tables.Set, m tables.Material) error {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, tableLevel)
	ok, err := set.WriteSlice(zw, m)
	if !ok {
		return fmt.Errorf("the %v table is not in memory to be written (a fault of the builder: run the command again)", m)
	}
	if err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	path := tablePath(dir, m)
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", tmp, err)
	}
	return os.Rename(tmp, path)
}

// folderSize is the bytes of the tables of up to pieces pieces in dir.
func folderSize(dir string, pieces int) (int64, error) {
	var n int64
	for _, m := range tables.Materials(pieces) {
		fi, err := os.Stat(tablePath(dir, m))
		if err != nil {
			return 0, err
		}
		n += fi.Size()
	}
	return n, nil
}

// tableLoader reads the tables of dir when the set first needs them, no
// further than the size of the table (tables.ReadCompressed).
func tableLoader(dir string) func(tables.Material, int) ([]byte, error) {
	return func(m tables.Material, size int) ([]byte, error) {
		path := tablePath(dir, m)
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return tables.ReadCompressed(f, path, size)
	}
}

// openTables opens the tables of v written by tables build --out dir (or
// the variant's own folder): the set reaches as many pieces as the
// files present, and reads each table when first needed.
func openTables(dir string, v draughts.Variant) (*tables.Set, error) {
	if fi, err := os.Stat(filepath.Join(dir, v.String())); err == nil && fi.IsDir() {
		dir = filepath.Join(dir, v.String())
	}
	pieces := 0
	for _, m := range tables.Materials(tables.MaxPieces) {
		if _, err := os.Stat(tablePath(dir, m)); err == nil {
			pieces = max(pieces, m.Pieces())
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	if pieces < 2 {
		return nil, fmt.Errorf("%s holds no %s tables: build them with zaochnik tables build --variant %s --out FOLDER", dir, v, v)
	}
	return tables.NewSet(v, pieces, tableLoader(dir))
}
