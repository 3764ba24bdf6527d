package letter

import ()

// newVariant opens a variant; an empty unlabelled variant already open is reused.
func (p *parser) newVariant(n int, label string) {
	if p.cur >= 0 && p.cur < len(p.l.Variants) && len(p.l.Variants[p.cur].Moves) == 0 && p.l.Variants[p.cur].Cut == "" &&
		(p.l.Variants[p.cur].Label == "" || label == "") {
		if label != "" {
			p.l.Variants[p.cur].Label = label
		}
		return
	}
	p.l.Variants = append(p.l.Variants, Variant{Label: label, Line: n})
	p.cur = len(p.l.Variants) - 1
}

// variantMoves adds moves to the current variant, or opens one. A run after
// "если"/"на" opens a new variant unless it continues the current one. An
// unreadable or abbreviated move cuts the variant there (6.2.12).
func (p *parser) variantMoves(n int, r role, ms []Move, bad []string) {
	if p.cur < 0 || p.cur >= len(p.l.Variants) {
		p.newVariant(n, "")
	}
	v := &p.l.Variants[p.cur]
	if r == roleVariantIf && len(v.Moves) > 0 && len(ms) > 0 && !follows(v.Moves[len(v.Moves)-1], ms[0]) {
		p.newVariant(n, "")
		v = &p.l.Variants[p.cur]
	}
	if v.Cut != "" {
		return
	}
	for _, m := range ms {
		if m.Text.Abbreviated {
			p.cutVariant(n, v, m.Text.String())
			return
		}
		v.Moves = p.appendMoves(n, v.Moves, []Move{m})
	}
	if len(bad) > 0 {
		p.cutVariant(n, v, bad[0])
	}
}

// cutVariant stops a variant at an unreadable move (6.2.12).
func (p *parser) cutVariant(n int, v *Variant, text string) {
	v.Cut = text
	name := v.Label
	if name == "" {
		name = "№" + itoa(p.cur+1)
	}
	p.report(KindVariantCut, n, text, name)
}
