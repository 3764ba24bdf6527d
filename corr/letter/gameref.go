package letter

import (
	"bytes"
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
	if len(p.opts.Ciphers) > 0 && p.mayNameCipher(t) {
		if p.lowCiphers == nil {
			// The ciphers lowered into one buffer of the parser (appendLower
			// is strings.ToLower), each a part of it.
			p.lowCiphers, p.lowBytes = p.scratch.lowCiphers[:0], p.scratch.lowBytes[:0]
			for _, c := range p.opts.Ciphers {
				start := len(p.lowBytes)
				p.lowBytes = appendLower(p.lowBytes, c)
				p.lowCiphers = append(p.lowCiphers, p.lowBytes[start:len(p.lowBytes):len(p.lowBytes)])
			}
		}
		if p.lower == nil {
			p.lower = p.scratch.lower[:0]
		}
		p.lower = appendLower(p.lower[:0], t)
		for k, c := range p.opts.Ciphers {
			if c == "" {
				continue
			}
			if i := bytes.Index(p.lower, p.lowCiphers[k]); i >= 0 && len(p.lower) == len(t) {
				if p.l.Game.Cipher == "" {
					p.l.Game.Cipher = c
				}
				t = t[:i] + " " + t[i+len(c):]
				return p.afterCipher(t, p.splitFields(t), true)
			}
		}
	}
	fields := p.splitFields(t)
	for i, f := range fields {
		if foldIs(trimKeywordPunct(f), "шифр", "cipher", "турнир", "tournament") && i+1 < len(fields) {
			k := i + 1
			if foldIs(trimKeywordPunct(fields[k]), "турнира", "tournament") {
				k++
			}
			if k < len(fields) {
				if p.l.Game.Cipher == "" {
					p.l.Game.Cipher = strings.Trim(fields[k], ":.,;«»\"")
				}
				rest := strings.Join(append(append(fields[:i:i], sentenceMark(fields[k])...), fields[k+1:]...), " ")
				return p.afterCipher(rest, p.splitFields(rest), true)
			}
		}
		if c := trimCipherPunct(f); looksLikeCipher(c) {
			if p.l.Game.Cipher == "" {
				p.l.Game.Cipher = c
			}
			rest := strings.Join(append(append(fields[:i:i], sentenceMark(f)...), fields[i+1:]...), " ")
			return p.afterCipher(rest, p.splitFields(rest), true)
		}
	}
	if names := pairOfNames(fields); names != nil && len(p.l.Game.Names) == 0 {
		p.l.Game.Names = names
		return "", true
	}
	rest, numbers := p.afterCipher(t, fields, false)
	return rest, found || numbers
}

// mayNameCipher reports whether line t may hold a known cipher in any
// case, told without lowering the line: a cipher's longest run of ASCII
// bytes that are no letters ("-2026-" of "ЧР-2026-ЗФ") is in the line
// as written whenever the cipher is in it in any case, for lowering
// changes no such byte and makes none (FuzzMayNameCipher).
func (p *parser) mayNameCipher(t string) bool {
	if p.plainRuns == nil {
		p.plainRuns = p.scratch.plainRuns[:0]
		for _, c := range p.opts.Ciphers {
			p.plainRuns = append(p.plainRuns, plainRun(c))
		}
	}
	for k, c := range p.opts.Ciphers {
		if c != "" && strings.Contains(t, p.plainRuns[k]) {
			return true
		}
	}
	return false
}

// plainRun returns the longest run of ASCII bytes that are no letters in
// s, the first of them, "" when none.
func plainRun(s string) string {
	best, start := "", -1
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] < utf8.RuneSelf && !('a' <= s[i]|0x20 && s[i]|0x20 <= 'z') {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start > len(best) {
			best = s[start:i]
		}
		start = -1
	}
	return best
}

// splitFields returns strings.Fields(t) in the parser's one slice for
// them, which the next call overwrites; p.fieldsOf is t then.
func (p *parser) splitFields(t string) []string {
	p.fieldsOf = t
	p.fields = p.fields[:0]
	for f, rest, ok := nextField(t); ok; f, rest, ok = nextField(rest) {
		p.fields = append(p.fields, f)
	}
	return p.fields
}

// appendLower appends strings.ToLower(s) to b: rune by rune, the ASCII and
// the Russian letters without unicode's tables.
func appendLower(b []byte, s string) []byte {
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			b = append(b, byte(r))
			continue
		case r >= 'А' && r <= 'Я':
			r += 'а' - 'А'
		case r >= 'а' && r <= 'я':
		default:
			r = unicode.ToLower(r)
		}
		b = utf8.AppendRune(b, r)
	}
	return b
}

// pairOfNames reads a line, in fields, that is the two players alone:
// "Иванов – Петров", "Иванов (б) - Петров (ч)". A field with an ASCII
// digit is neither a dash, a colour nor a surname: a line of moves, dates
// or start numbers is told so before any field is folded
// (FuzzPairOfNames compares with pairOfNamesByFields).
func pairOfNames(fields []string) []string {
	for _, f := range fields {
		for i := 0; i < len(f); i++ {
			if '0' <= f[i] && f[i] <= '9' {
				return nil
			}
		}
	}
	return pairOfNamesByFields(fields)
}

// pairOfNamesByFields is pairOfNames field by field.
func pairOfNamesByFields(fields []string) []string {
	var names []string
	dash := false
	for _, f := range fields {
		// The words compared folded; a surname's folded only to be told
		// from a keyword.
		switch w := strings.Trim(f, "(),."); {
		case foldIs(w, "-", "–", "—"):
			dash = true
		case foldIs(w, "б", "ч", "белые", "черные", "w", "b", "white", "black"):
		case isSurname(strings.Trim(f, ",.")) && !isKeyword(fold(w)):
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
// cipher (cipherLine), or start numbers after "партия"/"game"/"№" on any line;
// fields are strings.Fields(t). It returns the rest of the line and whether
// it was about the game.
func (p *parser) afterCipher(t string, fields []string, cipherLine bool) (string, bool) {
	keep := p.keep[:0]
	found := cipherLine
	for i, f := range fields {
		if i > 0 && endsSentence(fields[i-1]) {
			// A new sentence ("Турнир ЗЧ-2026. Беру перерыв ...") is
			// no longer the cipher's line: its words are no surnames.
			cipherLine = false
		}
		c := trimCipherPunct(f)
		numbered := c
		if c != "" && (c[0] == '#' || c[0] == "№"[0]) {
			numbered = strings.TrimLeftFunc(c, func(r rune) bool { return r == '№' || r == '#' }) // strings.TrimLeft(c, "№#")
		}
		if wn, bn, ok := startNumbers(numbered); ok && (cipherLine || numbered != c ||
			i > 0 && foldIs(trimKeywordPunct(fields[i-1]), "партия", "партии", "игра", "game", "№", "#", "номера")) {
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
	p.keep = keep
	return joinFields(t, fields, keep), found
}

// joinFields is strings.Join(keep, " "), keep being some of t's fields in
// order: t itself when keep is all of them and t has them one space apart.
func joinFields(t string, fields, keep []string) string {
	if len(keep) != len(fields) || len(keep) == 0 {
		return strings.Join(keep, " ")
	}
	n := len(fields) - 1 // the spaces between
	for _, f := range fields {
		n += len(f)
	}
	if n == len(t) && !strings.ContainsAny(t, "\t\n\v\f\r") {
		// One byte between fields and around none: ASCII spaces, ' ' alone.
		return t
	}
	return strings.Join(keep, " ")
}

// sentenceMark returns ["."] for a field that ends a sentence, so that a
// line cut around the cipher keeps where its sentence ended; else nil.
func sentenceMark(f string) []string {
	if endsSentence(f) {
		return []string{"."}
	}
	return nil
}

// endsSentence reports a field that ends a sentence: with a full stop,
// perhaps inside quotes or brackets.
func endsSentence(f string) bool {
	// strings.TrimRight(f, "»\")"), byte by byte: '"', ')' and the two
	// bytes of '»'.
	for {
		switch {
		case strings.HasSuffix(f, "\"") || strings.HasSuffix(f, ")"):
			f = f[:len(f)-1]
			continue
		case strings.HasSuffix(f, "»"):
			f = f[:len(f)-len("»")]
			continue
		}
		return strings.HasSuffix(f, ".")
	}
}

// trimKeywordPunct is strings.Trim(f, ":.,;"), the punctuation around a
// keyword ("Шифр:"), byte by byte: the cutset is ASCII (FuzzTrimKeywordPunct).
func trimKeywordPunct(f string) string {
	punct := func(c byte) bool { return c == ':' || c == '.' || c == ',' || c == ';' }
	for f != "" && punct(f[0]) {
		f = f[1:]
	}
	for f != "" && punct(f[len(f)-1]) {
		f = f[:len(f)-1]
	}
	return f
}

// trimCipherPunct is strings.Trim(f, ":.,;«»\"()"), the punctuation
// around a cipher or start numbers, told by bytes: '«' and '»' are C2 AB
// and C2 BB, the rest ASCII (FuzzTrimCipherPunct).
func trimCipherPunct(f string) string {
	for f != "" {
		n := 0
		switch f[0] {
		case ':', '.', ',', ';', '"', '(', ')':
			n = 1
		case 0xC2:
			if len(f) > 1 && (f[1] == 0xAB || f[1] == 0xBB) {
				n = 2
			}
		}
		if n == 0 {
			break
		}
		f = f[n:]
	}
	for f != "" {
		n := 0
		switch f[len(f)-1] {
		case ':', '.', ',', ';', '"', '(', ')':
			n = 1
		case 0xAB, 0xBB:
			if len(f) > 1 && f[len(f)-2] == 0xC2 {
				n = 2
			}
		}
		if n == 0 {
			break
		}
		f = f[:len(f)-n]
	}
	return f
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
