package letter

import (
	"strings"

	"zaochnik/timecontrol"
)

// ProtestedRuling is the judge's ruling a protest is against (6.1.12).
type ProtestedRuling struct {
	Seq       int              // the overstep claim's number in its game
	Ruled     timecontrol.Date // the day of the ruling
	Confirmed bool             // the ruling confirmed the overstep
	// Due is the last day to protest; a protest after it is late.
	Due  timecontrol.Date
	Late bool
}

func (r ProtestedRuling) verdict(w *writer) string {
	if r.Confirmed {
		return w.t("просрочка подтверждена", "overstep confirmed")
	}
	return w.t("просрочки нет", "no overstep")
}

func (r ProtestedRuling) lateness(w *writer) string {
	if !r.Late {
		return ""
	}
	return w.f(" Протест подан после срока: решение судьи получено %s, протестовать можно было до %s включительно (п. 6.1.12).",
		" The protest comes after the time allowed: the ruling was received on %s, and the last day was %s (clause 6.1.12).", date(r.Ruled), date(r.Due))
}

// ProtestToJudge passes a player's protest to the judge with the record and
// the ledger (6.1.12, 6.3.8).
type ProtestToJudge struct {
	Envelope
	Player   int    // the protester's start number
	Name     string // and name
	Clause   string // 6.3.8 against a pending claim, 6.1.12 against a ruling
	Received timecontrol.Date
	// Ruling is the ruling protested against; nil for a protest against a claim.
	Ruling *ProtestedRuling
	Text   string // the protest as written
	Record string
	Ledger string // the ledger's table as timecontrol renders it
}

// Render writes the letter to the judge.
func (p ProtestToJudge) Render() Message {
	w := newWriter(p.Envelope)
	matter, late := "", ""
	if r := p.Ruling; r != nil {
		matter = w.f(" на решение судьи от %s по заявлению %d о просрочке (%s)", " against the judge's ruling of %s on overstep claim %d (%s)", date(r.Ruled), r.Seq, r.verdict(w))
		late = strings.ToUpper(r.lateness(w))
	}
	w.line(w.f("Протест игрока №%d (%s)%s по партии %s, получен %s (п. %s).%s\n\n%s\n\nЗапись партии: %s\n\nГрафик времени:\n%s",
		"Protest of player No. %d (%s)%s in game %s, received %s (%s).%s\n\n%s\n\nRecord: %s\n\nTime ledger:\n%s",
		p.Player, p.Name, matter, p.code(), date(p.Received), p.Clause, late, p.Text, p.Record, p.Ledger))
	return w.close(p.Envelope, w.f("Протест игрока №%d", "Protest of player No. %d", p.Player))
}

// ProtestReceived tells the protester where the protest went: against a
// ruling, to the organiser, whose decision is final (6.1.12); else to the
// judge.
type ProtestReceived struct {
	Envelope
	Judge  string // the judge's address
	Clause string
	Ruling *ProtestedRuling // the ruling protested against; nil for none
}

// Render writes the receipt.
func (p ProtestReceived) Render() Message {
	w := newWriter(p.Envelope)
	if r := p.Ruling; r != nil {
		w.line(w.f("Ваш протест на решение судьи передан организации, проводящей соревнование (копия — судье, %s, и секретарю); её решение окончательное и будет направлено обоим партнёрам и секретарю (п. 6.1.12).",
			"Your protest against the judge's ruling has been passed to the organiser (copies to the judge, %s, and the secretary); its decision is final and goes to both players and the secretary (clause 6.1.12).", p.Judge) + r.lateness(w))
		return w.close(p.Envelope, w.t("Протест передан организации", "Protest sent to the organiser"))
	}
	w.line(w.f("Ваш протест передан судье (%s); решение судья направит обоим партнёрам и секретарю (п. %s).",
		"Your protest has been sent to the judge (%s); the judge sends the ruling to both players and the secretary (clause %s).", p.Judge, p.Clause))
	return w.close(p.Envelope, w.t("Протест передан судье", "Protest sent to the judge"))
}
