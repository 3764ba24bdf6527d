package mailbox

import (
	"errors"
	"sync/atomic"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// watch guards one FETCH of letters: it drops the connection when the
// server does not answer within CommandTimeout, or when a letter's
// literal does not arrive within its own allowance (allowance: a large
// letter coming slowly but steadily is not cut, however many came
// before it), and then knows in which letter it dropped it (stalled).
type watch struct {
	r     *Reader
	timer *time.Timer
	in    atomic.Uint32 // the letter whose literal is arriving; 0 between letters
	cut   atomic.Uint32 // the letter in which the connection was dropped
}

// watch starts guarding a FETCH on c.
func (r *Reader) watch(c *imapclient.Client) *watch {
	w := &watch{r: r}
	w.timer = time.AfterFunc(r.o.CommandTimeout, func() {
		uid := w.in.Load()
		w.cut.Store(uid)
		r.log.Warn("imap: the server did not answer in time; dropping the connection", "uid", uid)
		c.Close()
	})
	return w
}

// letter marks the literal of letter uid, of n bytes (as announced),
// arriving: it has its allowance from now. uid is 0 when the server
// sent the letter's UID after its body (the stall is then no letter's).
func (w *watch) letter(uid imap.UID, n int64) {
	w.in.Store(uint32(uid))
	w.timer.Reset(w.r.allowance(n))
}

// progress tells ReaderOptions.Progress that another progressStep of the
// letter's literal arrived.
func (w *watch) progress() {
	if p := w.r.o.Progress; p != nil {
		p()
	}
}

// between marks the letter's literal arrived (or given up): the server
// has CommandTimeout for the next.
func (w *watch) between() {
	w.in.Store(0)
	w.timer.Reset(w.r.o.CommandTimeout)
}

// pause stops the guard while the reader, not the server, works (reading
// a letter, waiting for the store); between starts it again.
func (w *watch) pause() { w.timer.Stop() }

// stop ends the guard.
func (w *watch) stop() { w.timer.Stop() }

// stalled is the letter in whose literal the guard dropped the
// connection, 0 for none.
func (w *watch) stalled() imap.UID { return imap.UID(w.cut.Load()) }

// maxAllowance bounds the seconds a literal's size adds to its
// allowance, whatever size is announced (and keeps them from overflowing).
const maxAllowance = 24 * time.Hour

// allowance is how long a literal of n bytes may take to arrive:
// CommandTimeout, and a second for every MinTransferRate bytes, up to
// maxAllowance; it never shrinks as n grows.
func (r *Reader) allowance(n int64) time.Duration {
	secs := min(max(n, 0)/r.o.MinTransferRate, int64(maxAllowance/time.Second))
	return r.o.CommandTimeout + time.Duration(secs)*time.Second
}

// stallError is a FETCH whose connection the guard dropped in the middle
// of letter uid's literal.
type stallError struct {
	uid imap.UID
	err error
}

func (e *stallError) Error() string { return e.err.Error() }

func (e *stallError) Unwrap() error { return e.err }

// stalled is err, the failure of the FETCH w guarded, naming the letter
// in which w dropped the connection, if it did.
func stalled(w *watch, err error) error {
	if uid := w.stalled(); uid != 0 {
		return &stallError{uid: uid, err: err}
	}
	return err
}

// stalledIn is the letter a stallError in err names, 0 for none.
func stalledIn(err error) imap.UID {
	if se := (*stallError)(nil); errors.As(err, &se) {
		return se.uid
	}
	return 0
}
