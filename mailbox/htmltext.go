package mailbox

import (
	"html"
	"strings"
)

// blockTags end a line when they open or close: the text of an HTML-only
// letter keeps its line structure, which the letter parser relies on
// (one move, one date per line).
var blockTags = map[string]bool{
	"br": true, "p": true, "div": true, "tr": true, "li": true, "ul": true, "ol": true,
	"table": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"pre": true, "blockquote": true, "hr": true, "title": true,
}

// newlines turns source line breaks into blanks.
var newlines = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

// skipTags hide their content entirely.
var skipTags = map[string]bool{"script": true, "style": true, "head": true}

// htmlToText converts the HTML of a letter to plain text: tags become line
// breaks or nothing, entities are decoded, runs of blanks are collapsed and
// blank lines squeezed. It is a reader for what mail clients write, not a
// full HTML parser; it never fails.
func htmlToText(s string) string {
	var b strings.Builder
	skip := ""
	for len(s) > 0 {
		if skip != "" {
			// Script and style may hold '<' of their own: look for the
			// closing tag only.
			end := indexFold(s, "</"+skip)
			if end < 0 {
				break
			}
			s = s[end:]
		}
		lt := strings.IndexByte(s, '<')
		if lt < 0 {
			lt = len(s)
		}
		if skip == "" {
			// Line breaks in HTML source are blanks; only tags break lines.
			b.WriteString(newlines.Replace(html.UnescapeString(s[:lt])))
		}
		s = s[lt:]
		if s == "" {
			break
		}
		if strings.HasPrefix(s, "<!--") {
			end := strings.Index(s, "-->")
			if end < 0 {
				break
			}
			s = s[end+3:]
			continue
		}
		gt := strings.IndexByte(s, '>')
		if gt < 0 {
			break
		}
		name, closing := tagName(s[1:gt])
		s = s[gt+1:]
		switch {
		case skip != "":
			if closing && name == skip {
				skip = ""
			}
		case skipTags[name] && !closing:
			skip = name
		case blockTags[name]:
			b.WriteByte('\n')
		}
	}
	return squeeze(b.String())
}

// tagName returns the lower-case name of a tag's inside ("/P class=x" ->
// "p", true).
func tagName(inside string) (string, bool) {
	closing := strings.HasPrefix(inside, "/")
	inside = strings.TrimPrefix(inside, "/")
	end := strings.IndexAny(inside, " \t\r\n/")
	if end >= 0 {
		inside = inside[:end]
	}
	return strings.ToLower(inside), closing
}

// squeeze collapses blanks inside lines (HTML whitespace is not
// significant), trims each line and drops empty ones: nested blocks
// (</div><div>) would otherwise leave blank lines everywhere.
func squeeze(s string) string {
	s = strings.ReplaceAll(s, "\u00a0", " ")
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if line = strings.Join(strings.Fields(line), " "); line != "" {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// indexFold is strings.Index ignoring ASCII case, with byte offsets into s
// (strings.ToLower may change the length of non-ASCII text).
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}
