package mailbox

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// envelope is a composed letter as SMTP hands it over.
type envelope struct {
	from string
	to   []string
	data []byte // the letter, CRLF line ends, not dot-stuffed
}

// step is a command (or a letter's data) whose reply is awaited.
type step uint8

const (
	stepCommand step = iota // MAIL, RCPT or RSET: 250 awaited
	stepData                // the DATA command: 354 awaited
	stepContent             // the letter's data and its final dot
)

// awaited is a reply to read: of which step, for which letter (-1 for
// RSET, which is no letter's).
type awaited struct {
	letter int
	step   step
}

// exchange is one call of transact: the replies awaited, in order, and
// what each letter's replies said.
type exchange struct {
	ctx      context.Context // the Sender's: when it ends, the connection is closed (dialSMTP)
	c        *smtpConn
	pipe     bool // the server offers PIPELINING
	awaiting []awaited
	errs     []error // of each letter: the first refusal or the lost connection
	replied  []bool  // a letter's outcome is known (its data accepted, or an error)
	accepted []bool  // a letter's DATA got 354: its data may follow
	dead     bool    // the connection is lost or closing
}

// transact hands the letters to the server in turn, each in its own mail
// transaction (MAIL, RCPT for each recipient, DATA, the data), and returns
// the outcome of the first len(outcomes) of them: nil when the server
// accepted the letter, the server's *SMTPError when it refused it at any
// step (its data is then never sent), another error when the connection
// was lost before its last reply. The letters after those were not handed
// over: the connection was lost, the server said it closes (421), or ctx
// ended. alive reports whether the session can go on. A transaction a
// refused letter left open (its MAIL accepted) outlives the call: the next
// letter, of this batch or the next, starts with RSET, or the server
// would refuse its MAIL as nested (503).
//
// When the server offers PIPELINING (RFC 2920) a letter's MAIL, RCPT and
// DATA go in one write, after the data of the letter before, and their
// replies are read together: one round trip a letter instead of four. The
// data goes only after its DATA's 354, so every letter's every reply is
// still read before its data is sent. Without PIPELINING each command
// waits for its reply.
func (c *smtpConn) transact(ctx context.Context, ls []envelope) (outcomes []error, alive bool) {
	x := &exchange{ctx: ctx, c: c, pipe: c.has("PIPELINING"), errs: make([]error, len(ls)),
		replied: make([]bool, len(ls)), accepted: make([]bool, len(ls))}
	for i, l := range ls {
		if x.dead || ctx.Err() != nil {
			break
		}
		mail, err := c.mailCommand(l)
		if err != nil { // the envelope cannot be said: nothing sent
			x.errs[i], x.replied[i] = err, true
			continue
		}
		if c.inTransaction {
			x.send(-1, stepCommand, "RSET")
			c.inTransaction = false
		}
		x.send(i, stepCommand, mail)
		for _, rcpt := range l.to {
			if !x.pipe && x.errs[i] != nil {
				break
			}
			x.send(i, stepCommand, "RCPT TO:<"+rcpt+">")
		}
		if x.pipe || x.errs[i] == nil {
			x.send(i, stepData, "DATA")
		}
		x.sync()
		switch {
		case x.dead:
		case x.errs[i] == nil && x.accepted[i]:
			x.content(i, l.data)
		case x.accepted[i]:
			// A recipient refused yet DATA accepted: the data cannot be
			// taken back, so the session ends without the final dot.
			x.dead = true
		default:
			c.inTransaction = true
		}
	}
	x.sync()
	n := 0 // the letters with an outcome come first, in order
	for n < len(ls) && x.replied[n] {
		n++
	}
	return x.errs[:n], !x.dead
}

// mailCommand is the MAIL command of l, or why there is none, an
// *envelopeError: an address with a line break or an angle bracket, or one
// in UTF-8 to a server without SMTPUTF8 (RFC 6531).
func (c *smtpConn) mailCommand(l envelope) (string, error) {
	var intl string // an address in UTF-8
	for _, a := range append([]string{l.from}, l.to...) {
		if strings.ContainsAny(a, "\r\n<>") {
			return "", &envelopeError{fmt.Sprintf("the address %q contains a line break or an angle bracket", a)}
		}
		if intl == "" && !isASCII(a) {
			intl = a
		}
	}
	cmd := "MAIL FROM:<" + l.from + ">"
	if c.has("8BITMIME") {
		cmd += " BODY=8BITMIME"
	}
	if intl != "" {
		if !c.has("SMTPUTF8") {
			return "", &envelopeError{fmt.Sprintf("the address %s is international (UTF-8), and the mail server does not take such addresses (no SMTPUTF8)", intl)}
		}
		cmd += " SMTPUTF8"
	}
	return cmd, nil
}

// errCutByStop: the Sender stopped while the server's reply to a letter's
// data was awaited, so whether the server took it is unknown. The letter
// is given no outcome: left in flight, the next start settles it as
// uncertain (Outbox), and it is never sent twice.
var errCutByStop = errors.New("smtp: stopped while the reply to the letter's data was awaited")

// envelopeError is why a letter's envelope cannot be said to the server:
// it never could be, so the letter is dead at once.
type envelopeError struct{ why string }

func (e *envelopeError) Error() string { return "smtp: cannot be sent: " + e.why }

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// send writes a command whose reply belongs to letter (-1: none); without
// PIPELINING it waits for the reply at once.
func (x *exchange) send(letter int, s step, line string) {
	x.c.w.WriteString(line)
	x.c.w.WriteString("\r\n")
	x.awaiting = append(x.awaiting, awaited{letter, s})
	if !x.pipe {
		x.sync()
	}
}

// content writes letter i's data, dot-stuffed, and the final dot; with
// PIPELINING its reply is read with the next letter's.
func (x *exchange) content(i int, data []byte) {
	writeDotted(x.c.w, data)
	x.awaiting = append(x.awaiting, awaited{i, stepContent})
	if !x.pipe {
		x.sync()
	}
}

// sync flushes what is written and reads the replies awaited. A lost
// connection is charged to the letter whose reply was awaited first (the
// letter in turn); a 421 reply closes the session after it.
func (x *exchange) sync() {
	if len(x.awaiting) == 0 || x.dead {
		x.awaiting = x.awaiting[:0]
		return
	}
	c := x.c
	timeout := func(a awaited) time.Time {
		if a.step == stepContent {
			return time.Now().Add(max(c.timeout, submitTimeout))
		}
		return time.Now().Add(c.timeout)
	}
	c.conn.SetDeadline(timeout(x.awaiting[0]))
	err := c.w.Flush()
	for k, a := range x.awaiting {
		if err == nil && k > 0 && (a.step == stepContent || x.awaiting[k-1].step == stepContent) {
			c.conn.SetReadDeadline(timeout(a))
		}
		var code int
		var msg string
		if err == nil {
			code, msg, err = c.reply()
		}
		if err != nil {
			if a.step == stepContent && x.ctx.Err() != nil {
				// The stop closed the connection after the letter's data
				// went: the server may have it.
				err = errCutByStop
			}
			if a.letter >= 0 && !x.replied[a.letter] {
				x.errs[a.letter], x.replied[a.letter] = err, true
			}
			x.dead = true
			break
		}
		want := 250
		if a.step == stepData {
			want = 354
		}
		if a.letter >= 0 {
			rerr := replyError(code, msg, want)
			if x.errs[a.letter] == nil {
				x.errs[a.letter] = rerr
			}
			switch {
			case a.step == stepContent || rerr != nil:
				x.replied[a.letter] = true
			case a.step == stepData:
				x.accepted[a.letter] = true
			}
		}
		if code == 421 {
			x.dead = true
			break
		}
		if a.letter < 0 && code/100 != 2 { // RSET refused: the session is not what we think
			x.dead = true
			break
		}
	}
	x.awaiting = x.awaiting[:0]
}

// writeDotted writes data as DATA sends it (RFC 5321 section 4.5.2): every
// line end, CRLF or a lone CR or LF, as CRLF, a line starting with a dot
// with another, and the final dot. A lone CR or LF never reaches the
// server: one that took "\r.\r\n" or "\n.\n" (say in a player's raw
// letter attached to a dossier) for the final dot would read what follows
// as commands (SMTP smuggling). Data whose line ends are all CRLF goes out
// byte for byte as net/textproto's DotWriter (go-smtp's client) writes it
// (FuzzWriteDotted).
func writeDotted(w *bufio.Writer, data []byte) {
	if len(data) == 0 {
		w.WriteString("\r\n.\r\n") // as DotWriter ends an empty letter
		return
	}
	for len(data) > 0 {
		if data[0] == '.' {
			w.WriteByte('.')
		}
		nl := bytes.IndexByte(data, '\n')
		if nl < 0 {
			nl = len(data)
		}
		end, next := nl, nl+1 // the line's end, and where the next begins
		if cr := bytes.IndexByte(data[:nl], '\r'); cr >= 0 {
			end, next = cr, cr+1
			if cr == nl-1 { // CRLF, or a CR ending the data
				next = nl + 1
			}
		}
		w.Write(data[:end])
		w.WriteString("\r\n")
		data = data[min(next, len(data)):]
	}
	w.WriteString(".\r\n")
}
