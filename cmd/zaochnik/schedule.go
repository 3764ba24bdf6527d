package main

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/robfig/cron/v3"

	"zaochnik/corr"
	"zaochnik/referee"
	"zaochnik/storage"
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
		var b strings.Builder
		fmt.Fprintf(&b, "Сводка турнира %s за неделю по %s.\n\nПринято писем: %d. Не принято: %d.\n",
			t.Cipher, f.Day.Russian(), f.Applied, len(f.NotApplied))
		for _, l := range f.NotApplied {
			fmt.Fprintf(&b, "  %s  %s  %s: %s\n", l.Postmark.In(t.Location()).Format("02.01.2006"), l.From, l.Disposition, l.Reason)
		}
		for n, c := range f.Claims {
			if n == 0 {
				b.WriteString("\nЗаявления о просрочке ждут решения судьи (6.3.6-6.3.7):\n")
			}
			fmt.Fprintf(&b, "  №%d  партия %s, подано %s, против участника %d\n", c.ID, c.Game, c.Filed, c.Against)
		}
		for _, o := range f.Dead {
			fmt.Fprintf(&b, "\nНе доставлено: %s, «%s»: %s\n", o.To, o.Subject, o.LastError)
		}
		if err := j.outbox.queueReport(ctx, t.Secretary.Email, "["+t.Cipher+"] Сводка / Weekly digest", b.String()); err != nil {
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
		to := []corr.Player{{Email: t.Secretary.Email, Language: "ru"}}
		for _, p := range append(to, t.Players...) {
			lang := map[bool]string{true: "en", false: "ru"}[p.Language == "en"]
			if err := j.outbox.queueReport(ctx, p.Email, "["+t.Cipher+"] Турнирная таблица / Standings",
				fmt.Sprintf("%s — %s\n\n%s", t.Cipher, t.Name, ct.Text(lang))); err != nil {
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
