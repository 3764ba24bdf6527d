package referee

import (
	"cmp"
	"context"
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
// from a folder (replay), and decoded at the edge (mailbox.Decode) unless
// it is over the size limit.
type Letter struct {
	Mailbox          string
	UIDValidity, UID uint32
	Raw              []byte
	// Name stands in for a missing Message-ID (a replayed file's name).
	Name string
	// Mail is Raw decoded, nil when it was not read: over the size limit,
	// or unreadable (Unreadable says why).
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

// errNotDecoded stands for the decoding a caller of Receive left out.
var errNotDecoded = errors.New("not decoded")

// Receive decides one letter, decoded at the edge: an unreadable or
// oversized letter is kept refused, an automatic one ignored (RFC 3834);
// any other letter goes, with what vouches for its sender (his reply keys,
// the trusted Authentication-Results), through one transaction of the
// store (see receive): a confirmation applies or drops its held letter, a
// letter nothing vouches for is held. It is idempotent like the store.
func (r *Referee) Receive(ctx context.Context, l Letter) (Outcome, error) {
	if n := int64(len(l.Raw)); n > r.maxSize() {
		return r.keep(ctx, l, nil, storage.Refused, letter.Because(letter.ReasonTooLarge, n, r.maxSize()))
	}
	if l.Mail == nil {
		return r.keep(ctx, l, nil, storage.Refused, letter.Because(letter.ReasonUnreadable, cmp.Or(l.Unreadable, errNotDecoded)))
	}
	in := l.Mail
	if auto, why := in.IsAutomatic(r.Own...); auto {
		return r.keep(ctx, l, in, storage.Ignored, letter.Because(letter.ReasonAutomatic, why))
	}
	a := r.arrival(l, in)
	res, s, err := r.receive(ctx, a)
	if s.Answer {
		return Outcome{Result: res, Auth: corr.AuthKey, Confirmation: true}, err
	}
	if err == nil && res.Fresh && res.Disposition == storage.Held {
		// The one log line of a held letter (the store logs none).
		r.logger().Info("referee: letter held until its sender confirms it", "letter", res.LetterID, "from", a.From,
			"message_id", a.MessageID, "auth", s.Letter.Auth.Detail, "why", res.Outcome.Reason)
	}
	return Outcome{Result: res, Auth: authOf(s.Letter.Auth)}, err
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

// arrival is letter l, decoded as in, as the store is asked about it
// (storage.Tx.Read): with what vouches for its sender, and stamped with the
// store's clock when it bears no postmark.
func (r *Referee) arrival(l Letter, in *mailbox.Incoming) storage.Arrival {
	inc := storage.Incoming{MessageID: cmp.Or(in.MessageID, l.Name), Mailbox: l.Mailbox, UIDValidity: l.UIDValidity, UID: l.UID,
		Raw: l.Raw, Postmark: in.Postmark, From: in.From.Addr}
	if inc.Postmark.IsZero() {
		inc.Postmark = r.DB.Now()
	}
	rec := storage.Received{Incoming: inc, Subject: in.Subject, Text: in.Text,
		InReplyTo: append(append([]string(nil), in.InReplyTo...), in.References...), Auth: r.vouched(in)}
	return storage.Arrival{Received: rec, Keys: r.keys(in)}
}

// keys returns the scopes of the reply keys of in made for its sender
// (Keys.Find, Keys.Verify), in order; the store finds the first that
// still names something.
func (r *Referee) keys(in *mailbox.Incoming) []storage.Key {
	var ks []storage.Key
	for _, token := range r.Keys.Find(in) {
		if k, ok := r.Keys.Verify(token, in.From.Addr); ok {
			ks = append(ks, storage.Key{Confirm: k.Confirm, A: k.A, B: k.B})
		}
	}
	return ks
}

// vouched is what the trusted Authentication-Results of in say of its
// sender, which stands when no reply key of his does.
func (r *Referee) vouched(in *mailbox.Incoming) corr.Auth {
	a := mailbox.Authenticate(in, r.Auth)
	if a.Method == mailbox.AuthNone {
		return corr.Auth{Method: corr.AuthNone, Detail: a.Detail}
	}
	return corr.Auth{Method: a.Method, Detail: a.Detail}
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
	var res storage.Result
	var decided bool
	err := r.DB.Update(ctx, func(tx *storage.Tx) error {
		var err error
		res, decided, err = tx.Keep(ctx, inc, d, reason)
		return err
	})
	if err != nil {
		return Outcome{}, fmt.Errorf("referee: keep letter %s from %s: %w", inc.Named().MessageID, inc.From, err)
	}
	if decided {
		r.logger().Info("referee: letter kept, not applied", "from", inc.From, "message_id", inc.MessageID, "reason", reason)
	}
	return Outcome{Result: res}, nil
}

// Oversized keeps a letter of size bytes, larger than the limit, of which
// only the header was fetched (l.Raw, decoded at the edge as l.Mail),
// refused unread (mailbox.OversizeInbox), in one transaction of the
// three steps of any letter (storage.Tx.Read, adjudication.Oversized,
// storage.Tx.Write): filed under the tournament it is of
// (corr.PickTournament, by its sender and its subject), whose secretary is
// told, and its sender too if he is a person of it; a letter of no
// tournament is kept unanswered.
func (r *Referee) Oversized(ctx context.Context, l Letter, size int64) error {
	inc := storage.Incoming{Mailbox: l.Mailbox, UIDValidity: l.UIDValidity, UID: l.UID, Raw: l.Raw, Postmark: r.DB.Now()}
	subject := ""
	if in := l.Mail; in != nil {
		inc.MessageID, inc.From, subject = in.MessageID, in.From.Addr, in.Subject
		if !in.Postmark.IsZero() {
			inc.Postmark = in.Postmark
		}
	}
	limit := r.maxSize()
	reason := letter.Because(letter.ReasonOversized, size, limit)
	err := r.DB.Update(ctx, func(tx *storage.Tx) error {
		s, err := tx.Read(ctx, storage.Arrival{Received: storage.Received{Incoming: inc, Subject: subject}})
		if err != nil {
			return err
		}
		_, err = tx.Write(ctx, s, adjudication.Oversized(s.Case, s.Letter, size, limit, reason))
		return err
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
