package storage

import (
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// readGameJSON reads a game's row (games.state). A tournament read from
// its rows reads every game's (105 for 15 players), which encoding/json
// made most of the read's cost, so the rows as gameJSON writes them are
// read by hand: the usual fields, in any order, strings with any escape,
// null for a list or a pointer. Anything else (a field of the rare ones:
// penalties, variants, a draw offer, a held reply, a stop, a refused
// repetition, charged letters; a key twice or of another spelling; a
// number that is not a plain integer or does not fit; malformed JSON)
// goes to encoding/json, which reads every row as before
// (TestReadGameJSON_AsEncodingJSON, FuzzReadGameJSON).
func readGameJSON(b []byte) (corr.Game, error) {
	r := gameReader{b: b}
	if g, ok := r.game(); ok {
		return g, nil
	}
	var g corr.Game
	err := json.Unmarshal(b, &g)
	return g, err
}

// gameReader reads one row; a method returning false leaves the row to
// encoding/json.
type gameReader struct {
	b []byte
	i int
}

func (r *gameReader) eat(c byte) bool {
	if r.i < len(r.b) && r.b[r.i] == c {
		r.i++
		return true
	}
	return false
}

// object reads an object, calling field for each key after its colon.
func (r *gameReader) object(field func(key string) bool) bool {
	if !r.eat('{') {
		return false
	}
	if r.eat('}') {
		return true
	}
	for {
		k, ok := r.str()
		if !ok || !r.eat(':') || !field(k) {
			return false
		}
		if r.eat('}') {
			return true
		}
		if !r.eat(',') {
			return false
		}
	}
}

// array reads an array, calling elem for each element; null is false
// for null (a nil list), else ok.
func (r *gameReader) array(elem func() bool) (null, ok bool) {
	if r.null() {
		return true, true
	}
	if !r.eat('[') {
		return false, false
	}
	if r.eat(']') {
		return false, true
	}
	for {
		if !elem() {
			return false, false
		}
		if r.eat(']') {
			return false, true
		}
		if !r.eat(',') {
			return false, false
		}
	}
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
	if !r.eat('"') {
		return "", false
	}
	start, plain := r.i, true
	for ; r.i < len(r.b) && r.b[r.i] != '"'; r.i++ {
		switch c := r.b[r.i]; {
		case c == '\\':
			plain = false
			r.i++
		case c < ' ':
			return "", false
		}
	}
	if r.i >= len(r.b) {
		return "", false
	}
	raw := r.b[start:r.i]
	r.i++
	if !utf8.Valid(raw) {
		return "", false
	}
	if plain {
		return string(raw), true
	}
	return unescape(raw)
}

// unescape is the JSON string raw (between its quotes) unescaped; a
// surrogate's escape is left to encoding/json.
func unescape(raw []byte) (string, bool) {
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
			v, err := strconv.ParseUint(string(raw[i+1:i+5]), 16, 16)
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

func (r *gameReader) date(d *timecontrol.Date) bool {
	s, ok := r.str()
	return ok && d.UnmarshalText([]byte(s)) == nil
}

// seen reports whether bit was set in *keys, and sets it: a key twice
// is left to encoding/json.
func seen(keys *uint64, bit uint) bool {
	was := *keys&(1<<bit) != 0
	*keys |= 1 << bit
	return was
}

// game reads the row whole; false leaves it to encoding/json.
func (r *gameReader) game() (corr.Game, bool) {
	var g corr.Game
	var keys uint64
	ok := r.object(func(k string) bool {
		switch k {
		case "Code":
			var ok bool
			g.Code, ok = r.str()
			return !seen(&keys, 0) && ok
		case "White":
			return !seen(&keys, 1) && r.intInto(&g.White)
		case "Black":
			return !seen(&keys, 2) && r.intInto(&g.Black)
		case "Status":
			var s int
			ok := r.intInto(&s)
			g.Status = corr.Status(s)
			return !seen(&keys, 3) && ok
		case "Result":
			var ok bool
			g.Result, ok = r.str()
			return !seen(&keys, 4) && ok
		case "Plies":
			var ok bool
			g.Plies, ok = r.plies()
			return !seen(&keys, 5) && ok
		case "Replies":
			null, ok := r.array(func() bool {
				var x timecontrol.Reply
				ok := r.reply(&x)
				g.Replies = append(g.Replies, x)
				return ok
			})
			if !null && g.Replies == nil {
				g.Replies = []timecontrol.Reply{}
			}
			return !seen(&keys, 6) && ok
		case "Known":
			return !seen(&keys, 7) && r.pair(&g.Known)
		case "Slips":
			return !seen(&keys, 8) && r.pair(&g.Slips)
		case "Letters":
			return !seen(&keys, 9) && r.stringLists(&g.Letters)
		case "Reminded":
			return !seen(&keys, 10) && r.date(&g.Reminded)
		case "Inquired":
			return !seen(&keys, 11) && r.boolean(&g.Inquired)
		case "StartListReceived":
			i := 0
			null, ok := r.array(func() bool {
				i++
				return i <= 2 && r.date(&g.StartListReceived[i-1])
			})
			return !seen(&keys, 12) && !null && ok
		case "Round":
			return !seen(&keys, 13) && r.intInto(&g.Round)
		case "Start":
			return !seen(&keys, 14) && r.date(&g.Start)
		case "End":
			return !seen(&keys, 15) && r.date(&g.End)
		case "Penalties", "Variants", "Draw", "LastOffer", "Claims", "Held", "Stopped", "Charged", "Sent":
			return r.null() // encoding/json's null leaves the zero value
		}
		return false
	})
	return g, ok && r.i == len(r.b)
}

// pair reads a pair of ints, as [2]int: fewer leave zeros, more fail.
func (r *gameReader) pair(p *[2]int) bool {
	i := 0
	null, ok := r.array(func() bool {
		i++
		return i <= 2 && r.intInto(&p[i-1])
	})
	return !null && ok
}

// stringLists reads the two sides' lists of strings.
func (r *gameReader) stringLists(p *[2][]string) bool {
	i := 0
	null, ok := r.array(func() bool {
		i++
		if i > 2 {
			return false
		}
		l := &p[i-1]
		null, ok := r.array(func() bool {
			s, ok := r.str()
			*l = append(*l, s)
			return ok
		})
		if !null && *l == nil {
			*l = []string{}
		}
		return ok
	})
	return !null && ok
}

func (r *gameReader) plies() ([]corr.Ply, bool) {
	var ps []corr.Ply
	null, ok := r.array(func() bool {
		var p corr.Ply
		var keys uint64
		ok := r.object(func(k string) bool {
			switch k {
			case "Move":
				return !seen(&keys, 0) && r.move(&p.Move)
			case "Text":
				var ok bool
				p.Text, ok = r.str()
				return !seen(&keys, 1) && ok
			case "Forced":
				return !seen(&keys, 2) && r.boolean(&p.Forced)
			case "Variant":
				return !seen(&keys, 3) && r.boolean(&p.Variant)
			case "Corrected":
				return !seen(&keys, 4) && r.boolean(&p.Corrected)
			}
			return false
		})
		ps = append(ps, p)
		return ok
	})
	if !null && ps == nil {
		ps = []corr.Ply{}
	}
	return ps, ok
}

func (r *gameReader) move(m *draughts.Move) bool {
	var keys uint64
	return r.object(func(k string) bool {
		switch k {
		case "From", "To":
			v, ok := r.integer(0, math.MaxUint8)
			if k == "From" {
				m.From = draughts.Square(v)
				return !seen(&keys, 0) && ok
			}
			m.To = draughts.Square(v)
			return !seen(&keys, 1) && ok
		case "King":
			return !seen(&keys, 2) && r.boolean(&m.King)
		case "Promotes":
			return !seen(&keys, 3) && r.boolean(&m.Promotes)
		case "Captured":
			v, ok := r.digits()
			m.Captured = draughts.Bitboard(v)
			return !seen(&keys, 4) && ok
		}
		return false
	})
}

func (r *gameReader) reply(x *timecontrol.Reply) bool {
	var keys uint64
	return r.object(func(k string) bool {
		switch k {
		case "Player":
			v, ok := r.integer(math.MinInt8, math.MaxInt8)
			x.Player = timecontrol.Color(v)
			return !seen(&keys, 0) && ok
		case "Received":
			return !seen(&keys, 1) && r.date(&x.Received)
		case "Sent":
			return !seen(&keys, 2) && r.date(&x.Sent)
		case "Postmark":
			return !seen(&keys, 3) && r.date(&x.Postmark)
		case "Corrected":
			return !seen(&keys, 4) && r.boolean(&x.Corrected)
		case "Moves":
			return !seen(&keys, 5) && r.intInto(&x.Moves)
		case "VariantMoves":
			return !seen(&keys, 6) && r.intInto(&x.VariantMoves)
		case "Text":
			var ok bool
			x.Text, ok = r.str()
			return !seen(&keys, 7) && ok
		}
		return false
	})
}
