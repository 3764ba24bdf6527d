package adjudication

import (
	"errors"
	"fmt"
)

// Withdrawal is the judge's ruling on a player who left the tournament (6.5.3).
type Withdrawal int

// The rulings of 6.5.3.
const (
	// Playing: the player has not withdrawn.
	Playing Withdrawal = iota
	// WithdrawnPending: the player withdrew and the judge has not ruled yet;
	// finished games count as played and unfinished ones stay open.
	WithdrawnPending
	// WithdrawnForfeitUnfinished: finished results are kept and every
	// unfinished game is lost without play ("-" for the player, "+" for the opponent).
	WithdrawnForfeitUnfinished
	// WithdrawnAdjudicate: finished results are kept and the unfinished games
	// are adjudicated; their results arrive as adjudicated games.
	WithdrawnAdjudicate
	// WithdrawnAnnulled: all the player's results are annulled; their games
	// count for no one and they leave the table.
	WithdrawnAnnulled
	// WithdrawnByRule: the table follows rules 1.10.2-1.10.5. A game is
	// played when it was decided on the board or adjudicated, or when it is
	// unfinished and the player made a move in it (1.10.4: it awaits
	// adjudication); a game he made no move in, or lost without play, is
	// unplayed. In a round robin, fewer than half played: his results are
	// shown but count for no one, his unplayed games "-" on both sides
	// (1.10.2); half or more: counted, his unplayed "-" and his opponents'
	// "+" (1.10.3). In a Swiss tournament his played results stand (1.10.5).
	WithdrawnByRule
)

var withdrawalNames = [...]string{"playing", "withdrawn", "withdrawn-forfeit-unfinished", "withdrawn-adjudicate", "withdrawn-annulled", "withdrawn-1.10"}

// String returns the ruling as configuration and JSON write it.
func (w Withdrawal) String() string {
	if w < 0 || int(w) >= len(withdrawalNames) {
		return fmt.Sprintf("Withdrawal(%d)", int(w))
	}
	return withdrawalNames[w]
}

// ParseWithdrawal reads a ruling written by String.
func ParseWithdrawal(s string) (Withdrawal, error) {
	for i, n := range withdrawalNames {
		if n == s {
			return Withdrawal(i), nil
		}
	}
	return 0, fmt.Errorf("adjudication: %q is not a 6.5.3 ruling; write one of %v", s, withdrawalNames)
}

// Withdrawn reports whether the player has left the tournament.
func (w Withdrawal) Withdrawn() bool { return w != Playing }

// Player is one line of the table.
type Player struct {
	// Number is the start number.
	Number int
	// Name is the name as the table prints it.
	Name string
	// Withdrawal is the judge's 6.5.3 ruling, Playing for most.
	Withdrawal Withdrawal
}

// Game is one game of the tournament with its result.
type Game struct {
	// White and Black are start numbers.
	White, Black int
	// Result is the result as recorded: by the board, by a ruling, or by adjudication.
	Result Result
	// Adjudicated marks a result the judge gave to an unfinished game (6.5.4-6.5.5).
	Adjudicated bool
	// Moves is the number of moves (plies) made, which tells whether a
	// withdrawn player played in an unfinished game (1.10.4).
	Moves int
}

// Pair names a game by its two players, White first.
type Pair struct {
	White int `json:"white"`
	Black int `json:"black"`
}

// Pair returns the game's two players.
func (g Game) Pair() Pair { return Pair{g.White, g.Black} }

// validateEntrants checks the players and games of a table and returns the
// players by start number.
func validateEntrants(players []Player, games []Game) (map[int]Player, error) {
	var errs []error
	byNumber := make(map[int]Player, len(players))
	for _, p := range players {
		switch {
		case p.Number <= 0:
			errs = append(errs, fmt.Errorf("player %q: a start number is a positive integer, not %d", p.Name, p.Number))
		case byNumber[p.Number].Number != 0:
			errs = append(errs, fmt.Errorf("start number %d is given to both %q and %q", p.Number, byNumber[p.Number].Name, p.Name))
		case p.Withdrawal < Playing || p.Withdrawal > WithdrawnByRule:
			errs = append(errs, fmt.Errorf("player %d: %v is not a 6.5.3 ruling", p.Number, p.Withdrawal))
		default:
			byNumber[p.Number] = p
		}
	}
	for i, g := range games {
		where := fmt.Sprintf("game %d (%d-%d)", i+1, g.White, g.Black)
		_, okW := byNumber[g.White]
		_, okB := byNumber[g.Black]
		switch {
		case !okW || !okB:
			errs = append(errs, fmt.Errorf("%s: both players must be in the list of players", where))
		case g.White == g.Black:
			errs = append(errs, fmt.Errorf("%s: a player cannot play themself", where))
		case g.Result < Unfinished || g.Result > BothLose:
			errs = append(errs, fmt.Errorf("%s: %v is not a result", where, g.Result))
		case g.Adjudicated && (!g.Result.Decided() || g.Result.WithoutPlay()):
			errs = append(errs, fmt.Errorf("%s: an adjudicated result is 1-0, 1/2-1/2 or 0-1, not %v (6.5.4-6.5.5)", where, g.Result))
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("adjudication: the table cannot be built: %w", errors.Join(errs...))
	}
	return byNumber, nil
}

// effective returns the result a game counts with once the 6.5.3 rulings on
// withdrawn players are applied, and false when the game is annulled.
func effective(g Game, w, b Player) (Result, bool) {
	if w.Withdrawal == WithdrawnAnnulled || b.Withdrawal == WithdrawnAnnulled {
		return Unfinished, false
	}
	if g.Result != Unfinished {
		return g.Result, true
	}
	// Forfeited: by the 6.5.3 ruling, or as unplayed under 1.10 (no move made).
	wf := w.Withdrawal == WithdrawnForfeitUnfinished || w.Withdrawal == WithdrawnByRule && !g.movedBy(true)
	bf := b.Withdrawal == WithdrawnForfeitUnfinished || b.Withdrawal == WithdrawnByRule && !g.movedBy(false)
	switch {
	case wf && bf:
		return BothLose, true
	case wf:
		return BlackWinsWithoutPlay, true
	case bf:
		return WhiteWinsWithoutPlay, true
	}
	return Unfinished, true
}

// movedBy reports whether White (white true) or Black made a move in the game.
func (g Game) movedBy(white bool) bool {
	return g.Moves >= pick(white, 1, 2)
}

// playedBy reports whether player n played the game in the sense of 1.10:
// decided on the board or by adjudication, or unfinished with a move of his
// (1.10.4). Results without play are unplayed.
func (g Game) playedBy(n int) bool {
	switch {
	case g.Result == Unfinished:
		return g.movedBy(g.White == n)
	case g.Result.WithoutPlay():
		return false
	}
	return true
}

// MarshalText implements encoding.TextMarshaler with String.
func (w Withdrawal) MarshalText() ([]byte, error) {
	if w < 0 || int(w) >= len(withdrawalNames) {
		return nil, fmt.Errorf("adjudication: no such 6.5.3 ruling %d", int(w))
	}
	return []byte(w.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseWithdrawal.
func (w *Withdrawal) UnmarshalText(b []byte) error {
	v, err := ParseWithdrawal(string(b))
	if err != nil {
		return err
	}
	*w = v
	return nil
}
