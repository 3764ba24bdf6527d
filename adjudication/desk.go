package adjudication

import (
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// Desk is the judge's and the secretary's record of one tournament beyond
// the referee's state: the protest windows of overstep claims (6.3.8), the
// unfinished games before the judge (6.5.2-6.5.7) and the rulings the table
// needs (6.5.3, results, sanctions). It is a plain value, stored as JSON by
// the shell beside the referee's state; every function here returns a new
// Desk and the letters to send, and changes nothing it was given.
type Desk struct {
	Claims       []ClaimWindow `json:"claims,omitempty"`
	Adjournments []Adjourned   `json:"adjournments,omitempty"`
	// Withdrawals, Sanctions: the judge's rulings, as in a rulings file.
	Withdrawals []WithdrawalRuling `json:"withdrawals,omitempty"`
	Sanctions   []Sanction         `json:"sanctions,omitempty"`
	// Forfeits are single games of withdrawn players scored without play (6.5.3).
	Forfeits []Game `json:"forfeits,omitempty"`
	// Organiser is who hears protests against adjudications (6.5.7); the
	// tournament file names none, so the judge or the secretary sets it.
	Organiser corr.Person `json:"organiser,omitzero"`
	// Appeals are the judge's rulings on overstep claims and the protests
	// against them, decided by the organiser (6.1.12).
	Appeals []Appeal `json:"appeals,omitempty"`
}

// ClaimWindow is the ten days in which the player charged with an
// overstep may protest (6.3.8), and what became of them.
type ClaimWindow struct {
	Game    string `json:"game"`
	Seq     int    `json:"seq"`
	Against int    `json:"against"` // start number of the player charged
	// Notified is the day the player was told of the claim (the server's
	// letter goes out the day the claim is filed); Due is the last day.
	Notified timecontrol.Date `json:"notified"`
	Due      timecontrol.Date `json:"due"`
	// Protested is the postmark of the protest in time, zero when none;
	// Late that of one after Due.
	Protested timecontrol.Date `json:"protested,omitzero"`
	Late      timecontrol.Date `json:"late,omitzero"`
	Protest   string           `json:"protest,omitempty"`
	// Admitted is set the day after Due when no protest came: the judge
	// may take the silence as an admission (6.3.8).
	Admitted bool `json:"admitted,omitempty"`
	// Decision is the judge's decision on the protest, sent to both and
	// the secretary (6.3.8): a Verdict and the judge's note.
	Decision     Verdict          `json:"decision,omitempty"`
	DecisionNote string           `json:"decision_note,omitempty"`
	Decided      timecontrol.Date `json:"decided,omitzero"`
}

// Adjourned is an unfinished game before the judge (6.5.2-6.5.7).
type Adjourned struct {
	Game string `json:"game"`
	// WhitePlayer and BlackPlayer are the start numbers.
	WhitePlayer int `json:"white_player"`
	BlackPlayer int `json:"black_player"`
	Adjournment
	// Analysis holds each side's analysis as written, White first.
	Analysis [2]string `json:"analysis"`
	// Sent is the day the adjudication letter went to the judge.
	Sent timecontrol.Date `json:"sent,omitzero"`
	// Reminded is the day the judge was reminded of the ruling's due date.
	Reminded timecontrol.Date `json:"reminded,omitzero"`
	// Ruling, Ruled: the judge's adjudication and its date; Ruled is zero before.
	Ruling Ruling           `json:"ruling"`
	Ruled  timecontrol.Date `json:"ruled,omitzero"`
	// Protests against the adjudication (6.5.6), heard by the organiser (6.5.7).
	Protests []AdjudicationProtest `json:"protests,omitempty"`
	// Final is the organiser's decision on the protests, final (6.5.7);
	// Unfinished until one is recorded.
	Final     Result           `json:"final"`
	FinalNote string           `json:"final_note,omitempty"`
	Decided   timecontrol.Date `json:"decided,omitzero"`
}

// AdjudicationProtest is a player's protest against an adjudication.
type AdjudicationProtest struct {
	Side  Side             `json:"side"`
	Filed timecontrol.Date `json:"filed"`
	Text  string           `json:"text"`
}

// Result returns the game's result as it stands: the organiser's decision,
// else the judge's adjudication, else Unfinished.
func (a Adjourned) Result() Result {
	if a.Final != Unfinished {
		return a.Final
	}
	if !a.Ruled.IsZero() {
		return a.Ruling.Result
	}
	return Unfinished
}

// Deadline is one deadline of the desk, as the store lists it.
type Deadline struct {
	Game   string           `json:"game"`
	Kind   string           `json:"kind"` // overstep-protest, analysis, ruling, adjudication-protest-white|black, ruling-protest
	Clause string           `json:"clause"`
	Due    timecontrol.Date `json:"due"`
	Done   bool             `json:"done"`
}

// Deadlines lists every deadline of the desk, in the order the desk keeps
// its records; the daily scheduler acts on them through Daily.
func (d Desk) Deadlines() []Deadline {
	var out []Deadline
	for _, w := range d.Claims {
		out = append(out, Deadline{Game: w.Game, Kind: "overstep-protest", Clause: "6.3.8", Due: w.Due, Done: !w.Protested.IsZero() || w.Admitted})
	}
	for _, a := range d.Adjournments {
		both := !a.White.Received.IsZero() && !a.Black.Received.IsZero()
		out = append(out,
			Deadline{Game: a.Game, Kind: "analysis", Clause: "6.5.2", Due: a.AnalysisDue(), Done: both || !a.Sent.IsZero()},
			Deadline{Game: a.Game, Kind: "ruling", Clause: "6.5.5", Due: a.RulingDue(), Done: !a.Ruled.IsZero()})
		if a.Ruled.IsZero() {
			continue
		}
		for _, s := range a.Ruling.MayProtest {
			done := a.Final != Unfinished
			for _, p := range a.Protests {
				done = done || p.Side == s
			}
			out = append(out, Deadline{Game: a.Game, Kind: "adjudication-protest-" + s.String(), Clause: "6.5.6", Due: tenDaysFrom(a.Ruled), Done: done})
		}
	}
	return append(out, d.appealDeadlines()...)
}

// claim returns the window of claim seq of game code, or nil.
func (d *Desk) claim(code string, seq int) *ClaimWindow {
	for i := range d.Claims {
		if d.Claims[i].Game == code && d.Claims[i].Seq == seq {
			return &d.Claims[i]
		}
	}
	return nil
}

// adjourned returns the record of the unfinished game code, or nil.
func (d *Desk) adjourned(code string) *Adjourned {
	for i := range d.Adjournments {
		if d.Adjournments[i].Game == code {
			return &d.Adjournments[i]
		}
	}
	return nil
}

// clone returns a copy of d that shares no slices with it.
func (d Desk) clone() Desk {
	c := d
	c.Claims = append([]ClaimWindow(nil), d.Claims...)
	c.Adjournments = append([]Adjourned(nil), d.Adjournments...)
	c.Withdrawals = append([]WithdrawalRuling(nil), d.Withdrawals...)
	c.Sanctions = append([]Sanction(nil), d.Sanctions...)
	c.Forfeits = append([]Game(nil), d.Forfeits...)
	c.Appeals = append([]Appeal(nil), d.Appeals...)
	for i := range c.Adjournments {
		a := &c.Adjournments[i]
		a.Protests = append([]AdjudicationProtest(nil), a.Protests...)
		a.Ruling.Tell = append([]Side(nil), a.Ruling.Tell...)
		a.Ruling.MayProtest = append([]Side(nil), a.Ruling.MayProtest...)
	}
	return c
}

// Rulings returns what the table needs of the desk: the 6.5.3 rulings, the
// adjudicated results (the organiser's where it decided), the sanctions.
func (d Desk) Rulings() Rulings {
	r := Rulings{Withdrawals: d.Withdrawals, Sanctions: d.Sanctions, Results: append([]Game(nil), d.Forfeits...)}
	for _, a := range d.Adjournments {
		if res := a.Result(); res != Unfinished {
			r.Results = append(r.Results, Game{White: a.WhitePlayer, Black: a.BlackPlayer, Result: res, Adjudicated: true})
		}
	}
	return r
}

// Settle writes the desk's adjudicated results (the organiser's where it
// decided, 6.5.7) into the referee's games, so that a game has one result
// everywhere (corr.State.Decide). It reports whether s changed.
func (d Desk) Settle(s corr.State) (corr.State, bool) {
	changed := false
	for _, a := range d.Adjournments {
		switch res := a.Result(); res {
		case WhiteWins, Draw, BlackWins:
			var ch bool
			s, ch = s.Decide(a.Game, res.String())
			changed = changed || ch
		}
	}
	return s, changed
}

// Table returns the crosstable's inputs for s with the desk's rulings
// carried out (FromState, then Rulings.Apply).
func (d Desk) Table(s corr.State) ([]Player, []Game, error) {
	ps, gs, err := FromState(s)
	if err != nil {
		return nil, nil, err
	}
	return d.Rulings().Apply(ps, gs)
}
