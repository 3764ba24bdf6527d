package adjudication

import (
	"fmt"
	"net/mail"
	"slices"
	"strings"

	"zaochnik/adjudication/diagram"
	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// Submit records player n's evaluation and analysis of unfinished game g
// of state s (6.5.2), as his letter received on day was read (read,
// ReadSubmission), and confirms it; when both players' are in, the judge
// gets the adjudication letter at once. A letter without an evaluation is
// answered with what to write.
func (d Desk) Submit(s corr.State, g corr.Game, n int, read Submitted, day timecontrol.Date) (Desk, corr.Outcome, error) {
	sc := sceneOf(s)
	sg, _ := sc.see(s, g.Code, &g, showRecord|showText) // for the judge's letter once both are in
	d = d.clone()
	code := g.Code
	a := d.adjourned(code)
	if a == nil {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: game %s is not awaiting adjudication", code)
	}
	side, in := g.SideOf(n)
	if !in {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: player %d does not play game %s", n, code)
	}
	out := corr.Outcome{Accepted: true, Game: code}
	sub := read.Submission
	if read.Err != nil {
		p := answerProblem(read.Err)
		why := p.Message(playerEnvelope(sc, n, g).Lang)
		out.Accepted, out.Reason = false, letter.RuleReason(p)
		out.Problems = append(out.Problems, corr.Problem{Kind: "no-evaluation", Clause: "6.5.2", Text: why})
		out.Out = append(out.Out, outgoing(playerEmail(sc, n), g, "refusal", letter.NoEvaluation{Envelope: playerEnvelope(sc, n, g)}.Render()))
		return d, out, nil
	}
	p, _ := sc.Player(n)
	sub.Analysis = withoutName(sub.Analysis, p.Name)
	i := pick(side == draughts.White, 0, 1)
	entry := Submission{Evaluation: sub.Evaluation, Analysis: sub.Analysis != "", Received: day}
	if i == 0 {
		a.White = entry
	} else {
		a.Black = entry
	}
	a.Analysis[i] = sub.Analysis
	late := day.After(a.AnalysisDue())
	out.Events = append(out.Events, corr.Event{Game: code, Date: day, Kind: "evaluation", Clause: "6.5.2",
		Detail: fmt.Sprintf("player %d: %s, analysis %t, late %t", n, entry.Evaluation.Result(), entry.Analysis, late)})
	got := letter.EvaluationReceived{Envelope: playerEnvelope(sc, n, g), Evaluation: evaluation(entry.Evaluation), On: day, NoAnalysis: !entry.Analysis, Late: late, Due: a.AnalysisDue()}
	out.Out = append(out.Out, outgoing(playerEmail(sc, n), g, "confirmation", got.Render()))
	if !a.White.Received.IsZero() && !a.Black.Received.IsZero() && a.Sent.IsZero() {
		a.Sent = day
		out.Out = append(out.Out, adjudicationLetter(sc, sg, *a))
	}
	return d, out, nil
}

// Adjudicate records the judge's adjudication of unfinished game code on
// day (6.5.4-6.5.5): matching evaluations are fixed unless the judge gives
// a reason to override them; the players whose evaluation differs are told,
// the secretary always; the players who sent an analysis in time may
// protest within 10 days (6.5.6).
func (d Desk) Adjudicate(s corr.State, code string, result Result, note string, day timecontrol.Date) (Desk, corr.Outcome, error) {
	g, ok := s.Game(code)
	if !ok {
		return d.clone(), corr.Outcome{}, fmt.Errorf("adjudication: tournament %s has no game %q", s.Tournament.Cipher, code)
	}
	return d.adjudicate(sceneOf(s), g, result, note, day)
}

// adjudicate is Adjudicate of game g, read with the tournament (sc).
func (d Desk) adjudicate(sc scene, g corr.Game, result Result, note string, day timecontrol.Date) (Desk, corr.Outcome, error) {
	d = d.clone()
	code := g.Code
	withdrawn := d.withdrawn(g.White) || d.withdrawn(g.Black)
	if d.adjourned(code) == nil && withdrawn && g.Status != corr.Finished {
		// 6.5.3: a withdrawn player's unfinished game may be adjudicated before the end of play.
		d.Adjournments = append(d.Adjournments, Adjourned{Game: code, WhitePlayer: g.White, BlackPlayer: g.Black, Adjournment: Adjournment{EndOfPlay: day}})
	}
	a := d.adjourned(code)
	if a == nil {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: game %s is not awaiting adjudication; 'zaochnik judge deadlines' lists the games that are", code)
	}
	if !a.Ruled.IsZero() {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: game %s was adjudicated on %s (%s); a change is the organiser's, on a protest (6.5.7)", code, a.Ruled, a.Ruling.Result)
	}
	if g.Status != corr.Unfinished && !(withdrawn && g.Status != corr.Finished) {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: game %s is %s (%s), not unfinished", code, g.Status, g.Result)
	}
	r, err := a.Decide(result, note)
	if err != nil {
		return d, corr.Outcome{}, err
	}
	a.Ruling, a.Ruled = r, day
	if a.Sent.IsZero() {
		a.Sent = day
	}
	out := corr.Outcome{Accepted: true, Game: code}
	basis, how := letter.ByJudgesEvaluation, "the judge's evaluation"
	switch {
	case r.Agreed:
		basis, how = letter.ByAgreedEvaluations, "the players' agreed evaluations (6.5.4)"
	case r.Overridden:
		basis, how = letter.AgainstAgreed, "against the players' agreed evaluations (6.5.4)"
	}
	out.Events = append(out.Events, corr.Event{Game: code, Date: day, Kind: "adjudicated", Clause: "6.5.5", Detail: result.String() + ": " + how})
	told := letter.Adjudicated{On: day, Result: result.String(), Basis: basis, Due: tenDaysFrom(day), Note: r.Reason}
	for _, side := range r.Tell {
		n := g.Number(side.color())
		told.Envelope, told.MayProtest = playerEnvelope(sc, n, g), slices.Contains(r.MayProtest, side)
		out.Out = append(out.Out, outgoing(playerEmail(sc, n), g, "adjudication", told.Render()))
	}
	sec := sc.Secretary
	told.Envelope, told.Official = envelope(sc, sec, g), true
	out.Out = append(out.Out, outgoing(sec.Email, g, "adjudication", told.Render()))
	return d, out, nil
}

// adjudicationProtest records a protest against the adjudication of a
// (6.5.6): only from a player who sent an analysis in time, within 10 days
// of the ruling (the server's letter arrives the day it is sent). It goes
// to the organiser (6.5.7): the desk tells the judge and the secretary,
// who pass it on, and the decision is recorded with OrganiserDecision.
func (d *Desk) adjudicationProtest(sc scene, g seen, a *Adjourned, side Side, e corr.Event, out *corr.Outcome) {
	n := g.Number(side.color())
	err := a.CheckProtest(side, a.Ruled, e.Date)
	email := playerEmail(sc, n)
	for i, o := range out.Out {
		if o.Kind == "notice" && strings.EqualFold(o.To, email) && o.Game == g.Code {
			out.Out = append(out.Out[:i], out.Out[i+1:]...) // the referee's "passed to the judge" gives way to the desk's answer
			break
		}
	}
	for i, o := range out.Out {
		if o.Kind == "protest" && strings.EqualFold(o.To, sc.Judge.Email) && o.Game == g.Code {
			lang := envelope(sc, sc.Judge, g.Game).Lang
			refused := ""
			if err != nil {
				refused = answerProblem(err).Message(lang)
			}
			o.Body = letter.AfterGreeting(o.Body, letter.AdjudicationProtestRemark(lang, g.Code, refused))
			out.Out[i] = o
		}
	}
	if err != nil {
		out.Events = append(out.Events, corr.Event{Game: g.Code, Date: e.Date, Kind: "protest-refused", Clause: "6.5.6", Detail: err.Error()})
		out.Out = append(out.Out, outgoing(email, g.Game, "notice", letter.AdjudicationProtestAnswer{Envelope: playerEnvelope(sc, n, g.Game)}.Render()))
		return
	}
	a.Protests = append(a.Protests, AdjudicationProtest{Side: side, Filed: e.Date, Text: e.Detail})
	out.Events = append(out.Events, corr.Event{Game: g.Code, Date: e.Date, Kind: "protest-to-organiser", Clause: "6.5.7", Detail: fmt.Sprintf("player %d", n)})
	if d.Organiser.Email != "" {
		out.Out = append(out.Out, toOrganiser(sc, d.Organiser, g, *a, n, e))
	}
	sec := sc.Secretary
	c := letter.AdjudicationProtestCopy{Envelope: envelope(sc, sec, g.Game), Player: player(sc, n), Result: a.Ruling.Result.String(), Filed: e.Date, Protest: e.Detail,
		Organiser: d.Organiser.Email, GameID: g.Code}
	out.Out = append(out.Out, outgoing(sec.Email, g.Game, "protest", c.Render()),
		outgoing(email, g.Game, "notice", letter.AdjudicationProtestAnswer{Envelope: playerEnvelope(sc, n, g.Game), Passed: true}.Render()))
}

// toOrganiser is the protest against an adjudication as the organiser
// reads it (6.5.7): the protest, the ruling and its reasons, both
// evaluations, the record and the final position (PNG and PDN attached).
func toOrganiser(sc scene, org corr.Person, g seen, a Adjourned, n int, e corr.Event) corr.Outgoing {
	final := g.record.Final()
	m := letter.AdjudicationProtestToOrganiser{Envelope: envelope(sc, org, g.Game), Player: player(sc, n), Filed: e.Date, Protest: e.Detail, Ruled: a.Ruled,
		Result: a.Ruling.Result.String(), Reason: a.Ruling.Reason, White: evaluation(a.White.Evaluation), Black: evaluation(a.Black.Evaluation),
		Analyses: a.Analysis, Judge: sc.Judge.Email, Secretary: sc.Secretary.Email, Record: g.text}
	m.Diagram = diagram.Text(final, m.Lang)
	o := outgoing(org.Email, g.Game, "protest", m.Render())
	o.Files = []corr.File{diagramFile(g.Game, final)}
	withPDN(&o, m.Lang, sc, g, "*")
	return o
}

// SetOrganiser records who hears protests against adjudications (6.5.7).
func (d Desk) SetOrganiser(s corr.State, org corr.Person) (Desk, corr.Outcome, error) {
	d = d.clone()
	a, err := mail.ParseAddress(org.Email)
	if err != nil || a.Address != org.Email {
		return d, corr.Outcome{}, fmt.Errorf("adjudication: the organiser's address %q is not an e-mail address; write name@example.org", org.Email)
	}
	// Without a name the organiser's letters greet without one.
	d.Organiser = corr.Person{Name: strings.TrimSpace(org.Name), Email: a.Address}
	return d, corr.Outcome{Accepted: true, Events: []corr.Event{{Kind: "organiser", Clause: "6.5.7", Detail: d.Organiser.Email}}}, nil
}

// OrganiserDecision records the organiser's final decision on the protests
// against the adjudication of game code (6.5.7) and tells both players,
// the judge and the secretary.
func (d Desk) OrganiserDecision(s corr.State, code string, result Result, note string, day timecontrol.Date) (Desk, corr.Outcome, error) {
	g, ok := s.Game(code)
	sc := sceneOf(s)
	d = d.clone()
	a := d.adjourned(code)
	switch {
	case a == nil || !ok:
		return d, corr.Outcome{}, fmt.Errorf("adjudication: game %s was never before the judge for adjudication", code)
	case a.Ruled.IsZero():
		return d, corr.Outcome{}, fmt.Errorf("adjudication: game %s is not adjudicated yet; the judge rules first (6.5.5)", code)
	case len(a.Protests) == 0:
		return d, corr.Outcome{}, fmt.Errorf("adjudication: nobody protested the adjudication of game %s; the organiser decides protests only (6.5.7)", code)
	case !result.Decided():
		return d, corr.Outcome{}, fmt.Errorf("adjudication: the organiser's decision is a result (1-0, 1/2-1/2, 0-1), not %s", result)
	}
	a.Final, a.FinalNote, a.Decided = result, strings.TrimSpace(note), day
	out := corr.Outcome{Accepted: true, Game: code}
	out.Events = append(out.Events, corr.Event{Game: code, Date: day, Kind: "organiser-decision", Clause: "6.5.7", Detail: result.String()})
	dec := letter.AdjudicationProtestDecided{Was: a.Ruling.Result.String(), Result: result.String(), Note: a.FinalNote}
	for _, p := range []int{g.White, g.Black} {
		dec.Envelope = playerEnvelope(sc, p, g)
		out.Out = append(out.Out, outgoing(playerEmail(sc, p), g, "ruling", dec.Render()))
	}
	dec.Official = true
	for _, p := range []corr.Person{sc.Judge, sc.Secretary} {
		dec.Envelope = envelope(sc, p, g)
		out.Out = append(out.Out, outgoing(p.Email, g, "ruling", dec.Render()))
	}
	return d, out, nil
}

// withoutName drops the last lines of an analysis that are only the
// signature of the player named name ("Иванов", "Petr Petrov").
func withoutName(analysis, name string) string {
	words := strings.Fields(strings.ToLower(name))
	lines := strings.Split(analysis, "\n")
	for len(lines) > 0 {
		last := strings.Fields(strings.ToLower(strings.Trim(lines[len(lines)-1], " .,")))
		if len(last) == 0 || len(last) > len(words) || !allIn(last, words) {
			break
		}
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

// allIn reports whether every word of ws is among names.
func allIn(ws, names []string) bool {
	for _, w := range ws {
		found := false
		for _, n := range names {
			found = found || n == w
		}
		if !found {
			return false
		}
	}
	return true
}

// withdrawn reports whether the judge ruled player n withdrawn (6.5.3).
func (d Desk) withdrawn(n int) bool {
	for _, w := range d.Withdrawals {
		if w.Player == n && w.Ruling.Withdrawn() {
			return true
		}
	}
	return false
}

// Forfeit records the judge's choice for one unfinished game of a withdrawn
// player (6.5.3): lost without play ("+/-", "-/+", or "-/-" for both), and
// tells both players and the secretary.
func (d Desk) Forfeit(s corr.State, code string, result Result, day timecontrol.Date) (Desk, corr.Outcome, error) {
	g, ok := s.Game(code)
	sc := sceneOf(s)
	d = d.clone()
	switch {
	case !ok:
		return d, corr.Outcome{}, fmt.Errorf("adjudication: tournament %s has no game %q", sc.Cipher, code)
	case !d.withdrawn(g.White) && !d.withdrawn(g.Black):
		return d, corr.Outcome{}, fmt.Errorf("adjudication: neither player of game %s is withdrawn; record the 6.5.3 ruling first (zaochnik judge withdraw)", code)
	case g.Status == corr.Finished:
		return d, corr.Outcome{}, fmt.Errorf("adjudication: game %s is finished (%s); its result is kept or annulled with the player (6.5.3)", code, g.Result)
	case !result.WithoutPlay():
		return d, corr.Outcome{}, fmt.Errorf("adjudication: a game lost without play is +/-, -/+ or -/-, not %s", result)
	}
	kept := d.Forfeits[:0]
	for _, f := range d.Forfeits {
		if f.Pair() != (Pair{g.White, g.Black}) {
			kept = append(kept, f)
		}
	}
	d.Forfeits = append(kept, Game{White: g.White, Black: g.Black, Result: result})
	out := corr.Outcome{Accepted: true, Game: code, Events: []corr.Event{{Game: code, Date: day, Kind: "forfeit", Clause: "6.5.3", Detail: result.String()}}}
	f := letter.Forfeited{On: day, Result: result.String()}
	for _, n := range []int{g.White, g.Black} {
		f.Envelope = playerEnvelope(sc, n, g)
		out.Out = append(out.Out, outgoing(playerEmail(sc, n), g, "ruling", f.Render()))
	}
	sec := sc.Secretary
	f.Envelope, f.Official = envelope(sc, sec, g), true
	out.Out = append(out.Out, outgoing(sec.Email, g, "ruling", f.Render()))
	return d, out, nil
}
