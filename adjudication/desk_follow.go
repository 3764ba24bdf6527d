package adjudication

import (
	"slices"
	"strings"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
)

// Follow writes the desk's part of what the referee decided in out (on
// the referee's new state s); the claim's own changes are the referee's
// (corr.Claim), so the desk keeps no copy of them. A filed claim's letter
// to the judge becomes the full dossier (6.3.6), and so does the referee's
// note of a held reply; a confirmed claim is told to the claimant and the
// secretary too (6.3.7); a protest against a claim goes to the judge with
// the dossier, or marked late (6.3.8); one against a ruling goes to the
// organiser (6.1.12); a silent window sends the judge the dossier (6.3.8);
// a finished game's record goes to the secretary in semi-short notation
// with the PDN (6.5.1); an unfinished game is opened for adjudication and
// the players are asked to answer with their evaluation and analysis
// (6.5.2); a protest against an adjudication goes to the organiser
// (6.5.6-6.5.7); a withdrawn player gets no more letters about his games
// (silenced: he has left, 1.10, 6.5.3). from is the start number of the
// letter's sender, 0 when no letter caused out. It returns the new desk
// and out with the letters changed and added.
func (d Desk) Follow(s corr.State, from int, out corr.Outcome) (Desk, corr.Outcome) {
	sc := d.following(s, out)
	d = d.clone()
	var unforwarded []string // games whose move was not forwarded to a withdrawn player
	out.Out = slices.DeleteFunc(append([]corr.Outgoing(nil), out.Out...), func(o corr.Outgoing) bool {
		drop := d.silenced(sc, from, o)
		if drop && o.Kind == "forward" && !slices.Contains(unforwarded, o.Game) {
			unforwarded = append(unforwarded, o.Game)
		}
		return drop
	})
	for _, code := range unforwarded {
		if g, ok := sc.game(code); ok && from != 0 {
			out.Out = append(out.Out, outgoing(playerEmail(sc, from), g.Game, "notice", letter.MoveNotForwarded{Envelope: playerEnvelope(sc, from, g.Game)}.Render()))
		}
	}
	events := out.Events
	for _, e := range events {
		g, ok := sc.game(e.Game)
		if !ok {
			continue
		}
		switch e.Kind {
		case "claim-filed":
			claimFiled(sc, g, &out)
		case "reply-held":
			replyHeld(sc, g, &out)
		case "claim-confirmed":
			claimConfirmed(sc, g.Game, &out)
		case "finished":
			recordToSecretary(sc, g, &out)
		case "unfinished":
			d.unfinished(sc, g, &out)
		case "protest":
			if c, ok := g.SideOf(from); ok {
				if a := d.adjourned(g.Code); a != nil && !a.Ruled.IsZero() {
					d.adjudicationProtest(sc, g, a, sideOf(c), e, &out)
				}
			}
		case "protest-in-time":
			protestInTime(sc, g, &out)
		case "protest-late":
			protestLate(sc, g.Game, from, e, &out)
		case "appeal":
			d.appealFiled(sc, g, from, e, &out)
		case "admission":
			admission(sc, g, &out)
		}
	}
	return d, out
}

// following reads from s, before the desk writes, what its letters
// following out show: the games out's events name, each as far as the
// event's letters show it (shows), and, when the judge ruled a player
// withdrawn, the games of the moves not forwarded to him.
func (d Desk) following(s corr.State, out corr.Outcome) scene {
	sc := sceneOf(s)
	type named struct {
		code string
		what show
	}
	var games []named
	add := func(code string, what show) {
		for i := range games {
			if games[i].code == code {
				games[i].what |= what
				return
			}
		}
		games = append(games, named{code, what})
	}
	for _, e := range out.Events {
		if what, ok := shows(e.Kind); ok {
			add(e.Game, what)
		}
	}
	if len(d.Withdrawals) > 0 {
		for _, o := range out.Out {
			if o.Kind == "forward" {
				add(o.Game, 0)
			}
		}
	}
	for _, n := range games {
		sc.see(s, n.code, nil, n.what)
	}
	return sc
}

// shows is what the desk's letters following an event of kind show of
// its game; false for an event the desk does not follow.
func shows(kind string) (show, bool) {
	switch kind {
	case "claim-filed", "reply-held", "protest-in-time", "admission":
		return showRecord | showDossier, true
	case "finished", "protest", "appeal":
		return showRecord | showText, true
	case "unfinished":
		return showRecord, true
	case "claim-confirmed", "protest-late":
		return 0, true
	}
	return 0, false
}

// lastClaim returns g's latest claim, or nil.
func lastClaim(g corr.Game) *corr.Claim {
	if len(g.Claims) == 0 {
		return nil
	}
	return &g.Claims[len(g.Claims)-1]
}

// replace puts o in place of the first letter of kind to addr about o's
// game, or appends it when there is none.
func replace(out *corr.Outcome, kind, addr string, o corr.Outgoing) {
	for i, x := range out.Out {
		if x.Kind == kind && strings.EqualFold(x.To, addr) && x.Game == o.Game {
			out.Out[i] = o
			return
		}
	}
	out.Out = append(out.Out, o)
}

// claimFiled puts the full dossier in place of the referee's letter to
// the judge (6.3.6).
func claimFiled(sc scene, g seen, out *corr.Outcome) {
	if c := lastClaim(g.Game); c != nil {
		replace(out, "dossier", sc.Judge.Email, dossier(sc, g, *c, letter.DossierFiled))
	}
}

// replyHeld sends the judge the dossier again, with the claimant's held
// reply (6.3.6).
func replyHeld(sc scene, g seen, out *corr.Outcome) {
	c := lastClaim(g.Game)
	if c == nil || c.Status != corr.ClaimPending {
		return
	}
	o := dossier(sc, g, *c, letter.DossierHeldReply)
	// The referee's own note of the held reply is the last dossier letter
	// of the game: the full dossier takes its place, with its attachment.
	for i := len(out.Out) - 1; i >= 0; i-- {
		x := out.Out[i]
		if x.Kind == "dossier" && strings.EqualFold(x.To, sc.Judge.Email) && x.Game == g.Code {
			for _, id := range x.Attach {
				if !slices.Contains(o.Attach, id) {
					o.Attach = append(o.Attach, id)
				}
			}
			out.Out[i] = o
			return
		}
	}
	out.Out = append(out.Out, o)
}

// claimConfirmed tells the claimant and the secretary of the ruling; the
// referee tells the offender (6.3.7).
func claimConfirmed(sc scene, g corr.Game, out *corr.Outcome) {
	c := lastClaim(g)
	if c == nil {
		return
	}
	claimant, sec := g.Number(c.Against.Opponent()), sc.Secretary
	r := letter.OverstepConfirmed{Envelope: playerEnvelope(sc, claimant, g), Offender: player(sc, g.Number(c.Against)), Seq: c.Seq, Result: g.Result, Note: c.Note}
	out.Out = append(out.Out, outgoing(playerEmail(sc, claimant), g, "ruling", r.Render()))
	r.Envelope, r.Official = envelope(sc, sec, g), true
	out.Out = append(out.Out, outgoing(sec.Email, g, "ruling", r.Render()))
}

// recordToSecretary adds to the secretary's result letter the record in
// semi-short notation and the PDN (6.5.1).
func recordToSecretary(sc scene, g seen, out *corr.Outcome) {
	sec := sc.Secretary
	rec := letter.GameRecord{Envelope: envelope(sc, sec, g.Game), White: player(sc, g.White), Black: player(sc, g.Black), Result: g.Result, Record: g.text}
	for i, o := range out.Out {
		if o.Kind != "result" || !strings.EqualFold(o.To, sec.Email) || o.Game != g.Code {
			continue
		}
		if body, ok := rec.AppendTo(o.Body); ok {
			o.Body = body
			o.Files = append([]corr.File(nil), o.Files...)
			withPDN(&o, rec.Lang, sc, g, g.Result)
			out.Out[i] = o
			return
		}
	}
	o := outgoing(sec.Email, g.Game, "record", rec.Render())
	withPDN(&o, rec.Lang, sc, g, g.Result)
	out.Out = append(out.Out, o)
}

// unfinished opens game g for adjudication (6.5.2) and asks both players,
// in the end-of-play letter, to answer it with evaluation and analysis.
func (d *Desk) unfinished(sc scene, g seen, out *corr.Outcome) {
	if d.adjourned(g.Code) != nil {
		return
	}
	a := Adjourned{Game: g.Code, WhitePlayer: g.White, BlackPlayer: g.Black, Adjournment: Adjournment{EndOfPlay: sc.End}}
	d.Adjournments = append(d.Adjournments, a)
	final := g.record.Final()
	for _, n := range []int{g.White, g.Black} {
		email := playerEmail(sc, n)
		lang := playerEnvelope(sc, n, g.Game).Lang
		for i, o := range out.Out {
			if o.Kind == "end-of-play" && strings.EqualFold(o.To, email) && o.Game == g.Code {
				o.Body, _ = letter.AnalysisInvited(o.Body, lang, sc.Cipher, a.AnalysisDue())
				o.Files = append(append([]corr.File(nil), o.Files...), diagramFile(g.Game, final))
				out.Out[i] = o
			}
		}
	}
}

// protestLate marks the referee's letter to the judge of a protest that
// came after the claim's ten days, and tells its sender so (6.3.8).
func protestLate(sc scene, g corr.Game, from int, e corr.Event, out *corr.Outcome) {
	c := lastClaim(g)
	if c == nil {
		return
	}
	due := c.Protest.Due
	for i, o := range out.Out {
		if o.Kind == "protest" && strings.EqualFold(o.To, sc.Judge.Email) && o.Game == g.Code {
			o.Body = letter.AfterGreeting(o.Body, letter.ProtestLateMark(envelope(sc, sc.Judge, g).Lang, due))
			out.Out[i] = o
		}
	}
	email := playerEmail(sc, from)
	o := outgoing(email, g, "notice", letter.ProtestOutOfTime{Envelope: playerEnvelope(sc, from, g), Received: e.Date, Due: due}.Render())
	for _, x := range out.Out {
		if x.Kind == "notice" && strings.EqualFold(x.To, email) && x.Game == g.Code {
			o.InReplyTo = x.InReplyTo // the referee's "passed to the judge" gives way to this
		}
	}
	replace(out, "notice", email, o)
}

// protestInTime sends the judge the protest against the claim with the
// dossier, in place of the referee's letter (6.3.8).
func protestInTime(sc scene, g seen, out *corr.Outcome) {
	c := lastClaim(g.Game)
	if c == nil {
		return
	}
	o := dossier(sc, g, *c, letter.DossierProtest)
	o.Kind = "protest"
	replace(out, "protest", sc.Judge.Email, o)
}

// admission sends the judge the dossier of the pending claim whose ten
// days passed without a protest (6.3.8); a claim ruled before needs none.
func admission(sc scene, g seen, out *corr.Outcome) {
	if c := lastClaim(g.Game); c != nil && c.Status == corr.ClaimPending && c.Protest.Admitted {
		o := dossier(sc, g, *c, letter.DossierAdmission)
		out.Out = append(out.Out, o)
	}
}

// sideOf converts a board side.
func sideOf(c draughts.Color) Side { return pick(c == draughts.White, White, Black) }

// color is the board side of s.
func (s Side) color() draughts.Color { return pick(s == White, draughts.White, draughts.Black) }

// silenced reports whether the referee's letter o goes to a player the
// judge ruled withdrawn and is about play in his games: the opponents'
// moves, reminders, inquiries, notices, the request for an analysis. He
// has left the tournament (1.10, 6.5.3); his games are decided without
// him (1.10.2-1.10.4). What stays: the answers to a letter of his own (from
// is his number), so that nothing he sends goes unanswered, the judge's
// rulings, which he may protest (6.3.8, 6.5.5), and letters about no
// game. docs/tournaments.md, "Withdrawals", says why.
func (d Desk) silenced(sc scene, from int, o corr.Outgoing) bool {
	if o.Game == "" || o.Kind == "ruling" || o.Kind == "sanction" || o.Kind == "adjudicated" {
		return false
	}
	for _, w := range d.Withdrawals {
		if p, ok := sc.Player(w.Player); ok && w.Ruling.Withdrawn() && w.Player != from && strings.EqualFold(p.Email, o.To) {
			return true
		}
	}
	return false
}
