package timecontrol

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// ReadTimeline reads a timeline file (TOML, the layout is in the README:
// "The day ledger (for secretaries)") and checks it with Validate. Every
// problem is reported as a *FieldError in Errors, naming the line, the field
// ("reply #3: sent") and the rule; unknown keys are errors too, so a typo
// never passes silently.
func ReadTimeline(data []byte) (Timeline, error) {
	var raw rawTimeline
	md, err := toml.Decode(string(data), &raw)
	if err != nil {
		return Timeline{}, Errors{syntaxError(err)}
	}
	r := reader{lines: indexLines(string(data)), seen: map[string]int{}}
	for _, k := range md.Undecoded() {
		r.unknown(k)
	}
	t := r.timeline(raw)
	if len(r.errs) > 0 {
		return Timeline{}, r.errs
	}
	if err := t.Validate(); err != nil {
		var es Errors
		errors.As(err, &es)
		for _, e := range es {
			e.Line = r.lines.find(e.Section, e.Index, e.Key)
		}
		return Timeline{}, es
	}
	return t, nil
}

// The file as decoded: every value is kept as TOML gave it, so that the
// reader, not the decoder, says what is wrong with it and where.
type rawTimeline struct {
	White       any         `toml:"white"`
	Black       any         `toml:"black"`
	Start       any         `toml:"start"`
	End         any         `toml:"end"`
	TimeControl rawControl  `toml:"time_control"`
	StartList   rawStart    `toml:"start_list"`
	Break       []rawBreak  `toml:"break"`
	Reply       []rawReply  `toml:"reply"`
	Penalty     []rawPenalt `toml:"penalty"`
}

type rawControl struct {
	Days  any `toml:"days"`
	Moves any `toml:"moves"`
}

type rawStart struct {
	WhiteReceived any `toml:"white_received"`
	BlackReceived any `toml:"black_received"`
}

type rawBreak struct {
	Player    any `toml:"player"`
	From      any `toml:"from"`
	To        any `toml:"to"`
	Announced any `toml:"announced"`
	Granted   any `toml:"granted"`
}

type rawReply struct {
	Player       any `toml:"player"`
	Received     any `toml:"received"`
	Sent         any `toml:"sent"`
	Postmark     any `toml:"postmark"`
	Corrected    any `toml:"corrected"`
	Moves        any `toml:"moves"`
	VariantMoves any `toml:"variant_moves"`
	MoveText     any `toml:"move_text"`
}

type rawPenalt struct {
	Player any `toml:"player"`
	Days   any `toml:"days"`
	Date   any `toml:"date"`
	Clause any `toml:"clause"`
	Reason any `toml:"reason"`
}

// sectionKeys lists the keys each table accepts, for the unknown-key message.
func sectionKeys(section string) string {
	switch section {
	case "":
		return "white, black, start, end, [time_control], [start_list], [[break]], [[reply]], [[penalty]]"
	case "time_control":
		return "days, moves"
	case "start_list":
		return "white_received, black_received"
	case "break":
		return "player, from, to, announced, granted"
	case "reply":
		return "player, received, sent, postmark, corrected, moves, variant_moves, move_text"
	case "penalty":
		return "player, days, date, clause, reason"
	}
	return ""
}

// syntaxError turns a decoder error into a FieldError with its line.
func syntaxError(err error) *FieldError {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		return &FieldError{Line: pe.Position.Line, Key: orFile(pe.LastKey), Msg: "not valid TOML: " + pe.Message}
	}
	return &FieldError{Key: "file", Msg: strings.TrimPrefix(err.Error(), "toml: ")}
}

func orFile(key string) string {
	if key == "" {
		return "file"
	}
	return key
}

// reader converts the raw values, collecting every error.
type reader struct {
	lines lineIndex
	errs  Errors
	seen  map[string]int // unknown keys reported so far, by key path
}

// fail records an error at section #index, key.
func (r *reader) fail(section string, index int, key, clause, format string, args ...any) {
	r.errs = append(r.errs, &FieldError{Section: section, Index: index, Key: key, Clause: clause,
		Line: r.lines.find(section, index, key), Msg: fmt.Sprintf(format, args...)})
}

// unknown reports an undecoded key once: the keys inside an unknown table
// or inside a value are covered by the report on their parent.
func (r *reader) unknown(k toml.Key) {
	section, key := "", k[len(k)-1]
	if len(k) > 2 || len(k) == 2 && sectionKeys(k[0]) == "" {
		return
	}
	if len(k) == 2 {
		section = k[0]
	}
	// The decoder lists a key once per [[table]] it appears in, in file order.
	nth := r.seen[k.String()]
	r.seen[k.String()]++
	index, line := r.lines.nthWith(section, key, nth)
	if line == 0 { // a table: [players] or [[players]]
		_, line = r.lines.nthWith(key, "", nth)
	}
	r.errs = append(r.errs, &FieldError{Section: section, Index: index, Key: key, Line: line,
		Msg: "unknown key; the keys here are " + sectionKeys(section)})
}

func (r *reader) timeline(raw rawTimeline) Timeline {
	t := Timeline{
		White: r.text("", 0, "white", raw.White),
		Black: r.text("", 0, "black", raw.Black),
		Start: r.date("", 0, "start", raw.Start),
		End:   r.date("", 0, "end", raw.End),
		Control: Control{
			Days:  r.integer("time_control", 0, "days", raw.TimeControl.Days, 0),
			Moves: r.integer("time_control", 0, "moves", raw.TimeControl.Moves, 0),
		},
	}
	t.StartListReceived[White] = r.date("start_list", 0, "white_received", raw.StartList.WhiteReceived)
	t.StartListReceived[Black] = r.date("start_list", 0, "black_received", raw.StartList.BlackReceived)
	for i, b := range raw.Break {
		n := i + 1
		t.Breaks = append(t.Breaks, Break{
			Player:    r.player("break", n, b.Player),
			From:      r.date("break", n, "from", b.From),
			To:        r.date("break", n, "to", b.To),
			Announced: r.date("break", n, "announced", b.Announced),
			Granted:   r.boolean("break", n, "granted", b.Granted),
		})
	}
	for i, p := range raw.Reply {
		n := i + 1
		t.Replies = append(t.Replies, Reply{
			Player:       r.player("reply", n, p.Player),
			Received:     r.date("reply", n, "received", p.Received),
			Sent:         r.date("reply", n, "sent", p.Sent),
			Postmark:     r.date("reply", n, "postmark", p.Postmark),
			Corrected:    r.boolean("reply", n, "corrected", p.Corrected),
			Moves:        r.integer("reply", n, "moves", p.Moves, 1),
			VariantMoves: r.integer("reply", n, "variant_moves", p.VariantMoves, 0),
			Text:         r.text("reply", n, "move_text", p.MoveText),
		})
	}
	for i, p := range raw.Penalty {
		n := i + 1
		t.Penalties = append(t.Penalties, Penalty{
			Player: r.player("penalty", n, p.Player),
			Days:   r.integer("penalty", n, "days", p.Days, 0),
			Date:   r.date("penalty", n, "date", p.Date),
			Clause: r.text("penalty", n, "clause", p.Clause),
			Reason: r.text("penalty", n, "reason", p.Reason),
		})
	}
	return t
}

// Dates before 1900 or after 2199 are typing errors, not correspondence games.
const minYear, maxYear = 1900, 2199

// date reads a TOML local date (2026-01-15) or a string in the form
// "2026-01-15" or "15.01.2026"; absent is the zero date.
func (r *reader) date(section string, n int, key string, v any) Date {
	var d Date
	switch v := v.(type) {
	case nil:
		return Date{}
	case time.Time:
		if v.Location().String() != "date-local" {
			r.fail(section, n, key, "6.3.1", "%s has a time of day or zone; the rules count whole days: write the date alone, e.g. %s", v.Format(time.RFC3339), v.Format(time.DateOnly))
			return Date{}
		}
		d = DateOf(v)
	case string:
		t, err := time.Parse(time.DateOnly, v)
		if err != nil {
			t, err = time.Parse("02.01.2006", v)
		}
		if err != nil {
			r.fail(section, n, key, "", "%q is not a date; write it as 2026-01-15", v)
			return Date{}
		}
		d = DateOf(t)
	default:
		r.fail(section, n, key, "", "%v is not a date; write it as 2026-01-15", v)
		return Date{}
	}
	if y := d.Year(); y < minYear || y > maxYear {
		r.fail(section, n, key, "", "%s is not a plausible date for a game; check the year", d)
		return Date{}
	}
	return d
}

// integer reads a whole number from 0 to 100000; absent is def.
func (r *reader) integer(section string, n int, key string, v any, def int) int {
	switch v := v.(type) {
	case nil:
		return def
	case int64:
		if v < 0 || v > 100000 {
			r.fail(section, n, key, "", "%d is out of range; write a whole number from 0 to 100000", v)
			return def
		}
		return int(v)
	case float64:
		if v == math.Trunc(v) && v >= 0 && v <= 100000 {
			return int(v)
		}
	}
	r.fail(section, n, key, "", "%v is not a whole number; write it without quotes, e.g. %s = 1", v, key)
	return def
}

func (r *reader) boolean(section string, n int, key string, v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	}
	r.fail(section, n, key, "", "%v is not true or false; write %s = true or %s = false", v, key, key)
	return false
}

func (r *reader) text(section string, n int, key string, v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	}
	r.fail(section, n, key, "", "%v is not text; put it in quotes", v)
	return ""
}

func (r *reader) player(section string, n int, v any) Color {
	s, ok := v.(string)
	if !ok {
		if v == nil {
			r.fail(section, n, "player", "", "missing: write player = \"white\" or player = \"black\"")
		} else {
			r.fail(section, n, "player", "", "%v is not a side; write \"white\" or \"black\"", v)
		}
		return -1
	}
	c, err := ParseColor(strings.ToLower(strings.TrimSpace(s)))
	if err != nil {
		r.fail(section, n, "player", "", "%v", err)
		return -1
	}
	return c
}
