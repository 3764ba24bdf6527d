package corr

import (
	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
)

// offerDraw records a draw offer; a side may not offer again before the
// other side has used its right to offer (2.1.9.3-2.1.9.4).
func (a *applier) offerDraw() {
	if a.l.Draw != letter.DrawOffer {
		return
	}
	g := a.g
	if g.LastOffer != nil && *g.LastOffer == a.side {
		a.note(letter.DrawOfferRepeated())
		return
	}
	side := a.side
	g.Draw = &DrawOffer{By: side, Ply: len(g.Plies)}
	g.LastOffer = &side
	a.event("draw-offered", "2.1.9", side.String())
	a.claimDrawByRule()
}

// claimDrawByRule turns a draw offer into a claim of a draw by rule when
// one became possible in the last two plies (2.1.9.1.3-2.1.9.1.9, 3.5): in
// correspondence play such a draw is claimed and the judge rules, so the
// claim goes to the judge with the record, and the offer stands meanwhile.
func (a *applier) claimDrawByRule() {
	g := a.g
	rec := g.Record(a.s.Tournament.DraughtsVariant())
	for _, c := range draughts.DrawClaims(rec) {
		if c.Ply < len(g.Plies)-2 || c.Ply > len(g.Plies) {
			continue
		}
		a.event("draw-claimed", c.Rule, c.Describe(true))
		a.note(letter.DrawByRuleClaimed(c))
		a.out.Out = append(a.out.Out, a.s.official(a.s.Tournament.Judge, g, "draw-claim", letter.DrawClaim{
			Envelope: a.s.officialEnvelope(a.s.Tournament.Judge, g), Player: a.from.Number, Claim: c, Record: g.SemiShort(rec.Variant())}.Render()))
		return
	}
}

// acceptDraw ends the game by agreement (2.1.9.1.1): the sender accepts the
// opponent's standing offer; it may be done after the end of play (6.3.2).
func (a *applier) acceptDraw() {
	g := a.g
	if g.Status == Suspended {
		a.refuse(letter.GameSuspended(false))
		return
	}
	g.Letters[a.side] = append(g.Letters[a.side], a.obs.MessageID)
	a.finish("1/2-1/2", "2.1.9.1.1", "draw agreed", letter.Ending{Kind: letter.EndDrawAgreed})
}

// drawWithoutMove passes on a draw offer or a refusal sent without a move.
func (a *applier) drawWithoutMove() {
	g, side := a.g, a.side
	opp := g.Number(side.Opponent())
	switch a.l.Draw {
	case letter.DrawOffer:
		before := len(a.out.Problems)
		a.offerDraw()
		if len(a.out.Problems) > before {
			return // a repeated offer is not passed on (2.1.9.3)
		}
		a.out.Out = append(a.out.Out, a.s.rendered(opp, g, "notice", letter.DrawOffered{Envelope: a.s.envelope(opp, g)}.Render()))
		a.answer("confirmation", letter.DrawOfferPassed{Envelope: a.s.envelope(a.from.Number, g), YourMove: g.ToMove() == side}.Render())
	case letter.DrawAccept:
		// A standing offer was accepted before; here none stands (2.1.9.3).
		a.event("draw-accept-without-offer", "2.1.9.3", side.String())
		a.answer("notice", letter.NoDrawOffer{Envelope: a.s.envelope(a.from.Number, g), YourMove: g.ToMove() == side}.Render())
	case letter.DrawDecline:
		if g.Draw == nil || g.Draw.By == side {
			return
		}
		g.Draw = nil
		a.event("draw-declined", "2.1.9", side.String())
		a.out.Out = append(a.out.Out, a.s.rendered(opp, g, "notice", letter.DrawDeclined{Envelope: a.s.envelope(opp, g)}.Render()))
	}
}
