package corr

import (
	"fmt"
	"slices"
	"strings"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
)

// Apply applies a letter, as read by corr/letter, to the tournament: it finds
// the game, checks the sender, the repetition (6.2.9), the moves (6.2.4,
// 6.2.10, 6.2.14), variants (6.2.7, 6.2.12, 6.2.13), the dates and the time
// (6.3), breaks (6.4), draws, resignations and overstep claims (6.3.5-6.3.6),
// and returns the new state with what happened and the letters to send. s is
// not changed. A refused letter changes nothing but, where the rules say so,
// penalty days and the game's stop for the correction.
func Apply(s State, l letter.Letter, obs Observation) (State, Outcome) {
	s = s.clone()
	a := &applier{s: &s, l: l, obs: obs}
	for _, p := range l.Problems {
		if p.Kind == letter.KindUnknownLine || p.IsNote() {
			continue // unknown lines are listed apart; guessed years need no action
		}
		a.problem(string(p.Kind), p.Clause, p.Message(a.lang()))
	}
	a.apply()
	return s, a.out
}

// applier carries one application of a letter.
type applier struct {
	s    *State
	l    letter.Letter
	obs  Observation
	out  Outcome
	from Player
	g    *Game
	side draughts.Color
	// reply is the index in g.Replies of the ledger reply this letter closed.
	reply int
	// refusal, when set, is the refusal corr/letter renders for refuse.
	refusal *letter.Refusal
	// declined is set when the letter's move declined the opponent's
	// standing draw offer (2.1.9.3); the forward says so.
	declined bool
}

// lang is the language to answer the sender in.
func (a *applier) lang() letter.Lang {
	if a.from.Number != 0 {
		return a.s.lang(a.from.Number)
	}
	if a.l.Language == letter.English {
		return letter.English
	}
	return letter.Russian
}

func (a *applier) problem(kind, clause, text string) {
	for _, p := range a.out.Problems {
		if p.Kind == kind && p.Clause == clause && (p.Text == text || kind != "date-differs") {
			return // the reader and the referee may both see it
		}
	}
	a.out.Problems = append(a.out.Problems, Problem{Kind: kind, Clause: clause, Text: text})
}

func (a *applier) event(kind, clause, detail string) {
	code := ""
	if a.g != nil {
		code = a.g.Code
	}
	a.out.Events = append(a.out.Events, Event{Game: code, Date: a.obs.Postmark, Kind: kind, Clause: clause, Detail: detail})
}

// refuse refuses the letter back to its sender with the reason and what to
// resend; the letter itself is kept by the store.
func (a *applier) refuse(kind, clause, ru, en string) {
	a.out.Accepted = false
	a.out.Reason = tr(a.lang(), ru, en)
	var others []Problem
	for _, p := range a.out.Problems {
		if p.Kind != kind {
			others = append(others, p)
		}
	}
	a.problem(kind, clause, a.out.Reason)
	a.event("refused", clause, a.out.Reason)
	body := func(l letter.Lang) string {
		return tr(l, "Ваше письмо не принято: ", "Your letter was not accepted: ") + tr(l, ru, en) +
			tr(l, " (п. "+clause+").", " (clause "+clause+").") + problemLines(l, others)
	}
	if a.from.Number == 0 {
		// A stranger's language is unknown (often a player writing from
		// another address): both languages, the letter's own first.
		first, second := letter.Russian, letter.English
		if a.lang() == letter.English {
			first, second = second, first
		}
		part := func(l letter.Lang) string { return tr(l, "Здравствуйте!\n\n", "Hello,\n\n") + body(l) }
		a.out.Out = append(a.out.Out, Outgoing{To: a.obs.From, Kind: "refusal", InReplyTo: a.obs.MessageID,
			Subject: tr(first, "Письмо не принято / Letter not accepted", "Letter not accepted / Письмо не принято") + ": " + a.obs.Subject,
			Body:    part(first) + "\n\n* * *\n\n" + part(second) + a.s.sign(first)})
		return
	}
	l := a.lang()
	if r := a.refusal; r != nil {
		r.Envelope = a.s.envelope(a.from.Number, a.g)
		r.Problems = append([]letter.Problem(nil), r.Problems...)
		for _, p := range a.l.Problems {
			if p.Kind != letter.KindUnknownLine {
				r.Problems = append(r.Problems, p)
			}
		}
		o := a.s.rendered(a.from.Number, a.g, "refusal", r.Render())
		o.InReplyTo = a.obs.MessageID
		a.out.Out = append(a.out.Out, o)
		return
	}
	o := a.s.notice(a.from.Number, a.g, "refusal", a.obs.MessageID, "письмо не принято", "letter not accepted", "", "")
	o.Body = a.s.greet(a.from.Number) + body(l) + a.s.sign(l)
	a.out.Out = append(a.out.Out, o)
}

func (a *applier) apply() {
	p, ok := a.s.Tournament.PlayerByEmail(a.obs.From)
	if !ok {
		a.refuse("not-a-player", "6.2.3",
			fmt.Sprintf("адрес %s не принадлежит ни одному участнику турнира %s; пишите с адреса, указанного в стартовом листе", a.obs.From, a.s.Tournament.Cipher),
			fmt.Sprintf("the address %s belongs to no player of tournament %s; write from the address in the start list", a.obs.From, a.s.Tournament.Cipher))
		return
	}
	a.from = p
	if a.s.Started.IsZero() {
		a.refuse("not-started", "6.3.2", "турнир ещё не начат: стартовый лист не разослан", "the tournament has not started: the start list has not been sent")
		return
	}
	g, why := a.findGame()
	if g == nil && a.breakAlone() {
		// A break is taken in all the player's games at once (6.4.1) and
		// told to every partner (6.4.2): it needs no game.
		a.out.Accepted = true
		a.announceBreak()
		return
	}
	if g == nil {
		a.refusal = &letter.Refusal{Reason: letter.RefuseUnknownGame, Games: a.senderGames()}
		a.refuse("no-game", "6.2.3", why[0], why[1])
		return
	}
	a.g = g
	a.out.Game = g.Code
	side, ok := g.SideOf(p.Number)
	if !ok {
		a.refuse("not-your-game", "6.2.3",
			fmt.Sprintf("вы не играете в партии %s; укажите шифр турнира и номера своей партии", g.Code),
			fmt.Sprintf("you do not play in game %s; give the tournament cipher and your own game's numbers", g.Code))
		return
	}
	a.side = side
	a.out.Accepted = true
	if a.l.LedgerRequest {
		// Answered whatever else the letter does or the game's state: a
		// player needs the ledger most when a claim stops the game (6.3.6).
		defer a.sendLedger()
	}
	if a.l.Break != nil {
		a.announceBreak()
	}
	if a.l.Protest != "" {
		a.protest()
		if len(a.l.Moves) == 0 && !a.l.Resign && a.l.Draw == "" && !a.l.OverstepClaim {
			return
		}
	}
	switch {
	case a.l.Resign:
		a.resign()
		return
	case a.l.Draw == letter.DrawAccept && g.Draw != nil && g.Draw.By != side:
		a.acceptDraw()
		return
	}
	if len(a.l.Moves) == 0 && len(a.l.Repeated) > 0 && len(g.Sent) > 0 && g.Stopped != nil && *g.Stopped == side {
		// A correction of the repetition alone: the sent moves stand (6.2.8).
		a.l.Moves = g.Sent
		a.out.Problems = slices.DeleteFunc(a.out.Problems, func(p Problem) bool { return p.Kind == string(letter.KindNoMove) })
	}
	if len(a.l.Moves) == 0 && !a.l.OverstepClaim && a.l.Draw == "" && (a.l.LedgerRequest || a.l.Break != nil) {
		return // a request or a break needs neither the turn nor a game in play
	}
	if !a.acceptable() {
		return
	}
	if a.l.OverstepClaim {
		a.claimByLetter()
		return
	}
	if len(a.l.Moves) == 0 && a.l.Draw != "" {
		a.drawWithoutMove()
	}
	if len(a.l.Moves) == 0 {
		if a.l.Draw == "" {
			a.refusal = &letter.Refusal{Reason: letter.RefuseNoMove}
			a.refuse("no-move", "6.2.3", "в письме нет хода; пришлите свой ход полной нотацией, например c3-d4",
				"the letter has no move; send your move in full notation, e.g. c3-d4")
		}
		return
	}
	a.playLetter()
}

// acceptable checks that a letter with moves may be applied now: the game is
// on, it is the sender's move, and no claim holds the game.
func (a *applier) acceptable() bool {
	g, side := a.g, a.side
	switch g.Status {
	case Finished:
		a.refuse("game-over", "6.5.1", fmt.Sprintf("партия %s окончена (%s)", g.Code, g.Result),
			fmt.Sprintf("game %s is over (%s)", g.Code, g.Result))
		return false
	case Unfinished:
		a.refuse("end-of-play", "6.3.2", "срок игры истёк; ход не принимается. До присуждения можно только принять ничью или сдаться; запись партии с анализом пришлите судье в течение 10 дней (п. 6.5.2)",
			"the time for play is over; no more moves. Until adjudication you may only accept a draw or resign; send the record with your analysis to the judge within 10 days (clause 6.5.2)")
		return false
	case Suspended:
		if c := g.pendingClaim(); c != nil && c.Against != side && g.Held == nil && (len(a.l.Moves) > 0 || a.l.OverstepClaim) {
			if len(a.l.Moves) > 0 {
				a.holdReply()
			}
			return false
		}
		a.refuse("suspended", "6.3.6", "партия приостановлена до решения судьи по заявлению о просрочке",
			"the game is suspended until the judge rules on the overstep claim")
		return false
	}
	if len(a.l.Moves) > 0 && g.ToMove() != side {
		if a.resent() {
			return false
		}
		a.refusal = &letter.Refusal{Reason: letter.RefuseNotYourTurn}
		a.refuse("not-your-move", "6.2.8", "сейчас ход партнёра; отосланный ход изменить нельзя",
			"it is your opponent's move; a move once sent cannot be changed")
		return false
	}
	return true
}

// breakAlone reports a letter that announces a break and does nothing
// else, in this tournament (its cipher, when written, is this one's).
func (a *applier) breakAlone() bool {
	l := a.l
	if c := l.Game.Cipher; c != "" && !strings.EqualFold(c, a.s.Tournament.Cipher) {
		return false
	}
	return l.Break != nil && len(l.Moves) == 0 && len(l.Repeated) == 0 && l.Accepted == nil && len(l.Variants) == 0 &&
		l.Draw == "" && !l.Resign && !l.OverstepClaim && l.Protest == "" && !l.LedgerRequest
}

// senderGames lists the codes of the sender's games, for a letter that
// names none of them.
func (a *applier) senderGames() []string {
	var codes []string
	for _, g := range a.s.Games {
		if _, ok := g.SideOf(a.from.Number); ok {
			codes = append(codes, g.Code)
		}
	}
	return codes
}

// findGame finds the game a letter is about: the game code or the cipher
// with start numbers, the thread it answers, the opponent's surname, or else
// the sender's only game in which it is their move. It returns the reason in Russian and English when
// there is none.
func (a *applier) findGame() (*Game, [2]string) {
	ref := a.l.Game
	if code, ok := letter.ParseGameCode(a.obs.Subject); ok && ref.White == 0 {
		ref = code
	}
	t := a.s.Tournament
	if ref.Cipher != "" && !strings.EqualFold(ref.Cipher, t.Cipher) {
		return nil, [2]string{
			fmt.Sprintf("шифр %s не совпадает с шифром турнира %s", ref.Cipher, t.Cipher),
			fmt.Sprintf("cipher %s is not the tournament's cipher %s", ref.Cipher, t.Cipher)}
	}
	if ref.White != 0 && ref.Black != 0 {
		if g := a.s.game(GameCode(t.Cipher, Pairing{White: ref.White, Black: ref.Black})); g != nil {
			return g, [2]string{}
		}
		if g := a.s.game(GameCode(t.Cipher, Pairing{White: ref.Black, Black: ref.White})); g != nil {
			return g, [2]string{}
		}
		return nil, [2]string{
			fmt.Sprintf("в турнире нет партии %d-%d", ref.White, ref.Black),
			fmt.Sprintf("the tournament has no game %d-%d", ref.White, ref.Black)}
	}
	if g := a.s.game(a.obs.Thread); g != nil {
		return g, [2]string{}
	}
	mine := func(keep func(g *Game) bool) []*Game {
		var gs []*Game
		for i := range a.s.Games {
			g := &a.s.Games[i]
			if _, ok := g.SideOf(a.from.Number); ok && keep(g) {
				gs = append(gs, g)
			}
		}
		return gs
	}
	if len(ref.Names) > 0 {
		gs := mine(func(g *Game) bool {
			side, _ := g.SideOf(a.from.Number)
			opp, _ := t.Player(g.Number(side.Opponent()))
			for _, n := range ref.Names {
				if n != "" && strings.Contains(strings.ToLower(opp.Name), strings.ToLower(n)) {
					return true
				}
			}
			return false
		})
		if len(gs) == 1 {
			return gs[0], [2]string{}
		}
	}
	onMove := mine(func(g *Game) bool {
		side, _ := g.SideOf(a.from.Number)
		return (g.Status == Playing && g.ToMove() == side) || g.Status == Suspended
	})
	if len(onMove) == 1 {
		return onMove[0], [2]string{}
	}
	return nil, [2]string{
		"не удалось определить партию; укажите шифр турнира и номера партии (например, " + letter.FormatGameCode(t.Cipher, 1, 2) + ") или фамилию партнёра",
		"the game could not be found; give the tournament cipher and the game's start numbers (e.g. " + letter.FormatGameCode(t.Cipher, 1, 2) + ") or your opponent's surname"}
}
