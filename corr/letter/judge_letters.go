package letter

import (
	"fmt"
	"strings"

	"zaochnik/timecontrol"
)

// PlayerRef names a player in an official's letter: "№1 Иванов Иван".
type PlayerRef struct {
	Number int
	Name   string
}

func (p PlayerRef) String() string { return fmt.Sprintf("№%d %s", p.Number, p.Name) }

// LedgerRow is one line of a ledger table in the layout of the sample of 6.3.6.
type LedgerRow struct {
	Move               int  // the move number; 0 for a line that is no move
	White              bool // the line is White's
	Text               string
	Received           timecontrol.Date
	Sent               timecontrol.Date
	Pending            bool // the player is still thinking
	Days, Total, Limit int
	Notes              []string // the ledger's notes, as timecontrol writes them
}

// LedgerSide is a side's totals under a ledger table.
type LedgerSide struct{ Total, Penalty int }

// LedgerTable is a game's ledger as the judge reads it; Error, when set,
// says why there is none.
type LedgerTable struct {
	Rows         []LedgerRow
	White, Black LedgerSide
	Error        string
}

func (t LedgerTable) write(w *writer) {
	if t.Error != "" {
		w.b.WriteString(LedgerMissing(w.lang, t.Error))
		return
	}
	side := func(white bool) string {
		if white {
			return w.t("белые", "White")
		}
		return w.t("чёрные", "Black")
	}
	fmt.Fprintf(&w.b, "%-3s %-6s %-9s %-11s %-11s %6s %8s %5s  %s\n", w.t("№", "No."), w.t("игрок", "player"), w.t("ход", "move"),
		w.t("получено", "received"), w.t("отправлено", "sent"), w.t("на ход", "days"), w.t("суммарно", "total"), w.t("норма", "limit"), w.t("отметки", "notes"))
	for _, r := range t.Rows {
		sent := date(r.Sent)
		if r.Pending {
			sent = w.t("(думает)", "(thinking)")
		}
		num := ""
		if r.Move > 0 {
			num = fmt.Sprint(r.Move)
		}
		fmt.Fprintf(&w.b, "%-3s %-6s %-9s %-11s %-11s %6d %8d %5d", num, side(r.White), r.Text, date(r.Received), sent, r.Days, r.Total, r.Limit)
		if len(r.Notes) > 0 {
			w.b.WriteString("  " + strings.Join(r.Notes, "; "))
		}
		w.b.WriteString("\n")
	}
	fmt.Fprintf(&w.b, w.t("Итого: белые %d дн. (штраф %d), чёрные %d дн. (штраф %d)\n", "Total: White %d days (penalty %d), Black %d days (penalty %d)\n"),
		t.White.Total, t.White.Penalty, t.Black.Total, t.Black.Penalty)
}

// ClaimSource is who filed an overstep claim.
type ClaimSource int

// Who files a claim.
const (
	BySentReply ClaimSource = iota // the server: a reply sent over the limit
	BySilence                      // the server: no reply, and the limit is spent
	ByPlayer                       // the claimant, by letter
)

// ClaimDossier is the judge's one letter on an overstep claim (6.3.6,
// 6.3.8), the only one: the claim, the protest window, the record with the
// held reply, the final position as a text board, the ledger as a table,
// how to answer. The offender's letters, the diagram and the PDN go with
// it (corr.State.Dossier fills it from the claim, the desk adds the
// drawing and the PDN).
type ClaimDossier struct {
	Envelope
	Seq           int
	Offender      PlayerRef
	OffenderWhite bool
	Claimant      PlayerRef // for a claim by letter
	Source        ClaimSource
	Filed         timecontrol.Date
	Figures       ClaimFigures
	// The protest window (6.3.8): Protested is the day a protest came
	// (zero: none yet), Due its last day; Admitted is set when none came in time.
	Protested, Due timecontrol.Date
	Protest        string
	Admitted       bool
	Record         string // semi-short notation; empty when no move was made
	Held           string // the claimant's held reply, numbered; empty when none
	HeldSent       timecontrol.Date
	Diagram        string // the final position as a text board; empty when not drawn
	Ledger         LedgerTable
	Letters        int    // the offender's letters attached
	PDN            bool   // the PDN record is attached
	PDNMissing     string // why the PDN is not attached though it was to be; empty when none
	// Occasion is why the judge gets the dossier (now): it names the subject.
	Occasion DossierOccasion
}

// Render writes the dossier.
func (d ClaimDossier) Render() Message {
	w := newWriter(d.Envelope)
	var who string
	switch d.Source {
	case BySilence:
		who = w.t("сервер по графику времени: ответа нет, а норма исчерпана", "the server, by the ledger: no reply, and the limit is spent")
	case ByPlayer:
		who = w.f("игрок %s письмом", "player %s, by letter", d.Claimant)
	default:
		who = w.t("сервер по графику времени: ответ отправлен сверх нормы", "the server, by the ledger: the reply was sent over the limit")
	}
	side := w.t("чёрные", "Black")
	if d.OffenderWhite {
		side = w.t("белые", "White")
	}
	w.line(w.f("Заявление %d о просрочке времени в партии %s против игрока %s (%s).\nПодано %s: %s.", "Overstep claim %d in game %s against player %s (%s).\nFiled %s: %s.",
		d.Seq, d.code(), d.Offender, side, date(d.Filed), who))
	w.line(w.f("По графику: %s (п. 6.3.5).", "By the ledger: %s (6.3.5).", d.Figures.text(w)))
	switch {
	case !d.Protested.IsZero():
		w.line(w.f("Протест игрока получен %s (в срок, до %s):\n%s", "The player's protest came on %s (in time, by %s):\n%s", date(d.Protested), date(d.Due), indent(d.Protest)))
	case d.Admitted:
		w.line(w.f("Протеста в срок до %s не поступило: отсутствие протеста можно оценить как признание просрочки (п. 6.3.8).",
			"No protest came by %s: the absence of a protest may be taken as admitting the overstep (6.3.8).", date(d.Due)))
	default:
		w.line(w.f("Игрок может протестовать до %s включительно (п. 6.3.8).", "The player may protest until %s inclusive (6.3.8).", date(d.Due)))
	}
	w.line("")
	w.line(w.t("Запись партии (п. 6.5.1): ", "Record (6.5.1): ") + recordOrNone(w, d.Record))
	if d.Held != "" {
		w.line(w.f("Задержанный ответ заявителя (отправлен %s, партнёру не передан): %s", "The claimant's held reply (sent %s, not forwarded): %s", date(d.HeldSent), d.Held))
	}
	w.line("")
	if d.Diagram != "" {
		w.line(w.t("Положение после последнего переданного хода (диаграмма приложена):", "The position after the last move forwarded (diagram attached):"))
		w.line(d.Diagram)
	}
	w.line(w.t("График времени (п. 6.3.6):", "Time ledger (6.3.6):"))
	d.Ledger.write(w)
	w.line("")
	attached := w.f("Письма игрока %s приложены без изменений (%d, .eml).", "The letters of player %s are attached unchanged (%d, .eml).", d.Offender, d.Letters)
	if d.PDN {
		attached = w.f("Письма игрока %s приложены без изменений (%d, .eml); запись в PDN приложена.", "The letters of player %s are attached unchanged (%d, .eml); the PDN record is attached.", d.Offender, d.Letters)
	}
	w.line(attached)
	w.line("")
	w.line(w.t("Чтобы вынести решение (п. 6.3.7), ответьте на это письмо одной строкой:\n  просрочка подтверждена\nили\n  просрочки нет\n(English: overstep confirmed / no overstep). Остальные строки ответа будут переданы игрокам как примечание судьи.",
		"To rule (6.3.7), answer this letter with one line:\n  overstep confirmed\nor\n  no overstep\n(по-русски: просрочка подтверждена / просрочки нет). The other lines of the answer go to the players as the judge's note."))
	if !d.Protested.IsZero() {
		w.line(w.t("Решение по протесту: «протест отклонён» (просрочка подтверждается) или «протест удовлетворён» (просрочки нет); оно уйдёт обоим игрокам и секретарю (п. 6.3.8).",
			"On the protest: “protest rejected” (the overstep stands) or “protest upheld” (no overstep); it goes to both players and the secretary (6.3.8)."))
	}
	w.line(w.t("Из командной строки: zaochnik judge claims, затем zaochnik judge rule ID confirm|reject.", "From the command line: zaochnik judge claims, then zaochnik judge rule ID confirm|reject."))
	pdnMissing(w, d.PDNMissing)
	w.line("")
	return w.close(d.Envelope, d.subject(w))
}

// Evaluation is a player's evaluation of an unfinished game's final
// position, as the result it claims: "1-0", "1/2-1/2", "0-1"; empty for none.
type Evaluation string

func (e Evaluation) text(w *writer) string {
	switch e {
	case "1-0":
		return w.t("выигрыш белых (1-0)", "a win for White (1-0)")
	case "1/2-1/2":
		return w.t("ничья (1/2-1/2)", "a draw (1/2-1/2)")
	case "0-1":
		return w.t("выигрыш чёрных (0-1)", "a win for Black (0-1)")
	}
	return w.t("нет", "none")
}

// SideAnalysis is what one side sent for an adjudication (6.5.2).
type SideAnalysis struct {
	Player     PlayerRef
	Received   timecontrol.Date // zero: nothing came
	Late       bool
	Evaluation Evaluation
	Analysis   string
}

// AdjudicationRequest is the judge's one letter on an unfinished game
// (6.5.2-6.5.5): the final position drawn, both evaluations and analyses
// side by side, the engine's view, the dates and how to answer.
type AdjudicationRequest struct {
	Envelope
	EndOfPlay    timecontrol.Date
	White, Black SideAnalysis
	Record       string // semi-short notation; empty when no move was made
	Diagram      string
	AnalysisDue  timecontrol.Date
	RulingDue    timecontrol.Date
	// Agreed is the result both evaluations agree on; empty when they differ.
	Agreed      string
	EngineNodes int
	EngineView  string
	GameID      string // the game as the command line names it
	PDNMissing  string
}

// Render writes the request.
func (a AdjudicationRequest) Render() Message {
	w := newWriter(a.Envelope)
	w.line(w.f("Неоконченная партия %s к присуждению (п. 6.5.2-6.5.5). Срок игры истёк %s.", "Unfinished game %s to adjudicate (6.5.2-6.5.5). Play ended on %s.", a.code(), date(a.EndOfPlay)))
	w.line(w.f("Белые: %s. Чёрные: %s.\n\nЗапись партии: %s\n\nЗаключительное положение (диаграмма приложена):\n%s", "White: %s. Black: %s.\n\nRecord: %s\n\nThe final position (diagram attached):\n%s",
		a.White.Player, a.Black.Player, recordOrNone(w, a.Record), a.Diagram))
	w.line(w.f("Оценки и анализы игроков (срок %s):", "The players' evaluations and analyses (due %s):", date(a.AnalysisDue)))
	for i, s := range []SideAnalysis{a.White, a.Black} {
		name := w.t("БЕЛЫЕ", "WHITE")
		if i == 1 {
			name = w.t("ЧЁРНЫЕ", "BLACK")
		}
		w.line("")
		w.line(name + " — " + s.Player.String())
		if s.Received.IsZero() {
			w.line(w.t("  оценки и анализа нет", "  no evaluation and no analysis"))
			continue
		}
		late := ""
		if s.Late {
			late = w.t(" (после срока)", " (late)")
		}
		w.line(w.f("  получено %s%s; оценка: %s", "  received %s%s; evaluation: %s", date(s.Received), late, s.Evaluation.text(w)))
		if s.Analysis != "" {
			w.line(w.t("  анализ:", "  analysis:"))
			w.line(indent(s.Analysis))
		} else {
			w.line(w.t("  анализа нет (такой игрок не вправе опротестовать присуждение, п. 6.5.6)", "  no analysis (such a player may not protest the adjudication, 6.5.6)"))
		}
	}
	if a.Agreed != "" {
		w.line("")
		w.line(w.f("Оценки совпадают: %s. Этот результат фиксируется, если он резко не противоречит объективной оценке позиции (п. 6.5.4).",
			"The evaluations agree: %s. That result stands unless it sharply contradicts an objective evaluation of the position (6.5.4).", a.Agreed))
	}
	w.line("")
	w.line(w.f("Мнение программы (бюджет %d позиций; это подспорье, не решение):", "The engine's view (a budget of %d positions; an aid, not a ruling):", a.EngineNodes))
	w.line(indent(strings.TrimSpace(a.EngineView)))
	w.line("")
	w.line(w.f("Присуждение должно быть закончено до %s (п. 6.5.5). Ответьте на это письмо строкой\n  присуждаю: 1-0   (или 1/2-1/2, 0-1; «выигрыш белых», «ничья», «выигрыш чёрных»)\nОстальные строки будут переданы игрокам как обоснование. Из командной строки: zaochnik judge adjudicate \"%s\" 1-0|1/2-1/2|0-1 [--note ТЕКСТ].",
		"The adjudication is due by %s (6.5.5). Answer this letter with the line\n  adjudicate: 1-0   (or 1/2-1/2, 0-1; “win for white”, “draw”, “win for black”)\nThe other lines go to the players as the reasons. From the command line: zaochnik judge adjudicate \"%s\" 1-0|1/2-1/2|0-1 [--note TEXT].",
		date(a.RulingDue), a.GameID))
	pdnMissing(w, a.PDNMissing)
	w.line("")
	return w.close(a.Envelope, w.t("Присуждение неоконченной партии", "Adjudication of an unfinished game"))
}

// PDNMissing adds to a letter body, before its signature, why the game's
// PDN is not attached (a record that does not convert: a bug, not the
// players' doing, which costs the attachment, never the letter).
func PDNMissing(body string, l Lang, cipher, why string) string {
	w := &writer{lang: l.orDefault()}
	pdnMissing(w, why)
	sig := "\n\n" + Signature(w.lang, cipher) + "\n"
	return strings.Replace(body, sig, strings.TrimSuffix(w.b.String(), "\n")+sig, 1)
}

func pdnMissing(w *writer, why string) {
	if why != "" {
		w.line("")
		w.line(w.f("(Запись в PDN не приложена: %s.)", "(The PDN record is not attached: %s.)", why))
	}
}

func recordOrNone(w *writer, r string) string {
	if r == "" {
		return w.t("ходов не было", "no moves were made")
	}
	return r
}

// indent indents every line of s by two spaces.
func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n  ")
}

// ResultWords writes a result token ("1-0", "1/2-1/2", "0-1") for a
// player in lang; other tokens are written as they are.
func ResultWords(result string, lang Lang) string {
	w := &writer{lang: lang.orDefault()}
	switch result {
	case "1-0":
		return w.t("выигрыш белых (1-0)", "a win for White (1-0)")
	case "0-1":
		return w.t("выигрыш чёрных (0-1)", "a win for Black (0-1)")
	case "1/2-1/2":
		return w.t("ничья (1/2-1/2)", "a draw (1/2-1/2)")
	}
	return result
}
