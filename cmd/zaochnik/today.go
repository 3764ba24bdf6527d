package main

import (
	"context"
	"fmt"

	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// today is the date of play now in tournament cipher's time zone. The
// daemon dates its work there; a command the judge or the organiser runs
// must agree with it whatever the zone of the machine it runs on.
func (e *env) today(ctx context.Context, db *storage.DB, cipher string) (timecontrol.Date, error) {
	s, err := db.State(ctx, cipher)
	if err != nil {
		return timecontrol.Date{}, err
	}
	return timecontrol.DateOf(e.clock().In(s.Tournament.Location())), nil
}

// claimCipher returns the tournament of overstep claim id.
func claimCipher(ctx context.Context, db *storage.DB, id int64) (string, error) {
	cs, err := db.Claims(ctx, false)
	if err != nil {
		return "", err
	}
	for _, c := range cs {
		if c.ID == id {
			return c.Cipher, nil
		}
	}
	return "", fmt.Errorf("claim %d: %w; 'zaochnik judge claims' lists them", id, storage.ErrNotFound)
}
