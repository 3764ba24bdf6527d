package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"zaochnik/corr"
	"zaochnik/mailbox"
	"zaochnik/mailbox/localmail"
	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/timecontrol"
	"zaochnik/web"
)

//go:embed demo_tournament.toml
var demoTournament string

const demoUsage = `Usage: zaochnik demo [--simulate] [--speed SECONDS] [--days N] [--db FILE] [--listen HOST:PORT]

Runs the whole server in one process with no setup: an embedded mail server
on loopback (IMAP and SMTP, mail kept in memory), a sample tournament of four
players starting today, and the daemon reading and sending over real IMAP and
SMTP. It prints how to send a letter to it and where to read the replies.
With --simulate the players answer by themselves with legal moves on a fast
virtual clock (one day every --speed seconds): one takes a break, one sends an
impossible move once (a penalty), one falls silent (reminders, then an
overstep claim). Ctrl-C stops it; --days stops it after N virtual days.
Exit status: 0 stopped, 1 failed, 2 bad usage.`

const demoPassword = "demo"

// demoDomain is the embedded mail server's name and authserv-id.
const demoDomain = "zaochnik.test"

// demoServer is the tournament's address on the embedded mail server.
const demoServer = "turnir@zaochnik.test"

// runDemo is "zaochnik demo".
func runDemo(e *env, args []string) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, demoUsage); fs.PrintDefaults() }
	simulate := fs.Bool("simulate", false, "simulated players answer on a fast virtual clock")
	speed := fs.Float64("speed", 0.5, "with --simulate: real `SECONDS` per virtual day")
	days := fs.Int("days", 0, "with --simulate: stop after `N` virtual days (0: run until Ctrl-C)")
	dbPath := fs.String("db", "", "keep the store in this `FILE` (default: a temporary one)")
	listen := fs.String("listen", "127.0.0.1:0", "the web `HOST:PORT` (/healthz)")
	verbose := fs.Bool("v", false, "log the daemon's work to stderr")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 || *speed <= 0 || *days < 0 {
		fmt.Fprintln(e.stderr, "zaochnik demo: --speed must be positive and --days not negative, and no arguments; see zaochnik demo --help")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	log := slog.New(slog.DiscardHandler)
	if *verbose {
		log = newLogger(e.stderr, LogConfig{Level: "info", Format: "text"})
	}
	d := &demo{out: e.stdout, log: log, speed: time.Duration(*speed * float64(time.Second))}
	if err := d.run(ctx, *dbPath, *listen, *simulate, *days); err != nil {
		fmt.Fprintf(e.stderr, "zaochnik demo: %v\n", err)
		return 1
	}
	return 0
}

// demo is one run of the demo.
type demo struct {
	out   io.Writer
	log   *slog.Logger
	speed time.Duration // real time per virtual day (--simulate)
	clock func() time.Time
	// virtual is the simulation's clock (--simulate), nil otherwise.
	virtual *virtualClock
	mail    *localmail.Server
	t       corr.Tournament
	// forged is the Message-ID of the demo's forged letter.
	forged string
}

func (d *demo) run(ctx context.Context, dbPath, listen string, simulate bool, days int) error {
	if dbPath == "" {
		dir, err := os.MkdirTemp("", "zaochnik-demo-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		dbPath = filepath.Join(dir, "demo.db")
	}
	d.clock = time.Now
	if simulate {
		d.virtual = newVirtualClock(time.Now(), d.speed)
		d.clock = d.virtual.Now
	}
	src, err := d.tournament(dbPath)
	if err != nil {
		return err
	}
	if err := d.startMail(dbPath); err != nil {
		return err
	}
	defer d.mail.Close()
	server := demoServer
	if err := d.store(dbPath, src); err != nil {
		return err
	}
	cfg, err := d.config(dbPath, listen, simulate)
	if err != nil {
		return err
	}
	m := &Main{Config: cfg, Now: d.clock, Logger: d.log}
	if err := m.Run(ctx); err != nil {
		m.Close()
		return err
	}
	d.instructions(server, m.HTTPAddr, simulate)
	// The simulation's clock runs meanwhile: it does not wait for the
	// forged letter, whose fate the summary tells.
	if err := d.forge(ctx, m.db, server, !simulate); err != nil {
		d.log.Error("the forged letter of the demo", "err", err)
	}

	played := d.play(ctx, m.db, m.jobs.daily, days)
	fmt.Fprintln(d.out, "\nStopping…")
	if err := m.jobs.daily(context.WithoutCancel(ctx)); err != nil { // up to the last virtual day
		d.log.Error("daily checks", "err", err)
	}
	if err := m.Close(); err != nil {
		return err
	}
	if err := d.summary(dbPath); err != nil {
		return err
	}
	return played
}

// startMail starts the embedded mail server with a mailbox for the server,
// the secretary, the judge and every player.
func (d *demo) startMail(dbPath string) error {
	validity, err := nextUIDValidity(dbPath, demoServer)
	if err != nil {
		return err
	}
	if d.mail, err = localmail.Start(localmail.Options{Domain: demoDomain, Now: d.clock, Logger: d.log, UIDValidity: validity}); err != nil {
		return err
	}
	for _, u := range append([]string{demoServer, d.t.Secretary.Email, d.t.Judge.Email}, playerAddrs(d.t)...) {
		if err := d.mail.AddUser(u, demoPassword); err != nil {
			d.mail.Close()
			return err
		}
	}
	return nil
}

// config is the daemon's configuration over the embedded mail server:
// the desk's demo accounts, and the jobs on the (virtual) clock.
func (d *demo) config(dbPath, listen string, simulate bool) (Config, error) {
	cfg := localConfig(d.mail, demoServer, demoPassword, dbPath)
	cfg.AuthservID = demoDomain // the embedded server's Authentication-Results
	cfg.Web.Listen = listen
	var err error
	if cfg.Web.Accounts, err = demoAccounts(); err != nil {
		return cfg, err
	}
	cfg.Schedule = ScheduleConfig{Daily: "5 0 * * *", Digest: "0 8 * * 1", Standings: "0 9 1 * *"}
	if simulate {
		// The simulation runs the daily checks itself at the end of each
		// virtual day, before it lets the clock go on.
		cfg.Schedule = ScheduleConfig{}
	}
	return cfg, nil
}

// play runs until ctx ends: when simulating, the simulated players play
// on the virtual clock (for days virtual days, if not 0), and daily runs
// the referee's day at the end of each.
func (d *demo) play(ctx context.Context, db *storage.DB, daily func(context.Context) error, days int) error {
	if d.virtual == nil {
		<-ctx.Done()
		return nil
	}
	err := newSimulation(d.t, db, d.mail, d.virtual, d.speed, d.out).run(ctx, daily, days)
	if ctx.Err() != nil {
		return nil // stopped by Ctrl-C
	}
	return err
}

// tournament reads the sample tournament with play starting today (on the
// clock in use), unless the store already holds it.
func (d *demo) tournament(dbPath string) ([]byte, error) {
	today := timecontrol.DateOf(d.clock().In(moscow()))
	src := strings.Replace(demoTournament, "start = 2026-03-01", "start = "+today.String(), 1)
	src = strings.Replace(src, "end = 2027-03-01", "end = "+today.AddDays(365).String(), 1)
	t, err := corr.ParseTournament([]byte(src))
	if err != nil {
		return nil, fmt.Errorf("the sample tournament: %w", err)
	}
	d.t = t
	return []byte(src), nil
}

// store creates and starts the sample tournament unless it is there.
func (d *demo) store(dbPath string, src []byte) error {
	ctx := context.Background()
	db, err := storage.Open(dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	db.Now = d.clock
	ref := &referee.Referee{DB: db}
	if _, err := ref.Create(ctx, src, true); err != nil {
		return err
	}
	s, err := db.State(ctx, d.t.Cipher)
	if err != nil {
		return err
	}
	d.t = s.Tournament // an earlier run's, when the store held it
	_, err = ref.Start(ctx, d.t.Cipher, d.t.Start, true)
	return err
}

// nextUIDValidity is one more than the UIDVALIDITY the store last saw of the
// tournament mailbox: the embedded server starts empty, numbering letters
// from 1 again, and must not present them as the letters of a previous run.
// The reader keeps the watermark under user/mailbox.
func nextUIDValidity(dbPath, user string) (uint32, error) {
	db, err := storage.Open(dbPath)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	v, _, err := db.Watermark(context.Background(), user+"/"+defaultConfig().IMAP.Mailbox)
	return v + 1, err
}

// localConfig is a daemon configuration for the embedded mail server.
func localConfig(mail *localmail.Server, user, password, dbPath string) Config {
	c := defaultConfig()
	ih, ip, _ := net.SplitHostPort(mail.IMAPAddr)
	sh, sp, _ := net.SplitHostPort(mail.SMTPAddr)
	var iport, sport port
	_ = iport.UnmarshalText([]byte(ip))
	_ = sport.UnmarshalText([]byte(sp))
	c.IMAP.Host, c.IMAP.Port, c.IMAP.Security, c.IMAP.User, c.IMAP.Password = ih, iport, "plain", user, password
	c.SMTP.Host, c.SMTP.Port, c.SMTP.Security, c.SMTP.From = sh, sport, "plain", user
	c.Database.Path = dbPath
	return c
}

// instructions tells the user how to talk to the running demo.
func (d *demo) instructions(server, web string, simulate bool) {
	_, smtpPort, _ := net.SplitHostPort(d.mail.SMTPAddr)
	_, imapPort, _ := net.SplitHostPort(d.mail.IMAPAddr)
	p1, p2 := d.t.Players[0], d.t.Players[1]
	start := d.t.Start.Russian()
	w := d.out
	fmt.Fprintf(w, "zaochnik demo: tournament %s (%s), %d players, play starts %s.\n\n", d.t.Cipher, d.t.Name, len(d.t.Players), start)
	fmt.Fprintf(w, "Mail server (loopback, no TLS, mail kept in memory):\n")
	fmt.Fprintf(w, "  SMTP 127.0.0.1:%s   IMAP 127.0.0.1:%s   every password: %s\n", smtpPort, imapPort, demoPassword)
	fmt.Fprintf(w, "  tournament address: %s\n  players: %s\n", server, strings.Join(playerAddrs(d.t), ", "))
	fmt.Fprintf(w, "  secretary: %s   judge: %s\n\n", d.t.Secretary.Email, d.t.Judge.Email)
	fmt.Fprintf(w, "Send White's first move of game 1-2 as %s, e.g. with swaks:\n", p1.Name)
	fmt.Fprintf(w, "  swaks --server 127.0.0.1:%s --from %s --to %s --auth-user %s --auth-password %s \\\n", smtpPort, p1.Email, server, p1.Email, demoPassword)
	fmt.Fprintf(w, "    --header 'Subject: %s 1-2' \\\n", d.t.Cipher)
	fmt.Fprintf(w, "    --body $'%s 1-2\\nМой ход: 1.c3-d4\\n%s / %s / %s\\nВремя: 0/0\\n%s'\n", d.t.Cipher, start, start, start, p1.Name)
	fmt.Fprintf(w, "or from any mail client: SMTP 127.0.0.1 port %s, no encryption, login %s, password %s.\n", smtpPort, p1.Email, demoPassword)
	fmt.Fprintf(w, "Log in as the From address (or answer a letter of the server's, whose Reply-To carries your key):\n")
	fmt.Fprintf(w, "a letter sent without either is held, and the address asked to confirm it.\n\n")
	fmt.Fprintf(w, "Read the replies over IMAP (127.0.0.1:%s, login = the address, password %s):\n", imapPort, demoPassword)
	fmt.Fprintf(w, "%s receives the move, %s a confirmation or the reason it was refused.\n", p2.Email, p1.Email)
	fmt.Fprintf(w, "The desk: http://%s/  (login secretary or judge, password %s)\n", web, demoPassword)
	fmt.Fprintf(w, "Health:   http://%s/healthz\n", web)
	if simulate {
		fmt.Fprintf(w, "\nSimulating: one virtual day every %v. Ctrl-C stops.\n\n", d.speed)
	} else {
		fmt.Fprintln(w, "\nCtrl-C stops the demo.")
	}
}

// forge sends, as anybody could, a resignation of the first player without
// logging in, and (when wait) shows that the server holds it instead of
// ending his game: the trust model at work.
func (d *demo) forge(ctx context.Context, db *storage.DB, server string, wait bool) error {
	p1 := d.t.Players[0]
	id := fmt.Sprintf("forged.%d@attacker.test", d.clock().UnixNano())
	d.forged = id
	if err := mailAs(d.mail.SMTPAddr, "", "evil@attacker.test", mailbox.Outgoing{From: mailbox.Address{Name: p1.Name, Addr: p1.Email},
		To: []mailbox.Address{{Addr: server}}, Subject: d.t.Cipher + " 1-2", Text: d.t.Cipher + " 1-2\nСдаюсь.\n" + p1.Name,
		Date: d.clock(), MessageID: id, AutoSubmitted: "no"}); err != nil {
		return err
	}
	fmt.Fprintf(d.out, "A forged letter: evil@attacker.test sent «Сдаюсь» under %s's address, without logging in.\n", p1.Email)
	if !wait {
		fmt.Fprintf(d.out, "  What became of it is told when the demo stops.\n\n")
		return nil
	}
	for wait := time.Now().Add(10 * time.Second); time.Now().Before(wait); time.Sleep(50 * time.Millisecond) {
		l, err := db.LetterByMessageID(ctx, id)
		if err == nil && l.Disposition != storage.Pending {
			fmt.Fprintf(d.out, "  It was %s, not applied: %s\n  %s was asked to confirm it (see that mailbox).\n\n", l.Disposition, l.Reason, p1.Email)
			return nil
		}
	}
	return fmt.Errorf("the forged letter %s was not read within 10 s", id)
}

// demoAccounts are the desk's logins: secretary and judge, password "demo".
func demoAccounts() ([]web.Account, error) {
	hash, err := web.HashPassword(demoPassword, 0)
	if err != nil {
		return nil, err
	}
	return []web.Account{{Name: "secretary", Role: web.RoleSecretary, Hash: hash}, {Name: "judge", Role: web.RoleJudge, Hash: hash}}, nil
}

// summary prints each game's state and the tournament's claims.
func (d *demo) summary(dbPath string) error {
	db, err := storage.Open(dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	s, err := db.State(context.Background(), d.t.Cipher)
	if err != nil {
		return err
	}
	for _, g := range gamesReport(s) {
		fmt.Fprintf(d.out, "%d-%d  %-10s %-7s  time %d/%d (penalty %d/%d)  claims %d  %s\n", g.White, g.Black, g.Status, g.Result,
			g.Ledger.White.Total, g.Ledger.Black.Total, g.Ledger.White.PenaltyDays, g.Ledger.Black.PenaltyDays, len(g.Claims), g.Moves)
	}
	if d.forged != "" {
		if l, err := db.LetterByMessageID(context.Background(), d.forged); err == nil {
			fmt.Fprintf(d.out, "The forged letter: %s, never applied (%s).\n", l.Disposition, l.Reason)
		}
	}
	return nil
}

func playerAddrs(t corr.Tournament) []string {
	var a []string
	for _, p := range t.Players {
		a = append(a, p.Email)
	}
	return a
}

// moscow is the sample tournament's zone.
func moscow() *time.Location {
	loc, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		return time.UTC
	}
	return loc
}

// virtualClock runs one virtual day per speed of real time from the
// morning of the real day it starts, but never past the end of the last
// day released to it: there it stands still until the simulation, whose
// letters of that day the store has decided, releases the next. So what
// happens on a virtual day does not depend on the machine's speed.
type virtualClock struct {
	realStart, virtualStart time.Time
	speed                   time.Duration
	loc                     *time.Location

	mu    sync.Mutex
	held  time.Duration // real time the clock stood still at a day's end
	until time.Time     // the last instant released
}

func newVirtualClock(now time.Time, speed time.Duration) *virtualClock {
	loc := moscow()
	y, mo, dd := now.In(loc).Date()
	v := &virtualClock{realStart: now, virtualStart: time.Date(y, mo, dd, 9, 0, 0, 0, loc), speed: speed, loc: loc}
	v.release(timecontrol.DateOf(v.virtualStart))
	return v
}

// Now is the virtual time.
func (v *virtualClock) Now() time.Time {
	v.mu.Lock()
	defer v.mu.Unlock()
	t := v.virtualStart.Add(v.virtual(time.Since(v.realStart) - v.held))
	if t.After(v.until) {
		// Standing still: the real time spent waiting does not count.
		v.held += time.Duration(float64(t.Sub(v.until)) / float64(24*time.Hour) * float64(v.speed))
		t = v.until
	}
	return t
}

// virtual is the virtual duration of the real duration d.
func (v *virtualClock) virtual(d time.Duration) time.Duration {
	return time.Duration(float64(d) / float64(v.speed) * float64(24*time.Hour))
}

// release lets the clock run to the end of day.
func (v *virtualClock) release(day timecontrol.Date) {
	next := day.AddDays(1)
	v.mu.Lock()
	defer v.mu.Unlock()
	v.until = time.Date(next.Year(), next.Month(), next.Day(), 0, 0, 0, 0, v.loc).Add(-time.Nanosecond)
}
