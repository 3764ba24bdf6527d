package web

import (
	"fmt"
	"net/http"
	"strings"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// evaluationName is a player's evaluation in Russian.
func evaluationName(e adjudication.Evaluation) string {
	switch e {
	case adjudication.WinForWhite:
		return "выигрыш белых (1-0)"
	case adjudication.DrawnPosition:
		return "ничья (1/2-1/2)"
	case adjudication.WinForBlack:
		return "выигрыш черных (0-1)"
	}
	return "оценка не прислана"
}

// submissionView is one player's column of the adjudication page.
type submissionView struct {
	Side, Name, Evaluation, Analysis string
	Received                         timecontrol.Date
	InTime                           bool
}

type adjournmentView struct {
	Code, URL, GameURL, White, Black string
	AnalysisDue, RulingDue, Ruled    timecontrol.Date
	Agreed                           string
	Sides                            [2]submissionView
	Ruling                           *adjudication.Ruling
	Overdue                          bool
}

func newAdjournmentView(st corr.State, g corr.Game, a Adjournment, today timecontrol.Date) adjournmentView {
	t := st.Tournament
	url := gameURL(t.Cipher, g)
	v := adjournmentView{Code: g.Code, URL: url + "/adjudication", GameURL: url, White: playerName(t, g.White), Black: playerName(t, g.Black),
		AnalysisDue: a.AnalysisDue(), RulingDue: a.RulingDue(), Ruled: a.Ruled, Ruling: a.Ruling}
	v.Overdue = a.Ruling == nil && today.After(v.RulingDue)
	if r, ok := a.Agreed(); ok {
		v.Agreed = r.String()
	}
	for i, sub := range []adjudication.Submission{a.White, a.Black} {
		side := adjudication.Side(i)
		color, name := draughts.White, "Белые"
		if side == adjudication.Black {
			color, name = draughts.Black, "Черные"
		}
		v.Sides[i] = submissionView{Side: name, Name: playerName(t, g.Number(color)), Evaluation: evaluationName(sub.Evaluation), Analysis: a.Analyses[i],
			Received: sub.Received, InTime: a.InTime(side)}
	}
	return v
}

// adjournmentsPage lists the unfinished games before the judge with their deadlines.
func (srv *Server) adjournmentsPage(w http.ResponseWriter, r *http.Request, s session) {
	st, ok := srv.loadState(w, r, s)
	if !ok {
		return
	}
	list, err := srv.opt.Judge.Adjournments(r.Context(), st.Tournament.Cipher)
	if err != nil {
		srv.storeError(w, r, s, "неоконченные партии турнира "+st.Tournament.Cipher, err)
		return
	}
	today := srv.today(st.Tournament)
	var items []adjournmentView
	for _, a := range list {
		if g, ok := st.Game(a.Game); ok {
			items = append(items, newAdjournmentView(st, g, a, today))
		}
	}
	srv.render(w, r, s, http.StatusOK, "adjournments", "Присуждение неоконченных партий — "+st.Tournament.Cipher,
		struct {
			URL   string
			Items []adjournmentView
		}{tournamentURL(st.Tournament.Cipher), items})
}

// loadAdjournment reads the game of the path and its adjournment.
func (srv *Server) loadAdjournment(w http.ResponseWriter, r *http.Request, s session) (corr.State, corr.Game, Adjournment, bool) {
	st, g, ok := srv.loadGame(w, r, s)
	if !ok {
		return st, g, Adjournment{}, false
	}
	list, err := srv.opt.Judge.Adjournments(r.Context(), st.Tournament.Cipher)
	if err != nil {
		srv.storeError(w, r, s, "неоконченные партии турнира "+st.Tournament.Cipher, err)
		return st, g, Adjournment{}, false
	}
	for _, a := range list {
		if a.Game == g.Code {
			return st, g, a, true
		}
	}
	srv.fail(w, r, s, http.StatusNotFound, fmt.Sprintf("Партия %s не передана на присуждение (п. 6.5.2): она %s. / The game is not before the judge.", g.Code, statusName(g.Status)))
	return st, g, Adjournment{}, false
}

type adjudicationView struct {
	adjournmentView
	Board   boardView
	Engine  string
	MayRule bool
	Error   string
	Reason  string
}

// adjudicationPage shows the final position, both evaluations and
// analyses side by side, the engine's view, the deadlines and the form.
func (srv *Server) adjudicationPage(w http.ResponseWriter, r *http.Request, s session) {
	st, g, a, ok := srv.loadAdjournment(w, r, s)
	if !ok {
		return
	}
	srv.render(w, r, s, http.StatusOK, "adjudication", "Присуждение партии "+g.Code, srv.adjudicationView(st, g, a, s))
}

func (srv *Server) adjudicationView(st corr.State, g corr.Game, a Adjournment, s session) adjudicationView {
	rec := g.Record(st.Tournament.DraughtsVariant())
	v := adjudicationView{adjournmentView: newAdjournmentView(st, g, a, srv.today(st.Tournament)),
		Board: newBoardView(rec, len(rec.Moves), gameURL(st.Tournament.Cipher, g), g.Plies), Engine: srv.engine.describe(rec),
		MayRule: s.Role == RoleJudge && a.Ruling == nil}
	return v
}

// adjudicate records the judge's result for an unfinished game (6.5.4-6.5.5).
func (srv *Server) adjudicate(w http.ResponseWriter, r *http.Request, s session) {
	st, g, a, ok := srv.loadAdjournment(w, r, s)
	if !ok {
		return
	}
	if a.Ruling != nil {
		srv.fail(w, r, s, http.StatusConflict, fmt.Sprintf("Партия %s уже присуждена %s: %s. / Already adjudicated.", g.Code, a.Ruled.Russian(), a.Ruling.Result))
		return
	}
	reason := strings.TrimSpace(r.PostForm.Get("reason"))
	again := func(msg string) {
		v := srv.adjudicationView(st, g, a, s)
		v.Error, v.Reason = msg, reason
		srv.render(w, r, s, http.StatusUnprocessableEntity, "adjudication", "Присуждение партии "+g.Code, v)
	}
	result, err := adjudication.ParseResult(r.PostForm.Get("result"))
	if err != nil {
		again("Выберите результат: 1-0, 1/2-1/2 или 0-1 (п. 6.5.5).")
		return
	}
	ruling, err := a.Decide(result, reason)
	if err != nil {
		again(err.Error())
		return
	}
	out, err := srv.opt.Judge.Adjudicate(r.Context(), g.Code, ruling, srv.today(st.Tournament))
	if err != nil {
		srv.storeError(w, r, s, "присуждение партии "+g.Code, err)
		return
	}
	heading := fmt.Sprintf("Партия %s присуждена: %s (п. 6.5.5).", g.Code, ruling.Result)
	if ruling.Overridden {
		heading += " Совпавшие оценки игроков отклонены (п. 6.5.4): " + ruling.Reason
	}
	srv.render(w, r, s, http.StatusOK, "outcome", "Решение принято", outcomeView{Heading: heading, Back: gameURL(st.Tournament.Cipher, g),
		Accepted: true, Problems: out.Problems, Events: out.Events, Out: out.Out})
}
