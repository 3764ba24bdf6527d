package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/robfig/cron/v3"

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
	outbox *storeOutbox
	now    func() time.Time
	kick   func()
	log    *slog.Logger
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

// daily runs the referee's day (referee.Daily: every started
// tournament's checks caught up to today, the next Swiss rounds, the held
// letters), then wakes the sender.
func (j *jobs) daily(ctx context.Context) error {
	if _, err := j.ref.Daily(ctx, j.now()); err != nil {
		return err
	}
	j.kick()
	return nil
}

// digest sends each secretary the week's letters (referee.Digest): how
// many were applied, which were refused or ignored and why, the claims
// waiting for the judge and the letters that could not be delivered.
func (j *jobs) digest(ctx context.Context) error {
	now := j.now()
	facts, err := j.ref.Digest(ctx, now)
	if err != nil {
		return err
	}
	for _, f := range facts {
		t := f.Tournament
		d := letter.Digest{Envelope: letter.Envelope{Lang: letter.LangOf(t.Secretary.Language), Cipher: t.Cipher, To: t.Secretary.Name}, Until: f.Day, Applied: f.Applied}
		for _, l := range f.NotApplied {
			d.NotApplied = append(d.NotApplied, letter.DigestLetter{Day: timecontrol.DateOf(l.Postmark.In(t.Location())), From: l.From,
				Disposition: string(l.Disposition), Reason: l.Reason})
		}
		for _, c := range f.Claims {
			_, p, _ := corr.ParseGameCode(c.Game)
			d.Claims = append(d.Claims, letter.DigestClaim{ID: c.ID, White: p.White, Black: p.Black, Filed: c.Filed, Against: c.Against})
		}
		for _, o := range f.Dead {
			d.Dead = append(d.Dead, letter.Undelivered{To: o.To, Subject: o.Subject, Reason: o.LastError, Uncertain: o.LastError == storage.Uncertain})
		}
		m := d.Render()
		if err := j.outbox.queueReport(ctx, t.Secretary.Email, m.Subject, m.Body); err != nil {
			return err
		}
	}
	j.kick()
	return nil
}

// standings sends the secretary and every participant the crosstable
// (referee.Standings, with the judge's rulings of the desk), each in their
// language.
func (j *jobs) standings(ctx context.Context) error {
	return j.eachTournament(ctx, func(s corr.State) error {
		t, ct, err := j.ref.Standings(ctx, s.Tournament.Cipher, referee.StandingsOptions{})
		if err != nil {
			return err
		}
		to := []corr.Player{{Name: t.Secretary.Name, Email: t.Secretary.Email, Language: t.Secretary.Language}}
		for _, p := range append(to, t.Players...) {
			lang := letter.LangOf(p.Language)
			m := letter.Standings{Envelope: letter.Envelope{Lang: lang, Cipher: t.Cipher, To: p.Name}, Name: t.Name, Table: ct.Text(lang)}.Render()
			if err := j.outbox.queueReport(ctx, p.Email, m.Subject, m.Body); err != nil {
				return err
			}
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

// cronLogger is robfig/cron's logger on slog.
type cronLogger struct{ log *slog.Logger }

func (l cronLogger) Info(msg string, kv ...any) { l.log.Debug("cron: "+msg, kv...) }
func (l cronLogger) Error(err error, msg string, kv ...any) {
	l.log.Error("cron: "+msg, append(kv, "err", err)...)
}
