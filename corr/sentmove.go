package corr

import (
	"fmt"
	"strings"

	"zaochnik/corr/letter"
)

// keepSentMoves plays the moves of the sender's letter refused for its
// repetition in place of other moves the correction writes: a sent move is
// made and cannot be changed (6.2.8); the sender is told. A sent move that
// is impossible here is left to the rules of 6.2.10 in the correction.
func (a *applier) keepSentMoves() {
	g := a.g
	if len(g.Sent) == 0 || g.Stopped == nil || *g.Stopped != a.side {
		return
	}
	pos := g.Position(a.s.Tournament.DraughtsVariant())
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
	a.problem("sent-move-kept", "6.2.8", tr(a.lang(),
		fmt.Sprintf("в исправлении написано %s, но вы уже отослали %s, а отосланный ход изменить нельзя; сыгран %s", was, now, now),
		fmt.Sprintf("the correction writes %s, but you had sent %s, and a move once sent cannot be changed; %s is played", was, now, now)))
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
