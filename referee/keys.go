package referee

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"encoding/binary"
	"strings"

	"zaochnik/mailbox"
	"zaochnik/storage"
)

// How a reply key travels, [imap] reply_keys.
const (
	// KeysPlus puts the key in the Reply-To address: turnir+KEY@domain
	// (the mail host must deliver plus addresses to the mailbox).
	KeysPlus = "plus"
	// KeysSubject puts the key in the subject, "(z-KEY)", for mail hosts
	// without plus addressing; replies keep the subject.
	KeysSubject = "subject"
)

// macBytes is the length of a key's MAC: 96 bits, beyond guessing.
const macBytes = 12

// The kinds of key.
const (
	kindPerson  = 'p' // a person's key for a tournament and a game (0: none)
	kindConfirm = 'c' // the key of the confirmation request about one held letter
)

var keyEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// Keys makes and checks reply keys. A key names its scope in clear (the
// tournament and game ids, or the held letter's id) followed by an
// HMAC-SHA256 of that scope and the addressee's address under the server's
// secret: only the addressee received it, it proves nothing for any other
// sender, and it cannot be moved to another scope.
type Keys struct {
	Secret  []byte // the server's secret (storage.DB.Secret("reply-keys"))
	Mode    string // KeysPlus (default) or KeysSubject
	Address string // the tournament mailbox the keys are added to: "turnir@example.org"
}

// Key is a verified key's scope.
type Key struct {
	Confirm bool  // the key of a confirmation request
	A, B    int64 // tournament and game ids (person key), or the held letter id and 0
}

// make returns the key of kind for person and the scope a, b.
func (k Keys) make(kind byte, person string, a, b int64) string {
	scope := binary.AppendUvarint(binary.AppendUvarint([]byte{kind}, uint64(a)), uint64(b))
	return strings.ToLower(keyEncoding.EncodeToString(append(scope, k.mac(scope, person)...)))
}

func (k Keys) mac(scope []byte, person string) []byte {
	m := hmac.New(sha256.New, k.Secret)
	m.Write(scope)
	m.Write([]byte{0})
	m.Write([]byte(strings.ToLower(strings.TrimSpace(person))))
	return m.Sum(nil)[:macBytes]
}

// Person returns person's key for tournament tid and game gid (0: none).
func (k Keys) Person(person string, tid, gid int64) string {
	return k.make(kindPerson, person, tid, gid)
}

// Confirm returns the key of the request asking person to confirm held
// letter id.
func (k Keys) Confirm(person string, id int64) string { return k.make(kindConfirm, person, id, 0) }

// Verify checks token as a key of from; ok is false for anything else (a
// guessed key, another person's, a broken one).
func (k Keys) Verify(token, from string) (Key, bool) {
	if len(k.Secret) == 0 || from == "" {
		return Key{}, false
	}
	b, err := keyEncoding.DecodeString(strings.ToUpper(token))
	if err != nil || len(b) < 1+2+macBytes {
		return Key{}, false
	}
	scope, sum := b[:len(b)-macBytes], b[len(b)-macBytes:]
	kind := scope[0]
	a, n := binary.Uvarint(scope[1:])
	if n <= 0 {
		return Key{}, false
	}
	c, m := binary.Uvarint(scope[1+n:])
	if m <= 0 || 1+n+m != len(scope) || (kind != kindPerson && kind != kindConfirm) {
		return Key{}, false
	}
	if !hmac.Equal(sum, k.mac(scope, from)) {
		return Key{}, false
	}
	return Key{Confirm: kind == kindConfirm, A: int64(a), B: int64(c)}, true
}

// Find returns the key-like tokens of a letter: the "+KEY" of every
// address of the tournament mailbox among its recipients (To, Cc and the
// envelope recipients the delivering server recorded), and every "(z-KEY)"
// of its subject. Both places are read whatever the mode, so that a change
// of mode does not strand the keys already sent.
func (k Keys) Find(in *mailbox.Incoming) []string {
	local, domain, _ := strings.Cut(strings.ToLower(k.Address), "@")
	var out []string
	add := func(addr string) {
		l, d, ok := strings.Cut(strings.ToLower(strings.TrimSpace(addr)), "@")
		if !ok || d != domain {
			return
		}
		if base, key, ok := strings.Cut(l, "+"); ok && base == local && key != "" {
			out = append(out, key)
		}
	}
	for _, a := range in.To {
		add(a.Addr)
	}
	for _, a := range in.Cc {
		add(a.Addr)
	}
	for _, a := range in.DeliveredTo {
		add(a)
	}
	for s := in.Subject; ; {
		i := strings.Index(s, "(z-")
		if i < 0 {
			break
		}
		s = s[i+3:]
		if j := strings.IndexByte(s, ')'); j > 0 {
			out = append(out, s[:j])
		}
	}
	return out
}

// Decorate gives an outgoing letter its addressee's key: in the Reply-To
// address (KeysPlus) or in the subject (KeysSubject). A confirmation
// request carries the key of its held letter instead.
func (k Keys) Decorate(o *mailbox.Outgoing, m storage.Mail) {
	if len(k.Secret) == 0 || k.Address == "" {
		return
	}
	key := k.Person(m.To, m.TournamentID, m.GameID)
	if m.Confirms != 0 {
		key = k.Confirm(m.To, m.Confirms)
	}
	if k.Mode == KeysSubject {
		o.Subject += " (z-" + key + ")"
		return
	}
	local, domain, _ := strings.Cut(k.Address, "@")
	o.ReplyTo = []mailbox.Address{{Name: o.From.Name, Addr: local + "+" + key + "@" + domain}}
}
