package storage

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// readGameJSON reads a game's row (games.state). A tournament read from
// its rows reads every game's (105 for 15 players), which encoding/json
// made most of the read's cost, so the rows as gameJSON writes them, and
// as encoding/json wrote them in older versions, are read by hand: the
// usual fields, in any order, strings with any escape but a surrogate's,
// null for a list or a pointer. Anything else (a field of the rare ones:
// penalties, variants, a draw offer, a held reply, a stop, a refused
// repetition; a key twice or of another spelling; a number that is not a
// plain integer or does not fit; malformed JSON) goes to encoding/json,
// which reads every row as before (TestReadGameJSON_AsEncodingJSON,
// FuzzReadGameJSON).
func readGameJSON(b string) (corr.Game, error) {
	r := gameReader{b: b}
	if g, ok := r.game(); ok {
		return g, nil
	}
	var g corr.Game
	err := json.Unmarshal([]byte(b), &g)
	return g, err
}

// gameReader reads one row; bad set (or a method returning false) leaves
// it to encoding/json. Objects and arrays are read by loops over next,
// not by callbacks, which would put every value they fill on the heap.
type gameReader struct {
	b   string
	i   int
	bad bool
}

func (r *gameReader) eat(c byte) bool {
	if r.i < len(r.b) && r.b[r.i] == c {
		r.i++
		return true
	}
	return false
}

// next reports whether an object or array whose opening r ate, ending
// with end, has another member, eating the comma before it; first is set
// until the first member. A key is read by the caller, with its colon.
func (r *gameReader) next(end byte, first *bool) bool {
	if r.bad {
		return false
	}
	if r.eat(end) {
		return false
	}
	if *first {
		*first = false
		return true
	}
	if r.eat(',') {
		return true
	}
	r.bad = true
	return false
}

// key reads an object's key and its colon, without copying it: every
// key is one of the few the reader knows, or the row is left.
func (r *gameReader) key() string {
	k, plain, ok := r.strRaw()
	if !ok || !plain || !r.eat(':') {
		r.bad = true
	}
	return k
}

func (r *gameReader) null() bool {
	if len(r.b)-r.i >= 4 && string(r.b[r.i:r.i+4]) == "null" {
		r.i += 4
		return true
	}
	return false
}

// str reads a string: its bytes as they are when they hold no escape,
// else unescaped; invalid UTF-8 or a control is left to encoding/json.
func (r *gameReader) str() (string, bool) {
	raw, plain, ok := r.strRaw()
	if !ok {
		return "", false
	}
	if plain {
		return strings.Clone(raw), true // not the whole row kept with the game
	}
	return unescape(raw)
}

// strRaw reads a string's bytes between its quotes, and whether they
// hold no escape.
func (r *gameReader) strRaw() (raw string, plain, ok bool) {
	if !r.eat('"') {
		return "", false, false
	}
	start := r.i
	plain = true
	for ; r.i < len(r.b) && r.b[r.i] != '"'; r.i++ {
		switch c := r.b[r.i]; {
		case c == '\\':
			plain = false
			r.i++
		case c < ' ':
			return "", false, false
		}
	}
	if r.i >= len(r.b) {
		return "", false, false
	}
	raw = r.b[start:r.i]
	r.i++
	return raw, plain, utf8.ValidString(raw)
}

// unescape is the JSON string raw (between its quotes) unescaped; a
// surrogate's escape is left to encoding/json.
func unescape(raw string) (string, bool) {
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		i++
		if i >= len(raw) {
			return "", false
		}
		switch raw[i] {
		case '"', '\\', '/':
			out = append(out, raw[i])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			if i+4 >= len(raw) {
				return "", false
			}
			v, err := strconv.ParseUint(raw[i+1:i+5], 16, 16)
			if err != nil || v >= 0xD800 && v < 0xE000 {
				return "", false
			}
			out = utf8.AppendRune(out, rune(v))
			i += 4
		default:
			return "", false
		}
	}
	return string(out), true
}

// digits reads a plain integer's digits, which must fit a uint64.
func (r *gameReader) digits() (uint64, bool) {
	start := r.i
	var u uint64
	for r.i < len(r.b) && r.b[r.i] >= '0' && r.b[r.i] <= '9' {
		d := uint64(r.b[r.i] - '0')
		if u > (math.MaxUint64-d)/10 {
			return 0, false
		}
		u = u*10 + d
		r.i++
	}
	if r.i == start || r.b[start] == '0' && r.i-start > 1 {
		return 0, false
	}
	if r.i < len(r.b) && (r.b[r.i] == '.' || r.b[r.i] == 'e' || r.b[r.i] == 'E') {
		return 0, false
	}
	return u, true
}

// integer reads a plain integer within [lo, hi].
func (r *gameReader) integer(lo, hi int64) (int64, bool) {
	neg := r.eat('-')
	u, ok := r.digits()
	var v int64
	switch {
	case !ok:
		return 0, false
	case !neg && u <= math.MaxInt64:
		v = int64(u)
	case neg && u <= 1<<63:
		v = -int64(u-1) - 1
	default:
		return 0, false
	}
	return v, v >= lo && v <= hi
}

func (r *gameReader) intInto(p *int) bool {
	v, ok := r.integer(math.MinInt64, math.MaxInt64)
	*p = int(v)
	return ok
}

func (r *gameReader) boolean(p *bool) bool {
	switch {
	case len(r.b)-r.i >= 4 && string(r.b[r.i:r.i+4]) == "true":
		*p, r.i = true, r.i+4
	case len(r.b)-r.i >= 5 && string(r.b[r.i:r.i+5]) == "false":
		*p, r.i = false, r.i+5
	default:
		return false
	}
	return true
}

// date reads a date as its UnmarshalText does: "" is no date, else
// YYYY-MM-DD, a day the calendar has; anything else is left to
// encoding/json.
func (r *gameReader) date(d *timecontrol.Date) bool {
	raw, plain, ok := r.strRaw()
	if !ok || !plain {
		return false
	}
	if raw == "" {
		*d = timecontrol.Date{}
		return true
	}
	if len(raw) != 10 || raw[4] != '-' || raw[7] != '-' {
		return false
	}
	y, ok1 := fixedDigits(raw[:4])
	m, ok2 := fixedDigits(raw[5:7])
	day, ok3 := fixedDigits(raw[8:])
	if !ok1 || !ok2 || !ok3 || y < 1 || m < 1 || m > 12 || day < 1 {
		return false
	}
	v := timecontrol.NewDate(y, time.Month(m), day) // normalised as time.Date does
	if day > 28 && v.Day() != day {                 // past the month's last day
		return false
	}
	*d = v
	return true
}

// fixedDigits reads s, decimal digits only.
func fixedDigits(s string) (int, bool) {
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, true
}

// seen reports whether bit was set in *keys, and sets it: a key twice
// is left to encoding/json.
func seen(keys *uint64, bit uint) bool {
	was := *keys&(1<<bit) != 0
	*keys |= 1 << bit
	return was
}

// field reads field k of a game into g; false leaves the row to
// encoding/json.
func (r *gameReader) field(g *corr.Game, k string, keys *uint64) bool {
	var ok bool
	switch k {
	case "Code":
		g.Code, ok = r.str()
		return !seen(keys, 0) && ok
	case "White":
		return !seen(keys, 1) && r.intInto(&g.White)
	case "Black":
		return !seen(keys, 2) && r.intInto(&g.Black)
	case "Status":
		var s int
		ok = r.intInto(&s)
		g.Status = corr.Status(s)
		return !seen(keys, 3) && ok
	case "Result":
		g.Result, ok = r.str()
		return !seen(keys, 4) && ok
	case "Plies":
		g.Plies, ok = r.plies()
		return !seen(keys, 5) && ok
	case "Replies":
		g.Replies, ok = r.replies()
		return !seen(keys, 6) && ok
	case "Known":
		return !seen(keys, 7) && r.pair(&g.Known)
	case "Slips":
		return !seen(keys, 8) && r.pair(&g.Slips)
	case "Letters":
		return !seen(keys, 9) && r.stringLists(&g.Letters)
	case "Reminded":
		return !seen(keys, 10) && r.date(&g.Reminded)
	case "Inquired":
		return !seen(keys, 11) && r.boolean(&g.Inquired)
	case "StartListReceived":
		if seen(keys, 12) || !r.eat('[') {
			return false
		}
		i := 0
		for first := true; r.next(']', &first); i++ {
			if i >= 2 || !r.date(&g.StartListReceived[i]) {
				return false
			}
		}
		return !r.bad
	case "Round":
		return !seen(keys, 13) && r.intInto(&g.Round)
	case "Start":
		return !seen(keys, 14) && r.date(&g.Start)
	case "End":
		return !seen(keys, 15) && r.date(&g.End)
	case "Charged": // [null,null] in every row encoding/json wrote
		return !seen(keys, 16) && r.stringLists(&g.Charged)
	case "Penalties", "Variants", "Draw", "LastOffer", "Claims", "Held", "Stopped", "Sent":
		return r.null() // encoding/json's null leaves the zero value
	}
	return false
}

// game reads the row whole; false leaves it to encoding/json.
func (r *gameReader) game() (corr.Game, bool) {
	var g corr.Game
	var keys uint64
	if !r.eat('{') {
		return g, false
	}
	for first := true; r.next('}', &first); {
		if k := r.key(); r.bad || !r.field(&g, k, &keys) {
			return g, false
		}
	}
	return g, !r.bad && r.i == len(r.b)
}

// pair reads a pair of ints, as [2]int: fewer leave zeros, more fail.
func (r *gameReader) pair(p *[2]int) bool {
	if !r.eat('[') {
		return false
	}
	i := 0
	for first := true; r.next(']', &first); i++ {
		if i >= 2 || !r.intInto(&p[i]) {
			return false
		}
	}
	return !r.bad
}

// stringLists reads the two sides' lists of strings (null: nil).
func (r *gameReader) stringLists(p *[2][]string) bool {
	if !r.eat('[') {
		return false
	}
	i := 0
	for first := true; r.next(']', &first); i++ {
		if i >= 2 {
			return false
		}
		if r.null() {
			continue
		}
		if !r.eat('[') {
			return false
		}
		p[i] = []string{}
		for first := true; r.next(']', &first); {
			s, ok := r.str()
			if !ok {
				return false
			}
			p[i] = append(p[i], s)
		}
	}
	return !r.bad
}

// plies reads the game's plies (null: nil).
func (r *gameReader) plies() ([]corr.Ply, bool) {
	if r.null() {
		return nil, true
	}
	if !r.eat('[') {
		return nil, false
	}
	ps := []corr.Ply{}
	for first := true; r.next(']', &first); {
		var p corr.Ply
		var keys uint64
		if !r.eat('{') {
			return nil, false
		}
		for first := true; r.next('}', &first); {
			var ok bool
			switch k := r.key(); k {
			case "Move":
				ok = !seen(&keys, 0) && r.move(&p.Move)
			case "Text":
				p.Text, ok = r.str()
				ok = !seen(&keys, 1) && ok
			case "Forced":
				ok = !seen(&keys, 2) && r.boolean(&p.Forced)
			case "Variant":
				ok = !seen(&keys, 3) && r.boolean(&p.Variant)
			case "Corrected":
				ok = !seen(&keys, 4) && r.boolean(&p.Corrected)
			}
			if !ok || r.bad {
				return nil, false
			}
		}
		ps = append(ps, p)
	}
	return ps, !r.bad
}

func (r *gameReader) move(m *draughts.Move) bool {
	var keys uint64
	if !r.eat('{') {
		return false
	}
	for first := true; r.next('}', &first); {
		var ok bool
		switch k := r.key(); k {
		case "From", "To":
			v, fits := r.digits() // no sign: encoding/json reads none, not even -0, into a Square
			fits = fits && v <= math.MaxUint8
			if k == "From" {
				m.From, ok = draughts.Square(v), !seen(&keys, 0) && fits
			} else {
				m.To, ok = draughts.Square(v), !seen(&keys, 1) && fits
			}
		case "King":
			ok = !seen(&keys, 2) && r.boolean(&m.King)
		case "Promotes":
			ok = !seen(&keys, 3) && r.boolean(&m.Promotes)
		case "Captured":
			v, fits := r.digits()
			m.Captured, ok = draughts.Bitboard(v), !seen(&keys, 4) && fits
		}
		if !ok || r.bad {
			return false
		}
	}
	return !r.bad
}

// replies reads the ledger's replies (null: nil).
func (r *gameReader) replies() ([]timecontrol.Reply, bool) {
	if r.null() {
		return nil, true
	}
	if !r.eat('[') {
		return nil, false
	}
	xs := []timecontrol.Reply{}
	for first := true; r.next(']', &first); {
		var x timecontrol.Reply
		var keys uint64
		if !r.eat('{') {
			return nil, false
		}
		for first := true; r.next('}', &first); {
			var ok bool
			switch k := r.key(); k {
			case "Player":
				v, fits := r.integer(math.MinInt8, math.MaxInt8)
				x.Player, ok = timecontrol.Color(v), !seen(&keys, 0) && fits
			case "Received":
				ok = !seen(&keys, 1) && r.date(&x.Received)
			case "Sent":
				ok = !seen(&keys, 2) && r.date(&x.Sent)
			case "Postmark":
				ok = !seen(&keys, 3) && r.date(&x.Postmark)
			case "Corrected":
				ok = !seen(&keys, 4) && r.boolean(&x.Corrected)
			case "Moves":
				ok = !seen(&keys, 5) && r.intInto(&x.Moves)
			case "VariantMoves":
				ok = !seen(&keys, 6) && r.intInto(&x.VariantMoves)
			case "Text":
				x.Text, ok = r.str()
				ok = !seen(&keys, 7) && ok
			}
			if !ok || r.bad {
				return nil, false
			}
		}
		xs = append(xs, x)
	}
	return xs, !r.bad
}
