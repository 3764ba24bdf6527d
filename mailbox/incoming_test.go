package mailbox_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
)

// mustDecodeFile decodes testdata/name.
func mustDecodeFile(t *testing.T, name string) *mailbox.Incoming {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	in, err := mailbox.Decode(raw)
	require.NoError(t, err)
	return in
}

func TestDecode(t *testing.T) {
	msk := time.FixedZone("", 3*3600)
	tests := []struct {
		file         string
		from         mailbox.Address
		subject      string
		text         []string // lines the text must contain
		notText      []string
		fromHTML     bool
		messageID    string
		postmark     time.Time
		unknownCS    string
		attachments  []string // filename:type
		inReplyTo    []string
		references   []string
		nullReturn   bool
		contentType  string
		problemsFree bool
	}{
		{
			file: "cp1251.eml", from: mailbox.Address{Name: "Иванов Пётр", Addr: "ivanov@example.ru"},
			subject: "Ход 7", text: []string{"Партия 7", "Ход: 1. c3-d4", "Получено 03.01.2026"},
			messageID: "cp1251.1@example.ru", postmark: time.Date(2026, 1, 6, 10, 15, 0, 0, msk),
			inReplyTo: []string{"g7.1@zaochnik.test"}, references: []string{"g7.0@zaochnik.test", "g7.1@zaochnik.test"},
			contentType: "text/plain", problemsFree: true,
		},
		{
			file: "koi8r.eml", from: mailbox.Address{Name: "Petrov", Addr: "petrov@example.org"},
			subject: "Партия 9", text: []string{"Партия 9", "Ход: 2. f6-g5"},
			messageID: "koi8.1@example.org", postmark: time.Date(2026, 1, 6, 9, 0, 0, 0, msk),
			contentType: "text/plain", problemsFree: true,
		},
		{
			file: "html-only.eml", from: mailbox.Address{Addr: "sidorov@example.com"},
			subject: "move", text: []string{"Партия 3\n1. c3-d4 & f6-g5\n", "С уважением"},
			notText: []string{"color", "hidden", "<", "\nx\n"}, fromHTML: true,
			messageID: "html.1@example.com", postmark: time.Date(2026, 1, 7, 12, 0, 0, 0, time.UTC),
			contentType: "text/html", problemsFree: true,
		},
		{
			file: "alternative-attach.eml", from: mailbox.Address{Name: "Kuznetsov", Addr: "k@example.net"},
			subject: "Партия 12", text: []string{"Партия 12\n1. 32-28"}, notText: []string{"HTML version"},
			messageID: "alt.1@example.net", postmark: time.Date(2026, 1, 8, 8, 30, 0, 0, time.FixedZone("", 3600)),
			attachments: []string{"board.png:image/png", "партия.pdn:application/x-chess-pgn"},
			contentType: "multipart/mixed", problemsFree: true,
		},
		{
			file: "unknown-charset.eml", from: mailbox.Address{Addr: "x@example.com"},
			subject: "odd", text: []string{"Hod: 1. c3-d4 \uFFFD"}, unknownCS: "x-bogus-8",
			messageID: "odd.1@example.com", postmark: time.Date(2026, 1, 9, 8, 30, 0, 0, time.UTC),
			contentType: "text/plain", problemsFree: true,
		},
		{
			file: "bounce.eml", from: mailbox.Address{Name: "Mail Delivery System", Addr: "MAILER-DAEMON@example.ru"},
			subject: "Undelivered Mail Returned to Sender", text: []string{"could not be delivered"},
			messageID: "bounce.1@example.ru", postmark: time.Date(2026, 1, 9, 8, 30, 0, 0, time.UTC),
			attachments: []string{":message/delivery-status"}, nullReturn: true,
			contentType: "multipart/report", problemsFree: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			in := mustDecodeFile(t, tt.file)
			assert.Equal(t, tt.from, in.From)
			assert.Equal(t, tt.subject, in.Subject)
			for _, s := range tt.text {
				assert.Contains(t, in.Text, s)
			}
			for _, s := range tt.notText {
				assert.NotContains(t, in.Text, s)
			}
			assert.Equal(t, tt.fromHTML, in.TextFromHTML)
			assert.Equal(t, tt.messageID, in.MessageID)
			assert.True(t, tt.postmark.Equal(in.Postmark), "postmark %v, want %v", in.Postmark, tt.postmark)
			assert.Equal(t, tt.unknownCS, in.UnknownCharset)
			if tt.unknownCS != "" {
				assert.Contains(t, string(in.UndecodedText), "\xcf\xf0\xe8", "raw bytes kept")
			}
			var atts []string
			for _, a := range in.Attachments {
				atts = append(atts, a.Filename+":"+a.ContentType)
				assert.NotEmpty(t, a.Data)
			}
			assert.Equal(t, tt.attachments, atts)
			assert.Equal(t, tt.inReplyTo, in.InReplyTo)
			assert.Equal(t, tt.references, in.References)
			assert.Equal(t, tt.nullReturn, in.NullReturnPath)
			assert.Equal(t, tt.contentType, in.ContentType)
			if tt.problemsFree {
				assert.Empty(t, in.Problems)
			}
			assert.NotContains(t, in.Text, "\r")
		})
	}
}

func TestDecode_AttachmentBytesKept(t *testing.T) {
	in := mustDecodeFile(t, "alternative-attach.eml")
	require.Len(t, in.Attachments, 2)
	assert.Equal(t, "\x89PNG\r\n\x1a\n", string(in.Attachments[0].Data[:8]))
	assert.Contains(t, string(in.Attachments[1].Data), "1. 32-28 19-23 *")
}

func TestDecode_Broken(t *testing.T) {
	tests := []struct {
		name    string
		raw     string
		wantErr bool
		problem string
	}{
		{"NoHeaderEnd", "From: a@b\r\nSubject: x", false, ""},
		{"UnknownTransferEncoding", "From: a@b\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: x-uue\r\n\r\nbody\r\n", false, "x-uue"},
		{"MissingBoundaryEnd", "From: a@b\r\nContent-Type: multipart/mixed; boundary=Z\r\n\r\n--Z\r\nContent-Type: text/plain\r\n\r\nmove\r\n", false, ""},
		{"BadHeaderLineSkipped", "From a@b no colon\r\n\r\nbody", false, "malformed header line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := mailbox.Decode([]byte(tt.raw))
			if tt.wantErr {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			if tt.problem != "" {
				assert.Contains(t, strings.Join(in.Problems, "\n"), tt.problem)
			}
		})
	}
}

func TestDecode_PostmarkFallsBackToDate(t *testing.T) {
	raw := "Received: by relay (no date here)\r\nDate: Sat, 10 Jan 2026 07:00:00 +0000\r\nFrom: a@b.c\r\n\r\nx\r\n"
	in, err := mailbox.Decode([]byte(raw))
	require.NoError(t, err)
	assert.True(t, in.Postmark.Equal(time.Date(2026, 1, 10, 7, 0, 0, 0, time.UTC)), "%v", in.Postmark)
}

// FuzzDecode checks that no byte sequence makes Decode panic, and that
// whatever it returns is usable.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.eml"))
	for _, name := range files {
		raw, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		in, err := mailbox.Decode(raw)
		if err != nil {
			return
		}
		in.IsAutomatic("tournament@zaochnik.test")
		_ = mailbox.Authenticate(in, mailbox.AuthPolicy{AuthservID: "mx.zaochnik.test"})
	})
}

// A From that does not parse falls back to the envelope sender; a header
// line the MIME reader stops at is skipped, and the rest is read.
func TestDecode_UnreadableFromTakesTheEnvelope(t *testing.T) {
	tests := []struct {
		name, header, from, problem string
	}{
		{"UnquotedComma", "Return-Path: <a@example.org>\r\nFrom: Ivanov, Ivan <x@example.org>\r\n", "a@example.org", "Return-Path"},
		{"NUL", "Return-Path: <a@example.org>\r\nFrom: Ivan\x00 <x@example.org>\r\n", "a@example.org", "Return-Path"},
		{"EncodedWordNetMailEndsWithin", "Return-Path: <a@example.org>\r\nFrom: =?utf-8?q?Ivan>?= <x@example.org>\r\n", "a@example.org", "Return-Path"},
		{"NoColon", "Return-Path: <a@example.org>\r\nbroken line\r\n folded too\r\nFrom: Ivan <x@example.org>\r\n", "x@example.org", `"broken line"`},
		{"BadFieldName", "Fr om: y\r\nFrom: Ivan <x@example.org>\r\n", "x@example.org", "Fr om"},
		{"LeadingFold", " folded first\r\nFrom: Ivan <x@example.org>\r\n", "x@example.org", "folded first"},
		{"NoEnvelope", "From: Ivanov, Ivan <x@example.org>\r\n", "", "unreadable From"},
		{"NullEnvelope", "Return-Path: <>\r\nFrom: Ivanov, Ivan <x@example.org>\r\n", "", "unreadable From"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := mailbox.Decode([]byte(tt.header + "Subject: move\r\n\r\n1.c3-d4\r\n"))
			require.NoError(t, err)
			assert.Equal(t, tt.from, in.From.Addr)
			assert.Equal(t, "move", in.Subject)
			assert.Equal(t, "1.c3-d4\n", in.Text)
			assert.Contains(t, strings.Join(in.Problems, "\n"), tt.problem)
		})
	}
}
