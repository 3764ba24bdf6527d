package corr

import (
	"slices"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// forward sends the sender's moves to the opponent as a move letter with
// every item of 6.2.3 (corr/letter renders it, and reads it back), and
// confirms them to the sender, with the dates and the time as the server
// counts them. known is how many plies the sender knew before this letter;
// pos is the position after its moves (the game's, not computed again).
func (a *applier) forward(first, known int, claimed bool, pos draughts.Position) {
	g, side := a.g, a.side
	opp := g.Number(side.Opponent())
	led, err := a.ledger()
	var frac *letter.TimeFraction
	if err == nil {
		w, b := led.Totals[timecontrol.White].Total, led.Totals[timecontrol.Black].Total
		frac = &letter.TimeFraction{White: w, Black: b}
	}
	fwd := letter.Letter{
		Repeated: a.lettered(known, first),
		Moves:    a.lettered(first, len(g.Plies)),
		Dates:    letter.Dates{OpponentSent: a.opponentSent(), Received: a.receivedDate(), Sent: a.obs.sent()},
		Time:     frac,
	}
	for _, pv := range g.Variants {
		if pv.By == side {
			fwd.Variants = append(fwd.Variants, letter.Variant{Label: pv.Label, Moves: letterMoves(pos, len(g.Plies), pv.Line)})
		}
	}
	switch {
	case g.Draw != nil && g.Draw.By == side:
		fwd.Draw = letter.DrawOffer
	case a.declined:
		fwd.Draw = letter.DrawDecline
	}
	var notes []letter.ServerNote
	for _, p := range g.Plies[first:] {
		if p.Variant {
			notes = append(notes, letter.ServerNote{Kind: letter.NoteVariantPlayed, Move: p.Text})
		}
		if p.Corrected {
			notes = append(notes, letter.ServerNote{Kind: letter.NoteCorrected, Move: p.Text})
		}
	}
	if a.reply < len(g.Replies) {
		// The penalty days charged to the sender while they thought about
		// this move, with what for: the opponent sees them in the time
		// (6.2.11, «с указанием, за что именно»).
		since := g.Replies[a.reply].Received
		for _, p := range g.Penalties {
			if p.Player != colour(side) || p.Date.Before(since) {
				continue
			}
			notes = append(notes, letter.ServerNote{Kind: letter.NotePenalty, Days: p.Days, Clause: p.Clause, ReasonRu: p.Reason, ReasonEn: p.ReasonEn})
		}
	}
	// own ends before the replies the opponent's variant gave to the last
	// of the sender's moves: then the sender is on move again (6.2.13).
	own := len(g.Plies)
	for own > first && g.Plies[own-1].Variant {
		own--
	}
	if own < len(g.Plies) {
		notes = append(notes, letter.ServerNote{Kind: letter.NoteMoveAgain})
	}
	forwarded := g.Status != Suspended || claimed
	a.out.Out = slices.Grow(a.out.Out, 2) // the forward and the receipt, in one array
	if forwarded {
		mover, _ := a.s.Tournament.Player(g.Number(side))
		msg := letter.Forward{Envelope: a.s.envelope(opp, g), From: mover.Name, Letter: fwd, Notes: notes}.Render()
		a.out.Out = append(a.out.Out, a.s.rendered(opp, g, "forward", msg))
	}
	if a.from.Number == 0 {
		return // a move forwarded by the judge's ruling: nobody to confirm to
	}
	moves, replies := splitLettered(fwd.Moves, own)
	r := letter.Receipt{Envelope: a.s.envelope(a.from.Number, g), Forwarded: forwarded, Moves: moves, Replies: replies, Draw: fwd.Draw, Variants: fwd.Variants,
		Problems: a.receiptProblems(), On: a.obs.Postmark, Time: frac}
	o := a.s.rendered(a.from.Number, g, "confirmation", r.Render())
	o.InReplyTo = a.obs.MessageID
	a.out.Out = append(a.out.Out, o)
}

// receiptProblems are the problems the sender is told of in the receipt:
// the reader's, with their lines (those not forwarded among them, 6.2.6),
// then the referee's own, each citing its clause.
func (a *applier) receiptProblems() []letter.Problem {
	var ps []letter.Problem
	read := map[string]bool{}
	for _, p := range a.l.Problems {
		if !p.IsNote() {
			ps = append(ps, p)
			read[string(p.Kind)] = true
		}
	}
	for _, p := range a.out.Problems {
		if read[p.Kind] {
			continue
		}
		ps = append(ps, letter.RefereeNote(letter.Kind(p.Kind), p.Clause, p.Text))
	}
	return ps
}

// lettered writes plies [from, to) of the game as a letter's moves.
func (a *applier) lettered(from, to int) []letter.Move {
	var out []letter.Move
	for i := from; i < to; i++ {
		p := a.g.Plies[i]
		mt, err := draughts.ParseMoveText(p.Text)
		if err != nil {
			continue // the engine's own notation always reads
		}
		out = append(out, letter.Move{Number: i/2 + 1, Black: i%2 == 1, Text: mt, Forced: p.Forced})
	}
	return out
}

// splitLettered splits moves lettered from the game's plies into those of
// plies before ply and the rest: a.lettered(first, ply) and
// a.lettered(ply, to) of the moves' a.lettered(first, to), read once.
func splitLettered(moves []letter.Move, ply int) (before, after []letter.Move) {
	k := 0
	for k < len(moves) && plyOf(moves[k]) < ply {
		k++
	}
	if k > 0 { // else nil, as lettered writes none
		before = moves[:k:k]
	}
	if k < len(moves) {
		after = moves[k:]
	}
	return before, after
}

// plyOf is the index in the game's plies of a lettered move.
func plyOf(m letter.Move) int {
	if m.Black {
		return 2*m.Number - 1
	}
	return 2*m.Number - 2
}

// letterMoves writes a line of moves from pos (ply ply of the game) as a letter's moves.
func letterMoves(pos draughts.Position, ply int, line []draughts.Move) []letter.Move {
	var out []letter.Move
	for _, m := range line {
		mt, err := draughts.ParseMoveText(pos.Written(m))
		if err != nil {
			break
		}
		out = append(out, letter.Move{Number: ply/2 + 1, Black: ply%2 == 1, Text: mt})
		pos = pos.Play(m)
		ply++
	}
	return out
}

// sendLedger answers a request for the time ledger with the table of
// 6.3.6 in the sender's language, as it stands after this letter.
func (a *applier) sendLedger() {
	lc := letter.LedgerCopy{Envelope: a.s.envelope(a.from.Number, a.g), Secretary: a.s.Tournament.Secretary.Email}
	if led, err := a.ledger(); err != nil {
		lc.Error = err.Error()
	} else {
		lc.Table = led.Render(a.lang().Ledger(), a.obs.Postmark)
	}
	a.answer("ledger", lc.Render())
}
