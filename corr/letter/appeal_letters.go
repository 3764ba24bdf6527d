package letter

import "zaochnik/timecontrol"

// AppealMatter is a player's protest against the judge's ruling on an
// overstep claim, which the organiser decides (6.1.12).
type AppealMatter struct {
	Player    PlayerRef
	Seq       int              // the claim's number in its game
	Ruled     timecontrol.Date // the day of the ruling
	Confirmed bool             // the ruling confirmed the overstep
	Received  timecontrol.Date // the day the protest came
	Due       timecontrol.Date // the last day for it
	Late      bool
}

func (m AppealMatter) text(w *writer, code string) string {
	timing := w.f("в срок (последний день %s)", "in time (the last day %s)", date(m.Due))
	if m.Late {
		timing = w.f("ПОСЛЕ СРОКА: последний день был %s", "LATE: the last day was %s", date(m.Due))
	}
	return w.f("Протест игрока %s на решение судьи от %s по заявлению %d о просрочке в партии %s (%s), получен %s, %s (п. 6.1.12).",
		"Protest of player %s against the judge's ruling of %s on overstep claim %d in game %s (%s), received %s, %s (6.1.12).",
		m.Player, date(m.Ruled), m.Seq, code, verdict(w, m.Confirmed), date(m.Received), timing)
}

func verdict(w *writer, confirmed bool) string {
	if confirmed {
		return w.t("просрочка подтверждена", "overstep confirmed")
	}
	return w.t("просрочки нет", "no overstep")
}

// AppealRouted says where a protest against a ruling went: to the
// organiser's address, or, with none on record, what the secretary does
// (6.1.12). The judge's copy of the protest carries it.
func AppealRouted(l Lang, organiser, gameID string) string {
	w := &writer{lang: l.orDefault()}
	if organiser == "" {
		return w.f("Протест рассматривает организация, проводящая соревнование (п. 6.1.12); её адрес не записан (zaochnik judge organiser ИМЯ АДРЕС): передайте протест ей; её решение секретарь записывает на странице «Протесты» или командой zaochnik judge appeal \"%s\" (см. zaochnik judge appeal --help).",
			"The organiser decides the protest (6.1.12); its address is not on record (zaochnik judge organiser NAME ADDRESS): pass the protest on; the secretary records its decision on the Protests page or with zaochnik judge appeal \"%s\" (see zaochnik judge appeal --help).", gameID)
	}
	return w.f("Протест рассматривает организация, проводящая соревнование (п. 6.1.12); он направлен ей (%s).", "The organiser decides the protest (6.1.12); it has been sent there (%s).", organiser)
}

// AppealToOrganiser takes a protest against the judge's ruling to the
// organiser with the ruling and the record, and says how to answer (6.1.12).
type AppealToOrganiser struct {
	Envelope
	Matter  AppealMatter
	Protest string
	Note    string // the judge's reasons; empty when none
	Record  string // semi-short notation; empty when no move was made
}

// Render writes the letter.
func (a AppealToOrganiser) Render() Message {
	w := newWriter(a.Envelope)
	w.line(a.Matter.text(w, a.code()))
	w.line("")
	w.line(w.t("Протест:", "Protest:"))
	w.line(indent(a.Protest))
	w.line("")
	s := w.f("Решение судьи: %s.", "The judge's ruling: %s.", verdict(w, a.Matter.Confirmed))
	if a.Note != "" {
		s += w.t(" Обоснование судьи: ", " The judge's reasons: ") + a.Note
	}
	w.line(s)
	w.line("")
	w.line(w.t("Запись партии: ", "Record: ") + recordOrNone(w, a.Record))
	w.line("")
	w.line(w.t("Ответьте на это письмо строкой «протест удовлетворён» или «протест отклонён» (protest upheld / protest rejected); остальные строки — обоснование, оно будет сообщено игрокам. Решение организации окончательное (п. 6.1.12).",
		"Answer this letter with the line “protest upheld” or “protest rejected” (протест удовлетворён / протест отклонён); the other lines are the reasons, told to the players. The organiser's decision is final (6.1.12)."))
	return w.close(a.Envelope, w.f("Протест на решение судьи по заявлению %d", "Protest against the judge's ruling on claim %d", a.Matter.Seq))
}

// AppealCopy tells the secretary of a protest against the judge's ruling
// and where it went (6.1.12).
type AppealCopy struct {
	Envelope
	Matter    AppealMatter
	Organiser string // the organiser's address; empty when not on record
	GameID    string // the game as the command line names it
}

// Render writes the copy.
func (a AppealCopy) Render() Message {
	w := newWriter(a.Envelope)
	w.line(a.Matter.text(w, a.code()))
	w.line(AppealRouted(w.lang, a.Organiser, a.GameID))
	return w.close(a.Envelope, w.t("Протест на решение судьи", "Protest against the judge's ruling"))
}

// AppealDecided tells the players, the judge and the secretary the
// organiser's final decision on a protest against the judge's ruling
// (6.1.12), and what it leaves of the ruling.
type AppealDecided struct {
	Envelope
	Matter   AppealMatter
	Upheld   bool
	Official bool   // the judge's or the secretary's copy
	Result   string // the game's result now; empty while it goes on
	// WhiteToMove and Last say who moves, answering what, when an upheld
	// protest took back a confirmed overstep and play resumes.
	WhiteToMove bool
	Last        string
	Note        string // the organiser's reasons
}

// Render writes the decision.
func (a AppealDecided) Render() Message {
	w := newWriter(a.Envelope)
	var what string
	switch {
	case !a.Upheld:
		what = w.f("решение судьи (%s) остаётся в силе, результат %s.", "the judge's ruling (%s) stands, result %s.", verdict(w, a.Matter.Confirmed), a.Result)
	case a.Matter.Confirmed:
		what = w.t("просрочки нет, поражение отменено, игра продолжается: ход за ", "there is no overstep; the loss is withdrawn and play resumes: it is ")
		if a.WhiteToMove {
			what += w.t("белыми", "White's move")
		} else {
			what += w.t("чёрными", "Black's move")
		}
		if a.Last != "" {
			what += w.t(", ответ на ", ", answering ") + a.Last
		}
		what += w.t("; если ваш ответ был задержан до решения судьи, пришлите его снова.", "; if your reply was held until the judge's ruling, please send it again.")
	default:
		what = w.f("просрочка подтверждена, штрафные дни за заявление сняты, результат %s.", "the overstep is confirmed, the penalty days for the claim are withdrawn, result %s.", a.Result)
	}
	verb := w.t("отклонила", "rejected")
	if a.Upheld {
		verb = w.t("удовлетворила", "upheld")
	}
	s := w.f("Организация, проводящая соревнование, %s протест игрока %s на решение судьи от %s по заявлению %d о просрочке в партии %s: %s Решение окончательное (п. 6.1.12).",
		"The organiser has %s the protest of player %s against the judge's ruling of %s on overstep claim %d in game %s: %s The decision is final (clause 6.1.12).",
		verb, a.Matter.Player, date(a.Matter.Ruled), a.Matter.Seq, a.code(), what)
	if a.Note != "" {
		s += "\n" + a.Note
	}
	w.line(s)
	if a.Official {
		return w.close(a.Envelope, w.t("Решение организации по протесту", "The organiser's decision on the protest"))
	}
	return w.close(a.Envelope, w.t("Решение по протесту", "Decision on the protest"))
}

// OrganiserAnswerRefused tells the organiser that an answer could not be
// acted on, and what to write (6.1.12).
type OrganiserAnswerRefused struct {
	Envelope
	Why Problem
}

// Render writes the refusal.
func (o OrganiserAnswerRefused) Render() Message {
	w := newWriter(o.Envelope)
	w.line(w.t("Ваше письмо не принято: ", "Your letter was not accepted: ") + o.Why.Message(w.lang))
	w.line(w.t("Ответьте на письмо с протестом строкой «протест удовлетворён» или «протест отклонён».", "Answer the protest's letter with the line “protest upheld” or “protest rejected”."))
	return w.close(o.Envelope, w.t("Ответ не принят", "Answer not accepted"))
}

// AppealVerdictExpected: the organiser's answer decides nothing the
// organiser may decide (6.1.12).
func AppealVerdictExpected() Problem {
	return both("organiser-answer", "6.1.12", "организация решает протест на решение судьи: «протест удовлетворён» или «протест отклонён» (п. 6.1.12)",
		"the organiser decides a protest against the judge's ruling: “protest upheld” or “protest rejected” (6.1.12)")
}

// OrganiserDecisionTaken confirms to the organiser that the decision was
// recorded and sent on (6.1.12).
type OrganiserDecisionTaken struct {
	Envelope
	On     timecontrol.Date
	Upheld bool
}

// Render writes the confirmation.
func (o OrganiserDecisionTaken) Render() Message {
	w := newWriter(o.Envelope)
	what := w.t("протест отклонён", "protest rejected")
	if o.Upheld {
		what = w.t("протест удовлетворён", "protest upheld")
	}
	w.line(w.f("Ваше решение по протесту в партии %s принято %s: %s. Письма игрокам, судье и секретарю отправлены.",
		"Your decision on the protest in game %s was recorded on %s: %s. The letters to the players, the judge and the secretary have gone.", o.code(), date(o.On), what))
	return w.close(o.Envelope, w.t("Решение принято", "Decision recorded"))
}
