package letter

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"zaochnik/corr/draughts"
)

// String writes the move with its number as a letter would: "6.c3-d4",
// "5...f6-g5", or just "c3-d4" when no number was written.
func (m Move) String() string {
	var a [48]byte // a move's number and text, on the stack
	return string(m.append(a[:0]))
}

// append appends m.String() to b: the one place of the numbering rule.
func (m Move) append(b []byte) []byte {
	switch {
	case m.Number == 0:
	case m.Black:
		b = strconv.AppendInt(b, int64(m.Number), 10)
		b = append(b, "..."...)
	default:
		b = strconv.AppendInt(b, int64(m.Number), 10)
		b = append(b, '.')
	}
	return m.Text.Append(b)
}

// MarshalJSON writes the move text in canonical notation under "move".
func (m Move) MarshalJSON() ([]byte, error) {
	type plain Move
	return json.Marshal(struct {
		plain
		Move string `json:"move"`
	}{plain(m), m.Text.String()})
}

// UnmarshalJSON reads what MarshalJSON writes, so a stored move keeps its text.
func (m *Move) UnmarshalJSON(b []byte) error {
	type plain Move
	var v struct {
		plain
		Move string `json:"move"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*m = Move(v.plain)
	if v.Move == "" {
		return nil
	}
	t, err := draughts.ParseMoveText(v.Move)
	if err != nil {
		return fmt.Errorf("letter: stored move: %w", err)
	}
	m.Text = t
	return nil
}

// sequenceString writes moves as a letter line: "5...f6-g5 6.c3-d4 g5-h4";
// a number is written only where the reader needs it.
func sequenceString(ms []Move) string {
	var b strings.Builder
	writeMoves(&b, ms, "") // a forced move unmarked
	return b.String()
}
