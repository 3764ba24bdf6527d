package adjudication

import (
	"fmt"
	"strings"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// Appeal is one ruling of the judge on an overstep claim as the desk
// lists it, a matter a player may take further: "при несогласии с
// решением судьи — в организацию, проводящую соревнование", within ten
// days of receiving the decision (6.1.12). The organiser decides; its
// decision is final. It is read from the claim (corr.Claim.Appeal), which
// alone keeps it.
type Appeal struct {
	Game  string `json:"game"`
	Claim int    `json:"claim"` // the claim's number within the game
	// Ruling is the judge's decision as the claim's status wrote it
	// ("confirmed", "rejected"); Ruled its day; Due the last day to protest.
	Ruling string           `json:"ruling"`
	Ruled  timecontrol.Date `json:"ruled"`
	Due    timecontrol.Date `json:"due"`
	// From is the start number of the player who protested, 0 before any
	// protest; Filed the protest's postmark, Late whether it came after Due.
	From  int              `json:"from,omitempty"`
	Filed timecontrol.Date `json:"filed,omitzero"`
	Late  bool             `json:"late,omitempty"`
	Text  string           `json:"text,omitempty"`
	// Final: no protest came in the ten days, the judge's ruling stands.
	Final bool `json:"final,omitempty"`
	// Decision is the organiser's: ProtestUpheld or ProtestRejected, with
	// its note and day; NoVerdict before.
	Decision Verdict          `json:"decision,omitempty"`
	Note     string           `json:"note,omitempty"`
	Decided  timecontrol.Date `json:"decided,omitzero"`
}

// Appeals lists the rulings on the overstep claims of s, game by game.
func Appeals(s corr.State) []Appeal {
	var out []Appeal
	for _, g := range s.Games {
		for _, c := range g.Claims {
			if c.Status == corr.ClaimPending {
				continue
			}
			a := c.Appeal
			v := Appeal{Game: g.Code, Claim: c.Seq, Ruling: c.Ruling().String(), Ruled: c.Ruled, Due: a.Due,
				From: a.From, Filed: a.Filed, Late: a.Late, Text: a.Text, Final: a.Final, Note: a.Note, Decided: a.Decided}
			if !a.Decided.IsZero() {
				v.Decision = pick(a.Upheld, ProtestUpheld, ProtestRejected)
			}
			out = append(out, v)
		}
	}
	return out
}

// Open reports whether the protest waits for the organiser's decision.
func (a Appeal) Open() bool { return !a.Filed.IsZero() && a.Decided.IsZero() }

// appealFiled sends player from's protest against the ruling on g's
// latest claim, received on e.Date and recorded by the referee
// (corr.Claim.Appeal): to the organiser with the game's record and the
// ruling, and to the judge and the secretary; a protest after the ten days
// goes too, marked late, for the organiser to decide (6.1.12).
func (d Desk) appealFiled(s corr.State, g corr.Game, from int, e corr.Event, out *corr.Outcome) {
	c := lastClaim(g)
	if c == nil {
		return
	}
	a := c.Appeal
	timing := fmt.Sprintf("в срок (последний день %s)", a.Due.Russian())
	if a.Late {
		timing = fmt.Sprintf("ПОСЛЕ СРОКА: последний день был %s", a.Due.Russian())
	}
	matter := fmt.Sprintf("Протест игрока %s на решение судьи от %s по заявлению %d о просрочке в партии %s (%s), получен %s, %s (п. 6.1.12).",
		name(s, from), c.Ruled.Russian(), c.Seq, g.Code, c.Status.Russian(), e.Date.Russian(), timing)
	how := "Ответьте на это письмо строкой «протест удовлетворён» или «протест отклонён» (protest upheld / protest rejected); остальные строки — обоснование, оно будет сообщено игрокам. Решение организации окончательное (п. 6.1.12)."
	pass := "Протест рассматривает организация, проводящая соревнование (п. 6.1.12); он направлен ей (" + d.Organiser.Email + ")."
	if d.Organiser.Email == "" {
		pass = "Протест рассматривает организация, проводящая соревнование (п. 6.1.12); её адрес не записан (zaochnik judge organiser ИМЯ АДРЕС): передайте протест ей; её решение секретарь записывает на странице «Протесты» или командой zaochnik judge appeal \"" + g.Code + "\" (см. zaochnik judge appeal --help)."
	}
	for i, o := range out.Out {
		if o.Kind == "protest" && strings.EqualFold(o.To, s.Tournament.Judge.Email) && o.Game == g.Code {
			o.Body = strings.Replace(o.Body, "!\n\n", "!\n\n"+pass+"\n\n", 1)
			out.Out[i] = o
		}
	}
	if d.Organiser.Email != "" {
		var b strings.Builder
		fmt.Fprintf(&b, "%s\n\nПротест:\n%s\n\nРешение судьи: %s.", matter, indent(a.Text), c.Status.Russian())
		if c.Note != "" {
			b.WriteString(" Обоснование судьи: " + c.Note)
		}
		fmt.Fprintf(&b, "\n\nЗапись партии: %s\n\n%s", semiShortOr(s, g), how)
		out.Out = append(out.Out, toOfficial(s, d.Organiser, g, "protest", fmt.Sprintf("протест на решение судьи по заявлению %d", c.Seq), b.String()))
	}
	out.Out = append(out.Out, toOfficial(s, s.Tournament.Secretary, g, "protest", "протест на решение судьи", matter+"\n"+pass))
}

// semiShortOr is g's record in semi-short notation, or a note that no move was made.
func semiShortOr(s corr.State, g corr.Game) string {
	r := record(s, g)
	return pick(r.Plies() == 0, "ходов не было", semiShort(r))
}

// AppealDecision records the organiser's decision on the open protest
// against the judge's ruling in game code (6.1.12), made on day: upheld
// turns the ruling and restores what it took, rejected leaves it
// (corr.DecideAppeal). Both players, the judge and the secretary are
// told; the decision is final. It fails when no protest waits in that game.
func (d Desk) AppealDecision(s corr.State, code string, upheld bool, note string, day timecontrol.Date) (Desk, corr.State, corr.Outcome, error) {
	note = strings.TrimSpace(note)
	var a *Appeal
	for _, x := range Appeals(s) {
		if x.Game == code && x.Open() {
			a = &x
		}
	}
	if a == nil {
		return d, s, corr.Outcome{}, fmt.Errorf("adjudication: no protest against a ruling waits in game %s (6.1.12); 'zaochnik judge appeals' lists them", code)
	}
	ns, out, err := corr.DecideAppeal(s, code, upheld, note, day)
	if err != nil {
		return d, s, corr.Outcome{}, err
	}
	d, out = d.Follow(ns, 0, out)
	g, _ := ns.Game(code)
	out.Events = append(out.Events, corr.Event{Game: code, Date: day, Kind: pick(upheld, "appeal-upheld", "appeal-rejected"), Clause: "6.1.12", Detail: note})
	n := pick(note == "", "", "\n"+note)
	whatRu, whatEn := appealWords(g, *a, upheld)
	ru := fmt.Sprintf("Организация, проводящая соревнование, %s протест игрока %s на решение судьи от %s по заявлению %d о просрочке в партии %s: %s Решение окончательное (п. 6.1.12).%s",
		pick(upheld, "удовлетворила", "отклонила"), name(s, a.From), a.Ruled.Russian(), a.Claim, code, whatRu, n)
	en := fmt.Sprintf("The organiser has %s the protest of player %s against the judge's ruling of %s on overstep claim %d in game %s: %s The decision is final (clause 6.1.12).%s",
		pick(upheld, "upheld", "rejected"), name(s, a.From), a.Ruled.Russian(), a.Claim, code, whatEn, n)
	for _, p := range []int{g.White, g.Black} {
		out.Out = append(out.Out, toPlayer(s, p, g, "ruling", "решение по протесту", "decision on the protest", ru, en))
	}
	for _, p := range []corr.Person{s.Tournament.Judge, s.Tournament.Secretary} {
		out.Out = append(out.Out, toOfficial(s, p, g, "ruling", "решение организации по протесту", ru))
	}
	return d, ns, out, nil
}

// appealWords says what the decision on appeal a left of the ruling, with
// the game g as it now stands.
func appealWords(g corr.Game, a Appeal, upheld bool) (ru, en string) {
	switch {
	case !upheld:
		return fmt.Sprintf("решение судьи (%s) остаётся в силе, результат %s.", a.RulingStatus().Russian(), g.Result),
			fmt.Sprintf("the judge's ruling (%s) stands, result %s.", a.Ruling, g.Result)
	case a.RulingStatus() == corr.ClaimConfirmed:
		white := sideOf(g.ToMove()) == White
		ru := "просрочки нет, поражение отменено, игра продолжается: ход за " + pick(white, "белыми", "чёрными")
		en := "there is no overstep; the loss is withdrawn and play resumes: it is " + pick(white, "White", "Black") + "'s move"
		if n := len(g.Plies); n > 0 {
			ru, en = ru+", ответ на "+g.Plies[n-1].Text, en+", answering "+g.Plies[n-1].Text
		}
		return ru + "; если ваш ответ был задержан до решения судьи, пришлите его снова.",
			en + "; if your reply was held until the judge's ruling, please send it again."
	}
	return fmt.Sprintf("просрочка подтверждена, штрафные дни за заявление сняты, результат %s.", g.Result),
		fmt.Sprintf("the overstep is confirmed, the penalty days for the claim are withdrawn, result %s.", g.Result)
}

// RulingStatus returns the judge's decision as the claim's status.
func (a Appeal) RulingStatus() corr.ClaimStatus {
	for _, st := range []corr.ClaimStatus{corr.ClaimConfirmed, corr.ClaimRejected} {
		if st.String() == a.Ruling {
			return st
		}
	}
	return corr.ClaimPending
}

// OrganiserAnswer applies the organiser's letter, received on day, about
// game code (the thread of the server's letter it answers; "" when none:
// then the only game with a protest waiting): «протест удовлетворён» or
// «протест отклонён» decides the protest against the judge's ruling
// (6.1.12). An answer the desk cannot act on is not an error: the
// organiser is told what to write.
func (d Desk) OrganiserAnswer(s corr.State, code, text string, day timecontrol.Date) (Desk, corr.State, corr.Outcome, error) {
	refuse := func(why string) (Desk, corr.State, corr.Outcome, error) {
		g, _ := s.Game(code)
		o := toOfficial(s, d.Organiser, g, "refusal", "ответ не принят", "Ваше письмо не принято: "+why+"\nОтветьте на письмо с протестом строкой «протест удовлетворён» или «протест отклонён».")
		if g.Code == "" {
			o.Subject = s.Tournament.Cipher + ": ответ не принят"
		}
		return d, s, corr.Outcome{Accepted: false, Reason: why, Game: g.Code, Out: []corr.Outgoing{o},
			Problems: []corr.Problem{{Kind: "organiser-answer", Clause: "6.1.12", Text: why}}}, nil
	}
	r, err := ParseJudgeReply(text)
	switch {
	case err != nil:
		return refuse(strings.TrimPrefix(err.Error(), "adjudication: "))
	case r.Verdict != ProtestUpheld && r.Verdict != ProtestRejected:
		return refuse("организация решает протест на решение судьи: «протест удовлетворён» или «протест отклонён» (п. 6.1.12)")
	}
	if code == "" {
		for _, a := range Appeals(s) {
			if a.Open() {
				code = pick(code == "", a.Game, "?")
			}
		}
	}
	next, ns, out, err := d.AppealDecision(s, code, r.Verdict == ProtestUpheld, r.Note, day)
	if err != nil {
		return refuse(strings.TrimPrefix(err.Error(), "adjudication: "))
	}
	g, _ := s.Game(code)
	out.Out = append(out.Out, toOfficial(s, d.Organiser, g, "confirmation", "решение принято",
		fmt.Sprintf("Ваше решение по протесту в партии %s принято %s: %s. Письма игрокам, судье и секретарю отправлены.", code, day.Russian(), pick(r.Verdict == ProtestUpheld, "протест удовлетворён", "протест отклонён"))))
	return next, ns, out, nil
}
