package corr

import (
	"fmt"

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

// acceptDraw ends the game by agreement (2.1.9.1.1): the sender accepts the
// opponent's standing offer; it may be done after the end of play (6.3.2).
func (a *applier) acceptDraw() {
	g := a.g
	if g.Status == Suspended {
		a.refuse(letter.GameSuspended(false))
		return
	}
	g.Letters[a.side] = append(g.Letters[a.side], a.obs.MessageID)
	a.finish("1/2-1/2", "2.1.9.1.1", "draw agreed", [2]string{"ничья по соглашению", "draw by agreement"})
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
		ru, en := a.onMove()
		a.out.Out = append(a.out.Out, a.s.notice(opp, g, "notice", "", "предложение ничьей", "draw offer",
			"Партнёр предлагает ничью в партии "+g.Code+". Чтобы принять, напишите «согласен на ничью»; ваш ход без согласия означает отказ.",
			"Your opponent offers a draw in game "+g.Code+". To accept, write \"I accept the draw\"; a move without accepting declines it."),
			a.s.notice(a.from.Number, g, "confirmation", a.obs.MessageID, "предложение ничьей передано", "draw offer passed on",
				"Ваше предложение ничьей в партии "+g.Code+" передано партнёру (п. 2.1.9.3). "+ru,
				"Your draw offer in game "+g.Code+" has been passed on to your opponent (clause 2.1.9.3). "+en))
	case letter.DrawAccept:
		// A standing offer was accepted before; here none stands (2.1.9.3).
		a.event("draw-accept-without-offer", "2.1.9.3", side.String())
		ru, en := a.onMove()
		a.out.Out = append(a.out.Out, a.s.notice(a.from.Number, g, "notice", a.obs.MessageID, "предложения ничьей нет", "no draw offer stands",
			"В партии "+g.Code+" сейчас нет предложения ничьей партнёра (предложение действует до следующего письма партнёра, п. 2.1.9.3); ваше согласие не учтено, партия продолжается. "+ru,
			"In game "+g.Code+" your opponent has no draw offer standing (an offer stands until the opponent's next letter, clause 2.1.9.3); your acceptance is not taken, and the game goes on. "+en))
	case letter.DrawDecline:
		if g.Draw == nil || g.Draw.By == side {
			return
		}
		g.Draw = nil
		a.event("draw-declined", "2.1.9", side.String())
		a.out.Out = append(a.out.Out, a.s.notice(opp, g, "notice", "", "ничья отклонена", "draw declined",
			"Партнёр отклонил предложение ничьей в партии "+g.Code+".", "Your opponent declined the draw offer in game "+g.Code+"."))
	}
}

// onMove says whose move it is in the sender's game, in Russian and English.
func (a *applier) onMove() (ru, en string) {
	if a.g.ToMove() == a.side {
		return "Ход за вами.", "It is your move."
	}
	return "Ход за партнёром.", "It is your opponent's move."
}
