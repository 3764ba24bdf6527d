// Package timecontrol is the day ledger of correspondence play (график времени,
// clause 6.3 of the rules): pure arithmetic over calendar dates. It has no clock,
// no I/O and no globals; callers pass the dates they observed.
package timecontrol

import (
	"fmt"
	"time"
)

// Date is a civil calendar date with no time of day and no zone. The zero
// value is "no date" (IsZero). Dates compare with ==, Before and After, and
// Sub counts whole days between them, so rule arithmetic never meets a
// daylight-saving hour.
type Date struct {
	// days since 0001-01-01 plus one; 0 means unset.
	n int32
}

// NewDate returns the date year-month-day. Out-of-range days and months
// normalise as time.Date does (31 April is 1 May); use ParseDate to reject them.
func NewDate(year int, month time.Month, day int) Date {
	t := time.Date(year, month, day, 0, 0, 0, 0, time.UTC)
	return Date{n: int32(t.Unix()/86400 + epochShift + 1)}
}

// epochShift is the number of days from 0001-01-01 to 1970-01-01.
const epochShift = 719162

// DateOf returns the calendar date of t in t's own location. Convert t to the
// tournament's zone first (t.In(loc)): that is the single place where a
// timestamp becomes a date.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return NewDate(y, m, d)
}

// ParseDate reads an ISO date YYYY-MM-DD and rejects impossible dates.
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return Date{}, fmt.Errorf("timecontrol: %q is not a date of the form YYYY-MM-DD", s)
	}
	return DateOf(t), nil
}

// MustDate is ParseDate for constants in tests and tables; it panics on a bad date.
func MustDate(s string) Date {
	d, err := ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

// IsZero reports whether d is the unset date.
func (d Date) IsZero() bool { return d.n == 0 }

// Time returns midnight UTC of d, for formatting and calendar fields.
func (d Date) Time() time.Time {
	return time.Unix((int64(d.n)-1-epochShift)*86400, 0).UTC()
}

// Year, Month and Day return the calendar fields of d.
func (d Date) Year() int         { return d.Time().Year() }
func (d Date) Month() time.Month { return d.Time().Month() }
func (d Date) Day() int          { return d.Time().Day() }

// AddDays returns the date n days after d (before it when n < 0).
func (d Date) AddDays(n int) Date { return Date{n: d.n + int32(n)} }

// Sub returns the number of days from e to d: d.Sub(e) == 3 when d is three days after e.
func (d Date) Sub(e Date) int { return int(d.n - e.n) }

// Before reports whether d is earlier than e.
func (d Date) Before(e Date) bool { return d.n < e.n }

// After reports whether d is later than e.
func (d Date) After(e Date) bool { return d.n > e.n }

// String formats d as YYYY-MM-DD, or "" for the zero date.
func (d Date) String() string {
	if d.IsZero() {
		return ""
	}
	var a [10]byte
	return string(d.AppendISO(a[:0]))
}

// AppendISO appends d.String() to b (nothing for the zero date), by hand
// for the four-digit years the store keeps, through time's layout for any
// other: the store writes several dates a letter, and the layout's
// interpretation cost more than the rest of a date's row.
func (d Date) AppendISO(b []byte) []byte {
	if d.IsZero() {
		return b
	}
	t := d.Time()
	y, m, day := t.Date()
	if y < 0 || y > 9999 {
		return t.AppendFormat(b, time.DateOnly)
	}
	return append(b, byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10), '-',
		byte('0'+m/10), byte('0'+m%10), '-', byte('0'+day/10), byte('0'+day%10))
}

// Russian formats d as the rules write dates: DD.MM.YYYY.
func (d Date) Russian() string {
	if d.IsZero() {
		return ""
	}
	var a [10]byte
	return string(d.AppendRussian(a[:0]))
}

// AppendRussian appends d.Russian() to b (nothing for the zero date), by
// hand for the four-digit years letters carry, through time's layout for
// any other.
func (d Date) AppendRussian(b []byte) []byte {
	if d.IsZero() {
		return b
	}
	t := d.Time()
	y, m, day := t.Date()
	if y < 0 || y > 9999 {
		return t.AppendFormat(b, "02.01.2006")
	}
	return append(b, byte('0'+day/10), byte('0'+day%10), '.', byte('0'+m/10), byte('0'+m%10), '.',
		byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10))
}

// MarshalText implements encoding.TextMarshaler (YYYY-MM-DD; empty for zero).
func (d Date) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler; empty text is the zero date.
func (d *Date) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*d = Date{}
		return nil
	}
	v, err := ParseDate(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}
