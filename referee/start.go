package referee

import (
	"context"
	"errors"
	"fmt"

	"zaochnik/corr"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// Create stores the tournament of file src (its TOML, kept as written),
// with its players and games, not yet started. A tournament of the same
// cipher that is stored already is an error, unless resume is set: then
// the stored one is kept (a replay or a rebuild resumed after a crash).
func (r *Referee) Create(ctx context.Context, src []byte, resume bool) (corr.Tournament, error) {
	t, err := corr.ParseTournament(src)
	if err != nil {
		return t, err
	}
	if resume {
		if _, err := r.DB.State(ctx, t.Cipher); !errors.Is(err, storage.ErrNotFound) {
			return t, err
		}
	}
	return t, r.DB.CreateTournament(ctx, t, src)
}

// Start starts tournament cipher on day (zero: today in its zone): the
// games begin and the start lists are queued to every player (6.3.2: the
// first move is free if sent by the start date). A tournament started
// already is refused, unless resume is set: then nothing is done again.
func (r *Referee) Start(ctx context.Context, cipher string, day timecontrol.Date, resume bool) (Done, error) {
	s, err := r.DB.State(ctx, cipher)
	if err != nil {
		return Done{}, err
	}
	if !s.Started.IsZero() {
		if resume {
			return Done{Day: s.Started, Outcome: corr.Outcome{Accepted: true}}, nil
		}
		return Done{}, fmt.Errorf("tournament %s was started on %s: %w", cipher, s.Started, ErrConflict)
	}
	if day, err = r.dayOf(ctx, cipher, day); err != nil {
		return Done{}, err
	}
	out, err := r.start(ctx, cipher, day)
	return Done{Day: day, Outcome: out}, err
}
