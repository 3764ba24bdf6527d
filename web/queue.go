package web

import (
	"cmp"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// gameOption is a game in the forms' game lists.
type gameOption struct {
	Code, Label string
}

// allGames lists the games of every tournament for the forms, and the
// states by game code for the handlers.
func (srv *Server) allGames(r *http.Request) ([]gameOption, map[string]corr.State, error) {
	ciphers, err := srv.opt.Tournaments.Ciphers(r.Context())
	if err != nil {
		return nil, nil, err
	}
	var opts []gameOption
	states := map[string]corr.State{}
	for _, c := range ciphers {
		st, err := srv.opt.Tournaments.State(r.Context(), c)
		if err != nil {
			return nil, nil, err
		}
		for _, g := range st.Games {
			opts = append(opts, gameOption{Code: g.Code, Label: fmt.Sprintf("%s: %s — %s (%s)", g.Code,
				playerName(st.Tournament, g.White), playerName(st.Tournament, g.Black), statusName(g.Status))})
			states[g.Code] = st
		}
	}
	return opts, states, nil
}

type queueView struct {
	Letters   []Letter
	Games     []gameOption
	MayAct    bool
	Greetings string
	// Page is this page's number (from 1), Pages how many there are.
	Page, Pages int
}

// The queue is paged and each letter's text cut, so that a page stays far
// under 1 MiB whatever a hostile letter holds (the whole letter stays in
// the store and on its game's page).
const (
	queuePageSize   = 20
	queueTextLength = 16 << 10
)

// cutText shortens a letter's text for the queue, saying how much was left
// out.
func cutText(s string) string {
	if len(s) <= queueTextLength {
		return s
	}
	cut := queueTextLength
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("\n… [текст обрезан: показано %d байт из %d / text cut: %d of %d bytes shown]", cut, len(s), cut, len(s))
}

// queuePage is the secretary's queue: letters refused or not placed, with
// the reason and the actions.
func (srv *Server) queuePage(w http.ResponseWriter, r *http.Request, s session) {
	letters, err := srv.opt.Letters.Queue(r.Context())
	if err != nil {
		srv.storeError(w, r, s, "очередь писем", err)
		return
	}
	games, _, err := srv.allGames(r)
	if err != nil {
		srv.storeError(w, r, s, "список партий", err)
		return
	}
	pages := max(1, (len(letters)+queuePageSize-1)/queuePageSize)
	page, err := strconv.Atoi(cmp.Or(r.URL.Query().Get("page"), "1"))
	if err != nil || page < 1 || page > pages {
		srv.fail(w, r, s, http.StatusNotFound, fmt.Sprintf("Страницы %q в очереди нет (страниц: %d). / No such page.", r.URL.Query().Get("page"), pages))
		return
	}
	letters = letters[(page-1)*queuePageSize : min(len(letters), page*queuePageSize)]
	for i := range letters {
		letters[i].Text = cutText(letters[i].Text)
	}
	srv.render(w, r, s, http.StatusOK, "queue", "Очередь писем секретаря", queueView{Letters: letters, Games: games,
		MayAct: s.Role == RoleSecretary, Greetings: "Здравствуйте!\n\n\n\nС уважением,\n" + s.Name + ", секретарь турнира",
		Page: page, Pages: pages})
}

// queuedLetter reads the letter of the path.
func (srv *Server) queuedLetter(w http.ResponseWriter, r *http.Request, s session) (Letter, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		srv.fail(w, r, s, http.StatusNotFound, fmt.Sprintf("Письма %q нет. / No such letter.", r.PathValue("id")))
		return Letter{}, false
	}
	l, err := srv.opt.Letters.Letter(r.Context(), id)
	if err != nil {
		srv.storeError(w, r, s, "письмо №"+r.PathValue("id"), err)
		return Letter{}, false
	}
	return l, true
}

// assign applies a queued letter to the game the secretary chose.
func (srv *Server) assign(w http.ResponseWriter, r *http.Request, s session) {
	l, ok := srv.queuedLetter(w, r, s)
	if !ok {
		return
	}
	_, states, err := srv.allGames(r)
	if err != nil {
		srv.storeError(w, r, s, "список партий", err)
		return
	}
	code := r.PostForm.Get("game")
	st, found := states[code]
	if !found {
		srv.fail(w, r, s, http.StatusBadRequest, fmt.Sprintf("Партии %q нет: выберите партию из списка. / Choose a game from the list.", code))
		return
	}
	out, err := srv.opt.Secretary.Assign(r.Context(), l.ID, code, srv.today(st.Tournament))
	if err != nil {
		srv.storeError(w, r, s, fmt.Sprintf("письмо №%d в партию %s", l.ID, code), err)
		return
	}
	g, _ := st.Game(code)
	srv.render(w, r, s, http.StatusOK, "outcome", "Письмо применено", outcomeView{Heading: fmt.Sprintf("Письмо №%d от %s применено к партии %s.", l.ID, l.From, code),
		Back: gameURL(st.Tournament.Cipher, g), Accepted: out.Accepted, Reason: out.Reason, Problems: out.Problems, Events: out.Events, Out: out.Out})
}

// answer sends the secretary's own letter to the sender of a queued letter.
func (srv *Server) answer(w http.ResponseWriter, r *http.Request, s session) {
	l, ok := srv.queuedLetter(w, r, s)
	if !ok {
		return
	}
	subject, body := strings.TrimSpace(r.PostForm.Get("subject")), strings.TrimSpace(r.PostForm.Get("body"))
	if subject == "" || body == "" {
		srv.fail(w, r, s, http.StatusBadRequest, "Напишите тему и текст ответа. / Write the subject and the text.")
		return
	}
	o, err := srv.opt.Secretary.Answer(r.Context(), l.ID, subject, body)
	if err != nil {
		srv.storeError(w, r, s, fmt.Sprintf("ответ на письмо №%d", l.ID), err)
		return
	}
	srv.render(w, r, s, http.StatusOK, "outcome", "Ответ отправлен", outcomeView{Heading: fmt.Sprintf("Ответ на письмо №%d поставлен в очередь отправки.", l.ID),
		Back: "/queue", Accepted: true, Out: []corr.Outgoing{o}})
}

type paperView struct {
	Games  []gameOption
	MayAct bool
	Error  string
	Form   paperFields
}

// paperFields is the paper-letter form as sent, kept to fill it again.
type paperFields struct {
	Game, Side, Posted, Received, Text string
}

func (srv *Server) paperPage(w http.ResponseWriter, r *http.Request, s session) {
	srv.paperForm(w, r, s, http.StatusOK, paperFields{}, "")
}

func (srv *Server) paperForm(w http.ResponseWriter, r *http.Request, s session, status int, f paperFields, msg string) {
	games, _, err := srv.allGames(r)
	if err != nil {
		srv.storeError(w, r, s, "список партий", err)
		return
	}
	srv.render(w, r, s, status, "paper", "Бумажное письмо", paperView{Games: games, MayAct: s.Role == RoleSecretary, Error: msg, Form: f})
}

// enterPaper stores and applies a letter that came by post (6.3.1: the
// postmarks entered are the server's observations).
func (srv *Server) enterPaper(w http.ResponseWriter, r *http.Request, s session) {
	f := paperFields{Game: r.PostForm.Get("game"), Side: r.PostForm.Get("side"), Posted: r.PostForm.Get("posted"),
		Received: r.PostForm.Get("received"), Text: r.PostForm.Get("text")}
	again := func(msg string) { srv.paperForm(w, r, s, http.StatusUnprocessableEntity, f, msg) }
	_, states, err := srv.allGames(r)
	if err != nil {
		srv.storeError(w, r, s, "список партий", err)
		return
	}
	st, found := states[f.Game]
	if !found {
		again("Выберите партию из списка.")
		return
	}
	g, _ := st.Game(f.Game)
	var side draughts.Color
	switch f.Side {
	case "white":
		side = draughts.White
	case "black":
		side = draughts.Black
	default:
		again("Укажите, кто прислал письмо: белые или черные.")
		return
	}
	posted, err1 := timecontrol.ParseDate(f.Posted)
	received, err2 := timecontrol.ParseDate(f.Received)
	switch {
	case err1 != nil || err2 != nil:
		again("Даты штемпелей пишутся как ГГГГ-ММ-ДД: дата отправления (штемпель отправителя) и дата получения (штемпель прибытия).")
		return
	case received.Before(posted):
		again(fmt.Sprintf("Штемпель прибытия (%s) раньше штемпеля отправления (%s): проверьте даты.", received.Russian(), posted.Russian()))
		return
	case received.After(srv.today(st.Tournament)):
		// A postmark from the future is a typing slip that would move the
		// ledger (6.3.1): the letter cannot have arrived yet.
		again(fmt.Sprintf("Штемпель прибытия (%s) позже сегодняшнего дня (%s): письмо не могло еще прийти; проверьте дату.", received.Russian(), srv.today(st.Tournament).Russian()))
		return
	case strings.TrimSpace(f.Text) == "":
		again("Перепечатайте текст письма.")
		return
	}
	out, err := srv.opt.Secretary.EnterPaper(r.Context(), PaperLetter{Game: g.Code, Player: g.Number(side), Posted: posted, Received: received, Text: f.Text})
	if err != nil {
		srv.storeError(w, r, s, "бумажное письмо в партию "+g.Code, err)
		return
	}
	srv.render(w, r, s, http.StatusOK, "outcome", "Бумажное письмо внесено", outcomeView{Heading: fmt.Sprintf("Письмо %s по партии %s внесено.", playerName(st.Tournament, g.Number(side)), g.Code),
		Back: gameURL(st.Tournament.Cipher, g), Accepted: out.Accepted, Reason: out.Reason, Problems: out.Problems, Events: out.Events, Out: out.Out})
}
