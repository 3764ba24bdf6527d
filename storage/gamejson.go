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
// claims, which are rows of their own (claim.go). Every letter writes its
// game's row, so the JSON is appended by hand, field by field in the
// order of the types' declarations, instead of by encoding/json's
// reflection: the bytes are those json.Marshal writes (compared on random
// games by TestGameJSON_AsEncodingJSON, FuzzGameJSON), so the rows of
// older versions and of this one read alike.
func gameJSON(g corr.Game) ([]byte, error) {
	b := make([]byte, 0, 320+48*len(g.Plies)+112*len(g.Replies))
	b = appendString(append(b, `{"Code":`...), g.Code)
	b = strconv.AppendInt(append(b, `,"White":`...), int64(g.White), 10)
	b = strconv.AppendInt(append(b, `,"Black":`...), int64(g.Black), 10)
	b = strconv.AppendInt(append(b, `,"Status":`...), int64(g.Status), 10)
	b = appendString(append(b, `,"Result":`...), g.Result)
	b = appendPlies(append(b, `,"Plies":`...), g.Plies)
	b = append(b, `,"Replies":`...)
	if g.Replies == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, r := range g.Replies {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendReply(b, r)
		}
		b = append(b, ']')
	}
	b = append(b, `,"Penalties":`...)
	if g.Penalties == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, p := range g.Penalties {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendPenalty(b, p)
		}
		b = append(b, ']')
	}
	b = append(b, `,"Variants":`...)
	if g.Variants == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, v := range g.Variants {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendUint(append(b, `{"By":`...), uint64(v.By), 10)
			b = appendString(append(b, `,"Label":`...), v.Label)
			b = append(b, `,"Line":`...)
			if v.Line == nil {
				b = append(b, "null"...)
			} else {
				b = append(b, '[')
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
	b = append(b, `,"Draw":`...)
	if g.Draw == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendUint(append(b, `{"By":`...), uint64(g.Draw.By), 10)
		b = append(strconv.AppendInt(append(b, `,"Ply":`...), int64(g.Draw.Ply), 10), '}')
	}
	b = appendColor(append(b, `,"LastOffer":`...), g.LastOffer)
	b = append(b, `,"Claims":null,"Held":`...)
	if h := g.Held; h == nil {
		b = append(b, "null"...)
	} else {
		b = appendPlies(append(b, `{"Plies":`...), h.Plies)
		b = appendDate(append(b, `,"Received":`...), h.Received)
		b = appendDate(append(b, `,"Sent":`...), h.Sent)
		b = strconv.AppendInt(append(b, `,"Counted":`...), int64(h.Counted), 10)
		b = append(appendString(append(b, `,"Letter":`...), h.Letter), '}')
	}
	b = appendColor(append(b, `,"Stopped":`...), g.Stopped)
	if len(g.Sent) > 0 {
		// A refused repetition's moves, rare: letter.Move marshals itself.
		sent, err := json.Marshal(g.Sent)
		if err != nil {
			return nil, err
		}
		b = append(append(b, `,"Sent":`...), sent...)
	}
	b = appendInts(append(b, `,"Known":`...), g.Known)
	b = appendInts(append(b, `,"Slips":`...), g.Slips)
	b = appendStringLists(append(b, `,"Letters":`...), g.Letters)
	b = appendStringLists(append(b, `,"Charged":`...), g.Charged) // omitempty never omits an array of two
	b = appendDate(append(b, `,"Reminded":`...), g.Reminded)
	b = strconv.AppendBool(append(b, `,"Inquired":`...), g.Inquired)
	b = appendDate(append(b, `,"StartListReceived":[`...), g.StartListReceived[0])
	b = append(appendDate(append(b, ','), g.StartListReceived[1]), ']')
	b = strconv.AppendInt(append(b, `,"Round":`...), int64(g.Round), 10)
	b = appendDate(append(b, `,"Start":`...), g.Start)
	b = appendDate(append(b, `,"End":`...), g.End)
	return append(b, '}'), nil
}

// appendPlies appends plies as encoding/json writes them.
func appendPlies(b []byte, ps []corr.Ply) []byte {
	if ps == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, p := range ps {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendMove(append(b, `{"Move":`...), p.Move)
		b = appendString(append(b, `,"Text":`...), p.Text)
		b = strconv.AppendBool(append(b, `,"Forced":`...), p.Forced)
		b = strconv.AppendBool(append(b, `,"Variant":`...), p.Variant)
		b = append(strconv.AppendBool(append(b, `,"Corrected":`...), p.Corrected), '}')
	}
	return append(b, ']')
}

// appendMove appends a draughts move as encoding/json writes it.
func appendMove(b []byte, m draughts.Move) []byte {
	b = strconv.AppendUint(append(b, `{"From":`...), uint64(m.From), 10)
	b = strconv.AppendUint(append(b, `,"To":`...), uint64(m.To), 10)
	b = strconv.AppendBool(append(b, `,"King":`...), m.King)
	b = strconv.AppendBool(append(b, `,"Promotes":`...), m.Promotes)
	return append(strconv.AppendUint(append(b, `,"Captured":`...), uint64(m.Captured), 10), '}')
}

// appendReply appends a ledger's reply as encoding/json writes it.
func appendReply(b []byte, r timecontrol.Reply) []byte {
	b = strconv.AppendInt(append(b, `{"Player":`...), int64(r.Player), 10)
	b = appendDate(append(b, `,"Received":`...), r.Received)
	b = appendDate(append(b, `,"Sent":`...), r.Sent)
	b = appendDate(append(b, `,"Postmark":`...), r.Postmark)
	b = strconv.AppendBool(append(b, `,"Corrected":`...), r.Corrected)
	b = strconv.AppendInt(append(b, `,"Moves":`...), int64(r.Moves), 10)
	b = strconv.AppendInt(append(b, `,"VariantMoves":`...), int64(r.VariantMoves), 10)
	return append(appendString(append(b, `,"Text":`...), r.Text), '}')
}

// appendPenalty appends a penalty as encoding/json writes it.
func appendPenalty(b []byte, p timecontrol.Penalty) []byte {
	b = strconv.AppendInt(append(b, `{"Player":`...), int64(p.Player), 10)
	b = strconv.AppendInt(append(b, `,"Days":`...), int64(p.Days), 10)
	b = appendDate(append(b, `,"Date":`...), p.Date)
	b = appendString(append(b, `,"Clause":`...), p.Clause)
	b = appendString(append(b, `,"Reason":`...), p.Reason)
	if p.ReasonEn != "" {
		b = appendString(append(b, `,"ReasonEn":`...), p.ReasonEn)
	}
	return append(b, '}')
}

// appendColor appends a side or null.
func appendColor(b []byte, c *draughts.Color) []byte {
	if c == nil {
		return append(b, "null"...)
	}
	return strconv.AppendUint(b, uint64(*c), 10)
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
