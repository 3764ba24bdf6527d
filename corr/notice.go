package corr

import (
	"strconv"
	"strings"

	"zaochnik/corr/letter"
)

// corr decides which letters go out and fills their facts; corr/letter
// writes every one of them (letter.Rejection, letter.GameOver, ...), in the
// addressee's language, with the one signature and game code.

// lang returns the language of player n's letters.
func (s State) lang(n int) letter.Lang {
	p, _ := s.Tournament.Player(n)
	return letter.LangOf(p.Language)
}

// person returns player n as an addressee (0: the secretary).
func (s State) person(n int) Person {
	if n == 0 {
		return s.Tournament.Secretary
	}
	p, _ := s.Tournament.Player(n)
	return Person{Name: p.Name, Email: p.Email, Language: p.Language}
}

// moveList writes plies as "12.c3-d4 f6-g5" from ply index from.
func moveList(g *Game, from int) string {
	var b strings.Builder
	size := 0
	for i := from; i < len(g.Plies); i++ {
		size += len(g.Plies[i].Text) + 8 // the number, its dots and a space
	}
	b.Grow(size) // one string, written in place
	for i := from; i < len(g.Plies); i++ {
		n := i/2 + 1
		switch {
		case i%2 == 0:
			b.WriteString(strconv.Itoa(n))
			b.WriteByte('.')
			b.WriteString(g.Plies[i].Text)
		case i == from:
			b.WriteString(strconv.Itoa(n))
			b.WriteString("...")
			b.WriteString(g.Plies[i].Text)
		default:
			b.WriteString(g.Plies[i].Text)
		}
		if i < len(g.Plies)-1 {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// envelope is what corr/letter's renderers need to address player n (0:
// the secretary) about game g (nil: about no single game).
func (s State) envelope(n int, g *Game) letter.Envelope {
	return s.officialEnvelope(s.person(n), g)
}

// officialEnvelope addresses p about game g (nil: about no single game),
// in the language p asked for.
func (s State) officialEnvelope(p Person, g *Game) letter.Envelope {
	e := letter.Envelope{Lang: letter.LangOf(p.Language), Cipher: s.Tournament.Cipher, To: p.Name}
	if g != nil {
		e.White, e.Black = g.White, g.Black
	}
	return e
}

// rendered is a letter rendered by corr/letter, to player n (0: the secretary).
func (s State) rendered(n int, g *Game, kind string, m letter.Message) Outgoing {
	return s.official(s.person(n), g, kind, m)
}

// official is a letter rendered by corr/letter to p: the secretary, the
// judge or a player.
func (s State) official(p Person, g *Game, kind string, m letter.Message) Outgoing {
	o := Outgoing{To: p.Email, Kind: kind, Subject: m.Subject, Body: m.Body}
	if g != nil {
		o.Game = g.Code
	}
	return o
}

// answer is a letter rendered by corr/letter to the sender of the letter
// being applied, as an answer to it.
func (a *applier) answer(kind string, m letter.Message) {
	o := a.s.rendered(a.from.Number, a.g, kind, m)
	o.InReplyTo = a.obs.MessageID
	a.out.Out = append(a.out.Out, o)
}
