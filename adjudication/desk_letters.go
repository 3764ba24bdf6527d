package adjudication

import (
	"bytes"
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

// english reports whether player n reads English.
func english(s corr.State, n int) bool {
	p, _ := s.Tournament.Player(n)
	return p.Language == "en"
}

// tr picks the text of the reader's language.
func tr(en bool, ru, eng string) string { return pick(en, eng, ru) }

// subject is the server's subject for game g: "[CIPHER #1-2] what".
func subject(s corr.State, g corr.Game, what string) string {
	return letter.FormatGameCode(s.Tournament.Cipher, g.White, g.Black) + " " + what
}

// sign closes the desk's letters as the referee closes its own.
func sign(s corr.State, en bool) string {
	l := letter.Russian
	if en {
		l = letter.English
	}
	return "\n\n" + letter.Signature(l, s.Tournament.Cipher) + "\n"
}

// toPlayer is a letter to player n about game g, in the player's language.
func toPlayer(s corr.State, n int, g corr.Game, kind, subjRu, subjEn, ru, en string) corr.Outgoing {
	p, _ := s.Tournament.Player(n)
	e := english(s, n)
	return corr.Outgoing{To: p.Email, Kind: kind, Game: g.Code, Subject: subject(s, g, tr(e, subjRu, subjEn)),
		Body: tr(e, "Здравствуйте, "+p.Name+"!\n\n", "Dear "+p.Name+",\n\n") + tr(e, ru, en) + sign(s, e)}
}

// toOfficial is a letter to the judge or the secretary (in Russian) about game g.
func toOfficial(s corr.State, p corr.Person, g corr.Game, kind, subj, body string) corr.Outgoing {
	return corr.Outgoing{To: p.Email, Kind: kind, Game: g.Code, Subject: subject(s, g, subj),
		Body: "Здравствуйте, " + p.Name + "!\n\n" + body + sign(s, false)}
}

// name returns "№1 Иванов Иван".
func name(s corr.State, n int) string {
	p, _ := s.Tournament.Player(n)
	return fmt.Sprintf("№%d %s", n, p.Name)
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

// pdnFile is the game's PDN (GameType 25 or 20; giveaway named in the
// Variant tag, 6.5.1), with the held reply as a comment when there is one.
func pdnFile(s corr.State, g corr.Game, result string) (corr.File, error) {
	t := s.Tournament
	w, _ := t.Player(g.White)
	b, _ := t.Player(g.Black)
	pg, err := record(s, g).PDN([]draughts.PDNTag{
		{Name: "Event", Value: t.Cipher + " " + t.Name}, {Name: "Site", Value: "заочно / by correspondence"},
		{Name: "Date", Value: strings.ReplaceAll(t.Start.String(), "-", ".")},
		{Name: "White", Value: w.Name}, {Name: "Black", Value: b.Name},
	}, result)
	if err != nil {
		return corr.File{}, fmt.Errorf("game %s: the record does not convert to PDN: %w", g.Code, err)
	}
	var buf bytes.Buffer
	if err := draughts.WritePDN(&buf, pg); err != nil {
		return corr.File{}, fmt.Errorf("game %s: %w", g.Code, err)
	}
	return corr.File{Name: fileName(g) + ".pdn", ContentType: "application/x-pdn; charset=utf-8", Data: buf.Bytes()}, nil
}

// withPDN attaches g's PDN to o; a record that does not convert (a bug,
// not the players' doing) costs the attachment, never the letter: the body
// says why it is missing.
func withPDN(o *corr.Outgoing, s corr.State, g corr.Game, result string) {
	f, err := pdnFile(s, g, result)
	if err != nil {
		o.Body = strings.Replace(o.Body, sign(s, false), "\n(Запись в PDN не приложена: "+err.Error()+".)"+sign(s, false), 1)
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

// ledgerTable writes a game's ledger as a table in the layout of the
// sample of 6.3.6: each reply's move, received and sent dates, days and
// running total, with the limit and the ledger's notes.
func ledgerTable(s corr.State, g corr.Game) string {
	led, err := s.Ledger(g)
	if err != nil {
		return "(график не вычислен: " + err.Error() + ")\n"
	}
	texts := record(s, g).Texts(false)
	var b strings.Builder
	fmt.Fprintf(&b, "%-3s %-6s %-9s %-11s %-11s %6s %8s %5s  %s\n", "№", "игрок", "ход", "получено", "отправлено", "на ход", "суммарно", "норма", "отметки")
	for _, ln := range led.Lines {
		who := pick(ln.Player == timecontrol.White, "белые", "чёрные")
		move := ""
		if ply := 2*(ln.Move-1) + pick(ln.Player == timecontrol.White, 0, 1); ln.Move > 0 && ply < len(texts) {
			move = texts[ply]
		}
		sent := ln.Sent.Russian()
		if ln.Pending {
			sent = "(думает)"
		}
		num := ""
		if ln.Move > 0 {
			num = fmt.Sprint(ln.Move)
		}
		fmt.Fprintf(&b, "%-3s %-6s %-9s %-11s %-11s %6d %8d %5d", num, who, move, dateText(ln.Received), sent, ln.Days, ln.Total, ln.Limit)
		var notes []string
		for _, n := range ln.Notes {
			notes = append(notes, n.String())
		}
		if len(notes) > 0 {
			b.WriteString("  " + strings.Join(notes, "; "))
		}
		b.WriteString("\n")
	}
	w, bl := led.Totals[timecontrol.White], led.Totals[timecontrol.Black]
	fmt.Fprintf(&b, "Итого: белые %d дн. (штраф %d), чёрные %d дн. (штраф %d)\n", w.Total, w.PenaltyDays, bl.Total, bl.PenaltyDays)
	return b.String()
}

func dateText(d timecontrol.Date) string {
	if d.IsZero() {
		return "—"
	}
	return d.Russian()
}

// dossier is the judge's one letter on claim c of game g (6.3.6): the
// claim, the protest window, the record in semi-short notation with the
// held reply, the final position as a text board (and a PNG), the ledger as
// a table, how to answer; the offender's letters are attached as .eml and
// the PDN beside them.
func dossier(s corr.State, g corr.Game, c corr.Claim) corr.Outgoing {
	w := c.Protest
	var b strings.Builder
	who := "сервер по графику времени: ответ отправлен сверх нормы"
	switch {
	case c.Silent && !c.ByHand:
		who = "сервер по графику времени: ответа нет, а норма исчерпана"
	case c.ByHand:
		who = "игрок " + name(s, g.Number(c.Against.Opponent())) + " письмом"
	}
	fmt.Fprintf(&b, "Заявление %d о просрочке времени в партии %s против игрока %s (%s).\nПодано %s: %s.\n",
		c.Seq, g.Code, name(s, g.Number(c.Against)), pick(c.Against == draughts.White, "белые", "чёрные"), c.Filed.Russian(), who)
	fmt.Fprintf(&b, "По графику: итог %d дн. при норме %d дн. для %d-го хода (п. 6.3.5).\n", c.Total, c.Limit, c.Move)
	switch {
	case !w.Protested.IsZero():
		fmt.Fprintf(&b, "Протест игрока получен %s (в срок, до %s):\n%s\n", w.Protested.Russian(), w.Due.Russian(), indent(w.Text))
	case w.Admitted:
		fmt.Fprintf(&b, "Протеста в срок до %s не поступило: отсутствие протеста можно оценить как признание просрочки (п. 6.3.8).\n", w.Due.Russian())
	default:
		fmt.Fprintf(&b, "Игрок может протестовать до %s включительно (п. 6.3.8).\n", w.Due.Russian())
	}
	r := record(s, g)
	fmt.Fprintf(&b, "\nЗапись партии (п. 6.5.1): %s\n", pick(r.Plies() == 0, "ходов не было", semiShort(r)))
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
		fmt.Fprintf(&b, "Задержанный ответ заявителя (отправлен %s, партнёру не передан): %s\n", h.Sent.Russian(), strings.Join(ts, " "))
	}
	fmt.Fprintf(&b, "\nПоложение после последнего переданного хода (диаграмма приложена):\n%s\nГрафик времени (п. 6.3.6):\n%s", diagram.Text(final, "ru"), ledgerTable(s, g))
	fmt.Fprintf(&b, "\nПисьма игрока %s приложены без изменений (%d, .eml); запись в PDN приложена.\n", name(s, g.Number(c.Against)), len(c.Letters))
	b.WriteString("\nЧтобы вынести решение (п. 6.3.7), ответьте на это письмо одной строкой:\n  просрочка подтверждена\nили\n  просрочки нет\n(English: overstep confirmed / no overstep). Остальные строки ответа будут переданы игрокам как примечание судьи.\n")
	if !w.Protested.IsZero() {
		b.WriteString("Решение по протесту: «протест отклонён» (просрочка подтверждается) или «протест удовлетворён» (просрочки нет); оно уйдёт обоим игрокам и секретарю (п. 6.3.8).\n")
	}
	fmt.Fprintf(&b, "Из командной строки: zaochnik judge claims, затем zaochnik judge rule ID confirm|reject.\n")
	o := toOfficial(s, s.Tournament.Judge, g, "dossier", fmt.Sprintf("материалы по просрочке, заявление %d", c.Seq), b.String())
	o.Attach = append([]string(nil), c.Letters...)
	o.Files = []corr.File{diagramFile(g, final)}
	withPDN(&o, s, g, "*")
	return o
}

// adjudicationLetter is the judge's one letter on an unfinished game
// (6.5.2-6.5.5): the final position drawn, both evaluations and analyses
// side by side, the engine's view, the dates and how to answer.
func adjudicationLetter(s corr.State, g corr.Game, a Adjourned) corr.Outgoing {
	var b strings.Builder
	r := record(s, g)
	final := r.Final()
	fmt.Fprintf(&b, "Неоконченная партия %s к присуждению (п. 6.5.2-6.5.5). Срок игры истёк %s.\n", g.Code, a.EndOfPlay.Russian())
	fmt.Fprintf(&b, "Белые: %s. Чёрные: %s.\n\nЗапись партии: %s\n\nЗаключительное положение (диаграмма приложена):\n%s\n",
		name(s, g.White), name(s, g.Black), pick(r.Plies() == 0, "ходов не было", semiShort(r)), diagram.Text(final, "ru"))
	b.WriteString("Оценки и анализы игроков (срок " + a.AnalysisDue().Russian() + "):\n")
	for i, side := range []Side{White, Black} {
		sub := a.side(side)
		fmt.Fprintf(&b, "\n%s — %s\n", pick(side == White, "БЕЛЫЕ", "ЧЁРНЫЕ"), name(s, pick(side == White, g.White, g.Black)))
		if sub.Received.IsZero() {
			b.WriteString("  оценки и анализа нет\n")
			continue
		}
		fmt.Fprintf(&b, "  получено %s%s; оценка: %s\n", sub.Received.Russian(), pick(onTime(sub.Received, a.AnalysisDue()), "", " (после срока)"), evaluationName(sub.Evaluation))
		if a.Analysis[i] != "" {
			b.WriteString("  анализ:\n" + indent(a.Analysis[i]) + "\n")
		} else {
			b.WriteString("  анализа нет (такой игрок не вправе опротестовать присуждение, п. 6.5.6)\n")
		}
	}
	if res, ok := a.Agreed(); ok {
		fmt.Fprintf(&b, "\nОценки совпадают: %s. Этот результат фиксируется, если он резко не противоречит объективной оценке позиции (п. 6.5.4).\n", res)
	}
	an := engine.NewAnalyser(16).AnalyseRecord(r, engine.Limits{Nodes: EngineNodes})
	fmt.Fprintf(&b, "\nМнение программы (бюджет %d позиций; это подспорье, не решение):\n%s\n", EngineNodes, indent(strings.TrimSpace(an.Describe(false))))
	fmt.Fprintf(&b, "\nПрисуждение должно быть закончено до %s (п. 6.5.5). Ответьте на это письмо строкой\n  присуждаю: 1-0   (или 1/2-1/2, 0-1; «выигрыш белых», «ничья», «выигрыш чёрных»)\nОстальные строки будут переданы игрокам как обоснование. Из командной строки: zaochnik judge adjudicate \"%s\" 1-0|1/2-1/2|0-1 [--note ТЕКСТ].\n", a.RulingDue().Russian(), g.Code)
	o := toOfficial(s, s.Tournament.Judge, g, "adjudication", "присуждение неоконченной партии", b.String())
	o.Files = []corr.File{diagramFile(g, final)}
	withPDN(&o, s, g, "*")
	return o
}

// evaluationName writes an evaluation for the judge.
func evaluationName(e Evaluation) string {
	switch e {
	case WinForWhite:
		return "выигрыш белых (1-0)"
	case DrawnPosition:
		return "ничья (1/2-1/2)"
	case WinForBlack:
		return "выигрыш чёрных (0-1)"
	}
	return "нет"
}

// resultWords writes a result for a player.
func resultWords(r Result, en bool) string {
	switch r {
	case WhiteWins:
		return tr(en, "выигрыш белых (1-0)", "a win for White (1-0)")
	case BlackWins:
		return tr(en, "выигрыш чёрных (0-1)", "a win for Black (0-1)")
	case Draw:
		return tr(en, "ничья (1/2-1/2)", "a draw (1/2-1/2)")
	}
	return r.String()
}

// indent indents every line of s by two spaces.
func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n  ")
}
