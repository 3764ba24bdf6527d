package draughts

import (
	"fmt"
	"strings"
)

// PDNGame is one game of a PDN 3.0 file as written: its tags in file order,
// its main line of moves (variations are skipped) and its result token. It
// knows no position; Replay matches the moves against the rules.
type PDNGame struct {
	// Tags are the tag pairs in the order they were written.
	Tags []PDNTag
	// Moves is the main line.
	Moves []PDNMove
	// Result is the game termination token: "1-0", "0-1", "1/2-1/2",
	// "2-0", "1-1", "0-2", "0-0" or "*"; empty when the game had none.
	Result string
	// Line is the line where the game starts in its file (1-based).
	Line int
}

// PDNTag is one tag pair, [Name "Value"].
type PDNTag struct{ Name, Value string }

// PDNMove is one move of a game's main line.
type PDNMove struct {
	// Number is the move number written before the move, or carried from
	// White's move to Black's; 0 when the file wrote none.
	Number int
	// Black is set for a move written after "5..." or second in a pair.
	Black bool
	// Text is the move as written, read by ParseMoveText.
	Text MoveText
	// Strength is the strength mark written after the move: "!", "?!", ...
	Strength string
	// NAGs are the numeric annotation glyphs ($n) after the move.
	NAGs []int
	// Comment is the text of the comments after the move, joined by a space.
	Comment string
	// Line and Col locate the move in its file (1-based; Col counts runes).
	Line, Col int
}

// Tag returns the value of the first tag called name (case-insensitive).
func (g PDNGame) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag replaces the value of the tag called name, or appends the tag.
func (g *PDNGame) SetTag(name, value string) {
	for i, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, PDNTag{name, value})
}

// PDNError is a syntax error in a PDN file, located by line and column.
type PDNError struct {
	// Game is the 1-based index of the game in its file; 0 before the first.
	Game int
	// Line and Col locate the error (1-based; Col counts runes).
	Line, Col int
	// Msg says what is wrong and what was expected.
	Msg string
}

func (e *PDNError) Error() string {
	if e.Game == 0 {
		return fmt.Sprintf("PDN line %d, column %d (before the first game): %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("PDN line %d, column %d (game %d): %s", e.Line, e.Col, e.Game, e.Msg)
}
