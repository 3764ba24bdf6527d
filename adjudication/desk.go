package adjudication

import (
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// Desk is the judge's and the secretary's record of one tournament beyond
// the referee's state: the unfinished games before the judge (6.5.2-6.5.7)
// and the rulings the table needs (6.5.3, results, sanctions). The
// overstep claims, with their protest windows and appeals, are not here:
// each is one corr.Claim of its game, which the desk reads and asks the
// referee to change. It is a plain value, stored as rows by the shell;
// every function here returns a new Desk and the letters to send, and
// changes nothing it was given.
type Desk struct {
	Adjournments []Adjourned `json:"adjournments,omitempty"`
	// Withdrawals, Sanctions: the judge's rulings, as in a rulings file.
	Withdrawals []WithdrawalRuling `json:"withdrawals,omitempty"`
	Sanctions   []Sanction         `json:"sanctions,omitempty"`
	// Forfeits are single games of withdrawn players scored without play (6.5.3).
	Forfeits []Game `json:"forfeits,omitempty"`
	// Organiser is who hears protests against adjudications (6.5.7) and
	// against the judge's rulings (6.1.12); the tournament file names
	// none, so the judge or the secretary sets it.
	Organiser corr.Person `json:"organiser,omitzero"`
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

// awaits reports whether g, the game before the judge, awaits his
// adjudication: not ruled yet and still unfinished (6.5.5).
func (a Adjourned) awaits(g corr.Game) bool { return a.Ruled.IsZero() && g.Status == corr.Unfinished }

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

// Deadlines are the unfinished game's: the analyses (6.5.2), the ruling
// (6.5.5) and, once ruled, each protest a side may make (6.5.6).
func (a Adjourned) Deadlines() []corr.Deadline {
	both := !a.White.Received.IsZero() && !a.Black.Received.IsZero()
	out := []corr.Deadline{
		{Game: a.Game, Kind: "analysis", Clause: "6.5.2", Due: a.AnalysisDue(), Done: both || !a.Sent.IsZero()},
		{Game: a.Game, Kind: "ruling", Clause: "6.5.5", Due: a.RulingDue(), Done: !a.Ruled.IsZero()}}
	if a.Ruled.IsZero() {
		return out
	}
	for _, s := range a.Ruling.MayProtest {
		done := a.Final != Unfinished
		for _, p := range a.Protests {
			done = done || p.Side == s
		}
		out = append(out, corr.Deadline{Game: a.Game, Kind: "adjudication-protest-" + s.String(), Clause: "6.5.6", Due: tenDaysFrom(a.Ruled), Done: done})
	}
	return out
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
	c.Adjournments = append([]Adjourned(nil), d.Adjournments...)
	c.Withdrawals = append([]WithdrawalRuling(nil), d.Withdrawals...)
	c.Sanctions = append([]Sanction(nil), d.Sanctions...)
	c.Forfeits = append([]Game(nil), d.Forfeits...)
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
