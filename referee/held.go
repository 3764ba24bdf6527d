package referee

import (
	"context"
	"fmt"

	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// hold keeps stored letter id (rec, arrived on day) of tournament t held
// for reason why and asks its sender to confirm it (see ask).
func hold(ctx context.Context, tx *storage.Tx, t storage.Tournament, id int64, rec storage.Received, day timecontrol.Date, why letter.Reason) error {
	if err := tx.Hold(ctx, t, id, rec, registered(t.State, rec.From), day, why); err != nil {
		return err
	}
	_, err := ask(ctx, tx, t, id, day)
	return err
}

// ask queues the confirmation request of held letter id of tournament t on
// day, unless its person was asked about another letter that day (one
// answer a day to an address whose letters are not authenticated); the
// held letters' day asks later. It reports whether it asked.
func ask(ctx context.Context, tx *storage.Tx, t storage.Tournament, id int64, day timecontrol.Date) (bool, error) {
	h, askedToday, err := tx.HeldFor(ctx, id, day)
	if err != nil || askedToday {
		return false, err
	}
	return true, tx.Ask(ctx, t, id, day, t.State.ConfirmRequest(h))
}

// drop ends held letter id (h, as storage.Tx.HeldFor read it) of
// tournament t unapplied on day (declined or expired) and tells the
// secretary.
func drop(ctx context.Context, tx *storage.Tx, t storage.Tournament, id int64, h corr.Held, why letter.HoldOutcome, day timecontrol.Date) error {
	reason := letter.Because(letter.ReasonDeclined)
	if why == letter.HoldExpired {
		reason = letter.Because(letter.ReasonExpired, h.HoldDays)
	}
	return tx.Drop(ctx, t, id, why, day, reason, corr.Outcome{
		Events: []corr.Event{{Kind: "hold-" + string(why), Detail: reason.String() + " (" + h.From + ")"}},
		Out:    []corr.Outgoing{t.State.HoldDropped(h, why)},
	})
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
