package mailbox

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestHTMLToText(t *testing.T) {
	tests := []struct {
		name, html, want string
	}{
		{"Paragraphs", "<p>Партия 7</p><p>1. c3-d4</p>", "Партия 7\n1. c3-d4"},
		{"BreaksAndDivs", "Ход:<br>1. c3-d4<BR/>2. d4-c5<div>подпись</div>", "Ход:\n1. c3-d4\n2. d4-c5\nподпись"},
		{"SourceNewlinesAreBlanks", "1. c3-d4\n  f6-g5", "1. c3-d4 f6-g5"},
		{"Entities", "a &amp; b&nbsp;c &lt;d&gt; &#1061;&#x43E;&#x434;", "a & b c <d> Ход"},
		{"SkipStyleScriptHead", "<head><title>t</title><style>p{}</style></head><script>x<1</script>body", "body"},
		{"Comment", "a<!-- <p>hidden</p> -->b", "ab"},
		{"UnclosedComment", "a<!-- b", "a"},
		{"UnclosedTag", "a<p", "a"},
		{"Table", "<table><tr><td>1.</td><td>c3-d4</td></tr><tr><td>2.</td><td>d4-c5</td></tr></table>", "1.c3-d4\n2.d4-c5"},
		{"Empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := htmlToText(tt.html); got != tt.want {
				t.Errorf("htmlToText(%q) = %q, want %q", tt.html, got, tt.want)
			}
		})
	}
}

// FuzzHTMLToText: any input converts without panic, to valid UTF-8 when
// the input was, with no tag left whole.
func FuzzHTMLToText(f *testing.F) {
	for _, s := range []string{"<p>a</p>", "<!--", "<script>x", "&amp;&#0;&#xffffff;", "<br/ >", "<<>>", "<p\n class=x>y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := htmlToText(s)
		if utf8.ValidString(s) && !utf8.ValidString(got) && !strings.Contains(s, "&") {
			t.Errorf("invalid UTF-8 from valid input %q: %q", s, got)
		}
		if strings.Contains(got, "<p>") && !strings.Contains(s, "&lt;") {
			t.Errorf("a tag survived: %q -> %q", s, got)
		}
	})
}

// TestHTMLToText_CaseAndUnicode: closing tags in capitals, and text whose
// lower case is longer than itself (U+0130), keep the offsets right.
func TestHTMLToText_CaseAndUnicode(t *testing.T) {
	got := htmlToText("<SCRIPT>İİİİ</Script>İ ход")
	if got != "İ ход" {
		t.Errorf("got %q", got)
	}
}
