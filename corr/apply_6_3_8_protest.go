package corr

import (
	"zaochnik/corr/letter"
)

// protest sends a player's protest to the judge with the game's record and
// ledger (6.1.12, 6.3.8) and tells the sender; the ruling is the judge's.
func (a *applier) protest() {
	g := a.g
	// Against a pending overstep claim it is the protest of 6.3.8; after
	// the judge's ruling, a protest against a decision (6.1.12), due within
	// ten days of receiving it (the server's ruling arrives the day it is
	// sent).
	clause := "6.1.12"
	var ruling *letter.ProtestedRuling
	c := lastOf(g.Claims)
	if c != nil && c.Status == ClaimPending {
		clause = "6.3.8"
	}
	if c != nil && c.Status != ClaimPending {
		due := c.Appeal.Due
		ruling = &letter.ProtestedRuling{Seq: c.Seq, Ruled: c.Ruled, Confirmed: c.Status == ClaimConfirmed, Due: due, Late: a.obs.Postmark.After(due)}
	}
	a.event("protest", clause, a.l.Protest)
	a.claimProtest()
	judge := a.s.Tournament.Judge
	a.out.Out = append(a.out.Out, a.s.official(judge, g, "protest", letter.ProtestToJudge{Envelope: a.s.officialEnvelope(judge, g),
		Player: a.from.Number, Name: a.from.Name, Clause: clause, Received: a.obs.Postmark, Ruling: ruling,
		Text: a.l.Protest, Record: moveList(g, 0), Ledger: a.s.ledgerText(g, a.obs.Postmark, letter.LangOf(judge.Language))}.Render()))
	// One against the judge's ruling is decided by the organiser, finally
	// (6.1.12); any other by the judge.
	a.answer("notice", letter.ProtestReceived{Envelope: a.s.envelope(a.from.Number, g), Judge: judge.Email, Clause: clause, Ruling: ruling}.Render())
}

// lastOf returns the latest of claims, or nil.
func lastOf(claims []Claim) *Claim {
	if len(claims) == 0 {
		return nil
	}
	return &claims[len(claims)-1]
}
