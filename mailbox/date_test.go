package mailbox

import (
	"net/mail"
	"testing"

	"github.com/stretchr/testify/assert"
)

// parseDate reads every date as mail.ParseDate does, the usual form by
// its shortcut and the rest by mail.ParseDate.
func TestParseDate_AsMailParseDate(t *testing.T) {
	for _, v := range []string{
		"Sat, 10 Jan 2026 07:00:00 +0000",
		"Tue, 6 Jan 2026 10:15:00 +0300",
		"Tue, 06 Jan 2026 10:15:00 -0330",
		"6 Jan 2026 10:15:00 +0300",
		"Tue, 6 Jan 26 10:15 +0300",
		"Tue, 6 Jan 2026 10:15:00 +0300 (MSK)",
		" Tue, 6 Jan 2026 10:15:00 +0300",
		"Tue, 6 Jan 2026 10:15:00 GMT",
		"Tue, 6 Jan 2026 10:15:00 +03000",
		"Mon, 6 Jan 2026 10:15:00 +0300", // the wrong day of the week
		"Tue, 6 Jan 2026\r\n 10:15:00 +0300",
		"Tue, 31 Feb 2026 10:15:00 +0300",
		"",
		"yesterday",
	} {
		want, wantErr := mail.ParseDate(v)
		got, err := parseDate(v)
		assert.Equal(t, wantErr != nil, err != nil, "%q: %v, %v", v, wantErr, err)
		assert.True(t, want.Equal(got), "%q: %v, want %v", v, got, want)
		assert.Equal(t, want.Format(usualDate), got.Format(usualDate), "%q: the zone", v)
	}
}

func FuzzParseDate(f *testing.F) {
	f.Add("Sat, 10 Jan 2026 07:00:00 +0000")
	f.Add("Sat, 10 Jan 2026 07:00:00 +0000 (UTC)")
	f.Add("10 Jan 26 07:00 GMT")
	f.Fuzz(func(t *testing.T, v string) {
		want, wantErr := mail.ParseDate(v)
		got, err := parseDate(v)
		if (wantErr != nil) != (err != nil) || !want.Equal(got) || want.Format(usualDate) != got.Format(usualDate) {
			t.Fatalf("%q: %v (%v), mail.ParseDate %v (%v)", v, got, err, want, wantErr)
		}
	})
}
