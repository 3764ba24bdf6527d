package referee

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/mailbox"
	"zaochnik/storage"
)

// DefaultMaxLetterSize is the largest letter read when none is configured.
const DefaultMaxLetterSize = 10 << 20

// Referee carries out the use cases over the store: the letters of the
// tournament mailbox and every change the desk and the commands ask for.
type Referee struct {
	DB   *storage.DB
	Keys Keys
	// Reading is how the edge decodes the referee's letters
	// (Reading.Decode; the IMAP reader is given it,
	// mailbox.ReaderOptions.Reading): which Authentication-Results to
	// believe, which addresses are the server's own. The referee decides from what that
	// reading found and never reads the mail again.
	Reading mailbox.Reading
	// MaxLetterSize is the largest letter read (bytes); 0 is
	// DefaultMaxLetterSize.
	MaxLetterSize int64
	// Log receives a line per letter not applied; nil is slog's default.
	Log *slog.Logger
	// Location is the server's zone, where the held letters' day (Daily)
	// turns; nil is UTC.
	Location *time.Location

	ahead aheadBook // the tournaments read, for reading ahead (ahead.go)
	// groupTime stands for GroupTime when not 0: the tests of a group's
	// failures lengthen it, so that a loaded machine does not split
	// their group before the letter that fails (export_test.go).
	groupTime time.Duration
}

// Letter is a letter as fetched: from an IMAP mailbox (Mailbox, UIDs) or
// from a folder (replay), and decoded at the edge under the referee's
// Reading (Reading.Decode) unless it is over the size limit.
type Letter struct {
	Mailbox          string
	UIDValidity, UID uint32
	Raw              []byte
	// Name stands in for a missing Message-ID (a replayed file's name).
	Name string
	// Mail is Raw decoded and read (automatic or not, its trusted
	// Authentication-Results), nil when it was not read: over the size
	// limit, or unreadable (Unreadable says why). The referee takes its
	// facts from Mail, never from Raw again.
	Mail       *mailbox.Incoming
	Unreadable error
}

// Outcome is what became of a letter.
type Outcome struct {
	storage.Result
	// Auth is how the sender was authenticated ("key", "dmarc", "dkim",
	// "spf", "none"), "" for a letter never read (unreadable, automatic).
	Auth string
	// Confirmation is set when the letter was its sender's answer to a
	// confirmation request; Result is then the held letter's.
	Confirmation bool
}

// Refused reports whether the letter goes to the refused folder: anything
// not applied (refused, ignored, held).
func (o Outcome) Refused() bool {
	return o.Disposition != storage.Processed
}

// Receive receives one letter as ReceiveAll receives several: in one
// transaction of the store of its own.
func (r *Referee) Receive(ctx context.Context, l Letter) (Outcome, error) {
	outs, err := r.ReceiveAll(ctx, []Letter{l})
	if len(outs) == 0 {
		return Outcome{}, err
	}
	return outs[0], err
}

// GroupTime bounds how long one group transaction of ReceiveAll takes in
// (it holds the store's write lock meanwhile): past it, the group is
// committed and the next letters go into a new one.
const GroupTime = 50 * time.Millisecond

// ReceiveAll receives letters, decoded at the edge, in order, in a
// straight line: each is checked first, before the store is asked
// anything (check: the size limit, the automatic letters of RFC 3834,
// the sender's reply keys, the trusted Authentication-Results); then,
// in transactions of the store shared by several letters (group commit),
// it takes its steps (take): an unreadable, oversized or automatic letter
// is kept, any other read, decided and written (a confirmation applies or
// drops its held letter, a letter nothing vouches for is held); the text
// of a later letter is read meanwhile beside the chain when its sender's
// tournament is known (readAhead). A group is committed after GroupTime.
// It returns the outcomes of the letters stored, in order: all of them,
// or, with an error, those before the first letter that failed; nothing
// of that letter is stored, nor of the letters after it, to be offered
// again. It is idempotent like the store.
func (r *Referee) ReceiveAll(ctx context.Context, ls []Letter) ([]Outcome, error) {
	cs := make([]checked, len(ls))
	for i, l := range ls {
		cs[i] = r.check(l)
	}
	return r.takeAll(ctx, cs)
}

// takeAll takes the steps of the checked letters cs in group transactions
// (receiveGroup), as ReceiveAll says.
func (r *Referee) takeAll(ctx context.Context, cs []checked) ([]Outcome, error) {
	ra := r.readAhead(cs)
	defer ra.end()
	outs := make([]Outcome, 0, len(cs))
	bound := GroupTime
	if r.groupTime != 0 {
		bound = r.groupTime
	}
	for len(outs) < len(cs) {
		n, err := r.receiveGroup(ctx, cs, len(outs), bound, ra, &outs)
		if err != nil || n == 0 {
			return outs, err
		}
	}
	return outs, nil
}

// receiveGroup takes the steps of cs from from on in one group
// transaction, for bound at most (0: no bound), each on its letter's Tx
// of the group (storage.Group.Letter), appending their outcomes to outs
// once it committed, and then their log lines (take's notes), so that a
// letter's line is written once, and only for a letter stored. It
// returns how many it stored. A letter that fails
// rolls the group back (a letter has no savepoint: storage.Group): the
// letters before it are taken again, in a group of their own and with no
// bound, and under ctx without its cancellation, so that they are stored
// as if the failed letter alone had been undone, and its error is
// returned.
func (r *Referee) receiveGroup(ctx context.Context, cs []checked, from int, bound time.Duration, ra *readAhead, outs *[]Outcome) (int, error) {
	g, err := r.DB.Group(ctx)
	if err != nil {
		return 0, err
	}
	defer g.Rollback()
	began := time.Now() // the lock's time, not the game's
	var done []Outcome
	var notes []note
	var lerr error
	for i := from; i < len(cs); i++ {
		if len(done) > 0 && bound > 0 && time.Since(began) > bound {
			break
		}
		c := cs[i]
		tx, err := g.Letter()
		if err != nil {
			lerr = err
			break
		}
		ra.at(i)
		o, line, err := r.take(ctx, tx, c, ra, i)
		if err != nil {
			err = fmt.Errorf("referee: receive letter %s from %s: %w", c.Named().MessageID, c.From, err)
		}
		if err := g.Done(tx, err); err != nil {
			if i == from {
				return 0, err
			}
			// The letters before are taken again as the group's own
			// bookkeeping, whatever ctx says now (they were taken under it
			// once): a context ended meanwhile would lose them all.
			n, rerr := r.receiveGroup(context.WithoutCancel(ctx), cs[:i], from, 0, ra, outs)
			if rerr != nil {
				return n, rerr // an earlier letter failed this time
			}
			return n, err
		}
		done = append(done, o)
		if line.msg != "" {
			notes = append(notes, line)
		}
	}
	if err := g.Commit(); err != nil {
		return 0, errors.Join(lerr, err)
	}
	*outs = append(*outs, done...)
	for _, n := range notes {
		r.write(n)
	}
	return len(done), lerr
}

// Oversized keeps a letter of size bytes, larger than the limit, of which
// only the header was fetched (l.Raw, decoded at the edge as l.Mail),
// refused unread (mailbox.OversizeInbox), in one transaction of the
// three steps of any letter (storage.Tx.Read, adjudication.Oversized,
// storage.Tx.Write): filed under the tournament it is of
// (corr.PickTournament, by its sender and its subject), whose secretary is
// told, and its sender too if he is a person of it and the letter is not
// automatic; a letter of no tournament is kept unanswered, unless nothing
// names it (no sender): then the secretaries of every tournament are told
// (adjudication.Oversized). Of a sender's such letters of a day only the
// 1st, 2nd, 4th, 8th... are told (storage.Tx.OversizedThatDay counts
// them, letter.Told), every one kept. A letter whose header did not come
// (the server sent none, or one, and the fields that name it, over the
// limit too) is kept all the same,
// with no bytes, named by its place in the mailbox (withoutHeader), for
// the reason of a letter too large (letter.ReasonTooLarge: none of it
// kept).
func (r *Referee) Oversized(ctx context.Context, l Letter, size int64) error {
	limit := r.maxSize()
	// Its header is kept; one without says so not (a letter too large).
	reason := letter.Because(letter.ReasonOversized, size, limit)
	if len(l.Raw) == 0 {
		l, reason = withoutHeader(l), letter.Because(letter.ReasonTooLarge, size, limit)
	}
	inc, subject := r.incoming(l), ""
	if l.Mail != nil {
		subject = l.Mail.Subject
	}
	err := r.DB.Update(ctx, func(tx *storage.Tx) error {
		s, err := tx.Read(ctx, storage.Arrival{Received: storage.Received{Incoming: inc, Subject: subject}})
		if err != nil {
			s, err = tx.StoredBefore(ctx, s, err) // a letter stored before is not failed by it
		}
		if err != nil {
			return err
		}
		o := adjudication.Oversize{Size: size, Limit: limit, Reason: reason, Automatic: l.Mail != nil && l.Mail.Automatic != ""}
		if o.Nth, err = tx.OversizedThatDay(ctx, s); err != nil {
			return err
		}
		o.Nth++ // this one (one stored before changes nothing: Write)
		if adjudication.TellsServed(s.Case, s.Letter, o.Nth) {
			// Nothing names it: every tournament's secretary is told.
			ts, err := tx.Tournaments(ctx)
			if err != nil {
				return err
			}
			for _, t := range ts {
				o.Served = append(o.Served, adjudication.Served{State: t.State, Day: t.Day(inc.Postmark)})
			}
		}
		_, err = tx.Write(ctx, s, adjudication.Oversized(s.Case, s.Letter, o))
		return err
	})
	if err != nil {
		return fmt.Errorf("referee: oversized letter %s from %s: %w", inc.Named().MessageID, inc.From, err)
	}
	return nil
}

// withoutHeader is oversized letter l, of which no header came, as it is
// kept: no bytes (not none: the store keeps a letter's bytes), named by
// its mailbox, UIDVALIDITY and UID unless it has a name, so that two such
// letters are not taken for one (a letter without a Message-ID is
// otherwise named by its bytes).
func withoutHeader(l Letter) Letter {
	l.Raw = []byte{}
	if l.Name == "" {
		box := sha256.Sum256([]byte(l.Mailbox))
		l.Name = fmt.Sprintf("<oversized-%d-%d-%s@zaochnik.invalid>", l.UIDValidity, l.UID, hex.EncodeToString(box[:6]))
	}
	return l
}

// MaxSize is the largest letter read, in bytes.
func (r *Referee) MaxSize() int64 { return r.maxSize() }

// maxSize is MaxLetterSize or its default.
func (r *Referee) maxSize() int64 {
	if r.MaxLetterSize > 0 {
		return r.MaxLetterSize
	}
	return DefaultMaxLetterSize
}

func (r *Referee) logger() *slog.Logger {
	if r.Log != nil {
		return r.Log
	}
	return slog.Default()
}

// authOf names a method for reports.
func authOf(a corr.Auth) string {
	if !a.Authenticated() {
		return corr.AuthNone
	}
	return a.Method
}
