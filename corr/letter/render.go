package letter

import (
	"fmt"
	"strconv"
	"strings"

	"zaochnik/timecontrol"
)

// Message is a rendered letter: its subject and plain-text body.
type Message struct {
	Subject string // with the game code first, so replies find their game
	Body    string // plain text, lines ending in "\n"
}

// Envelope is what every letter the server sends carries: the language, the
// game (for the subject's game code), the addressee for the greeting and the
// server's return address for the signature (6.2.3).
type Envelope struct {
	// Lang is the addressee's language; empty means Russian.
	Lang Lang
	// Cipher is the tournament cipher.
	Cipher string
	// White and Black are the game's start numbers; 0 for a letter about
	// no single game (a start list, a break notice to the secretary).
	White, Black int
	// To is the addressee's name ("Петров Пётр"); empty greets without a name.
	To string
	// ReturnAddress is the tournament mailbox replies go to.
	ReturnAddress string
}

// writer builds a letter in one language.
type writer struct {
	lang Lang
	b    strings.Builder
}

// renderedBytes is about the size of a letter the server writes (a
// forward in Russian is 700 bytes): its text grows in place, not through
// seven copies.
const renderedBytes = 1024

// newWriter begins a letter to e's addressee. It is small enough to be
// inlined, the greeting written by start, so that the writer stays on its
// caller's stack.
func newWriter(e Envelope) *writer {
	w := &writer{}
	w.start(e)
	return w
}

// start begins a letter to e's addressee in w: the greeting.
func (w *writer) start(e Envelope) {
	w.lang = e.Lang.orDefault()
	w.b.Grow(renderedBytes)
	switch {
	case e.To == "":
		w.line(w.t("Здравствуйте!", "Hello,"))
	case w.lang == English:
		w.put("Dear ", e.To, ",\n")
	default:
		w.put("Здравствуйте, ", e.To, "!\n")
	}
	w.line("")
}

// put writes the strings in turn: a line in pieces, built in place.
func (w *writer) put(parts ...string) {
	for _, s := range parts {
		w.b.WriteString(s)
	}
}

// t picks the text in the writer's language.
func (w *writer) t(ru, en string) string {
	if w.lang == English {
		return en
	}
	return ru
}

// f formats ru or en with the same arguments.
func (w *writer) f(ru, en string, args ...any) string {
	return fmt.Sprintf(w.t(ru, en), args...)
}

func (w *writer) line(s string) {
	w.b.WriteString(s)
	w.b.WriteByte('\n')
}

// cipherLine writes "Шифр: ЧР-2026-ЗФ, партия 1-2".
func (w *writer) cipherLine(e Envelope) {
	if e.Cipher == "" {
		return
	}
	w.put(w.t("Шифр: ", "Cipher: "), e.Cipher)
	if e.White > 0 {
		w.put(w.t(", партия ", ", game "), strconv.Itoa(e.White), "-", strconv.Itoa(e.Black))
	}
	w.b.WriteByte('\n')
}

// Signature is the server's sign-off under every letter it writes, in
// language l. corr and adjudication close their own letters with it, and
// the judge's desk finds where a letter ends by it.
func Signature(l Lang, cipher string) string {
	return signatureLead(l) + cipher
}

// signatureLead is the signature before the cipher: the one text both
// Signature and close write, so the desk always finds what was sent.
func signatureLead(l Lang) string {
	if l == English {
		return "Kind regards,\nthe tournament server of "
	}
	return "С уважением,\nсервер турнира "
}

// close writes the server's signature and returns the message.
func (w *writer) close(e Envelope, subject string) Message {
	w.line("")
	w.put(signatureLead(w.lang), e.Cipher, "\n") // Signature(w.lang, e.Cipher), written in place
	if e.ReturnAddress != "" {
		w.put(w.t("Адрес для ответа: ", "Reply to: "), e.ReturnAddress, "\n")
	}
	return Message{Subject: subjectOf(e, subject), Body: w.b.String()}
}

// subjectOf puts the game code before a subject, so replies find their game.
func subjectOf(e Envelope, s string) string {
	if e.Cipher != "" && e.White > 0 {
		var b strings.Builder
		b.Grow(len(e.Cipher) + len(s) + 16)
		writeGameCode(&b, e.Cipher, e.White, e.Black)
		b.WriteByte(' ')
		b.WriteString(s)
		return b.String()
	}
	if e.Cipher != "" {
		return "[" + e.Cipher + "] " + s
	}
	return s
}

// date writes a date as the rules do, DD.MM.YYYY, or a dash when unknown.
func date(d timecontrol.Date) string {
	if d.IsZero() {
		return "—"
	}
	return d.Russian()
}

// russian writes d.Russian() (DD.MM.YYYY; nothing for the zero date)
// without allocating (Date.AppendRussian into a buffer on the stack).
func (w *writer) russian(d timecontrol.Date) {
	var a [10]byte
	w.b.Write(d.AppendRussian(a[:0]))
}

// movesWithForced writes moves, each forced one followed by "(вынужденно)"
// (6.2.4): a mark after the move it is about, as players write it.
func (w *writer) movesWithForced(ms []Move) string {
	var b strings.Builder
	writeMoves(&b, ms, w.t(" (вынужденно)", " (forced)"))
	return b.String()
}

// moves writes movesWithForced(ms) into the letter.
func (w *writer) moves(ms []Move) {
	writeMoves(&w.b, ms, w.t(" (вынужденно)", " (forced)"))
}

// writeMoves writes moves one space apart, a forced one followed by
// forced, Black's move after White's of the same number without its
// number.
func writeMoves(b *strings.Builder, ms []Move, forced string) {
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(' ')
		}
		var a [48]byte // a move's number and text, on the stack
		if i > 0 && m.Black && !ms[i-1].Black && ms[i-1].Number == m.Number && m.Number != 0 {
			b.Write(m.Text.Append(a[:0]))
		} else {
			b.Write(m.append(a[:0]))
		}
		if m.Forced {
			b.WriteString(forced)
		}
	}
}
