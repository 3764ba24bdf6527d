package referee

import (
	"context"

	"zaochnik/adjudication"
	"zaochnik/corr"
)

// StandingsOptions are what a reader of the crosstable sets beside the
// tournament file; the zero value is the file's.
type StandingsOptions struct {
	// Points is the scoring scheme (1.12.1); zero is the default.
	Points adjudication.Points
	// TieBreaks replace the file's order when not empty.
	TieBreaks []adjudication.TieBreak
	// Rulings are the judge's decisions the store does not hold (a rulings
	// file), applied after the desk's.
	Rulings adjudication.Rulings
}

// Standings returns tournament cipher and its crosstable: the referee's
// results with the desk's rulings (withdrawals 6.5.3, adjudications 6.5.5,
// sanctions 6.1.10), then o's, scored by the file's system (score_by,
// Swiss) and o's points and tie-breaks.
func (r *Referee) Standings(ctx context.Context, cipher string, o StandingsOptions) (corr.Tournament, adjudication.Crosstable, error) {
	s, desk, err := r.DB.StateWithDesk(ctx, cipher)
	if err != nil {
		return s.Tournament, adjudication.Crosstable{}, err
	}
	players, games, err := desk.Table(s)
	if err == nil {
		players, games, err = o.Rulings.Apply(players, games)
	}
	if err != nil {
		return s.Tournament, adjudication.Crosstable{}, err
	}
	opt := adjudication.TableOptions(s.Tournament)
	opt.Points = o.Points
	if len(o.TieBreaks) > 0 {
		opt.TieBreaks = o.TieBreaks
	}
	ct, err := adjudication.Build(players, games, opt)
	return s.Tournament, ct, err
}
