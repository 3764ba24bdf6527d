package letter

import (
	"strconv"
	"strings"
	"time"

	"zaochnik/timecontrol"
)

// dateParts splits a written date into day, month and year text: "12.03",
// "12.03.26", "12.03.2026" (also with a trailing "г"), "2026-03-12",
// "12/03/2026". The year is "" when not written.
func dateParts(s string) (day, month, year string, ok bool) {
	s = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(s, "."), "г"), ".")
	if p := strings.Split(s, "-"); len(p) == 3 && len(p[0]) == 4 {
		return p[2], p[1], p[0], isInt(p[0]) && isInt(p[1]) && isInt(p[2]) && len(p[1]) <= 2 && len(p[2]) <= 2
	}
	sep := "."
	if strings.Count(s, "/") == 2 {
		sep = "/"
	}
	p := strings.Split(s, sep)
	if len(p) < 2 || len(p) > 3 {
		return "", "", "", false
	}
	for _, x := range p[:2] {
		if !isInt(x) || len(x) > 2 {
			return "", "", "", false
		}
	}
	if len(p) == 3 {
		if !isInt(p[2]) || (len(p[2]) != 2 && len(p[2]) != 4) {
			return "", "", "", false
		}
		year = p[2]
	} else if sep == "/" {
		return "", "", "", false
	}
	return p[0], p[1], year, true
}

// isDateText reports whether s is written as a date (not whether the date exists).
func isDateText(s string) bool {
	_, _, _, ok := dateParts(s)
	return ok
}

// readDate reads a written date. A year of two digits is taken in the
// century nearest the postmark (2000s without one); a date with no year
// takes the year that puts it nearest the postmark, and guessed says so.
// ok is false for a date that does not exist or cannot be placed.
func readDate(s string, postmark timecontrol.Date) (d timecontrol.Date, guessed, ok bool) {
	ds, ms, ys, ok := dateParts(s)
	if !ok {
		return d, false, false
	}
	day, _ := strconv.Atoi(ds)
	month, _ := strconv.Atoi(ms)
	if ys == "" {
		if postmark.IsZero() {
			return d, false, false
		}
		best, found := timecontrol.Date{}, false
		for y := postmark.Year() - 1; y <= postmark.Year()+1; y++ {
			c, valid := civil(y, month, day)
			if valid && (!found || abs(c.Sub(postmark)) < abs(best.Sub(postmark))) {
				best, found = c, true
			}
		}
		return best, found, found
	}
	year, _ := strconv.Atoi(ys)
	if len(ys) == 2 {
		base := 2000
		if !postmark.IsZero() {
			base = postmark.Year() / 100 * 100
		}
		year += base
		if !postmark.IsZero() && year-postmark.Year() > 50 {
			year -= 100
		}
	}
	d, ok = civil(year, month, day)
	return d, false, ok
}

// civil returns the date y-m-d if it exists.
func civil(y, m, d int) (timecontrol.Date, bool) {
	if y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1 || d > 31 {
		return timecontrol.Date{}, false
	}
	t := timecontrol.NewDate(y, time.Month(m), d)
	if t.Day() != d {
		return timecontrol.Date{}, false
	}
	return t, true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
