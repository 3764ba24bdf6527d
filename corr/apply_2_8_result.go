package corr

import (
	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
)

// resign ends the game by the sender's resignation.
func (a *applier) resign() {
	g := a.g
	if g.Status == Finished {
		a.refuse(letter.GameIsOver(a.s.Tournament.Cipher, g.White, g.Black, g.Result, true))
		return
	}
	g.Letters[a.side] = append(g.Letters[a.side], a.obs.MessageID)
	a.finish(resultFor(a.side.Opponent()), "2.1.8", a.side.String()+" resigned", a.s.ending(g, a.side, letter.EndResigned))
}

// endByRules finishes the game when the side to move has no piece or no
// legal move (2.8.1); the winner depends on the variant.
func (a *applier) endByRules(pos draughts.Position) bool {
	winner, over := pos.Winner()
	if !over {
		return false
	}
	a.finish(resultFor(winner), "2.8.1", "no legal move for "+pos.SideToMove().String(), a.s.ending(a.g, pos.SideToMove(), letter.EndNoMove))
	return true
}

// resultFor is the PDN result of a win by c.
func resultFor(c draughts.Color) string {
	if c == draughts.White {
		return "1-0"
	}
	return "0-1"
}

// finish ends the game with result and tells both players and the
// secretary how it ended; why is the event's.
func (a *applier) finish(result, clause, why string, how letter.Ending) {
	g := a.g
	if err := g.transition(Finished); err != nil {
		a.problem("game-state", clause, err.Error())
		return
	}
	g.Result = result
	g.Draw = nil
	g.Variants = nil
	if n := len(g.Replies); n > 0 && g.Replies[n-1].Sent.IsZero() {
		g.Replies = g.Replies[:n-1] // nobody thinks any more
	}
	a.event("finished", clause, result+": "+why)
	a.out.Out = append(a.out.Out, a.s.resultLetters(g, clause, how)...)
}

// resultLetters tell both players and the secretary the result and how
// the game ended.
func (s State) resultLetters(g *Game, clause string, how letter.Ending) []Outgoing {
	var out []Outgoing
	over := letter.GameOver{Ending: how, Result: g.Result, Clause: clause, Record: g.SemiShort(s.Tournament.DraughtsVariant())}
	for _, n := range []int{g.White, g.Black} {
		over.Envelope = s.envelope(n, g)
		out = append(out, s.rendered(n, g, "result", over.Render()))
	}
	over.Envelope, over.Official = s.envelope(0, g), true
	return append(out, s.rendered(0, g, "result", over.Render()))
}

// ending is how game g ended by kind, an act of side c.
func (s State) ending(g *Game, c draughts.Color, kind letter.EndingKind) letter.Ending {
	p, _ := s.Tournament.Player(g.Number(c))
	return letter.Ending{Kind: kind, White: c == draughts.White, Name: p.Name}
}
