package corr

import (
	"fmt"
	"strings"
)

// protest sends a player's protest to the judge with the game's record and
// ledger (6.1.12, 6.3.8) and tells the sender; the ruling is the judge's.
func (a *applier) protest() {
	g := a.g
	// Against a pending overstep claim it is the protest of 6.3.8; after
	// the judge's ruling, a protest against a decision (6.1.12), due within
	// ten days of receiving it (the server's ruling arrives the day it is
	// sent).
	clause, matterRu, lateRu, lateEn := "6.1.12", "", "", ""
	c := lastOf(g.Claims)
	if c != nil && c.Status == ClaimPending {
		clause = "6.3.8"
	}
	if c != nil && c.Status != ClaimPending {
		matterRu = fmt.Sprintf(" на решение судьи от %s по заявлению %d о просрочке (%s)", c.Ruled.Russian(), c.Seq, c.Status.Russian())
		if due := c.Ruled.AddDays(10); a.obs.Postmark.After(due) {
			lateRu = fmt.Sprintf(" Протест подан после срока: решение судьи получено %s, протестовать можно было до %s включительно (п. 6.1.12).", c.Ruled.Russian(), due.Russian())
			lateEn = fmt.Sprintf(" The protest comes after the time allowed: the ruling was received on %s, and the last day was %s (clause 6.1.12).", c.Ruled.Russian(), due.Russian())
		}
	}
	a.event("protest", clause, a.l.Protest)
	a.out.Out = append(a.out.Out,
		a.s.official(a.s.Tournament.Judge, g, "protest", fmt.Sprintf("протест игрока №%d", a.from.Number),
			fmt.Sprintf("Протест игрока №%d (%s)%s по партии %s, получен %s (п. %s).%s\n\n%s\n\nЗапись партии: %s\n\nГрафик времени:\n%s",
				a.from.Number, a.from.Name, matterRu, g.Code, a.obs.Postmark.Russian(), clause, strings.ToUpper(lateRu), a.l.Protest, moveList(g, 0), a.s.ledgerText(g, a.obs.Postmark))),
		a.protestReceipt(clause, matterRu != "", lateRu, lateEn))
}

// protestReceipt tells the sender where his protest went: one against the
// judge's ruling is decided by the organiser, finally (6.1.12); any other
// by the judge.
func (a *applier) protestReceipt(clause string, againstRuling bool, lateRu, lateEn string) Outgoing {
	judge := a.s.Tournament.Judge.Email
	if againstRuling {
		return a.s.notice(a.from.Number, a.g, "notice", a.obs.MessageID, "протест передан организации", "protest sent to the organiser",
			"Ваш протест на решение судьи передан организации, проводящей соревнование (копия — судье, "+judge+", и секретарю); её решение окончательное и будет направлено обоим партнёрам и секретарю (п. 6.1.12)."+lateRu,
			"Your protest against the judge's ruling has been passed to the organiser (copies to the judge, "+judge+", and the secretary); its decision is final and goes to both players and the secretary (clause 6.1.12)."+lateEn)
	}
	return a.s.notice(a.from.Number, a.g, "notice", a.obs.MessageID, "протест передан судье", "protest sent to the judge",
		"Ваш протест передан судье ("+judge+"); решение судья направит обоим партнёрам и секретарю (п. "+clause+")."+lateRu,
		"Your protest has been sent to the judge ("+judge+"); the judge sends the ruling to both players and the secretary (clause "+clause+")."+lateEn)
}

// lastOf returns the latest of claims, or nil.
func lastOf(claims []Claim) *Claim {
	if len(claims) == 0 {
		return nil
	}
	return &claims[len(claims)-1]
}
