package corr

import (
	"slices"
	"strings"

	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// playable takes a correction of the repetition alone as the sent moves
// (6.2.8), lets a request or a break without moves rest there, and checks
// that what remains may be played now (acceptable).
func (a *applier) playable() bool {
	g, side := a.g, a.side
	if len(a.l.Moves) == 0 && len(a.l.Repeated) > 0 && len(g.Sent) > 0 && g.Stopped != nil && *g.Stopped == side {
		// A correction of the repetition alone: the sent moves stand (6.2.8).
		a.l.Moves = g.Sent
		a.out.Problems = slices.DeleteFunc(a.out.Problems, func(p Problem) bool { return p.Kind == string(letter.KindNoMove) })
	}
	if len(a.l.Moves) == 0 && !a.l.OverstepClaim && a.l.Draw == "" && (a.l.LedgerRequest || a.l.Break != nil) {
		return false // a request or a break needs neither the turn nor a game in play
	}
	return a.acceptable()
}

// acceptable checks that a letter with moves may be applied now: the game is
// on, it is the sender's move, and no claim holds the game.
func (a *applier) acceptable() bool {
	g, side := a.g, a.side
	switch g.Status {
	case Finished:
		a.refuse(letter.GameIsOver(a.s.Tournament.Cipher, g.White, g.Black, g.Result, false))
		return false
	case Unfinished:
		a.refuse(letter.PlayEnded())
		return false
	case Suspended:
		if c := g.pendingClaim(); c != nil && c.Against != side && g.Held == nil && (len(a.l.Moves) > 0 || a.l.OverstepClaim) {
			if len(a.l.Moves) > 0 {
				a.holdReply()
			}
			return false
		}
		a.refuse(letter.GameSuspended(true))
		return false
	}
	if len(a.l.Moves) > 0 && g.ToMove() != side {
		if a.resent() {
			return false
		}
		a.refusal = &letter.Refusal{Reason: letter.RefuseNotYourTurn}
		a.refuse(letter.NotYourMove())
		return false
	}
	return true
}

// resent answers a letter, sent while the opponent is to move, whose moves
// are the sender's last moves already played: a player asking whether the
// move arrived. They are told it did and was forwarded; nothing changes
// (6.2.8: the move stands). The opponent's forced replies the sender wrote
// (6.2.4) are part of what was sent. It reports whether the letter was such
// a resend.
func (a *applier) resent() bool {
	g := a.g
	n := len(a.l.Moves)
	start := len(g.Plies) - n
	if start < 0 {
		return false
	}
	for i, m := range a.l.Moves {
		p := g.Plies[start+i]
		pos := a.position(start + i)
		if pos.SideToMove() != a.side && !p.Forced {
			return false
		}
		if mv, err := pos.Resolve(m.Text); err != nil || mv != p.Move {
			return false
		}
	}
	var on timecontrol.Date
	if r := len(g.Replies); r > 0 && g.Replies[r-1].Sent.IsZero() {
		on = g.Replies[r-1].Received
	}
	moves := moveList(g, start)
	a.event("resent", "6.2.8", moves)
	a.answer("notice", letter.MoveAlreadyReceived{Envelope: a.s.envelope(a.from.Number, g), Moves: moves, Forwarded: on}.Render())
	return true
}

// keepSentMoves plays the moves of the sender's letter refused for its
// repetition in place of other moves the correction writes: a sent move is
// made and cannot be changed (6.2.8); the sender is told. A sent move that
// is impossible here is left to the rules of 6.2.10 in the correction.
func (a *applier) keepSentMoves() {
	g := a.g
	if len(g.Sent) == 0 || g.Stopped == nil || *g.Stopped != a.side {
		return
	}
	pos := a.position(len(g.Plies))
	sent, err := pos.Resolve(g.Sent[0].Text)
	if err != nil {
		return
	}
	if len(a.l.Moves) > 0 {
		if m, err := pos.Resolve(a.l.Moves[0].Text); err == nil && m == sent {
			return
		}
	}
	was, now := letterSequence(a.l.Moves), letterSequence(g.Sent)
	a.note(letter.SentMoveKept(was, now))
	a.event("sent-move-kept", "6.2.8", now+" played, not "+was)
	a.l.Moves = g.Sent
}

// letterSequence writes moves as the sender wrote them: "1...f6-g5 2...g5-h4".
func letterSequence(ms []letter.Move) string {
	var ts []string
	for _, m := range ms {
		ts = append(ts, m.String())
	}
	return strings.Join(ts, " ")
}
