package letter

import (
	"strconv"
	"strings"
	"unicode"
)

// looksLikeHTML reports whether a letter's text is HTML rather than plain
// text (an HTML-only letter whose MIME layer gave us the markup).
// It looks at the first 4 KB, after each '<', in lower case, without
// building the lower-case text.
func looksLikeHTML(s string) bool {
	s = s[:min(len(s), 4096)]
	for i := 0; ; {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			return false
		}
		i += j + 1
		for _, tag := range []string{"html", "body", "div", "p>", "p ", "br", "table"} {
			if lowerHasPrefix(s[i:], tag) {
				return true
			}
		}
	}
}

// lowerHasPrefix reports whether strings.ToLower(s) starts with the ASCII
// prefix: s's runes, each in lower case, are the prefix's bytes.
func lowerHasPrefix(s, prefix string) bool {
	for _, r := range s {
		if prefix == "" {
			return true
		}
		if unicode.ToLower(r) != rune(prefix[0]) {
			return false
		}
		prefix = prefix[1:]
	}
	return prefix == ""
}

// HTMLToText turns an HTML letter into plain text lines: block elements and
// <br> end lines, entities are decoded, and the contents of <head>, <script>,
// <style> and <blockquote> (a quoted earlier letter) are dropped. It never
// fails; broken markup yields the text around it. It runs in linear time.
func HTMLToText(s string) string {
	var b strings.Builder
	skip := map[string]int{} // open elements whose content is dropped
	dropped := func() bool { return skip["head"]+skip["blockquote"] > 0 }
	for i := 0; i < len(s); {
		switch s[i] {
		case '<':
			end := strings.IndexByte(s[i:], '>')
			if end < 0 {
				i = len(s)
				continue
			}
			name, closing := tagName(s[i+1 : i+end])
			i += end + 1
			switch name {
			case "script", "style":
				// Raw text: it ends only at its closing tag.
				if !closing {
					i = rawTextEnd(s, i, name)
				}
			case "head", "blockquote":
				if closing {
					skip[name] = max(0, skip[name]-1)
				} else {
					skip[name]++
				}
			case "br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "table", "ul", "ol", "pre", "hr":
				b.WriteByte('\n')
			case "td", "th":
				b.WriteByte(' ')
			}
		case '&':
			r, n := entity(s[i:])
			if !dropped() {
				b.WriteString(r)
			}
			i += n
		case '\r', '\n', '\t':
			if !dropped() {
				b.WriteByte(' ')
			}
			i++
		default:
			j := i + 1
			for j < len(s) && s[j] != '<' && s[j] != '&' && s[j] != '\r' && s[j] != '\n' && s[j] != '\t' {
				j++
			}
			if !dropped() {
				b.WriteString(s[i:j])
			}
			i = j
		}
	}
	lines := strings.Split(b.String(), "\n")
	for k, l := range lines {
		lines[k] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

// rawTextEnd returns where the raw text of a <script> or <style> element
// opened before s[i:] ends: after its closing tag, or at the end of s.
func rawTextEnd(s string, i int, name string) int {
	for {
		j := strings.Index(s[i:], "</")
		if j < 0 {
			return len(s)
		}
		i += j + 2
		if len(s)-i >= len(name) && strings.EqualFold(s[i:i+len(name)], name) {
			if k := strings.IndexByte(s[i:], '>'); k >= 0 {
				return i + k + 1
			}
			return len(s)
		}
	}
}

// tagName returns the lower-case name of a tag from its inside ("p class=x",
// "/div", "br/"), and whether it closes an element.
func tagName(in string) (name string, closing bool) {
	in = strings.TrimSpace(in)
	if strings.HasPrefix(in, "/") {
		closing = true
		in = in[1:]
	}
	end := strings.IndexFunc(in, func(r rune) bool { return r == ' ' || r == '/' || r == '\t' || r == '\n' || r == '\r' })
	if end >= 0 {
		in = in[:end]
	}
	return strings.ToLower(in), closing
}

// entity decodes the character reference at the start of s ("&amp;",
// "&#1090;", "&#x442;") and returns its text and length; an unknown or
// broken reference is taken literally.
func entity(s string) (string, int) {
	end := strings.IndexByte(s[:min(len(s), 12)], ';')
	if end < 0 {
		return "&", 1
	}
	ref := s[1:end]
	if strings.HasPrefix(ref, "#") {
		base, digits := 10, ref[1:]
		if strings.HasPrefix(digits, "x") || strings.HasPrefix(digits, "X") {
			base, digits = 16, digits[1:]
		}
		n, err := strconv.ParseUint(digits, base, 32)
		if err != nil || n == 0 || n > 0x10FFFF {
			return "&", 1
		}
		return string(rune(n)), end + 1
	}
	if r := namedEntity(strings.ToLower(ref)); r != "" {
		return r, end + 1
	}
	return "&", 1
}

// namedEntity decodes the named references mail clients write.
func namedEntity(name string) string {
	switch name {
	case "amp":
		return "&"
	case "lt":
		return "<"
	case "gt":
		return ">"
	case "quot":
		return `"`
	case "apos":
		return "'"
	case "nbsp":
		return " "
	case "mdash":
		return "—"
	case "ndash":
		return "–"
	case "laquo":
		return "«"
	case "raquo":
		return "»"
	case "hellip":
		return "…"
	case "times":
		return "×"
	}
	return ""
}
