package corr

import (
	"fmt"

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
	who := a.s.sideNames(g, a.side)
	a.finish(resultFor(a.side.Opponent()), "2.1.8", a.side.String()+" resigned", [2]string{who[0] + " сдались", who[1] + " resigned"})
}

// endByRules finishes the game when the side to move has no piece or no
// legal move (2.8.1); the winner depends on the variant.
func (a *applier) endByRules(pos draughts.Position) bool {
	if len(pos.LegalMoves(nil)) > 0 {
		return false
	}
	winner := pos.Variant().Winner(pos.SideToMove())
	loser := a.s.sideNames(a.g, pos.SideToMove())
	a.finish(resultFor(winner), "2.8.1", "no legal move for "+pos.SideToMove().String(),
		[2]string{loser[0] + " не имеют хода", loser[1] + " has no move left"})
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
// secretary how it ended (how: Russian and English); why is the event's.
func (a *applier) finish(result, clause, why string, how [2]string) {
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
func (s State) resultLetters(g *Game, clause string, how [2]string) []Outgoing {
	var out []Outgoing
	record := g.SemiShort(s.Tournament.DraughtsVariant())
	recordRu, recordEn := record, record
	if record == "" {
		recordRu, recordEn = "(ходов не сделано)", "(no moves were made)"
	}
	for _, n := range []int{g.White, g.Black} {
		out = append(out, s.notice(n, g, "result", "", "партия окончена", "game over",
			fmt.Sprintf("Партия %s окончена: %s, результат %s (п. %s).\nЗапись: %s\nПо п. 6.5.1 пришлите запись партии секретарю.", g.Code, how[0], g.Result, clause, recordRu),
			fmt.Sprintf("Game %s is over: %s, result %s (clause %s).\nRecord: %s\nUnder clause 6.5.1 please send the game record to the secretary.", g.Code, how[1], g.Result, clause, recordEn)))
	}
	out = append(out, s.official(s.Tournament.Secretary, g, "result", "результат партии",
		fmt.Sprintf("Партия %s окончена: %s, результат %s (п. %s).\nЗапись: %s", g.Code, how[0], g.Result, clause, recordRu)))
	return out
}

// sideNames names side c of game g with its player, in Russian and
// English: "белые (Иванов Иван)", "White (Иванов Иван)".
func (s State) sideNames(g *Game, c draughts.Color) [2]string {
	p, _ := s.Tournament.Player(g.Number(c))
	if c == draughts.White {
		return [2]string{"белые (" + p.Name + ")", "White (" + p.Name + ")"}
	}
	return [2]string{"чёрные (" + p.Name + ")", "Black (" + p.Name + ")"}
}
