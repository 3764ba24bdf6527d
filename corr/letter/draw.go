package letter

import (
	"zaochnik/corr/draughts"
)

// DrawOffered passes a draw offer sent without a move to the opponent (2.1.9.3).
type DrawOffered struct{ Envelope }

// Render writes the offer.
func (d DrawOffered) Render() Message {
	w := newWriter(d.Envelope)
	w.line(w.f("Партнёр предлагает ничью в партии %s. Чтобы принять, напишите «согласен на ничью»; ваш ход без согласия означает отказ.",
		"Your opponent offers a draw in game %s. To accept, write \"I accept the draw\"; a move without accepting declines it.", d.code()))
	return w.close(d.Envelope, w.t("Предложение ничьей", "Draw offer"))
}

// DrawOfferPassed confirms to its sender that a draw offer went on (2.1.9.3).
type DrawOfferPassed struct {
	Envelope
	YourMove bool // whether the sender is on move
}

// Render writes the confirmation.
func (d DrawOfferPassed) Render() Message {
	w := newWriter(d.Envelope)
	w.line(w.f("Ваше предложение ничьей в партии %s передано партнёру (п. 2.1.9.3). ", "Your draw offer in game %s has been passed on to your opponent (clause 2.1.9.3). ", d.code()) +
		onMove(w, d.YourMove))
	return w.close(d.Envelope, w.t("Предложение ничьей передано", "Draw offer passed on"))
}

// NoDrawOffer tells a player who accepts a draw that no offer of the
// opponent stands (2.1.9.3): the game goes on.
type NoDrawOffer struct {
	Envelope
	YourMove bool // whether the sender is on move
}

// Render writes the notice.
func (d NoDrawOffer) Render() Message {
	w := newWriter(d.Envelope)
	w.line(w.f("В партии %s сейчас нет предложения ничьей партнёра (предложение действует до следующего письма партнёра, п. 2.1.9.3); ваше согласие не учтено, партия продолжается. ",
		"In game %s your opponent has no draw offer standing (an offer stands until the opponent's next letter, clause 2.1.9.3); your acceptance is not taken, and the game goes on. ", d.code()) +
		onMove(w, d.YourMove))
	return w.close(d.Envelope, w.t("Предложения ничьей нет", "No draw offer stands"))
}

// DrawDeclined tells the offerer that the opponent declined (2.1.9.3).
type DrawDeclined struct{ Envelope }

// Render writes the notice.
func (d DrawDeclined) Render() Message {
	w := newWriter(d.Envelope)
	w.line(w.f("Партнёр отклонил предложение ничьей в партии %s.", "Your opponent declined the draw offer in game %s.", d.code()))
	return w.close(d.Envelope, w.t("Ничья отклонена", "Draw declined"))
}

// DrawClaim takes a draw by rule, claimed with a draw offer, to the judge
// (2.1.9.1.3-2.1.9.1.9, 3.5): in correspondence play the judge rules.
type DrawClaim struct {
	Envelope
	Player int                // the claimant's start number
	Claim  draughts.DrawClaim // the rule and where it applies
	Record string             // the game's record
}

// Render writes the claim for the judge.
func (d DrawClaim) Render() Message {
	w := newWriter(d.Envelope)
	w.line(w.f("Игрок №%d заявляет %s.\nЗапись партии: %s\nПредложение ничьей остаётся в силе до ответа партнёра.",
		"Player No. %d claims a %s.\nRecord: %s\nThe draw offer stands until the opponent answers.", d.Player, d.Claim.Describe(w.lang == English), d.Record))
	return w.close(d.Envelope, w.t("Заявление о ничьей по правилам", "Claim of a draw by rule"))
}

// DrawByRuleClaimed notes for the claimant that the claim went to the judge.
func DrawByRuleClaimed(c draughts.DrawClaim) Problem {
	return both(KindDrawByRule, c.Rule, "заявлена "+c.Describe(false)+"; решение за судьёй", "claimed: "+c.Describe(true)+"; the judge rules")
}

// onMove says whose move it is.
func onMove(w *writer, yours bool) string {
	if yours {
		return w.t("Ход за вами.", "It is your move.")
	}
	return w.t("Ход за партнёром.", "It is your opponent's move.")
}
