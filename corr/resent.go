package corr

import "fmt"

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
	rec := g.Record(a.s.Tournament.DraughtsVariant())
	for i, m := range a.l.Moves {
		p := g.Plies[start+i]
		pos, err := rec.Position(start + i)
		if err != nil || pos.SideToMove() != a.side && !p.Forced {
			return false
		}
		if mv, err := pos.Resolve(m.Text); err != nil || mv != p.Move {
			return false
		}
	}
	onRu, onEn := "", ""
	if r := len(g.Replies); r > 0 && g.Replies[r-1].Sent.IsZero() {
		onRu, onEn = " "+g.Replies[r-1].Received.Russian(), " on "+g.Replies[r-1].Received.Russian()
	}
	moves := moveList(g, start)
	a.event("resent", "6.2.8", moves)
	a.out.Out = append(a.out.Out, a.s.notice(a.from.Number, g, "notice", a.obs.MessageID, "ход уже получен", "move already received",
		fmt.Sprintf("Ваш ход %s уже получен и переслан партнёру%s; ждём его ответа. Отосланный ход изменить нельзя (п. 6.2.8).", moves, onRu),
		fmt.Sprintf("Your move %s has already been received and forwarded to your opponent%s; we are waiting for the reply. A move once sent cannot be changed (clause 6.2.8).", moves, onEn)))
	return true
}
