package adjudication

import (
	"fmt"
	"strings"

	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// Appeal is one ruling of the judge on an overstep claim as the desk
// lists it, a matter a player may take further: "при несогласии с
// решением судьи — в организацию, проводящую соревнование", within ten
// days of receiving the decision (6.1.12). The organiser decides; its
// decision is final. It is read from the claim (corr.Claim.Appeal), which
// alone keeps it.
type Appeal struct {
	Game  string `json:"game"`
	Claim int    `json:"claim"` // the claim's number within the game
	// Ruling is the judge's decision as the claim's status wrote it
	// ("confirmed", "rejected"); Ruled its day; Due the last day to protest.
	Ruling string           `json:"ruling"`
	Ruled  timecontrol.Date `json:"ruled"`
	Due    timecontrol.Date `json:"due"`
	// From is the start number of the player who protested, 0 before any
	// protest; Filed the protest's postmark, Late whether it came after Due.
	From  int              `json:"from,omitempty"`
	Filed timecontrol.Date `json:"filed,omitzero"`
	Late  bool             `json:"late,omitempty"`
	Text  string           `json:"text,omitempty"`
	// Final: no protest came in the ten days, the judge's ruling stands.
	Final bool `json:"final,omitempty"`
	// Decision is the organiser's: ProtestUpheld or ProtestRejected, with
	// its note and day; NoVerdict before.
	Decision Verdict          `json:"decision,omitempty"`
	Note     string           `json:"note,omitempty"`
	Decided  timecontrol.Date `json:"decided,omitzero"`
}

// Appeals lists the rulings on the overstep claims of s, game by game.
func Appeals(s corr.State) []Appeal {
	var out []Appeal
	for _, g := range s.Games {
		for _, c := range g.Claims {
			if c.Status == corr.ClaimPending {
				continue
			}
			a := c.Appeal
			decision := NoVerdict
			if !a.Decided.IsZero() {
				decision = pick(a.Upheld, ProtestUpheld, ProtestRejected)
			}
			out = append(out, Appeal{Game: g.Code, Claim: c.Seq, Ruling: c.Ruling().String(), Ruled: c.Ruled, Due: a.Due,
				From: a.From, Filed: a.Filed, Late: a.Late, Text: a.Text, Final: a.Final, Decision: decision, Note: a.Note, Decided: a.Decided})
		}
	}
	return out
}

// Open reports whether the protest waits for the organiser's decision.
func (a Appeal) Open() bool { return !a.Filed.IsZero() && a.Decided.IsZero() }

// appealFiled sends player from's protest against the ruling on g's
// latest claim, received on e.Date and recorded by the referee
// (corr.Claim.Appeal): to the organiser with the game's record and the
// ruling, and to the judge and the secretary; a protest after the ten days
// goes too, marked late, for the organiser to decide (6.1.12).
func (d Desk) appealFiled(sc scene, g seen, from int, e corr.Event, out *corr.Outcome) {
	c := lastClaim(g.Game)
	if c == nil {
		return
	}
	a := c.Appeal
	m := letter.AppealMatter{Player: player(sc, from), Seq: c.Seq, Ruled: c.Ruled, Confirmed: c.Status == corr.ClaimConfirmed, Received: e.Date, Due: a.Due, Late: a.Late}
	for i, o := range out.Out {
		if o.Kind == "protest" && strings.EqualFold(o.To, sc.Judge.Email) && o.Game == g.Code {
			o.Body = letter.AfterGreeting(o.Body, letter.AppealRouted(envelope(sc, sc.Judge, g.Game).Lang, d.Organiser.Email, g.Code))
			out.Out[i] = o
		}
	}
	if d.Organiser.Email != "" {
		o := letter.AppealToOrganiser{Envelope: envelope(sc, d.Organiser, g.Game), Matter: m, Protest: a.Text, Note: c.Note, Record: g.text}
		out.Out = append(out.Out, outgoing(d.Organiser.Email, g.Game, "protest", o.Render()))
	}
	sec := sc.Secretary
	out.Out = append(out.Out, outgoing(sec.Email, g.Game, "protest", letter.AppealCopy{Envelope: envelope(sc, sec, g.Game), Matter: m, Organiser: d.Organiser.Email, GameID: g.Code}.Render()))
}

// AppealDecision records the organiser's decision on the open protest
// against the judge's ruling in game code (6.1.12), made on day: upheld
// turns the ruling and restores what it took, rejected leaves it
// (corr.DecideAppeal). Both players, the judge and the secretary are
// told; the decision is final. It fails when no protest waits in that game.
func (d Desk) AppealDecision(s corr.State, code string, upheld bool, note string, day timecontrol.Date) (Desk, corr.State, corr.Outcome, error) {
	return d.appealDecision(s, Appeals(s), code, upheld, note, day)
}

// appealDecision is AppealDecision with the rulings of s read (appeals).
func (d Desk) appealDecision(s corr.State, appeals []Appeal, code string, upheld bool, note string, day timecontrol.Date) (Desk, corr.State, corr.Outcome, error) {
	note = strings.TrimSpace(note)
	kind := pick(upheld, "appeal-upheld", "appeal-rejected")
	var a *Appeal
	for _, x := range appeals {
		if x.Game == code && x.Open() {
			a = &x
		}
	}
	if a == nil {
		return d, s, corr.Outcome{}, fmt.Errorf("adjudication: no protest against a ruling waits in game %s (6.1.12); 'zaochnik judge appeals' lists them", code)
	}
	// What the letters show, read before they are written: the ruling
	// protested, and the game as the decision leaves it.
	confirmed := a.RulingStatus() == corr.ClaimConfirmed
	ns, out, err := corr.DecideAppeal(s, code, upheld, note, day)
	if err != nil {
		return d, s, corr.Outcome{}, err
	}
	sc := sceneOf(ns)
	sg, _ := sc.see(ns, code, nil, 0)
	g, toMove := sg.Game, sg.ToMove()
	d, out = d.Follow(ns, 0, out)
	out.Events = append(out.Events, corr.Event{Game: code, Date: day, Kind: kind, Clause: "6.1.12", Detail: note})
	dec := letter.AppealDecided{Matter: letter.AppealMatter{Player: player(sc, a.From), Seq: a.Claim, Ruled: a.Ruled, Confirmed: confirmed,
		Received: a.Filed, Due: a.Due, Late: a.Late}, Upheld: upheld, Result: g.Result, WhiteToMove: sideOf(toMove) == White, Note: note}
	if n := len(g.Plies); n > 0 {
		dec.Last = g.Plies[n-1].Text
	}
	for _, p := range []int{g.White, g.Black} {
		dec.Envelope = playerEnvelope(sc, p, g)
		out.Out = append(out.Out, outgoing(playerEmail(sc, p), g, "ruling", dec.Render()))
	}
	dec.Official = true
	for _, p := range []corr.Person{sc.Judge, sc.Secretary} {
		dec.Envelope = envelope(sc, p, g)
		out.Out = append(out.Out, outgoing(p.Email, g, "ruling", dec.Render()))
	}
	return d, ns, out, nil
}

// RulingStatus returns the judge's decision as the claim's status.
func (a Appeal) RulingStatus() corr.ClaimStatus {
	for _, st := range []corr.ClaimStatus{corr.ClaimConfirmed, corr.ClaimRejected} {
		if st.String() == a.Ruling {
			return st
		}
	}
	return corr.ClaimPending
}

// OrganiserAnswer applies the organiser's letter, read as answer ans
// (ReadAnswer) and received on day, about game code (the thread of the
// server's letter it answers; "" when none: then the only game with a
// protest waiting): «протест удовлетворён» or
// «протест отклонён» decides the protest against the judge's ruling
// (6.1.12). An answer the desk cannot act on is not an error: the
// organiser is told what to write.
func (d Desk) OrganiserAnswer(s corr.State, code string, ans Answer, day timecontrol.Date) (Desk, corr.State, corr.Outcome, error) {
	r := ans.Reply
	decides := ans.Err == nil && (r.Verdict == ProtestUpheld || r.Verdict == ProtestRejected)
	appeals := Appeals(s)
	if decides && code == "" {
		for _, a := range appeals {
			if a.Open() {
				code = pick(code == "", a.Game, "?")
			}
		}
	}
	sc := sceneOf(s)
	sg, _ := sc.see(s, code, nil, 0)
	g := sg.Game
	refuse := func(why letter.Problem) (Desk, corr.State, corr.Outcome, error) {
		m := letter.OrganiserAnswerRefused{Envelope: envelope(sc, d.Organiser, g), Why: why}.Render()
		o := outgoing(d.Organiser.Email, g, "refusal", m)
		text := why.Message(letter.Russian)
		return d, s, corr.Outcome{Accepted: false, Reason: letter.RuleReason(why), Game: g.Code, Out: []corr.Outgoing{o},
			Problems: []corr.Problem{{Kind: "organiser-answer", Clause: "6.1.12", Text: text}}}, nil
	}
	asIs := func(err error) letter.Problem {
		p := answerProblem(err)
		p.Kind, p.Clause = "organiser-answer", "6.1.12"
		return p
	}
	switch {
	case ans.Err != nil:
		return refuse(asIs(ans.Err))
	case !decides:
		return refuse(letter.AppealVerdictExpected())
	}
	next, ns, out, err := d.appealDecision(s, appeals, code, r.Verdict == ProtestUpheld, r.Note, day)
	if err != nil {
		return refuse(asIs(err))
	}
	out.Out = append(out.Out, outgoing(d.Organiser.Email, g, "confirmation",
		letter.OrganiserDecisionTaken{Envelope: envelope(sc, d.Organiser, g), On: day, Upheld: r.Verdict == ProtestUpheld}.Render()))
	return next, ns, out, nil
}
