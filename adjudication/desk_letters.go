package adjudication

import (
	"fmt"
	"strings"

	"zaochnik/adjudication/diagram"
	"zaochnik/adjudication/engine"
	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// EngineNodes is the engine's budget for the view in an adjudication
// letter: a fixed number of positions, not a time, so that the letter is
// the same on every machine and in every replay.
const EngineNodes = 200_000

// gameCode is g's code as letters write it: "[CIPHER #1-2]".
func gameCode(s corr.State, g corr.Game) string {
	return letter.FormatGameCode(s.Tournament.Cipher, g.White, g.Black)
}

// playerEmail is player n's address.
func playerEmail(s corr.State, n int) string {
	p, _ := s.Tournament.Player(n)
	return p.Email
}

// playerEnvelope addresses player n about game g, in his language.
func playerEnvelope(s corr.State, n int, g corr.Game) letter.Envelope {
	p, _ := s.Tournament.Player(n)
	return envelope(s, corr.Person{Name: p.Name, Language: p.Language}, g)
}

// outgoing is a letter corr/letter rendered, to address to, about game g.
func outgoing(to string, g corr.Game, kind string, m letter.Message) corr.Outgoing {
	return corr.Outgoing{To: to, Kind: kind, Game: g.Code, Subject: m.Subject, Body: m.Body}
}

// envelope addresses p about game g, in the language p asked for.
func envelope(s corr.State, p corr.Person, g corr.Game) letter.Envelope {
	l := letter.Russian
	if p.Language == "en" {
		l = letter.English
	}
	return letter.Envelope{Lang: l, Cipher: s.Tournament.Cipher, White: g.White, Black: g.Black, To: p.Name}
}

// player is player n as an official's letter names him.
func player(s corr.State, n int) letter.PlayerRef {
	p, _ := s.Tournament.Player(n)
	return letter.PlayerRef{Number: n, Name: p.Name}
}

// record returns g's record replayed on the tournament's board.
func record(s corr.State, g corr.Game) draughts.Record {
	return g.Record(s.Tournament.DraughtsVariant())
}

// semiShort is the record in the semi-short notation of 6.5.1; numeric
// boards have none, so a 10x10 record is written in full.
func semiShort(r draughts.Record) string {
	if r.Variant().Numeric() {
		return r.FullNotation()
	}
	return r.SemiShort()
}

// withPDN attaches g's PDN to o, a letter in lang; a record that does
// not convert (a bug, not the players' doing) costs the attachment, never
// the letter: the body says why it is missing.
func withPDN(o *corr.Outgoing, lang letter.Lang, s corr.State, g corr.Game, result string) {
	f, err := pdnFile(s, g, result)
	if err != nil {
		o.Body = letter.PDNMissing(o.Body, lang, s.Tournament.Cipher, err.Error())
		return
	}
	o.Files = append(o.Files, f)
}

// diagramFile is the final position as PNG.
func diagramFile(g corr.Game, p draughts.Position) corr.File {
	return corr.File{Name: fileName(g) + "-diagram.png", ContentType: "image/png", Data: diagram.PNG(p)}
}

// fileName is a file name for g without the cipher's non-ASCII letters: "1-2".
func fileName(g corr.Game) string { return fmt.Sprintf("game-%d-%d", g.White, g.Black) }

// ledgerTable is a game's ledger for the judge, in the layout of the
// sample of 6.3.6: each reply's move, received and sent dates, days and
// running total, with the limit and the ledger's notes.
func ledgerTable(s corr.State, g corr.Game) letter.LedgerTable {
	led, err := s.Ledger(g)
	if err != nil {
		return letter.LedgerTable{Error: err.Error()}
	}
	texts := record(s, g).Texts(false)
	var t letter.LedgerTable
	for _, ln := range led.Lines {
		r := letter.LedgerRow{Move: ln.Move, White: ln.Player == timecontrol.White, Received: ln.Received, Sent: ln.Sent, Pending: ln.Pending,
			Days: ln.Days, Total: ln.Total, Limit: ln.Limit}
		if ply := 2*(ln.Move-1) + pick(r.White, 0, 1); ln.Move > 0 && ply < len(texts) {
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

// dossier is the judge's one letter on claim c of game g (6.3.6): the
// claim, the protest window, the record in semi-short notation with the
// held reply, the final position as a text board (and a PNG), the ledger as
// a table, how to answer; the offender's letters are attached as .eml and
// the PDN beside them. why names the occasion in the subject.
func dossier(s corr.State, g corr.Game, c corr.Claim, why letter.DossierOccasion) corr.Outgoing {
	w := c.Protest
	judge := s.Tournament.Judge
	d := letter.DeskDossier{Envelope: envelope(s, judge, g), Seq: c.Seq, Offender: player(s, g.Number(c.Against)), OffenderWhite: c.Against == draughts.White,
		Claimant: player(s, g.Number(c.Against.Opponent())), Filed: c.Filed, Figures: letter.ClaimFigures{Total: c.Total, Limit: c.Limit, Move: c.Move},
		Protested: w.Protested, Due: w.Due, Protest: w.Text, Admitted: w.Admitted, Ledger: ledgerTable(s, g), Letters: len(c.Letters), Occasion: why}
	pdn, pdnErr := pdnFile(s, g, "*")
	if pdnErr != nil {
		d.PDNMissing = pdnErr.Error()
	}
	switch {
	case c.ByHand:
		d.Source = letter.ByPlayer
	case c.Silent:
		d.Source = letter.BySilence
	}
	r := record(s, g)
	if r.Plies() > 0 {
		d.Record = semiShort(r)
	}
	final := r.Final()
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
	d.Diagram = diagram.Text(final, string(d.Lang))
	o := outgoing(judge.Email, g, "dossier", d.Render())
	o.Attach = append([]string(nil), c.Letters...)
	o.Files = []corr.File{diagramFile(g, final)}
	if pdnErr == nil {
		o.Files = append(o.Files, pdn)
	}
	return o
}

// adjudicationLetter is the judge's one letter on an unfinished game
// (6.5.2-6.5.5): the final position drawn, both evaluations and analyses
// side by side, the engine's view, the dates and how to answer.
func adjudicationLetter(s corr.State, g corr.Game, a Adjourned) corr.Outgoing {
	judge := s.Tournament.Judge
	r := record(s, g)
	final := r.Final()
	q := letter.AdjudicationRequest{Envelope: envelope(s, judge, g), EndOfPlay: a.EndOfPlay, AnalysisDue: a.AnalysisDue(), RulingDue: a.RulingDue(),
		EngineNodes: EngineNodes, GameID: g.Code}
	pdn, pdnErr := pdnFile(s, g, "*")
	if pdnErr != nil {
		q.PDNMissing = pdnErr.Error()
	}
	if r.Plies() > 0 {
		q.Record = semiShort(r)
	}
	for i, side := range []Side{White, Black} {
		sub := a.side(side)
		sa := letter.SideAnalysis{Player: player(s, pick(side == White, g.White, g.Black)), Received: sub.Received,
			Late: !sub.Received.IsZero() && !onTime(sub.Received, a.AnalysisDue()), Evaluation: evaluation(sub.Evaluation), Analysis: a.Analysis[i]}
		if side == White {
			q.White = sa
		} else {
			q.Black = sa
		}
	}
	if res, ok := a.Agreed(); ok {
		q.Agreed = res.String()
	}
	q.Diagram = diagram.Text(final, string(q.Lang))
	an := engine.NewAnalyser(16).AnalyseRecord(r, engine.Limits{Nodes: EngineNodes})
	q.EngineView = an.Describe(q.Lang == letter.English)
	o := outgoing(judge.Email, g, "adjudication", q.Render())
	o.Files = []corr.File{diagramFile(g, final)}
	if pdnErr == nil {
		o.Files = append(o.Files, pdn)
	}
	return o
}

// evaluation is e as corr/letter writes it.
func evaluation(e Evaluation) letter.Evaluation {
	switch e {
	case WinForWhite:
		return "1-0"
	case DrawnPosition:
		return "1/2-1/2"
	case WinForBlack:
		return "0-1"
	}
	return ""
}
