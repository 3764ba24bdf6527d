package adjudication

import (
	"strings"

	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// route is the way a letter goes through the desk and the referee. It is
// chosen once, from the letter and its case, before anything is decided;
// Decide then makes the one call of that route, which takes what it needs
// as values and goes down into corr without coming back.
type route int

// The routes of a letter.
const (
	// viaStale, viaDrop, viaConfirm: the sender's answer to a held
	// letter's confirmation request when no held letter waits for it any
	// more, when it declines the held letter (corr.Declines), and when it
	// confirms it.
	viaStale route = iota
	viaDrop
	viaConfirm
	// viaIgnore: kept unanswered, for way.why.
	viaIgnore
	// viaHold: not authenticated, held for way.why and its sender asked.
	viaHold
	// viaJudge: the judge's answer (Desk.JudgeAnswer).
	viaJudge
	// viaOrganiser: the organiser's decision on a protest against a
	// ruling (Desk.OrganiserAnswer, 6.1.12).
	viaOrganiser
	// viaEvaluation: a player's evaluation of a game awaiting
	// adjudication (Desk.Submit, 6.5.2).
	viaEvaluation
	// viaReferee: everything else, applied by the referee (corr.Apply)
	// and followed by the desk (Desk.Follow).
	viaReferee
)

// way is the route chosen for a letter and what its call takes.
type way struct {
	route route
	// cipher is the tournament the letter is filed under: the case's,
	// none for a letter without a sender.
	cipher string
	why    letter.Reason // viaIgnore, viaHold
	// code is the game the letter names by its thread or its subject, ""
	// for none; awaited the game awaiting the player's evaluation.
	code      string
	awaited   corr.Game
	from      int              // the sender's start number, 0 when no player
	read      letter.Letter    // viaReferee: the letter as the referee reads it
	obs       corr.Observation // viaReferee: how it came
	answer    Answer           // viaJudge, viaOrganiser: the letter read as an answer
	submitted Submitted        // viaEvaluation: the letter read as an evaluation
	// day is the letter's postmark, the day the desk's routes act on.
	day timecontrol.Date
}

// wayOf chooses letter l's route by its case c, and gathers what the
// route's call takes, so that the call takes values and never l. The
// facts come first, the desk's (deskFacts: who the sender is in the
// tournament and the letter's text read for the desk, once), then the
// referee's (the game the letter names, the letter read: corr), and the
// route is chosen from them, in order: an answer to a confirmation request
// (stale, declining, confirming); a letter without a sender or a
// tournament; a stranger, kept unanswered unless the secretary put it
// before the referee herself (corr.AuthDesk) or it is the desk's organiser
// vouched for by a reply key, DMARC or DKIM (6.2.3, 6.1.12); an
// unauthenticated letter, held; then by who wrote it and what: the judge,
// the organiser, a player's evaluation of his only game awaiting
// adjudication, or of the one the letter names (6.5.2), else the referee.
func wayOf(c Case, l Letter) way {
	desk := c.Desk.factsOf(c.State, l)
	switch {
	case c.Confirms != nil && !c.Confirms.Waiting:
		return way{route: viaStale}
	case c.Confirms != nil && corr.Declines(l.Text):
		return way{route: viaDrop}
	case c.Confirms != nil:
		return way{route: viaConfirm}
	case strings.TrimSpace(l.From) == "":
		// Kept for the secretary and answered to nobody: an answer to "" is a dead letter.
		return way{route: viaIgnore, why: letter.Because(letter.ReasonNoSender)}
	case c.Cipher == "":
		return way{route: viaIgnore, why: letter.Because(letter.ReasonNoTournament)}
	}
	t := c.State.Tournament
	w := way{cipher: c.Cipher, code: l.Thread, day: l.Postmark}
	p, player := desk.sender, desk.player
	role := corr.RolePlayer // what RoleOf says of a player, without looking him up again
	if !player {
		role = t.RoleOf(l.From)
	}
	organiser := !player && desk.organiser
	if role == corr.Stranger && l.Auth.Method != corr.AuthDesk {
		m := l.Auth.Method
		switch {
		case !organiser:
			w.route, w.why = viaIgnore, letter.Because(letter.ReasonStranger, l.From, c.Cipher)
			return w
		case m != corr.AuthKey && m != corr.AuthDMARC && m != corr.AuthDKIM:
			w.route, w.why = viaIgnore, letter.Because(letter.ReasonOrganiser, l.From, c.Cipher)
			return w
		}
	}
	if !l.Auth.Authenticated() {
		_, w.why = corr.Trusted(t, l.From, l.Auth, corr.Outcome{})
		w.route = viaHold
		return w
	}
	if (role == corr.RoleJudge || organiser || len(desk.awaiting) > 0) && w.code == "" {
		// The game the subject names, for the routes that read it: a
		// player's move letter is read whole by the referee.
		if ref, ok := letter.ParseGameCode(l.Subject); ok && ref.White != 0 {
			w.code = corr.GameCode(t.Cipher, corr.Pairing{White: ref.White, Black: ref.Black})
		}
	}
	switch {
	case role == corr.RoleJudge:
		// Read as an answer here, where the route is chosen by the same
		// test (RoleOf), once.
		w.route, w.answer = viaJudge, ReadAnswer(l.Text)
		return w
	case organiser:
		w.route, w.answer = viaOrganiser, ReadAnswer(l.Text)
		return w
	}
	w.from = p.Number
	w.obs = corr.Observation{From: l.From, Postmark: l.Postmark, Posted: l.Posted, MessageID: l.MessageID, Subject: l.Subject, Thread: l.Thread, Forwarded: l.Forwarded}
	w.read = c.State.ReadAhead(l.Ahead, l.Text, w.obs)
	var games []corr.Game // the sender's games awaiting his evaluation that the letter may be about
	for _, g := range desk.awaiting {
		if w.code == "" || w.code == g.Code {
			games = append(games, g)
		}
	}
	// A letter for the judge gives an evaluation, or is neither a move
	// (refused by the referee: play is over, 6.3.2) nor a resignation, a
	// draw or a protest, which the referee handles.
	r := w.read
	if player && len(games) == 1 && (desk.evaluates || len(r.Moves) == 0 && !r.Resign && r.Draw == "" && r.Protest == "") {
		w.route, w.awaited, w.submitted = viaEvaluation, games[0], desk.submitted
		return w
	}
	w.route = viaReferee
	return w
}

// deskFacts is what the desk knows of a letter before the referee reads
// it: its text is read here, once, for the desk's routes that take it.
type deskFacts struct {
	organiser bool // its sender is the desk's organiser (IsOrganiser)
	// sender is the letter's sender as a player of the tournament (player:
	// he is one); awaiting his games waiting for the players' evaluations
	// (6.5.2): not ruled yet.
	sender   corr.Player
	player   bool
	awaiting []corr.Game
	// submitted is the letter read as an evaluation, only when a game of
	// its sender waits for one; evaluates says it gives one.
	submitted Submitted
	evaluates bool
}

// factsOf is what desk d knows of letter l in the tournament of state s.
func (d Desk) factsOf(s corr.State, l Letter) deskFacts {
	f := deskFacts{organiser: d.IsOrganiser(l.From)}
	f.sender, f.player = s.Tournament.PlayerByEmail(l.From)
	if !f.player {
		return f
	}
	for _, a := range d.Adjournments {
		if n := f.sender.Number; !a.Ruled.IsZero() || a.WhitePlayer != n && a.BlackPlayer != n {
			continue // a game ruled awaits no evaluation: it is not looked up
		}
		if g, ok := s.Game(a.Game); ok && a.awaits(g) {
			f.awaiting = append(f.awaiting, g)
		}
	}
	if len(f.awaiting) > 0 {
		f.submitted = ReadSubmission(l.Text)
		f.evaluates = f.submitted.Err == nil
	}
	return f
}

// IsOrganiser reports whether addr is the organiser the desk names, who
// decides protests against the judge's rulings (6.1.12).
func (d Desk) IsOrganiser(addr string) bool {
	return d.Organiser.Email != "" && strings.EqualFold(addr, d.Organiser.Email)
}
