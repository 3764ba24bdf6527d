package adjudication

import (
	"errors"
	"fmt"
	"strings"

	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// JudgeAnswer applies the judge's letter, read as answer a (ReadAnswer)
// and received on day, to the game code names (the letter's thread or
// subject; "" when neither names one: then the only game waiting for the
// judge): an overstep ruling (6.3.7), a
// decision on a protest (6.3.8) or an adjudication (6.5.5). It returns the
// new desk and referee state and the letters: the ruling's letters, and
// the judge's confirmation. An answer the desk cannot act on is not an
// error: the judge is told what to write.
func (d Desk) JudgeAnswer(s corr.State, code string, a Answer, day timecontrol.Date) (Desk, corr.State, corr.Outcome, error) {
	reply := a.Reply
	if a.Err == nil && code == "" {
		code = d.onlyWaiting(s, reply.Verdict == Adjudged)
	}
	sc := sceneOf(s)
	sg, ok := sc.see(s, code, nil, 0)
	g, judge := sg.Game, sc.Judge
	refuse := func(err error) (Desk, corr.State, corr.Outcome, error) {
		why := answerProblem(err)
		o := outgoing(judge.Email, g, "judge-refusal", letter.JudgeAnswerRefused{Envelope: envelope(sc, judge, g), Why: why}.Render())
		text := why.Message(letter.Russian)
		return d, s, corr.Outcome{Accepted: false, Reason: letter.RuleReason(why), Game: g.Code, Out: []corr.Outgoing{o},
			Problems: []corr.Problem{{Kind: "judge-answer", Clause: why.Clause, Text: text}}}, nil
	}
	if a.Err != nil {
		return refuse(a.Err)
	}
	if !ok {
		return refuse(AnswerError{Problem: letter.JudgeGameUnknown(sc.Cipher)})
	}
	var next Desk
	ns := s
	var out corr.Outcome
	var err error
	switch reply.Verdict {
	case Adjudged:
		next, out, err = d.adjudicate(sc, g, reply.Result, reply.Note, day)
	default:
		next, ns, out, err = d.overstepRuling(s, sc, g, reply, day)
	}
	if err != nil {
		return refuse(err)
	}
	out.Accepted, out.Game = true, code
	confirm := letter.JudgeDecisionTaken{Envelope: envelope(sc, judge, g), On: day, Decision: decision(reply.Verdict), Result: reply.Result.String()}
	out.Out = append(out.Out, outgoing(judge.Email, g, "confirmation", confirm.Render()))
	if reply.Verdict == Adjudged {
		// The adjudication, written, goes to the referee's game last.
		ns, _ = next.Settle(s)
	}
	return next, ns, out, nil
}

// answerProblem is err as the judge reads it: the desk's own reasons in
// the judge's language, any other error as it is.
func answerProblem(err error) letter.Problem {
	if ae, ok := errors.AsType[AnswerError](err); ok {
		return ae.Problem
	}
	msg := strings.TrimPrefix(err.Error(), "adjudication: ")
	return letter.Problem{Kind: "judge-answer", Clause: "6.3.7", Ru: msg, En: msg}
}

// decision is verdict v as the judge's confirmation names it.
func decision(v Verdict) letter.JudgeDecision {
	switch v {
	case OverstepConfirmed:
		return letter.DecidedOverstep
	case NoOverstep:
		return letter.DecidedNoOverstep
	case ProtestRejected:
		return letter.DecidedProtestNo
	case ProtestUpheld:
		return letter.DecidedProtestYes
	}
	return letter.DecidedAdjudged
}

// onlyWaiting returns the code of the only game waiting for the judge's
// adjudication (6.5.5) when he adjudges, else of the only one whose claim
// waits for his ruling (6.3.7); "" where none or several do.
func (d Desk) onlyWaiting(s corr.State, adjudges bool) string {
	only, n := "", 0
	for _, g := range s.Games {
		var waits bool
		if adjudges {
			a := d.adjourned(g.Code)
			waits = a != nil && a.awaits(*g)
		} else {
			c := lastClaim(*g)
			waits = c != nil && c.Status == corr.ClaimPending
		}
		if waits {
			only, n = g.Code, n+1
		}
	}
	if n != 1 {
		return ""
	}
	return only
}

// overstepRuling rules on game g's pending claim (6.3.7), as a decision on
// the protest when one came (6.3.8); a claim already ruled is the
// organiser's to revisit on a protest (6.1.12, AppealDecision).
func (d Desk) overstepRuling(s corr.State, sc scene, g corr.Game, r JudgeReply, day timecontrol.Date) (Desk, corr.State, corr.Outcome, error) {
	d = d.clone()
	c := lastClaim(g)
	if c == nil {
		return d, s, corr.Outcome{}, AnswerError{Problem: letter.NoClaimInGame(gameCode(sc, g))}
	}
	confirm := r.Verdict == OverstepConfirmed || r.Verdict == ProtestRejected
	if c.Status != corr.ClaimPending {
		return d, s, corr.Outcome{}, AnswerError{Problem: letter.ClaimAlreadyRuled(c.Seq, gameCode(sc, g), c.Ruled, c.Status == corr.ClaimConfirmed)}
	}
	ns, out, err := corr.Rule(s, g.Code, c.Seq, confirm, r.Note, day)
	if err != nil {
		return d, s, corr.Outcome{}, err
	}
	next, out := d.Follow(ns, 0, out)
	return next, ns, out, nil
}

// Daily runs the desk's deadlines for day: an unfinished game whose
// analyses are due goes to the judge with what came (6.5.2); a ruling past
// its month is recalled to the judge and the secretary (6.5.5). The
// claims' ten-day windows are the referee's (corr.Daily, 6.3.8, 6.1.12).
func (d Desk) Daily(s corr.State, day timecontrol.Date) (Desk, corr.Outcome) {
	d = d.clone()
	sc := sceneOf(s)
	for _, a := range d.Adjournments { // the games before the judge, read first
		if a.Ruled.IsZero() {
			sc.see(s, a.Game, nil, pick(a.Sent.IsZero(), showRecord|showText, 0))
		}
	}
	out := corr.Outcome{Accepted: true}
	for i := range d.Adjournments {
		a := &d.Adjournments[i]
		g, ok := sc.game(a.Game)
		if !ok || !a.awaits(g.Game) {
			continue
		}
		if a.Sent.IsZero() && day.After(a.AnalysisDue()) {
			a.Sent = day
			out.Out = append(out.Out, adjudicationLetter(sc, g, *a))
			out.Events = append(out.Events, corr.Event{Game: a.Game, Date: day, Kind: "to-adjudication", Clause: "6.5.2", Detail: "analyses due " + a.AnalysisDue().String()})
		}
		if a.Reminded.IsZero() && day.After(a.RulingDue()) {
			a.Reminded = day
			for _, p := range []corr.Person{sc.Judge, sc.Secretary} {
				out.Out = append(out.Out, outgoing(p.Email, g.Game, "reminder", letter.AdjudicationOverdue{Envelope: envelope(sc, p, g.Game), Due: a.RulingDue()}.Render()))
			}
			out.Events = append(out.Events, corr.Event{Game: a.Game, Date: day, Kind: "ruling-overdue", Clause: "6.5.5", Detail: a.RulingDue().String()})
		}
	}
	return d, out
}

// Withdraw records the judge's 6.5.3 ruling on player n, who left the
// tournament, and tells the secretary. A later ruling replaces an earlier.
func (d Desk) Withdraw(s corr.State, n int, w Withdrawal, day timecontrol.Date) (Desk, corr.Outcome, error) {
	d = d.clone()
	sc := sceneOf(s)
	if _, ok := sc.Player(n); !ok {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: tournament %s has no player %d", sc.Cipher, n)
	}
	if !w.Withdrawn() {
		return d, corr.Outcome{}, errors.New("adjudication: a withdrawal ruling is one of withdrawn, withdrawn-forfeit-unfinished, withdrawn-adjudicate, withdrawn-annulled (6.5.3), withdrawn-1.10 (1.10.2-1.10.5)")
	}
	kept := d.Withdrawals[:0]
	for _, x := range d.Withdrawals {
		if x.Player != n {
			kept = append(kept, x)
		}
	}
	d.Withdrawals = append(kept, WithdrawalRuling{Player: n, Ruling: w})
	out := corr.Outcome{Accepted: true, Events: []corr.Event{{Date: day, Kind: "withdrawal", Clause: "6.5.3", Detail: fmt.Sprintf("player %d: %s", n, w)}}}
	sec := sc.Secretary
	m := letter.WithdrawalNotice{Envelope: envelope(sc, sec, corr.Game{}), Player: player(sc, n), On: day, Ruling: letter.WithdrawalKind(w.String())}.Render()
	out.Out = append(out.Out, outgoing(sec.Email, corr.Game{}, "ruling", m))
	return d, out, nil
}

// Sanction enters sanction x in the register (6.1.9-6.1.10) and sends the
// notice to the player and the secretary.
func (d Desk) Sanction(s corr.State, x Sanction) (Desk, corr.Outcome, error) {
	d = d.clone()
	if err := x.Validate(); err != nil {
		return d, corr.Outcome{}, err
	}
	sc := sceneOf(s)
	p, ok := sc.Player(x.Player)
	if !ok {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: tournament %s has no player %d", s.Tournament.Cipher, x.Player)
	}
	if x.Kind == LossOfGame {
		if _, ok := s.Game(corr.GameCode(s.Tournament.Cipher, corr.Pairing{White: x.Game.White, Black: x.Game.Black})); !ok {
			return d, corr.Outcome{}, fmt.Errorf("adjudication: tournament %s has no game %d-%d (White first)", s.Tournament.Cipher, x.Game.White, x.Game.Black)
		}
	}
	d.Sanctions = append(d.Sanctions, x)
	out := corr.Outcome{Accepted: true, Events: []corr.Event{{Date: x.Date, Kind: "sanction", Clause: x.Kind.Clause(), Detail: fmt.Sprintf("player %d: %s (%s)", x.Player, x.Kind, strings.Join(x.Clauses, ", "))}}}
	var g corr.Game // the game scored as lost; none for another sanction
	if x.Kind == LossOfGame {
		g.White, g.Black = x.Game.White, x.Game.Black
	}
	n := x.Notice(envelope(sc, corr.Person{Name: p.Name, Language: p.Language}, g))
	sec := sc.Secretary
	c := letter.SanctionCopy{Envelope: envelope(sc, sec, g), Player: player(sc, x.Player), Notice: x.Notice(envelope(sc, corr.Person{Name: p.Name, Language: sec.Language}, g))}
	out.Out = append(out.Out, outgoing(p.Email, g, "sanction", n.Render()), outgoing(sec.Email, g, "sanction", c.Render()))
	return d, out, nil
}
