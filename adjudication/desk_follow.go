package adjudication

import (
	"fmt"
	"slices"
	"strings"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
)

// Follow writes the desk's part of what the referee decided in out (on
// the referee's new state s); the claim's own changes are the referee's
// (corr.Claim), so the desk keeps no copy of them. A filed claim's letter
// to the judge becomes the full dossier (6.3.6), and so does the referee's
// note of a held reply; a confirmed claim is told to the claimant and the
// secretary too (6.3.7); a protest against a claim goes to the judge with
// the dossier, or marked late (6.3.8); one against a ruling goes to the
// organiser (6.1.12); a silent window sends the judge the dossier (6.3.8);
// a finished game's record goes to the secretary in semi-short notation
// with the PDN (6.5.1); an unfinished game is opened for adjudication and
// the players are asked to answer with their evaluation and analysis
// (6.5.2); a protest against an adjudication goes to the organiser
// (6.5.6-6.5.7); a withdrawn player gets no more letters about his games
// (silenced: he has left, 1.10, 6.5.3). from is the start number of the
// letter's sender, 0 when no letter caused out. It returns the new desk
// and out with the letters changed and added.
func (d Desk) Follow(s corr.State, from int, out corr.Outcome) (Desk, corr.Outcome) {
	d = d.clone()
	var unforwarded []string // games whose move was not forwarded to a withdrawn player
	out.Out = slices.DeleteFunc(append([]corr.Outgoing(nil), out.Out...), func(o corr.Outgoing) bool {
		drop := d.silenced(s, from, o)
		if drop && o.Kind == "forward" && !slices.Contains(unforwarded, o.Game) {
			unforwarded = append(unforwarded, o.Game)
		}
		return drop
	})
	for _, code := range unforwarded {
		if g, ok := s.Game(code); ok && from != 0 {
			out.Out = append(out.Out, toPlayer(s, from, g, "notice", "ход не переслан: партнёр выбыл", "move not forwarded: your opponent has withdrawn",
				"Ваш ход записан в партию, но не переслан партнёру: судья записал его выход из турнира (п. 1.10). Результат этой партии определит судья (пп. 1.10.2-1.10.5, 6.5.3); о его решении вам сообщат.",
				"Your move is recorded in the game but not forwarded: the judge has recorded your opponent's withdrawal from the tournament (1.10). The judge will decide this game's result (1.10.2-1.10.5, 6.5.3); you will be told of the ruling."))
		}
	}
	events := out.Events
	for _, e := range events {
		g, ok := s.Game(e.Game)
		if !ok {
			continue
		}
		switch e.Kind {
		case "claim-filed":
			claimFiled(s, g, &out)
		case "reply-held":
			replyHeld(s, g, &out)
		case "claim-confirmed":
			claimConfirmed(s, g, &out)
		case "finished":
			recordToSecretary(s, g, &out)
		case "unfinished":
			d.unfinished(s, g, &out)
		case "protest":
			if side, ok := g.SideOf(from); ok {
				if a := d.adjourned(g.Code); a != nil && !a.Ruled.IsZero() {
					d.adjudicationProtest(s, g, a, sideOf(side), e, &out)
				}
			}
		case "protest-in-time":
			protestInTime(s, g, from, &out)
		case "protest-late":
			protestLate(s, g, from, e, &out)
		case "appeal":
			d.appealFiled(s, g, from, e, &out)
		case "admission":
			admission(s, g, &out)
		}
	}
	return d, out
}

// lastClaim returns g's latest claim, or nil.
func lastClaim(g corr.Game) *corr.Claim {
	if len(g.Claims) == 0 {
		return nil
	}
	return &g.Claims[len(g.Claims)-1]
}

// replace puts o in place of the first letter of kind to addr about o's
// game, or appends it when there is none.
func replace(out *corr.Outcome, kind, addr string, o corr.Outgoing) {
	for i, x := range out.Out {
		if x.Kind == kind && strings.EqualFold(x.To, addr) && x.Game == o.Game {
			out.Out[i] = o
			return
		}
	}
	out.Out = append(out.Out, o)
}

// claimFiled puts the full dossier in place of the referee's letter to
// the judge (6.3.6).
func claimFiled(s corr.State, g corr.Game, out *corr.Outcome) {
	if c := lastClaim(g); c != nil {
		replace(out, "dossier", s.Tournament.Judge.Email, dossier(s, g, *c))
	}
}

// replyHeld sends the judge the dossier again, with the claimant's held
// reply (6.3.6).
func replyHeld(s corr.State, g corr.Game, out *corr.Outcome) {
	c := lastClaim(g)
	if c == nil || c.Status != corr.ClaimPending {
		return
	}
	o := dossier(s, g, *c)
	o.Subject = subject(s, g, fmt.Sprintf("ответ заявителя, заявление %d", c.Seq))
	// The referee's own note of the held reply is the last dossier letter
	// of the game: the full dossier takes its place, with its attachment.
	for i := len(out.Out) - 1; i >= 0; i-- {
		x := out.Out[i]
		if x.Kind == "dossier" && strings.EqualFold(x.To, s.Tournament.Judge.Email) && x.Game == g.Code {
			for _, id := range x.Attach {
				if !slices.Contains(o.Attach, id) {
					o.Attach = append(o.Attach, id)
				}
			}
			out.Out[i] = o
			return
		}
	}
	out.Out = append(out.Out, o)
}

// claimConfirmed tells the claimant and the secretary of the ruling; the
// referee tells the offender (6.3.7).
func claimConfirmed(s corr.State, g corr.Game, out *corr.Outcome) {
	c := lastClaim(g)
	if c == nil {
		return
	}
	note := ""
	if c.Note != "" {
		note = "\n" + c.Note
	}
	claimant, offender := g.Number(c.Against.Opponent()), g.Number(c.Against)
	out.Out = append(out.Out,
		toPlayer(s, claimant, g, "ruling", "решение судьи", "the judge's ruling",
			fmt.Sprintf("Судья подтвердил просрочку партнёра в партии %s: партия засчитана вам как выигрыш (%s, п. 6.3.7).%s", g.Code, g.Result, note),
			fmt.Sprintf("The judge confirmed your opponent's overstep in game %s: the game is scored as your win (%s, clause 6.3.7).%s", g.Code, g.Result, note)),
		toOfficial(s, s.Tournament.Secretary, g, "ruling", "решение судьи",
			fmt.Sprintf("Судья подтвердил просрочку игрока %s по заявлению %d в партии %s: ему засчитано поражение, результат %s (п. 6.3.7).%s", name(s, offender), c.Seq, g.Code, g.Result, note)))
}

// recordToSecretary adds to the secretary's result letter the record in
// semi-short notation and the PDN (6.5.1).
func recordToSecretary(s corr.State, g corr.Game, out *corr.Outcome) {
	r := record(s, g)
	text := fmt.Sprintf("\n\nЗапись партии %s (п. 6.5.1), %s — %s, результат %s:\n%s %s\nЗапись в PDN приложена.",
		g.Code, name(s, g.White), name(s, g.Black), g.Result, pick(r.Plies() == 0, "ходов не было", semiShort(r)), g.Result)
	for i, o := range out.Out {
		if o.Kind == "result" && strings.EqualFold(o.To, s.Tournament.Secretary.Email) && o.Game == g.Code {
			o.Body = strings.Replace(o.Body, sign(s, false), text+sign(s, false), 1)
			o.Files = append([]corr.File(nil), o.Files...)
			withPDN(&o, s, g, g.Result)
			out.Out[i] = o
			return
		}
	}
	o := toOfficial(s, s.Tournament.Secretary, g, "record", "запись партии", strings.TrimSpace(text))
	withPDN(&o, s, g, g.Result)
	out.Out = append(out.Out, o)
}

// unfinished opens game g for adjudication (6.5.2) and asks both players,
// in the end-of-play letter, to answer it with evaluation and analysis.
func (d *Desk) unfinished(s corr.State, g corr.Game, out *corr.Outcome) {
	if d.adjourned(g.Code) != nil {
		return
	}
	a := Adjourned{Game: g.Code, WhitePlayer: g.White, BlackPlayer: g.Black, Adjournment: Adjournment{EndOfPlay: s.Tournament.End}}
	d.Adjournments = append(d.Adjournments, a)
	final := record(s, g).Final()
	for _, n := range []int{g.White, g.Black} {
		p, _ := s.Tournament.Player(n)
		en := english(s, n)
		add := tr(en,
			fmt.Sprintf("\n\nПроще всего ответить на это письмо до %s включительно: строка «оценка: выигрыш белых», «оценка: ничья» или «оценка: выигрыш чёрных», затем строка «анализ:» и ваш анализ достижения желаемого результата. Сервер передаст их судье. Опротестовать присуждение сможет только игрок, приславший анализ в срок (п. 6.5.6). Диаграмма заключительного положения приложена.", a.AnalysisDue().Russian()),
			fmt.Sprintf("\n\nThe simplest is to answer this letter by %s inclusive: a line \"evaluation: win for white\", \"evaluation: draw\" or \"evaluation: win for black\", then a line \"analysis:\" and your analysis of how to reach that result. The server passes them to the judge. Only a player who sent an analysis in time may protest the adjudication (clause 6.5.6). A diagram of the final position is attached.", a.AnalysisDue().Russian()))
		for i, o := range out.Out {
			if o.Kind == "end-of-play" && strings.EqualFold(o.To, p.Email) && o.Game == g.Code {
				o.Body = strings.Replace(o.Body, sign(s, en), add+sign(s, en), 1)
				o.Files = append(append([]corr.File(nil), o.Files...), diagramFile(g, final))
				out.Out[i] = o
			}
		}
	}
}

// protestLate marks the referee's letter to the judge of a protest that
// came after the claim's ten days, and tells its sender so (6.3.8).
func protestLate(s corr.State, g corr.Game, from int, e corr.Event, out *corr.Outcome) {
	c := lastClaim(g)
	if c == nil {
		return
	}
	due := c.Protest.Due
	for i, o := range out.Out {
		if o.Kind == "protest" && strings.EqualFold(o.To, s.Tournament.Judge.Email) && o.Game == g.Code {
			o.Body = strings.Replace(o.Body, "!\n\n", fmt.Sprintf("!\n\nПРОТЕСТ ПОДАН ПОСЛЕ СРОКА: последний день был %s (п. 6.3.8).\n\n", due.Russian()), 1)
			out.Out[i] = o
		}
	}
	o := toPlayer(s, from, g, "notice", "протест после срока", "protest out of time",
		fmt.Sprintf("Ваш протест получен %s, после срока: протестовать можно было до %s включительно (п. 6.3.8). Судья получил его с этой отметкой.", e.Date.Russian(), due.Russian()),
		fmt.Sprintf("Your protest arrived on %s, after the time allowed: the last day was %s (clause 6.3.8). The judge has it with that remark.", e.Date.Russian(), due.Russian()))
	p, _ := s.Tournament.Player(from)
	for _, x := range out.Out {
		if x.Kind == "notice" && strings.EqualFold(x.To, p.Email) && x.Game == g.Code {
			o.InReplyTo = x.InReplyTo // the referee's "passed to the judge" gives way to this
		}
	}
	replace(out, "notice", p.Email, o)
}

// protestInTime sends the judge the protest against the claim with the
// dossier, in place of the referee's letter (6.3.8).
func protestInTime(s corr.State, g corr.Game, from int, out *corr.Outcome) {
	c := lastClaim(g)
	if c == nil {
		return
	}
	o := dossier(s, g, *c)
	o.Kind = "protest"
	o.Subject = subject(s, g, fmt.Sprintf("протест игрока №%d по заявлению %d о просрочке", from, c.Seq))
	replace(out, "protest", s.Tournament.Judge.Email, o)
}

// admission sends the judge the dossier of the pending claim whose ten
// days passed without a protest (6.3.8); a claim ruled before needs none.
func admission(s corr.State, g corr.Game, out *corr.Outcome) {
	if c := lastClaim(g); c != nil && c.Status == corr.ClaimPending && c.Protest.Admitted {
		o := dossier(s, g, *c)
		o.Subject += " (протеста нет, п. 6.3.8)"
		out.Out = append(out.Out, o)
	}
}

// sideOf converts a board side.
func sideOf(c draughts.Color) Side { return pick(c == draughts.White, White, Black) }

// silenced reports whether the referee's letter o goes to a player the
// judge ruled withdrawn and is about play in his games: the opponents'
// moves, reminders, inquiries, notices, the request for an analysis. He
// has left the tournament (1.10, 6.5.3); his games are decided without
// him (1.10.2-1.10.4). What stays: the answers to a letter of his own (from
// is his number), so that nothing he sends goes unanswered, the judge's
// rulings, which he may protest (6.3.8, 6.5.5), and letters about no
// game. docs/tournaments.md, "Withdrawals", says why.
func (d Desk) silenced(s corr.State, from int, o corr.Outgoing) bool {
	if o.Game == "" || o.Kind == "ruling" || o.Kind == "sanction" || o.Kind == "adjudicated" {
		return false
	}
	for _, w := range d.Withdrawals {
		if p, ok := s.Tournament.Player(w.Player); ok && w.Ruling.Withdrawn() && w.Player != from && strings.EqualFold(p.Email, o.To) {
			return true
		}
	}
	return false
}
