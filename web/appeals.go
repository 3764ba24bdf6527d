package web

import (
	"fmt"
	"net/http"
	"strings"

	"zaochnik/adjudication"
)

// Appeal is a protest against the judge's ruling on an overstep claim,
// decided by the organiser (6.1.12), as the desk shows it.
type Appeal struct {
	Cipher string
	adjudication.Appeal
}

type appealRow struct {
	Appeal
	GameURL, ClaimURL, Action, From string
	MayDecide                       bool
}

// appealsPage lists the protests against the judge's rulings, those
// waiting for the organiser's decision first, with the form that records
// the decision for the secretary (6.1.12). The judge sees them but does
// not record the decision on a protest against his own ruling.
func (srv *Server) appealsPage(w http.ResponseWriter, r *http.Request, s session) {
	as, err := srv.opt.Judge.Appeals(r.Context())
	if err != nil {
		srv.storeError(w, r, s, "протесты на решения судьи", err)
		return
	}
	rows := make([]appealRow, 0, len(as))
	for _, a := range as {
		st, err := srv.opt.Tournaments.State(r.Context(), a.Cipher)
		if err != nil {
			srv.storeError(w, r, s, "турнир "+a.Cipher, err)
			return
		}
		g, ok := st.Game(a.Game)
		if !ok {
			continue
		}
		url := gameURL(a.Cipher, g)
		rows = append(rows, appealRow{Appeal: a, GameURL: url, ClaimURL: fmt.Sprintf("%s/claim/%d", url, a.Claim), Action: url + "/appeal",
			From: playerName(st.Tournament, a.From), MayDecide: s.Role == RoleSecretary && a.Open()})
	}
	srv.render(w, r, s, http.StatusOK, "appeals", "Протесты на решения судьи (п. 6.1.12)", rows)
}

// decideAppeal records the organiser's decision on the protest against
// the judge's ruling in the game of the path (6.1.12).
func (srv *Server) decideAppeal(w http.ResponseWriter, r *http.Request, s session) {
	st, g, ok := srv.loadGame(w, r, s)
	if !ok {
		return
	}
	var upheld bool
	switch r.PostForm.Get("decision") {
	case "upheld":
		upheld = true
	case "rejected":
	default:
		srv.fail(w, r, s, http.StatusBadRequest, "Выберите решение организации: протест удовлетворён или отклонён. / Choose upheld or rejected.")
		return
	}
	as, err := srv.opt.Judge.Appeals(r.Context())
	if err != nil {
		srv.storeError(w, r, s, "протесты на решения судьи", err)
		return
	}
	open := false
	for _, a := range as {
		open = open || (a.Game == g.Code && a.Open())
	}
	if !open {
		srv.fail(w, r, s, http.StatusConflict, fmt.Sprintf("В партии %s нет протеста на решение судьи, ждущего решения (п. 6.1.12). / No protest waits in this game.", g.Code))
		return
	}
	out, err := srv.opt.Judge.Appeal(r.Context(), g.Code, upheld, strings.TrimSpace(r.PostForm.Get("note")), srv.today(st.Tournament))
	if err != nil {
		srv.storeError(w, r, s, "решение по протесту в партии "+g.Code, err)
		return
	}
	heading := "Протест отклонён: решение судьи остаётся в силе (п. 6.1.12)."
	if upheld {
		heading = "Протест удовлетворён: решение судьи отменено (п. 6.1.12)."
	}
	srv.render(w, r, s, http.StatusOK, "outcome", "Решение по протесту записано", outcomeView{Heading: heading, Back: "/appeals",
		Accepted: out.Accepted, Reason: out.Reason, Problems: out.Problems, Events: out.Events, Out: out.Out})
}
