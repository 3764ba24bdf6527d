package storage

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// gameJSON is the game's state as games.state keeps it: without its
// claims, which are rows of their own (claim.go), and, given the game
// withoutLists, without its growing lists, whose items (appendPly,
// appendReply, appendString) are rows of game_lists (gamelists.go); the
// game read back is this JSON of the whole game. Every letter writes its
// game's row, so the JSON is appended by hand, field by field in the
// order of the types' declarations, instead of by encoding/json's
// reflection, and small: a field of its type's zero value (false, 0, "",
// no date, a nil list or pointer) is left out, which encoding/json reads
// as that zero value, so that the row is about half what json.Marshal
// writes, and less to write again for every letter as the game grows. It
// reads as json.Marshal's bytes read (compared on random games by
// TestGameJSON_ReadsAsEncodingJSON, FuzzGameJSON), so the rows of older
// versions and of this one read alike, either way.
func gameJSON(g corr.Game) ([]byte, error) {
	b := make([]byte, 0, 160+40*len(g.Plies)+64*len(g.Replies))
	o := len(b)
	b = append(b, '{')
	b = appendStringField(b, o, "Code", g.Code)
	b = appendIntField(b, o, "White", int64(g.White))
	b = appendIntField(b, o, "Black", int64(g.Black))
	b = appendIntField(b, o, "Status", int64(g.Status))
	b = appendStringField(b, o, "Result", g.Result)
	if g.Plies != nil {
		b = appendPlies(key(b, o, "Plies"), g.Plies)
	}
	if g.Replies != nil {
		b = append(key(b, o, "Replies"), '[')
		for i, r := range g.Replies {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendReply(b, r)
		}
		b = append(b, ']')
	}
	if g.Penalties != nil {
		b = append(key(b, o, "Penalties"), '[')
		for i, p := range g.Penalties {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendPenalty(b, p)
		}
		b = append(b, ']')
	}
	if g.Variants != nil {
		b = append(key(b, o, "Variants"), '[')
		for i, v := range g.Variants {
			if i > 0 {
				b = append(b, ',')
			}
			vo := len(b)
			b = append(b, '{')
			b = appendIntField(b, vo, "By", int64(v.By))
			b = appendStringField(b, vo, "Label", v.Label)
			if v.Line != nil {
				b = append(key(b, vo, "Line"), '[')
				for k, m := range v.Line {
					if k > 0 {
						b = append(b, ',')
					}
					b = appendMove(b, m)
				}
				b = append(b, ']')
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if d := g.Draw; d != nil {
		b = key(b, o, "Draw")
		do := len(b)
		b = append(b, '{')
		b = appendIntField(b, do, "By", int64(d.By))
		b = append(appendIntField(b, do, "Ply", int64(d.Ply)), '}')
	}
	if g.LastOffer != nil {
		b = strconv.AppendUint(key(b, o, "LastOffer"), uint64(*g.LastOffer), 10)
	}
	if h := g.Held; h != nil {
		b = key(b, o, "Held")
		ho := len(b)
		b = append(b, '{')
		if h.Plies != nil {
			b = appendPlies(key(b, ho, "Plies"), h.Plies)
		}
		b = appendDateField(b, ho, "Received", h.Received)
		b = appendDateField(b, ho, "Sent", h.Sent)
		b = appendIntField(b, ho, "Counted", int64(h.Counted))
		b = append(appendStringField(b, ho, "Letter", h.Letter), '}')
	}
	if g.Stopped != nil {
		b = strconv.AppendUint(key(b, o, "Stopped"), uint64(*g.Stopped), 10)
	}
	if len(g.Sent) > 0 {
		// A refused repetition's moves, rare: letter.Move marshals itself.
		sent, err := json.Marshal(g.Sent)
		if err != nil {
			return nil, err
		}
		b = append(key(b, o, "Sent"), sent...)
	}
	if g.Known != [2]int{} {
		b = appendInts(key(b, o, "Known"), g.Known)
	}
	if g.Slips != [2]int{} {
		b = appendInts(key(b, o, "Slips"), g.Slips)
	}
	if g.Letters[0] != nil || g.Letters[1] != nil {
		b = appendStringLists(key(b, o, "Letters"), g.Letters)
	}
	if g.Charged[0] != nil || g.Charged[1] != nil {
		b = appendStringLists(key(b, o, "Charged"), g.Charged)
	}
	b = appendDateField(b, o, "Reminded", g.Reminded)
	b = appendBoolField(b, o, "Inquired", g.Inquired)
	if g.StartListReceived != [2]timecontrol.Date{} {
		b = appendDate(append(key(b, o, "StartListReceived"), '['), g.StartListReceived[0])
		b = append(appendDate(append(b, ','), g.StartListReceived[1]), ']')
	}
	b = appendIntField(b, o, "Round", int64(g.Round))
	b = appendDateField(b, o, "Start", g.Start)
	b = appendDateField(b, o, "End", g.End)
	return append(b, '}'), nil
}

// key appends the name of a field of the object whose '{' is at b[open],
// after a comma unless it is the object's first.
func key(b []byte, open int, name string) []byte {
	if len(b) > open+1 {
		b = append(b, ',')
	}
	b = append(append(append(b, '"'), name...), '"', ':')
	return b
}

// appendIntField appends field name of value v, unless it is 0.
func appendIntField(b []byte, open int, name string, v int64) []byte {
	if v == 0 {
		return b
	}
	return strconv.AppendInt(key(b, open, name), v, 10)
}

// appendBoolField appends field name, unless it is false.
func appendBoolField(b []byte, open int, name string, v bool) []byte {
	if !v {
		return b
	}
	return append(key(b, open, name), "true"...)
}

// appendStringField appends field name of value s, unless it is "".
func appendStringField(b []byte, open int, name, s string) []byte {
	if s == "" {
		return b
	}
	return appendString(key(b, open, name), s)
}

// appendDateField appends field name of date d, unless it is no date.
func appendDateField(b []byte, open int, name string, d timecontrol.Date) []byte {
	if d.IsZero() {
		return b
	}
	return appendDate(key(b, open, name), d)
}

// appendPlies appends plies, not nil.
func appendPlies(b []byte, ps []corr.Ply) []byte {
	b = append(b, '[')
	for i, p := range ps {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendPly(b, p)
	}
	return append(b, ']')
}

// appendPly appends a ply.
func appendPly(b []byte, p corr.Ply) []byte {
	o := len(b)
	b = append(b, '{')
	if p.Move != (draughts.Move{}) {
		b = appendMove(key(b, o, "Move"), p.Move)
	}
	b = appendStringField(b, o, "Text", p.Text)
	b = appendBoolField(b, o, "Forced", p.Forced)
	b = appendBoolField(b, o, "Variant", p.Variant)
	return append(appendBoolField(b, o, "Corrected", p.Corrected), '}')
}

// appendMove appends a draughts move.
func appendMove(b []byte, m draughts.Move) []byte {
	o := len(b)
	b = append(b, '{')
	b = appendIntField(b, o, "From", int64(m.From))
	b = appendIntField(b, o, "To", int64(m.To))
	b = appendBoolField(b, o, "King", m.King)
	b = appendBoolField(b, o, "Promotes", m.Promotes)
	if m.Captured != 0 {
		b = strconv.AppendUint(key(b, o, "Captured"), uint64(m.Captured), 10)
	}
	return append(b, '}')
}

// appendReply appends a ledger's reply.
func appendReply(b []byte, r timecontrol.Reply) []byte {
	o := len(b)
	b = append(b, '{')
	b = appendIntField(b, o, "Player", int64(r.Player))
	b = appendDateField(b, o, "Received", r.Received)
	b = appendDateField(b, o, "Sent", r.Sent)
	b = appendDateField(b, o, "Postmark", r.Postmark)
	b = appendBoolField(b, o, "Corrected", r.Corrected)
	b = appendIntField(b, o, "Moves", int64(r.Moves))
	b = appendIntField(b, o, "VariantMoves", int64(r.VariantMoves))
	return append(appendStringField(b, o, "Text", r.Text), '}')
}

// appendPenalty appends a penalty.
func appendPenalty(b []byte, p timecontrol.Penalty) []byte {
	o := len(b)
	b = append(b, '{')
	b = appendIntField(b, o, "Player", int64(p.Player))
	b = appendIntField(b, o, "Days", int64(p.Days))
	b = appendDateField(b, o, "Date", p.Date)
	b = appendStringField(b, o, "Clause", p.Clause)
	b = appendStringField(b, o, "Reason", p.Reason)
	return append(appendStringField(b, o, "ReasonEn", p.ReasonEn), '}')
}

// appendInts appends a pair of ints.
func appendInts(b []byte, v [2]int) []byte {
	b = strconv.AppendInt(append(b, '['), int64(v[0]), 10)
	return append(strconv.AppendInt(append(b, ','), int64(v[1]), 10), ']')
}

// appendStringLists appends a pair of string lists (nil is null).
func appendStringLists(b []byte, v [2][]string) []byte {
	b = append(b, '[')
	for i, l := range v {
		if i > 0 {
			b = append(b, ',')
		}
		if l == nil {
			b = append(b, "null"...)
			continue
		}
		b = append(b, '[')
		for k, s := range l {
			if k > 0 {
				b = append(b, ',')
			}
			b = appendString(b, s)
		}
		b = append(b, ']')
	}
	return append(b, ']')
}

// appendDate appends a date as its MarshalText does, as a JSON string
// ("" for the zero date).
func appendDate(b []byte, d timecontrol.Date) []byte {
	return append(d.AppendISO(append(b, '"')), '"')
}

// appendString appends s as a JSON string the way encoding/json does:
// HTML's <, > and & escaped, invalid UTF-8 as U+FFFD, U+2028 and U+2029
// escaped.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(append(b, s[start:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(append(b, s[start:]...), '"')
}
