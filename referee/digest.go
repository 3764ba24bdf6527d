package referee

import (
	"context"
	"fmt"
	"time"

	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// DigestWeek is how far back a digest looks.
const DigestWeek = 7 * 24 * time.Hour

// SendDigest queues, at now, the weekly digest of every started tournament
// that has a secretary to read it: one letter to her, in her language
// (letter.Digest), with the letters of the week before now from its
// players (how many were applied, and each other one with what became of
// it and why), the overstep claims waiting for the judge (6.3.6-6.3.7) and
// the letters about its games that could not be delivered. It returns how
// many digests it queued.
func (r *Referee) SendDigest(ctx context.Context, now time.Time) (int, error) {
	letters, err := r.DB.Letters(ctx)
	if err != nil {
		return 0, err
	}
	claims, err := r.DB.Claims(ctx, true)
	if err != nil {
		return 0, err
	}
	out, err := r.DB.Outbox(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	err = r.eachStarted(ctx, func(t corr.Tournament) error {
		m := digestOf(t, now, letters, claims, out).Render()
		n++
		return r.DB.QueueReport(ctx, t.Secretary.Email, m.Subject, m.Body)
	})
	return n, err
}

// digestOf is tournament t's digest of the store's letters, claims and
// outbox, at now.
func digestOf(t corr.Tournament, now time.Time, letters []storage.LetterSummary, claims []storage.ClaimRow, out []storage.Outgoing) letter.Digest {
	loc := t.Location()
	d := letter.Digest{Envelope: letter.Envelope{Lang: letter.LangOf(t.Secretary.Language), Cipher: t.Cipher, To: t.Secretary.Name},
		Until: timecontrol.DateOf(now.In(loc))}
	since := now.Add(-DigestWeek)
	for _, l := range letters {
		if _, plays := t.PlayerByEmail(l.From); l.Postmark.Before(since) || !plays {
			continue
		}
		if l.Disposition == storage.Processed {
			d.Applied++
			continue
		}
		d.NotApplied = append(d.NotApplied, letter.DigestLetter{Day: timecontrol.DateOf(l.Postmark.In(loc)), From: l.From,
			Disposition: string(l.Disposition), Reason: l.Reason})
	}
	for _, c := range claims {
		if c.Cipher != t.Cipher {
			continue
		}
		_, p, _ := corr.ParseGameCode(c.Game)
		d.Claims = append(d.Claims, letter.DigestClaim{ID: c.ID, White: p.White, Black: p.Black, Filed: c.Filed, Against: c.Against})
	}
	for _, o := range out {
		if cipher, p, err := corr.ParseGameCode(o.GameCode); o.Dead && err == nil && cipher == t.Cipher {
			d.Dead = append(d.Dead, letter.Undelivered{To: o.To, Subject: o.Subject, Reason: o.LastError,
				Uncertain: o.LastError == storage.Uncertain, White: p.White, Black: p.Black})
		}
	}
	return d
}

// SendStandings queues the crosstable of every started tournament that has
// a secretary (Standings: the referee's results with the desk's rulings)
// to her and to every participant, each in their language
// (letter.Standings). It returns how many letters it queued.
func (r *Referee) SendStandings(ctx context.Context) (int, error) {
	n := 0
	err := r.eachStarted(ctx, func(t corr.Tournament) error {
		t, ct, err := r.Standings(ctx, t.Cipher, StandingsOptions{})
		if err != nil {
			return err
		}
		to := []corr.Player{{Name: t.Secretary.Name, Email: t.Secretary.Email, Language: t.Secretary.Language}}
		for _, p := range append(to, t.Players...) {
			lang := letter.LangOf(p.Language)
			m := letter.Standings{Envelope: letter.Envelope{Lang: lang, Cipher: t.Cipher, To: p.Name}, Name: t.Name, Table: ct.Text(lang)}.Render()
			if err := r.DB.QueueReport(ctx, p.Email, m.Subject, m.Body); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}

// eachStarted runs fn for every started tournament that has a secretary.
func (r *Referee) eachStarted(ctx context.Context, fn func(corr.Tournament) error) error {
	ciphers, err := r.DB.Ciphers(ctx)
	if err != nil {
		return err
	}
	for _, c := range ciphers {
		s, err := r.DB.State(ctx, c)
		if err != nil {
			return err
		}
		if s.Started.IsZero() || s.Tournament.Secretary.Email == "" {
			continue
		}
		if err := fn(s.Tournament); err != nil {
			return fmt.Errorf("tournament %s: %w", c, err)
		}
	}
	return nil
}
