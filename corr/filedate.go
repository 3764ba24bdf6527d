package corr

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"zaochnik/timecontrol"
)

// fileDate is a date in the tournament file: a TOML local date (2027-01-10)
// or a string in either form timelines accept ("2027-01-10", "10.01.2027").
// What is no date is kept as written, so the check reports it beside every
// other problem of the file.
type fileDate struct {
	date    timecontrol.Date
	written string // set when the value is not a date
}

// UnmarshalTOML implements toml.Unmarshaler.
func (d *fileDate) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case time.Time:
		if v.Location().String() != "date-local" {
			d.written = v.Format(time.RFC3339)
			return nil
		}
		d.date = timecontrol.DateOf(v)
	case string:
		for _, layout := range []string{time.DateOnly, "02.01.2006"} {
			if t, err := time.Parse(layout, strings.TrimSpace(v)); err == nil {
				d.date = timecontrol.DateOf(t)
				return nil
			}
		}
		d.written = v
	default:
		d.written = fmt.Sprint(v)
	}
	return nil
}

// maxDateRetries bounds how many impossible TOML dates decodeLenient turns
// into strings before it gives up: one per date key of the file is enough.
const maxDateRetries = 4

// decodeLenient decodes a tournament file. A date TOML itself rejects
// (2027-13-10) stops the whole decoding; such a value is quoted and the file
// decoded again, so the date is reported by its key with the other problems.
func decodeLenient(data []byte, f *tournamentFile) (toml.MetaData, error) {
	for range maxDateRetries {
		*f = tournamentFile{}
		md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(f)
		var pe toml.ParseError
		if err == nil || !errors.As(err, &pe) || !strings.HasPrefix(pe.Message, "invalid datetime") {
			return md, err
		}
		quoted, ok := quoteValue(data, pe.Position.Line)
		if !ok {
			return md, err
		}
		data = quoted
	}
	*f = tournamentFile{}
	return toml.NewDecoder(bytes.NewReader(data)).Decode(f)
}

// quoteValue returns data with the bare value of the key = value on line n
// (1-based) written as a TOML string.
func quoteValue(data []byte, n int) ([]byte, bool) {
	lines := bytes.Split(data, []byte("\n"))
	if n < 1 || n > len(lines) {
		return nil, false
	}
	key, rest, ok := bytes.Cut(lines[n-1], []byte("="))
	if !ok {
		return nil, false
	}
	value, comment, _ := bytes.Cut(rest, []byte("#"))
	value = bytes.TrimSpace(value)
	if len(value) == 0 || value[0] == '"' || value[0] == '\'' {
		return nil, false
	}
	line := string(key) + "= " + strconv.Quote(string(value))
	if len(comment) > 0 {
		line += " #" + string(comment)
	}
	out := append([][]byte(nil), lines...)
	out[n-1] = []byte(line)
	return bytes.Join(out, []byte("\n")), true
}
