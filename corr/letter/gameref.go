package letter

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// subjectRef reads the game named in a subject: a game code, or a known
// cipher with start numbers.
func (p *parser) subjectRef(s string) GameRef {
	if s == "" {
		return GameRef{}
	}
	saved := p.l.Game
	p.l.Game = GameRef{}
	p.gameRef(s)
	ref := p.l.Game
	p.l.Game = saved
	return ref
}

// gameRef finds the game named in a line: the game code, a known cipher, a
// cipher after "шифр"/"cipher", or a word shaped like a cipher
// ("ЧР-2026-ЗФ"), with the start numbers ("1-2") and surnames after it, or
// start numbers after "партия"/"game"/"№". It returns the line without the
// parts it read, and whether it read any.
func (p *parser) gameRef(t string) (string, bool) {
	found := false
	if ref, s, e, ok := findGameCode(t); ok {
		if p.l.Game.Cipher == "" || p.l.Game.White == 0 {
			p.l.Game = ref
		}
		t = t[:s] + " " + t[e:]
		found = true
	}
	lower := strings.ToLower(t)
	for _, c := range p.opts.Ciphers {
		if c == "" {
			continue
		}
		if i := strings.Index(lower, strings.ToLower(c)); i >= 0 && len(lower) == len(t) {
			if p.l.Game.Cipher == "" {
				p.l.Game.Cipher = c
			}
			t = t[:i] + " " + t[i+len(c):]
			return p.afterCipher(t, true)
		}
	}
	fields := strings.Fields(t)
	for i, f := range fields {
		if foldIs(strings.Trim(f, ":.,;"), "шифр", "cipher", "турнир", "tournament") && i+1 < len(fields) {
			k := i + 1
			if foldIs(strings.Trim(fields[k], ":.,;"), "турнира", "tournament") {
				k++
			}
			if k < len(fields) {
				if p.l.Game.Cipher == "" {
					p.l.Game.Cipher = strings.Trim(fields[k], ":.,;«»\"")
				}
				rest := strings.Join(append(append(fields[:i:i], sentenceMark(fields[k])...), fields[k+1:]...), " ")
				return p.afterCipher(rest, true)
			}
		}
		if c := strings.Trim(f, ":.,;«»\"()"); looksLikeCipher(c) {
			if p.l.Game.Cipher == "" {
				p.l.Game.Cipher = c
			}
			rest := strings.Join(append(append(fields[:i:i], sentenceMark(f)...), fields[i+1:]...), " ")
			return p.afterCipher(rest, true)
		}
	}
	if names := pairOfNames(t); names != nil && len(p.l.Game.Names) == 0 {
		p.l.Game.Names = names
		return "", true
	}
	rest, numbers := p.afterCipher(t, false)
	return rest, found || numbers
}

// pairOfNames reads a line that is the two players alone: "Иванов –
// Петров", "Иванов (б) - Петров (ч)".
func pairOfNames(t string) []string {
	var names []string
	dash := false
	for _, f := range strings.Fields(t) {
		switch w := fold(strings.Trim(f, "(),.")); {
		case w == "-" || w == "–" || w == "—":
			dash = true
		case w == "б" || w == "ч" || w == "белые" || w == "черные" || w == "w" || w == "b" || w == "white" || w == "black":
		case isSurname(strings.Trim(f, ",.")) && !isKeyword(w):
			names = append(names, strings.Trim(f, ",."))
		default:
			return nil
		}
	}
	if len(names) != 2 || !dash {
		return nil
	}
	return names
}

// afterCipher reads start numbers and surnames on a line that named the
// cipher (cipherLine), or start numbers after "партия"/"game"/"№" on any line.
// It returns the rest of the line and whether it was about the game.
func (p *parser) afterCipher(t string, cipherLine bool) (string, bool) {
	fields := strings.Fields(t)
	keep := fields[:0:0]
	found := cipherLine
	for i, f := range fields {
		if i > 0 && len(sentenceMark(fields[i-1])) > 0 {
			// A new sentence ("Турнир ЗЧ-2026. Беру перерыв ...") is
			// no longer the cipher's line: its words are no surnames.
			cipherLine = false
		}
		c := strings.Trim(f, ":.,;()«»\"")
		numbered := strings.TrimLeft(c, "№#")
		if wn, bn, ok := startNumbers(numbered); ok && (cipherLine || numbered != c ||
			i > 0 && foldIs(strings.Trim(fields[i-1], ":.,;"), "партия", "партии", "игра", "game", "№", "#", "номера")) {
			if p.l.Game.White == 0 {
				p.l.Game.White, p.l.Game.Black = wn, bn
			}
			found = true
			continue
		}
		if cipherLine && isSurname(c) && !isKeyword(fold(c)) {
			p.l.Game.Names = append(p.l.Game.Names, c)
			continue
		}
		keep = append(keep, f)
	}
	return strings.Join(keep, " "), found
}

// sentenceMark returns ["."] for a field that ends a sentence, so that a
// line cut around the cipher keeps where its sentence ended; else nil.
func sentenceMark(f string) []string {
	if strings.HasSuffix(strings.TrimRight(f, "»\")"), ".") {
		return []string{"."}
	}
	return nil
}

// looksLikeCipher reports a word shaped like a tournament cipher: parts
// joined by '-', one of them capital letters, one with digits
// ("ЧР-2026-ЗФ", "КМ-25").
func looksLikeCipher(s string) bool {
	if !strings.Contains(s, "-") || len(s) > 60 {
		return false
	}
	letters, digits := false, false
	for rest, more := s, true; more; {
		var p string
		p, rest, more = strings.Cut(rest, "-")
		if p == "" {
			return false
		}
		allUpper, allDigit := true, true
		for _, r := range p {
			allUpper = allUpper && unicode.IsUpper(r)
			allDigit = allDigit && unicode.IsDigit(r)
		}
		letters = letters || allUpper && utf8.RuneCountInString(p) >= 2
		digits = digits || allDigit
	}
	return letters && digits
}

// isSurname reports a capitalised word of letters ("Петров", "Smith").
func isSurname(s string) bool {
	rs := []rune(s)
	if len(rs) < 3 || !unicode.IsUpper(rs[0]) {
		return false
	}
	for _, r := range rs {
		if !unicode.IsLetter(r) && r != '-' && r != '\'' {
			return false
		}
	}
	return true
}

// isKeyword reports words that name parts of a letter, never a surname.
func isKeyword(w string) bool {
	return hasAnyStem(w, "шифр", "турнир", "партия", "игра", "ход", "дата", "время", "вариант", "cipher", "tournament",
		"game", "move", "date", "time", "variant", "белые", "черные", "white", "black")
}
