package referee

import (
	"context"

	"zaochnik/corr"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// nextRound draws and starts the next round of Swiss tournament cipher on
// day when its last round is over (adjudication.Desk.NextRound: the desk's
// results and withdrawals), storing the new games and queueing the round's
// start lists in one transaction. A tournament with nothing to draw is
// left untouched.
func (r *Referee) nextRound(ctx context.Context, cipher string, day timecontrol.Date) (corr.Outcome, error) {
	return r.change(ctx, cipher, day, func(_ *storage.Tx, t storage.Tournament) (corr.State, corr.Outcome, bool, error) {
		s := t.State
		if tr := s.Tournament; tr.Swiss == nil || s.Started.IsZero() || s.Round() >= tr.Swiss.Rounds || !s.RoundOver(s.Round()) {
			return s, corr.Outcome{Accepted: true}, true, nil
		}
		next, out, err := t.Desk.NextRound(s, day)
		return next, out, false, err
	})
}

// redraw draws the last round of Swiss tournament cipher again on day, on
// the judge's decision with his reason (adjudication.Desk.Redraw, 1.15.8):
// the round's games without a move are cancelled (their rows kept, marked
// cancelled), and the new games, the letters and the events are stored in
// one transaction.
func (r *Referee) redraw(ctx context.Context, cipher, reason string, day timecontrol.Date) (corr.Outcome, error) {
	return r.change(ctx, cipher, day, func(_ *storage.Tx, t storage.Tournament) (corr.State, corr.Outcome, bool, error) {
		next, out, err := t.Desk.Redraw(t.State, day, reason)
		return next, out, false, err
	})
}
