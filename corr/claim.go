package corr

import (
	"fmt"
	"slices"
	"strings"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// The overstep claim is one aggregate, owned here: the referee files it
// (6.3.5-6.3.6) and the judge's desk (package adjudication) reads it and
// asks for its transitions, so that a claim has one state, kept with its
// game and stored as one row. It lives in corr because filing it suspends
// the game and holds the claimant's reply, and ruling on it ends or resumes
// the game: transitions of the game, which only the referee makes.
//
// Its life:
//
//	filed (pending, with its dossier; 6.3.5 by the ledger, 6.3.6 by letter)
//	 ├ protested in its ten days (6.3.8) ── or late ── or admitted by silence
//	 └ ruled (6.3.7): confirmed | rejected; a protest's decision with it
//	     └ appealed to the organiser in ten days (6.1.12) ── or final
//	         └ decided: upheld (the ruling turned, Reverse) | rejected

// ClaimStatus is where an overstep claim stands.
type ClaimStatus int

// The statuses of a claim.
const (
	ClaimPending ClaimStatus = iota
	ClaimConfirmed
	ClaimRejected
)

// String returns "pending", "confirmed" or "rejected".
func (s ClaimStatus) String() string {
	switch s {
	case ClaimPending:
		return "pending"
	case ClaimConfirmed:
		return "confirmed"
	case ClaimRejected:
		return "rejected"
	}
	return fmt.Sprintf("ClaimStatus(%d)", int(s))
}

// ParseClaimStatus reads a status written by String.
func ParseClaimStatus(s string) (ClaimStatus, error) {
	for st := ClaimPending; st <= ClaimRejected; st++ {
		if st.String() == s {
			return st, nil
		}
	}
	return 0, fmt.Errorf("corr: %q is not a claim status (pending, confirmed, rejected)", s)
}

// ProtestDays is the ten days of every protest about a claim: against the
// claim (6.3.8) and against the ruling (6.1.12). The server's letters go
// out the day they are written, so the days run from that day.
const ProtestDays = 10

// Claim is an overstep claim (6.3.6) and everything that became of it.
type Claim struct {
	Seq int // 1-based number within the game
	// Against is the side said to have overstepped.
	Against draughts.Color
	// ByHand is true when the claimant wrote the claim in a letter; false
	// when the server filed it from the ledger.
	ByHand bool
	Filed  timecontrol.Date
	Status ClaimStatus
	// Total, Limit and Move are the ledger's figures at filing: the
	// offender's total, the limit and the counted move it was for.
	Total, Limit, Move int
	// Silent is true when the offender had not answered (daily check).
	Silent bool
	Note   string
	Ruled  timecontrol.Date
	// Letters are the Message-IDs of the offender's letters in this game,
	// those refused with penalty days too (6.3.6):
	// the raw letters of the dossier.
	Letters []string
	// Protest is the offender's ten days to protest the claim (6.3.8).
	Protest ProtestWindow `json:",omitzero"`
	// Appeal is the ten days to take the ruling to the organiser (6.1.12).
	Appeal Appeal `json:",omitzero"`
}

// ProtestWindow is the ten days in which the player charged with an
// overstep may protest (6.3.8), and what became of them. The player is
// told the day the claim is filed; a protest's decision is the ruling.
type ProtestWindow struct {
	// Due is the last day.
	Due timecontrol.Date
	// Protested is the postmark of the protest in time, zero when none;
	// Late that of one after Due; Text the protest.
	Protested, Late timecontrol.Date `json:",omitzero"`
	Text            string           `json:",omitempty"`
	// Admitted is set the day after Due when no protest came: the judge
	// may take the silence as an admission.
	Admitted bool `json:",omitempty"`
}

// Appeal is the ten days to protest the judge's ruling to the organiser,
// whose decision is final (6.1.12), and what became of them. Due is zero
// until the ruling.
type Appeal struct {
	Due timecontrol.Date `json:",omitzero"`
	// From is the start number of the player who protested, Filed the
	// protest's postmark, Late whether it came after Due; further protests
	// before the decision join Text.
	From  int              `json:",omitempty"`
	Filed timecontrol.Date `json:",omitzero"`
	Late  bool             `json:",omitempty"`
	Text  string           `json:",omitempty"`
	// Final is set the day after Due when no protest came.
	Final bool `json:",omitempty"`
	// Decided is the day of the organiser's decision; Upheld turns the
	// ruling; Note is the organiser's reasons.
	Decided timecontrol.Date `json:",omitzero"`
	Upheld  bool             `json:",omitempty"`
	Note    string           `json:",omitempty"`
}

// Open reports whether a protest against the ruling waits for the
// organiser's decision.
func (a Appeal) Open() bool { return !a.Filed.IsZero() && a.Decided.IsZero() }

// Ruling returns where the claim stood at the judge's ruling: the status
// the organiser's upheld decision turned, else the status.
func (c Claim) Ruling() ClaimStatus {
	switch {
	case !c.Appeal.Upheld:
		return c.Status
	case c.Status == ClaimConfirmed:
		return ClaimRejected
	}
	return ClaimConfirmed
}

// ProtestDecided reports whether the judge decided a protest against the
// claim: a protest in time, and the ruling after it (6.3.8). Upheld is
// then whether the ruling found no overstep.
func (c Claim) ProtestDecided() (decided, upheld bool) {
	if c.Protest.Protested.IsZero() || c.Ruled.IsZero() {
		return false, false
	}
	return true, c.Ruling() == ClaimRejected
}

// newClaim is claim seq, filed on date against side: pending, with its
// ten days to protest (6.3.8).
func newClaim(seq int, against draughts.Color, byHand, silent bool, total, limit, move int, date timecontrol.Date, letters []string) Claim {
	return Claim{Seq: seq, Against: against, ByHand: byHand, Silent: silent, Filed: date, Status: ClaimPending,
		Total: total, Limit: limit, Move: move, Letters: letters, Protest: ProtestWindow{Due: date.AddDays(ProtestDays)}}
}

// protest records the offender's protest against the pending claim,
// received on day (6.3.8): in time, or late after the ten days. It
// reports whether it came in time.
func (c *Claim) protest(day timecontrol.Date, text string) (bool, error) {
	if c.Status != ClaimPending {
		return false, fmt.Errorf("corr: claim %d is ruled (%s); a protest now is against the ruling (6.1.12)", c.Seq, c.Status)
	}
	if day.After(c.Protest.Due) {
		c.Protest.Late = day
		return false, nil
	}
	c.Protest.Protested, c.Protest.Text = day, text
	return true, nil
}

// admit records on day the silence of a window that passed without a
// protest (6.3.8). It reports whether it did.
func (c *Claim) admit(day timecontrol.Date) bool {
	w := &c.Protest
	if w.Admitted || !w.Protested.IsZero() || w.Due.IsZero() || !day.After(w.Due) {
		return false
	}
	w.Admitted = true
	return true
}

// rule records the judge's ruling on the pending claim, made on day
// (6.3.7): it decides a protest too (6.3.8), and opens the ten days to
// take the ruling to the organiser (6.1.12).
func (c *Claim) rule(confirm bool, note string, day timecontrol.Date) error {
	if c.Status != ClaimPending {
		return fmt.Errorf("corr: claim %d was already ruled: %s", c.Seq, c.Status)
	}
	c.Status = ClaimRejected
	if confirm {
		c.Status = ClaimConfirmed
	}
	c.Note, c.Ruled, c.Appeal.Due = note, day, day.AddDays(ProtestDays)
	return nil
}

// appeal records player from's protest against the ruling, received on day
// (6.1.12): late after the ten days, still for the organiser to decide; a
// further protest before the decision joins the first.
func (c *Claim) appeal(from int, day timecontrol.Date, text string) error {
	a := &c.Appeal
	switch {
	case c.Status == ClaimPending:
		return fmt.Errorf("corr: claim %d is not ruled yet; a protest now is against the claim (6.3.8)", c.Seq)
	case !a.Decided.IsZero():
		return fmt.Errorf("corr: the organiser decided the protest against the ruling on claim %d on %s; the decision is final (6.1.12)", c.Seq, a.Decided)
	case !a.Filed.IsZero():
		a.Text += "\n\n" + text
		return nil
	}
	a.From, a.Filed, a.Late, a.Text = from, day, day.After(a.Due), text
	return nil
}

// closeAppeal makes the ruling final on day when its ten days passed
// without a protest (6.1.12). It reports whether it did.
func (c *Claim) closeAppeal(day timecontrol.Date) bool {
	a := &c.Appeal
	if c.Status == ClaimPending || a.Final || !a.Filed.IsZero() || !day.After(a.Due) {
		return false
	}
	a.Final = true
	return true
}

// decideAppeal records the organiser's final decision on the protest
// against the ruling (6.1.12); what an upheld one turns is Reverse's.
func (c *Claim) decideAppeal(upheld bool, note string, day timecontrol.Date) error {
	if !c.Appeal.Open() {
		return fmt.Errorf("corr: no protest against the ruling on claim %d waits for the organiser (6.1.12)", c.Seq)
	}
	c.Appeal.Decided, c.Appeal.Upheld, c.Appeal.Note = day, upheld, note
	return nil
}

// Deadline is one deadline of the judge's desk.
type Deadline struct {
	Game   string           `json:"game"`
	Kind   string           `json:"kind"` // overstep-protest, ruling-protest, analysis, ruling, adjudication-protest-white|black
	Clause string           `json:"clause"`
	Due    timecontrol.Date `json:"due"`
	Done   bool             `json:"done"`
}

// Deadlines are claim c's of game code: the ten days to protest it
// (6.3.8) and, once ruled, to protest the ruling (6.1.12).
func (c Claim) Deadlines(code string) []Deadline {
	out := []Deadline{{Game: code, Kind: "overstep-protest", Clause: "6.3.8", Due: c.Protest.Due,
		Done: !c.Protest.Protested.IsZero() || c.Protest.Admitted}}
	if c.Status != ClaimPending {
		out = append(out, Deadline{Game: code, Kind: "ruling-protest", Clause: "6.1.12", Due: c.Appeal.Due, Done: !c.Appeal.Filed.IsZero() || c.Appeal.Final})
	}
	return out
}

// pendingClaim returns the claim awaiting the judge, or nil.
func (g *Game) pendingClaim() *Claim {
	for i := range g.Claims {
		if g.Claims[i].Status == ClaimPending {
			return &g.Claims[i]
		}
	}
	return nil
}

// claimedAt reports whether a claim against side for counted move k was
// already filed: an overstep is claimed once.
func (g *Game) claimedAt(side draughts.Color, k int) bool {
	for _, c := range g.Claims {
		if c.Against == side && c.Move == k {
			return true
		}
	}
	return false
}

// cloneClaims copies claims so that the copy shares no slice with them.
func cloneClaims(claims []Claim) []Claim {
	if claims == nil {
		return nil
	}
	c := make([]Claim, len(claims))
	for i, cl := range claims {
		cl.Letters = slices.Clone(cl.Letters)
		c[i] = cl
	}
	return c
}

// claimSilence files the server's claim against side, still thinking on
// day past the limit of the move being thought about (6.3.5, 6.3.6), once
// per overstep; not while a letter of side's waits for its sender's
// confirmation (waiting): it may be the answer, decided when it is
// confirmed or dropped.
func (s *State) claimSilence(g *Game, side draughts.Color, led timecontrol.Ledger, day timecontrol.Date, waiting bool, out *Outcome) {
	om := led.OnMove
	if waiting || g.claimedAt(side, om.Move) {
		return
	}
	// The ledger's running total: break days of both players count for
	// nobody (6.4.2).
	s.fileClaim(g, side, false, true, led.RunningTotal(day), om.Limit, om.Move, day, out)
}

// fileClaim files an overstep claim against side (6.3.6): the game is
// suspended, both players and the secretary are told, and the judge gets
// the dossier: the offender's letters (attached raw), the record and the
// ledger. The claimant's next reply is held until the ruling.
func (s *State) fileClaim(g *Game, against draughts.Color, byHand, silent bool, total, limit, move int, date timecontrol.Date, out *Outcome) {
	if err := g.transition(Suspended); err != nil {
		out.Problems = append(out.Problems, Problem{Kind: "game-state", Clause: "6.3.6", Text: err.Error()})
		return
	}
	c := newClaim(len(g.Claims)+1, against, byHand, silent, total, limit, move, date, slices.Concat(g.Letters[against], g.Charged[against]))
	g.Claims = append(g.Claims, c)
	out.Claims = append(out.Claims, ClaimRef{Game: g.Code, Seq: c.Seq})
	out.Events = append(out.Events, Event{Game: g.Code, Date: date, Kind: "claim-filed", Clause: "6.3.6",
		Detail: fmt.Sprintf("against %s: total %d, limit %d for move %d", against, total, limit, move)})
	out.Out = append(out.Out, s.claimNotices(g, c)...)
	dossier := s.official(s.Tournament.Judge, g, "dossier", s.Dossier(*g, c, letter.DossierFiled).Render())
	dossier.Attach = c.Letters
	out.Out = append(out.Out, dossier)
}

// claimNotices tell the offender, the claimant and the secretary of claim c
// (6.3.6). A claim by letter is the claimant's statement: it goes to the
// judge with the server's figures, and the claimant is warned of the
// penalty for a wrong claim (6.3.7).
func (s *State) claimNotices(g *Game, c Claim) []Outgoing {
	n := letter.ClaimNotice{ByHand: c.ByHand, Silent: c.Silent, Figures: letter.ClaimFigures{Total: c.Total, Limit: c.Limit, Move: c.Move},
		Offender: g.Number(c.Against), Claimant: g.Number(c.Against.Opponent()), Judge: s.Tournament.Judge.Email, PenaltyDays: PenaltyDays}
	var out []Outgoing
	for _, to := range []letter.ClaimParty{letter.ToOffender, letter.ToClaimant, letter.ToSecretary} {
		n.To = to
		switch to {
		case letter.ToOffender:
			n.Envelope = s.envelope(n.Offender, g)
			out = append(out, s.rendered(n.Offender, g, "claim", n.Render()))
		case letter.ToClaimant:
			n.Envelope = s.envelope(n.Claimant, g)
			out = append(out, s.rendered(n.Claimant, g, "claim", n.Render()))
		default:
			n.Envelope = s.envelope(0, g)
			out = append(out, s.rendered(0, g, "claim", n.Render()))
		}
	}
	return out
}

// ledgerText writes a game's ledger as the table of 6.3.6, in lang (the
// addressee's), with the clock on today.
func (s *State) ledgerText(g *Game, today timecontrol.Date, lang letter.Lang) string {
	led, err := s.Ledger(*g)
	if err != nil {
		return letter.LedgerMissing(lang, err.Error())
	}
	return led.Render(lang.Ledger(), today)
}

// holdReply keeps the claimant's reply while the claim is pending (6.3.6).
func (a *applier) holdReply() {
	g := a.g
	if g.ToMove() != a.side {
		a.refuse(letter.SuspendedNotYourMove())
		return
	}
	plies, ok := a.readMoves()
	if !ok {
		return
	}
	received := a.obs.Postmark
	if n := len(g.Replies); n > 0 && g.Replies[n-1].Sent.IsZero() {
		received = g.Replies[n-1].Received
	}
	g.Held = &HeldReply{Plies: plies, Received: received, Sent: a.obs.sent(), Letter: a.obs.MessageID}
	g.Letters[a.side] = append(g.Letters[a.side], a.obs.MessageID)
	a.event("reply-held", "6.3.6", moveList(&Game{Plies: plies}, 0))
	if c := g.pendingClaim(); c != nil {
		var ts []string
		for _, p := range plies {
			ts = append(ts, p.Text)
		}
		judge := a.s.Tournament.Judge
		a.out.Out = append(a.out.Out, a.s.official(judge, g, "dossier", letter.HeldReplyToJudge{Envelope: a.s.officialEnvelope(judge, g),
			Seq: c.Seq, Claimant: a.from.Number, Sent: a.obs.Postmark, Moves: strings.Join(ts, " ")}.Render()))
		a.out.Out[len(a.out.Out)-1].Attach = []string{a.obs.MessageID}
	}
	a.answer("confirmation", letter.ReplyHeld{Envelope: a.s.envelope(a.from.Number, g)}.Render())
}

// claimByLetter files a player's own overstep claim against the opponent;
// any move in the letter is held. A claim the judge rejects costs the
// claimant 6 penalty days (6.3.7).
func (a *applier) claimByLetter() {
	g, side := a.g, a.side
	total, limit, move := a.claimedFigures()
	a.s.fileClaim(g, side.Opponent(), true, g.ToMove() != side, total, limit, move, a.obs.Postmark, &a.out)
	if len(a.l.Moves) > 0 && g.ToMove() == side {
		a.holdReply()
	}
}

// resumes says to the player of side who is on move once play resumes
// after a rejected claim (6.3.7), and which move is to be answered; held is
// the side's own reply the ruling forwarded, if any.
func resumes(g *Game, side draughts.Color, held *HeldReply) *letter.Resumption {
	if g.Status != Playing {
		return nil
	}
	r := &letter.Resumption{YourMove: g.ToMove() == side, FirstMove: len(g.Plies) == 0}
	if r.YourMove && !r.FirstMove {
		r.Last = moveList(g, len(g.Plies)-1)
	}
	if held != nil {
		var ts []string
		for _, p := range held.Plies {
			ts = append(ts, p.Text)
		}
		r.Held = strings.Join(ts, " ")
	}
	return r
}

// claimedFigures are the ledger's figures of the opponent the sender claims
// against, on the claim's postmark: the overstep when the ledger has one;
// the running clock when the opponent is thinking; else the total after
// their last counted move against its limit (6.3.5).
func (a *applier) claimedFigures() (total, limit, move int) {
	led, err := a.s.Ledger(*a.g)
	if err != nil {
		return 0, 0, 0
	}
	opp := colour(a.side.Opponent())
	if ov := led.Overstep; ov != nil && ov.Player == opp {
		return ov.Total, ov.Limit, ov.Move
	}
	if om := led.OnMove; om.Player == opp && !om.Stopped {
		return led.RunningTotal(a.obs.Postmark), om.Limit, om.Move
	}
	tot := led.Totals[opp]
	move = max(tot.Moves, 1)
	return tot.Total, led.Control.Limit(move), move
}

// Rule applies the judge's ruling on claim seq of game code (6.3.7): when
// confirmed, the offender loses; when rejected, play resumes, the held reply
// is forwarded, and a claimant who claimed by letter is charged 6 penalty
// days. It fails when the claim does not exist or was already ruled.
func Rule(s State, code string, seq int, confirm bool, note string, date timecontrol.Date) (State, Outcome, error) {
	s = s.clone()
	g := s.game(code)
	if g == nil {
		return s, Outcome{}, fmt.Errorf("corr: no game %q in tournament %s", code, s.Tournament.Cipher)
	}
	if seq < 1 || seq > len(g.Claims) {
		return s, Outcome{}, fmt.Errorf("corr: game %s has no claim %d (it has %d)", code, seq, len(g.Claims))
	}
	c := &g.Claims[seq-1]
	if err := c.rule(confirm, note, date); err != nil {
		return s, Outcome{}, fmt.Errorf("%w (game %s)", err, code)
	}
	a := &applier{s: &s, g: g, obs: Observation{Postmark: date}, out: Outcome{Accepted: true, Game: code}}
	offender, claimant := g.Number(c.Against), g.Number(c.Against.Opponent())
	// ruling writes the judge's decision to player n; only a player the
	// judge ruled against may protest (6.1.12, 6.3.8).
	ruling := func(n int, against bool, r letter.OverstepRuling) Outgoing {
		r.Envelope, r.Note = s.envelope(n, g), note
		if against {
			r.ProtestUntil = c.Appeal.Due
		}
		return s.rendered(n, g, "ruling", r.Render())
	}
	if confirm {
		g.Held = nil
		a.event("claim-confirmed", "6.3.7", note)
		a.finish(resultFor(c.Against.Opponent()), "6.3.7", "overstep confirmed", s.ending(g, c.Against, letter.EndOverstepConfirmed))
		a.out.Out = append(a.out.Out, ruling(offender, true, letter.OverstepRuling{Confirmed: true, Result: g.Result}))
		return s, a.out, nil
	}
	if err := g.transition(Playing); err != nil {
		return s, Outcome{}, err
	}
	a.event("claim-rejected", "6.3.7", note)
	if c.ByHand {
		wrongRu, wrongEn := letter.WrongClaimReason()
		g.Penalties = append(g.Penalties, timecontrol.Penalty{Player: colour(c.Against.Opponent()), Days: PenaltyDays, Date: date, Clause: "6.3.7",
			Reason: wrongRu, ReasonEn: wrongEn})
		a.event("penalty", "6.3.7", fmt.Sprintf("%d days to %s", PenaltyDays, c.Against.Opponent()))
	}
	at := len(a.out.Out) // the offender's ruling goes before the forward of the held reply
	held := g.Held
	if h := g.Held; h != nil {
		g.Held = nil
		a.side = c.Against.Opponent()
		a.obs.Postmark = h.Sent
		first, known := len(g.Plies), g.Known[a.side]
		g.Plies = append(g.Plies, h.Plies...)
		g.Known[a.side] = first + len(h.Plies)
		a.recordReplies(h.Plies)
		g.Replies[len(g.Replies)-1].Received = date // the offender receives it with the ruling
		a.obs.Postmark = date
		if pos := a.position(len(g.Plies)); !a.endByRules(pos) {
			a.forward(first, known, false, pos)
		}
	}
	a.out.Out = slices.Insert(a.out.Out, at, ruling(offender, false, letter.OverstepRuling{Resume: resumes(g, c.Against, nil)}))
	cl := letter.OverstepRuling{Claimant: true, Resume: resumes(g, c.Against.Opponent(), held)}
	if c.ByHand {
		cl.PenaltyDays = PenaltyDays
	}
	a.out.Out = append(a.out.Out, ruling(claimant, true, cl),
		s.rendered(0, g, "ruling", letter.ClaimRejectedCopy{Envelope: s.envelope(0, g), Seq: seq, Note: note}.Render()))
	return s, a.out, nil
}

// claimProtest carries a player's protest over to the game's latest claim:
// the offender's protest against a pending claim, in its ten days or late
// (6.3.8); either player's protest against the ruling (6.1.12). A protest
// in an unfinished game whose claim is ruled is about the adjudication
// (6.5.6): the desk's.
func (a *applier) claimProtest() {
	g := a.g
	c := lastOf(g.Claims)
	if c == nil || (g.Status == Unfinished && c.Status != ClaimPending) {
		return
	}
	day := a.obs.Postmark
	if c.Status != ClaimPending {
		if c.appeal(a.from.Number, day, a.l.Protest) == nil {
			a.event("appeal", "6.1.12", fmt.Sprintf("claim %d, player %d, due %s, late %v", c.Seq, a.from.Number, c.Appeal.Due, c.Appeal.Late))
		}
		return
	}
	if a.side != c.Against {
		return // the claimant's protest is a letter to the judge, no more
	}
	inTime, err := c.protest(day, a.l.Protest)
	switch {
	case err != nil:
	case inTime:
		a.event("protest-in-time", "6.3.8", fmt.Sprintf("claim %d, due %s", c.Seq, c.Protest.Due))
	default:
		a.event("protest-late", "6.3.8", fmt.Sprintf("claim %d: the protest of %s came after the last day %s", c.Seq, day, c.Protest.Due))
	}
}

// claimDays runs the ten-day windows of g's claims on day: a claim not
// protested in time is taken as admitted (6.3.8), a ruling not protested in
// time is final (6.1.12).
func claimDays(g *Game, day timecontrol.Date, out *Outcome) {
	for i := range g.Claims {
		c := &g.Claims[i]
		if c.closeAppeal(day) {
			out.Events = append(out.Events, Event{Game: g.Code, Date: day, Kind: "ruling-final", Clause: "6.1.12", Detail: fmt.Sprintf("claim %d: no protest by %s", c.Seq, c.Appeal.Due)})
		}
		if c.admit(day) {
			out.Events = append(out.Events, Event{Game: g.Code, Date: day, Kind: "admission", Clause: "6.3.8", Detail: fmt.Sprintf("claim %d: no protest by %s", c.Seq, c.Protest.Due)})
		}
	}
}
