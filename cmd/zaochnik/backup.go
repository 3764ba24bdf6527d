package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"zaochnik/storage"
)

const backupUsage = `Usage: zaochnik backup --db FILE --to FILE [--json]

Writes a consistent copy of the store (SQLite VACUUM INTO) while serve may
go on running: the copy is the store as of one moment, checked (PRAGMA
quick_check) before it replaces the previous backup at --to. A nightly
systemd timer: docs/administrator.md. Restore by stopping serve and copying
the backup over the store (or rebuild it: zaochnik rebuild --help).
Exit status: 0 written, 1 the store or the copy failed, 2 bad usage.`

// runBackup is "zaochnik backup".
func runBackup(e *env, args []string) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, backupUsage); fs.PrintDefaults() }
	dbPath := fs.String("db", "", "the store `FILE`")
	to := fs.String("to", "", "the backup `FILE` (replaced when the new copy is whole)")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *dbPath == "" || *to == "" || fs.NArg() > 0 {
		fmt.Fprintln(e.stderr, "zaochnik backup: give --db FILE and --to FILE; see zaochnik backup --help")
		return 2
	}
	if err := storage.BackupFile(context.Background(), *dbPath, *to); err != nil {
		fmt.Fprintf(e.stderr, "zaochnik backup: %v\n", err)
		return 1
	}
	fi, err := os.Stat(*to)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik backup: %v\n", err)
		return 1
	}
	if *asJSON {
		if err := writeJSON(e.stdout, map[string]any{"db": *dbPath, "to": *to, "bytes": fi.Size()}); err != nil {
			return 1
		}
		return 0
	}
	fmt.Fprintf(e.stdout, "backup of %s written to %s (%d bytes)\n", *dbPath, *to, fi.Size())
	return 0
}
