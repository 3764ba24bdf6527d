package adjudication

import (
	"fmt"
	"slices"

	"zaochnik/corr"
	"zaochnik/corr/letter"
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
		return undrawable(s, last+1, day, err)
	}
	return corr.StartRound(s, r, day)
}

// undrawable tells the judge, once, that round r cannot be drawn (1.15.9:
// the judge decides the round); the round then waits for him, and the
// next days change nothing.
func undrawable(s corr.State, r int, day timecontrol.Date, why error) (corr.State, corr.Outcome, error) {
	if s.Undrawable == r {
		return s, corr.Outcome{Accepted: true}, nil
	}
	s = s.Clone()
	s.Undrawable = r
	t := s.Tournament
	j := t.Judge
	m := letter.RoundUndrawable{Envelope: envelope(sceneOf(s), j, corr.Game{}), Round: r, Name: t.Name, Why: why.Error()}.Render()
	out := corr.Outcome{Accepted: true,
		Events: []corr.Event{{Date: day, Kind: "round-undrawable", Clause: "1.15.9", Detail: fmt.Sprintf("round %d: %v", r, why)}},
		Out:    []corr.Outgoing{{To: j.Email, Kind: "round-undrawable", Subject: m.Subject, Body: m.Body}}}
	return s, out, nil
}

// Redraw draws the last round of a Swiss tournament again on the judge's
// decision (1.15.8), with his reason: its games in play in which no move
// was played, and that no ruling of the judge decided, are cancelled and their players drawn again, by the rules of the
// round's own draw, as if the players whose games stand (a move played, a
// result) were absent; so the re-draw touches only the players it must
// ("затрагивать минимальное число участников"). corr.RedrawRound cancels
// the games, tells their players and sends the new start list.
func (d Desk) Redraw(s corr.State, day timecontrol.Date, reason string) (corr.State, corr.Outcome, error) {
	t := s.Tournament
	last := s.Round()
	if t.Swiss == nil || s.Started.IsZero() || last == 0 {
		return s, corr.Outcome{}, fmt.Errorf("adjudication: tournament %s has no Swiss round to draw again", t.Cipher)
	}
	h, err := d.History(s)
	if err != nil {
		return s, corr.Outcome{}, err
	}
	var cancel []string
	for _, g := range s.Games {
		if g.Round == last && corr.Cancellable(*g) && !d.decided(*g) {
			cancel = append(cancel, g.Code)
		}
	}
	if len(cancel) == 0 {
		return s, corr.Outcome{}, fmt.Errorf("adjudication: tournament %s: every game of round %d has a move or a result; there is nothing to draw again (1.15.8)", t.Cipher, last)
	}
	h.Byes = slices.DeleteFunc(slices.Clone(h.Byes), func(b swiss.Bye) bool { return b.Round == last })
	h.Games = slices.DeleteFunc(h.Games, func(g swiss.Game) bool { return g.Round == last })
	for _, g := range s.Games {
		if g.Round == last && !slices.Contains(cancel, g.Code) {
			for _, n := range []int{g.White, g.Black} {
				if !slices.Contains(h.Withdrawn, n) {
					h.Withdrawn = append(h.Withdrawn, n)
				}
			}
		}
	}
	r, err := swiss.Draw(t.Entrants(), h, t.Swiss.Config)
	if err != nil {
		return s, corr.Outcome{}, fmt.Errorf("adjudication: tournament %s: round %d cannot be drawn again: %w", t.Cipher, last, err)
	}
	return corr.RedrawRound(s, r, cancel, day, reason)
}

// decided reports whether a ruling of the judge gives game g its result: a
// forfeit (6.5.3) or the loss of the game (6.1.9). Such a game stands in a
// re-draw, moves or none.
func (d Desk) decided(g corr.Game) bool {
	p := Pair{White: g.White, Black: g.Black}
	for _, f := range d.Forfeits {
		if f.Pair() == p {
			return true
		}
	}
	for _, s := range d.Sanctions {
		if s.Kind == LossOfGame && s.Game == p {
			return true
		}
	}
	return false
}

// History returns what the rounds of a Swiss tournament gave, as the draw
// reads it: every game with its round and the result the table counts (the
// desk's rulings applied, a withdrawn player's unplayed game lost without
// play, "*" for one before the judge), the byes, and the players withdrawn
// by a ruling.
func (d Desk) History(s corr.State) (swiss.History, error) {
	players, games, err := d.Table(s)
	if err != nil {
		return swiss.History{}, err
	}
	if len(games) != len(s.Games) {
		return swiss.History{}, fmt.Errorf("adjudication: tournament %s: the table has %d games, the referee %d", s.Tournament.Cipher, len(games), len(s.Games))
	}
	h := swiss.History{Byes: s.Byes}
	byNumber := make(map[int]Player, len(players))
	for _, p := range players {
		byNumber[p.Number] = p
		if p.Withdrawal.Withdrawn() {
			h.Withdrawn = append(h.Withdrawn, p.Number)
		}
	}
	for i, g := range s.Games {
		if g.Round == 0 {
			continue
		}
		// As the table counts it: a withdrawn player's unplayed game is
		// lost without play (6.5.3, 1.10); an annulled one is a meeting
		// that scores nothing.
		res, _ := effective(games[i], byNumber[g.White], byNumber[g.Black])
		r := swiss.Pending
		switch res {
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
