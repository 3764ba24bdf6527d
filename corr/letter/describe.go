package letter

import (
	"fmt"
	"strings"
)

// Describe writes a letter as read, for a secretary or a test log: one
// item a line, then the problems with their clauses, in the letter's language.
func Describe(l Letter) string {
	var b strings.Builder
	row := func(k, v string) {
		if v != "" {
			fmt.Fprintf(&b, "%-11s %s\n", k+":", v)
		}
	}
	row("language", string(l.Language))
	row("game", gameString(l.Game))
	row("repeated", sequenceString(l.Repeated))
	if a := l.Accepted; a != nil {
		s := "variant " + a.Label
		if a.Label == "" {
			s = "the variant"
		}
		if a.Until != nil {
			s += " until " + a.Until.String()
		} else {
			s += " whole"
		}
		if len(a.Moves) > 0 {
			s += ": " + sequenceString(a.Moves)
		}
		row("accepted", s)
	}
	row("moves", sequenceString(l.Moves))
	for i, v := range l.Variants {
		name := v.Label
		if name == "" {
			name = fmt.Sprint(i + 1)
		}
		s := sequenceString(v.Moves)
		if v.Cut != "" {
			s += fmt.Sprintf(" (cut at %q)", v.Cut)
		}
		row("variant "+name, s)
	}
	if l.Dates.Count() > 0 {
		row("dates", l.Dates.OpponentSent.Russian()+" / "+l.Dates.Received.Russian()+" / "+l.Dates.Sent.Russian())
	}
	if l.Time != nil {
		row("time", fmt.Sprintf("%d/%d", l.Time.White, l.Time.Black))
	}
	if l.Break != nil {
		row("break", l.Break.From.Russian()+" - "+l.Break.To.Russian())
	}
	row("draw", string(l.Draw))
	if l.Resign {
		row("resign", "yes")
	}
	if l.OverstepClaim {
		row("claim", "overstep")
	}
	row("protest", l.Protest)
	if l.LedgerRequest {
		row("ledger", "requested")
	}
	for _, u := range l.Unknown {
		row(fmt.Sprintf("unknown %d", u.N), u.Text)
	}
	if len(l.Problems) > 0 {
		b.WriteString("problems:\n")
		for _, p := range l.Problems {
			at := "letter"
			if p.Line > 0 {
				at = fmt.Sprintf("line %d", p.Line)
			}
			fmt.Fprintf(&b, "  %s: %s (%s): %s\n", at, p.Kind, p.Clause, p.Message(l.Language))
		}
	}
	return b.String()
}

// gameString writes a game reference: "ЧР-2026-ЗФ 1-2 Иванов Петров".
func gameString(g GameRef) string {
	var parts []string
	if g.Cipher != "" {
		parts = append(parts, g.Cipher)
	}
	if g.White > 0 {
		parts = append(parts, fmt.Sprintf("%d-%d", g.White, g.Black))
	}
	parts = append(parts, g.Names...)
	return strings.Join(parts, " ")
}
