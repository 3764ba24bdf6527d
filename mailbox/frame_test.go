package mailbox

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFrame_Bounds: the frame lets through what an honest server sends,
// a literal of the whole bound's letter included, and stops each way a
// server could make go-imap hold more than the bound: where it stops,
// and why.
func TestFrame_Bounds(t *testing.T) {
	const max = 200
	fetch := func(n int) string {
		return "* 1 FETCH (UID 7 BODY[] {" + strconv.Itoa(n) + "}\r\n" + strings.Repeat("a\r\n", n/3) + strings.Repeat("b", n%3) + ")\r\n"
	}
	head := "* 1 FETCH (UID 7 BODY[] {"
	tests := []struct {
		name   string
		stream string
		stop   int    // where the frame stops it; -1: it passes
		why    string // in the error
	}{
		{"an honest session", "* OK [CAPABILITY IMAP4rev1 IDLE] ready\r\nA1 OK [READ-WRITE] done\r\n* 3 EXISTS\r\n" +
			"* LIST (\\HasNoChildren) \"/\" \"zaochnik/processed\"\r\n* FLAGS (\\Seen $ZaochnikProcessed)\r\n", -1, ""},
		{"a literal filling the bound", fetch(max - len(head) - 6 - 3), -1, ""},
		{"responses each within the bound", strings.Repeat(fetch(120), 5), -1, ""},
		{"a literal going on over lines, and its response after it", "* 1 FETCH (ENVELOPE ({5}\r\na\r\nb\r NIL))\r\n* 2 EXISTS\r\n", -1, ""},
		{"a space and no CR after the literal's size", "* 1 FETCH (BODY[] {3} \na\nb)\n", -1, ""},
		{"a binary literal", "* 1 FETCH (BINARY[] ~{3}\r\n\"\r\n)\r\n", -1, ""},
		{"an empty literal", "* 1 FETCH (BODY[] {0}\r\n)\r\n* 1 EXISTS\r\n", -1, ""},
		{"a quote in a status's text is text", "* OK say \"hi\r\nA1 NO \"x\r\n+ \"\r\n* 2 EXISTS\r\n", -1, ""},
		{"a status in lower case", "* ok \"x\r\n* bye [X] \"\r\n", -1, ""},
		{"a numbered status's text", "* 5 OK \"x\r\n", -1, ""},
		{"a numbered status's text, the number long", "* 000000000005 OK \"x\r\n* 2 EXISTS\r\n", -1, ""},
		{"braces in text announce nothing", "A1 OK {500}\r\n* 1 EXISTS\r\n", -1, ""},
		{"escapes in a quoted string", "* LIST () \"\\\"\" \"a\\\\\"\r\n", -1, ""},

		{"a byte more than the bound", fetch(max - len(head) - 6 - 3 + 1), max, "longer than the bound"},
		{"a literal past the bound", head + "1000}\r\nxxxx", len(head + "1000}\r\n"), "literal of 1000 bytes"},
		{"a literal whose size overflows", head + strings.Repeat("9", 40) + "}\r\n", len(head + strings.Repeat("9", 40) + "}\r\n"), "past the bound"},
		{"a body as a quoted string over lines", "* 1 FETCH (BODY[] \"From: x\r\n", len("* 1 FETCH (BODY[] \"From: x\r"), "quoted string"},
		{"an escaped line end in a quoted string", "* 1 FETCH (BODY[] \"a\\\n", len("* 1 FETCH (BODY[] \"a\\"), "quoted string"},
		{"a body as one long quoted string", "* 1 FETCH (BODY[] \"" + strings.Repeat("x", 300), max, "longer than the bound"},
		{"a long untagged line", "* OK " + strings.Repeat("x", 300) + "\r\n", max, "longer than the bound"},
		{"a line without end", "A1 OK" + strings.Repeat(" x", 300), max, "longer than the bound"},
		{"a long flag list", "* FLAGS (" + strings.Repeat("\\x ", 100) + ")\r\n", max, "longer than the bound"},
		{"a response code over lines", "* OK [X-FOO a\r\n", len("* OK [X-FOO a\r"), "response code"},
		{"a tagged response's code over lines", "A1 FETCH [X {5}\r\n", len("A1 FETCH [X {5}\r"), "response code"},
		{"braces in a long-numbered status's text, then a quoted string over lines",
			"* 000000000005 OK {150}\r\n* 1 FETCH (BODY[] \"x\r\n" + strings.Repeat("x\r\n", 100),
			len("* 000000000005 OK {150}\r\n* 1 FETCH (BODY[] \"x\r"), "quoted string"},
		{"a literal's bytes count", "* 1 FETCH (BODY[] {150}\r\n" + strings.Repeat("x", 150) + " " + strings.Repeat("y", 100), max, "longer than the bound"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, chunk := range []int{len(tt.stream), 1, 7} {
				n, err := scanAll(newFrame(max), tt.stream, chunk)
				if tt.stop < 0 {
					require.NoError(t, err, "in chunks of %d", chunk)
					assert.Equal(t, len(tt.stream), n)
					continue
				}
				var ob *errOverBound
				require.True(t, errors.As(err, &ob), "in chunks of %d: %v", chunk, err)
				assert.Contains(t, ob.Error(), tt.why)
				assert.Equal(t, tt.stop, n, "in chunks of %d: where it stops", chunk)
			}
		})
	}
}

// scanAll scans s in chunks of n bytes, as reads would bring it, up to
// the first error; it returns the bytes let through.
func scanAll(f *frame, s string, n int) (int, error) {
	done := 0
	for done < len(s) {
		k, err := f.scan([]byte(s[done:min(done+n, len(s))]))
		done += k
		if err != nil {
			return done, err
		}
	}
	return done, nil
}

// FuzzFrame: whatever a server sends, the frame never panics, lets
// through at most the bound of a response, the announcement of a literal
// past it aside, and stops at the same byte however reads cut the bytes.
func FuzzFrame(f *testing.F) {
	f.Add([]byte("* 1 FETCH (UID 7 BODY[] {5}\r\nhello)\r\nA1 OK done\r\n"), uint16(40), uint8(3))
	f.Add([]byte("* 1 FETCH (BODY[] \"a\r\nb\")\r\n"), uint16(100), uint8(1))
	f.Add([]byte("* OK [CAPABILITY IMAP4rev1] \"x\r\n* LIST () \"/\" {3}\r\nabc\r\n"), uint16(30), uint8(5))
	f.Fuzz(func(t *testing.T, data []byte, max uint16, chunk uint8) {
		whole := newFrame(int64(max))
		n, err := whole.scan(data)
		if n < 0 || n > len(data) || err == nil && n != len(data) {
			t.Fatalf("let %d of %d bytes through, err %v", n, len(data), err)
		}
		if err == nil && whole.size > whole.max {
			t.Fatalf("a response of %d bytes let through, bound %d", whole.size, whole.max)
		}
		m, err2 := scanAll(newFrame(int64(max)), string(data), int(chunk)+1)
		if m != n || (err == nil) != (err2 == nil) {
			t.Fatalf("whole: %d, %v; in chunks of %d: %d, %v", n, err, int(chunk)+1, m, err2)
		}
	})
}

// BenchmarkFrame is the frame's cost on the reader's usual traffic: a
// letter of 2 KiB as a FETCH answers it (its UID, the literal, the
// closing paren) and its line of the catch-up's listing.
func BenchmarkFrame(b *testing.B) {
	body := strings.Repeat("Ход: 1. c3-d4, 1...f6-g5\r\n", 2048/27)
	letter := []byte("* 12345 FETCH (UID 67890 FLAGS (\\Seen) RFC822.SIZE " + strconv.Itoa(len(body)) + ")\r\n" +
		"* 12345 FETCH (UID 67890 BODY[] {" + strconv.Itoa(len(body)) + "}\r\n" + body + ")\r\n")
	f := newFrame(10<<20 + responseMargin)
	b.SetBytes(int64(len(letter)))
	for range b.N {
		for p := letter; len(p) > 0; p = p[min(len(p), 4096):] { // reads of go-imap's buffer
			if _, err := f.scan(p[:min(len(p), 4096)]); err != nil {
				b.Fatal(err)
			}
		}
	}
}
