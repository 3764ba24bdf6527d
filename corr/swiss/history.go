package swiss

import (
	"errors"
	"fmt"
	"strings"
)

// Result is the result of a game of an earlier round.
type Result int

// The results, as a results file writes them.
const (
	WhiteWins Result = iota + 1 // 1-0
	Drawn                       // 1/2-1/2
	BlackWins                   // 0-1
	// WhiteWinsWithoutPlay: "+-", a win without play (1.12.2).
	WhiteWinsWithoutPlay
	// BlackWinsWithoutPlay: "-+".
	BlackWinsWithoutPlay
	// BothLose: "--", a double forfeit.
	BothLose
	// Pending: "*", a game of an earlier round still unfinished (awaiting
	// adjudication, 6.5.2): the two have met and played their colours, and
	// it scores nothing until its result is known.
	Pending
)

var resultNames = map[Result][]string{
	WhiteWins:            {"1-0"},
	Drawn:                {"1/2-1/2", "½-½"},
	BlackWins:            {"0-1"},
	WhiteWinsWithoutPlay: {"+-"},
	BlackWinsWithoutPlay: {"-+"},
	BothLose:             {"--"},
	Pending:              {"*"},
}

// String returns the result as a results file writes it.
func (r Result) String() string {
	if n, ok := resultNames[r]; ok {
		return n[0]
	}
	return fmt.Sprintf("Result(%d)", int(r))
}

// ParseResult reads 1-0, 1/2-1/2 (or ½-½), 0-1, +-, -+, -- or * (pending).
func ParseResult(s string) (Result, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), " ", "")
	for r := WhiteWins; r <= Pending; r++ {
		for _, n := range resultNames[r] {
			if t == n {
				return r, nil
			}
		}
	}
	return 0, fmt.Errorf("%q is not a result; write 1-0, 1/2-1/2, 0-1, +- or -+ (a win without play), -- (lost by both), * (unfinished, awaiting adjudication)", s)
}

// played reports whether the game was played on the board: only played
// games count for the colours (1.15.2, fourth requirement).
func (r Result) played() bool { return r == WhiteWins || r == Drawn || r == BlackWins || r == Pending }

// halves returns White's and Black's points in half points (1.12.1-1.12.2:
// "+" is a win, "-" a loss).
func (r Result) halves() (white, black int) {
	switch r {
	case WhiteWins, WhiteWinsWithoutPlay:
		return 2, 0
	case BlackWins, BlackWinsWithoutPlay:
		return 0, 2
	case Drawn:
		return 1, 1
	}
	return 0, 0
}

// Game is one game of an earlier round.
type Game struct {
	Round        int
	White, Black int
	Result       Result
}

// Bye is the "плюс" a player got in a round for want of an opponent (1.15.2).
type Bye struct {
	Round  int `json:"round"`
	Player int `json:"player"`
}

// History is what the earlier rounds gave.
type History struct {
	Games []Game
	Byes  []Bye
	// Withdrawn are the start numbers of the players who left: they are
	// left out of every later draw (1.15.2) and their played results stand (1.10.5).
	Withdrawn []int
}

// Rounds returns the number of the last round in the history (0 when empty).
func (h History) Rounds() int {
	n := 0
	for _, g := range h.Games {
		n = max(n, g.Round)
	}
	for _, b := range h.Byes {
		n = max(n, b.Round)
	}
	return n
}

// check reports every game or bye that names an unknown player, a player
// twice in a round (but for the second game of a micro-match, perPair 2:
// the same two players with the colours reversed), a round out of order or
// an unknown result.
func (h History) check(known map[int]bool, perPair int) error {
	var errs []error
	last := h.Rounds()
	type use struct {
		where    string
		opponent int // 0 for a bye
		white    bool
		games    int
	}
	seen := map[[2]int]*use{} // (round, player)
	rounds := map[int]bool{}
	add := func(round, n, opponent int, white bool, where string) {
		if !known[n] {
			errs = append(errs, fmt.Errorf("%s: there is no player with start number %d", where, n))
			return
		}
		prev, dup := seen[[2]int{round, n}]
		switch {
		case !dup:
			seen[[2]int{round, n}] = &use{where, opponent, white, 1}
		case perPair == 2 && opponent != 0 && prev.opponent == opponent && prev.white != white && prev.games == 1:
			prev.games++ // the micro-match's second game (1.11)
		default:
			errs = append(errs, fmt.Errorf("%s: player %d already has %s in round %d", where, n, prev.where, round))
		}
	}
	for i, g := range h.Games {
		where := fmt.Sprintf("game %d (round %d, %d-%d)", i+1, g.Round, g.White, g.Black)
		if g.Round <= 0 {
			errs = append(errs, fmt.Errorf("%s: a round is numbered from 1, not %d", where, g.Round))
			continue
		}
		if _, ok := resultNames[g.Result]; !ok {
			errs = append(errs, fmt.Errorf("%s: the result is missing; write 1-0, 1/2-1/2, 0-1, +-, -+, -- or *", where))
		}
		if g.White == g.Black {
			errs = append(errs, fmt.Errorf("%s: a player cannot play themself", where))
			continue
		}
		rounds[g.Round] = true
		add(g.Round, g.White, g.Black, true, where)
		add(g.Round, g.Black, g.White, false, where)
	}
	for i, b := range h.Byes {
		where := fmt.Sprintf("bye %d (round %d, player %d)", i+1, b.Round, b.Player)
		if b.Round <= 0 {
			errs = append(errs, fmt.Errorf("%s: a round is numbered from 1, not %d", where, b.Round))
			continue
		}
		rounds[b.Round] = true
		add(b.Round, b.Player, 0, false, where)
	}
	for _, n := range h.Withdrawn {
		if !known[n] {
			errs = append(errs, fmt.Errorf("withdrawal of %d: there is no player with start number %d", n, n))
		}
	}
	// Rounds 1..last all present means as many distinct rounds as the last
	// (checked so, not by counting up to a number the file may make huge).
	if len(rounds) < last {
		r := 1
		for rounds[r] {
			r++
		}
		errs = append(errs, fmt.Errorf("round %d has no games and no bye, yet round %d has; give every round from 1 on", r, last))
	}
	return errors.Join(errs...)
}
