package referee

import (
	"context"
	"fmt"

	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// drop ends held letter id (h, as storage.Tx.HeldFor read it) of
// tournament t unapplied on day (declined or expired) and tells the
// secretary (corr.State.Drop).
func drop(ctx context.Context, tx *storage.Tx, t storage.Tournament, id int64, h corr.Held, why letter.HoldOutcome, day timecontrol.Date) error {
	reason, out := t.State.Drop(h, why)
	return tx.Drop(ctx, t, id, why, day, reason, out)
}

// holds runs the held letters' day: those whose time ran out are dropped
// (the secretary told), and those whose sender was not asked yet are asked,
// one request a day per address. It reports how many were dropped and asked.
func (r *Referee) holds(ctx context.Context, day timecontrol.Date) (dropped, asked int, err error) {
	err = r.DB.Update(ctx, func(tx *storage.Tx) error {
		dropped, asked = 0, 0
		ws, err := tx.Waiting(ctx)
		if err != nil {
			return err
		}
		for _, w := range ws {
			t, err := tx.Load(ctx, w.Cipher)
			if err != nil {
				return err
			}
			h, askedToday, err := tx.HeldFor(ctx, w.ID, day)
			if err != nil {
				return err
			}
			if h.Expired(day) {
				dropped++
				if err := drop(ctx, tx, t, w.ID, h, letter.HoldExpired, day); err != nil {
					return err
				}
				continue
			}
			if w.Asked || askedToday {
				continue
			}
			if err := tx.Ask(ctx, t, w.ID, day, t.State.ConfirmRequest(h)); err != nil {
				return err
			}
			asked++
		}
		return nil
	})
	if err != nil {
		return 0, 0, fmt.Errorf("referee: held letters on %s: %w", day, err)
	}
	return dropped, asked, nil
}
