package corr

import (
	"fmt"
	"strings"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// Dossier is the judge's one letter on claim c of game g (6.3.6, 6.3.8)
// with everything the claim aggregate knows: the claim, its figures and
// protest window, the record in semi-short notation with the claimant's
// held reply, the ledger as the table of 6.3.6, the offender's letters;
// why names the occasion in the subject. The referee sends it when it
// files the claim; the desk (adjudication) draws the final position and
// attaches the PDN to the same value before rendering it.
func (s State) Dossier(g Game, c Claim, why letter.DossierOccasion) letter.ClaimDossier {
	judge := s.Tournament.Judge
	p := c.Protest
	d := letter.ClaimDossier{Envelope: s.officialEnvelope(judge, &g), Seq: c.Seq, Offender: s.playerRef(g.Number(c.Against)),
		OffenderWhite: c.Against == draughts.White, Claimant: s.playerRef(g.Number(c.Against.Opponent())), Filed: c.Filed,
		Figures: letter.ClaimFigures{Total: c.Total, Limit: c.Limit, Move: c.Move}, Protested: p.Protested, Due: p.Due,
		Protest: p.Text, Admitted: p.Admitted, Ledger: s.ledgerTable(g, c.Filed), Letters: len(c.Letters), Occasion: why}
	switch {
	case c.ByHand:
		d.Source = letter.ByPlayer
	case c.Silent:
		d.Source = letter.BySilence
	}
	r := g.Record(s.Tournament.DraughtsVariant())
	if r.Plies() > 0 {
		d.Record = RecordText(r)
	}
	if h := g.Held; h != nil {
		held := r
		for _, p := range h.Plies {
			if err := held.Play(p.Move); err != nil {
				break
			}
		}
		var ts []string
		for i, t := range held.Texts(!held.Variant().Numeric())[r.Plies():] {
			switch n, black := held.MoveNumber(r.Plies() + i + 1); {
			case !black:
				t = fmt.Sprintf("%d.%s", n, t)
			case i == 0:
				t = fmt.Sprintf("%d...%s", n, t)
			}
			ts = append(ts, t)
		}
		d.Held, d.HeldSent = strings.Join(ts, " "), h.Sent
	}
	return d
}

// RecordText is record r in the semi-short notation of 6.5.1; numeric
// boards have none, so a 10x10 record is written in full.
func RecordText(r draughts.Record) string {
	if r.Variant().Numeric() {
		return r.FullNotation()
	}
	return r.SemiShort()
}

// playerRef is player n as an official's letter names him.
func (s State) playerRef(n int) letter.PlayerRef {
	p, _ := s.Tournament.Player(n)
	return letter.PlayerRef{Number: n, Name: p.Name}
}

// ledgerTable is g's ledger for the judge, in the layout of the sample of
// 6.3.6: each reply's move, received and sent dates, days and running
// total, with the limit and the ledger's notes. The row of a player still
// thinking counts his days up to asOf (the claim's filing day), so that it
// agrees with the claim's figures.
func (s State) ledgerTable(g Game, asOf timecontrol.Date) letter.LedgerTable {
	led, err := s.Ledger(g)
	if err != nil {
		return letter.LedgerTable{Error: err.Error()}
	}
	texts := g.Record(s.Tournament.DraughtsVariant()).Texts(false)
	var t letter.LedgerTable
	for _, ln := range led.Lines {
		r := letter.LedgerRow{Move: ln.Move, White: ln.Player == timecontrol.White, Received: ln.Received, Sent: ln.Sent, Pending: ln.Pending,
			Days: ln.Days, Total: ln.Total, Limit: ln.Limit}
		if om := led.OnMove; ln.Pending && ln.Player == om.Player && !om.Stopped && !asOf.IsZero() {
			r.Total = led.RunningTotal(asOf)
			r.Days = r.Total - ln.Total
		}
		ply := 2 * (ln.Move - 1)
		if !r.White {
			ply++
		}
		if ln.Move > 0 && ply < len(texts) {
			r.Text = texts[ply]
		}
		for _, n := range ln.Notes {
			r.Notes = append(r.Notes, n.String())
		}
		t.Rows = append(t.Rows, r)
	}
	w, b := led.Totals[timecontrol.White], led.Totals[timecontrol.Black]
	t.White, t.Black = letter.LedgerSide{Total: w.Total, Penalty: w.PenaltyDays}, letter.LedgerSide{Total: b.Total, Penalty: b.PenaltyDays}
	return t
}
