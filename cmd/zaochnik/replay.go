package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"zaochnik/corr/letter"

	"github.com/schollz/progressbar/v3"

	"zaochnik/corr"
	"zaochnik/mailbox"
	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

const replayUsage = `Usage: zaochnik replay --tournament FILE.toml --mail DIR [--until YYYY-MM-DD] [--db FILE]
       [--authserv-id ID] [--address ADDR] [--json]

Replays a whole tournament from a folder of letters: every .eml file in DIR,
in the order of its postmark (the topmost Received header, else Date), is
applied by the referee on a virtual clock; the daily checks (reminders, silent
overstep, the end of play) run for every day up to --until (default: the last
letter's day). The server's letters are delivered the moment they are sent.
With --db the store is kept (and a replay interrupted before resumes from it);
without, a temporary one is used. A file that is not a readable letter (bad
MIME, no postmark) is stored as it is and refused with the reason, and an
automatic letter (out-of-office, bounce) is kept and not answered, as the
server does; the others are replayed. Exit status: 0 replayed, 1 a file or
the store is wrong, 2 bad usage (an --until before the last letter's day too).`

// replayLetter is one letter of the report.
type replayLetter struct {
	File string `json:"file"`
	From string `json:"from"`
	// Auth is how the sender was authenticated: key, dmarc, dkim, spf,
	// confirmed, none; "" for a letter never read.
	Auth     string          `json:"auth"`
	Outcome  string          `json:"outcome"`          // accepted, refused, held, ignored
	Reason   string          `json:"reason,omitempty"` // why it was not applied, in English
	Problems []replayProblem `json:"problems"`
}

type replayProblem struct {
	Kind   string `json:"kind"`
	Clause string `json:"clause"`
}

type replayOut struct {
	To   string `json:"to"`
	Kind string `json:"kind"`
}

type replayReport struct {
	Games   []gameReport   `json:"games"`
	Letters []replayLetter `json:"letters"`
	Outbox  []replayOut    `json:"outbox"`
}

// mailFile is a decoded letter of the folder.
type mailFile struct {
	name string
	raw  []byte
	in   *mailbox.Incoming
	day  timecontrol.Date
}

// badFile is a file of the folder that is no readable letter: it is kept
// and refused, as the server keeps and refuses what it cannot read.
type badFile struct {
	name, messageID string
	reason          letter.Reason
	raw             []byte
}

// usageError is a replay refused for its arguments (exit status 2).
type usageError struct{ error }

// runReplay is "zaochnik replay".
func runReplay(e *env, args []string) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, replayUsage); fs.PrintDefaults() }
	tfile := fs.String("tournament", "", "the tournament `FILE` (TOML)")
	dir := fs.String("mail", "", "the `DIR`ectory of .eml letters")
	untilFlag := fs.String("until", "", "run the daily checks up to this `date` (YYYY-MM-DD)")
	dbPath := fs.String("db", "", "keep the store in this `FILE` (default: a temporary one)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	var trust replayTrust
	fs.StringVar(&trust.authservID, "authserv-id", "", "believe the Authentication-Results written under this `ID`")
	fs.StringVar(&trust.address, "address", "", "the tournament mailbox `ADDR`ess whose plus addresses carry reply keys")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *tfile == "" || *dir == "" || fs.NArg() > 0 {
		fmt.Fprintln(e.stderr, "zaochnik replay: give --tournament FILE.toml and --mail DIR; see zaochnik replay --help")
		return 2
	}
	var until timecontrol.Date
	if *untilFlag != "" {
		d, err := timecontrol.ParseDate(*untilFlag)
		if err != nil {
			fmt.Fprintf(e.stderr, "zaochnik replay: --until: %v\n", err)
			return 2
		}
		until = d
	}
	rep, err := replay(e, *tfile, *dir, *dbPath, until, trust, !*asJSON && e.terminal)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik replay: %v\n", err)
		if errors.As(err, new(usageError)) {
			return 2
		}
		return 1
	}
	if *asJSON {
		if err := writeJSON(e.stdout, rep); err != nil {
			fmt.Fprintf(e.stderr, "zaochnik replay: %v\n", err)
			return 1
		}
		return 0
	}
	for _, g := range rep.Games {
		fmt.Fprintf(e.stdout, "%d-%d  %-10s %-7s  time %d/%d (penalty %d/%d)  claims %d  %s\n", g.White, g.Black, g.Status, g.Result,
			g.Ledger.White.Total, g.Ledger.Black.Total, g.Ledger.White.PenaltyDays, g.Ledger.Black.PenaltyDays, len(g.Claims), g.Moves)
	}
	refused := 0
	for _, l := range rep.Letters {
		if l.Outcome == "refused" {
			refused++
			fmt.Fprintf(e.stdout, "refused %s: %s\n", cmp.Or(l.File, l.From), l.Reason)
		}
	}
	fmt.Fprintf(e.stdout, "%d letters (%d refused), %d letters sent\n", len(rep.Letters), refused, len(rep.Outbox))
	return 0
}

// replayTrust is how replay authenticates letters, as the daemon's config would.
type replayTrust struct{ authservID, address string }

// reading is how the letters are decoded and read under t, at the edge.
func (t replayTrust) reading() mailbox.Reading {
	return mailbox.Reading{Auth: mailbox.AuthPolicy{AuthservID: t.authservID}, Own: []string{t.address}}
}

// replay runs the tournament and returns the report.
func replay(e *env, tfile, dir, dbPath string, until timecontrol.Date, trust replayTrust, progress bool) (replayReport, error) {
	ctx := context.Background()
	src, err := os.ReadFile(tfile)
	if err != nil {
		return replayReport{}, err
	}
	t, err := corr.ParseTournament(src)
	if err != nil {
		return replayReport{}, fmt.Errorf("%s:\n%w", tfile, err)
	}
	mails, bad, err := readMailDir(dir, t.Location(), trust.reading())
	if err != nil {
		return replayReport{}, err
	}
	first, until, err := replaySpan(t, mails, until)
	if err != nil {
		return replayReport{}, err
	}
	db, closeDB, err := replayStore(dbPath)
	if err != nil {
		return replayReport{}, err
	}
	defer closeDB()
	r, err := newReplayer(ctx, db, t.Location(), trust)
	if err != nil {
		return replayReport{}, err
	}
	if progress {
		r.bar = progressbar.NewOptions(len(mails), progressbar.OptionSetWriter(e.stderr), progressbar.OptionSetDescription("replay"))
	}
	if err := r.begin(ctx, src, first, bad); err != nil {
		return replayReport{}, err
	}
	if err := r.run(ctx, mails, first, until); err != nil {
		return replayReport{}, err
	}
	if r.bar != nil {
		r.bar.Finish()
		fmt.Fprintln(e.stderr)
	}
	return replayReportOf(ctx, db, t.Cipher, mails, bad)
}

// replaySpan returns the first day of the replay (the start, or an earlier
// letter's day) and its last (until, or the last letter's day).
func replaySpan(t corr.Tournament, mails []mailFile, until timecontrol.Date) (first, last timecontrol.Date, err error) {
	n := len(mails)
	if n > 0 && !until.IsZero() && until.Before(mails[n-1].day) {
		return first, last, usageError{fmt.Errorf("--until %s is before the day of the last letter (%s, %s); give a later date or leave --until out", until, mails[n-1].name, mails[n-1].day)}
	}
	first = t.Start
	if n > 0 && mails[0].day.Before(first) {
		first = mails[0].day
	}
	switch {
	case !until.IsZero():
		last = until
	case n > 0:
		last = mails[n-1].day
	default:
		last = first
	}
	return first, last, nil
}

// replayStore opens the store at dbPath, or in a temporary folder when it
// is ""; done closes it (and removes the folder).
func replayStore(dbPath string) (db *storage.DB, done func(), err error) {
	tmp := ""
	if dbPath == "" {
		if tmp, err = os.MkdirTemp("", "zaochnik-replay-"); err != nil {
			return nil, nil, err
		}
		dbPath = filepath.Join(tmp, "replay.db")
	}
	if db, err = storage.Open(dbPath); err != nil {
		os.RemoveAll(tmp)
		return nil, nil, err
	}
	return db, func() { db.Close(); os.RemoveAll(tmp) }, nil
}

// replayer runs the referee on a virtual clock: the store's time is the
// day being replayed, and the server's letters are delivered at once.
type replayer struct {
	db    *storage.DB
	ref   *referee.Referee
	loc   *time.Location // the tournament's zone
	clock timecontrol.Date
	bar   *progressbar.ProgressBar
}

// newReplayer wires the referee over db as the daemon's config would.
func newReplayer(ctx context.Context, db *storage.DB, loc *time.Location, trust replayTrust) (*replayer, error) {
	r := &replayer{db: db, loc: loc}
	db.Now = func() time.Time { return r.clock.Time() }
	secret, err := db.Secret(ctx, "reply-keys")
	if err != nil {
		return nil, err
	}
	r.ref = &referee.Referee{DB: db, Keys: referee.Keys{Secret: secret, Address: trust.address},
		Reading: trust.reading(), Log: slog.New(slog.DiscardHandler), Location: loc}
	return r, nil
}

// begin creates and starts the tournament on first (a resumed replay keeps
// the stored one), delivers what a crashed run left queued, and keeps the
// unreadable files refused.
func (r *replayer) begin(ctx context.Context, src []byte, first timecontrol.Date, bad []badFile) error {
	r.clock = first
	t, err := r.ref.Create(ctx, src, true)
	if err != nil {
		return err
	}
	if _, err := r.ref.Start(ctx, t.Cipher, first, true); err != nil {
		return err
	}
	if err := r.deliver(ctx, 1); err != nil {
		return err
	}
	for _, b := range bad {
		if _, err := r.ref.Refuse(ctx, referee.Letter{Raw: b.raw, Name: b.messageID}, b.reason); err != nil {
			return fmt.Errorf("%s: %w", b.name, err)
		}
	}
	return nil
}

// run receives each letter on its day and runs the referee's day for every
// day up to until.
func (r *replayer) run(ctx context.Context, mails []mailFile, first, until timecontrol.Date) error {
	i := 0
	for day := first; !day.After(until) || i < len(mails); day = day.AddDays(1) {
		r.clock = day
		for ; i < len(mails) && !mails[i].day.After(day); i++ {
			m := mails[i]
			if _, err := r.ref.Receive(ctx, referee.Letter{Raw: m.raw, Name: m.in.MessageID, Mail: m.in}); err != nil {
				return fmt.Errorf("%s: %w", m.name, err)
			}
			if err := r.deliver(ctx, 1); err != nil {
				return err
			}
			if r.bar != nil {
				r.bar.Add(1)
			}
		}
		if day.After(until) {
			continue
		}
		rep, err := r.ref.Daily(ctx, time.Date(day.Year(), day.Month(), day.Day(), 12, 0, 0, 0, r.loc))
		if err != nil {
			return err
		}
		if err := r.deliver(ctx, rep.Letters+rep.Dropped+rep.Asked); err != nil {
			return err
		}
	}
	return nil
}

// deliver carries what a step queued (queued letters, if any).
func (r *replayer) deliver(ctx context.Context, queued int) error {
	if queued == 0 {
		return nil
	}
	return r.db.DeliverAll(ctx, r.clock.Time())
}

// replayReportOf reads the report from the store.
func replayReportOf(ctx context.Context, db *storage.DB, cipher string, mails []mailFile, bad []badFile) (replayReport, error) {
	s, err := db.State(ctx, cipher)
	if err != nil {
		return replayReport{}, err
	}
	rep := replayReport{Games: gamesReport(s), Letters: []replayLetter{}, Outbox: []replayOut{}}
	files := map[string]string{}
	for _, m := range mails {
		files[m.in.MessageID] = m.name
	}
	for _, b := range bad {
		files[b.messageID] = b.name
	}
	letters, err := db.Letters(ctx)
	if err != nil {
		return replayReport{}, err
	}
	for _, l := range letters {
		rl := replayLetter{File: files[l.MessageID], From: l.From, Auth: l.Auth, Outcome: "accepted", Problems: []replayProblem{}}
		switch l.Disposition {
		case storage.Processed:
		case storage.Held, storage.Ignored:
			rl.Outcome, rl.Reason = string(l.Disposition), l.Reason.In(letter.English)
		default:
			rl.Outcome, rl.Reason = "refused", l.Reason.In(letter.English)
		}
		for _, p := range l.Problems {
			rl.Problems = append(rl.Problems, replayProblem{Kind: p.Kind, Clause: p.Clause})
		}
		rep.Letters = append(rep.Letters, rl)
	}
	out, err := db.Outbox(ctx)
	if err != nil {
		return replayReport{}, err
	}
	for _, o := range out {
		rep.Outbox = append(rep.Outbox, replayOut{To: o.To, Kind: o.Kind})
	}
	return rep, nil
}

// readMailDir decodes every .eml file of dir under read, at the edge, in
// postmark order (by file name among letters of the same instant), and
// returns apart the files that are no readable letter. A letter without a
// Message-ID is named by its file, so a resumed replay recognises it.
func readMailDir(dir string, loc *time.Location, read mailbox.Reading) ([]mailFile, []badFile, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, nil, fmt.Errorf("--mail %s: no such folder; give the folder that holds the .eml letters", dir)
	}
	names, err := filepath.Glob(filepath.Join(dir, "*.eml"))
	if err != nil {
		return nil, nil, err
	}
	if len(names) == 0 {
		return nil, nil, fmt.Errorf("%s: no .eml files", dir)
	}
	sort.Strings(names)
	var ms []mailFile
	var bad []badFile
	for _, n := range names {
		raw, err := os.ReadFile(n)
		if err != nil {
			return nil, nil, err
		}
		base := filepath.Base(n)
		fileID := "replay-" + strings.TrimSuffix(base, ".eml") + "@zaochnik.invalid"
		in, err := read.Decode(raw)
		switch {
		case err != nil:
			bad = append(bad, badFile{name: base, messageID: fileID, raw: raw, reason: letter.Because(letter.ReasonUnreadable, err)})
			continue
		case in.Postmark.IsZero():
			bad = append(bad, badFile{name: base, messageID: fileID, raw: raw, reason: letter.Because(letter.ReasonNoPostmark)})
			continue
		}
		if in.MessageID == "" {
			in.MessageID = fileID
		}
		ms = append(ms, mailFile{name: base, raw: raw, in: in, day: timecontrol.DateOf(in.Postmark.In(loc))})
	}
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].in.Postmark.Before(ms[j].in.Postmark) })
	return ms, bad, nil
}
