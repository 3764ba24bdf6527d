package referee

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"zaochnik/corr/letter"

	"zaochnik/corr"
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
	// Auth says which Authentication-Results to believe.
	Auth mailbox.AuthPolicy
	// Own lists the server's own addresses: a letter from one is one of
	// ours come back, never answered.
	Own []string
	// MaxLetterSize is the largest letter read (bytes); 0 is
	// DefaultMaxLetterSize.
	MaxLetterSize int64
	// Log receives a line per letter not applied; nil is slog's default.
	Log *slog.Logger
	// Location is the server's zone, where the held letters' day (Daily)
	// turns; nil is UTC.
	Location *time.Location
}

// Letter is a letter as fetched: from an IMAP mailbox (Mailbox, UIDs) or
// from a folder (replay).
type Letter struct {
	Mailbox          string
	UIDValidity, UID uint32
	Raw              []byte
	// Name stands in for a missing Message-ID (a replayed file's name).
	Name string
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

// Receive reads, authenticates and decides one letter: an unreadable or
// oversized letter is kept refused, an automatic one ignored (RFC 3834), a
// confirmation applies or drops its held letter, and any other letter goes
// to ReceiveDecoded with how its sender was authenticated (it holds
// what nothing vouches for). It is idempotent like the store.
func (r *Referee) Receive(ctx context.Context, l Letter) (Outcome, error) {
	if n := int64(len(l.Raw)); n > r.maxSize() {
		return r.keep(ctx, l, nil, storage.Refused, letter.Because(letter.ReasonTooLarge, n, r.maxSize()))
	}
	in, err := mailbox.Decode(l.Raw)
	if err != nil {
		return r.keep(ctx, l, nil, storage.Refused, letter.Because(letter.ReasonUnreadable, err))
	}
	if in.MessageID == "" && l.Name != "" {
		in.MessageID = l.Name
	}
	if auto, why := in.IsAutomatic(r.Own...); auto {
		return r.keep(ctx, l, in, storage.Ignored, letter.Because(letter.ReasonAutomatic, why))
	}
	inc := storage.Incoming{MessageID: in.MessageID, Mailbox: l.Mailbox, UIDValidity: l.UIDValidity, UID: l.UID,
		Raw: l.Raw, Postmark: in.Postmark, From: in.From.Addr}
	if inc.Postmark.IsZero() {
		inc.Postmark = r.DB.Now()
	}
	auth, held, err := r.authenticate(ctx, in)
	if err != nil {
		return Outcome{}, err
	}
	if held != 0 {
		res, err := r.confirm(ctx, inc, held, corr.Declines(in.Text))
		return Outcome{Result: res, Auth: corr.AuthKey, Confirmation: true}, err
	}
	res, err := r.ReceiveDecoded(ctx, storage.Received{Incoming: inc, Subject: in.Subject, Text: in.Text,
		InReplyTo: append(append([]string(nil), in.InReplyTo...), in.References...), Auth: auth})
	if err == nil && res.Fresh && res.Disposition == storage.Held {
		// The one log line of a held letter (the store logs none).
		r.logger().Info("referee: letter held until its sender confirms it", "letter", res.LetterID, "from", inc.From,
			"message_id", inc.MessageID, "auth", auth.Detail, "why", res.Outcome.Reason)
	}
	return Outcome{Result: res, Auth: authOf(auth)}, err
}

// GroupTime bounds how long one group transaction of ReceiveAll takes in
// (it holds the store's write lock meanwhile): past it, the group is
// committed and the next letters go into a new one.
const GroupTime = 50 * time.Millisecond

// ReceiveAll receives letters, in order, in transactions of the store
// shared by several letters (group commit), each letter under a savepoint
// of its own as Receive receives one; a group is committed after
// GroupTime. It returns the outcomes of the letters stored, in order: all
// of them, or, with an error, those before the first letter that failed;
// that letter was undone to its savepoint and it and the letters after it
// are not stored, to be offered again.
func (r *Referee) ReceiveAll(ctx context.Context, ls []Letter) ([]Outcome, error) {
	outs := make([]Outcome, 0, len(ls))
	for len(outs) < len(ls) {
		n, err := r.receiveGroup(ctx, ls[len(outs):], &outs)
		if err != nil || n == 0 {
			return outs, err
		}
	}
	return outs, nil
}

// receiveGroup receives the first of ls in one group transaction, for
// GroupTime at most, appending their outcomes to outs once it committed.
// It returns how many it stored.
func (r *Referee) receiveGroup(ctx context.Context, ls []Letter, outs *[]Outcome) (int, error) {
	g, err := r.DB.Group(ctx)
	if err != nil {
		return 0, err
	}
	defer g.Rollback()
	began := time.Now() // the lock's time, not the game's
	var done []Outcome
	var lerr error
	for _, l := range ls {
		if len(done) > 0 && time.Since(began) > GroupTime {
			break
		}
		var o Outcome
		lerr = g.Each(ctx, func(ctx context.Context) error {
			var err error
			o, err = r.Receive(ctx, l)
			return err
		})
		if lerr != nil {
			break
		}
		done = append(done, o)
	}
	if err := g.Commit(); err != nil {
		return 0, errors.Join(lerr, err)
	}
	*outs = append(*outs, done...)
	return len(done), lerr
}

// authenticate finds what vouches for the sender of in: a reply key of
// his (the first valid one), else the trusted Authentication-Results. A
// valid confirmation key returns the held letter it confirms instead.
func (r *Referee) authenticate(ctx context.Context, in *mailbox.Incoming) (corr.Auth, int64, error) {
	for _, token := range r.Keys.Find(in) {
		k, ok := r.Keys.Verify(token, in.From.Addr)
		if !ok {
			continue
		}
		if k.Confirm {
			h, err := r.DB.HeldLetter(ctx, k.A)
			if err == nil && strings.EqualFold(h.Person, in.From.Addr) {
				return corr.Auth{}, k.A, nil
			}
			continue
		}
		cipher, game, err := r.DB.KeyScope(ctx, k.A, k.B)
		if err != nil {
			continue // a tournament or game since removed
		}
		return corr.Auth{Method: corr.AuthKey, Cipher: cipher, Game: game, Detail: "reply key for " + cipher + " " + game}, 0, nil
	}
	a := mailbox.Authenticate(in, r.Auth)
	if a.Method == mailbox.AuthNone {
		return corr.Auth{Method: corr.AuthNone, Detail: a.Detail}, 0, nil
	}
	return corr.Auth{Method: a.Method, Detail: a.Detail}, 0, nil
}

// keep stores a letter the referee must not read with its disposition,
// in one transaction: a letter is never left stored and undecided.
func (r *Referee) keep(ctx context.Context, l Letter, in *mailbox.Incoming, d storage.Disposition, reason letter.Reason) (Outcome, error) {
	inc := storage.Incoming{MessageID: l.Name, Mailbox: l.Mailbox, UIDValidity: l.UIDValidity, UID: l.UID, Raw: l.Raw, Postmark: r.DB.Now()}
	if in != nil {
		inc.From = in.From.Addr
		if in.MessageID != "" {
			inc.MessageID = in.MessageID
		}
		if !in.Postmark.IsZero() {
			inc.Postmark = in.Postmark
		}
	}
	var out Outcome
	var decided bool
	err := r.DB.Update(ctx, func(tx *storage.Tx) error {
		id, was, fresh, err := tx.StoreLetter(ctx, inc, "")
		if err != nil {
			return err
		}
		// A letter stored before is left as it is, unless an earlier
		// version stored it and failed to decide it (Pending).
		if !fresh && was != storage.Pending {
			out, decided = Outcome{Result: storage.Result{LetterID: id, Disposition: was}}, false
			return nil
		}
		out, decided = Outcome{Result: storage.Result{LetterID: id, Fresh: fresh, Disposition: d}}, true
		return tx.SetDisposition(ctx, id, d, reason)
	})
	if err != nil {
		return Outcome{}, fmt.Errorf("referee: keep letter %s from %s: %w", inc.Named().MessageID, inc.From, err)
	}
	if decided {
		r.logger().Info("referee: letter kept, not applied", "from", inc.From, "message_id", inc.MessageID, "reason", reason)
	}
	return out, nil
}

// Oversized keeps a letter larger than the limit, of which only the header
// was fetched, refused unread (mailbox.OversizeInbox), in one transaction:
// filed under the tournament it is of (corr.PickTournament, by its sender
// and its subject), whose secretary is told, and its sender too if he is a
// person of it (corr.State.Oversized); a letter of no tournament is kept
// unanswered.
func (r *Referee) Oversized(ctx context.Context, mbox string, uidValidity, uid uint32, size int64, header []byte) error {
	inc := storage.Incoming{Mailbox: mbox, UIDValidity: uidValidity, UID: uid, Raw: header, Postmark: r.DB.Now()}
	subject := ""
	if in, err := mailbox.Decode(header); err == nil {
		inc.MessageID, inc.From, subject = in.MessageID, in.From.Addr, in.Subject
		if !in.Postmark.IsZero() {
			inc.Postmark = in.Postmark
		}
	}
	limit := r.maxSize()
	reason := letter.Because(letter.ReasonOversized, size, limit)
	err := r.DB.Update(ctx, func(tx *storage.Tx) error {
		id, _, fresh, err := tx.StoreLetter(ctx, inc, "")
		if err != nil || !fresh {
			return err
		}
		mine, all, err := tx.Ciphers(ctx, inc.From)
		if err != nil {
			return err
		}
		cipher := corr.PickTournament(mine, all, subject, "")
		if cipher == "" {
			return tx.SetDisposition(ctx, id, storage.Refused, reason)
		}
		t, err := tx.Load(ctx, cipher)
		if err != nil {
			return err
		}
		day := t.Day(inc.Postmark)
		return tx.File(ctx, id, t, storage.Refused, day, corr.Outcome{Reason: reason,
			Events: []corr.Event{{Kind: "oversized", Detail: reason.String() + " (" + inc.From + ")"}},
			Out:    t.State.Oversized(inc.From, subject, size, limit, day)})
	})
	if err != nil {
		return fmt.Errorf("referee: oversized letter %s from %s: %w", inc.Named().MessageID, inc.From, err)
	}
	return nil
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
