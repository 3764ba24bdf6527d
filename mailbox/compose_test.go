package mailbox_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
)

func outgoing() mailbox.Outgoing {
	return mailbox.Outgoing{
		From:       mailbox.Address{Name: "Турнир ЗК-12", Addr: "tournament@zaochnik.test"},
		To:         []mailbox.Address{{Name: "Иванов Пётр", Addr: "ivanov@example.ru"}},
		Subject:    "Партия 7: ход соперника",
		Text:       "Партия 7\nХод соперника: 1... f6-g5\nПолучено 05.01.2026, отправлено 06.01.2026 — время 3/0\n" + strings.Repeat("длинная строка ", 20) + "\n",
		Date:       time.Date(2026, 1, 6, 10, 0, 0, 0, time.UTC),
		MessageID:  "g7.3.1767693600@zaochnik.test",
		InReplyTo:  []string{"cp1251.1@example.ru"},
		References: []string{"g7.0@zaochnik.test", "cp1251.1@example.ru"},
	}
}

func TestCompose_RoundTrip(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x01\x02")
	eml := []byte("From: a@b\r\nSubject: =?utf-8?B?0KXQvtC0?=\r\n\r\nХод 1. c3-d4\r\n")
	tests := []struct {
		name        string
		attachments []mailbox.Attachment
	}{
		{"TextOnly", nil},
		{"Dossier", []mailbox.Attachment{
			{Filename: "letter-1.eml", ContentType: "message/rfc822", Data: eml},
			{Filename: "партия-7.pdn", ContentType: "application/x-pdn", Data: []byte("[Event \"ЗК-12\"]\n1. c3-d4 *\n")},
			{Filename: "board.png", ContentType: "image/png", Data: png},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := outgoing()
			o.Attachments = tt.attachments
			raw, err := mailbox.Compose(o)
			require.NoError(t, err)
			for _, line := range strings.Split(string(raw), "\r\n") {
				assert.LessOrEqual(t, len(line), 998, "RFC 5322 line limit")
			}
			head, _, _ := strings.Cut(string(raw), "\r\n\r\n")
			assert.Contains(t, head, "Auto-Submitted: auto-replied")
			assert.True(t, isASCII(head), "header is 7-bit (RFC 2047)")
			if tt.attachments == nil {
				assert.Contains(t, head, "quoted-printable")
				assert.True(t, isASCII(string(raw)), "body is quoted-printable")
			}

			in, err := mailbox.Decode(raw)
			require.NoError(t, err)
			assert.Equal(t, o.From, in.From)
			assert.Equal(t, o.To, in.To)
			assert.Equal(t, o.Subject, in.Subject)
			assert.Equal(t, o.Text, in.Text)
			assert.Equal(t, o.MessageID, in.MessageID)
			assert.Equal(t, o.InReplyTo, in.InReplyTo)
			assert.Equal(t, o.References, in.References)
			assert.True(t, o.Date.Equal(in.Date))
			auto, _ := in.IsAutomatic()
			assert.True(t, auto, "our own letters are automatic to any responder")
			require.Len(t, in.Attachments, len(tt.attachments))
			for i, a := range tt.attachments {
				assert.Equal(t, a.Filename, in.Attachments[i].Filename)
				assert.Equal(t, a.ContentType, in.Attachments[i].ContentType)
				assert.Equal(t, strings.ReplaceAll(string(a.Data), "\r\n", "\n"), strings.ReplaceAll(string(in.Attachments[i].Data), "\r\n", "\n"))
			}
		})
	}
}

func TestCompose_Refuses(t *testing.T) {
	tests := []struct {
		name  string
		spoil func(*mailbox.Outgoing)
		want  string
	}{
		{"NoFrom", func(o *mailbox.Outgoing) { o.From = mailbox.Address{} }, "From"},
		{"NoTo", func(o *mailbox.Outgoing) { o.To = nil }, "recipients"},
		{"NoMessageID", func(o *mailbox.Outgoing) { o.MessageID = "" }, "Message-ID"},
		{"NoDate", func(o *mailbox.Outgoing) { o.Date = time.Time{} }, "Date"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := outgoing()
			tt.spoil(&o)
			_, err := mailbox.Compose(o)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// isASCII reports whether s is 7-bit.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
