package adjudication

import (
	"strings"

	"zaochnik/corr"
	"zaochnik/corr/letter"
)

// Referee decides a received letter (text, as obs describes it) over
// tournament state s: the judge's answers go to the desk (rulings,
// adjudications), the organiser's too (decisions on protests against
// rulings, 6.1.12), a player's evaluation of a game awaiting adjudication
// too (6.5.2); everything else to the referee (corr.Apply), whose outcome
// the desk then follows (dossiers, records, the letters of protests). It
// returns the new desk and state and what they decided.
func (d Desk) Referee(s corr.State, text string, obs corr.Observation) (Desk, corr.State, corr.Outcome, error) {
	code := obs.Thread
	if ref, ok := letter.ParseGameCode(obs.Subject); ok && code == "" && ref.White != 0 {
		code = corr.GameCode(s.Tournament.Cipher, corr.Pairing{White: ref.White, Black: ref.Black})
	}
	p, player := s.Tournament.PlayerByEmail(obs.From)
	switch {
	case !player && strings.EqualFold(obs.From, s.Tournament.Judge.Email):
		return d.JudgeAnswer(s, code, text, obs.Postmark)
	case !player && d.IsOrganiser(obs.From):
		return d.OrganiserAnswer(s, code, text, obs.Postmark)
	}
	l := s.Read(text, obs)
	if game, ok := d.Awaits(s, p.Number, code); player && ok && evaluationLetter(l, text) {
		d, out, err := d.Submit(s, game, p.Number, text, obs.Postmark)
		return d, s, out, err
	}
	next, out := corr.Apply(s, l, obs)
	d, out = d.Follow(next, p.Number, out)
	return d, next, out, nil
}

// IsOrganiser reports whether addr is the organiser the desk names, who
// decides protests against the judge's rulings (6.1.12).
func (d Desk) IsOrganiser(addr string) bool {
	return d.Organiser.Email != "" && strings.EqualFold(addr, d.Organiser.Email)
}

// evaluationLetter reports whether a player's letter about a game awaiting
// adjudication is for the judge: it gives an evaluation, or it is neither a
// move (refused by the referee: play is over, 6.3.2) nor a resignation, a
// draw or a protest, which the referee handles.
func evaluationLetter(l letter.Letter, text string) bool {
	if _, err := ParseSubmission(text); err == nil {
		return true
	}
	return len(l.Moves) == 0 && !l.Resign && l.Draw == "" && l.Protest == ""
}
