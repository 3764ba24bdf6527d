package referee

import (
	"context"
	"errors"
)

// ErrNoTournament keeps letters in the mailbox while the store holds no
// tournament: refused now, a letter would be filed away where a store
// restored later never sees it.
var ErrNoTournament = errors.New("the store holds no tournament; the letter waits in the mailbox (create the tournament, or restore the store)")

// Ready reports whether letters may be received: ErrNoTournament until the
// store holds a tournament. Tournaments are never removed, so a caller may
// stop asking once it is ready.
func (r *Referee) Ready(ctx context.Context) error {
	cs, err := r.DB.Ciphers(ctx)
	if err != nil {
		return err
	}
	if len(cs) == 0 {
		return ErrNoTournament
	}
	return nil
}
