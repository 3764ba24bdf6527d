package web

import (
	"bytes"
	"fmt"
	"mime"
	"net/http"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
)

// gamePDN returns game g of the tournament as a PDN game with the usual
// tags (6.5.1: the records go to the secretary in PDN too).
func gamePDN(st corr.State, g corr.Game) (draughts.PDNGame, error) {
	t := st.Tournament
	tags := []draughts.PDNTag{
		{Name: "Event", Value: t.Name},
		{Name: "Site", Value: t.Cipher},
		{Name: "Date", Value: t.Start.Time().Format("2006.01.02")},
		{Name: "White", Value: playerName(t, g.White)},
		{Name: "Black", Value: playerName(t, g.Black)},
	}
	result := g.Result
	if result == "" {
		result = "*"
	}
	return g.Record(t.DraughtsVariant()).PDN(tags, result)
}

// sendPDN answers with a PDN file to download as name.
func (srv *Server) sendPDN(w http.ResponseWriter, r *http.Request, s session, name string, games []draughts.PDNGame) {
	var b bytes.Buffer
	for _, g := range games {
		if err := draughts.WritePDN(&b, g); err != nil {
			srv.storeError(w, r, s, "PDN "+name, err)
			return
		}
	}
	w.Header().Set("Content-Type", "application/x-draughts-pdn; charset=utf-8")
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	_, _ = b.WriteTo(w)
}

func (srv *Server) gamePDN(w http.ResponseWriter, r *http.Request, s session) {
	st, g, ok := srv.loadGame(w, r, s)
	if !ok {
		return
	}
	pg, err := gamePDN(st, g)
	if err != nil {
		srv.storeError(w, r, s, "PDN партии "+g.Code, err)
		return
	}
	srv.sendPDN(w, r, s, fmt.Sprintf("%s_%d-%d.pdn", st.Tournament.Cipher, g.White, g.Black), []draughts.PDNGame{pg})
}

func (srv *Server) tournamentPDN(w http.ResponseWriter, r *http.Request, s session) {
	st, ok := srv.loadState(w, r, s)
	if !ok {
		return
	}
	games := make([]draughts.PDNGame, 0, len(st.Games))
	for _, g := range st.Games {
		pg, err := gamePDN(st, *g)
		if err != nil {
			srv.storeError(w, r, s, "PDN партии "+g.Code, err)
			return
		}
		games = append(games, pg)
	}
	srv.sendPDN(w, r, s, st.Tournament.Cipher+".pdn", games)
}
