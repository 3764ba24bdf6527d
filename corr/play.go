package corr

import (
	"fmt"
	"slices"
	"strings"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// PenaltyDays is the penalty of 6.2.11, 6.3.3 and 6.3.7.
const PenaltyDays = 6

// playLetter applies the moves of an acceptable letter.
func (a *applier) playLetter() {
	g, side := a.g, a.side
	a.ownVariantRepeated()
	if !a.checkRepetition() {
		if a.l.Accepted == nil {
			g.Sent = a.l.Moves
		}
		return
	}
	a.keepSentMoves()
	plies, ok := a.readMoves()
	if !ok {
		return
	}
	g.Sent = nil
	if g.Stopped != nil && *g.Stopped == side {
		g.Stopped = nil
		a.event("corrected", "6.2.11", "the stop for a correction ends")
	}
	if g.Draw != nil && g.Draw.By != side {
		a.event("draw-declined", "2.1.9", "a move without accepting declines the offer")
		g.Draw = nil
		a.declined = true
	}
	first, known := len(g.Plies), g.Known[side]
	g.Plies = append(g.Plies, plies...)
	g.Known[side] = first + a.ownRun(plies)
	g.Letters[side] = append(g.Letters[side], a.obs.MessageID)
	v := a.s.Tournament.DraughtsVariant()
	pos := g.Position(v)
	a.recordReplies(plies)
	a.proposeVariants(pos)
	a.offerDraw()
	a.event("moves", "6.2.3", moveList(g, first))
	ended := a.endByRules(pos)
	claimed := false
	if !ended {
		a.checkTime()
		claimed = a.checkOverstep()
	}
	a.forward(first, known, claimed)
}

// ownVariantRepeated reads an "acceptance" of the sender's own variant,
// which the opponent accepted, as what it is: the repetition of its
// accepted part (6.2.3, «принятого варианта или его принятой части»). It
// applies when the opponent has no standing variant and the moves written
// are the game's own moves, where they stand.
func (a *applier) ownVariantRepeated() {
	acc, g := a.l.Accepted, a.g
	if acc == nil {
		return
	}
	if _, theirs := a.standingVariant(acc.Label); theirs {
		return
	}
	rec := g.Record(a.s.Tournament.DraughtsVariant())
	played := false // the sender's variant was played since their last letter
	for _, p := range g.Plies[g.Known[a.side]:] {
		played = played || p.Variant
	}
	for _, m := range acc.Moves {
		i := plyIndex(m)
		if m.Number == 0 || i >= len(g.Plies) {
			return
		}
		pos, _ := rec.Position(i)
		if mv, err := pos.Resolve(m.Text); err != nil || mv != g.Plies[i].Move {
			return
		}
	}
	if len(acc.Moves) == 0 && !played {
		return
	}
	a.l.Repeated = append(append([]letter.Move(nil), acc.Moves...), a.l.Repeated...)
	a.l.Accepted = nil
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

// ownRun returns how many of plies, from the first, the sender knows after
// this letter: all up to their last own move. The variant answers they
// played through by moving on are theirs too, so their next letter repeats
// only the opponent's new moves (6.2.3, 6.2.9), never their own.
func (a *applier) ownRun(plies []Ply) int {
	for i := len(plies) - 1; i >= 0; i-- {
		if !plies[i].Variant {
			return i + 1
		}
	}
	return 0
}

// checkRepetition checks the repetition of the opponent's new moves (6.2.9):
// missing or wrong, the letter is refused with the difference, the game
// stops for the correction, and the sender is charged 6 penalty days
// (6.2.11). The accepted part of the sender's own variant may be left out
// (its acceptance is the opponent's move that follows it, 6.2.13); every
// move after it must be repeated.
func (a *applier) checkRepetition() bool {
	g, v := a.g, a.s.Tournament.DraughtsVariant()
	want := g.Plies[g.Known[a.side]:]
	if len(want) == 0 {
		return true
	}
	required := want
	for i := len(want) - 1; i >= 0; i-- {
		if want[i].Variant {
			required = want[i+1:]
			break
		}
	}
	written := a.l.Repeated
	wantText := func() string {
		var ts []string
		for _, p := range required {
			ts = append(ts, p.Text)
		}
		return strings.Join(ts, " ")
	}
	a.refusal = &letter.Refusal{Reason: letter.RefuseRepetition, Written: written, Expected: a.lettered(len(g.Plies)-len(required), len(g.Plies))}
	if len(written) < len(required) {
		if len(written) == 0 {
			a.stop("repetition", "6.2.9",
				fmt.Sprintf("нет повторения новых ходов партнёра; повторите их: %s", wantText()),
				fmt.Sprintf("your opponent's new moves are not repeated; repeat them: %s", wantText()))
		} else {
			a.stop("repetition", "6.2.9",
				fmt.Sprintf("повторены не все новые ходы партнёра: нужно %s", wantText()),
				fmt.Sprintf("not all of your opponent's new moves are repeated: they are %s", wantText()))
		}
		return false
	}
	if len(written) > len(want) {
		a.problem("repetition-extra", "6.2.9", tr(a.lang(), "повторено больше ходов, чем сделал партнёр; лишние не учтены",
			"more moves are repeated than your opponent made; the extra ones are ignored"))
		written = written[len(written)-len(want):]
	}
	rec := g.Record(v)
	start := len(g.Plies) - len(written)
	a.refusal.Expected = a.lettered(start, len(g.Plies))
	for i, w := range written {
		ply := g.Plies[start+i]
		pos, _ := rec.Position(start + i)
		m, err := pos.Resolve(w.Text)
		if err != nil || m != ply.Move {
			a.stop("repetition", "6.2.9",
				fmt.Sprintf("ход партнёра повторён неверно: написано %s, а сделан %s; повторите: %s", w.Text, ply.Text, wantText()),
				fmt.Sprintf("your opponent's move is repeated wrongly: you wrote %s, the move was %s; repeat: %s", w.Text, ply.Text, wantText()))
			return false
		}
	}
	a.refusal = nil
	return true
}

// stop refuses a letter that stops the game for a correction (6.2.9,
// 6.2.10): 6 penalty days to the sender, once per letter (6.2.11).
func (a *applier) stop(kind, clause, ru, en string) {
	g := a.g
	side := a.side
	g.Stopped = &side
	g.Sent = nil // a stop for an impossible move asks for another move (6.2.10)
	g.Charged[side] = append(g.Charged[side], a.obs.MessageID)
	// The ledger says what for (6.2.11), without what the sender is asked
	// to resend: the text up to the first "; ".
	whyRu, _, _ := strings.Cut(ru, "; ")
	whyEn, _, _ := strings.Cut(en, "; ")
	reason := tr(a.lang(), whyRu, whyEn)
	g.Penalties = append(g.Penalties, timecontrol.Penalty{Player: colour(side), Days: PenaltyDays, Date: a.obs.Postmark, Clause: "6.2.11", Reason: whyRu, ReasonEn: whyEn})
	a.event("penalty", "6.2.11", fmt.Sprintf("%d days to %s: %s", PenaltyDays, side, reason))
	if a.refusal != nil {
		a.refusal.PenaltyDays = PenaltyDays
	}
	a.refuse(kind, clause,
		ru+fmt.Sprintf("; игра остановлена до исправления, вам начислено %d штрафных дней (п. 6.2.11)", PenaltyDays),
		en+fmt.Sprintf("; the game stops until you correct it, and you are charged %d penalty days (clause 6.2.11)", PenaltyDays))
}

// readMoves resolves the letter's moves in order: the sender's own moves,
// the opponent's forced replies the sender wrote (6.2.4), and the replies
// the opponent's standing variants give (6.2.13), played for them. An
// impossible move is replaced by the named piece's single legal move, or
// stops the game (6.2.10). It changes only g.Variants.
func (a *applier) readMoves() ([]Ply, bool) {
	g, side, v := a.g, a.side, a.s.Tournament.DraughtsVariant()
	pos := g.Position(v)
	var plies []Ply
	var beforeVariant draughts.Position // the position before the last variant reply
	variants := g.Variants
	defer func() {
		if !a.out.Accepted {
			g.Variants = variants // a refused letter accepts no variant
		}
	}()
	accepted, line, ok := a.acceptedMoves(pos)
	if !ok {
		return nil, false
	}
	for i, m := range append(accepted, a.l.Moves...) {
		if len(pos.LegalMoves(nil)) == 0 {
			a.problem("moves-after-end", "2.8.1", tr(a.lang(), "ходы после окончания партии не учтены", "moves after the end of the game are ignored"))
			break
		}
		if n := len(plies); n > 0 && plies[n-1].Variant {
			if rm, err := beforeVariant.Resolve(m.Text); err == nil && rm == plies[n-1].Move {
				continue // the sender wrote the reply their acceptance of the variant gave
			}
		}
		mover := pos.SideToMove()
		mv, err := pos.Resolve(m.Text)
		theirs := mover != side
		if m.Number > 0 {
			theirs = m.Black != (side == draughts.Black) // as numbered
		}
		if theirs && i < len(accepted) {
			// The acceptance repeats a move of the opponent's variant
			// that is not the variant's (6.2.9, 6.2.13).
			a.refusal = &letter.Refusal{Reason: letter.RefuseRepetition, Written: accepted, Expected: line}
			a.stop("repetition", "6.2.9",
				fmt.Sprintf("в принятом варианте ход партнёра %s записан неверно: в его варианте этого хода нет; повторите принятый вариант, как партнёр его предложил", m.Text),
				fmt.Sprintf("in the accepted variant your opponent's move %s is written wrongly: their variant has no such move; repeat the accepted variant as your opponent proposed it", m.Text))
			return nil, false
		}
		if mover != side {
			legal := pos.LegalMoves(nil)
			if err == nil && len(legal) == 1 && legal[0] == mv {
				a.checkNumber(m, len(g.Plies)+len(plies))
				plies = append(plies, Ply{Move: mv, Text: pos.Written(mv), Forced: true})
				pos = pos.Play(mv)
				continue
			}
			a.stop("not-forced", "6.2.4",
				fmt.Sprintf("ход %s — ход партнёра, и он не вынужденный; записывайте за партнёра только вынужденные ходы", m.Text),
				fmt.Sprintf("%s is your opponent's move and it is not forced; write your opponent's moves only when forced", m.Text))
			return nil, false
		}
		corrected := false
		if err != nil {
			if from, ok := originOf(v, m.Text); ok {
				if ms := pos.MovesFrom(from); len(ms) == 1 {
					mv, corrected = ms[0], true
					a.problem("impossible-move-corrected", "6.2.10", tr(a.lang(),
						fmt.Sprintf("ход %s невозможен; у шашки на поле %s единственный ход %s, он и сделан", m.Text, v.SquareText(from), pos.Written(mv)),
						fmt.Sprintf("%s is impossible; the piece on %s has the single move %s, which is played", m.Text, v.SquareText(from), pos.Written(mv))))
					a.event("impossible-move-corrected", "6.2.10", m.Text.String()+" -> "+pos.Notation(mv))
				}
			}
			if !corrected {
				whyRu, whyEn := whyImpossible(err)
				a.refusal = &letter.Refusal{Reason: letter.RefuseImpossible, Written: []letter.Move{m}, Problems: []letter.Problem{{
					Kind: "impossible-move", Clause: "6.2.10", Text: m.Text.String(),
					Ru: "ход " + m.Text.String() + ": " + whyRu, En: "move " + m.Text.String() + ": " + whyEn}}}
				a.stop("impossible-move", "6.2.10",
					fmt.Sprintf("ход %s невозможен (%s); замените его своим ходом", m.Text, whyRu),
					fmt.Sprintf("the move %s is impossible (%s); send a move in its place", m.Text, whyEn))
				return nil, false
			}
		}
		a.checkNumber(m, len(g.Plies)+len(plies))
		plies = append(plies, Ply{Move: mv, Text: pos.Written(mv), Corrected: corrected})
		pos = pos.Play(mv)
		if reply, ok := a.variantReply(mv, pos); ok {
			// A compulsory answer is a move of the game like any forced
			// one: counted (6.3.5, "кроме обязательных").
			forced := len(pos.LegalMoves(nil)) == 1
			plies = append(plies, Ply{Move: reply, Text: pos.Written(reply), Variant: true, Forced: forced})
			beforeVariant = pos
			pos = pos.Play(reply)
		}
	}
	if len(plies) == 0 {
		a.refusal = &letter.Refusal{Reason: letter.RefuseNoMove}
		a.refuse("no-move", "6.2.3", "в письме нет хода", "the letter has no move")
		return nil, false
	}
	return plies, true
}

// variantReply follows the opponent's standing variants after the sender's
// move mv: a variant whose next move is mv goes on; the others lapse
// (acceptance runs to the first changed move, 6.2.13). It returns the
// opponent's answer when a variant gives one that is legal in pos.
func (a *applier) variantReply(mv draughts.Move, pos draughts.Position) (draughts.Move, bool) {
	g := a.g
	var kept []ProposedVariant
	for _, pv := range g.Variants {
		if pv.By == a.side || len(pv.Line) == 0 || pv.Line[0] != mv {
			continue
		}
		pv.Line = pv.Line[1:]
		kept = append(kept, pv)
	}
	g.Variants = nil
	for _, pv := range kept {
		if len(pv.Line) == 0 {
			continue
		}
		reply := pv.Line[0]
		for _, l := range pos.LegalMoves(nil) {
			if l == reply {
				for _, k := range kept {
					if len(k.Line) > 1 && k.Line[0] == reply {
						k.Line = k.Line[1:]
						g.Variants = append(g.Variants, k)
					}
				}
				a.event("variant-accepted", "6.2.13", pos.Notation(reply))
				return reply, true
			}
		}
	}
	return draughts.Move{}, false
}

// recordReplies enters the letter into the ledger: the sender's reply ends
// on the postmark (a paper letter's posting postmark); replies played for
// the opponent (forced, variant) and further moves of the sender in the same
// letter cost no days; the side to move now starts thinking on the day the
// server received the letter and forwarded it.
func (a *applier) recordReplies(plies []Ply) {
	g := a.g
	day := a.obs.sent()
	pending := -1
	if n := len(g.Replies); n > 0 && g.Replies[n-1].Sent.IsZero() {
		pending = n - 1
	}
	run := func(i int) (int, int, draughts.Color, int) {
		side := g.ToMoveAt(len(g.Plies) - len(plies) + i)
		counted, variant, j := 0, 0, i
		for ; j < len(plies) && g.ToMoveAt(len(g.Plies)-len(plies)+j) == side; j++ {
			if plies[j].Variant && !plies[j].Forced {
				variant++
			} else {
				counted++
			}
		}
		return counted, variant, side, j
	}
	a.reply = len(g.Replies)
	if pending >= 0 {
		a.reply = pending
	}
	for i := 0; i < len(plies); {
		counted, variant, side, next := run(i)
		text := plies[i].Text
		if i == 0 && pending >= 0 && g.Replies[pending].Player == colour(side) {
			r := &g.Replies[pending]
			r.Sent, r.Moves, r.VariantMoves, r.Text = day, counted, variant, text
			if a.obs.paper() && pending > 0 {
				r.Received = a.paperReceipt(r.Received, day)
			}
			if r.Received.After(day) {
				r.Received = day // a first move sent before the start of play
			}
		} else {
			g.Replies = append(g.Replies, timecontrol.Reply{Player: colour(side), Received: day, Sent: day, Moves: counted, VariantMoves: variant, Text: text})
		}
		i = next
	}
	g.Replies = append(g.Replies, timecontrol.Reply{Player: colour(g.ToMove()), Received: a.obs.forwarded()})
}

// paperReceipt is the receipt date of the move a paper letter answers: the
// date its sender wrote (6.3.1: by the arrival postmark, which only they
// saw), if it lies between the day the server forwarded the move and the
// posting; else zero, and the ledger takes the average transit between the
// two players (6.3.3). A written date that cannot be is reported.
func (a *applier) paperReceipt(forwarded, posted timecontrol.Date) timecontrol.Date {
	wrote := a.l.Dates.Received
	switch {
	case wrote.IsZero():
		return timecontrol.Date{}
	case !wrote.Before(forwarded) && !wrote.After(posted):
		return wrote
	}
	lang := a.lang()
	a.problem("date-differs", "6.3.3", tr(lang,
		fmt.Sprintf("дата получения хода указана %s, но ход отправлен вам %s, а ответ отправлен %s; в графике дата получения взята по среднему пробегу писем", wrote.Russian(), forwarded.Russian(), posted.Russian()),
		fmt.Sprintf("the date you received the move is written %s, but the move was sent to you on %s and your reply posted on %s; the ledger takes the average transit of letters instead", wrote.Russian(), forwarded.Russian(), posted.Russian())))
	a.event("date-differs", "6.3.3", "received: wrote "+wrote.String()+", forwarded "+forwarded.String()+", posted "+posted.String())
	return timecontrol.Date{}
}

// ToMoveAt returns the side to move before ply i.
func (g Game) ToMoveAt(i int) draughts.Color {
	if i%2 == 0 {
		return draughts.White
	}
	return draughts.Black
}

// checkNumber tells the sender, once per letter, of a written move whose
// number is not the number of the move it is in the game (6.2.14): play
// goes on. ply is the move's index in the game.
func (a *applier) checkNumber(m letter.Move, ply int) {
	if m.Number == 0 || m.Number == ply/2+1 {
		return
	}
	for _, p := range a.out.Problems {
		if p.Kind == "move-number" {
			return
		}
	}
	a.problem("move-number", "6.2.14", tr(a.lang(),
		fmt.Sprintf("ход %s записан под номером %d, а это ход %d; в следующем письме повторите ходы с верной нумерацией", m.Text, m.Number, ply/2+1),
		fmt.Sprintf("the move %s is numbered %d but it is move %d; repeat the moves correctly numbered in your next letter", m.Text, m.Number, ply/2+1)))
}

// proposeVariants stores the sender's proposed variants (6.2.7), each cut
// at its first impossible move without penalty (6.2.12).
func (a *applier) proposeVariants(pos draughts.Position) {
	if len(a.l.Variants) == 0 {
		return
	}
	if pos.SideToMove() == a.side {
		a.problem("variant-ignored", "6.2.7", tr(a.lang(), "варианты не учтены: после принятого варианта снова ваш ход", "variants ignored: after the accepted variant it is your move again"))
		return
	}
	var props []ProposedVariant
	for i, vr := range a.l.Variants {
		p := pos
		// An unlabelled variant is named by its place in the letter, here
		// and in the forward, so both letters call it the same (6.2.7).
		label := vr.Label
		if label == "" {
			label = fmt.Sprint(i + 1)
		}
		pv := ProposedVariant{By: a.side, Label: label}
		for _, m := range vr.Moves {
			mv, err := p.Resolve(m.Text)
			if err != nil {
				a.problem("variant-cut", "6.2.12", tr(a.lang(),
					fmt.Sprintf("в варианте %s ход %s невозможен; вариант предложен до этого хода", label, m.Text),
					fmt.Sprintf("in variant %s the move %s is impossible; the variant stands up to it", label, m.Text)))
				break
			}
			pv.Line = append(pv.Line, mv)
			p = p.Play(mv)
		}
		if len(pv.Line) < 2 && len(vr.Moves) > 0 {
			a.problem("variant-dropped", "6.2.12", tr(a.lang(),
				fmt.Sprintf("в варианте %s не осталось вашего ответного хода; он не передан партнёру", label),
				fmt.Sprintf("variant %s is left without your answer; it is not passed on", label)))
		}
		props = append(props, pv)
	}
	for _, pv := range a.unambiguous(pos, props) {
		if len(pv.Line) >= 2 {
			a.g.Variants = append(a.g.Variants, pv)
			a.event("variant-proposed", "6.2.7", fmt.Sprintf("%s: %d moves", pv.Label, len(pv.Line)))
		}
	}
}

// unambiguous cuts the proposed variants where two of them answer the same
// moves of the opponent differently: which to play is unclear, so each
// stands only up to that move (6.2.7, 6.2.12), and the proposer is told
// which variants, at which move. pos is the position the lines start from.
// It takes time linear in the variants' moves, however many they are.
func (a *applier) unambiguous(pos draughts.Position, props []ProposedVariant) []ProposedVariant {
	// A tree of the lines: a node after the opponent's move holds the
	// answers given to it, each with the variants that give it.
	type node struct {
		next  map[draughts.Move]*node
		which []int // the variants through this node, in letter order
	}
	root := &node{}
	ends := make([][]*node, len(props)) // each variant's nodes, by depth
	for i, p := range props {
		n := root
		for _, m := range p.Line {
			if n.next == nil {
				n.next = map[draughts.Move]*node{}
			}
			c := n.next[m]
			if c == nil {
				c = &node{}
				n.next[m] = c
			}
			c.which = append(c.which, i)
			ends[i] = append(ends[i], c)
			n = c
		}
	}
	var ru, en []string
	out := make([]ProposedVariant, 0, len(props))
	told, kept := map[*node]bool{}, map[*node]bool{}
	for i, p := range props {
		cut := len(p.Line)
		for d := 1; d < len(p.Line); d += 2 {
			cond := ends[i][d-1] // the node after the opponent's move p.Line[d-1]
			if len(cond.next) < 2 {
				continue
			}
			cut = d - 1
			if !told[cond] {
				told[cond] = true
				ms := letterMoves(pos, len(a.g.Plies), p.Line[:d])
				var labels, answers []string
				for _, k := range cond.which {
					if len(props[k].Line) > d {
						labels = append(labels, props[k].Label)
					}
				}
				for _, k := range cond.which {
					if len(props[k].Line) > d {
						if t := letterMoves(pos, len(a.g.Plies), props[k].Line[:d+1])[d].String(); !slices.Contains(answers, t) {
							answers = append(answers, t)
						}
					}
				}
				c := ms[d-1].String()
				ru = append(ru, fmt.Sprintf("варианты %s на ход %s дают разные ответы (%s)", strings.Join(labels, ", "), c, strings.Join(answers, ", ")))
				en = append(en, fmt.Sprintf("variants %s answer %s differently (%s)", strings.Join(labels, ", "), c, strings.Join(answers, ", ")))
			}
			break
		}
		p.Line = p.Line[:cut]
		if len(p.Line) >= 2 && !kept[ends[i][cut-1]] { // the same line twice stands once
			kept[ends[i][cut-1]] = true
			out = append(out, p)
		}
	}
	if len(ru) > 0 {
		a.problem("variant-ambiguous", "6.2.7", tr(a.lang(),
			strings.Join(ru, "; ")+"; неясно, какой ответ играть, и эти варианты действуют только до этого хода (п. 6.2.12)",
			strings.Join(en, "; ")+"; which answer to play is unclear, so these variants stand only up to that move (clause 6.2.12)"))
	}
	return out
}

// offerDraw records a draw offer; a side may not offer again before the
// other side has used its right to offer (2.1.9.3-2.1.9.4).
func (a *applier) offerDraw() {
	if a.l.Draw != letter.DrawOffer {
		return
	}
	g := a.g
	if g.LastOffer != nil && *g.LastOffer == a.side {
		a.problem("draw-offer-repeated", "2.1.9.3", tr(a.lang(),
			"повторно предлагать ничью можно только после того, как партнёр воспользуется своим правом; предложение не передано",
			"you may offer a draw again only after your opponent has used their right to offer; the offer was not passed on"))
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
		a.problem("draw-by-rule", c.Rule, tr(a.lang(), "заявлена "+c.Describe(false)+"; решение за судьёй", "claimed: "+c.Describe(true)+"; the judge rules"))
		a.out.Out = append(a.out.Out, a.s.official(a.s.Tournament.Judge, g, "draw-claim", "заявление о ничьей по правилам",
			fmt.Sprintf("Игрок №%d заявляет %s.\nЗапись партии: %s\nПредложение ничьей остаётся в силе до ответа партнёра.", a.from.Number, c.Describe(false), g.SemiShort(rec.Variant()))))
		return
	}
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
