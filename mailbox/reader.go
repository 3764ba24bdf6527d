package mailbox

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// Inbox receives the letters the Reader fetches, read. The daemon's shell
// implements it over the referee.
type Inbox interface {
	// Watermark returns the UIDVALIDITY and the highest UID accepted from
	// mailbox (ReaderOptions.Name), or zeros when nothing was accepted yet.
	Watermark(ctx context.Context, mailbox string) (uidValidity, lastUID uint32, err error)

	// Accept stores letters (fetched from mailbox under uidValidity, in
	// UID order), applies them and advances the watermark to at least each
	// one's (uidValidity, uid), and reports of each whether it was refused
	// (it is then filed under the refused folder, else under the processed
	// one). Each letter is stored with its watermark, all or nothing; the
	// letters of one call may share a transaction (group commit).
	//
	// Accept must be idempotent per Message-ID, and per (mailbox,
	// uidValidity, uid) for letters without one: after a crash, a reconnect
	// or a UIDVALIDITY change the Reader hands the same letter over again,
	// and Accept must then return the first answer and do nothing else.
	// It must never lower the watermark.
	//
	// refused answers the first letters, in order: all of them when err is
	// nil. An error means the letters from len(refused) on were not stored:
	// the Reader files those answered, drops the connection and offers the
	// rest again after a backoff. So an error is for trouble of the store
	// itself; a letter it cannot understand is stored and refused.
	Accept(ctx context.Context, mailbox string, uidValidity uint32, letters []Fetched) (refused []bool, err error)

	// Oversized is told of a letter larger than ReaderOptions.MaxLetterSize
	// (by its RFC822.SIZE, or by its literal when the server understated
	// that) of size bytes instead of Accept; only its header was
	// fetched (header.Raw, read as header.Mail). A header over the limit
	// too is replaced by the fields that name the letter (its Message-ID,
	// sender, subject, dates; namingFields); none, header.Raw empty, when
	// the server sent none or those are over the limit as well, and then
	// header.UID alone names the letter. It must store it, advance the
	// watermark and be idempotent like Accept (a letter offered again
	// under another UIDVALIDITY is found by its Message-ID); the letter is
	// then filed under the refused folder, unread. An error leaves the
	// letter in the mailbox, unmarked, offered again after a backoff of
	// its own; the other letters go on meanwhile.
	Oversized(ctx context.Context, mailbox string, uidValidity uint32, header Fetched, size int64) error
}

// Fetched is a letter as fetched and read: its UID, its raw bytes and
// what the Reader read in them (ReaderOptions.Reading's Decode), so that
// nothing after the Reader reads the mail again.
type Fetched struct {
	UID uint32
	Raw []byte
	// Mail is Raw decoded and read under ReaderOptions.Reading; nil when
	// it could not be (Unreadable says why) or Raw is over MaxLetterSize.
	Mail       *Incoming
	Unreadable error
}

// Security is how a connection to a mail server is protected.
type Security string

// The connection modes. Plain is for loopback and tests only.
const (
	SecurityTLS      Security = "tls"      // implicit TLS (IMAP 993, SMTP 465)
	SecurityStartTLS Security = "starttls" // STARTTLS upgrade (IMAP 143, SMTP 587)
	SecurityPlain    Security = "plain"    // no TLS
)

// ReaderOptions configure a Reader. Addr, Username and Inbox are
// required; every zero duration or name takes the default in its comment.
type ReaderOptions struct {
	Addr      string   // "imap.example.ru:993"
	Security  Security // SecurityTLS if empty
	TLSConfig *tls.Config
	Username  string
	Password  string

	Mailbox string // followed mailbox; "INBOX"
	// Name is the mailbox's name in the Inbox calls, under which the store
	// keeps its watermark; Username + "/" + Mailbox if empty.
	Name            string
	ProcessedFolder string // "zaochnik/processed"; '/' becomes the server's hierarchy delimiter
	RefusedFolder   string // "zaochnik/refused"

	Inbox Inbox
	// Reading is how the letters fetched are read (Reading.Decode) before
	// they are handed over: which Authentication-Results to believe, which
	// addresses are the server's own.
	Reading Reading

	// Poll never uses IDLE; polling is also used when the server lacks it.
	Poll         bool
	PollInterval time.Duration // 1 min
	// IdleWatchdog breaks IDLE this often to check the mailbox and the
	// connection: a half-open TCP connection is otherwise silent. 5 min.
	IdleWatchdog time.Duration
	// CommandTimeout bounds each exchange with the server (leaving IDLE,
	// listing the letters, filing a batch, the wait for each letter of a
	// FETCH); past it the connection is dropped. 2 min.
	CommandTimeout time.Duration
	// MinTransferRate is the slowest a letter's bytes may come (bytes a
	// second): each letter fetched, or discarded over MaxLetterSize, has
	// CommandTimeout and a second for every MinTransferRate of its bytes
	// (a 10 MiB letter at the default, 12 min 40 s), so that a slow letter
	// that keeps coming is taken. One cut there is put off: tried
	// again after its own backoff, after the others. 16 KiB.
	MinTransferRate int64
	// Reconnection backoff: doubles from MinBackoff (1 s) to MaxBackoff (5 min).
	MinBackoff, MaxBackoff time.Duration
	// BatchSize is how many letters one FETCH asks for and one MOVE files
	// (one FETCH also asks for at most FetchBytes by RFC822.SIZE). 500.
	BatchSize int
	// FetchBytes bounds the letters one FETCH asks for (by RFC822.SIZE,
	// at least one letter), and the bytes of the letters fetched and not
	// yet accepted (waiting, and in the group the Inbox works on): the
	// fetch waits while the next letter would pass it, unless nothing
	// else is fetched and not yet accepted. 16 MiB.
	FetchBytes int64
	// GroupSize is the most letters handed to one Accept: whatever letters
	// have arrived, up to GroupSize (and FetchBytes), go together, so a
	// lone letter is handed over at once and a backlog in large groups,
	// which the Inbox may commit in fewer transactions. 256.
	GroupSize int
	// Backlog, shared with the Sender of the same process, is marked while
	// letters fetched wait to be handed over, so that the Sender gives
	// way (nil: never).
	Backlog *Backlog
	// MaxLetterSize is the largest letter fetched (bytes, by RFC822.SIZE);
	// a larger one is never fetched but handed to Inbox.Oversized with its
	// header (one whose RFC822.SIZE understated it is discarded as it
	// arrives, never held, remembered, and then handed over so). With a
	// margin for its envelope it also bounds every response of the server
	// (frame): past it the connection is dropped. 10 MiB.
	MaxLetterSize int64
	// Progress, if not nil, is called each time another progressStep
	// (64 KiB) of a letter being fetched has arrived: a slow letter that
	// keeps coming, which asks nothing of the Inbox for as long as its
	// allowance, shows so that the reader is alive; a silent connection
	// calls nothing. It must return at once.
	Progress func()

	Logger *slog.Logger // slog.Default() if nil
	Debug  io.Writer    // raw IMAP trace, credentials included; nil for none
}

// Reader follows one IMAP mailbox and hands every letter in it, read
// under ReaderOptions.Reading, to an Inbox exactly once (with Inbox's
// idempotence), then files the letter under the processed or refused
// folder.
type Reader struct {
	o   ReaderOptions
	log *slog.Logger
	// late are the letters found over MaxLetterSize only as they arrived
	// (their RFC822.SIZE understated them, fetch), with their sizes, under
	// UIDVALIDITY lateValidity: kept across catch-ups and sessions until
	// they are filed, so that a catch-up failing after one (a store
	// failure, the connection cut, or the guard's timeout in the middle of
	// it) does not fetch it again, and again at every retry. Only the
	// sessions' goroutine (Run) touches them.
	late map[imap.UID]int64
	// waiting are the letters that failed on their own, each waiting its
	// own backoff before it is tried again (after the others), under
	// UIDVALIDITY validity as late: an oversized letter the Inbox did not
	// take (Inbox.Oversized failed), a letter whose literal did not
	// arrive within its allowance (watch). Only Run's goroutine touches
	// them.
	waiting  map[imap.UID]retry
	validity uint32 // late's and waiting's
}

// retry is a letter's own backoff: how often it failed, and when it may
// be tried again.
type retry struct {
	failures int
	at       time.Time
	// broke counts the times an oversized letter's header broke the
	// connection as it came (past the frame's bound, or cut); from
	// headerBreaks on it is handed over without one (oversized).
	broke int
}

// headerBreaks is how often an oversized letter's header may break the
// connection before the letter is handed over without it: once may be
// the network's doing, twice is the letter's.
const headerBreaks = 2

// Keywords marking a letter already accepted, so that after a crash between
// accepting and moving it the letter is moved without being fetched again.
const (
	keywordProcessed imap.Flag = "$ZaochnikProcessed"
	keywordRefused   imap.Flag = "$ZaochnikRefused"
)

// NewReader checks o and fills its defaults.
func NewReader(o ReaderOptions) (*Reader, error) {
	switch {
	case o.Addr == "":
		return nil, errors.New("mailbox: the IMAP reader needs the server address (host:port)")
	case o.Username == "":
		return nil, errors.New("mailbox: the IMAP reader needs a user name")
	case o.Inbox == nil:
		return nil, errors.New("mailbox: the IMAP reader needs an Inbox to hand letters to")
	}
	if o.Security == "" {
		o.Security = SecurityTLS
	}
	if o.Security != SecurityTLS && o.Security != SecurityStartTLS && o.Security != SecurityPlain {
		return nil, fmt.Errorf("mailbox: unknown IMAP security %q: use tls, starttls or plain", o.Security)
	}
	setDefault(&o.Mailbox, "INBOX")
	setDefault(&o.Name, o.Username+"/"+o.Mailbox)
	setDefault(&o.ProcessedFolder, "zaochnik/processed")
	setDefault(&o.RefusedFolder, "zaochnik/refused")
	setDefault(&o.PollInterval, time.Minute)
	setDefault(&o.IdleWatchdog, 5*time.Minute)
	setDefault(&o.CommandTimeout, 2*time.Minute)
	setDefault(&o.MinTransferRate, 16<<10)
	setDefault(&o.MinBackoff, time.Second)
	setDefault(&o.MaxBackoff, 5*time.Minute)
	setSizeDefaults(&o)
	setDefault(&o.GroupSize, 256)
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return &Reader{o: o, log: o.Logger.With("imap", o.Addr, "mailbox", o.Mailbox)}, nil
}

// setSizeDefaults defaults the bounds of a letter and of a batch, which
// NewReader and ReadFolders both take.
func setSizeDefaults(o *ReaderOptions) {
	setDefault(&o.MaxLetterSize, 10<<20)
	setDefault(&o.BatchSize, 500)
	setDefault(&o.FetchBytes, 16<<20)
}

// setDefault sets *p to def when it is zero.
func setDefault[T comparable](p *T, def T) {
	var zero T
	if *p == zero {
		*p = def
	}
}

// Run follows the mailbox until ctx is done, reconnecting after any error
// with exponential backoff. It returns nil when ctx is done.
func (r *Reader) Run(ctx context.Context) error {
	failures := 0
	for {
		caughtUp, err := r.session(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if caughtUp {
			failures = 0 // it all worked for a while; a fresh failure starts the backoff over
		}
		wait := backoff(failures, r.o.MinBackoff, r.o.MaxBackoff)
		failures++
		if se := (*StoreError)(nil); errors.As(err, &se) {
			r.log.Error("store: the letters cannot be stored; they wait in the mailbox", "err", se.Err, "retry in", wait)
		} else if ne := (*notConnected)(nil); errors.As(err, &ne) {
			r.log.Warn("imap: cannot connect or log in; trying again", "err", ne.err, "in", wait)
		} else {
			r.log.Warn("imap: connection lost; reconnecting", "err", err, "in", wait)
		}
		if !sleep(ctx.Done(), wait) {
			return nil
		}
	}
}

// session is one connection: log in, select, then catch up and wait for
// news until something fails. caughtUp reports whether at least one
// catch-up went through, so that a store failing on every letter backs off
// like a server refusing every login.
func (r *Reader) session(ctx context.Context) (caughtUp bool, err error) {
	wake := make(chan struct{}, 1)
	c, conn, err := r.dial(wake)
	if err != nil {
		return false, &notConnected{err}
	}
	defer func() { err = conn.cause(err) }()
	defer c.Close()
	defer context.AfterFunc(ctx, func() { c.Close() })()

	processed, refused, sel, err := r.open(c)
	if err != nil {
		return false, &notConnected{err}
	}
	r.log.Info("imap: following the mailbox", "uidvalidity", sel.UIDValidity, "messages", sel.NumMessages, "idle", r.idles(c))
	for {
		select {
		case <-wake:
		default:
		}
		if err := r.catchUp(ctx, c, sel.UIDValidity, processed, refused); err != nil {
			return caughtUp, err
		}
		caughtUp = true
		if err := r.wait(ctx, c, wake); err != nil {
			return true, err
		}
	}
}

// notConnected is why a session never followed the mailbox: the server
// not reached, its certificate not trusted, the login or the folders
// refused. The log says so rather than "connection lost".
type notConnected struct{ err error }

func (e *notConnected) Error() string { return e.err.Error() }
func (e *notConnected) Unwrap() error { return e.err }

// open logs in, finds or creates the folders and selects the mailbox.
func (r *Reader) open(c *imapclient.Client) (processed, refused string, sel *imap.SelectData, err error) {
	guard := r.guard(c)
	defer guard.Stop()
	if err := login(c, r.o.Username, r.o.Password); err != nil {
		return "", "", nil, err
	}
	if processed, refused, err = r.folders(c); err != nil {
		return "", "", nil, err
	}
	if sel, err = c.Select(r.o.Mailbox, nil).Wait(); err != nil {
		return "", "", nil, fmt.Errorf("selecting %s: %w", r.o.Mailbox, err)
	}
	return processed, refused, sel, nil
}

// dial connects with the configured security (connect: the server's
// responses bounded, conn); EXISTS updates poke wake.
func (r *Reader) dial(wake chan<- struct{}) (c *imapclient.Client, conn *boundedConn, err error) {
	conn, err = r.connect(func(err error) {
		r.log.Error("imap: a response past the bound; dropping the connection", "err", err, "bound", r.o.MaxLetterSize+responseMargin)
	})
	if err != nil {
		return nil, nil, fmt.Errorf("connecting to %s: %w", r.o.Addr, err)
	}
	return imapclient.New(conn, &imapclient.Options{
		DebugWriter: r.o.Debug,
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			// Runs on the client's reader goroutine: never block here.
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					select {
					case wake <- struct{}{}:
					default:
					}
				}
			},
		},
	}), conn, nil
}

// guard drops the connection unless the returned timer is stopped within
// CommandTimeout: a server that stops answering must not hang the reader.
// Long exchanges Reset it at each sign of progress.
func (r *Reader) guard(c *imapclient.Client) *time.Timer {
	return time.AfterFunc(r.o.CommandTimeout, func() {
		r.log.Warn("imap: the server did not answer in time; dropping the connection", "timeout", r.o.CommandTimeout)
		c.Close()
	})
}

// idles reports whether the reader will IDLE on c.
func (r *Reader) idles(c *imapclient.Client) bool {
	return !r.o.Poll && c.Caps().Has(imap.CapIdle)
}

// folders returns the server's names of the processed and refused folders,
// creating them when missing.
func (r *Reader) folders(c *imapclient.Client) (processed, refused string, err error) {
	names, have, err := serverNames(c, r.o.ProcessedFolder, r.o.RefusedFolder)
	if err != nil {
		return "", "", err
	}
	for _, name := range names {
		if have[name] {
			continue
		}
		err := c.Create(name, nil).Wait()
		var ie *imap.Error
		if err != nil && !(errors.As(err, &ie) && ie.Code == imap.ResponseCodeAlreadyExists) {
			return "", "", fmt.Errorf("creating folder %s: %w", name, err)
		}
		have[name] = true
		r.log.Info("imap: created folder", "folder", name)
	}
	return names[0], names[1], nil
}

// serverNames returns the server's names of the configured folder names,
// and the mailboxes the server has. A configured "a/b" becomes the
// personal namespace's prefix (NAMESPACE, RFC 2342: "INBOX." on Courier and
// Cyrus, "" on Dovecot) and its delimiter ("a.b"); INBOX stays INBOX.
func serverNames(c *imapclient.Client, configured ...string) ([]string, map[string]bool, error) {
	list, err := c.List("", "*", nil).Collect()
	if err != nil {
		return nil, nil, fmt.Errorf("listing mailboxes: %w", err)
	}
	prefix, delim := "", '/'
	have := map[string]bool{}
	for _, m := range list {
		have[m.Mailbox] = true
		if m.Delim != 0 {
			delim = m.Delim
		}
	}
	if c.Caps().Has(imap.CapNamespace) {
		if ns, err := c.Namespace().Wait(); err == nil && len(ns.Personal) > 0 {
			prefix = ns.Personal[0].Prefix
			if ns.Personal[0].Delim != 0 {
				delim = ns.Personal[0].Delim
			}
		}
	}
	var names []string
	for _, name := range configured {
		if strings.EqualFold(name, "INBOX") {
			names = append(names, "INBOX")
			continue
		}
		name = strings.ReplaceAll(name, "/", string(delim))
		if !strings.HasPrefix(name, prefix) {
			name = prefix + name
		}
		names = append(names, name)
	}
	return names, have, nil
}

// catchUp hands over every letter of the mailbox not yet filed, in UID
// order and in batches, then files them. A letter carrying one of our
// keywords was accepted before a crash and is only filed.
func (r *Reader) catchUp(ctx context.Context, c *imapclient.Client, uidValidity uint32, processed, refused string) error {
	storedValidity, lastUID, err := r.o.Inbox.Watermark(ctx, r.o.Name)
	if err != nil {
		return &StoreError{fmt.Errorf("reading the watermark: %w", err)}
	}
	if storedValidity != 0 && storedValidity != uidValidity {
		r.log.Warn("imap: UIDVALIDITY changed; rescanning the mailbox (letters seen before are recognised by Message-ID)",
			"stored", storedValidity, "server", uidValidity)
		lastUID = 0
	}
	// No shortcut on the client's message count: it is only as right as
	// the server's EXPUNGE reports (go-imap's memory server reports a
	// MOVE twice; localmail's MOVE, once).
	guard := r.guard(c)
	list, err := r.listLetters(c, maxListed)
	guard.Stop()
	if err != nil {
		return fmt.Errorf("listing the letters: %w", err)
	}
	var fresh, alone []imap.UID
	var again imap.UIDSet
	big := map[imap.UID]int64{}
	size := map[imap.UID]int64{}
	ts := trays(processed, refused)
	if r.validity != uidValidity {
		r.late, r.waiting, r.validity = nil, nil, uidValidity
	}
	late := map[imap.UID]int64{}    // r.late's letters still to hand over
	waiting := map[imap.UID]retry{} // r.waiting's, likewise
	now := time.Now()
	for _, m := range list {
		if m.processed {
			ts[0].uids.AddNum(m.UID)
			continue
		}
		if m.refused {
			ts[1].uids.AddNum(m.UID)
			continue
		}
		w, waits := r.waiting[m.UID]
		if waits {
			waiting[m.UID] = w
		}
		if n := r.late[m.UID]; n > 0 {
			late[m.UID] = n
		}
		switch {
		case waits && now.Before(w.at):
			// Left in the mailbox, unmarked, until its turn.
		case m.RFC822Size > r.o.MaxLetterSize:
			big[m.UID] = m.RFC822Size
		case late[m.UID] > 0:
			big[m.UID] = late[m.UID]
		case waits:
			alone = append(alone, m.UID) // a letter cut before holds up no other
			size[m.UID] = m.RFC822Size
		default:
			fresh = append(fresh, m.UID)
			size[m.UID] = m.RFC822Size
			if uint32(m.UID) <= lastUID {
				again.AddNum(m.UID)
			}
		}
	}
	r.late, r.waiting = late, waiting
	if len(again) > 0 {
		r.log.Info("imap: offering letters accepted before but not filed", "uids", again.String())
	}
	if err := r.fileAll(c, ts); err != nil {
		return err
	}
	if len(big) > 0 {
		if err := r.oversized(ctx, c, uidValidity, big, refused); err != nil {
			return err
		}
	}
	slices.Sort(fresh)
	var batches [][]imap.UID
	for len(fresh) > 0 {
		n := batchLen(fresh, r.o.BatchSize, r.o.FetchBytes, func(uid imap.UID) int64 { return size[uid] })
		batches, fresh = append(batches, fresh[:n]), fresh[n:]
	}
	slices.Sort(alone)
	for _, uid := range alone {
		batches = append(batches, []imap.UID{uid})
	}
	if len(batches) == 0 {
		return nil
	}
	// A letter whose literal turns out larger than its RFC822.SIZE said,
	// and than MaxLetterSize, is not read (fetch): it takes the oversized
	// letters' way once the others were handed over, and is remembered
	// (r.late) should this catch-up fail first.
	found := map[imap.UID]int64{}
	err = r.handOver(ctx, c, uidValidity, batches, processed, refused, found)
	maps.Copy(r.late, found)
	if uid := stalledIn(err); uid != 0 && found[uid] == 0 {
		r.putOff(uid, err)
	}
	if err != nil || len(found) == 0 {
		return err
	}
	return r.oversized(ctx, c, uidValidity, found, refused)
}

// batchLen is how many of xs, from the first, make the next batch: at
// most most of them and bytes by cost, and always one, however large.
func batchLen[T any](xs []T, most int, bytes int64, cost func(T) int64) int {
	n, sum := 1, cost(xs[0])
	for n < len(xs) && n < most && sum+cost(xs[n]) <= bytes {
		sum += cost(xs[n])
		n++
	}
	return n
}

// maxListed bounds the letters a listing of the mailbox keeps: the frame
// bounds each response, not their number, and a server answering the
// listing with letters without end within CommandTimeout would have the
// reader hold them all. A million is far past any tournament's backlog;
// one past it is taken a million at a time, the first listed first.
const maxListed = 1 << 20

// listedLetter is what catchUp needs of a letter in the mailbox.
type listedLetter struct {
	UID                imap.UID
	RFC822Size         int64
	processed, refused bool // it carries keywordProcessed, keywordRefused
}

// listLetters lists the letters of the selected mailbox (UID, flags,
// size), keeping the first max of them; the others are read and dropped
// (a listing without end is cut by the caller's guard, at
// CommandTimeout), left to the next catch-up.
func (r *Reader) listLetters(c *imapclient.Client, max int) ([]listedLetter, error) {
	cmd := c.Fetch(imap.UIDSet{imap.UIDRange{Start: 1, Stop: 0}}, &imap.FetchOptions{UID: true, Flags: true, RFC822Size: true})
	var ls []listedLetter
	n := 0
	for m := cmd.Next(); m != nil; m = cmd.Next() {
		if n++; n > max {
			continue // not kept: Next discards it
		}
		b, err := m.Collect()
		if err != nil {
			break // cmd.Close says why
		}
		ls = append(ls, listedLetter{UID: b.UID, RFC822Size: b.RFC822Size,
			processed: hasFlag(b.Flags, keywordProcessed), refused: hasFlag(b.Flags, keywordRefused)})
	}
	if n > max {
		r.log.Warn("imap: the mailbox lists more letters than a catch-up takes; the others are left to the next", "listed", n, "taken", max)
	}
	return ls, cmd.Close()
}

// arrival is a fetched letter on its way to the Inbox, or (end) the mark
// that its batch was fetched whole.
type arrival struct {
	f   Fetched
	end bool
}

// handOver fetches the batches in turn and hands their letters to the
// Inbox in UID order, then files each batch. Three stages overlap: a
// goroutine fetches and reads (the next letters arrive, decoded, while the
// store works on a group, so the decoding is off the serial chain of
// Accepts: each Accept takes whatever letters have arrived, GroupSize at
// most), this one hands over, and another files a batch while the next is
// fetched and handed over. The letters fetched and not yet accepted are
// bounded by FetchBytes (budget) as well as by GroupSize. The fetch and
// the filing share the connection (IMAP pipelining, every command by
// UID); a batch is filed only after each of its letters was accepted, and
// a failed Accept fetches no further batch. ReaderOptions.Backlog is
// marked from the first fetch until the last letter is handed over,
// before the last batch is filed. The letters fetched over MaxLetterSize
// are not handed over nor filed but put in big, with their sizes.
func (r *Reader) handOver(ctx context.Context, c *imapclient.Client, uidValidity uint32, batches [][]imap.UID, processed, refused string, big map[imap.UID]int64) error {
	r.o.Backlog.begin()
	defer r.o.Backlog.end()
	stop := make(chan struct{})
	halt := sync.OnceFunc(func() { close(stop) })
	arrived := make(chan arrival, r.o.GroupSize)
	spend := newBudget(r.o.FetchBytes)
	var ferr error // the fetch's, read after arrived is closed, as big is
	go func() {
		defer close(arrived)
		for _, uids := range batches {
			select {
			case <-stop:
				return
			default:
			}
			if ferr = r.fetch(c, uids, arrived, spend, big); ferr != nil {
				return
			}
		}
	}()
	toFile := make(chan []*tray, len(batches)+1) // never blocks this goroutine
	filed := make(chan error, 1)
	go func() {
		var err error
		for ts := range toFile {
			if err == nil {
				if err = r.file(c, ts); err != nil {
					halt()
				}
			}
		}
		filed <- err
	}()

	ts := trays(processed, refused)
	var aerr error
	ends := 0 // batches fetched whole and handed over
	group := make([]Fetched, 0, r.o.GroupSize)
	for a := range arrived {
		if aerr != nil {
			spend.give(cost(a.f.Raw))
			continue // after a failed Accept only drain
		}
		end := a.end
		group = group[:0]
		if !end {
			group = append(group, a.f)
		}
	more:
		for !end && len(group) < r.o.GroupSize {
			select {
			case a, ok := <-arrived:
				if !ok {
					break more
				}
				if end = a.end; !end {
					group = append(group, a.f)
				}
			default:
				break more
			}
		}
		if len(group) > 0 {
			if aerr = r.accept(ctx, uidValidity, group, ts); aerr != nil {
				halt()
			}
			var n int64
			for _, f := range group {
				n += cost(f.Raw)
			}
			spend.give(n) // once a group: one wake-up of a fetch waiting in take
		}
		if end && aerr == nil {
			if ends++; ends == len(batches) {
				r.o.Backlog.end()
			}
			toFile <- ts
			ts = trays(processed, refused)
		}
	}
	toFile <- ts // what was accepted before a failure
	close(toFile)
	guard := r.guard(c) // the filing left, once nothing is fetched any more
	defer guard.Stop()
	return errors.Join(aerr, ferr, <-filed)
}

// fetch fetches uids (BODY.PEEK[] only) into arrived, in UID order (the
// order of sequence numbers, which is the order the server answers in),
// each letter read (read) here, while the Inbox works on the letters
// before, once its bytes fit the budget spend, and marks the batch's end.
// A letter larger than MaxLetterSize (its RFC822.SIZE understated it) is
// discarded as it arrives and put in big with its size.
func (r *Reader) fetch(c *imapclient.Client, uids []imap.UID, arrived chan<- arrival, spend *budget, big map[imap.UID]int64) error {
	w := r.watch(c)
	defer w.stop()
	body := &imap.FetchItemBodySection{Peek: true}
	cmd := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{
		UID: true, BodySection: []*imap.FetchItemBodySection{body},
	})
	for m := cmd.Next(); m != nil; m = cmd.Next() {
		it, err := collect(m, body, r.o.MaxLetterSize, w)
		w.between()
		if err != nil {
			return stalled(w, broken(c, it.uid, err))
		}
		uid, raw, over := it.uid, it.raw, it.over
		if uid == 0 {
			continue
		}
		if over > 0 {
			r.log.Warn("imap: letter larger than its RFC822.SIZE said and than the size limit; discarded unread", "uid", uid, "size", over, "limit", r.o.MaxLetterSize)
			big[uid] = over
			continue
		}
		if raw == nil {
			continue // expunged meanwhile by another client
		}
		w.pause() // reading the letter and waiting for the store is not waiting for the server
		spend.take(cost(raw))
		arrived <- arrival{f: r.read(uint32(uid), raw)}
		w.between()
	}
	if err := cmd.Close(); err != nil {
		return stalled(w, fmt.Errorf("fetching letters %d-%d: %w", uids[0], uids[len(uids)-1], err))
	}
	arrived <- arrival{end: true}
	return nil
}

// fetchedItems is what collect read of one fetched message.
type fetchedItems struct {
	uid imap.UID
	// raw is the body section asked for, nil when the server sent none or
	// it was over the limit: over is then its size.
	raw      []byte
	over     int64
	size     int64     // RFC822.SIZE, when asked
	internal time.Time // INTERNALDATE, when asked
}

// collect reads a fetched letter's items (UID, RFC822.SIZE, INTERNALDATE)
// and its body section, as Collect and FindBodySection would, but the
// section into one buffer of the literal's size (readLiteral) where
// Collect grows one from 512 bytes, copying it at each step, and never a
// section over max bytes: that one is discarded and over is its size.
// w, if not nil, is told of the section's literal as it is announced,
// before it is read or discarded, and of its bytes as they arrive. An
// error leaves the rest of the letter's items unread; the next message's
// Next skips them.
func collect(m *imapclient.FetchMessageData, body *imap.FetchItemBodySection, max int64, w *watch) (it fetchedItems, err error) {
	var progress func()
	if w != nil {
		progress = w.progress
	}
	for item := m.Next(); item != nil; item = m.Next() {
		switch item := item.(type) {
		case imapclient.FetchItemDataUID:
			it.uid = item.UID
		case imapclient.FetchItemDataRFC822Size:
			it.size = item.Size
		case imapclient.FetchItemDataInternalDate:
			it.internal = item.Time
		case imapclient.FetchItemDataBodySection:
			if it.raw != nil || it.over > 0 || item.Literal == nil || !item.MatchCommand(body) {
				continue
			}
			if w != nil {
				w.letter(it.uid, item.Literal.Size())
			}
			if it.raw, it.over, err = readLiteral(item.Literal, max, progress); err != nil {
				return fetchedItems{uid: it.uid}, err
			}
		}
	}
	return it, nil
}

// broken closes c, whose FETCH failed in the middle of letter uid's
// literal (the connection lost, or dropped by the guard or a cancelled
// context), and says so; the Reader and ReadFolders both end so.
// The command is not read further, nor closed: go-imap would read the
// rest of that literal again to discard it while its decoder, let go by
// the failed read, reads on (a data race on the connection's buffer).
func broken(c *imapclient.Client, uid imap.UID, err error) error {
	c.Close()
	return fmt.Errorf("fetching letter %d: %w", uid, err)
}

// readLiteral reads a literal whole, into a buffer of its announced size,
// when that is at most limit bytes. A larger one, whatever a server said of
// it before (RFC822.SIZE), is hostile input: it is not read here, only its
// size returned (over), as soon as it is announced; go-imap's next item
// reads it to its end and discards it in a small buffer, never kept (the
// connection goes on, unless the literal takes its response past the
// frame's bound: the connection is then dropped once it is announced),
// and a connection lost meanwhile does not make the caller forget what it
// learned. go-imap's decoder always knows a
// literal's size; one not announced is taken as too large. progress, if
// not nil, is called after each progressStep bytes read.
func readLiteral(lit imap.LiteralReader, limit int64, progress func()) (raw []byte, over int64, err error) {
	n := lit.Size()
	if n < 0 || n > limit {
		return nil, max(n, limit+1), nil
	}
	b := make([]byte, n)
	for off := int64(0); off < n; off += progressStep {
		if _, err := io.ReadFull(lit, b[off:min(off+progressStep, n)]); err != nil {
			return nil, 0, err
		}
		if progress != nil && off+progressStep <= n {
			progress()
		}
	}
	return b, 0, nil
}

// progressStep is how many bytes of a literal arrive between two calls of
// ReaderOptions.Progress: at MinTransferRate's default, one every 4 s.
const progressStep = 64 << 10

// read is the letter uid fetched as raw, read under ReaderOptions.Reading
// unless it is over MaxLetterSize (a server's RFC822.SIZE may understate
// it): what is too large to fetch is too large to read.
func (r *Reader) read(uid uint32, raw []byte) Fetched {
	f := Fetched{UID: uid, Raw: raw}
	f.Mail, f.Unreadable = r.o.Reading.DecodeWithin(raw, r.o.MaxLetterSize)
	return f
}

// accept hands group to the Inbox and puts each letter it answered in
// its tray; an error is a StoreError, the letters from the first not
// answered on are offered again later.
func (r *Reader) accept(ctx context.Context, uidValidity uint32, group []Fetched, ts []*tray) error {
	answers, err := r.o.Inbox.Accept(ctx, r.o.Name, uidValidity, group)
	for i, isRefused := range answers[:min(len(answers), len(group))] {
		t := ts[0]
		if isRefused {
			t = ts[1]
		}
		t.uids.AddNum(imap.UID(group[i].UID))
	}
	if err == nil && len(answers) != len(group) {
		err = fmt.Errorf("the store answered %d of %d letters", len(answers), len(group))
	}
	if err != nil {
		return &StoreError{fmt.Errorf("handing over letter %d: %w", group[min(len(answers), len(group)-1)].UID, err)}
	}
	return nil
}

// namingFields are the header fields an oversized letter whose header is
// over the limit is handed over with: what names it (its Message-ID, by
// which it is found again under another UIDVALIDITY), says who sent it
// and when (for the tournament it is of and the notices), and whether it
// is automatic (IsAutomatic).
var namingFields = []string{"Message-ID", "From", "Subject", "Date", "Received",
	"Auto-Submitted", "X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress", "Return-Path", "Precedence", "List-Id", "Content-Type"}

// oversized hands the letters too large to read to the Inbox with their
// headers only (BODY.PEEK[HEADER]), then files them as refused: their
// bodies never cross the wire. A letter the Inbox does not take fails
// alone (putOff): it is left in the mailbox unmarked and offered again
// after a backoff of its own, while the letters after it go on. A
// failure for a while is the store's own (busy, its disk full, the daemon
// stopping), and the Accepts after it then fail too, so the session backs
// off as for any store error; one for good is the letter's (a row the
// store refuses, a decision failing on it, as a header-less letter's nil
// bytes once did), and it held up every letter behind it. The reader
// cannot tell which, and need not: this fails closed either way. Filing
// the letter as refused, or telling the secretary of it, would need the
// store that has just failed to keep it (and a letter filed but not kept
// is lost to the referee: the secretary's desk never shows it); left
// unmarked, it is taken by the next try, the next session or a mended
// build, and a try costs its header, not its body. The error returned is
// the server's only (the fetch, the filing).
func (r *Reader) oversized(ctx context.Context, c *imapclient.Client, uidValidity uint32, sizes map[imap.UID]int64, refused string) error {
	t := trays("", refused)[1]
	var all imap.UIDSet
	for uid, size := range sizes {
		if r.waiting[uid].broke < headerBreaks {
			all.AddNum(uid)
			continue
		}
		// Its header broke the connection every time it came: it goes
		// without, unfetched.
		r.log.Warn("imap: letter over the size limit whose header cannot be fetched; handed over without it", "uid", uid, "size", size)
		r.handOversized(ctx, uidValidity, Fetched{UID: uint32(uid)}, size, t)
	}
	if len(all) == 0 {
		return r.fileAll(c, []*tray{t})
	}
	// A header over the limit too is discarded: the letter is then handed
	// over with the fields that name it (namingFields), asked of those
	// letters alone, each response within the frame's bound as a header's
	// is; or with none when those are over the limit too. Kept unread all
	// the same.
	var nameless imap.UIDSet
	header := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, Peek: true}
	err := r.handHeaders(ctx, c, uidValidity, all, header, sizes, t, func(uid imap.UID) { nameless.AddNum(uid) })
	if err == nil && len(nameless) > 0 {
		named := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, HeaderFields: namingFields, Peek: true}
		err = r.handHeaders(ctx, c, uidValidity, nameless, named, sizes, t, nil)
	}
	if err != nil {
		return err // c is closed or broken: what was handed over is filed next time
	}
	return r.fileAll(c, []*tray{t})
}

// handHeaders fetches section (a header) of the letters uids and hands
// each to the Inbox with it, as oversized says, putting those handed over
// in t. A letter whose section came over the limit is left to over, when
// it is not nil, else handed over with none.
func (r *Reader) handHeaders(ctx context.Context, c *imapclient.Client, uidValidity uint32, uids imap.UIDSet, section *imap.FetchItemBodySection,
	sizes map[imap.UID]int64, t *tray, over func(imap.UID)) error {
	w := r.watch(c)
	defer w.stop()
	cmd := c.Fetch(uids, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{section}})
	var last fetchedItems // the letter read last, whose response may have broken the connection
	var got imap.UIDSet
	for m := cmd.Next(); m != nil; m = cmd.Next() {
		it, err := collect(m, section, r.o.MaxLetterSize, w)
		last = it
		got.AddNum(it.uid)
		w.between()
		if err != nil {
			err = broken(c, it.uid, err)
			if uid := w.stalled(); uid != 0 {
				r.putOff(uid, err)
			}
			return err
		}
		uid := it.uid
		if uid == 0 {
			continue
		}
		if it.raw == nil && over != nil {
			over(uid)
			continue
		}
		r.log.Warn("imap: letter over the size limit, not fetched", "uid", uid, "size", sizes[uid], "limit", r.o.MaxLetterSize)
		w.pause()
		r.handOversized(ctx, uidValidity, r.read(uint32(uid), it.raw), sizes[uid], t)
		w.between()
	}
	if err := cmd.Close(); err != nil {
		err = fmt.Errorf("fetching headers of oversized letters: %w", err)
		if uid := w.stalled(); uid != 0 {
			r.putOff(uid, err)
		} else if uid := brokeIn(uids, got, last); uid != 0 {
			// Its header did not come: its response broke the
			// connection (past the frame's bound, as it was announced).
			r.putOff(uid, err)
			w := r.waiting[uid]
			w.broke++
			r.waiting[uid] = w
		}
		return err
	}
	return nil
}

// handOversized hands letter header.UID, oversized (size bytes), to the
// Inbox with header and puts it in t to be filed; one the Inbox does not
// take is put off (putOff), as oversized says.
func (r *Reader) handOversized(ctx context.Context, uidValidity uint32, header Fetched, size int64, t *tray) {
	uid := imap.UID(header.UID)
	if err := r.o.Inbox.Oversized(ctx, r.o.Name, uidValidity, header, size); err != nil {
		r.putOff(uid, fmt.Errorf("handing over oversized letter %d: %w", uid, err))
		return
	}
	delete(r.waiting, uid)
	t.uids.AddNum(uid)
}

// brokeIn is the letter of a FETCH of uids whose response broke the
// connection, 0 when none can be told: the one read last when its section
// did not come whole (it broke as it came, or as it was discarded: a
// literal past the frame's bound drops the connection once announced),
// else the first not read at all (the server answers in UID order).
func brokeIn(uids, got imap.UIDSet, last fetchedItems) imap.UID {
	if last.uid != 0 && last.raw == nil {
		return last.uid
	}
	all, _ := uids.Nums()
	slices.Sort(all)
	for _, uid := range all {
		if !got.Contains(uid) {
			return uid
		}
	}
	return 0
}

// maxPutOff bounds the backoff of a letter failing alone: one that fails
// for good (a letter the store refuses, one whose bytes stop coming
// every time) costs a try an hour, not one every MaxBackoff, and a try of
// a stalled letter holds the connection for its allowance.
const maxPutOff = time.Hour

// putOff puts letter uid, which failed alone (err), off until its own
// backoff (MinBackoff doubled at each failure, up to maxPutOff) has
// passed; catchUp leaves it in the mailbox meanwhile.
func (r *Reader) putOff(uid imap.UID, err error) {
	if r.waiting == nil {
		r.waiting = map[imap.UID]retry{}
	}
	w := r.waiting[uid]
	d := backoff(w.failures, r.o.MinBackoff, max(r.o.MaxBackoff, maxPutOff))
	w.failures, w.at = w.failures+1, time.Now().Add(d)
	r.waiting[uid] = w
	r.log.Error("imap: a letter failed alone; it stays in the mailbox, unmarked, and is tried again after the others", "uid", uid, "err", err, "retry in", d)
}

// hasFlag reports whether flags hold f; keywords are case-insensitive
// (RFC 9051 section 2.3.2).
func hasFlag(flags []imap.Flag, f imap.Flag) bool {
	return slices.ContainsFunc(flags, func(g imap.Flag) bool { return strings.EqualFold(string(g), string(f)) })
}

// tray collects the letters going to one folder.
type tray struct {
	folder  string
	keyword imap.Flag
	uids    imap.UIDSet
}

// trays are the two destinations: processed first, refused second.
func trays(processed, refused string) []*tray {
	return []*tray{{folder: processed, keyword: keywordProcessed}, {folder: refused, keyword: keywordRefused}}
}

// fileAll files each tray's letters (file) within CommandTimeout.
func (r *Reader) fileAll(c *imapclient.Client, ts []*tray) error {
	guard := r.guard(c)
	defer guard.Stop()
	return r.file(c, ts)
}

// file flags each tray's letters with its keyword and moves them to its
// folder. MOVE falls back to COPY, STORE \Deleted and EXPUNGE on servers
// without it (go-imap does that). Both steps are idempotent.
func (r *Reader) file(c *imapclient.Client, ts []*tray) error {
	for _, t := range ts {
		if len(t.uids) == 0 {
			continue
		}
		err := c.Store(t.uids, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true,
			Flags: []imap.Flag{imap.FlagSeen, t.keyword}}, nil).Close()
		if err == nil {
			_, err = c.Move(t.uids, t.folder).Wait()
		}
		if err != nil {
			return fmt.Errorf("filing letters %s under %s: %w", t.uids.String(), t.folder, err)
		}
	}
	return nil
}

// wait returns when the mailbox may have news: on EXISTS during IDLE, when
// the IDLE watchdog fires, or after the poll interval.
func (r *Reader) wait(ctx context.Context, c *imapclient.Client, wake <-chan struct{}) error {
	if !r.idles(c) {
		if !sleep(ctx.Done(), r.o.PollInterval) {
			return ctx.Err()
		}
		guard := r.guard(c)
		defer guard.Stop()
		return c.Noop().Wait() // brings the EXISTS count up to date
	}
	idle, err := c.Idle()
	if err != nil {
		return fmt.Errorf("starting IDLE: %w", err)
	}
	watchdog := time.NewTimer(r.o.IdleWatchdog)
	defer watchdog.Stop()
	select {
	case <-wake:
	case <-watchdog.C:
		r.log.Debug("imap: IDLE watchdog: checking the mailbox")
	case <-ctx.Done():
	case <-c.Closed():
	}
	guard := r.guard(c)
	defer guard.Stop()
	if err := idle.Close(); err != nil {
		return fmt.Errorf("leaving IDLE: %w", err)
	}
	if err := idle.Wait(); err != nil {
		return fmt.Errorf("IDLE: %w", err)
	}
	return ctx.Err()
}
