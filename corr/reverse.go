package corr

import (
	"fmt"
	"slices"

	"zaochnik/timecontrol"
)

// Reverse carries out the organiser's decision upholding a protest against
// the judge's ruling on claim seq of game code (6.1.12): the ruling is
// turned, and what it took is restored. A confirmed overstep becomes no
// overstep: the loss is withdrawn, play resumes with the player who was on
// move thinking from date, and a claimant who claimed by letter is charged
// the 6 days of a wrong claim (6.3.7). A rejected claim becomes a confirmed
// overstep: the 6 days the claimant was charged for it are withdrawn and
// the offender loses. It fails when the claim was never ruled, or when the
// game has since finished otherwise. The letters of the decision itself
// are the desk's; Reverse writes only the result letters of a game it ends.
func Reverse(s State, code string, seq int, note string, date timecontrol.Date) (State, Outcome, error) {
	s = s.clone()
	g := s.game(code)
	if g == nil {
		return s, Outcome{}, fmt.Errorf("corr: no game %q in tournament %s", code, s.Tournament.Cipher)
	}
	if seq < 1 || seq > len(g.Claims) {
		return s, Outcome{}, fmt.Errorf("corr: game %s has no claim %d (it has %d)", code, seq, len(g.Claims))
	}
	c := &g.Claims[seq-1]
	a := &applier{s: &s, g: g, obs: Observation{Postmark: date}, out: Outcome{Accepted: true, Game: code}}
	claimant := colour(c.Against.Opponent())
	switch c.Status {
	case ClaimConfirmed:
		if g.Status != Finished || g.Result != resultFor(c.Against.Opponent()) {
			return s, Outcome{}, fmt.Errorf("corr: game %s no longer stands as the confirmed overstep left it (%s, %s); enter its result by hand", code, g.Status, g.Result)
		}
		// Only a final decision on a protest (6.1.12) takes a finished
		// game back to play; no letter can.
		g.Status, g.Result, c.Status = Playing, "*", ClaimRejected
		if n := len(g.Replies); n == 0 || !g.Replies[n-1].Sent.IsZero() {
			g.Replies = append(g.Replies, timecontrol.Reply{Player: colour(g.ToMove()), Received: date})
		}
		a.event("ruling-reversed", "6.1.12", fmt.Sprintf("claim %d: no overstep; %s", seq, note))
		if c.ByHand {
			g.Penalties = append(g.Penalties, timecontrol.Penalty{Player: claimant, Days: PenaltyDays, Date: date, Clause: "6.3.7",
				Reason: "неверно заявленная просрочка", ReasonEn: "an overstep claimed wrongly"})
			a.event("penalty", "6.3.7", fmt.Sprintf("%d days to %s", PenaltyDays, c.Against.Opponent()))
		}
	case ClaimRejected:
		if g.Status == Finished || g.Status == Unfinished {
			return s, Outcome{}, fmt.Errorf("corr: game %s has ended since the ruling (%s, %s); enter its result by hand", code, g.Status, g.Result)
		}
		c.Status = ClaimConfirmed
		g.Penalties = slices.DeleteFunc(g.Penalties, func(p timecontrol.Penalty) bool {
			return p.Clause == "6.3.7" && p.Player == claimant && p.Date == c.Ruled
		})
		a.event("ruling-reversed", "6.1.12", fmt.Sprintf("claim %d: overstep confirmed; %s", seq, note))
		who := s.sideNames(g, c.Against)
		a.finish(resultFor(c.Against.Opponent()), "6.1.12", "overstep confirmed on protest",
			[2]string{"по протесту просрочка подтверждена, поражение: " + who[0], "on protest the overstep is confirmed, a loss for " + who[1]})
	default:
		return s, Outcome{}, fmt.Errorf("corr: claim %d of game %s is not ruled yet; the judge rules first (6.3.7)", seq, code)
	}
	return s, a.out, nil
}

// DecideAppeal records the organiser's final decision on the protest
// against the judge's ruling in game code (6.1.12), made on day: upheld
// turns the ruling (Reverse), rejected leaves it. It fails when no protest
// waits in that game.
func DecideAppeal(s State, code string, upheld bool, note string, day timecontrol.Date) (State, Outcome, error) {
	s = s.clone()
	g := s.game(code)
	if g == nil {
		return s, Outcome{}, fmt.Errorf("corr: no game %q in tournament %s", code, s.Tournament.Cipher)
	}
	i := slices.IndexFunc(g.Claims, func(c Claim) bool { return c.Appeal.Open() })
	if i < 0 {
		return s, Outcome{}, fmt.Errorf("corr: no protest against a ruling waits in game %s (6.1.12)", code)
	}
	if upheld {
		next, out, err := Reverse(s, code, g.Claims[i].Seq, note, day)
		if err != nil {
			return s, Outcome{}, err
		}
		s, g = next, next.game(code)
		return s, out, g.Claims[i].decideAppeal(upheld, note, day)
	}
	return s, Outcome{Accepted: true, Game: code}, g.Claims[i].decideAppeal(upheld, note, day)
}
