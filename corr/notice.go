package corr

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"zaochnik/corr/letter"
)

// The server's letters are rendered here until corr/letter offers a renderer
// for each; every one is polite, cites its clause and, when something must be
// resent, says exactly what.

// lang returns the language of player n's letters.
func (s State) lang(n int) letter.Lang {
	if p, ok := s.Tournament.Player(n); ok && p.Language == "en" {
		return letter.English
	}
	return letter.Russian
}

// tr picks the Russian or the English text.
func tr(l letter.Lang, ru, en string) string {
	if l == letter.English {
		return en
	}
	return ru
}

// subject is the subject of a letter about game g: the game code first, so
// the reader finds the game in any answer.
func (s State) subject(g *Game, l letter.Lang, ru, en string) string {
	if g == nil {
		return s.Tournament.Cipher + ": " + capitalise(tr(l, ru, en))
	}
	return letter.FormatGameCode(s.Tournament.Cipher, g.White, g.Black) + " " + capitalise(tr(l, ru, en))
}

// capitalise writes the first letter of s in capitals, as corr/letter's
// subjects are ("Ход партнёра").
func capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// greet opens a letter to player n.
func (s State) greet(n int) string {
	p, _ := s.Tournament.Player(n)
	return tr(s.lang(n), "Здравствуйте, "+p.Name+"!", "Dear "+p.Name+",") + "\n\n"
}

// sign closes every letter with the server's one signature
// (letter.Signature), which the judge's desk finds letters' ends by.
func (s State) sign(l letter.Lang) string {
	return "\n\n" + letter.Signature(l, s.Tournament.Cipher) + "\n"
}

// to returns the address of player n.
func (s State) to(n int) string {
	p, _ := s.Tournament.Player(n)
	return p.Email
}

// notice builds a letter to player n about game g.
func (s State) notice(n int, g *Game, kind, inReplyTo, subjRu, subjEn, bodyRu, bodyEn string) Outgoing {
	l := s.lang(n)
	o := Outgoing{To: s.to(n), Kind: kind, Subject: s.subject(g, l, subjRu, subjEn),
		Body: s.greet(n) + tr(l, bodyRu, bodyEn) + s.sign(l), InReplyTo: inReplyTo}
	if g != nil {
		o.Game = g.Code
	}
	return o
}

// official builds a letter to the secretary or the judge (always Russian).
func (s State) official(p Person, g *Game, kind, subj, body string) Outgoing {
	o := Outgoing{To: p.Email, Kind: kind, Subject: s.subject(g, letter.Russian, subj, subj),
		Body: "Здравствуйте, " + p.Name + "!\n\n" + body + s.sign(letter.Russian)}
	if g != nil {
		o.Game = g.Code
	}
	return o
}

// problemLines lists problems for a letter, one per line, each with its
// clause once (the reader's texts carry it already), under the heading
// corr/letter's letters use.
func problemLines(l letter.Lang, ps []Problem) string {
	if len(ps) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(tr(l, "\n\nЗамечания к письму:", "\n\nNotes on your letter:"))
	for _, p := range ps {
		b.WriteString("\n- " + p.Text)
		if p.Clause != "" && !strings.Contains(p.Text, p.Clause) {
			fmt.Fprintf(&b, " (%s %s)", tr(l, "п.", "clause"), p.Clause)
		}
	}
	return b.String()
}

// moveList writes plies as "12.c3-d4 f6-g5" from ply index from.
func moveList(g *Game, from int) string {
	var b strings.Builder
	for i := from; i < len(g.Plies); i++ {
		n := i/2 + 1
		switch {
		case i%2 == 0:
			fmt.Fprintf(&b, "%d.%s", n, g.Plies[i].Text)
		case i == from:
			fmt.Fprintf(&b, "%d...%s", n, g.Plies[i].Text)
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
	e := letter.Envelope{Lang: letter.Russian, Cipher: s.Tournament.Cipher, To: s.Tournament.Secretary.Name}
	if n != 0 {
		p, _ := s.Tournament.Player(n)
		e.Lang, e.To = s.lang(n), p.Name
	}
	if g != nil {
		e.White, e.Black = g.White, g.Black
	}
	return e
}

// rendered is a letter rendered by corr/letter, to player n (0: the secretary).
func (s State) rendered(n int, g *Game, kind string, m letter.Message) Outgoing {
	o := Outgoing{To: s.Tournament.Secretary.Email, Kind: kind, Subject: m.Subject, Body: m.Body}
	if n != 0 {
		o.To = s.to(n)
	}
	if g != nil {
		o.Game = g.Code
	}
	return o
}
