// Package localmail is an embedded mail system on loopback for `zaochnik
// demo` and for tests: an IMAP server (go-imap's imapserver over its
// in-memory backend) and an SMTP server (go-smtp) that delivers to the same
// local mailboxes, so the tournament mailbox and the players' mailboxes
// live in one process and a test can read over IMAP what a player received.
//
// Mail is kept in memory only. Users log in with their full address.
// Authentication is over plain TCP (loopback only).
package localmail

import (
	"bufio"
	"bytes"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/mail"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-message/textproto"
	"github.com/emersion/go-smtp"
)

// Options configure a Server. A zero Options is valid.
type Options struct {
	// Domain names the server in greetings and Received headers;
	// "localhost" if empty.
	Domain string
	// Now stamps Received headers; time.Now if nil.
	Now func() time.Time
	// Logger receives a line per delivery; slog.Default() if nil.
	Logger *slog.Logger
	// TLSConfig, if set, offers STARTTLS on both servers (plain login stays
	// allowed unless LoginOnlyOverTLS).
	TLSConfig *tls.Config
	// LoginOnlyOverTLS refuses to log in before STARTTLS, as a server
	// requiring TLS does: IMAP announces LOGINDISABLED, SMTP offers no AUTH.
	LoginOnlyOverTLS bool
	// OnData, if set, is called with every letter before delivery. A
	// non-nil error refuses the letter; return an *smtp.SMTPError to choose
	// the reply code (451 to test retries, 550 for dead letters).
	OnData func(from string, to []string, raw []byte) error
	// UIDValidity is the UIDVALIDITY of every user's INBOX (1 if zero).
	// Mail is lost when the server stops, and its UIDs start again from 1:
	// a store that outlives the server passes one more than the last it
	// saw, so that a new letter is never taken for an old one (RFC 3501).
	UIDValidity uint32

	// recheck is how often an IDLE looks for updates queued just before
	// it began (imapSession.Idle); 50 ms if zero.
	recheck time.Duration
	// idleBegins, if set, runs in each IDLE between its poll and its wait:
	// tests deliver a letter there.
	idleBegins func()
	// wrap, if set, wraps each connection both servers accept, under the
	// batching: tests count a connection's writes with it.
	wrap func(net.Conn) net.Conn
}

// Delivery is one letter accepted by the SMTP server.
type Delivery struct {
	From string   // envelope sender; "" for the null path
	To   []string // envelope recipients
	Raw  []byte   // as stored, with Return-Path and Received prepended
}

// Server is a running embedded mail system.
type Server struct {
	// IMAPAddr and SMTPAddr are the listening addresses ("127.0.0.1:port").
	IMAPAddr, SMTPAddr string

	opts Options
	mem  *imapmemserver.Server
	imap *imapserver.Server
	smtp *smtp.Server

	mu         sync.Mutex
	users      map[string]*imapmemserver.User // by lower-case address
	passwords  map[string]string
	deliveries []Delivery
	delivered  *signal // every delivery wakes the IDLEs
}

// Start listens on two free loopback ports and serves until Close.
func Start(opts Options) (*Server, error) {
	if opts.Domain == "" {
		opts.Domain = "localhost"
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.recheck == 0 {
		opts.recheck = 50 * time.Millisecond
	}
	s := &Server{opts: opts, mem: imapmemserver.New(),
		users: map[string]*imapmemserver.User{}, passwords: map[string]string{}, delivered: newSignal()}

	s.imap = imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return imapSession{s.mem.NewSession().(imapserver.SessionIMAP4rev2), opts.recheck, s.delivered, opts.idleBegins}, nil, nil
		},
		InsecureAuth: !opts.LoginOnlyOverTLS,
		TLSConfig:    opts.TLSConfig,
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
	})
	iln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("localmail: IMAP listener: %w", err)
	}
	s.IMAPAddr = iln.Addr().String()
	go s.imap.Serve(&batchListener{iln, opts.wrap})

	s.smtp = smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{srv: s, helo: c.Hostname()}, nil
	}))
	s.smtp.Domain = opts.Domain
	s.smtp.AllowInsecureAuth = !opts.LoginOnlyOverTLS
	s.smtp.TLSConfig = opts.TLSConfig
	s.smtp.MaxMessageBytes = 64 << 20
	s.smtp.ReadTimeout = time.Minute
	s.smtp.WriteTimeout = time.Minute
	sln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		s.imap.Close()
		return nil, fmt.Errorf("localmail: SMTP listener: %w", err)
	}
	s.SMTPAddr = sln.Addr().String()
	go s.smtp.Serve(&batchListener{sln, opts.wrap})
	return s, nil
}

// Close stops both servers. Mail is lost.
func (s *Server) Close() error {
	return errors.Join(s.imap.Close(), s.smtp.Close())
}

// AddUser creates a mailbox for addr (its IMAP login) with an INBOX.
func (s *Server) AddUser(addr, password string) error {
	key := strings.ToLower(addr)
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.users[key]; ok {
		return fmt.Errorf("localmail: user %s exists already", addr)
	}
	u := imapmemserver.NewUser(addr, password)
	// imapmemserver numbers a user's mailboxes from 1 and has no setter:
	// mailboxes created and deleted move its counter to the value asked.
	for v := uint32(1); v < s.opts.UIDValidity; v++ {
		if err := errors.Join(u.Create("uidvalidity", nil), u.Delete("uidvalidity")); err != nil {
			return fmt.Errorf("localmail: setting the UIDVALIDITY of %s: %w", addr, err)
		}
	}
	if err := u.Create("INBOX", nil); err != nil {
		return fmt.Errorf("localmail: creating INBOX of %s: %w", addr, err)
	}
	s.mem.AddUser(u)
	s.users[key] = u
	s.passwords[key] = password
	return nil
}

// Deliver stores raw in the INBOX of every recipient as the SMTP server
// does for a client that did not log in (mail from outside, as at an MX):
// see DeliverAs.
func (s *Server) Deliver(from string, to []string, raw []byte) error {
	return s.deliver(from, "", to, raw)
}

// DeliverAs stores raw in the INBOX of every recipient as the SMTP server
// does for a client logged in as login. Return-Path, Received and
// Authentication-Results (under the server's Domain as authserv-id) are
// prepended: "dmarc=pass" when login is the letter's From address, as a
// provider that lets a user send only under his own address would write,
// "dmarc=none" otherwise. A recipient "user+tag@domain" is delivered to
// user@domain with a Delivered-To header (plus addressing). Every recipient
// must be a local user.
func (s *Server) DeliverAs(login, from string, to []string, raw []byte) error {
	return s.deliver(from, login, to, raw)
}

func (s *Server) deliver(from, login string, to []string, raw []byte) error {
	defer s.delivered.fire() // once the letters are queued to every session
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, rcpt := range to {
		if s.users[mailboxOf(rcpt)] == nil {
			return fmt.Errorf("localmail: no mailbox %s", rcpt)
		}
	}
	auth := s.authResults(login, raw)
	raw = s.stripAuthResults(raw)
	for _, rcpt := range to {
		var b bytes.Buffer
		fmt.Fprintf(&b, "Return-Path: <%s>\r\n", from)
		fmt.Fprintf(&b, "Delivered-To: %s\r\n", rcpt)
		fmt.Fprintf(&b, "Authentication-Results: %s\r\n", auth)
		fmt.Fprintf(&b, "Received: by %s (zaochnik localmail) for <%s>; %s\r\n",
			s.opts.Domain, rcpt, s.opts.Now().Format(time.RFC1123Z))
		b.Write(raw)
		if _, err := s.users[mailboxOf(rcpt)].Append("INBOX", literal{bytes.NewReader(b.Bytes())}, &imap.AppendOptions{Time: s.opts.Now()}); err != nil {
			return fmt.Errorf("localmail: delivering to %s: %w", rcpt, err)
		}
		s.deliveries = append(s.deliveries, Delivery{From: from, To: []string{rcpt}, Raw: b.Bytes()})
	}
	s.opts.Logger.Debug("localmail: delivered", "from", from, "to", to, "bytes", len(raw))
	return nil
}

// Deliveries returns every letter delivered so far, one per recipient, in
// order.
func (s *Server) Deliveries() []Delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Delivery(nil), s.deliveries...)
}

// authResults is the Authentication-Results value for a letter sent by a
// client logged in as login ("" for none).
func (s *Server) authResults(login string, raw []byte) string {
	from := ""
	if h, err := textproto.ReadHeader(bufio.NewReader(bytes.NewReader(raw))); err == nil {
		if l, err := mail.ParseAddress(h.Get("From")); err == nil {
			from = l.Address
		}
	}
	_, domain, _ := strings.Cut(from, "@")
	if domain == "" {
		return s.opts.Domain + "; none"
	}
	if login != "" && strings.EqualFold(login, from) {
		return fmt.Sprintf("%s; dmarc=pass (sender logged in as the From address) header.from=%s", s.opts.Domain, domain)
	}
	return fmt.Sprintf("%s; dmarc=none header.from=%s", s.opts.Domain, domain)
}

// stripAuthResults removes the Authentication-Results fields written
// under the server's own authserv-id before it arrived, as a border server
// must (RFC 8601 section 5): the sender may have written them. A letter
// whose header does not read is kept as it came.
func (s *Server) stripAuthResults(raw []byte) []byte {
	br := bufio.NewReader(bytes.NewReader(raw))
	h, err := textproto.ReadHeader(br)
	if err != nil {
		return raw
	}
	stripped := false
	for f := h.FieldsByKey("Authentication-Results"); f.Next(); {
		id, _, _ := strings.Cut(f.Value(), ";")
		if strings.EqualFold(strings.TrimSpace(id), s.opts.Domain) {
			f.Del()
			stripped = true
		}
	}
	if !stripped {
		return raw
	}
	var b bytes.Buffer
	if err := textproto.WriteHeader(&b, h); err != nil {
		return raw
	}
	if _, err := br.WriteTo(&b); err != nil {
		return raw
	}
	return b.Bytes()
}

// mailboxOf is the lower-case local mailbox of a recipient, without the
// "+tag" of plus addressing.
func mailboxOf(rcpt string) string {
	rcpt = strings.ToLower(rcpt)
	local, domain, ok := strings.Cut(rcpt, "@")
	if !ok {
		return rcpt
	}
	if i := strings.IndexByte(local, '+'); i >= 0 {
		local = local[:i]
	}
	return local + "@" + domain
}

// imapSession is imapmemserver's session with two of its answers
// changed: IDLE (Idle) and MOVE (Move).
type imapSession struct {
	imapserver.SessionIMAP4rev2
	recheck    time.Duration // Options.recheck
	delivered  *signal       // Server.delivered
	idleBegins func()        // Options.idleBegins
}

// Idle implements imapserver.Session: it writes every pending update,
// then waits in the memory server's IDLE, which writes an update queued
// while it waits at once. That IDLE writes only the updates queued after
// it began, so a letter queued between the poll and that IDLE's start
// would wait, unannounced, for the client's next command (a reader then
// waits for its watchdog): a delivery (Deliver, SMTP) after the poll
// began wakes it to poll again, at once; another session's change (an
// APPEND, a MOVE) is found at the next recheck, when the IDLE is begun
// again after a poll.
func (s imapSession) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	for {
		delivered := s.delivered.next() // before the poll: a letter queued after it fires this
		if err := s.Poll(w, true); err != nil {
			return err
		}
		if s.idleBegins != nil {
			s.idleBegins()
		}
		recheck := make(chan struct{})
		go func() {
			t := time.NewTimer(s.recheck)
			defer t.Stop()
			select {
			case <-stop:
			case <-t.C:
			case <-delivered:
			}
			close(recheck)
		}()
		if err := s.SessionIMAP4rev2.Idle(w, recheck); err != nil {
			return err
		}
		<-recheck // the memory server's IDLE returns at once without a mailbox selected
		select {
		case <-stop:
			return nil
		default:
		}
	}
}

// signal wakes those waiting on it: each fire closes the channel next
// gave them.
type signal struct {
	mu sync.Mutex
	ch chan struct{}
}

func newSignal() *signal { return &signal{ch: make(chan struct{})} }

// next is closed at the next fire.
func (s *signal) next() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ch
}

// fire wakes every waiter of next.
func (s *signal) fire() {
	s.mu.Lock()
	defer s.mu.Unlock()
	close(s.ch)
	s.ch = make(chan struct{})
}

// Move implements imapserver.SessionMove as COPY, then STORE \Deleted and
// EXPUNGE of the letters copied, so that the mover is told of each
// letter's EXPUNGE once, from its queue of updates, like every other
// client with the mailbox selected: the memory server's MOVE told it
// twice (in MOVE's answer, then again from the queue), which costs a line
// a letter more and makes a client counting sequence numbers take one
// letter gone for two. Other sessions with the mailbox selected are also
// told a FETCH (FLAGS) of each letter (its \Deleted) before its EXPUNGE,
// and the three steps are not one: another session may meanwhile see a
// letter in both folders.
func (s imapSession) Move(w *imapserver.MoveWriter, numSet imap.NumSet, dest string) error {
	data, err := s.Copy(numSet, dest)
	if err != nil {
		return err
	}
	if err := w.WriteCopyData(data); err != nil || len(data.SourceUIDs) == 0 {
		return err
	}
	// The memory server writes nothing for a silent STORE nor for an
	// EXPUNGE (its updates are queued): neither needs a writer.
	deleted := &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}
	if err := s.Store(nil, data.SourceUIDs, deleted, &imap.StoreOptions{}); err != nil {
		return err
	}
	return s.Expunge(nil, &data.SourceUIDs)
}

// literal adapts a bytes.Reader to imap.LiteralReader.
type literal struct{ *bytes.Reader }

// Size is the literal's length.
func (l literal) Size() int64 { return l.Reader.Size() }
