package corr

import (
	"strings"
	"zaochnik/corr/letter"
)

// Auth is how the server authenticated the sender of a letter: the From
// header alone proves nothing, so a letter changes a game only when one of
// these methods vouches for it (see Trusted).
type Auth struct {
	// Method is one of the Auth… constants; "" is AuthNone.
	Method string
	// Cipher and Game are the scope of a reply key (AuthKey): the
	// tournament and the game code it was made for, Game "" for a letter
	// about no single game (a start list). Empty for other methods.
	Cipher, Game string
	// Detail says what was found, for the store and the secretary.
	Detail string
}

// The ways a sender is authenticated.
const (
	AuthNone      = "none"      // nothing vouches for the sender: the letter is held
	AuthKey       = "key"       // the letter answers a letter of ours with the addressee's reply key
	AuthDMARC     = "dmarc"     // the receiving server: DMARC pass for the From domain
	AuthDKIM      = "dkim"      // the receiving server: a DKIM signature aligned with the From domain
	AuthSPF       = "spf"       // the receiving server: SPF pass for an aligned envelope sender
	AuthConfirmed = "confirmed" // a held letter its sender confirmed with the key of our request
	AuthDesk      = "desk"      // a paper letter the secretary entered at the desk
)

// Role is what an address is in a tournament.
type Role int

// The roles of an address.
const (
	Stranger Role = iota
	RolePlayer
	RoleJudge
	RoleSecretary
)

// RoleOf returns the role of addr in t (case-insensitive); a player who is
// also the secretary counts as a player.
func (t Tournament) RoleOf(addr string) Role {
	if _, ok := t.PlayerByEmail(addr); ok {
		return RolePlayer
	}
	switch {
	case addr == "":
		return Stranger
	case strings.EqualFold(addr, t.Judge.Email):
		return RoleJudge
	case strings.EqualFold(addr, t.Secretary.Email):
		return RoleSecretary
	}
	return Stranger
}

// Trusted reports whether a letter from from, authenticated by a, may make
// the change out describes in tournament t, and if not why. A reply key
// vouches only for its own tournament and game (or for a letter about no
// single game); SPF alone is enough for a player but not for a ruling of
// the judge or a decision of the secretary, which need a key, DMARC or
// DKIM. Anything else is refused: the caller holds the letter.
func Trusted(t Tournament, from string, a Auth, out Outcome) (bool, letter.Reason) {
	role := t.RoleOf(from)
	switch a.Method {
	case AuthDesk, AuthConfirmed, AuthDMARC, AuthDKIM:
		return true, letter.Reason{}
	case AuthSPF:
		if role == RolePlayer {
			return true, letter.Reason{}
		}
		return false, letter.Because(letter.ReasonSPFOfficial)
	case AuthKey:
		switch {
		case !strings.EqualFold(a.Cipher, t.Cipher):
			return false, letter.Because(letter.ReasonKeyTournament, a.Cipher)
		case a.Game != "" && out.Game != "" && a.Game != out.Game:
			return false, letter.Because(letter.ReasonKeyGame, a.Game, out.Game)
		}
		return true, letter.Reason{}
	}
	return false, letter.Because(letter.ReasonNotVouched, a.Detail)
}

// Authenticated reports whether a names any method at all; a letter
// without one is held before the referee reads it.
func (a Auth) Authenticated() bool { return a.Method != "" && a.Method != AuthNone }
