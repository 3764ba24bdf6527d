package letter

import (
	"zaochnik/timecontrol"
)

// ClaimFigures are the ledger's figures of an overstep claim: the total
// after Move counted moves against its Limit (6.3.5).
type ClaimFigures struct{ Total, Limit, Move int }

func (f ClaimFigures) text(w *writer) string {
	if f.Total > f.Limit {
		return w.f("%d дн. при норме %d для %d-го хода — просрочка по графику есть", "%d days against the %d allowed for move %d: an overstep by the ledger", f.Total, f.Limit, f.Move)
	}
	return w.f("%d дн. при норме %d для %d-го хода — просрочки по графику нет", "%d days against the %d allowed for move %d: no overstep by the ledger", f.Total, f.Limit, f.Move)
}

// ClaimParty is whom a claim notice is for.
type ClaimParty int

// The addressees of a claim notice.
const (
	ToOffender ClaimParty = iota
	ToClaimant
	ToSecretary
)

// ClaimNotice tells the offender, the claimant or the secretary of an
// overstep claim (6.3.6): the game is suspended until the judge rules. A
// claim by letter (ByHand) is the claimant's statement, and a claimant is
// warned of the penalty for a wrong claim (6.3.7).
type ClaimNotice struct {
	Envelope
	To                 ClaimParty
	ByHand             bool // claimed by the opponent's letter, not by the server's ledger
	Silent             bool // no reply came: the offender is still thinking
	Figures            ClaimFigures
	Offender, Claimant int    // start numbers
	Judge              string // the judge's address, for a protest
	PenaltyDays        int    // the penalty for a wrong claim (6.3.7)
}

// Render writes the notice.
func (c ClaimNotice) Render() Message {
	w := newWriter(c.Envelope)
	fig := c.Figures.text(w)
	protest := w.f("Если вы не согласны, в течение 10 дней направьте судье (%s) обоснованный протест (п. 6.3.8).", "If you disagree, send the judge (%s) a reasoned protest within 10 days (clause 6.3.8).", c.Judge)
	held := w.t("Если сейчас ваш ход, пришлите его как обычно: он будет передан судье и отправлен партнёру, только если судья не подтвердит просрочку.",
		"If it is your move, send it as usual: it goes to the judge and is forwarded to your opponent only if the judge does not confirm the overstep.")
	code := c.code()
	var subject string
	switch {
	case c.To == ToSecretary && c.ByHand:
		w.line(w.f("В партии %s игрок №%d заявил письмом о просрочке игрока №%d. По графику сервера: %s. Игра приостановлена до решения судьи (п. 6.3.6).",
			"In game %s player No. %d claimed by letter that player No. %d overstepped. By the server's ledger: %s. The game is suspended until the judge rules (6.3.6).", code, c.Claimant, c.Offender, fig))
		subject = w.t("Заявление о просрочке", "Overstep claim")
	case c.To == ToSecretary:
		w.line(w.f("В партии %s сервер заявил просрочку игрока №%d по графику: %s. Игра приостановлена (п. 6.3.6).",
			"In game %s the server claimed an overstep of player No. %d by the ledger: %s. The game is suspended (6.3.6).", code, c.Offender, fig))
		subject = w.t("Заявление о просрочке", "Overstep claim")
	case c.To == ToOffender && c.ByHand:
		w.line(w.f("В партии %s партнёр заявил о просрочке вашего времени (п. 6.3.6). Заявление передано судье; до его решения игра приостановлена. По графику сервера: %s. %s",
			"In game %s your opponent claims that you have overstepped the time (clause 6.3.6). The claim has gone to the judge; the game is suspended until the judge rules. By the server's ledger: %s. %s", code, fig, protest))
		subject = w.t("Партнёр заявил о просрочке", "Your opponent claims an overstep")
	case c.To == ToClaimant && c.ByHand:
		w.line(w.f("Ваше заявление о просрочке партнёра в партии %s передано судье (п. 6.3.6); до его решения игра приостановлена. По графику сервера: %s. Если судья не подтвердит просрочку, вам будет начислено %s (п. 6.3.7). %s",
			"Your claim that your opponent overstepped the time in game %s has gone to the judge (clause 6.3.6); the game is suspended until the judge rules. By the server's ledger: %s. If the judge does not confirm the overstep, you will be charged %s (clause 6.3.7). %s",
			code, fig, w.penaltyDays(c.PenaltyDays), held))
		subject = w.t("Заявление о просрочке передано судье", "Overstep claim sent to the judge")
	case c.To == ToOffender:
		what := w.f("ваше суммарное время %d дн. больше нормы %d дн. для %d-го хода", "your total of %d days exceeds the %d days allowed for move %d", c.Figures.Total, c.Figures.Limit, c.Figures.Move)
		if c.Silent {
			what = w.f("ответ не получен, и ваше время на обдумывание (%d дн.) превысило норму %d дн. для %d-го хода",
				"no reply has come and your thinking time (%d days) has passed the %d days allowed for move %d", c.Figures.Total, c.Figures.Limit, c.Figures.Move)
		}
		w.line(w.f("В партии %s по графику сервера заявлена просрочка времени (п. 6.3.5): %s. Игра приостановлена до решения судьи (п. 6.3.6). %s",
			"By the server's ledger an overstep is claimed in game %s (clause 6.3.5): %s. The game is suspended until the judge rules (clause 6.3.6). %s", code, what, protest))
		subject = w.t("Заявлена просрочка времени", "Overstep claimed")
	default:
		w.line(w.f("В партии %s партнёр просрочил время по графику сервера (п. 6.3.5): %s. Игра приостановлена до решения судьи (п. 6.3.6). %s",
			"In game %s your opponent has overstepped the time by the server's ledger (clause 6.3.5): %s. The game is suspended until the judge rules (clause 6.3.6). %s", code, fig, held))
		subject = w.t("Просрочка партнёра", "Your opponent overstepped")
	}
	return w.close(c.Envelope, subject)
}

// HeldReplyToJudge sends the judge the claimant's reply held while the
// claim is pending (6.3.6); the letter is attached.
type HeldReplyToJudge struct {
	Envelope
	Seq      int
	Claimant int
	Sent     timecontrol.Date
	Moves    string
}

// Render writes the letter.
func (h HeldReplyToJudge) Render() Message {
	w := newWriter(h.Envelope)
	w.line(w.f("К заявлению %d о просрочке в партии %s: ответный ход заявителя (игрок №%d), отправлен %s и задержан до вашего решения (п. 6.3.6): %s\nПисьмо приложено.",
		"On overstep claim %d in game %s: the claimant's reply (player No. %d), sent %s and held until your ruling (6.3.6): %s\nThe letter is attached.",
		h.Seq, h.code(), h.Claimant, date(h.Sent), h.Moves))
	return w.close(h.Envelope, w.f("Ответ заявителя, заявление %d", "The claimant's reply, claim %d", h.Seq))
}

// ReplyHeld tells the claimant that their reply waits for the ruling (6.3.6).
type ReplyHeld struct{ Envelope }

// Render writes the notice.
func (r ReplyHeld) Render() Message {
	w := newWriter(r.Envelope)
	w.line(w.t("Ваш ответ получен и задержан до решения судьи по просрочке (п. 6.3.6); он будет отправлен партнёру, если судья не подтвердит просрочку.",
		"Your reply is received and held until the judge rules on the overstep (clause 6.3.6); it will be forwarded to your opponent if the judge does not confirm the overstep."))
	return w.close(r.Envelope, w.t("Ответ задержан до решения судьи", "Reply held for the judge"))
}

// Resumption says who is on move once play resumes after a rejected claim
// (6.3.7), and the held reply forwarded, if any.
type Resumption struct {
	YourMove  bool
	FirstMove bool   // the move is the game's first
	Last      string // the move to answer, numbered
	Held      string // the addressee's held reply now forwarded; empty when none
}

func (r Resumption) text(w *writer) string {
	on := w.t("ход за партнёром.", "it is your opponent's move.")
	switch {
	case !r.YourMove:
	case r.FirstMove:
		on = w.t("ход за вами: первый ход партии.", "it is your move: the first move of the game.")
	default:
		on = w.f("ход за вами, ответ на %s.", "it is your move, answering %s.", r.Last)
	}
	if r.Held == "" {
		return w.t("Игра возобновлена: ", "Play resumes: ") + on
	}
	return w.f("Ваш задержанный ответ %s отправлен партнёру; ", "Your held reply %s has been forwarded to your opponent; ", r.Held) + on
}

// OverstepRuling is the judge's ruling on an overstep claim to a player
// (6.3.7), written as a Ruling.
type OverstepRuling struct {
	Envelope
	Confirmed bool // the overstep is confirmed: the offender loses
	// Claimant is the claimant's copy of a rejection; PenaltyDays the
	// penalty for a wrong claim by letter, 0 when none.
	Claimant    bool
	PenaltyDays int
	// Resume is who moves now, after a rejection; nil when play does not resume.
	Resume       *Resumption
	Result       string
	ProtestUntil timecontrol.Date
	Note         string
}

// Render writes the ruling.
func (o OverstepRuling) Render() Message {
	w := &writer{lang: o.Lang.orDefault()}
	var decision string
	switch {
	case o.Confirmed:
		decision = w.t("просрочка подтверждена, партия засчитана вам как поражение", "the overstep is confirmed, and the game is scored as your loss")
	case o.Claimant:
		decision = w.t("просрочки партнёра нет, игра продолжается", "your opponent did not overstep, and play goes on")
		if o.PenaltyDays > 0 {
			decision += w.f("; за неверно заявленную просрочку вам начислено %s", "; for the wrong claim you are charged %s", w.penaltyDays(o.PenaltyDays))
		}
		decision += ". "
	default:
		decision = w.t("просрочки нет, игра продолжается. ", "there is no overstep, and play goes on. ")
	}
	if o.Resume != nil {
		decision += o.Resume.text(w)
	}
	return Ruling{Envelope: o.Envelope, Matter: w.t("просрочка времени", "time overstep"), Clause: "6.3.7",
		Decision: decision, Result: o.Result, ProtestUntil: o.ProtestUntil, Note: o.Note}.Render()
}

// ClaimRejectedCopy tells the secretary that the judge found no overstep (6.3.7).
type ClaimRejectedCopy struct {
	Envelope
	Seq  int
	Note string // the judge's note
}

// Render writes the copy.
func (c ClaimRejectedCopy) Render() Message {
	w := newWriter(c.Envelope)
	w.line(w.f("Судья не подтвердил просрочку по заявлению %d в партии %s. %s", "The judge found no overstep on claim %d in game %s. %s", c.Seq, c.code(), c.Note))
	return w.close(c.Envelope, w.t("Решение судьи", "Judge's ruling"))
}

// WrongClaimReason is the ledger's reason for the penalty of a wrong claim
// (6.3.7), in Russian and English.
func WrongClaimReason() (ru, en string) {
	return "неверно заявленная просрочка", "an overstep claimed wrongly"
}
