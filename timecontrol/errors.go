package timecontrol

import (
	"fmt"
	"strings"
)

// FieldError is one thing wrong with a Timeline: which field, which rule,
// and what to do about it.
type FieldError struct {
	// Section is "reply", "break", "penalty", "start_list", "time_control"
	// or "" for a top-level field; Index is the 1-based entry of a list
	// section (reply #3), 0 otherwise.
	Section string
	Index   int
	// Key is the field within the section ("sent").
	Key string
	// Line is the line of the timeline file, when it came from one (0 if not known).
	Line int
	// Clause is the rule that the value breaks ("6.3.1"), or "" for format.
	Clause string
	// Msg says what is wrong and what to write instead.
	Msg string
}

// Field returns the field as a secretary finds it: "reply #3: sent".
func (e *FieldError) Field() string {
	var b strings.Builder
	if e.Section != "" {
		b.WriteString(e.Section)
		if e.Index > 0 {
			fmt.Fprintf(&b, " #%d", e.Index)
		}
		if e.Key != "" {
			b.WriteString(": ")
		}
	}
	b.WriteString(e.Key)
	return b.String()
}

// Error returns "line N: field: message (rule X)".
func (e *FieldError) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	b.WriteString(e.Field())
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if e.Clause != "" {
		fmt.Fprintf(&b, " (rule %s)", e.Clause)
	}
	return b.String()
}

// Errors is every problem found in a timeline, in file order, so a
// secretary can fix them all in one pass.
type Errors []*FieldError

// Error returns every problem, one a line.
func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// err returns es as an error, or nil when empty.
func (es Errors) err() error {
	if len(es) == 0 {
		return nil
	}
	return es
}
