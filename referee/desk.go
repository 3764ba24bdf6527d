package referee

import (
	"context"
	"fmt"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// DecisionKind names a decision taken at the judge's desk.
type DecisionKind string

// The desk's decisions, with the clauses they carry out.
const (
	Adjudicate        DecisionKind = "adjudicate"         // an unfinished game's result (6.5.4-6.5.5)
	OrganiserDecision DecisionKind = "organiser-decision" // on protests against an adjudication (6.5.7)
	Forfeit           DecisionKind = "forfeit"            // one unfinished game of a withdrawn player (6.5.3)
	Withdraw          DecisionKind = "withdraw"           // a player who left (6.5.3, 1.10.2-1.10.5)
	Sanction          DecisionKind = "sanction"           // the sanctions register (6.1.9-6.1.10)
	Organiser         DecisionKind = "organiser"          // who hears protests against adjudications (6.5.7)
	Appeal            DecisionKind = "appeal"             // on a protest against an overstep ruling (6.1.12)
	Redraw            DecisionKind = "redraw"             // a Swiss round drawn again (1.15.8)
)

// Decision is one decision at the desk; Kind says which fields it reads.
type Decision struct {
	Kind DecisionKind
	// Game is the store's code of the game decided on (Adjudicate,
	// OrganiserDecision, Forfeit, Appeal); the tournament is the game's.
	Game string
	// Cipher is the tournament of the other kinds; "" is the store's only one.
	Cipher     string
	Result     adjudication.Result     // Adjudicate, OrganiserDecision, Forfeit
	Note       string                  // the reasons sent with it; Redraw's reason
	Player     int                     // Withdraw: the start number
	Withdrawal adjudication.Withdrawal // Withdraw
	Sanction   adjudication.Sanction   // Sanction; its zero Date is the decision's day
	Organiser  corr.Person             // Organiser
	Upheld     bool                    // Appeal: the protest is upheld and the ruling turned
	// Day is the date of the decision; zero is today in the tournament's zone.
	Day timecontrol.Date
}

// DeskDecision records one desk decision with its events and letters in one
// transaction of the store: the desk's rules (package adjudication) decide,
// the store keeps what they decided. A game or tournament that does not
// exist is ErrNotFound; what the rules refuse is returned with their reason.
func (r *Referee) DeskDecision(ctx context.Context, x Decision) (Done, error) {
	cipher, err := r.tournamentOf(ctx, x)
	if err != nil {
		return Done{}, err
	}
	day, err := r.dayOf(ctx, cipher, x.Day)
	if err != nil {
		return Done{}, err
	}
	var out corr.Outcome
	switch x.Kind {
	case Appeal:
		out, err = r.deskChange(ctx, cipher, day, true, func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.State, corr.Outcome, error) {
			return d.AppealDecision(s, x.Game, x.Upheld, x.Note, day)
		})
	case Redraw:
		out, err = r.redraw(ctx, cipher, x.Note, day)
	default:
		var change func(adjudication.Desk, corr.State) (adjudication.Desk, corr.Outcome, error)
		if change, err = x.change(day); err == nil {
			out, err = r.deskChange(ctx, cipher, day, false, keepState(change))
		}
	}
	return Done{Day: day, Outcome: out}, err
}

// change is the desk's rule that carries out x on day.
func (x Decision) change(day timecontrol.Date) (func(adjudication.Desk, corr.State) (adjudication.Desk, corr.Outcome, error), error) {
	switch x.Kind {
	case Adjudicate:
		return func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.Outcome, error) {
			return d.Adjudicate(s, x.Game, x.Result, x.Note, day)
		}, nil
	case OrganiserDecision:
		return func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.Outcome, error) {
			return d.OrganiserDecision(s, x.Game, x.Result, x.Note, day)
		}, nil
	case Forfeit:
		return func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.Outcome, error) {
			return d.Forfeit(s, x.Game, x.Result, day)
		}, nil
	case Withdraw:
		return func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.Outcome, error) {
			return d.Withdraw(s, x.Player, x.Withdrawal, day)
		}, nil
	case Sanction:
		sanction := x.Sanction
		if sanction.Date.IsZero() {
			sanction.Date = day
		}
		return func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.Outcome, error) {
			return d.Sanction(s, sanction)
		}, nil
	case Organiser:
		return func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.Outcome, error) {
			return d.SetOrganiser(s, x.Organiser)
		}, nil
	}
	return nil, fmt.Errorf("referee: no desk decision %q", x.Kind)
}

// tournamentOf is the cipher x is about: its game's tournament, its
// cipher, or the store's only tournament.
func (r *Referee) tournamentOf(ctx context.Context, x Decision) (string, error) {
	if x.Game != "" {
		return r.DB.GameTournament(ctx, x.Game)
	}
	return r.OnlyTournament(ctx, x.Cipher)
}

// deskChange decides fn, a decision at the desk, of tournament cipher on
// day in one transaction of the store with its events and letters. fn gets
// the desk and a copy of the state; the state it gives back is saved when
// it may change it (changes: the organiser's decision on a protest against
// a ruling, 6.1.12) or the desk settles a result (an adjudicated result is
// the game's result, 6.5.5, 6.5.7).
func (r *Referee) deskChange(ctx context.Context, cipher string, day timecontrol.Date, changes bool, fn func(adjudication.Desk, corr.State) (adjudication.Desk, corr.State, corr.Outcome, error)) (corr.Outcome, error) {
	var out corr.Outcome
	err := r.DB.Update(ctx, func(tx *storage.Tx) error {
		t, err := tx.Load(ctx, cipher)
		if err != nil {
			return err
		}
		d, next, o, err := fn(t.Desk, t.State.Clone())
		if err != nil {
			return err
		}
		t.Desk, out = d, o
		if s, settled := d.Settle(next); settled || changes {
			return tx.Save(ctx, t, s, 0, "", day, o)
		}
		return tx.SaveDesk(ctx, t, day, o)
	})
	return out, err
}

// keepState is a desk rule that leaves the referee's state as it was.
func keepState(fn func(adjudication.Desk, corr.State) (adjudication.Desk, corr.Outcome, error)) func(adjudication.Desk, corr.State) (adjudication.Desk, corr.State, corr.Outcome, error) {
	return func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.State, corr.Outcome, error) {
		d, out, err := fn(d, s)
		return d, s, out, err
	}
}
