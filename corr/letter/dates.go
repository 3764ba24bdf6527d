package letter

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"zaochnik/timecontrol"
)

// dateParts splits a written date into day, month and year text: "12.03",
// "12.03.26", "12.03.2026" (also with a trailing "г"), "2026-03-12",
// "12-03-2026", "12/03/2026". The year is "" when not written.
func dateParts(s string) (day, month, year string, ok bool) {
	if len(s) == 10 && s[2] == '.' && s[5] == '.' && allDigits(s[:2]) && allDigits(s[3:5]) && allDigits(s[6:]) {
		return s[:2], s[3:5], s[6:], true // "01.03.2026", the usual form: told at once
	}
	return datePartsBySplit(s)
}

// allDigits reports whether s is ASCII digits alone.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// datePartsBySplit is dateParts for every form, by splitting.
func datePartsBySplit(s string) (day, month, year string, ok bool) {
	s = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(s, "."), "г"), ".")
	if p, n := split3(s, "-"); n == 3 && len(p[0]) == 4 {
		return p[2], p[1], p[0], isInt(p[0]) && isInt(p[1]) && isInt(p[2]) && len(p[1]) <= 2 && len(p[2]) <= 2
	} else if n == 3 && len(p[2]) == 4 {
		// "12-03-2026"; with the full year only, as "12-03" could be a move.
		return p[0], p[1], p[2], isInt(p[0]) && isInt(p[1]) && isInt(p[2]) && len(p[0]) <= 2 && len(p[1]) <= 2
	}
	sep := "."
	if strings.Count(s, "/") == 2 {
		sep = "/"
	}
	p, n := split3(s, sep)
	if n < 2 || n > 3 {
		return "", "", "", false
	}
	for _, x := range p[:2] {
		if !isInt(x) || len(x) > 2 {
			return "", "", "", false
		}
	}
	if n == 3 {
		if !isInt(p[2]) || (len(p[2]) != 2 && len(p[2]) != 4) {
			return "", "", "", false
		}
		year = p[2]
	} else if sep == "/" {
		return "", "", "", false
	}
	return p[0], p[1], year, true
}

// split3 splits s around sep as strings.Split does, without allocating:
// the first three parts, and how many there are (4 for four or more).
func split3(s, sep string) (p [3]string, n int) {
	for n < 3 {
		before, after, found := strings.Cut(s, sep)
		p[n], n = before, n+1
		if !found {
			return p, n
		}
		s = after
	}
	return p, 4
}

// isDateText reports whether s is written as a date (not whether the date exists).
func isDateText(s string) bool {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return false // every form of dateParts starts with a number: most words are told here
	}
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

// mergeWordDates joins dates written with the month's name — "15 марта
// 2026", "15 March", "March 15 2026" — into one date token "15.03.2026".
func mergeWordDates(ts []token) []token {
	out := ts[:0] // in place: a token is written where one was read already
	for i := 0; i < len(ts); i++ {
		day, mon, n := 0, 0, 0
		if ts[i].kind == kInt && len(ts[i].orig) <= 2 && i+1 < len(ts) {
			if m := monthOf(ts[i+1].word); m > 0 {
				day, mon, n = atoi(ts[i].orig), m, 2
			}
		}
		if n == 0 && i+1 < len(ts) && ts[i+1].kind == kInt && len(ts[i+1].orig) <= 2 {
			if m := monthOf(ts[i].word); m > 0 {
				day, mon, n = atoi(ts[i+1].orig), m, 2
			}
		}
		if n == 0 {
			out = append(out, ts[i])
			continue
		}
		d := fmt.Sprintf("%02d.%02d", day, mon)
		if i+n < len(ts) && ts[i+n].kind == kInt && len(ts[i+n].orig) == 4 {
			d += "." + ts[i+n].orig
			n++
			if i+n < len(ts) && (ts[i+n].word == "г" || strings.HasPrefix(ts[i+n].word, "год")) {
				n++
			}
		}
		out = append(out, token{orig: d, kind: kDate, colon: ts[i+n-1].colon})
		i += n - 1
	}
	return out
}

// monthOf returns the month a word names (1-12), Russian in any case or
// English, else 0.
func monthOf(w string) int {
	if w == "" {
		return 0 // a token that is no word
	}
	// Every stem starts with one of these pairs of letters (monthByStem's
	// table): most words (and a number, a date, a move: no word) are told
	// by their first two.
	_, n := utf8.DecodeRuneInString(w)
	_, m := utf8.DecodeRuneInString(w[n:])
	switch w[:n+m] {
	case "ян", "фе", "ма", "ап", "ав", "ию", "се", "ок", "но", "де",
		"ja", "fe", "ma", "ap", "au", "ju", "se", "oc", "no", "de":
		return monthByStem(w)
	}
	return 0
}

// monthByStem is monthOf by the months' stems alone: the table, for
// every word, without monthOf's first-letter shortcut.
func monthByStem(w string) int {
	if w == "мая" || w == "май" || w == "may" {
		return 5
	}
	stems := [][]string{
		{"январ", "jan"}, {"феврал", "feb"}, {"март", "mar"}, {"апрел", "apr"}, {}, {"июн", "jun"},
		{"июл", "jul"}, {"август", "aug"}, {"сентябр", "sep"}, {"октябр", "oct"}, {"ноябр", "nov"}, {"декабр", "dec"},
	}
	for m, ss := range stems {
		for _, s := range ss {
			if strings.HasPrefix(w, s) && (len(s) > 3 || len(w) == 3 || englishMonth(w)) {
				return m + 1
			}
		}
	}
	return 0
}

// englishMonth reports a full English month name.
func englishMonth(w string) bool {
	switch w {
	case "january", "february", "march", "april", "june", "july", "august", "september", "october", "november", "december":
		return true
	}
	return false
}
