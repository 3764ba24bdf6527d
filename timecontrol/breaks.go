package timecontrol

import (
	"cmp"
	"slices"
)

// MaxBreakDays is the longest break a player may take without the judge (6.4.1).
const MaxBreakDays = 30

// BreakVerdict is the judgement on one announced break under 6.4.1 and 6.4.5.
type BreakVerdict struct {
	Break Break
	// Valid is true for the player's one break of the calendar year of at
	// most 30 days, and for every break granted by the judge.
	Valid bool
	// From and To are the days that count as break days before the
	// announcement date of 6.4.2 is applied: the whole break when valid,
	// its first 30 days when only the length is wrong, zero when none count.
	From, To Date
	// GameFrom and GameTo are the days that count in the ledger's game once
	// the announcement (6.4.2) is applied; zero when none. Only Compute
	// sets them: ValidateBreaks judges across games.
	GameFrom, GameTo Date
	// Notes give the reasons, each with its clause.
	Notes []Note
}

// Counts reports whether any day of the break counts.
func (v BreakVerdict) Counts() bool { return !v.From.IsZero() }

// ValidateBreaks judges a player's breaks across all their games under
// 6.4.1: one break per calendar year (the year of its first day), at most
// 30 days, with the same dates in every game. The year's break is the one
// that starts first; the same dates in another game are the same break. A
// break granted by the judge (6.4.5) is always valid and does not use up the
// year's break. Breaks of both colours may be mixed: each player is judged
// on their own. The verdicts are in the order of bs.
func ValidateBreaks(bs []Break) []BreakVerdict {
	vs := make([]BreakVerdict, len(bs))
	// first[player][year] is the index of the year's break.
	first := [2]map[int]int{{}, {}}
	order := make([]int, len(bs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(bs[x].From.n, bs[y].From.n) })
	for _, i := range order {
		b := bs[i]
		v := BreakVerdict{Break: b}
		switch {
		case b.Granted:
			v.Valid, v.From, v.To = true, b.From, b.To
			v.Notes = append(v.Notes, Note{Kind: NoteBreakGranted, Clause: "6.4.5", Player: b.Player})
		case !b.Player.valid() || b.From.IsZero() || b.To.Before(b.From):
			// Validate reports these; nothing counts.
		default:
			year := b.From.Year()
			fi, seen := first[b.Player][year]
			if !seen {
				first[b.Player][year] = i
				fi = i
			}
			f := bs[fi]
			switch {
			case f.From != b.From || f.To != b.To:
				if f.Game == b.Game {
					v.Notes = append(v.Notes, Note{Kind: NoteBreakSecondInYear, Clause: "6.4.1", Player: b.Player, N: year, A: f.From, B: f.To})
				} else {
					v.Notes = append(v.Notes, Note{Kind: NoteBreakDatesDiffer, Clause: "6.4.1", Player: b.Player, A: f.From, B: f.To, Text: f.Game})
				}
			case b.Days() > MaxBreakDays:
				v.From, v.To = b.From, b.From.AddDays(MaxBreakDays-1)
				v.Notes = append(v.Notes, Note{Kind: NoteBreakTooLong, Clause: "6.4.1", Player: b.Player, Days: b.Days(), A: v.From, B: v.To})
			default:
				v.Valid, v.From, v.To = true, b.From, b.To
			}
		}
		vs[i] = v
	}
	return vs
}

// span is a run of days, both ends included.
type span struct{ from, to Date }

// inGame returns the days of v that count in the game the break was
// announced to: from the announcement when it came late, none when the
// opponent was never told (6.4.2), all of them when the judge granted it
// (6.4.5). It records them in GameFrom and GameTo and appends the reasons
// to v.Notes.
func (v *BreakVerdict) inGame() (span, bool) {
	if !v.Counts() {
		return span{}, false
	}
	s := span{v.From, v.To}
	if v.Break.Granted {
		v.GameFrom, v.GameTo = s.from, s.to
		return s, true
	}
	a := v.Break.Announced
	if a.IsZero() {
		v.Notes = append(v.Notes, Note{Kind: NoteBreakNotAnnounced, Clause: "6.4.2", Player: v.Break.Player})
		return span{}, false
	}
	if a.After(s.from) {
		v.Notes = append(v.Notes, Note{Kind: NoteBreakLate, Clause: "6.4.2", Player: v.Break.Player, A: a})
		s.from = a
	}
	if s.to.Before(s.from) {
		return span{}, false
	}
	v.GameFrom, v.GameTo = s.from, s.to
	return s, true
}
