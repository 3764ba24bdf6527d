package adjudication

import (
	"fmt"
	"strings"
)

// Result is the outcome of one game as the tournament table counts it.
// Results "decided without play" (плюс и минус, rule 1.12.2 of the
// international rules; 6.5.8 for correspondence) score like wins and losses
// but are shown as "+" and "-".
type Result int

// The results of a game.
const (
	// Unfinished: no result yet ("*"), or the game awaits adjudication (6.5.2).
	Unfinished Result = iota
	// WhiteWins: 1-0.
	WhiteWins
	// Draw: 1/2-1/2.
	Draw
	// BlackWins: 0-1.
	BlackWins
	// WhiteWinsWithoutPlay: "+/-", White is credited a win the board did not decide.
	WhiteWinsWithoutPlay
	// BlackWinsWithoutPlay: "-/+".
	BlackWinsWithoutPlay
	// BothLose: "-/-", a loss for both (6.5.8: neither sent the game record).
	BothLose
)

// resultTokens lists the canonical token of each result first, then the
// spellings ParseResult also accepts (PDN's draughts scores 2-0/1-1/0-2 among them).
var resultTokens = [...][]string{
	Unfinished:           {"*"},
	WhiteWins:            {"1-0", "2-0"},
	Draw:                 {"1/2-1/2", "½-½", "1-1", "0.5-0.5"},
	BlackWins:            {"0-1", "0-2"},
	WhiteWinsWithoutPlay: {"+/-", "+-", "+:-"},
	BlackWinsWithoutPlay: {"-/+", "-+", "-:+"},
	BothLose:             {"-/-", "--", "-:-"},
}

// String returns the canonical token: "*", "1-0", "1/2-1/2", "0-1", "+/-", "-/+", "-/-".
func (r Result) String() string {
	if r < 0 || int(r) >= len(resultTokens) {
		return fmt.Sprintf("Result(%d)", int(r))
	}
	return resultTokens[r][0]
}

// ParseResult reads a result token as written by String, by PDN ("2-0",
// "1-1", "0-2") or by hand ("½-½", "+-"). Spaces are ignored and the
// minus may be any dash.
func ParseResult(s string) (Result, error) {
	t := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t':
			return -1
		case '–', '—', '−', '‒':
			return '-'
		}
		return r
	}, s)
	for r, tokens := range resultTokens {
		for _, tok := range tokens {
			if t == tok {
				return Result(r), nil
			}
		}
	}
	return Unfinished, fmt.Errorf("adjudication: %q is not a game result; write 1-0, 1/2-1/2, 0-1, * (unfinished), +/- or -/+ (won without play), -/- (lost by both, 6.5.8)", s)
}

// MarshalText implements encoding.TextMarshaler with the canonical token.
func (r Result) MarshalText() ([]byte, error) {
	if r < 0 || int(r) >= len(resultTokens) {
		return nil, fmt.Errorf("adjudication: no such result %d", int(r))
	}
	return []byte(r.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseResult.
func (r *Result) UnmarshalText(b []byte) error {
	v, err := ParseResult(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Decided reports whether the result counts in the table (anything but Unfinished).
func (r Result) Decided() bool { return r > Unfinished && int(r) < len(resultTokens) }

// WithoutPlay reports whether the result was decided without play ("+" and "-").
func (r Result) WithoutPlay() bool {
	return r == WhiteWinsWithoutPlay || r == BlackWinsWithoutPlay || r == BothLose
}

// Score is one side's share of a decided game.
type Score int

// The scores of one side.
const (
	// NoScore: the game is not decided.
	NoScore Score = iota
	// Won: a win, played or "+".
	Won
	// Drawn: a draw.
	Drawn
	// Lost: a loss, played or "-".
	Lost
)

// Of returns the score of White (white true) or Black in a game ending r.
func (r Result) Of(white bool) Score {
	switch r {
	case WhiteWins, WhiteWinsWithoutPlay:
		return pick(white, Won, Lost)
	case BlackWins, BlackWinsWithoutPlay:
		return pick(white, Lost, Won)
	case Draw:
		return Drawn
	case BothLose:
		return Lost
	}
	return NoScore
}

func pick[T any](cond bool, a, b T) T {
	if cond {
		return a
	}
	return b
}

// WinFor returns the decisive result in favour of White (white true) or
// Black, played or without play.
func WinFor(white, withoutPlay bool) Result {
	switch {
	case white && withoutPlay:
		return WhiteWinsWithoutPlay
	case white:
		return WhiteWins
	case withoutPlay:
		return BlackWinsWithoutPlay
	}
	return BlackWins
}

// Points is the scoring scheme: what a win, a draw and a loss are worth
// (rule 1.12.1: 1 / ½ / 0 or 2 / 1 / 0). A "+" scores as a win and a "-" as
// a loss, in the points and in every tie-break (rule 1.12.2).
type Points struct {
	Win  float64 `json:"win"`
	Draw float64 `json:"draw"`
	Loss float64 `json:"loss"`
}

// DefaultPoints is 1 for a win, ½ for a draw, 0 for a loss.
var DefaultPoints = Points{Win: 1, Draw: 0.5, Loss: 0}

// Validate checks that a win is worth more than a draw and a draw more than a
// loss, none is negative, and each is a whole or half point (so tables print exactly).
func (p Points) Validate() error {
	for _, v := range []float64{p.Win, p.Draw, p.Loss} {
		if v < 0 || v*2 != float64(int64(v*2)) || v > 1000 {
			return fmt.Errorf("adjudication: points %v/%v/%v: each must be a whole or half point between 0 and 1000", p.Win, p.Draw, p.Loss)
		}
	}
	if !(p.Win > p.Draw && p.Draw > p.Loss) {
		return fmt.Errorf("adjudication: points %v/%v/%v: a win must be worth more than a draw and a draw more than a loss (1.12.1)", p.Win, p.Draw, p.Loss)
	}
	return nil
}

// Of returns the points of score s (0 for NoScore).
func (p Points) Of(s Score) float64 {
	switch s {
	case Won:
		return p.Win
	case Drawn:
		return p.Draw
	case Lost:
		return p.Loss
	}
	return 0
}
