package referee

import (
	"cmp"
	"errors"

	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/mailbox"
	"zaochnik/storage"
)

// checked is a letter as its checks left it, before the store is asked
// anything: the arrival the store reads (its sender's reply keys and
// trusted Authentication-Results gathered), or, when keep is set, a letter
// kept unread with that disposition, for why.
type checked struct {
	storage.Arrival
	keep storage.Disposition
	why  letter.Reason
}

// errNotDecoded stands for the decoding a caller of Receive left out.
var errNotDecoded = errors.New("not decoded")

// check checks letter l, decoded and read at the edge (Reading.Decode),
// in one pass that calls no stage back and reads no mail: it decides from
// the values the decoding found whether the letter is read at all (a
// letter over the size limit or unreadable is kept refused, an automatic
// one, RFC 3834, ignored), then, for a letter that is read, what vouches
// for its sender (its reply keys, its trusted Authentication-Results): a
// letter kept unread has nothing, so its keys are never looked up.
func (r *Referee) check(l Letter) checked {
	size, limit := int64(len(l.Raw)), r.maxSize()
	if size > limit {
		l.Mail = nil // not read, whatever the caller decoded
	}
	if l.Mail != nil && !l.Mail.Read() {
		l.Mail = nil // built by hand, not read at the edge: unreadable (fail closed)
	}
	in := l.Mail
	c := checked{Arrival: storage.Arrival{Received: storage.Received{Incoming: r.incoming(l)}}}
	if in != nil {
		c.Subject, c.Text = in.Subject, in.Text
		c.InReplyTo = append(append([]string(nil), in.InReplyTo...), in.References...)
	}
	if in != nil && in.Automatic == "" {
		c.Keys, c.Auth = r.keys(in), vouched(in.Auth)
	}
	switch {
	case size > limit:
		c.keep, c.why = storage.Refused, letter.Because(letter.ReasonTooLarge, size, limit)
	case in == nil:
		c.keep, c.why = storage.Refused, letter.Because(letter.ReasonUnreadable, cmp.Or(l.Unreadable, errNotDecoded))
	case in.Automatic != "":
		c.keep, c.why = storage.Ignored, letter.Because(letter.ReasonAutomatic, in.Automatic)
	}
	return c
}

// incoming is letter l as the store keeps it: under its Message-ID (else
// the name it stands in for), stamped with the store's clock when it bears
// no postmark or was not read.
func (r *Referee) incoming(l Letter) storage.Incoming {
	inc := storage.Incoming{MessageID: l.Name, Mailbox: l.Mailbox, UIDValidity: l.UIDValidity, UID: l.UID, Raw: l.Raw}
	if in := l.Mail; in != nil {
		inc.MessageID, inc.Postmark, inc.From = cmp.Or(in.MessageID, l.Name), in.Postmark, in.From.Addr
	}
	if inc.Postmark.IsZero() {
		inc.Postmark = r.DB.Now()
	}
	return inc
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

// vouched is what the trusted Authentication-Results of a letter said of
// its sender when it was read (a), which stands when no reply key of his
// does. Only the methods mail can prove pass (DMARC, DKIM, SPF): any other
// name, the desk's or a reply key's among them, vouches for nothing, so a
// letter built by hand cannot borrow a trust only the house grants.
func vouched(a mailbox.Authentication) corr.Auth {
	switch a.Method {
	case mailbox.AuthDMARC, mailbox.AuthDKIM, mailbox.AuthSPF:
		return corr.Auth{Method: a.Method, Detail: a.Detail}
	}
	return corr.Auth{Method: corr.AuthNone, Detail: a.Detail}
}
