package main

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/robfig/cron/v3"

	"zaochnik/adjudication"
	"zaochnik/corr"
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
		var b strings.Builder
		applied := 0
		var notApplied []string
		for _, l := range letters {
			if l.Postmark.Before(since) || !plays(t, l.From) {
				continue
			}
			if l.Disposition == storage.Processed {
				applied++
			} else {
				notApplied = append(notApplied, fmt.Sprintf("  %s  %s  %s: %s", l.Postmark.In(t.Location()).Format("02.01.2006"), l.From, l.Disposition, l.Reason))
			}
		}
		fmt.Fprintf(&b, "Сводка турнира %s за неделю по %s.\n\nПринято писем: %d. Не принято: %d.\n",
			t.Cipher, timecontrol.DateOf(now.In(t.Location())).Russian(), applied, len(notApplied))
		for _, l := range notApplied {
			b.WriteString(l + "\n")
		}
		n := 0
		for _, c := range claims {
			if c.Cipher == t.Cipher {
				if n == 0 {
					b.WriteString("\nЗаявления о просрочке ждут решения судьи (6.3.6-6.3.7):\n")
				}
				n++
				fmt.Fprintf(&b, "  №%d  партия %s, подано %s, против участника %d\n", c.ID, c.Game, c.Filed, c.Against)
			}
		}
		for _, o := range out {
			if o.Dead && gameOf(o, t) {
				fmt.Fprintf(&b, "\nНе доставлено: %s, «%s»: %s\n", o.To, o.Subject, o.LastError)
			}
		}
		return j.outbox.queueReport(ctx, t.Secretary.Email, "["+t.Cipher+"] Сводка / Weekly digest", b.String())
	})
}

// standings sends the secretary and every participant the crosstable,
// with the judge's rulings of the desk, each in their language.
func (j *jobs) standings(ctx context.Context) error {
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
