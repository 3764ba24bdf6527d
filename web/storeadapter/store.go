// Package storeadapter makes the SQLite store (storage.DB) the web desk's
// store: it satisfies web.Tournaments, web.Letters, web.Secretary and
// web.Judge: the referee's state, the letters, the judge's desk and the
// outbox, each change in one transaction of the store.
package storeadapter

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/storage"
	"zaochnik/timecontrol"
	"zaochnik/web"
)

// Store is a storage.DB seen by the desk.
type Store struct {
	DB *storage.DB
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

// notFound makes the store's "not found" the desk's.
func notFound(err error) error {
	if errors.Is(err, storage.ErrNotFound) {
		return fmt.Errorf("%w: %v", web.ErrNotFound, err)
	}
	return err
}

// Ciphers lists the stored tournaments.
func (s Store) Ciphers(ctx context.Context) ([]string, error) { return s.DB.Ciphers(ctx) }

// State returns a stored tournament's state.
func (s Store) State(ctx context.Context, cipher string) (corr.State, error) {
	st, err := s.DB.State(ctx, cipher)
	return st, notFound(err)
}

// Rulings returns the judge's rulings the store keeps on the
// tournament's desk (withdrawals, adjudicated results, sanctions), with
// those of its rulings file, if it has one, after them.
func (s Store) Rulings(ctx context.Context, cipher string) (adjudication.Rulings, error) {
	d, err := s.DB.Desk(ctx, cipher)
	if err != nil {
		return adjudication.Rulings{}, notFound(err)
	}
	r := d.Rulings()
	path, ok := s.RulingsFiles[cipher]
	if !ok {
		return r, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return adjudication.Rulings{}, fmt.Errorf("rulings of %s: %w", cipher, err)
	}
	f, err := adjudication.ParseRulings(data)
	if err != nil {
		return adjudication.Rulings{}, fmt.Errorf("rulings of %s (%s): %w", cipher, path, err)
	}
	r.Withdrawals = append(r.Withdrawals, f.Withdrawals...)
	r.Results = append(r.Results, f.Results...)
	r.Sanctions = append(r.Sanctions, f.Sanctions...)
	return r, nil
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

// received converts a stored letter: its subject and text as the store's
// MIME reader (DB.Decode, the mail shell's, injected: web does not import
// mailbox) reads them, so that a base64 or windows-1251 letter reads; the
// raw bytes when there is no reader or the letter is no MIME (paper
// letters are kept as typed).
func (s Store) received(l storage.StoredLetter, game string) web.Letter {
	w := web.Letter{ID: l.ID, MessageID: l.MessageID, From: l.From, Date: s.local(l.Postmark), Game: game,
		Disposition: string(l.Disposition), Reason: l.Reason, Text: string(l.Raw)}
	if s.DB.Decode == nil || strings.HasPrefix(l.MessageID, "<paper-") {
		return w
	}
	if d, err := s.DB.Decode(l.Raw); err == nil {
		w.Subject, w.Text = d.Subject, d.Text
	}
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
	claims, err := s.DB.Claims(ctx, false)
	if err != nil {
		return corr.Outcome{}, err
	}
	for _, c := range claims {
		if c.Game == game && c.Seq == seq {
			out, err := s.DB.Rule(ctx, c.ID, confirm, note, day)
			return out, notFound(err)
		}
	}
	return corr.Outcome{}, fmt.Errorf("%w: claim %d of game %s", web.ErrNotFound, seq, game)
}

// EnterPaper stores a paper letter as received on its arrival postmark and
// applies it. Its Message-ID is derived from its contents, so entering the
// same letter twice applies it once.
func (s Store) EnterPaper(ctx context.Context, p web.PaperLetter) (corr.Outcome, error) {
	st, _, err := s.game(ctx, p.Game)
	if err != nil {
		return corr.Outcome{}, err
	}
	pl, ok := st.Tournament.Player(p.Player)
	if !ok {
		return corr.Outcome{}, fmt.Errorf("%w: player %d in %s", web.ErrNotFound, p.Player, st.Tournament.Cipher)
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d\x00%s\x00%s\x00%s", p.Game, p.Player, p.Posted, p.Received, p.Text))
	noon := time.Date(p.Received.Year(), p.Received.Month(), p.Received.Day(), 12, 0, 0, 0, st.Tournament.Location())
	res, err := s.DB.Receive(ctx, storage.Received{
		Incoming: storage.Incoming{MessageID: "<paper-" + hex.EncodeToString(sum[:12]) + "@zaochnik.invalid>", Raw: []byte(p.Text), Postmark: noon, From: pl.Email},
		Subject:  p.Game, Text: p.Text, Posted: p.Posted,
		// The secretary holds the paper letter and its postmarks: she vouches for it.
		Auth: corr.Auth{Method: corr.AuthDesk, Detail: "paper letter entered at the desk"},
	})
	if err != nil {
		return corr.Outcome{}, err
	}
	if !res.Fresh {
		return corr.Outcome{}, fmt.Errorf("this paper letter was entered before (letter %d); it is not applied twice", res.LetterID)
	}
	return res.Outcome, nil
}

// Assign applies a stored letter again as if its subject named game: a
// copy under a derived Message-ID goes through the referee with the game's
// code in its subject and the letter's own postmark (the day of the
// secretary's action does not change the receipt date), and the original
// is set aside with a note saying where it went. A letter whose text names
// another game by cipher and numbers is still read as naming that game.
// Assigning the same letter to the same game twice applies it once.
func (s Store) Assign(ctx context.Context, id int64, game string, day timecontrol.Date) (corr.Outcome, error) {
	if s.DB.Decode == nil {
		return corr.Outcome{}, fmt.Errorf("assigning letter %d needs the store's MIME reader (storage.DB.Decode): %w", id, errors.ErrUnsupported)
	}
	cipher, p, err := corr.ParseGameCode(game)
	if err != nil {
		return corr.Outcome{}, fmt.Errorf("%w: game %q: %v", web.ErrNotFound, game, err)
	}
	l, err := s.DB.Letter(ctx, id)
	if err != nil {
		return corr.Outcome{}, notFound(err)
	}
	if l.Disposition == storage.Held {
		return corr.Outcome{}, fmt.Errorf("letter %d waits for its sender's confirmation (nothing authenticated it); it is applied when he confirms it: %w", id, web.ErrConflict)
	}
	d, err := s.DB.Decode(l.Raw)
	if err != nil {
		return corr.Outcome{}, fmt.Errorf("letter %d does not read as mail: %w", id, err)
	}
	sum := sha256.Sum256([]byte(game))
	res, err := s.DB.Receive(ctx, storage.Received{
		Incoming: storage.Incoming{MessageID: fmt.Sprintf("<assigned-%d-%s@zaochnik.invalid>", id, hex.EncodeToString(sum[:6])), Raw: l.Raw, Postmark: l.Postmark, From: l.From},
		Subject:  letter.FormatGameCode(cipher, p.White, p.Black) + " " + d.Subject, Text: d.Text,
		Auth: corr.Auth{Method: corr.AuthDesk, Detail: fmt.Sprintf("letter %d assigned to %s by the secretary", id, game)},
	})
	if err != nil {
		return corr.Outcome{}, err
	}
	if err := s.DB.SetDisposition(ctx, id, storage.Assigned, fmt.Sprintf("re-applied by the secretary to game %s as letter %d", game, res.LetterID)); err != nil {
		return corr.Outcome{}, err
	}
	if !res.Fresh {
		return corr.Outcome{}, fmt.Errorf("letter %d was assigned to game %s before (letter %d); it is not applied twice", id, game, res.LetterID)
	}
	return res.Outcome, nil
}

// Answer queues the secretary's letter to the sender of letter id, with an
// event for the record, in the tournament the sender plays in (or the only
// tournament there is): the store keeps letters within a tournament.
func (s Store) Answer(ctx context.Context, id int64, subject, body string) (corr.Outgoing, error) {
	l, err := s.DB.Letter(ctx, id)
	if err != nil {
		return corr.Outgoing{}, notFound(err)
	}
	st, err := s.tournamentOf(ctx, l.From)
	if err != nil {
		return corr.Outgoing{}, err
	}
	day := timecontrol.DateOf(s.DB.Now().In(st.Tournament.Location()))
	o := corr.Outgoing{To: l.From, Kind: "secretary", Subject: subject, Body: body, InReplyTo: l.MessageID}
	_, err = s.DB.DeskChange(ctx, st.Tournament.Cipher, day, func(d adjudication.Desk, _ corr.State) (adjudication.Desk, corr.Outcome, error) {
		return d, corr.Outcome{Accepted: true, Events: []corr.Event{{Date: day, Kind: "secretary-answer", Detail: fmt.Sprintf("letter %d, to %s", id, l.From)}},
			Out: []corr.Outgoing{o}}, nil
	})
	return o, err
}

// tournamentOf returns the tournament addr plays in, or the only one.
func (s Store) tournamentOf(ctx context.Context, addr string) (corr.State, error) {
	ciphers, err := s.DB.Ciphers(ctx)
	if err != nil {
		return corr.State{}, err
	}
	var only corr.State
	for _, c := range ciphers {
		st, err := s.DB.State(ctx, c)
		if err != nil {
			return corr.State{}, err
		}
		if _, ok := st.Tournament.PlayerByEmail(addr); ok {
			return st, nil
		}
		only = st
	}
	if len(ciphers) == 1 {
		return only, nil
	}
	return corr.State{}, fmt.Errorf("%s plays in none of the %d tournaments here, and the store keeps a letter only within a tournament: answer from your own mail", addr, len(ciphers))
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
	cipher, err := s.DB.GameTournament(ctx, game)
	if err != nil {
		return corr.Outcome{}, notFound(err)
	}
	return s.DB.DeskChange(ctx, cipher, day, func(d adjudication.Desk, st corr.State) (adjudication.Desk, corr.Outcome, error) {
		return d.Adjudicate(st, game, r.Result, r.Reason, day)
	})
}

// Redraw draws the last round of a Swiss tournament again (1.15.8),
// with its letters, in one transaction. What the rules do not allow (no
// game without a move, no draw possible) is a conflict with the reason.
func (s Store) Redraw(ctx context.Context, cipher, reason string, day timecontrol.Date) (corr.Outcome, error) {
	out, err := s.DB.Redraw(ctx, cipher, reason, day)
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return out, fmt.Errorf("%w: %v", web.ErrConflict, err)
	}
	return out, notFound(err)
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
	out, err := s.DB.Appeal(ctx, game, upheld, note, day)
	return out, notFound(err)
}

// The adapter satisfies every interface of the desk.
var (
	_ web.Tournaments = Store{}
	_ web.Letters     = Store{}
	_ web.Secretary   = Store{}
	_ web.Judge       = Store{}
)
