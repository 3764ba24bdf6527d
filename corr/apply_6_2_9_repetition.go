package corr

import (
	"fmt"
	"strings"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// checkRepetition checks the repetition of the opponent's new moves (6.2.9):
// missing or wrong, the letter is refused with the difference, the game
// stops for the correction, and the sender is charged 6 penalty days
// (6.2.11). The accepted part of the sender's own variant may be left out
// (its acceptance is the opponent's move that follows it, 6.2.13); every
// move after it must be repeated.
func (a *applier) checkRepetition() bool {
	g := a.g
	want := g.Plies[g.Known[a.side]:]
	if len(want) == 0 {
		return true
	}
	required := want
	for i := len(want) - 1; i >= 0; i-- {
		if want[i].Variant {
			required = want[i+1:]
			break
		}
	}
	written := a.l.Repeated
	wantText := func() string {
		var ts []string
		for _, p := range required {
			ts = append(ts, p.Text)
		}
		return strings.Join(ts, " ")
	}
	// refusing says, for a refusal, what was written and what was expected
	// from ply start on; a letter that repeats rightly needs neither.
	refusing := func(written []letter.Move, start int) {
		a.refusal = &letter.Refusal{Reason: letter.RefuseRepetition, Written: written, Expected: a.lettered(start, len(g.Plies))}
	}
	if len(written) < len(required) {
		refusing(written, len(g.Plies)-len(required))
		if len(written) == 0 {
			a.stop(letter.RepetitionMissing(wantText()))
		} else {
			a.stop(letter.RepetitionIncomplete(wantText()))
		}
		return false
	}
	if len(written) > len(want) {
		a.note(letter.RepetitionExtra())
		written = written[len(written)-len(want):]
	}
	start := len(g.Plies) - len(written)
	for i, w := range written {
		ply := g.Plies[start+i]
		if writtenAs(w.Text, ply.Text) {
			continue // the ply's own text, which reads back as its move (draughts.Position.Written)
		}
		pos := a.position(start + i)
		m, err := pos.Resolve(w.Text)
		if err != nil || m != ply.Move {
			refusing(a.l.Repeated, start)
			a.stop(letter.RepetitionWrong(w.Text.String(), ply.Text, wantText()))
			return false
		}
	}
	return true
}

// writtenAs reports whether mt is written as text, a ply's move as the
// engine wrote it: told without resolving mt in the position, for every
// move text that writes so (MoveText.String) reads as the same squares.
func writtenAs(mt draughts.MoveText, text string) bool {
	var b [32]byte
	return string(mt.Append(b[:0])) == text
}

// ownRun returns how many of plies, from the first, the sender knows after
// this letter: all up to their last own move. The variant answers they
// played through by moving on are theirs too, so their next letter repeats
// only the opponent's new moves (6.2.3, 6.2.9), never their own.
func (a *applier) ownRun(plies []Ply) int {
	for i := len(plies) - 1; i >= 0; i-- {
		if !plies[i].Variant {
			return i + 1
		}
	}
	return 0
}

// stop refuses a letter that stops the game for a correction (6.2.9,
// 6.2.10): 6 penalty days to the sender, once per letter (6.2.11).
func (a *applier) stop(why letter.Problem) {
	g := a.g
	side := a.side
	g.Stopped = &side
	g.Sent = nil // a stop for an impossible move asks for another move (6.2.10)
	g.Charged[side] = append(g.Charged[side], a.obs.MessageID)
	// The ledger says what for (6.2.11), without what the sender is asked
	// to resend.
	whyRu, whyEn := why.PenaltyReason()
	reason := letter.Problem{Ru: whyRu, En: whyEn}.Message(a.lang())
	g.Penalties = append(g.Penalties, timecontrol.Penalty{Player: colour(side), Days: PenaltyDays, Date: a.obs.Postmark, Clause: "6.2.11", Reason: whyRu, ReasonEn: whyEn})
	a.event("penalty", "6.2.11", fmt.Sprintf("%d days to %s: %s", PenaltyDays, side, reason))
	if a.refusal != nil {
		a.refusal.PenaltyDays = PenaltyDays
	}
	a.refuse(letter.Stopped(why, PenaltyDays))
}
