package corr

import (
	"fmt"
	"slices"
	"strings"

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
	out, err := s.startGames(r, day)
	if err != nil {
		return s, Outcome{}, err
	}
	return s, out, nil
}

// Cancellable reports whether a re-draw of g's round may cancel g (1.15.8):
// it is in play and no move was played in it.
func Cancellable(g Game) bool { return g.Status == Playing && len(g.Plies) == 0 }

// RedrawRound applies the judge's re-draw of the last round of a started
// Swiss tournament (1.15.8), r being the new draw of the players of the
// round's games named in cancel, each Cancellable: those games are
// cancelled (Outcome.Cancelled; the state drops them) and their players
// told why, the round's bye is drawn anew, and r's games start on day
// like a round's (StartRound), with the round's start list to their
// players and the secretary. The round's other games stand. reason is the
// judge's and must be given.
func RedrawRound(s State, r swiss.Round, cancel []string, day timecontrol.Date, reason string) (State, Outcome, error) {
	t := s.Tournament
	reason = strings.TrimSpace(reason)
	switch {
	case t.Swiss == nil:
		return s, Outcome{}, fmt.Errorf("corr: tournament %s is not a Swiss tournament", t.Cipher)
	case s.Started.IsZero() || s.Round() == 0:
		return s, Outcome{}, fmt.Errorf("corr: tournament %s has no round to draw again", t.Cipher)
	case r.Number != s.Round():
		return s, Outcome{}, fmt.Errorf("corr: tournament %s: only the last round, %d, can be drawn again, not round %d", t.Cipher, s.Round(), r.Number)
	case reason == "":
		return s, Outcome{}, fmt.Errorf("corr: tournament %s: a re-draw of round %d needs the judge's reason, which the players are sent", t.Cipher, r.Number)
	}
	s = s.clone()
	out := Outcome{Accepted: true}
	kept := s.Games[:0]
	for _, g := range s.Games {
		if !slices.Contains(cancel, g.Code) {
			kept = append(kept, g)
			continue
		}
		if g.Round != r.Number || !Cancellable(*g) {
			return s, Outcome{}, fmt.Errorf("corr: tournament %s: game %s is not a game of round %d without a move; it cannot be cancelled (1.15.8)", t.Cipher, g.Code, r.Number)
		}
		if err := g.transition(Cancelled); err != nil {
			return s, Outcome{}, err
		}
		out.Cancelled = append(out.Cancelled, *g)
		// The event names the game in its detail: the code passes to the
		// round's new game of the same pair, if any.
		out.Events = append(out.Events, Event{Date: day, Kind: "game-cancelled", Clause: "1.15.8", Detail: g.Code + ": " + reason})
		for _, n := range []int{g.White, g.Black} {
			m := letter.RoundCancelled{Envelope: s.envelope(n, g), Round: r.Number, Reason: reason}.Render()
			o := s.rendered(n, nil, "round-cancelled", m) // about no game: the code names the next one
			out.Out = append(out.Out, o)
		}
	}
	if len(out.Cancelled) == 0 || len(out.Cancelled) != len(cancel) {
		return s, Outcome{}, fmt.Errorf("corr: tournament %s: of the games %q of round %d, %d are stored; there is nothing to draw again (1.15.8)", t.Cipher, cancel, r.Number, len(out.Cancelled))
	}
	s.Games = kept
	s.Undrawable = 0 // a later round is drawn from the new history: the judge is told again if it cannot be
	s.Byes = slices.DeleteFunc(s.Byes, func(b swiss.Bye) bool { return b.Round == r.Number })
	started, err := s.startGames(r, day)
	if err != nil {
		return s, Outcome{}, err
	}
	out.Out = append(out.Out, started.Out...)
	out.Events = append(out.Events, Event{Date: day, Kind: "round-redrawn", Clause: "1.15.8",
		Detail: fmt.Sprintf("round %d: %d games cancelled; %s", r.Number, len(out.Cancelled), reason)})
	out.Events = append(out.Events, started.Events...)
	return s, out, nil
}

// startGames adds round r's games to s (a clone the caller owns), starting
// on day, and returns the round's start lists (6.3.2, 1.15.2).
func (s *State) startGames(r swiss.Round, day timecontrol.Date) (Outcome, error) {
	t := s.Tournament
	end := RoundEnd(t, day)
	var pairings []Pairing
	for _, p := range r.Pairs {
		pairings = append(pairings, Pairing{White: p.White, Black: p.Black})
	}
	first := len(s.Games)
	for _, p := range bothColours(pairings, t.GamesPerPair) {
		if s.gameOf(t.Cipher, p) != nil {
			return Outcome{}, fmt.Errorf("corr: tournament %s: game %d-%d exists already; two players meet once (1.15.2)", t.Cipher, p.White, p.Black)
		}
		g := NewGame(t, p)
		g.Round, g.Start, g.End = r.Number, day, end
		g.Replies = []timecontrol.Reply{{Player: timecontrol.White, Received: day}}
		s.Games = append(s.Games, &g)
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
	sl.Variant = t.Variant.Name(sl.Envelope.Lang)
	out.Out = append(out.Out, s.rendered(0, nil, "start-list", sl.Render()))
	detail := fmt.Sprintf("round %d: %d games", r.Number, len(s.Games)-first)
	if r.Bye != 0 {
		detail += fmt.Sprintf(", bye %d", r.Bye)
	}
	out.Events = append(out.Events, Event{Date: day, Kind: "round-started", Clause: "1.15", Detail: detail})
	return out, nil
}
