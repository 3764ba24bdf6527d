package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/mailbox"
	"zaochnik/mailbox/localmail"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// simulation plays the sample tournament's players by mail on the virtual
// clock: each answers its games a day or two after the opponent's move
// with a random legal move (seeded, so every run plays the same games).
// Player 2 takes a break early on, player 3 sends one impossible move
// (6.2.10: 6 penalty days), player 4 makes its first move in each game and
// then falls silent (reminders, then a silent overstep claim, 6.3.5-6.3.6).
//
// A player knows it must answer when the store says so; what it writes is
// an ordinary letter sent over SMTP to the tournament address.
type simulation struct {
	t     corr.Tournament
	db    *storage.DB
	mail  *localmail.Server
	clock *virtualClock
	speed time.Duration
	out   io.Writer
	rng   *rand.Rand

	server    string
	letters   int
	plans     map[string]*plan // by game code
	breakSent bool
	blundered bool
	claims    map[string]bool // claims already told, by game and number
	penalties map[string]int  // penalty days already told, by game
}

// plan is a player's pending answer in one game.
type plan struct {
	plies    int              // the game's length when noticed
	noticed  timecontrol.Date // the day the opponent's move arrived
	answerOn timecontrol.Date
	sent     bool // the letter is sent (and, by the next step, decided)
}

// The roles of the sample tournament's start numbers.
const (
	breaker   = 2
	blunderer = 3
	silent    = 4
)

func newSimulation(t corr.Tournament, db *storage.DB, mail *localmail.Server, clock *virtualClock, speed time.Duration, out io.Writer) *simulation {
	return &simulation{t: t, db: db, mail: mail, clock: clock, speed: speed, out: out, rng: rand.New(rand.NewPCG(2026, 6)),
		server: "turnir@zaochnik.test", plans: map[string]*plan{}, claims: map[string]bool{}, penalties: map[string]int{}}
}

// run plays day after day until ctx is done or, when days is not 0, to
// the end of virtual day days. On each day the players answer what they
// must, the simulation waits until the store has decided their letters and
// answers what those changed, and only then lets the clock go on to the
// next day, after daily has run the referee's checks of the day (reminders,
// claims, held letters): the games come out the same on a fast machine and
// a loaded one.
func (s *simulation) run(ctx context.Context, daily func(context.Context) error, days int) error {
	tick := time.NewTicker(max(s.speed/8, 5*time.Millisecond))
	defer tick.Stop()
	for {
		today, err := s.playDay(ctx)
		if err != nil {
			return err
		}
		if err := daily(ctx); err != nil {
			return fmt.Errorf("the daily checks of %s: %w", today.Russian(), err)
		}
		if days > 0 && today.Sub(s.t.Start)+1 >= days {
			return nil
		}
		s.clock.release(today.AddDays(1))
		for !s.today().After(today) {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-tick.C:
			}
		}
	}
}

// maxRounds bounds the rounds of letters on one day (a letter refused may
// be answered again the same day).
const maxRounds = 8

// playDay plays today until the players have nothing more to do, each
// round's letters decided by the store before the next round.
func (s *simulation) playDay(ctx context.Context) (timecontrol.Date, error) {
	today := s.today()
	for range maxRounds {
		sent, err := s.step(ctx, today)
		if err != nil || len(sent) == 0 {
			return today, err
		}
		if err := s.await(ctx, sent); err != nil {
			return today, err
		}
	}
	return today, nil
}

// awaitBound is how long, in real time, the simulation waits for the
// daemon to read and decide one round of letters: far more than it takes
// even on a loaded machine.
const awaitBound = time.Minute

// await waits until the store has decided the letters ids (applied,
// refused or held), or fails after awaitBound.
func (s *simulation) await(ctx context.Context, ids []string) error {
	deadline := time.Now().Add(awaitBound)
	for _, id := range ids {
		for {
			l, err := s.db.LetterByMessageID(ctx, id)
			if err == nil && l.Disposition != storage.Pending {
				break
			}
			if err != nil && !errors.Is(err, storage.ErrNotFound) {
				return err
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("the daemon did not decide the simulated letter <%s> within %v of real time; "+
					"the virtual day cannot end without it (is the machine overloaded? run with -v to see the daemon's log)", id, awaitBound)
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(5 * time.Millisecond):
			}
		}
	}
	return nil
}

func (s *simulation) today() timecontrol.Date {
	return timecontrol.DateOf(s.clock.Now().In(s.t.Location()))
}

// step does what each player has to do today and returns the Message-IDs
// of the letters sent.
func (s *simulation) step(ctx context.Context, today timecontrol.Date) ([]string, error) {
	st, err := s.db.State(ctx, s.t.Cipher)
	if err != nil {
		return nil, err
	}
	day := today.Sub(s.t.Start) + 1
	var sent []string
	s.report(st, day)
	if !s.breakSent && day >= 2 {
		s.breakSent = true
		from, to := today.AddDays(3), today.AddDays(9)
		for _, g := range st.Games {
			if g.White == breaker || g.Black == breaker {
				s.say(day, "%s announces a break from %s to %s (6.4)", s.name(breaker), from.Russian(), to.Russian())
				id, err := s.send(breaker, fmt.Sprintf("%s %d-%d\nI take a break from %s to %s.\n", s.t.Cipher, g.White, g.Black,
					from.Russian(), to.Russian()))
				if err != nil {
					return sent, err
				}
				sent = append(sent, id)
				break
			}
		}
	}
	for _, g := range st.Games {
		if g.Status != corr.Playing {
			continue
		}
		side := g.ToMove()
		num := g.Number(side)
		if num == silent && len(g.Plies) >= 2 {
			continue
		}
		p := s.plans[g.Code]
		if p == nil || p.plies != len(g.Plies) || p.sent {
			// A new move to answer, or the last letter was decided without
			// the game moving on (refused): answer again in a day or two.
			noticed := today
			if p != nil && p.plies == len(g.Plies) {
				noticed = p.noticed
			}
			p = &plan{plies: len(g.Plies), noticed: noticed, answerOn: today.AddDays(s.rng.IntN(3))}
			s.plans[g.Code] = p
		}
		if today.Before(p.answerOn) {
			continue
		}
		text, ok := s.letter(st, *g, side, p, today, day)
		if !ok {
			continue
		}
		id, err := s.send(num, text)
		if err != nil {
			return sent, err
		}
		sent = append(sent, id)
		p.sent = true
	}
	return sent, nil
}

// letter writes the move letter of side in game g, the move chosen at
// random; player 3's first letter after the first day names an impossible
// move instead (the reverse of a legal one: its origin square is empty).
func (s *simulation) letter(st corr.State, g corr.Game, side draughts.Color, p *plan, today timecontrol.Date, day int) (string, bool) {
	pos := g.Position(st.Tournament.DraughtsVariant())
	moves := pos.LegalMoves(nil)
	if len(moves) == 0 {
		return "", false
	}
	m := moves[s.rng.IntN(len(moves))]
	move := pos.Notation(m)
	num := g.Number(side)
	if num == blunderer && !s.blundered && day >= 2 && !m.IsCapture() {
		if a, b, ok := strings.Cut(move, "-"); ok {
			s.blundered = true
			move = b + "-" + a
			s.say(day, "%s writes the impossible move %s in game %d-%d (6.2.10)", s.name(num), move, g.White, g.Black)
		}
	}
	en := num == breaker
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d-%d\n", s.t.Cipher, g.White, g.Black)
	if known := g.Known[side]; known < len(g.Plies) {
		var rep []string
		for i := known; i < len(g.Plies); i++ {
			rep = append(rep, numbered(i, g.Plies[i].Text))
		}
		fmt.Fprintf(&b, "%s %s\n", pick(en, "Your move:", "Ваш ход:"), strings.Join(rep, " "))
	}
	fmt.Fprintf(&b, "%s %s\n", pick(en, "My move:", "Мой ход:"), numbered(len(g.Plies), move))
	received := p.noticed
	if len(g.Plies) == 0 {
		received = st.Tournament.Start
	}
	fmt.Fprintf(&b, "%s / %s / %s\n", received.Russian(), received.Russian(), today.Russian())
	var totals [2]int
	if l, err := st.Ledger(g); err == nil {
		totals = [2]int{l.Totals[0].Total, l.Totals[1].Total}
	}
	if len(g.Plies) > 0 {
		totals[side] += today.Sub(received)
	}
	fmt.Fprintf(&b, "%s %d/%d\n%s\n", pick(en, "Time:", "Время:"), totals[draughts.White], totals[draughts.Black], s.name(num))
	return b.String(), true
}

// numbered writes ply i of a game with its move number ("3.c3-d4", "3...f6-g5").
func numbered(i int, text string) string {
	if i%2 == 0 {
		return fmt.Sprintf("%d.%s", i/2+1, text)
	}
	return fmt.Sprintf("%d...%s", i/2+1, text)
}

func pick(en bool, english, russian string) string {
	if en {
		return english
	}
	return russian
}

// send mails text from player num to the tournament over SMTP and
// returns its Message-ID.
func (s *simulation) send(num int, text string) (string, error) {
	p, _ := s.t.Player(num)
	s.letters++
	id := fmt.Sprintf("sim.%d@zaochnik.test", s.letters)
	// Logged in as himself, as a player's provider requires: the embedded
	// server then vouches for the From address (Authentication-Results).
	return id, mailAs(s.mail.SMTPAddr, p.Email, p.Email, mailbox.Outgoing{From: mailbox.Address{Name: p.Name, Addr: p.Email},
		To: []mailbox.Address{{Addr: s.server}}, Subject: s.t.Cipher, Text: text, Date: s.clock.Now(), MessageID: id, AutoSubmitted: "no"})
}

// mailAs sends o over SMTP at addr from the envelope sender from, logged
// in as login ("": without logging in, as anybody may send to an MX).
func mailAs(addr, login, from string, o mailbox.Outgoing) error {
	raw, err := mailbox.Compose(o)
	if err != nil {
		return err
	}
	c, err := smtp.Dial(addr)
	if err != nil {
		return err
	}
	defer c.Close()
	if login != "" {
		if err := c.Auth(sasl.NewPlainClient("", login, demoPassword)); err != nil {
			return fmt.Errorf("%s logging in: %w", login, err)
		}
	}
	var to []string
	for _, a := range o.To {
		to = append(to, a.Addr)
	}
	if err := c.SendMail(from, to, bytes.NewReader(raw)); err != nil {
		return fmt.Errorf("%s sending a letter: %w", from, err)
	}
	return c.Quit()
}

// report prints the claims and penalties that appeared since the last step.
func (s *simulation) report(st corr.State, day int) {
	for _, g := range st.Games {
		for _, c := range g.Claims {
			key := fmt.Sprintf("%s#%d", g.Code, c.Seq)
			if !s.claims[key] {
				s.claims[key] = true
				// Say the day the claim was filed: the scheduler may have caught
				// up several days since the last step.
				s.say(c.Filed.Sub(s.t.Start)+1, "overstep claim in game %d-%d against %s: %d days for move %d, limit %d (6.3.6)",
					g.White, g.Black, s.name(g.Number(c.Against)), c.Total, c.Move, c.Limit)
			}
		}
		pen := 0
		for _, p := range g.Penalties {
			pen += p.Days
		}
		if pen > s.penalties[g.Code] {
			s.penalties[g.Code] = pen
			s.say(day, "game %d-%d: %d penalty days charged (6.2.11)", g.White, g.Black, pen)
		}
	}
}

func (s *simulation) name(num int) string {
	p, _ := s.t.Player(num)
	return p.Name
}

func (s *simulation) say(day int, format string, args ...any) {
	fmt.Fprintf(s.out, "day %3d  %s\n", day, fmt.Sprintf(format, args...))
}
