package mailbox

import (
	"net/mail"
	"time"
)

// usualDate is the date as mail programs write it (RFC 5322 section 3.3,
// with the day of the week and the seconds). mail.ParseDate tries 24
// layouts before this one, each failure an error value built for nothing.
const usualDate = "Mon, 2 Jan 2006 15:04:05 -0700"

// parseDate reads a date of the header (Date, a Received trace) as
// mail.ParseDate does: a date written the usual way is read with that one
// layout, which is the first of mail.ParseDate's that reads it, so the
// result is the same; any other form goes to mail.ParseDate.
func parseDate(v string) (time.Time, error) {
	if t, err := time.Parse(usualDate, v); err == nil {
		return t, nil
	}
	return mail.ParseDate(v)
}
