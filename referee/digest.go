package referee

import (
	"context"
	"time"

	"zaochnik/corr"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// DigestWeek is how far back a digest looks.
const DigestWeek = 7 * 24 * time.Hour

// DigestFacts is what a tournament's weekly digest tells its secretary;
// how it reads is the renderer's.
type DigestFacts struct {
	Tournament corr.Tournament
	Day        timecontrol.Date // the digest's day, in the tournament's zone
	// Applied counts the week's letters of its players that were applied;
	// NotApplied lists the others (refused, ignored, held, set aside).
	Applied    int
	NotApplied []storage.LetterSummary
	// Claims are the overstep claims waiting for the judge (6.3.6-6.3.7).
	Claims []storage.ClaimRow
	// Dead are the letters about its games the outbox could not deliver.
	Dead []storage.Outgoing
}

// Digest gathers, at now, the facts of the weekly digest of every started
// tournament that has a secretary to read it: the letters of the week
// before now from its players, the claims waiting for a ruling and the
// letters that could not be delivered.
func (r *Referee) Digest(ctx context.Context, now time.Time) ([]DigestFacts, error) {
	letters, err := r.DB.Letters(ctx)
	if err != nil {
		return nil, err
	}
	claims, err := r.DB.Claims(ctx, true)
	if err != nil {
		return nil, err
	}
	out, err := r.DB.Outbox(ctx)
	if err != nil {
		return nil, err
	}
	ciphers, err := r.DB.Ciphers(ctx)
	if err != nil {
		return nil, err
	}
	var facts []DigestFacts
	for _, c := range ciphers {
		s, err := r.DB.State(ctx, c)
		if err != nil {
			return nil, err
		}
		if s.Started.IsZero() || s.Tournament.Secretary.Email == "" {
			continue
		}
		facts = append(facts, digestOf(s.Tournament, now, letters, claims, out))
	}
	return facts, nil
}

// digestOf picks tournament t's part of the store's letters, claims and
// outbox.
func digestOf(t corr.Tournament, now time.Time, letters []storage.LetterSummary, claims []storage.ClaimRow, out []storage.Outgoing) DigestFacts {
	f := DigestFacts{Tournament: t, Day: timecontrol.DateOf(now.In(t.Location()))}
	since := now.Add(-DigestWeek)
	for _, l := range letters {
		if _, plays := t.PlayerByEmail(l.From); l.Postmark.Before(since) || !plays {
			continue
		}
		if l.Disposition == storage.Processed {
			f.Applied++
		} else {
			f.NotApplied = append(f.NotApplied, l)
		}
	}
	for _, c := range claims {
		if c.Cipher == t.Cipher {
			f.Claims = append(f.Claims, c)
		}
	}
	for _, o := range out {
		if cipher, _, err := corr.ParseGameCode(o.GameCode); o.Dead && err == nil && cipher == t.Cipher {
			f.Dead = append(f.Dead, o)
		}
	}
	return f
}
