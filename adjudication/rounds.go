package adjudication

import (
	"fmt"

	"zaochnik/corr"
	"zaochnik/corr/swiss"
	"zaochnik/timecontrol"
)

// NextRound draws and starts the next round of a Swiss tournament (1.15)
// once its last round is over (corr.State.RoundOver): the results are the
// table's, with the desk's rulings (adjudications, forfeits, sanctions); a
// game still before the judge counts as a meeting that scores nothing yet;
// the players withdrawn by a ruling are left out (1.15.2). It returns s
// unchanged and no letters when there is nothing to draw: not a Swiss
// tournament, not started, a round still in play, or every round drawn.
func (d Desk) NextRound(s corr.State, day timecontrol.Date) (corr.State, corr.Outcome, error) {
	t := s.Tournament
	last := s.Round()
	if t.Swiss == nil || s.Started.IsZero() || last == 0 || last >= t.Swiss.Rounds || !s.RoundOver(last) {
		return s, corr.Outcome{Accepted: true}, nil
	}
	h, err := d.History(s)
	if err != nil {
		return s, corr.Outcome{}, err
	}
	r, err := swiss.Draw(t.Entrants(), h, t.Swiss.Config)
	if err != nil {
		return s, corr.Outcome{}, fmt.Errorf("adjudication: tournament %s: %w", t.Cipher, err)
	}
	return corr.StartRound(s, r, day)
}

// History returns what the rounds of a Swiss tournament gave, as the draw
// reads it: every game with its round and its result in the table (the
// desk's rulings applied, "*" for one before the judge), the byes, and the
// players withdrawn by a ruling.
func (d Desk) History(s corr.State) (swiss.History, error) {
	players, games, err := d.Table(s)
	if err != nil {
		return swiss.History{}, err
	}
	if len(games) != len(s.Games) {
		return swiss.History{}, fmt.Errorf("adjudication: tournament %s: the table has %d games, the referee %d", s.Tournament.Cipher, len(games), len(s.Games))
	}
	h := swiss.History{Byes: s.Byes}
	for _, p := range players {
		if p.Withdrawal.Withdrawn() {
			h.Withdrawn = append(h.Withdrawn, p.Number)
		}
	}
	for i, g := range s.Games {
		if g.Round == 0 {
			continue
		}
		r := swiss.Pending
		switch games[i].Result {
		case WhiteWins:
			r = swiss.WhiteWins
		case Draw:
			r = swiss.Drawn
		case BlackWins:
			r = swiss.BlackWins
		case WhiteWinsWithoutPlay:
			r = swiss.WhiteWinsWithoutPlay
		case BlackWinsWithoutPlay:
			r = swiss.BlackWinsWithoutPlay
		case BothLose:
			r = swiss.BothLose
		}
		h.Games = append(h.Games, swiss.Game{Round: g.Round, White: g.White, Black: g.Black, Result: r})
	}
	return h, nil
}
