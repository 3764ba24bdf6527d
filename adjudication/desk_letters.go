package adjudication

import (
	"fmt"

	"zaochnik/adjudication/diagram"
	"zaochnik/adjudication/engine"
	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
)

// EngineNodes is the engine's budget for the view in an adjudication
// letter: a fixed number of positions, not a time, so that the letter is
// the same on every machine and in every replay.
const EngineNodes = 200_000

// gameCode is g's code as letters write it: "[CIPHER #1-2]".
func gameCode(sc scene, g corr.Game) string {
	return letter.FormatGameCode(sc.Cipher, g.White, g.Black)
}

// playerEmail is player n's address.
func playerEmail(sc scene, n int) string {
	p, _ := sc.Player(n)
	return p.Email
}

// playerEnvelope addresses player n about game g, in his language.
func playerEnvelope(sc scene, n int, g corr.Game) letter.Envelope {
	p, _ := sc.Player(n)
	return envelope(sc, corr.Person{Name: p.Name, Language: p.Language}, g)
}

// outgoing is a letter corr/letter rendered, to address to, about game g.
func outgoing(to string, g corr.Game, kind string, m letter.Message) corr.Outgoing {
	return corr.Outgoing{To: to, Kind: kind, Game: g.Code, Subject: m.Subject, Body: m.Body}
}

// envelope addresses p about game g, in the language p asked for.
func envelope(sc scene, p corr.Person, g corr.Game) letter.Envelope {
	return letter.Envelope{Lang: letter.LangOf(p.Language), Cipher: sc.Cipher, White: g.White, Black: g.Black, To: p.Name}
}

// player is player n as an official's letter names him.
func player(sc scene, n int) letter.PlayerRef {
	p, _ := sc.Player(n)
	return letter.PlayerRef{Number: n, Name: p.Name}
}

// withPDN attaches g's PDN to o, a letter in lang; a record that does
// not convert (a bug, not the players' doing) costs the attachment, never
// the letter: the body says why it is missing.
func withPDN(o *corr.Outgoing, lang letter.Lang, sc scene, g seen, result string) {
	f, err := pdnFile(sc, g, result)
	if err != nil {
		o.Body = letter.PDNMissing(o.Body, lang, sc.Cipher, err.Error())
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

// dossier is the judge's one letter on the latest claim of game g
// (6.3.6), as the claim has it (g.dossier, corr.State.Dossier), with the
// final position drawn as a text board and a PNG, and the PDN beside the
// offender's letters (.eml); why names the occasion in the subject.
func dossier(sc scene, g seen, c corr.Claim, why letter.DossierOccasion) corr.Outgoing {
	d := g.dossier
	d.Occasion = why
	pdn, pdnErr := pdnFile(sc, g, "*")
	if d.PDN = pdnErr == nil; !d.PDN {
		d.PDNMissing = pdnErr.Error()
	}
	final := g.record.Final()
	d.Diagram = diagram.Text(final, d.Lang)
	o := outgoing(sc.Judge.Email, g.Game, "dossier", d.Render())
	o.Attach = append([]string(nil), c.Letters...)
	o.Files = []corr.File{diagramFile(g.Game, final)}
	if d.PDN {
		o.Files = append(o.Files, pdn)
	}
	return o
}

// adjudicationLetter is the judge's one letter on an unfinished game
// (6.5.2-6.5.5): the final position drawn, both evaluations and analyses
// side by side, the engine's view, the dates and how to answer.
func adjudicationLetter(sc scene, g seen, a Adjourned) corr.Outgoing {
	judge := sc.Judge
	r := g.record
	final := r.Final()
	q := letter.AdjudicationRequest{Envelope: envelope(sc, judge, g.Game), EndOfPlay: a.EndOfPlay, AnalysisDue: a.AnalysisDue(), RulingDue: a.RulingDue(),
		EngineNodes: EngineNodes, GameID: g.Code}
	pdn, pdnErr := pdnFile(sc, g, "*")
	if pdnErr != nil {
		q.PDNMissing = pdnErr.Error()
	}
	q.Record = g.text
	for i, side := range []Side{White, Black} {
		sub := a.side(side)
		sa := letter.SideAnalysis{Player: player(sc, g.Number(side.color())), Received: sub.Received,
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
	q.Diagram = diagram.Text(final, q.Lang)
	an := engine.NewAnalyser(16).AnalyseRecord(r, engine.Limits{Nodes: EngineNodes})
	q.EngineView = an.Describe(q.Lang == letter.English)
	o := outgoing(judge.Email, g.Game, "adjudication", q.Render())
	o.Files = []corr.File{diagramFile(g.Game, final)}
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
