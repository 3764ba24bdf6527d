package letter

import "zaochnik/timecontrol"

// EndingKind is how a game ended.
type EndingKind string

// The endings the server records.
const (
	EndResigned          EndingKind = "resigned"            // the side resigned (2.1.8)
	EndDrawAgreed        EndingKind = "draw-agreed"         // a draw by agreement (2.1.9.1.1)
	EndNoMove            EndingKind = "no-move"             // the side has no move left (2.8.1)
	EndOverstepConfirmed EndingKind = "overstep-confirmed"  // the judge confirmed the side's overstep (6.3.7)
	EndOverstepOnProtest EndingKind = "overstep-on-protest" // the same on protest against "no overstep" (6.1.12)
)

// Ending is how a game ended and, but for a draw, by whose act: the side
// and its player.
type Ending struct {
	Kind  EndingKind
	White bool   // the side concerned is White
	Name  string // its player
}

func (e Ending) text(w *writer) string {
	side := w.t("чёрные", "Black")
	if e.White {
		side = w.t("белые", "White")
	}
	side += " (" + e.Name + ")"
	switch e.Kind {
	case EndResigned:
		return side + w.t(" сдались", " resigned")
	case EndNoMove:
		return side + w.t(" не имеют хода", " has no move left")
	case EndOverstepConfirmed:
		return w.t("судья подтвердил просрочку времени, поражение: ", "the judge confirmed the overstep, a loss for ") + side
	case EndOverstepOnProtest:
		return w.t("по протесту просрочка подтверждена, поражение: ", "on protest the overstep is confirmed, a loss for ") + side
	}
	return w.t("ничья по соглашению", "draw by agreement")
}

// GameOver tells a player, or the secretary (Official), that a game is
// over: how, the result with its clause and the record (6.5.1).
type GameOver struct {
	Envelope
	Ending Ending
	Result string // as PDN writes it: "1-0"
	Clause string // the clause the game ended by
	Record string // semi-short notation; empty when no move was made
	// Official is the secretary's copy, without the request for the record.
	Official bool
}

// Render writes the notice.
func (g GameOver) Render() Message {
	w := newWriter(g.Envelope)
	rec := g.Record
	if rec == "" {
		rec = w.t("(ходов не сделано)", "(no moves were made)")
	}
	w.line(w.f("Партия %s окончена: %s, результат %s (п. %s).\nЗапись: %s", "Game %s is over: %s, result %s (clause %s).\nRecord: %s",
		g.code(), g.Ending.text(w), g.Result, g.Clause, rec))
	if g.Official {
		return w.close(g.Envelope, w.t("Результат партии", "Game result"))
	}
	w.line(w.t("По п. 6.5.1 пришлите запись партии секретарю.", "Under clause 6.5.1 please send the game record to the secretary."))
	return w.close(g.Envelope, w.t("Партия окончена", "Game over"))
}

// EndOfPlay tells a player that play ended with the game unfinished, to be
// adjudicated, and what to send the judge by when (6.5.2); Official is the
// judge's notice.
type EndOfPlay struct {
	Envelope
	End, Due timecontrol.Date // the end of play, and the last day for the analyses
	Judge    string           // the judge's address
	Record   string
	Official bool
}

// Render writes the notice.
func (e EndOfPlay) Render() Message {
	w := newWriter(e.Envelope)
	if e.Official {
		w.line(w.f("Партия %s не окончена к %s; анализы игроков ожидаются до %s (п. 6.5.2). Запись: %s",
			"Game %s is unfinished at %s; the players' analyses are due by %s (6.5.2). Record: %s", e.code(), date(e.End), date(e.Due), e.Record))
		return w.close(e.Envelope, w.t("Неоконченная партия", "Unfinished game"))
	}
	w.line(w.f("Срок игры истёк %s; партия %s не окончена и будет присуждена судьёй. До %s направьте судье (%s) запись партии, диаграмму заключительного положения, оценку и анализ (п. 6.5.2). Запись: %s",
		"Play ended on %s; game %s is unfinished and will be adjudicated by the judge. By %s send the judge (%s) the record, a diagram of the final position, your evaluation and analysis (clause 6.5.2). Record: %s",
		date(e.End), e.code(), date(e.Due), e.Judge, e.Record))
	return w.close(e.Envelope, w.t("Окончание срока игры", "End of play"))
}

// InquiryCopy tells Black (or the secretary, Official) that White's first
// move has not come in 30 days and White has been asked for it (6.3.4).
type InquiryCopy struct {
	Envelope
	Official bool
}

// Render writes the copy.
func (c InquiryCopy) Render() Message {
	w := newWriter(c.Envelope)
	if c.Official {
		w.line(w.f("В партии %s за 30 дней нет первого хода белых; направлен запрос (п. 6.3.4).",
			"In game %s White's first move has not come in 30 days; an inquiry has been sent (6.3.4).", c.code()))
		return w.close(c.Envelope, w.t("Нет первого хода", "No first move"))
	}
	w.line(w.f("Первый ход партнёра в партии %s за 30 дней не получен; сервер направил ему запрос (п. 6.3.4).",
		"Your opponent's first move in game %s has not arrived in 30 days; the server has sent them an inquiry (clause 6.3.4).", c.code()))
	return w.close(c.Envelope, w.t("Запрос о первом ходе", "Inquiry about the first move"))
}
