package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"time"

	"github.com/robfig/cron/v3"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// jobs are the daemon's scheduled work. They read the time only through
// now, so a test or the demo's virtual clock decides what "today" is; cron
// only decides when they run.
type jobs struct {
	db     *storage.DB
	ref    *referee.Referee
	loc    *time.Location // the config's zone: the held letters' day
	outbox *storeOutbox
	now    func() time.Time
	kick   func()
	log    *slog.Logger
	from   string // the server's address, for report Message-IDs
}

// schedule registers the configured jobs on a new cron in loc.
func (j *jobs) schedule(s ScheduleConfig, loc *time.Location) (*cron.Cron, error) {
	c := cron.New(cron.WithLocation(loc), cron.WithParser(cronParser),
		cron.WithChain(cron.Recover(cronLogger{j.log}), cron.SkipIfStillRunning(cronLogger{j.log})))
	for _, e := range []struct {
		key  string
		spec cronSpec
		run  func(context.Context) error
	}{{"schedule.daily", s.Daily, j.daily}, {"schedule.digest", s.Digest, j.digest}, {"schedule.standings", s.Standings, j.standings}} {
		if e.spec == "" {
			continue
		}
		if _, err := c.AddFunc(string(e.spec), func() {
			if err := e.run(context.Background()); err != nil {
				j.log.Error("scheduled job failed", "job", e.key, "err", err)
			}
		}); err != nil {
			return nil, fmt.Errorf("%s: %w", e.key, err)
		}
	}
	return c, nil
}

// daily runs the referee's daily checks of every started tournament for
// each day from the day after the last one checked up to today in the
// tournament's zone, so days the daemon was down are caught up in order.
func (j *jobs) daily(ctx context.Context) error {
	ciphers, err := j.db.Ciphers(ctx)
	if err != nil {
		return err
	}
	for _, c := range ciphers {
		s, err := j.db.State(ctx, c)
		if err != nil {
			return err
		}
		if s.Started.IsZero() {
			continue
		}
		today := timecontrol.DateOf(j.now().In(s.Tournament.Location()))
		day := s.Started
		if !s.Checked.IsZero() {
			day = s.Checked.AddDays(1)
		}
		for ; !day.After(today); day = day.AddDays(1) {
			out, err := j.db.Daily(ctx, c, day)
			if err != nil {
				return fmt.Errorf("daily checks of %s for %s: %w", c, day, err)
			}
			if len(out.Out) > 0 || len(out.Claims) > 0 {
				j.log.Info("daily checks", "tournament", c, "day", day.String(), "letters", len(out.Out), "claims", len(out.Claims))
			}
			// A Swiss round over (its games decided, or its end reached that day) starts the next (1.15).
			// A round that cannot be drawn waits for the judge (1.15.9); the other checks go on.
			if out, err = j.db.NextRound(ctx, c, day); err != nil {
				j.log.Error("next round", "tournament", c, "day", day.String(), "err", err)
			} else if len(out.Events) > 0 {
				j.log.Info("round drawn", "tournament", c, "day", day.String(), "letters", len(out.Out))
			}
		}
	}
	if j.ref != nil {
		dropped, asked, err := j.ref.Daily(ctx, timecontrol.DateOf(j.now().In(j.loc)))
		if err != nil {
			return err
		}
		if dropped+asked > 0 {
			j.log.Info("held letters", "dropped", dropped, "asked", asked)
		}
	}
	j.kick()
	return nil
}

// digest sends each secretary the week's letters: how many were applied,
// which were refused or ignored and why, the claims waiting for the judge
// and the letters that could not be delivered.
func (j *jobs) digest(ctx context.Context) error {
	now := j.now()
	since := now.Add(-7 * 24 * time.Hour)
	letters, err := j.db.Letters(ctx)
	if err != nil {
		return err
	}
	claims, err := j.db.Claims(ctx, true)
	if err != nil {
		return err
	}
	out, err := j.db.Outbox(ctx)
	if err != nil {
		return err
	}
	return j.eachTournament(ctx, func(s corr.State) error {
		t := s.Tournament
		lang := letter.Russian
		if t.Secretary.Language == "en" {
			lang = letter.English
		}
		d := letter.Digest{Envelope: letter.Envelope{Lang: lang, Cipher: t.Cipher, To: t.Secretary.Name}, Until: timecontrol.DateOf(now.In(t.Location()))}
		for _, l := range letters {
			if l.Postmark.Before(since) || !plays(t, l.From) {
				continue
			}
			if l.Disposition == storage.Processed {
				d.Applied++
			} else {
				d.NotApplied = append(d.NotApplied, letter.DigestLetter{Day: timecontrol.DateOf(l.Postmark.In(t.Location())), From: l.From,
					Disposition: string(l.Disposition), Reason: l.Reason})
			}
		}
		for _, c := range claims {
			if c.Cipher == t.Cipher {
				_, p, _ := corr.ParseGameCode(c.Game)
				d.Claims = append(d.Claims, letter.DigestClaim{ID: c.ID, White: p.White, Black: p.Black, Filed: c.Filed, Against: c.Against})
			}
		}
		for _, o := range out {
			if o.Dead && gameOf(o, t) {
				d.Dead = append(d.Dead, letter.Undelivered{To: o.To, Subject: o.Subject, Reason: o.LastError})
			}
		}
		m := d.Render()
		j.outbox.queueReport(t.Secretary.Email, m.Subject, m.Body, reportID("digest", j.from), now)
		return nil
	})
}

// standings sends the secretary and every participant the crosstable,
// with the judge's rulings of the desk, each in their language.
func (j *jobs) standings(ctx context.Context) error {
	now := j.now()
	return j.eachTournament(ctx, func(s corr.State) error {
		desk, err := j.db.Desk(ctx, s.Tournament.Cipher)
		if err != nil {
			return err
		}
		players, games, err := desk.Table(s)
		if err != nil {
			return err
		}
		ct, err := adjudication.Build(players, games, adjudication.TableOptions(s.Tournament))
		if err != nil {
			return err
		}
		t := s.Tournament
		to := []corr.Player{{Name: t.Secretary.Name, Email: t.Secretary.Email, Language: t.Secretary.Language}}
		for _, p := range append(to, t.Players...) {
			lang := letter.Russian
			if p.Language == "en" {
				lang = letter.English
			}
			m := letter.Standings{Envelope: letter.Envelope{Lang: lang, Cipher: t.Cipher, To: p.Name}, Name: t.Name, Table: ct.Text(string(lang))}.Render()
			j.outbox.queueReport(p.Email, m.Subject, m.Body, reportID("standings", j.from), now)
		}
		return nil
	})
}

// eachTournament runs fn for every started tournament with a secretary,
// then wakes the sender.
func (j *jobs) eachTournament(ctx context.Context, fn func(corr.State) error) error {
	ciphers, err := j.db.Ciphers(ctx)
	if err != nil {
		return err
	}
	for _, c := range ciphers {
		s, err := j.db.State(ctx, c)
		if err != nil {
			return err
		}
		if s.Started.IsZero() || s.Tournament.Secretary.Email == "" {
			continue
		}
		if err := fn(s); err != nil {
			return fmt.Errorf("tournament %s: %w", c, err)
		}
	}
	j.kick()
	return nil
}

// plays reports whether addr is a player of t.
func plays(t corr.Tournament, addr string) bool {
	_, ok := t.PlayerByEmail(addr)
	return ok
}

// gameOf reports whether a queued letter belongs to tournament t.
func gameOf(o storage.Outgoing, t corr.Tournament) bool {
	c, _, err := corr.ParseGameCode(o.GameCode)
	return err == nil && c == t.Cipher
}

// cronLogger is robfig/cron's logger on slog.
type cronLogger struct{ log *slog.Logger }

func (l cronLogger) Info(msg string, kv ...any) { l.log.Debug("cron: "+msg, kv...) }
func (l cronLogger) Error(err error, msg string, kv ...any) {
	l.log.Error("cron: "+msg, append(kv, "err", err)...)
}

// reportID is the Message-ID of a report: 128 random bits, like the
// store's letters, so that nobody can guess it and thread a forged answer.
func reportID(kind, from string) string {
	var b [16]byte
	rand.Read(b[:])
	return kind + "." + hex.EncodeToString(b[:]) + "@" + mailDomain(from)
}
