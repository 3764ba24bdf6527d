package corr

import (
	"fmt"
	"strings"

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
	g, v := a.g, a.s.Tournament.DraughtsVariant()
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
	a.refusal = &letter.Refusal{Reason: letter.RefuseRepetition, Written: written, Expected: a.lettered(len(g.Plies)-len(required), len(g.Plies))}
	if len(written) < len(required) {
		if len(written) == 0 {
			a.stop("repetition", "6.2.9",
				fmt.Sprintf("нет повторения новых ходов партнёра; повторите их: %s", wantText()),
				fmt.Sprintf("your opponent's new moves are not repeated; repeat them: %s", wantText()))
		} else {
			a.stop("repetition", "6.2.9",
				fmt.Sprintf("повторены не все новые ходы партнёра: нужно %s", wantText()),
				fmt.Sprintf("not all of your opponent's new moves are repeated: they are %s", wantText()))
		}
		return false
	}
	if len(written) > len(want) {
		a.problem("repetition-extra", "6.2.9", tr(a.lang(), "повторено больше ходов, чем сделал партнёр; лишние не учтены",
			"more moves are repeated than your opponent made; the extra ones are ignored"))
		written = written[len(written)-len(want):]
	}
	rec := g.Record(v)
	start := len(g.Plies) - len(written)
	a.refusal.Expected = a.lettered(start, len(g.Plies))
	for i, w := range written {
		ply := g.Plies[start+i]
		pos, _ := rec.Position(start + i)
		m, err := pos.Resolve(w.Text)
		if err != nil || m != ply.Move {
			a.stop("repetition", "6.2.9",
				fmt.Sprintf("ход партнёра повторён неверно: написано %s, а сделан %s; повторите: %s", w.Text, ply.Text, wantText()),
				fmt.Sprintf("your opponent's move is repeated wrongly: you wrote %s, the move was %s; repeat: %s", w.Text, ply.Text, wantText()))
			return false
		}
	}
	a.refusal = nil
	return true
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
func (a *applier) stop(kind, clause, ru, en string) {
	g := a.g
	side := a.side
	g.Stopped = &side
	g.Sent = nil // a stop for an impossible move asks for another move (6.2.10)
	g.Charged[side] = append(g.Charged[side], a.obs.MessageID)
	// The ledger says what for (6.2.11), without what the sender is asked
	// to resend: the text up to the first "; ".
	whyRu, _, _ := strings.Cut(ru, "; ")
	whyEn, _, _ := strings.Cut(en, "; ")
	reason := tr(a.lang(), whyRu, whyEn)
	g.Penalties = append(g.Penalties, timecontrol.Penalty{Player: colour(side), Days: PenaltyDays, Date: a.obs.Postmark, Clause: "6.2.11", Reason: whyRu, ReasonEn: whyEn})
	a.event("penalty", "6.2.11", fmt.Sprintf("%d days to %s: %s", PenaltyDays, side, reason))
	if a.refusal != nil {
		a.refusal.PenaltyDays = PenaltyDays
	}
	a.refuse(kind, clause,
		ru+fmt.Sprintf("; игра остановлена до исправления, вам начислено %d штрафных дней (п. 6.2.11)", PenaltyDays),
		en+fmt.Sprintf("; the game stops until you correct it, and you are charged %d penalty days (clause 6.2.11)", PenaltyDays))
}
