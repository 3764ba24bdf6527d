package corr

import (
	"fmt"

	"zaochnik/corr/letter"
	"zaochnik/corr/swiss"
	"zaochnik/timecontrol"
)

// Round returns the last round of a Swiss tournament's games (0 for none or a round robin).
func (s State) Round() int {
	n := 0
	for _, g := range s.Games {
		n = max(n, g.Round)
	}
	return n
}

// RoundOver reports whether round r of a Swiss tournament is over: none of
// its games is still in play or suspended for a claim. A game is over when
// it has a result, or when its round's end of play left it unfinished (it
// then waits for the judge, 6.5.2).
func (s State) RoundOver(r int) bool {
	for _, g := range s.Games {
		if g.Round == r && (g.Status == Playing || g.Status == Suspended) {
			return false
		}
	}
	return true
}

// StartRound starts round r of a started Swiss tournament, drawn by
// swiss.Draw: its games (both colours of each pair with games_per_pair =
// 2, 1.11) start on day and end round_days later (not after the
// tournament's end), and every player of the round and the secretary get
// the round's start list (6.3.2); the player with the bye is told (1.15.2).
func StartRound(s State, r swiss.Round, day timecontrol.Date) (State, Outcome, error) {
	t := s.Tournament
	switch {
	case t.Swiss == nil:
		return s, Outcome{}, fmt.Errorf("corr: tournament %s is not a Swiss tournament", t.Cipher)
	case s.Started.IsZero():
		return s, Outcome{}, fmt.Errorf("corr: tournament %s has not started", t.Cipher)
	case r.Number != s.Round()+1 || r.Number > t.Swiss.Rounds:
		return s, Outcome{}, fmt.Errorf("corr: tournament %s: round %d cannot start after round %d of %d", t.Cipher, r.Number, s.Round(), t.Swiss.Rounds)
	}
	s = s.clone()
	end := RoundEnd(t, day)
	var pairings []Pairing
	for _, p := range r.Pairs {
		pairings = append(pairings, Pairing{White: p.White, Black: p.Black})
	}
	first := len(s.Games)
	for _, p := range bothColours(pairings, t.GamesPerPair) {
		if s.game(GameCode(t.Cipher, p)) != nil {
			return s, Outcome{}, fmt.Errorf("corr: tournament %s: game %d-%d exists already; two players meet once (1.15.2)", t.Cipher, p.White, p.Black)
		}
		g := NewGame(t, p)
		g.Round, g.Start, g.End = r.Number, day, end
		g.Replies = []timecontrol.Reply{{Player: timecontrol.White, Received: day}}
		s.Games = append(s.Games, g)
	}
	if r.Bye != 0 {
		s.Byes = append(s.Byes, swiss.Bye{Round: r.Number, Player: r.Bye})
	}

	out := Outcome{Accepted: true}
	sl := letter.StartList{Name: t.Name, Start: day, End: end, Days: t.Days, Moves: t.Moves, Round: r.Number}
	for _, p := range t.Players {
		sl.Players = append(sl.Players, letter.StartPlayer{Number: p.Number, Name: p.Name})
	}
	games := func(n int) []letter.StartGame {
		var gs []letter.StartGame
		for _, g := range s.Games[first:] {
			if _, in := g.SideOf(n); n != 0 && !in {
				continue
			}
			w, _ := t.Player(g.White)
			b, _ := t.Player(g.Black)
			gs = append(gs, letter.StartGame{White: g.White, Black: g.Black, WhiteName: w.Name, BlackName: b.Name})
		}
		return gs
	}
	for _, p := range t.Players {
		sl.Envelope, sl.Games, sl.Bye = s.envelope(p.Number, nil), games(p.Number), p.Number == r.Bye
		if len(sl.Games) == 0 && !sl.Bye {
			continue // withdrawn: no letters about the tournament's games
		}
		sl.Variant = t.Variant.Name(sl.Envelope.Lang)
		out.Out = append(out.Out, s.rendered(p.Number, nil, "start-list", sl.Render()))
	}
	sl.Envelope, sl.Games, sl.Bye = s.envelope(0, nil), games(0), false
	sl.Variant = t.Variant.Name(letter.Russian)
	out.Out = append(out.Out, s.rendered(0, nil, "start-list", sl.Render()))
	detail := fmt.Sprintf("round %d: %d games", r.Number, len(s.Games)-first)
	if r.Bye != 0 {
		detail += fmt.Sprintf(", bye %d", r.Bye)
	}
	out.Events = append(out.Events, Event{Date: day, Kind: "round-started", Clause: "1.15", Detail: detail})
	return s, out, nil
}
