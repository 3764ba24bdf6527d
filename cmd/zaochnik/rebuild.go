package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"strings"
	"time"

	"zaochnik/corr"
	"zaochnik/mailbox"
	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

const rebuildUsage = `Usage: zaochnik rebuild --config FILE --tournament FILE.toml [--tournament FILE.toml ...]
                        [--from-folder NAME ...] [--db FILE] [--started YYYY-MM-DD]
                        [--resend-after TIME] [--json]

Rebuilds a lost store from the tournament files and the letters the reader
filed in the IMAP folders (default: imap.processed_folder and
imap.refused_folder of the config; they are only read). Each tournament is
created and started (on its start date, or --started), then every letter is
applied in the order of its arrival (the topmost Received date, else the
server's INTERNALDATE) on that date, through the same checks as serve, with
the daily checks run for every day before it when schedule.daily is on; the
days up to today are caught up at the end. The store is written beside
--db (default database.path) and moved there only when whole; an existing
file is never overwritten.

The letters the rebuilt store queued are the history of what the lost store
sent: they are recorded as sent, not sent again (at most one copy), except
those queued after --resend-after (RFC 3339, e.g. the time of the last
backup), which serve then sends. What the folders do not hold is not
rebuilt: rulings and changes made on the desk or with zaochnik judge, paper
letters; enter them again. Exit status: 0 rebuilt, 1 failed, 2 bad usage.`

// stringsFlag is a repeatable flag.
type stringsFlag []string

func (s *stringsFlag) String() string     { return strings.Join(*s, ",") }
func (s *stringsFlag) Set(v string) error { *s = append(*s, v); return nil }

// rebuildReport is what rebuild did.
type rebuildReport struct {
	DB          string         `json:"db"`
	Tournaments []string       `json:"tournaments"`
	Letters     map[string]int `json:"letters"` // by disposition
	Sent        int            `json:"marked_sent"`
	Due         int            `json:"due"` // queued after --resend-after: serve sends them
}

// runRebuild is "zaochnik rebuild".
func runRebuild(e *env, args []string) int {
	fs := flag.NewFlagSet("rebuild", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, rebuildUsage); fs.PrintDefaults() }
	cfgPath := fs.String("config", "zaochnik.toml", "the configuration `FILE`")
	var tfiles, folders stringsFlag
	fs.Var(&tfiles, "tournament", "a tournament `FILE` (TOML); repeat for each tournament")
	fs.Var(&folders, "from-folder", "an IMAP `folder` to read the letters from; repeat for more")
	dbPath := fs.String("db", "", "the new store `FILE` (default database.path)")
	startedFlag := fs.String("started", "", "the `date` the tournaments were started (default: each one's start date)")
	resendFlag := fs.String("resend-after", "", "letters queued after this `time` (RFC 3339) are left for serve to send")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "zaochnik rebuild: "+format+"; see zaochnik rebuild --help\n", a...)
		return 2
	}
	if len(tfiles) == 0 || fs.NArg() > 0 {
		return usage("give --config FILE and one --tournament FILE.toml per tournament")
	}
	started, err := optionalDate(*startedFlag)
	if err != nil {
		return usage("--started: %v", err)
	}
	resendAfter := e.clock()
	if *resendFlag != "" {
		t, err := time.Parse(time.RFC3339, *resendFlag)
		if err != nil {
			return usage("--resend-after %q: write an RFC 3339 time, e.g. 2026-03-01T03:00:00+03:00", *resendFlag)
		}
		resendAfter = t
	}
	fail := func(err error) int {
		fmt.Fprintf(e.stderr, "zaochnik rebuild: %v\n", err)
		return 1
	}
	cfg, err := readConfig(*cfgPath)
	if err != nil {
		return fail(err)
	}
	if *dbPath == "" {
		*dbPath = cfg.Database.Path
	}
	if len(folders) == 0 {
		folders = stringsFlag{cfg.IMAP.ProcessedFolder, cfg.IMAP.RefusedFolder}
	}
	rep, err := rebuild(context.Background(), e, cfg, tfiles, folders, *dbPath, started, resendAfter)
	if err != nil {
		return fail(err)
	}
	if err := printRebuild(e, rep, *asJSON); err != nil {
		return fail(err)
	}
	return 0
}

// printRebuild prints what rebuild did.
func printRebuild(e *env, rep rebuildReport, asJSON bool) error {
	if asJSON {
		return writeJSON(e.stdout, rep)
	}
	fmt.Fprintf(e.stdout, "store rebuilt at %s: %s; letters: %d processed, %d refused, %d ignored; %d letters of the outbox recorded as sent, %d left to send\n",
		rep.DB, strings.Join(rep.Tournaments, ", "), rep.Letters[string(storage.Processed)], rep.Letters[string(storage.Refused)],
		rep.Letters[string(storage.Ignored)], rep.Sent, rep.Due)
	fmt.Fprintln(e.stdout, "not rebuilt (not in the folders): rulings and changes made on the desk or with zaochnik judge, paper letters; enter them again")
	return nil
}

// rebuild writes the new store at dbPath; see rebuildUsage.
func rebuild(ctx context.Context, e *env, cfg Config, tfiles, folders []string, dbPath string, started timecontrol.Date, resendAfter time.Time) (rebuildReport, error) {
	rep := rebuildReport{DB: dbPath, Letters: map[string]int{}}
	if _, err := os.Stat(dbPath); !errors.Is(err, fs.ErrNotExist) {
		return rep, fmt.Errorf("%s exists already; rebuild writes a new store: move the old file aside or give another --db", dbPath)
	}
	srcs := make([][]byte, len(tfiles))
	for i, name := range tfiles {
		var err error
		if srcs[i], err = os.ReadFile(name); err != nil {
			return rep, err
		}
		if _, err := corr.ParseTournament(srcs[i]); err != nil { // before the folders are read
			return rep, fmt.Errorf("%s:\n%w", name, err)
		}
	}
	read, err := cfg.IMAP.account() // the size limit is the referee's, below
	if err != nil {
		return rep, err
	}
	partial := dbPath + ".rebuild-partial"
	os.Remove(partial)
	db, err := storage.Open(partial)
	if err != nil {
		return rep, err
	}
	defer os.Remove(partial)
	defer db.Close()
	rb := &rebuilder{daily: cfg.Schedule.Daily != ""}
	log := slog.New(slog.DiscardHandler)
	db.Now, db.Log, db.HoldDays = func() time.Time { return rb.clock }, log, cfg.HoldDays
	if rb.ref, err = newReferee(ctx, db, cfg, log); err != nil {
		return rep, err
	}
	read.MaxLetterSize, read.Logger = rb.ref.MaxSize(), log // the limit as serve's reader
	if rep.Tournaments, err = rb.start(ctx, srcs, tfiles, started); err != nil {
		return rep, err
	}
	if err := mailbox.ReadFolders(ctx, read, folders, func(l mailbox.KeptLetter) error { return rb.receive(ctx, l) }); err != nil {
		return rep, fmt.Errorf("reading the IMAP folders: %w", err)
	}
	rb.clock = e.clock() // the days up to today, as serve catches them up at start
	if err := rb.day(ctx); err != nil {
		return rep, err
	}
	if err := rebuiltReport(ctx, db, resendAfter, &rep); err != nil {
		return rep, err
	}
	return rep, keepRebuilt(db, partial, dbPath)
}

// rebuilder applies the kept letters to a new store on the clock of
// their arrival, through the same use cases as serve.
type rebuilder struct {
	ref   *referee.Referee
	clock time.Time
	daily bool // schedule.daily is on: the referee's day runs before each letter
}

// start creates and starts the tournaments of srcs (read from files), on
// started or each one's start date, and returns their ciphers.
func (rb *rebuilder) start(ctx context.Context, srcs [][]byte, files []string, started timecontrol.Date) ([]string, error) {
	var ciphers []string
	for i, src := range srcs {
		t, err := rb.ref.Create(ctx, src, false)
		if err != nil {
			return nil, fmt.Errorf("%s:\n%w", files[i], err)
		}
		day := cmp.Or(started, t.Start)
		rb.clock = day.Time()
		if _, err := rb.ref.Start(ctx, t.Cipher, day, false); err != nil {
			return nil, err
		}
		ciphers = append(ciphers, t.Cipher)
	}
	return ciphers, nil
}

// receive applies letter l on its arrival, as serve would: one over the
// size limit, of which its header only was read, as an oversized letter.
func (rb *rebuilder) receive(ctx context.Context, l mailbox.KeptLetter) error {
	rb.clock = l.Arrived
	if err := rb.day(ctx); err != nil {
		return err
	}
	letter := decoded(rb.ref, referee.Letter{Mailbox: "rebuild:" + l.Folder, UIDValidity: l.UIDValidity, UID: l.UID, Raw: l.Raw})
	var err error
	if l.Oversized {
		err = rb.ref.Oversized(ctx, letter, l.Size)
	} else {
		_, err = rb.ref.Receive(ctx, letter)
	}
	if err != nil {
		return fmt.Errorf("letter %d of %s: %w", l.UID, l.Folder, err)
	}
	return nil
}

// day runs the referee's day up to the clock, as the daily job would.
func (rb *rebuilder) day(ctx context.Context) error {
	if !rb.daily {
		return nil
	}
	_, err := rb.ref.Daily(ctx, rb.clock)
	return err
}

// rebuiltReport records the rebuilt outbox's history as sent up to
// resendAfter and counts the letters into rep.
func rebuiltReport(ctx context.Context, db *storage.DB, resendAfter time.Time, rep *rebuildReport) error {
	var err error
	if rep.Sent, err = db.MarkSentUpTo(ctx, resendAfter, "rebuilt: sent by the lost store, not sent again"); err != nil {
		return err
	}
	out, err := db.Outbox(ctx)
	if err != nil {
		return err
	}
	for _, o := range out {
		if o.Sent.IsZero() && !o.Dead {
			rep.Due++
		}
	}
	all, err := db.Letters(ctx)
	if err != nil {
		return err
	}
	for _, l := range all {
		rep.Letters[string(l.Disposition)]++
	}
	return nil
}

// keepRebuilt closes the partial store, checks it as serve will
// (quick_check and the schema), and moves it to dbPath.
func keepRebuilt(db *storage.DB, partial, dbPath string) error {
	if err := db.Close(); err != nil {
		return err
	}
	check, err := storage.OpenChecked(partial)
	if err != nil {
		return err
	}
	if err := check.Close(); err != nil {
		return err
	}
	return os.Rename(partial, dbPath)
}
