package letter

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxLineBytes bounds the length of a line that is read for content.
const maxLineBytes = 2000

// Parse reads the text of a move letter (already decoded from MIME; HTML is
// turned into text here) into a Letter. It never fails: what it cannot
// place is kept in Unknown and reported in Problems. It reads the whole
// text (the size of a letter is bounded where it is fetched, never here:
// the dates and the time often come last) and runs in time linear in its
// length.
func Parse(text string, opts Options) Letter {
	if looksLikeHTML(text) {
		text = HTMLToText(text)
	}
	p := &parser{opts: opts, cur: -1}
	p.toks, p.fields, p.keep = p.scratch.toks[:0], p.scratch.fields[:0], p.scratch.keep[:0]
	p.l.Game = p.subjectRef(opts.Subject)
	var room [24]string // a move letter's lines, on the stack
	lines := linesOf(room[:0], text)
	for i, line := range lines {
		if !p.signature && (isWroteLine(trimSpace(line)) && !quotedNext(lines[i+1:]) || p.last > 0 && isQuotedHeader(lines[i:])) {
			// "On ... wrote:" over an earlier letter not marked with '>'
			// (an HTML reply turned into text), or Outlook's "От: / Тема:"
			// block under the reply (at the top it is the writer's own
			// heading): the rest is that letter.
			break
		}
		if p.line(i+1, strings.TrimRight(line, " \t\r")) {
			break
		}
	}
	p.finish()
	return p.l
}

// linesOf appends the lines of text to lines, "\r\n" read as "\n": split
// at "\n", and the '\r' before each dropped, without a copy of the text
// with "\r\n" replaced (FuzzLinesOf).
func linesOf(lines []string, text string) []string {
	for {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			return append(lines, text)
		}
		lines = append(lines, strings.TrimSuffix(text[:i], "\r"))
		text = text[i+1:]
	}
}

// role is what a run of moves is, judged by the words before it.
type role int

const (
	roleDefault   role = iota // no label: the repetition, then own moves
	roleRepeat                // the opponent's moves repeated
	roleOwn                   // the writer's own moves
	roleAccept                // the moves of an accepted variant, repeated
	roleUntil                 // "вариант принят до 7...ba5": the first changed move
	roleVariant               // a variant's moves, continuing the current variant
	roleVariantIf             // a variant's condition: starts a variant unless it continues one
	roleReplaced              // "1.c3-d4 (вместо невозможного 1.c3-c4)": a move withdrawn, not played
)

// parser holds the state of one reading.
type parser struct {
	opts Options
	l    Letter
	// pending is the role a label-only line ("Ваш ход:") gives the next
	// line with moves.
	pending role
	// variants is set after a heading "Варианты:" until a blank line: each
	// line with moves is a variant.
	variants  bool
	signature bool
	protest   bool
	cur       int // index of the current variant in l.Variants, -1 none
	last      int // the last line read for content
	// protestLines are the lines of a protest, to the first blank line.
	protestLines []string
	cyr, lat     int // letters seen in words, for the language
	// unreported counts the problems past maxProblems.
	unreported int
	// Scratch reused from line to line: a line's tokens (read only while
	// the line is), its fields and those kept (gameRef), the line in lower
	// case, and the known ciphers in lower case.
	toks         []token
	fields, keep []string
	fieldsOf     string // the text fields are the fields of
	// linePhrase is phrase of the line's tokens, lineWords how many
	// words it has (phraseOf).
	linePhrase string
	lineWords  int
	lower      []byte
	lowCiphers [][]byte
	lowBytes   []byte   // what lowCiphers are parts of
	plainRuns  []string // plainRun of each known cipher
	// scratch is where toks, fields, keep and the lowered text start: a
	// move letter's lines and a tournament's few ciphers fit, so that they
	// grow with the parser's one allocation.
	scratch struct {
		toks         [12]token
		fields, keep [12]string
		lower        [96]byte
		lowBytes     [48]byte
		lowCiphers   [4][]byte
		plainRuns    [4]string
	}
}

// line reads one line; it returns true when the rest of the letter is a
// quoted earlier letter.
func (p *parser) line(n int, raw string) (stop bool) {
	t := trimSpace(raw)
	if p.signature {
		if t != "" {
			p.l.Signature = append(p.l.Signature, t)
		}
		return false
	}
	switch {
	case t == "":
		p.variants, p.protest = false, false
		return false
	case raw == "-- " || t == "--":
		p.signature = true
		return false
	case strings.HasPrefix(t, ">"):
		return false
	case isOriginalMessage(t):
		return true
	case strings.IndexFunc(t, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0:
		return false // a rule "-----" or "***" between paragraphs
	case isWroteLine(t):
		return false
	}
	p.last = n
	if len(t) > maxLineBytes {
		p.unknown(n, t[:maxLineBytes]+" …")
		return false
	}
	if n == 1 {
		if rest, ok := cutPrefixFold(t, "subject:", "тема:"); ok {
			if p.l.Game.IsZero() {
				p.l.Game = p.subjectRef(rest)
			}
			return false
		}
	}
	if p.protest {
		p.protestLines = append(p.protestLines, t)
		return false
	}
	t, refFound := p.gameRef(t)
	var fields []string // the line's fields when the game reference split them
	if p.fieldsOf == t {
		fields = p.fields
	}
	p.toks = tokenize(p.toks, t, fields)
	toks := p.toks
	words := phrase(toks)
	p.linePhrase, p.lineWords = words, wordCount(toks)
	p.countLetters(toks)
	if refFound && words == "" && !hasContent(toks) {
		return false
	}
	if rest, ok := cutPrefixFold(t, "протест", "protest"); ok {
		p.protestLines = append(p.protestLines[:0], strings.TrimSpace(strings.TrimLeft(rest, ":.-—– ")))
		p.protest = true
		return false
	}
	if hasAnyStem(words, "перерыв", "отпуск", "пауз", "каникул", "break", "vacation", "holiday", "pause") {
		p.breakLine(n, t, toks)
		return false
	}
	stmt := p.statements(words)
	// A line with moves, dates or a time is no greeting and no sign-off:
	// told by its tokens before its words are compared with the stems.
	content := hasContent(toks)
	if !stmt && !content && p.l.Greeting == "" && len(p.l.Moves)+len(p.l.Repeated) == 0 && isGreeting(words) {
		p.l.Greeting = t
		return false
	}
	if !stmt && !content && isSignOff(words) {
		p.signature = true
		p.l.Signature = append(p.l.Signature, t)
		return false
	}
	understood := stmt || refFound
	if p.content(n, toks) {
		understood = true
	}
	if !understood {
		p.unknown(n, t)
	}
	return false
}

// maxProblems bounds the problems reported about the lines of one letter:
// past it, a sender learns nothing more useful, and the reply stays short.
const maxProblems = 60

// report adds a problem found in a line (see problem for the arguments);
// past maxProblems they are counted, and the count is reported.
func (p *parser) report(kind Kind, line int, text string, args ...any) {
	if len(p.l.Problems) < maxProblems {
		p.l.Problems = append(p.l.Problems, problem(kind, line, text, args...))
		return
	}
	p.unreported++
}

// unknown keeps a line not understood and reports it (6.2.6).
func (p *parser) unknown(n int, t string) {
	p.l.Unknown = append(p.l.Unknown, Line{N: n, Text: t})
	p.report(KindUnknownLine, n, t)
}

// countLetters tallies Cyrillic and Latin letters in words, to tell the
// letter's language.
func (p *parser) countLetters(toks []token) {
	for _, tk := range toks {
		if tk.kind != kWord {
			continue
		}
		for _, r := range tk.orig {
			switch {
			case r >= 0x400 && r <= 0x484: // Cyrillic, without the table
				p.cyr++
			case unicode.Is(unicode.Cyrillic, r):
				p.cyr++
			case r < unicode.MaxASCII && unicode.IsLetter(r):
				p.lat++
			}
		}
	}
}

// hasContent reports whether a line has moves, dates or a time fraction.
func hasContent(toks []token) bool {
	return slices.ContainsFunc(toks, func(t token) bool {
		return t.kind == kMove || t.kind == kNumber || t.kind == kDate || t.kind == kFraction
	})
}

// phrase joins the folded words of a line with single spaces: a word
// alone is itself, more are written into one string of their length.
func phrase(toks []token) string {
	words, size, last := 0, 0, ""
	for _, t := range toks {
		if t.kind == kWord {
			words, size, last = words+1, size+len(t.word)+1, t.word
		}
	}
	if words < 2 {
		return last
	}
	var b strings.Builder
	b.Grow(size - 1)
	for _, t := range toks {
		if t.kind == kWord {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(t.word)
		}
	}
	return b.String()
}

// phraseOf is phrase(ts) for tokens of the line being read (ts some of
// its tokens, in order): the line's phrase itself when ts has all its
// words, as a label that is the line's words ("Мой ход:") has, not made
// again.
func (p *parser) phraseOf(ts []token) string {
	if wordCount(ts) == p.lineWords {
		return p.linePhrase
	}
	return phrase(ts)
}

// wordCount is the number of words among ts.
func wordCount(ts []token) int {
	n := 0
	for _, t := range ts {
		if t.kind == kWord {
			n++
		}
	}
	return n
}

// cutPrefixFold cuts a keyword prefix from t, ignoring case and look-alikes.
func cutPrefixFold(t string, prefixes ...string) (string, bool) {
	first, _ := utf8.DecodeRuneInString(t)
	for _, pre := range prefixes {
		if x, _ := utf8.DecodeRuneInString(pre); t != "" && pre != "" && !mayFoldTo(first, x) {
			continue // told by the first rune: most lines
		}
		n := utf8.RuneCountInString(pre)
		i := 0 // the byte offset of the n-th rune of t
		for k := 0; k < n && i < len(t); k++ {
			_, size := utf8.DecodeRuneInString(t[i:])
			i += size
		}
		if foldIs(t[:i], pre) {
			return t[i:], true
		}
	}
	return "", false
}

// mayFoldTo reports whether rune r, first of a word, may be x once folded:
// as foldEqual reads it, with or without its look-alike (lookAlikes.of).
func mayFoldTo(r, x rune) bool {
	return foldRune(r) == x || foldRune(toCyrillic(r)) == x
}

// isOriginalMessage reports a separator after which a client quotes the
// letter replied to.
func isOriginalMessage(t string) bool {
	if len(t) > 100 {
		return false
	}
	// Most lines are told by their first rune (foldIs).
	return foldIs(trimRule(t), "original message", "исходное сообщение", "пересылаемое сообщение", "forwarded message", "оригинальное сообщение")
}

// trimSpace is strings.TrimSpace, the spaces told by isSpace: a line's
// Cyrillic first letter is not looked up in unicode's tables
// (FuzzTrimSpace).
func trimSpace(s string) string {
	for s != "" {
		space, n := spaceAt(s, 0)
		if !space {
			break
		}
		s = s[n:]
	}
	for s != "" {
		r, n := rune(s[len(s)-1]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeLastRuneInString(s)
		}
		if !isSpace(r) {
			break
		}
		s = s[:len(s)-n]
	}
	return s
}

// trimRule is strings.Trim(t, "-_ "), byte by byte: the cutset is ASCII.
func trimRule(t string) string {
	rule := func(c byte) bool { return c == '-' || c == '_' || c == ' ' }
	for len(t) > 0 && rule(t[0]) {
		t = t[1:]
	}
	for len(t) > 0 && rule(t[len(t)-1]) {
		t = t[:len(t)-1]
	}
	return t
}

// isQuotedHeader reports the header block Outlook puts over the letter it
// answers, with no "Original Message" rule: "От: …" (or "From: …") with a
// "Тема:" ("Subject:") line among the next few. Our own labels
// ("Отправлено: 15.03.2026") never start with "От:".
func isQuotedHeader(lines []string) bool {
	first := trimSpace(lines[0])
	if !foldHasPrefix(first, "от:") && !foldHasPrefix(first, "from:") || len(fold(first)) > 200 {
		return false // most lines: told without folding them
	}
	for _, l := range lines[1:min(len(lines), 7)] {
		if l = trimSpace(l); foldHasPrefix(l, "тема:") || foldHasPrefix(l, "subject:") {
			return true
		}
	}
	return false
}

// quotedNext reports whether the next non-blank line is quoted with '>'.
func quotedNext(lines []string) bool {
	for _, l := range lines {
		if l = trimSpace(l); l != "" {
			return strings.HasPrefix(l, ">")
		}
	}
	return false
}

// isWroteLine reports the attribution line before a quotation: "On ...
// wrote:", "... написал(а):", "пн, 16 мар. 2026 г. в 10:00, Иван <i@x.ru>:".
func isWroteLine(t string) bool {
	if len(t) > 400 || !strings.HasSuffix(t, ":") { // an attribution is one short line, ending so
		return false
	}
	f := fold(t)
	return strings.HasSuffix(f, "wrote:") || strings.HasSuffix(f, "написал:") ||
		strings.HasSuffix(f, ">:") && strings.Contains(f, "@") ||
		strings.HasSuffix(f, "написала:") || strings.HasSuffix(f, "написал(а):") || strings.HasSuffix(f, "пишет:")
}

// hasAnyStem reports whether some word of the phrase starts with one of stems.
// A stem with a space matches a run of words.
func hasAnyStem(phrase string, stems ...string) bool {
	if phrase == "" {
		return false
	}
	// Each word against each stem (hasStem of each stem, in one pass
	// over the words): a stem's first two bytes tell most apart.
	for w := phrase; ; {
		for _, s := range stems {
			if len(s) <= len(w) && (len(s) < 2 || w[0] == s[0] && w[1] == s[1]) && w[:len(s)] == s {
				return true
			}
		}
		j := strings.IndexByte(w, ' ')
		if j < 0 {
			return false
		}
		w = w[j+1:]
	}
}

// hasStem reports whether a word of the phrase starts with stem s: s at
// its start or after a space, found without building " "+s.
func hasStem(phrase, s string) bool {
	for i := 0; i <= len(phrase); {
		j := strings.Index(phrase[i:], s)
		if j < 0 {
			return false
		}
		if j += i; j == 0 || phrase[j-1] == ' ' {
			return true
		}
		i = j + 1
	}
	return false
}

// hasWord reports whether the phrase has one of the words exactly.
func hasWord(phrase string, words ...string) bool {
	for _, w := range strings.Fields(phrase) {
		if slices.Contains(words, w) {
			return true
		}
	}
	return false
}

// isGreeting reports a greeting, the addressee's name perhaps first
// ("Иван Иванович, добрый день!").
func isGreeting(w string) bool {
	return hasAnyStem(firstWords(w, 4), "здравств", "добр", "уважаем", "привет", "дорог", "hello", "dear", "hi", "good morning", "good afternoon", "good evening", "good day", "greetings")
}

func isSignOff(w string) bool {
	return hasAnyStem(firstWords(w, 2), "с уважением", "всего доброго", "всего хорошего", "всего наилучшего", "до свидания",
		"жму руку", "с приветом", "до встречи", "удачи", "regards", "best regards", "kind regards", "best wishes", "yours",
		"sincerely", "cheers", "с наилучшими")
}

// firstWords returns the first n words of a phrase, joined by single
// spaces. A phrase's words are so already (phrase writes them so): then
// they are a prefix of it, and only another is split and joined.
func firstWords(w string, n int) string {
	i := 0 // where the next word starts
	for k := 0; k < n; k++ {
		j := strings.IndexFunc(w[i:], isSpace)
		if j < 0 {
			return w
		}
		if j == 0 {
			break // a space first, or two in a row
		}
		if i += j; k == n-1 {
			return w[:i]
		}
		if w[i] != ' ' || i+1 == len(w) {
			break
		}
		i++
	}
	f := strings.Fields(w)
	return strings.Join(f[:min(n, len(f))], " ")
}
