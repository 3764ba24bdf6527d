// Package storeadapter makes the SQLite store (storage.DB) and the use
// cases (package referee) the web desk's store: it satisfies
// web.Tournaments, web.Letters, web.Secretary and web.Judge. What the desk
// reads comes from the store; every change the desk asks for is a use case
// of the referee, which commits it in one transaction of the store.
package storeadapter

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/timecontrol"
	"zaochnik/web"
)

// Store is a storage.DB seen by the desk.
type Store struct {
	DB *storage.DB
	// Referee carries out the desk's changes; nil is a referee over DB
	// with the defaults.
	Referee *referee.Referee
	// RulingsFiles maps a tournament's cipher to its rulings file (the
	// TOML that "zaochnik standings --rulings" reads); a tournament not
	// listed has no rulings.
	RulingsFiles map[string]string
	// Location is the zone the desk shows letters' times in (the
	// tournaments' dates of play are kept in it); nil is UTC.
	Location *time.Location
}

// local is t in the desk's zone.
func (s Store) local(t time.Time) time.Time {
	if s.Location == nil {
		return t.UTC()
	}
	return t.In(s.Location)
}

// notFound makes the store's "not found" the desk's, and the referee's
// conflicts the desk's.
func notFound(err error) error {
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return fmt.Errorf("%w: %v", web.ErrNotFound, err)
	case errors.Is(err, referee.ErrConflict):
		return fmt.Errorf("%w: %v", web.ErrConflict, err)
	}
	return err
}

// ref is the referee that carries out the desk's changes.
func (s Store) ref() *referee.Referee {
	if s.Referee != nil {
		return s.Referee
	}
	return &referee.Referee{DB: s.DB}
}

// Ciphers lists the stored tournaments.
func (s Store) Ciphers(ctx context.Context) ([]string, error) { return s.DB.Ciphers(ctx) }

// State returns a stored tournament's state.
func (s Store) State(ctx context.Context, cipher string) (corr.State, error) {
	st, err := s.DB.State(ctx, cipher)
	return st, notFound(err)
}

// StateWithRulings returns a stored tournament's state and the judge's
// rulings the store keeps on its desk (withdrawals, adjudicated results,
// sanctions), both as one commit left them (storage.DB.StateWithDesk),
// with those of its rulings file, if it has one, after them.
func (s Store) StateWithRulings(ctx context.Context, cipher string) (corr.State, adjudication.Rulings, error) {
	st, d, err := s.DB.StateWithDesk(ctx, cipher)
	if err != nil {
		return st, adjudication.Rulings{}, notFound(err)
	}
	r := d.Rulings()
	path, ok := s.RulingsFiles[cipher]
	if !ok {
		return st, r, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return st, adjudication.Rulings{}, fmt.Errorf("rulings of %s: %w", cipher, err)
	}
	f, err := adjudication.ParseRulings(data)
	if err != nil {
		return st, adjudication.Rulings{}, fmt.Errorf("rulings of %s (%s): %w", cipher, path, err)
	}
	r.Withdrawals = append(r.Withdrawals, f.Withdrawals...)
	r.Results = append(r.Results, f.Results...)
	r.Sanctions = append(r.Sanctions, f.Sanctions...)
	return st, r, nil
}

// game returns the state and the game of code.
func (s Store) game(ctx context.Context, code string) (corr.State, corr.Game, error) {
	cipher, _, err := corr.ParseGameCode(code)
	if err != nil {
		return corr.State{}, corr.Game{}, fmt.Errorf("%w: game %q: %v", web.ErrNotFound, code, err)
	}
	st, err := s.State(ctx, cipher)
	if err != nil {
		return st, corr.Game{}, err
	}
	g, ok := st.Game(code)
	if !ok {
		return st, g, fmt.Errorf("%w: game %q", web.ErrNotFound, code)
	}
	return st, g, nil
}

// received converts a stored letter, its subject and text as a person
// reads them (referee.Text).
func (s Store) received(l storage.StoredLetter, game string) web.Letter {
	w := web.Letter{ID: l.ID, MessageID: l.MessageID, From: l.From, Date: s.local(l.Postmark), Game: game,
		Disposition: string(l.Disposition), Reason: l.Reason}
	w.Subject, w.Text = referee.Text(l)
	return w
}

// GameLetters returns the game's thread by date: every letter stored with
// the game (applied or refused), the letters its state names (accepted,
// held, in a claim's dossier), and the letters queued about the game.
func (s Store) GameLetters(ctx context.Context, code string) ([]web.Letter, error) {
	_, g, err := s.game(ctx, code)
	if err != nil {
		return nil, err
	}
	mids := slices.Concat(g.Letters[0], g.Letters[1])
	if g.Held != nil {
		mids = append(mids, g.Held.Letter)
	}
	for _, c := range g.Claims {
		mids = append(mids, c.Letters...)
	}
	slices.Sort(mids)
	var letters []storage.StoredLetter
	for _, mid := range slices.Compact(mids) {
		l, err := s.DB.LetterByMessageID(ctx, mid)
		if err != nil {
			return nil, fmt.Errorf("letter %s of game %s: %w", mid, code, err)
		}
		letters = append(letters, l)
	}
	ids, err := s.DB.GameLetterIDs(ctx, code)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if slices.ContainsFunc(letters, func(l storage.StoredLetter) bool { return l.ID == id }) {
			continue
		}
		l, err := s.DB.Letter(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("letter %d of game %s: %w", id, code, err)
		}
		letters = append(letters, l)
	}
	problems, err := s.problems(ctx)
	if err != nil {
		return nil, err
	}
	var out []web.Letter
	for _, l := range letters {
		w := s.received(l, code)
		w.Problems = problems[l.ID]
		out = append(out, w)
	}
	queued, err := s.DB.Outbox(ctx)
	if err != nil {
		return nil, err
	}
	for _, o := range queued {
		if o.GameCode != code {
			continue
		}
		date := o.Sent
		if date.IsZero() {
			date = o.NextAttempt
		}
		out = append(out, web.Letter{ID: o.ID, MessageID: o.MessageID, Out: true, To: o.To, Kind: o.Kind, Subject: o.Subject,
			Game: code, Date: s.local(date), Text: o.Body})
	}
	slices.SortStableFunc(out, func(a, b web.Letter) int { return a.Date.Compare(b.Date) })
	return out, nil
}

// Queue returns the refused letters and those still waiting to be applied.
func (s Store) Queue(ctx context.Context) ([]web.Letter, error) {
	all, err := s.DB.Letters(ctx)
	if err != nil {
		return nil, err
	}
	var out []web.Letter
	for _, sum := range all {
		switch sum.Disposition {
		case storage.Refused, storage.Pending, storage.Held, storage.Ignored:
		default:
			continue // applied, or set aside by the secretary
		}
		l, err := s.DB.Letter(ctx, sum.ID)
		if err != nil {
			return nil, err
		}
		w := s.received(l, "")
		w.Problems = sum.Problems
		out = append(out, w)
	}
	return out, nil
}

// problems maps each received letter's id to the remarks on it.
func (s Store) problems(ctx context.Context) (map[int64][]corr.Problem, error) {
	all, err := s.DB.Letters(ctx)
	if err != nil {
		return nil, err
	}
	m := make(map[int64][]corr.Problem, len(all))
	for _, sum := range all {
		m[sum.ID] = sum.Problems
	}
	return m, nil
}

// Letter returns a received letter.
func (s Store) Letter(ctx context.Context, id int64) (web.Letter, error) {
	l, err := s.DB.Letter(ctx, id)
	if err != nil {
		return web.Letter{}, notFound(err)
	}
	return s.received(l, ""), nil
}

// Rule applies the judge's ruling on claim seq of game (6.3.7).
func (s Store) Rule(ctx context.Context, game string, seq int, confirm bool, note string, day timecontrol.Date) (corr.Outcome, error) {
	done, err := s.ref().Rule(ctx, referee.Ruling{Game: game, Seq: seq, Confirm: confirm, Note: note, Day: day})
	return done.Outcome, notFound(err)
}

// EnterPaper applies the secretary's paper letter (referee.EnterPaperLetter).
func (s Store) EnterPaper(ctx context.Context, p web.PaperLetter) (corr.Outcome, error) {
	out, err := s.ref().EnterPaperLetter(ctx, referee.PaperLetter{Game: p.Game, Player: p.Player, Posted: p.Posted, Received: p.Received, Text: p.Text})
	return out, notFound(err)
}

// Assign applies a stored letter again as if its subject named game
// (referee.Reassign); its receipt date stays the letter's own, whatever day
// the secretary acts.
func (s Store) Assign(ctx context.Context, id int64, game string, _ timecontrol.Date) (corr.Outcome, error) {
	out, err := s.ref().Reassign(ctx, id, game)
	return out, notFound(err)
}

// Answer queues the secretary's letter to the sender of letter id
// (referee.Answer).
func (s Store) Answer(ctx context.Context, id int64, subject, body string) (corr.Outgoing, error) {
	o, err := s.ref().Answer(ctx, id, subject, body)
	return o, notFound(err)
}

// Adjournments returns the unfinished games on the tournament's desk
// (6.5.2), ruled or not.
func (s Store) Adjournments(ctx context.Context, cipher string) ([]web.Adjournment, error) {
	d, err := s.DB.Desk(ctx, cipher)
	if err != nil {
		return nil, notFound(err)
	}
	out := make([]web.Adjournment, 0, len(d.Adjournments))
	for _, a := range d.Adjournments {
		w := web.Adjournment{Game: a.Game, Adjournment: a.Adjournment, Analyses: a.Analysis, Ruled: a.Ruled}
		if !a.Ruled.IsZero() {
			r := a.Ruling
			w.Ruling = &r
		}
		out = append(out, w)
	}
	return out, nil
}

// Adjudicate records the judge's adjudication on the desk (6.5.4-6.5.5)
// with its letters, in one transaction.
func (s Store) Adjudicate(ctx context.Context, game string, r adjudication.Ruling, day timecontrol.Date) (corr.Outcome, error) {
	done, err := s.ref().DeskDecision(ctx, referee.Decision{Kind: referee.Adjudicate, Game: game, Result: r.Result, Note: r.Reason, Day: day})
	return done.Outcome, notFound(err)
}

// Redraw draws the last round of a Swiss tournament again (1.15.8),
// with its letters, in one transaction. What the rules do not allow (no
// game without a move, no draw possible) is a conflict with the reason.
func (s Store) Redraw(ctx context.Context, cipher, reason string, day timecontrol.Date) (corr.Outcome, error) {
	done, err := s.ref().DeskDecision(ctx, referee.Decision{Kind: referee.Redraw, Cipher: cipher, Note: reason, Day: day})
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return done.Outcome, fmt.Errorf("%w: %v", web.ErrConflict, err)
	}
	return done.Outcome, notFound(err)
}

// Appeals returns the protests against the judge's rulings (6.1.12).
func (s Store) Appeals(ctx context.Context) ([]web.Appeal, error) {
	rows, err := s.DB.Appeals(ctx, false)
	if err != nil {
		return nil, err
	}
	out := make([]web.Appeal, len(rows))
	for i, r := range rows {
		out[i] = web.Appeal{Cipher: r.Cipher, Appeal: r.Appeal}
	}
	return out, nil
}

// Appeal records the organiser's decision on the protest against the
// judge's ruling in game (6.1.12), in one transaction with its letters.
func (s Store) Appeal(ctx context.Context, game string, upheld bool, note string, day timecontrol.Date) (corr.Outcome, error) {
	done, err := s.ref().DeskDecision(ctx, referee.Decision{Kind: referee.Appeal, Game: game, Upheld: upheld, Note: note, Day: day})
	return done.Outcome, notFound(err)
}

// The adapter satisfies every interface of the desk.
var (
	_ web.Tournaments = Store{}
	_ web.Letters     = Store{}
	_ web.Secretary   = Store{}
	_ web.Judge       = Store{}
)
