package adjudication

import (
	"fmt"

	"zaochnik/corr"
)

// FromState returns the table's inputs for a tournament as the referee
// keeps it: every player, and every game with its result. The referee
// records no withdrawals or adjudications, so every player is Playing and
// an unfinished game stays Unfinished until its result is recorded.
func FromState(s corr.State) ([]Player, []Game, error) {
	players := make([]Player, 0, len(s.Tournament.Players))
	for _, p := range s.Tournament.Players {
		players = append(players, Player{Number: p.Number, Name: p.Name})
	}
	games := make([]Game, 0, len(s.Games))
	for _, g := range s.Games {
		r, err := ParseResult(pick(g.Result == "", "*", g.Result))
		if err != nil {
			return nil, nil, fmt.Errorf("game %s: %w", g.Code, err)
		}
		games = append(games, Game{White: g.White, Black: g.Black, Result: r, Moves: len(g.Plies)})
	}
	return players, games, nil
}
