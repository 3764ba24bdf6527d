package main

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/robfig/cron/v3"

	"zaochnik/mailbox"
	"zaochnik/referee"
	"zaochnik/storage"
)

const serveUsage = `Usage: zaochnik serve --config FILE [--db FILE] [--listen HOST:PORT]

Runs the server: reads the tournament mailbox over IMAP (IDLE, or polling),
applies every letter exactly once, sends the server's letters over SMTP,
runs the scheduled work (daily checks, digest, standings) and serves the
health endpoint /healthz. SIGTERM or SIGINT stops it gracefully: no new
letter is taken, the one being applied is finished, the outbox is given
shutdown_grace to drain, the store is closed. The store must exist
(zaochnik tournament create, or rebuild): a missing, empty, foreign or
damaged file is refused. What the server promises, backup and restore:
docs/administrator.md.
The configuration's keys and defaults: testdata/config/zaochnik.toml.
Exit status: 0 stopped by a signal, 1 the configuration or a server failed, 2 bad usage.`

// runServe is "zaochnik serve".
func runServe(e *env, args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprintln(e.stderr, serveUsage); fs.PrintDefaults() }
	cfgPath := fs.String("config", "zaochnik.toml", "the configuration `FILE`")
	dbPath := fs.String("db", "", "the database `FILE` (overrides database.path)")
	listen := fs.String("listen", "", "the web `HOST:PORT` (overrides web.listen)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "zaochnik serve: unexpected argument %q; see zaochnik serve --help\n", fs.Arg(0))
		return 2
	}
	cfg, err := readConfig(*cfgPath)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik serve: %v\n", err)
		return 1
	}
	if *dbPath != "" {
		cfg.Database.Path = *dbPath
	}
	if *listen != "" {
		cfg.Web.Listen = *listen
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	m := &Main{Config: cfg, Logger: newLogger(e.stderr, cfg.Log)}
	tuneGC(cfg, os.Getenv, m.Logger)
	if err := m.Run(ctx); err != nil {
		fmt.Fprintf(e.stderr, "zaochnik serve: %v\n", err)
		m.Close()
		return 1
	}
	<-ctx.Done()
	m.Logger.Info("stopping")
	if err := m.Close(); err != nil {
		fmt.Fprintf(e.stderr, "zaochnik serve: %v\n", err)
		return 1
	}
	return 0
}

// newLogger builds the configured slog logger on w.
func newLogger(w io.Writer, c LogConfig) *slog.Logger {
	opts := &slog.HandlerOptions{Level: c.Level.level()}
	if c.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// Main is the daemon, built from a Config, so that a test runs the whole of
// it in-process: Run starts everything and returns, Close stops it
// gracefully.
type Main struct {
	Config Config
	// Now is the clock of the scheduled jobs and of the store's stamps;
	// time.Now if nil. The demo gives it a virtual clock.
	Now func() time.Time
	// Logger receives the structured log; a discarding one if nil.
	Logger *slog.Logger
	// Desk is served under / beside /healthz; Run builds the web desk from
	// the config's accounts when it is nil.
	Desk http.Handler
	// HTTPAddr is the web listener's address once Run returned ("" if off).
	HTTPAddr string

	db      *storage.DB
	store   *storeHealth
	inbox   *shellInbox
	outbox  *storeOutbox
	sender  *mailbox.Sender
	cron    *cron.Cron
	jobs    *jobs
	http    *http.Server
	started time.Time

	stopReader, stopSender context.CancelFunc
	readerDone, senderDone chan struct{}
	closeOnce              sync.Once
	closeErr               error
}

// Run opens the store and starts the IMAP reader, the SMTP sender, the
// scheduler and the web listener; it returns once they run. The daily
// checks (unless turned off) run once at start, catching up the days the
// daemon was down.
func (m *Main) Run(ctx context.Context) error {
	c := m.Config
	if m.Now == nil {
		m.Now = time.Now
	}
	if m.Logger == nil {
		m.Logger = slog.New(slog.DiscardHandler)
	}
	read, err := c.IMAP.account()
	if err != nil {
		return err
	}
	send, err := c.SMTP.account()
	if err != nil {
		return err
	}
	if err := m.openStore(ctx); err != nil {
		return err
	}

	m.db.HoldDays = c.HoldDays
	ref, err := newReferee(ctx, m.db, c, m.Logger)
	if err != nil {
		return err
	}
	from := mailbox.Address{Name: c.SMTP.Name, Addr: c.SMTP.From}
	backlog := &mailbox.Backlog{} // the sender gives way while the reader catches up
	m.outbox = newStoreOutbox(m.db, from, ref.Keys)
	m.outbox.store = m.store
	send.Outbox, send.Now, send.Logger, send.Backlog = m.outbox, m.Now, m.Logger, backlog
	send.RetryBase, send.RetryMax, send.MaxAttempts, send.Batch = time.Duration(c.SMTP.RetryBase), time.Duration(c.SMTP.RetryMax), c.SMTP.MaxAttempts, c.SMTP.Batch
	if m.sender, err = mailbox.NewSender(send); err != nil {
		return err
	}
	m.inbox = &shellInbox{ref: ref, kick: m.sender.Kick, store: m.store}
	read.Mailbox, read.ProcessedFolder, read.RefusedFolder = c.IMAP.Mailbox, c.IMAP.ProcessedFolder, c.IMAP.RefusedFolder
	read.Inbox, read.Poll, read.PollInterval, read.IdleWatchdog = m.inbox, !c.IMAP.Idle, time.Duration(c.IMAP.PollInterval), time.Duration(c.IMAP.IdleWatchdog)
	read.Reading, read.MaxLetterSize, read.Backlog, read.Progress, read.Logger = ref.Reading, ref.MaxSize(), backlog, m.inbox.progress, m.Logger
	reader, err := mailbox.NewReader(read)
	if err != nil {
		return err
	}
	m.jobs = &jobs{ref: ref, store: m.store, now: m.Now, kick: m.sender.Kick, log: m.Logger}
	if m.cron, err = m.jobs.schedule(c.Schedule, c.Timezone.location()); err != nil {
		return err
	}
	if c.Schedule.Daily != "" {
		if err := m.jobs.daily(ctx); err != nil {
			return fmt.Errorf("catching up the daily checks: %w", err)
		}
	}
	if err := m.serveWeb(); err != nil {
		return err
	}
	m.start(ctx, reader)
	return nil
}

// start runs the sender, the reader and the scheduler; they outlive ctx's
// cancellation until Close stops them.
func (m *Main) start(ctx context.Context, reader *mailbox.Reader) {
	c := m.Config
	var rctx, sctx context.Context
	rctx, m.stopReader = context.WithCancel(context.WithoutCancel(ctx))
	sctx, m.stopSender = context.WithCancel(context.WithoutCancel(ctx))
	m.readerDone, m.senderDone = make(chan struct{}), make(chan struct{})
	go func() { defer close(m.senderDone); m.sender.Run(sctx) }()
	go func() { defer close(m.readerDone); reader.Run(rctx) }()
	m.cron.Start()
	m.Logger.Info("serving", "imap", hostPort(c.IMAP.Host, c.IMAP.Port), "mailbox", c.IMAP.Mailbox, "idle", c.IMAP.Idle,
		"smtp", hostPort(c.SMTP.Host, c.SMTP.Port), "db", c.Database.Path, "web", m.HTTPAddr)
}

// openStore opens the configured store (never creating one) and settles
// the letters a crashed run left in flight.
func (m *Main) openStore(ctx context.Context) error {
	var err error
	if m.db, err = storage.OpenChecked(m.Config.Database.Path); err != nil {
		return fmt.Errorf("%w\nserve never creates a store (see docs/administrator.md, \"Restoring the store\")", err)
	}
	m.db.Now, m.db.Log = m.Now, m.Logger
	m.started = time.Now()
	m.store = &storeHealth{}
	if n, err := m.db.SettleInFlight(ctx, m.Now()); err != nil {
		return fmt.Errorf("settling the letters left in flight: %w", err)
	} else if n > 0 {
		m.Logger.Warn("letters left in flight by the last run are not sent again (at most one copy); the secretary is told", "letters", n)
	}
	return nil
}

// serveWeb starts the web listener (the desk and /healthz) when
// web.listen is set.
func (m *Main) serveWeb() error {
	c := m.Config.Web
	if c.Listen == "" {
		return nil
	}
	if m.Desk == nil {
		var err error
		if m.Desk, err = m.desk(); err != nil {
			return err
		}
	}
	ln, err := net.Listen("tcp", c.Listen)
	if err != nil {
		return fmt.Errorf("web.listen: %w", err)
	}
	m.HTTPAddr = ln.Addr().String()
	ln = limitListener(ln, c.MaxConnections)
	m.http = &http.Server{Handler: m.handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Duration(c.ReadTimeout),
		WriteTimeout: time.Duration(c.WriteTimeout), IdleTimeout: time.Duration(c.IdleTimeout), MaxHeaderBytes: 64 << 10}
	go func() {
		if err := m.http.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			m.Logger.Error("web listener failed", "err", err)
		}
	}()
	return nil
}

// newReferee builds the one receiver of letters from the config: reply keys
// under the store's own secret, the Authentication-Results to believe, the
// server's own addresses and the size limit.
func newReferee(ctx context.Context, db *storage.DB, c Config, log *slog.Logger) (*referee.Referee, error) {
	secret, err := replySecret(ctx, db, c.ReplyKeyFile)
	if err != nil {
		return nil, err
	}
	mid := hmac.New(sha256.New, secret)
	mid.Write([]byte("zaochnik message ids"))
	db.MessageIDKey = mid.Sum(nil)
	return &referee.Referee{DB: db, Keys: referee.Keys{Secret: secret, Mode: c.IMAP.ReplyKeys, Address: c.SMTP.From},
		Reading: mailbox.Reading{Auth: mailbox.AuthPolicy{AuthservID: c.AuthservID, TrustedHosts: c.TrustedHosts},
			Own: []string{c.SMTP.From, c.IMAP.User}}, MaxLetterSize: c.IMAP.MaxLetterSize, Log: log, Location: c.Timezone.location()}, nil
}

// replySecret is the reply keys' secret: read from file (made with 32
// random bytes, mode 0600, when missing), else the store's own. A file
// outlives the store: a store rebuilt from the mail folders (rebuild) then
// still recognises the keys sent before.
func replySecret(ctx context.Context, db *storage.DB, file string) ([]byte, error) {
	if file == "" {
		return db.Secret(ctx, "reply-keys")
	}
	b, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		b = make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		if err := os.WriteFile(file, b, 0o600); err != nil {
			return nil, fmt.Errorf("reply_key_file: %w", err)
		}
		return b, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reply_key_file: %w", err)
	}
	if len(b) < 32 {
		return nil, fmt.Errorf("reply_key_file %s: %d bytes; it must hold at least 32 random bytes (delete it and a new one is made)", file, len(b))
	}
	return b, nil
}

// Close stops the daemon: no new letter is taken, the letter being applied
// is finished, the scheduler's running job ends, the outbox is given
// shutdown_grace to drain, then the web listener and the store close.
// Calling it again returns the first answer.
func (m *Main) Close() error {
	m.closeOnce.Do(func() { m.closeErr = m.close() })
	return m.closeErr
}

func (m *Main) close() error {
	if m.Logger == nil { // Close without Run
		m.Logger = slog.New(slog.DiscardHandler)
	}
	grace := time.Duration(m.Config.ShutdownGrace)
	if grace <= 0 {
		grace = time.Duration(defaultConfig().ShutdownGrace)
	}
	deadline := time.Now().Add(grace)
	if m.inbox != nil {
		m.inbox.stopping.Store(true)
	}
	if m.stopReader != nil {
		m.stopReader()
		<-m.readerDone
	}
	if m.cron != nil {
		select {
		case <-m.cron.Stop().Done():
		case <-time.After(time.Until(deadline)):
			m.Logger.Warn("a scheduled job still runs; stopping without it")
		}
	}
	if m.stopSender != nil {
		m.drain(deadline)
		m.stopSender()
		<-m.senderDone
	}
	var errs []error
	if m.http != nil {
		ctx, cancel := context.WithDeadline(context.Background(), deadline.Add(time.Second))
		errs = append(errs, m.http.Shutdown(ctx))
		cancel()
	}
	if m.db != nil {
		errs = append(errs, m.db.Close())
	}
	m.Logger.Info("stopped")
	return errors.Join(errs...)
}

// drain waits until no letter is due now or in flight, or the deadline.
func (m *Main) drain(deadline time.Time) {
	m.sender.Kick()
	for time.Now().Before(deadline) {
		n, err := m.db.Counts(context.Background(), m.Now())
		if err != nil || n.Due == 0 && n.InFlight == 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	m.Logger.Warn("letters still wait in the outbox; they go out after the restart")
}

// backlog counts the outbox's letters.
func (m *Main) backlog(ctx context.Context) (storage.OutboxCounts, error) {
	return m.db.Counts(ctx, m.Now())
}

// hostPort joins a host and a port.
func hostPort(host string, p port) string { return net.JoinHostPort(host, strconv.Itoa(int(p))) }
