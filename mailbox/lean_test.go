package mailbox

import (
	"fmt"
	"mime"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	gomail "github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// leanHead is the header of a player's move letter as a provider sends it.
const leanHead = "Return-Path: <ivanov@example.ru>\r\n" +
	"Delivered-To: turnir+k1@zaochnik.test\r\n" +
	"Received: from mx.example.ru by mx.zaochnik.test;\r\n\tTue, 06 Jan 2026 10:15:00 +0300\r\n" +
	"Authentication-Results: mx.zaochnik.test; dmarc=pass header.from=example.ru\r\n" +
	"From: =?utf-8?B?0JjQstCw0L3QvtCy?= <ivanov@example.ru>\r\n" +
	"To: turnir@zaochnik.test, \"Судья\" <judge@zaochnik.test>\r\n" +
	"Subject: =?UTF-8?B?0J/QsNGA0YLQuNGPIDk=?=\r\n" +
	"Message-ID: <m1.x@example.ru>\r\n" +
	"In-Reply-To: <g7.1@zaochnik.test>\r\n" +
	"References: <g7.0@zaochnik.test>\r\n <g7.1@zaochnik.test>\r\n" +
	"Date: Tue, 06 Jan 2026 10:14:00 +0300\r\n"

// leanCases are letters around the lean reader's bounds: taken says
// whether it takes them.
var leanCases = []struct {
	name  string
	raw   string
	taken bool
}{
	{"EightBit", leanHead + "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nПартия 7\r\nМой ход: 1.c3-d4\r\n", true},
	{"NoContentType", "From: a@b.c\nSubject: x\n\n1.c3-d4\n", true},
	{"QuotedPrintableKOI8R", leanHead + "Subject: =?koi8-r?B?8MHS1MnRIDk=?=\r\nContent-Type: text/plain; charset=koi8-r\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n=F0=C1=D2=D4=C9=D1 9=\r\n=E8=CF=C4: 2. f6-g5\r\n", true},
	{"Base64Windows1251", leanHead + "Content-Type: text/plain; charset=\"windows-1251\"; format=flowed\r\nContent-Transfer-Encoding: BASE64\r\n\r\n8+Dw8ujoIDc=\r\n", true},
	{"Base64WithBlanks", "From: a@b.c\r\nContent-Transfer-Encoding: base64\r\n\r\n  MS5j\tMy1kNA==\r\n", true},
	{"InlineDisposition", leanHead + "Content-Type: text/plain\r\nContent-Disposition: inline\r\n\r\nx\r\n", true},
	{"CommentInMessageID", "From: a@b.c\r\nMessage-ID: (c) <a@b>\r\nReferences: <a@b>, <c@d>\r\n\r\nx\r\n", true},
	{"HTML", leanHead + "Content-Type: text/html; charset=utf-8\r\n\r\n<p>1.c3-d4</p>\r\n", false},
	{"Multipart", leanHead + "Content-Type: multipart/mixed; boundary=Z\r\n\r\n--Z\r\n\r\nx\r\n--Z--\r\n", false},
	{"Attachment", leanHead + "Content-Type: text/plain\r\nContent-Disposition: attachment; filename=a.txt\r\n\r\nx\r\n", false},
	{"UnknownCharset", leanHead + "Content-Type: text/plain; charset=x-bogus-8\r\n\r\nx\r\n", false},
	{"UnknownEncoding", leanHead + "Content-Transfer-Encoding: x-uue\r\n\r\nx\r\n", false},
	{"BrokenBase64", "From: a@b.c\r\nContent-Transfer-Encoding: base64\r\n\r\nMS5j*\r\n", false},
	{"NoColon", "From a@b.c\r\nSubject: x\r\n\r\nx\r\n", false},
	{"LeadingFold", " x\r\nFrom: a@b.c\r\n\r\nx\r\n", false},
	{"BareCR", "From: a@b.c\rSubject: x\r\n\r\nx\r\n", false},
	{"NoHeaderEnd", "From: a@b.c\r\nSubject: x", false},
}

// TestDecode_LeanTakesTheCommonLetter: the lean reader takes the letter of
// one text part in a known encoding and charset, declines every other,
// and what it takes decodes as go-message decodes it.
func TestDecode_LeanTakesTheCommonLetter(t *testing.T) {
	for _, tt := range leanCases {
		t.Run(tt.name, func(t *testing.T) {
			lean := decodeLean([]byte(tt.raw))
			require.Equal(t, tt.taken, lean != nil)
			full, err := decodeMIME([]byte(tt.raw))
			require.NoError(t, err)
			if lean != nil {
				assert.Equal(t, full, lean)
			}
			in, err := decode([]byte(tt.raw))
			require.NoError(t, err)
			assert.Equal(t, full, in)
		})
	}
}

// TestReadLeanHeader_FoldedFieldJoinedOnce: a field folded over many
// short lines is joined once when it ends, not copied again at each line
// (a hostile 63 KB Subject over " a" lines made some 16 000 copies), and
// reads as go-message reads it.
func TestReadLeanHeader_FoldedFieldJoinedOnce(t *testing.T) {
	raw := "From: a@b.c\r\nSubject: x" + strings.Repeat("\r\n a", 63<<10/4) + "\r\n\r\nx\r\n"
	allocs := testing.AllocsPerRun(5, func() {
		if _, _, ok := readLeanHeader([]byte(raw)); !ok {
			t.Fatal("declined")
		}
	})
	assert.Less(t, allocs, 64.0, "allocations reading the header")
	lean := decodeLean([]byte(raw))
	require.NotNil(t, lean)
	full, err := decodeMIME([]byte(raw))
	require.NoError(t, err)
	assert.Equal(t, full, lean)
}

// TestReadLeanHeader_FieldsAllocatedOnce: a header's fields are
// allocated once, however many (they grew from 16, copied at each
// doubling: two allocations more for 40 fields, a provider's header).
func TestReadLeanHeader_FieldsAllocatedOnce(t *testing.T) {
	raw := []byte(strings.Repeat("X-Field: value\r\n", 40) + "\r\nx\r\n")
	n := testing.AllocsPerRun(20, func() {
		h, _, ok := readLeanHeader(raw)
		if !ok || len(h) != 40 {
			t.Fatal("not read")
		}
	})
	assert.Equal(t, 3.0, n, "the header's string, its fields and the list of a field's lines")
}

// FuzzDecodeLean: on any bytes the lean reader never panics and either
// declines the letter or decodes it as go-message does.
func FuzzDecodeLean(f *testing.F) {
	for _, tt := range leanCases {
		f.Add([]byte(tt.raw))
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "*.eml"))
	for _, name := range files {
		raw, err := os.ReadFile(name)
		require.NoError(f, err)
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		lean := decodeLean(raw)
		if lean == nil {
			return
		}
		full, err := decodeMIME(raw)
		require.NoError(t, err)
		require.Equal(t, full, lean)
	})
}

// FuzzMsgID: the identifiers of the usual form are read as go-message
// reads them.
func FuzzMsgID(f *testing.F) {
	for _, v := range []string{"<a@b>", "  <a.b@c.d>  <e@f>", "<a@[1.2.3.4]>", "(c) <a@b>", "<a@b> x", "<a@b>,<c@d>", "<а@б>", "<@b>", "<a@>", "<a@b"} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		var h gomail.Header
		h.Set("Message-Id", v)
		id, _ := h.MessageID()
		assert.Equal(t, id, messageID(v))
		h.Set("References", v)
		ids, _ := h.MsgIDList("References")
		assert.Equal(t, ids, msgIDList(v))
	})
}

// BenchmarkDecode decodes a player's move letter (leanCases' first) by the
// lean reader (Decode) and by go-message alone (decodeMIME).
func BenchmarkDecode(b *testing.B) {
	raw := []byte(leanCases[0].raw)
	for _, bb := range []struct {
		name   string
		decode func([]byte) (*Incoming, error)
	}{{"Decode", Decode}, {"GoMessage", decodeMIME}} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bb.decode(raw); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// FuzzLFText: a text's CRLF are made LF as strings.ReplaceAll makes them.
func FuzzLFText(f *testing.F) {
	for _, v := range []string{"", "a", "a\r\nb\r\n", "\r\r\n\n", "a\rb\nc", "\r\n\r\n", "\r"} {
		f.Add([]byte(v))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		assert.Equal(t, strings.ReplaceAll(string(b), "\r\n", "\n"), lfText(b))
	})
}

// FuzzPlainAddresses: an address list of the usual forms is read as
// go-message reads it.
func FuzzPlainAddresses(f *testing.F) {
	for _, v := range []string{"a@b.c", "<a@b.c>", "Ivan Petrov <ivan.petrov@mail.ru>", "Иван Петров <ivan@mail.ru>",
		"Ivan<a@b>", " <a@b> ", "a.@b", ".a@b", "a..b@c", "a@b, c@d", "\"Ivan\" <a@b>", "Ivan  Petrov <a@b>",
		"=?utf-8?q?x?= <a@b>", "a@[1.2.3.4]", "a @b", "<a@b >", "I. Petrov <a@b>", "a+b_c-d@e-f.g", "\xff <a@b>",
		"turnir@zaochnik.test, \"Судья\" <judge@zaochnik.test>", "=?utf-8?B?0JjQstCw0L3QvtCy?= <ivanov@example.ru>",
		"\"Petrov, Ivan\" <a@b>", "a@b,,c@d", "a@b,", ",a@b", "\"\" <a@b>", "\"a\\\"b\" <a@b>", "=?utf-8?q?a,b?= <x@y>",
		"=?x-unknown?q?a?= <a@b>", "=?utf-8?q?a?= =?utf-8?q?b?= <a@b>",
		// An encoded word holding a byte net/mail's atom ends at: refused by
		// net/mail, so never read here either.
		"=?utf-8?q?a>?= <x@y>", "=?utf-8?q?a\"b?= <x@y>", "=?utf-8?q?a\rb?= <x@y>", "=?utf-8?q?a(b?= <x@y>",
		"=?utf-8?q?x@evil.test?= <x@y>", "=?utf-8?q?a:b?= <x@y>", "=?utf-8?q?a\\b?= <x@y>", "=?utf-8?q?a.b?= <x@y>"} {
		f.Add(v)
	}
	f.Fuzz(samePlainAddresses)
}

// FuzzPlainEncodedName: a display name of one encoded word, whose text
// the fuzzer would seldom build whole from FuzzPlainAddresses' seeds, is
// read as go-message reads it.
func FuzzPlainEncodedName(f *testing.F) {
	for _, v := range [][3]string{{"utf-8", "q", "Ivan"}, {"koi8-r", "Q", "=E9=D7=C1=CE"}, {"utf-8", "b", "0JjQstCw0L3QvtCy"}} {
		f.Add(v[0], v[1], v[2])
	}
	f.Fuzz(func(t *testing.T, charset, enc, text string) {
		samePlainAddresses(t, "=?"+charset+"?"+enc+"?"+text+"?= <ivan@example.ru>")
	})
}

// samePlainAddresses checks that v, when plainAddresses reads it, is read
// alike by addressList.
func samePlainAddresses(t *testing.T, v string) {
	got, ok := plainAddresses(v)
	if !ok {
		return
	}
	l, err := addressList(v)
	require.NoError(t, err, "%q", v)
	want := make([]Address, 0, len(l))
	for _, a := range l {
		want = append(want, Address{Name: a.Name, Addr: a.Address})
	}
	assert.Equal(t, want, got, "%q", v)
}

// TestDecode_MoveLetterAllocations: a provider's move letter (leanCases'
// first: an encoded name in From, a list with a quoted name in To) is
// decoded without net/mail's parser for its addresses and without mime's
// for its Content-Type (71 allocations with both, 28 without; 29 with its
// Message-ID copied out of the header: TestDecode_MessageIDKeepsNotTheHeader).
func TestDecode_MoveLetterAllocations(t *testing.T) {
	raw := []byte(leanCases[0].raw)
	n := testing.AllocsPerRun(20, func() {
		if _, err := Decode(raw); err != nil {
			t.Fatal(err)
		}
	})
	assert.LessOrEqual(t, n, 29.0)
}

// FuzzTextType: the usual Content-Type is read as mime.ParseMediaType
// reads it.
func FuzzTextType(f *testing.F) {
	for _, v := range []string{"text/plain", "text/plain; charset=utf-8", "TEXT/Plain;charset=\"KOI8-R\"", "text/plain; format=flowed",
		"text/plain; charset=utf-8; format=flowed", "text/plain;", "text/plain ; charset=x", "text/", "/plain", "text/plain; charset=\"\"",
		"text/plain; CHARSET=windows-1251", "text/plain; charset=\"a b\"", "text/plain;\tcharset=x", "text/plain; charset*=utf-8''x"} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		mt, charset, has, ok := plainTextType(v)
		if !ok {
			return
		}
		want, params, err := mime.ParseMediaType(v)
		require.NoError(t, err)
		assert.Equal(t, want, mt)
		wantCharset, wantHas := params["charset"]
		assert.Equal(t, wantHas, has)
		assert.Equal(t, wantCharset, charset)
		assert.Len(t, params, map[bool]int{false: 0, true: 1}[has])
	})
}

// A letter's Message-ID, which the referee keeps in its game, keeps no
// more of the letter alive than itself: a thousand letters' ids, with
// 8 KB of header each, hold a few tens of KB of heap, not the 8 MB of
// their headers.
func TestDecode_MessageIDKeepsNotTheHeader(t *testing.T) {
	pad := "X-Pad: " + strings.Repeat("x", 8<<10) + "\r\n"
	ids := make([]string, 1000)
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range ids {
		raw := fmt.Sprintf("%sFrom: <a@example.org>\r\nMessage-ID: <m%d@example.org>\r\nSubject: x\r\n\r\nbody\r\n", pad, i)
		in, err := Decode([]byte(raw))
		require.NoError(t, err)
		ids[i] = in.MessageID
	}
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	require.Equal(t, "m999@example.org", ids[999])
	assert.Less(t, int64(after.HeapAlloc)-int64(before.HeapAlloc), int64(1<<20))
	runtime.KeepAlive(ids)
}
