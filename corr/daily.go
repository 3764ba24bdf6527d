package corr

import (
	"fmt"
	"slices"
	"strings"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/corr/swiss"
	"zaochnik/timecontrol"
)

// ReminderDays are how many days before a silent player's overstep date
// the server reminds them (6.3.4).
var ReminderDays = [...]int{10, 3}

// InquiryDays is the wait for a missing first move before the inquiry of
// 6.3.4 (30 days after the start of the tournament).
const InquiryDays = 30

// Daily runs the checks of one day of play, on the day given (the injected
// clock): the claims' ten-day windows (claimDays), the end of play (6.3.2,
// 6.5.2), the silent overstep claim (claimSilence), reminders before it
// (6.3.4) and the 30-day inquiry for a missing first move (6.3.4). Running
// it twice for a day does nothing more; days skipped (the server was down)
// are made up once, not day by day.
//
// held lists the addresses with a letter waiting for its sender's
// confirmation: no silent overstep is claimed against them meanwhile,
// since the held letter, once confirmed, counts from its arrival (6.3.1).
func Daily(s State, day timecontrol.Date, held ...string) (State, Outcome) {
	s = s.clone()
	out := Outcome{Accepted: true}
	if s.Started.IsZero() || (!s.Checked.IsZero() && !day.After(s.Checked)) {
		return s, out
	}
	s.Checked = day
	for i := range s.Games {
		g := s.Games[i]
		claimDays(g, day, &out)
		if g.Status != Playing {
			continue
		}
		start, end := g.Dates(s.Tournament)
		if !day.Before(end) {
			s.endOfPlay(g, day, &out)
			continue
		}
		led, err := s.Ledger(*g)
		if err != nil {
			out.Events = append(out.Events, Event{Game: g.Code, Date: day, Kind: "ledger-error", Clause: "6.3.6", Detail: err.Error()})
			continue
		}
		om := led.OnMove
		side := draughts.White
		if om.Player == timecontrol.Black {
			side = draughts.Black
		}
		if g.Stopped != nil && *g.Stopped != side {
			continue
		}
		if len(g.Plies) == 0 && !g.Inquired && !day.Before(start.AddDays(InquiryDays)) {
			g.Inquired = true
			s.inquiry(g, day, &out)
		}
		if om.Stopped || om.OverstepDate.IsZero() {
			continue
		}
		if !day.Before(om.OverstepDate) {
			p, _ := s.Tournament.Player(g.Number(side))
			s.claimSilence(g, side, led, day, slices.ContainsFunc(held, func(a string) bool { return strings.EqualFold(a, p.Email) }), &out)
			continue
		}
		for _, before := range ReminderDays {
			// Once per reminder day, and once only if days were missed
			// (the daemon was down): the latest due reminder is sent.
			due := om.OverstepDate.AddDays(-before)
			if !day.Before(due) && g.Reminded.Before(due) {
				g.Reminded = day
				n := g.Number(side)
				out.Out = append(out.Out, s.rendered(n, g, "reminder", letter.Reminder{Envelope: s.envelope(n, g),
					Used: led.RunningTotal(day), Limit: om.Limit, Deadline: om.OverstepDate.AddDays(-1)}.Render()))
				out.Events = append(out.Events, Event{Game: g.Code, Date: day, Kind: "reminder", Clause: "6.3.4", Detail: fmt.Sprintf("overstep on %s", om.OverstepDate)})
			}
		}
	}
	return s, out
}

// inquiry is the 30-day inquiry for a missing first move (6.3.4): to White,
// with copies to Black and the secretary.
func (s *State) inquiry(g *Game, day timecontrol.Date, out *Outcome) {
	out.Events = append(out.Events, Event{Game: g.Code, Date: day, Kind: "inquiry", Clause: "6.3.4", Detail: "no first move"})
	out.Out = append(out.Out,
		s.rendered(g.White, g, "inquiry", letter.Reminder{Envelope: s.envelope(g.White, g), FirstMove: true}.Render()),
		s.rendered(g.Black, g, "inquiry", letter.InquiryCopy{Envelope: s.envelope(g.Black, g)}.Render()),
		s.rendered(0, g, "inquiry", letter.InquiryCopy{Envelope: s.envelope(0, g), Official: true}.Render()))
}

// endOfPlay marks a game unfinished at the end of play and asks both
// players for the record, the final position and their analysis within 10
// days (6.5.2).
func (s *State) endOfPlay(g *Game, day timecontrol.Date, out *Outcome) {
	if err := g.transition(Unfinished); err != nil {
		return
	}
	g.Variants = nil
	out.Events = append(out.Events, Event{Game: g.Code, Date: day, Kind: "unfinished", Clause: "6.5.2", Detail: "end of play"})
	due := day.AddDays(10)
	_, end := g.Dates(s.Tournament)
	e := letter.EndOfPlay{End: end, Due: due, Judge: s.Tournament.Judge.Email, Record: moveList(g, 0)}
	for _, n := range []int{g.White, g.Black} {
		e.Envelope = s.envelope(n, g)
		out.Out = append(out.Out, s.rendered(n, g, "end-of-play", e.Render()))
	}
	e.Envelope, e.Official = s.officialEnvelope(s.Tournament.Judge, g), true
	out.Out = append(out.Out, s.official(s.Tournament.Judge, g, "end-of-play", e.Render()))
}

// Start sends the start lists (6.3.2): every player gets their games,
// colours, opponents and the dates; the secretary gets the whole list. A
// start list sent after the start date moves each player's start to the
// next day (6.3.2). It fails when the tournament has started already.
func Start(s State, day timecontrol.Date) (State, Outcome, error) {
	if !s.Started.IsZero() {
		return s, Outcome{}, fmt.Errorf("corr: tournament %s was started on %s", s.Tournament.Cipher, s.Started)
	}
	s = s.clone()
	t := s.Tournament
	s.Started = day
	out := Outcome{Accepted: true}
	if len(s.Games) == 0 {
		for _, p := range t.Games {
			g := NewGame(t, p)
			s.Games = append(s.Games, &g)
		}
	}
	for i := range s.Games {
		g := s.Games[i]
		if day.After(t.Start) {
			g.StartListReceived = [2]timecontrol.Date{day, day}
		}
		g.Replies = []timecontrol.Reply{{Player: timecontrol.White, Received: t.Start}}
	}
	sl := letter.StartList{Name: t.Name, Start: t.Start, End: t.End, Days: t.Days, Moves: t.Moves}
	bye := 0
	if t.Swiss != nil { // round 1 ends after round_days; its bye is drawn again, as the file's games were
		sl.End, sl.Round = RoundEnd(t, t.Start), 1
		if r, err := swiss.Draw(t.Entrants(), swiss.History{}, t.Swiss.Config); err == nil && r.Bye != 0 {
			bye = r.Bye
			s.Byes = append(s.Byes, swiss.Bye{Round: 1, Player: bye})
		}
	}
	for _, p := range t.Players {
		sl.Players = append(sl.Players, letter.StartPlayer{Number: p.Number, Name: p.Name})
	}
	// games lists the games of player n, every game for the secretary (0).
	games := func(n int) []letter.StartGame {
		var gs []letter.StartGame
		for _, g := range s.Games {
			if _, in := g.SideOf(n); n != 0 && !in {
				continue
			}
			w, _ := t.Player(g.White)
			b, _ := t.Player(g.Black)
			gs = append(gs, letter.StartGame{White: g.White, Black: g.Black, WhiteName: w.Name, BlackName: b.Name})
		}
		return gs
	}
	for _, p := range t.Players {
		sl.Envelope, sl.Games, sl.Bye = s.envelope(p.Number, nil), games(p.Number), p.Number == bye
		sl.Variant = t.Variant.Name(sl.Envelope.Lang)
		out.Out = append(out.Out, s.rendered(p.Number, nil, "start-list", sl.Render()))
	}
	sl.Envelope, sl.Games, sl.Official, sl.Bye = s.envelope(0, nil), games(0), true, false
	sl.Variant = t.Variant.Name(sl.Envelope.Lang)
	out.Out = append(out.Out, s.rendered(0, nil, "start-list", sl.Render()))
	out.Events = append(out.Events, Event{Date: day, Kind: "started", Clause: "6.3.2", Detail: fmt.Sprintf("%d games", len(s.Games))})
	return s, out, nil
}
