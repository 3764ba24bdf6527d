package corr

import (
	"fmt"
	"slices"
	"strings"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// fileClaim files an overstep claim against side (6.3.6): the game is
// suspended, both players and the secretary are told, and the judge gets
// the dossier: the offender's letters (attached raw), the record and the
// ledger. The claimant's next reply is held until the ruling.
func (s *State) fileClaim(g *Game, against draughts.Color, byHand, silent bool, total, limit, move int, date timecontrol.Date, out *Outcome) {
	if err := g.transition(Suspended); err != nil {
		out.Problems = append(out.Problems, Problem{Kind: "game-state", Clause: "6.3.6", Text: err.Error()})
		return
	}
	c := Claim{Seq: len(g.Claims) + 1, Against: against, ByHand: byHand, Silent: silent, Filed: date,
		Status: ClaimPending, Total: total, Limit: limit, Move: move, Letters: slices.Concat(g.Letters[against], g.Charged[against])}
	g.Claims = append(g.Claims, c)
	out.Claims = append(out.Claims, ClaimRef{Game: g.Code, Seq: c.Seq})
	out.Events = append(out.Events, Event{Game: g.Code, Date: date, Kind: "claim-filed", Clause: "6.3.6",
		Detail: fmt.Sprintf("against %s: total %d, limit %d for move %d", against, total, limit, move)})
	out.Out = append(out.Out, s.claimNotices(g, c)...)
	dossier := s.official(s.Tournament.Judge, g, "dossier", s.dossier(g, c).Render())
	dossier.Attach = c.Letters
	out.Out = append(out.Out, dossier)
}

// claimNotices tell the offender, the claimant and the secretary of claim c
// (6.3.6). A claim by letter is the claimant's statement: it goes to the
// judge with the server's figures, and the claimant is warned of the
// penalty for a wrong claim (6.3.7).
func (s *State) claimNotices(g *Game, c Claim) []Outgoing {
	n := letter.ClaimNotice{ByHand: c.ByHand, Silent: c.Silent, Figures: letter.ClaimFigures{Total: c.Total, Limit: c.Limit, Move: c.Move},
		Offender: g.Number(c.Against), Claimant: g.Number(c.Against.Opponent()), Judge: s.Tournament.Judge.Email, PenaltyDays: PenaltyDays}
	var out []Outgoing
	for _, to := range []letter.ClaimParty{letter.ToOffender, letter.ToClaimant, letter.ToSecretary} {
		n.To = to
		switch to {
		case letter.ToOffender:
			n.Envelope = s.envelope(n.Offender, g)
			out = append(out, s.rendered(n.Offender, g, "claim", n.Render()))
		case letter.ToClaimant:
			n.Envelope = s.envelope(n.Claimant, g)
			out = append(out, s.rendered(n.Claimant, g, "claim", n.Render()))
		default:
			n.Envelope = s.envelope(0, g)
			out = append(out, s.rendered(0, g, "claim", n.Render()))
		}
	}
	return out
}

// dossier is the judge's letter: the claim, the record (with the held
// reply when there is one) and the ledger.
func (s *State) dossier(g *Game, c Claim) letter.ClaimDossier {
	d := letter.ClaimDossier{Envelope: s.officialEnvelope(s.Tournament.Judge, g), Seq: c.Seq, Offender: g.Number(c.Against), Claimant: g.Number(c.Against.Opponent()),
		Side: c.Against, ByHand: c.ByHand, Filed: c.Filed, Figures: letter.ClaimFigures{Total: c.Total, Limit: c.Limit, Move: c.Move},
		Record: moveList(g, 0), Ledger: s.ledgerText(g, c.Filed), Letters: len(c.Letters), GameID: g.Code}
	if g.Held != nil {
		var ts []string
		for _, p := range g.Held.Plies {
			ts = append(ts, p.Text)
		}
		d.Held, d.HeldSent = strings.Join(ts, " "), g.Held.Sent
	}
	return d
}

// ledgerText writes a game's ledger as the table of 6.3.6, in Russian
// (the judge's and the secretary's language), with the clock on today.
func (s *State) ledgerText(g *Game, today timecontrol.Date) string {
	led, err := s.Ledger(*g)
	if err != nil {
		return letter.LedgerMissing(letter.Russian, err.Error())
	}
	return led.Render(timecontrol.Russian, today)
}

// holdReply keeps the claimant's reply while the claim is pending (6.3.6).
func (a *applier) holdReply() {
	g := a.g
	if g.ToMove() != a.side {
		a.refuse(letter.SuspendedNotYourMove())
		return
	}
	plies, ok := a.readMoves()
	if !ok {
		return
	}
	received := a.obs.Postmark
	if n := len(g.Replies); n > 0 && g.Replies[n-1].Sent.IsZero() {
		received = g.Replies[n-1].Received
	}
	g.Held = &HeldReply{Plies: plies, Received: received, Sent: a.obs.sent(), Letter: a.obs.MessageID}
	g.Letters[a.side] = append(g.Letters[a.side], a.obs.MessageID)
	a.event("reply-held", "6.3.6", moveList(&Game{Plies: plies}, 0))
	if c := g.pendingClaim(); c != nil {
		var ts []string
		for _, p := range plies {
			ts = append(ts, p.Text)
		}
		judge := a.s.Tournament.Judge
		a.out.Out = append(a.out.Out, a.s.official(judge, g, "dossier", letter.HeldReplyToJudge{Envelope: a.s.officialEnvelope(judge, g),
			Seq: c.Seq, Claimant: a.from.Number, Sent: a.obs.Postmark, Moves: strings.Join(ts, " ")}.Render()))
		a.out.Out[len(a.out.Out)-1].Attach = []string{a.obs.MessageID}
	}
	a.answer("confirmation", letter.ReplyHeld{Envelope: a.s.envelope(a.from.Number, g)}.Render())
}

// claimByLetter files a player's own overstep claim against the opponent;
// any move in the letter is held. A claim the judge rejects costs the
// claimant 6 penalty days (6.3.7).
func (a *applier) claimByLetter() {
	g, side := a.g, a.side
	total, limit, move := a.claimedFigures()
	a.s.fileClaim(g, side.Opponent(), true, g.ToMove() != side, total, limit, move, a.obs.Postmark, &a.out)
	if len(a.l.Moves) > 0 && g.ToMove() == side {
		a.holdReply()
	}
}

// resumes says to the player of side who is on move once play resumes
// after a rejected claim (6.3.7), and which move is to be answered; held is
// the side's own reply the ruling forwarded, if any.
func resumes(g *Game, side draughts.Color, held *HeldReply) *letter.Resumption {
	if g.Status != Playing {
		return nil
	}
	r := &letter.Resumption{YourMove: g.ToMove() == side, FirstMove: len(g.Plies) == 0}
	if r.YourMove && !r.FirstMove {
		r.Last = moveList(g, len(g.Plies)-1)
	}
	if held != nil {
		var ts []string
		for _, p := range held.Plies {
			ts = append(ts, p.Text)
		}
		r.Held = strings.Join(ts, " ")
	}
	return r
}

// claimedFigures are the ledger's figures of the opponent the sender claims
// against, on the claim's postmark: the overstep when the ledger has one;
// the running clock when the opponent is thinking; else the total after
// their last counted move against its limit (6.3.5).
func (a *applier) claimedFigures() (total, limit, move int) {
	led, err := a.s.Ledger(*a.g)
	if err != nil {
		return 0, 0, 0
	}
	opp := colour(a.side.Opponent())
	if ov := led.Overstep; ov != nil && ov.Player == opp {
		return ov.Total, ov.Limit, ov.Move
	}
	if om := led.OnMove; om.Player == opp && !om.Stopped {
		return led.RunningTotal(a.obs.Postmark), om.Limit, om.Move
	}
	tot := led.Totals[opp]
	move = max(tot.Moves, 1)
	return tot.Total, led.Control.Limit(move), move
}

// Rule applies the judge's ruling on claim seq of game code (6.3.7): when
// confirmed, the offender loses; when rejected, play resumes, the held reply
// is forwarded, and a claimant who claimed by letter is charged 6 penalty
// days. It fails when the claim does not exist or was already ruled.
func Rule(s State, code string, seq int, confirm bool, note string, date timecontrol.Date) (State, Outcome, error) {
	s = s.clone()
	g := s.game(code)
	if g == nil {
		return s, Outcome{}, fmt.Errorf("corr: no game %q in tournament %s", code, s.Tournament.Cipher)
	}
	if seq < 1 || seq > len(g.Claims) {
		return s, Outcome{}, fmt.Errorf("corr: game %s has no claim %d (it has %d)", code, seq, len(g.Claims))
	}
	c := &g.Claims[seq-1]
	if c.Status != ClaimPending {
		return s, Outcome{}, fmt.Errorf("corr: claim %d of game %s was already ruled: %s", seq, code, c.Status)
	}
	a := &applier{s: &s, g: g, obs: Observation{Postmark: date}, out: Outcome{Accepted: true, Game: code}}
	c.Note, c.Ruled = note, date
	offender, claimant := g.Number(c.Against), g.Number(c.Against.Opponent())
	// ruling writes the judge's decision to player n; only a player the
	// judge ruled against may protest (6.1.12, 6.3.8).
	ruling := func(n int, against bool, r letter.OverstepRuling) Outgoing {
		r.Envelope, r.Note = s.envelope(n, g), note
		if against {
			r.ProtestUntil = date.AddDays(10)
		}
		return s.rendered(n, g, "ruling", r.Render())
	}
	if confirm {
		c.Status = ClaimConfirmed
		g.Held = nil
		a.event("claim-confirmed", "6.3.7", note)
		a.finish(resultFor(c.Against.Opponent()), "6.3.7", "overstep confirmed", s.ending(g, c.Against, letter.EndOverstepConfirmed))
		a.out.Out = append(a.out.Out, ruling(offender, true, letter.OverstepRuling{Confirmed: true, Result: g.Result}))
		return s, a.out, nil
	}
	c.Status = ClaimRejected
	if err := g.transition(Playing); err != nil {
		return s, Outcome{}, err
	}
	a.event("claim-rejected", "6.3.7", note)
	if c.ByHand {
		wrongRu, wrongEn := letter.WrongClaimReason()
		g.Penalties = append(g.Penalties, timecontrol.Penalty{Player: colour(c.Against.Opponent()), Days: PenaltyDays, Date: date, Clause: "6.3.7",
			Reason: wrongRu, ReasonEn: wrongEn})
		a.event("penalty", "6.3.7", fmt.Sprintf("%d days to %s", PenaltyDays, c.Against.Opponent()))
	}
	at := len(a.out.Out) // the offender's ruling goes before the forward of the held reply
	held := g.Held
	if h := g.Held; h != nil {
		g.Held = nil
		a.side = c.Against.Opponent()
		a.obs.Postmark = h.Sent
		first, known := len(g.Plies), g.Known[a.side]
		g.Plies = append(g.Plies, h.Plies...)
		g.Known[a.side] = first + len(h.Plies)
		a.recordReplies(h.Plies)
		g.Replies[len(g.Replies)-1].Received = date // the offender receives it with the ruling
		a.obs.Postmark = date
		if !a.endByRules(g.Position(s.Tournament.DraughtsVariant())) {
			a.forward(first, known, false)
		}
	}
	a.out.Out = slices.Insert(a.out.Out, at, ruling(offender, false, letter.OverstepRuling{Resume: resumes(g, c.Against, nil)}))
	cl := letter.OverstepRuling{Claimant: true, Resume: resumes(g, c.Against.Opponent(), held)}
	if c.ByHand {
		cl.PenaltyDays = PenaltyDays
	}
	a.out.Out = append(a.out.Out, ruling(claimant, true, cl),
		s.rendered(0, g, "ruling", letter.ClaimRejectedCopy{Envelope: s.envelope(0, g), Seq: seq, Note: note}.Render()))
	return s, a.out, nil
}
