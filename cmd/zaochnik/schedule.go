package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/robfig/cron/v3"

	"zaochnik/referee"
)

// jobs are the daemon's scheduled work. They read the time only through
// now, so a test or the demo's virtual clock decides what "today" is; cron
// only decides when they run.
type jobs struct {
	ref   *referee.Referee
	store *storeHealth // notes the store's answers for /healthz; nil notes nothing
	now   func() time.Time
	kick  func()
	log   *slog.Logger
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

// digest queues each secretary the week's digest (referee.SendDigest),
// then wakes the sender. A failure is the store's, told to /healthz.
func (j *jobs) digest(ctx context.Context) error {
	if _, err := j.ref.SendDigest(ctx, j.now()); j.store.note(err) != nil {
		return err
	}
	j.kick()
	return nil
}

// standings queues the crosstable to each secretary and participant
// (referee.SendStandings), then wakes the sender. A failure is the
// store's, told to /healthz.
func (j *jobs) standings(ctx context.Context) error {
	if _, err := j.ref.SendStandings(ctx); j.store.note(err) != nil {
		return err
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
