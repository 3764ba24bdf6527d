package web

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"zaochnik/corr/letter"

	"zaochnik/corr"
)

type claimRow struct {
	claimItem
	Cipher, Game, GameURL, Claimant string
}

// claimsPage lists the overstep claims of every tournament, pending first.
func (srv *Server) claimsPage(w http.ResponseWriter, r *http.Request, s session) {
	ciphers, err := srv.opt.Tournaments.Ciphers(r.Context())
	if err != nil {
		srv.storeError(w, r, s, "список турниров", err)
		return
	}
	var rows []claimRow
	for _, c := range ciphers {
		st, err := srv.opt.Tournaments.State(r.Context(), c)
		if err != nil {
			srv.storeError(w, r, s, "турнир "+c, err)
			return
		}
		for _, g := range st.Games {
			for _, it := range claimItems(st, *g) {
				rows = append(rows, claimRow{claimItem: it, Cipher: c, Game: g.Code, GameURL: gameURL(c, *g),
					Claimant: playerName(st.Tournament, g.Number(it.Claim.Against.Opponent()))})
			}
		}
	}
	slices.SortStableFunc(rows, func(a, b claimRow) int {
		return boolRank(a.Status != corr.ClaimPending) - boolRank(b.Status != corr.ClaimPending)
	})
	srv.render(w, r, s, http.StatusOK, "claims", "Заявления о просрочке", rows)
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

type claimView struct {
	claimItem
	Game             gameView
	Claimant         string
	Dossier          []Letter // the offender's letters named by the claim
	Pending, MayRule bool
	// ProtestDecided and Upheld: the ruling decided a protest against the
	// claim (6.3.8), and upheld it.
	ProtestDecided, Upheld bool
	Action, HeldText       string
}

// loadClaim reads the game and the claim named by the path.
func (srv *Server) loadClaim(w http.ResponseWriter, r *http.Request, s session) (corr.State, corr.Game, corr.Claim, bool) {
	st, g, ok := srv.loadGame(w, r, s)
	if !ok {
		return st, g, corr.Claim{}, false
	}
	seq, err := strconv.Atoi(r.PathValue("seq"))
	if err != nil || seq < 1 || seq > len(g.Claims) {
		srv.fail(w, r, s, http.StatusNotFound, fmt.Sprintf("В партии %s нет заявления №%s (их %d). / No such claim.", g.Code, r.PathValue("seq"), len(g.Claims)))
		return st, g, corr.Claim{}, false
	}
	return st, g, g.Claims[seq-1], true
}

// claimPage is the judge's dossier (6.3.6): the claim's figures, the
// ledger, the record with the held reply, the diagram, the offender's
// letters, and the ruling form while the claim is pending.
func (srv *Server) claimPage(w http.ResponseWriter, r *http.Request, s session) {
	st, g, c, ok := srv.loadClaim(w, r, s)
	if !ok {
		return
	}
	t := st.Tournament
	letters, err := srv.opt.Letters.GameLetters(r.Context(), g.Code)
	if err != nil {
		srv.storeError(w, r, s, "письма партии "+g.Code, err)
		return
	}
	rec := g.Record(t.DraughtsVariant())
	url := gameURL(t.Cipher, g)
	v := claimView{
		claimItem: claimItem{Claim: c, URL: fmt.Sprintf("%s/claim/%d", url, c.Seq), Against: playerName(t, g.Number(c.Against))},
		Claimant:  playerName(t, g.Number(c.Against.Opponent())),
		Pending:   c.Status == corr.ClaimPending, MayRule: s.Role == RoleJudge,
		Game: gameView{Code: g.Code, URL: url, TournamentURL: tournamentURL(t.Cipher), White: playerName(t, g.White), Black: playerName(t, g.Black),
			Status: statusName(g.Status), Result: g.Result, Board: newBoardView(rec, len(rec.Moves), url, g.Plies), SemiShort: rec.SemiShort()},
	}
	v.Action = v.URL
	v.ProtestDecided, v.Upheld = c.ProtestDecided()
	for _, l := range letters {
		if slices.Contains(c.Letters, l.MessageID) {
			v.Dossier = append(v.Dossier, l)
		}
	}
	if h := g.Held; h != nil && v.Pending {
		texts := make([]string, len(h.Plies))
		for i, p := range h.Plies {
			texts[i] = p.Text
		}
		v.HeldText = fmt.Sprintf("%s (получен %s, отправлен %s)", strings.Join(texts, " "), h.Received.Russian(), h.Sent.Russian())
	}
	if l, err := st.Ledger(g); err != nil {
		v.Game.LedgerError = err.Error()
	} else {
		lv := newLedgerView(l, srv.clockDay(t, g))
		v.Game.Ledger = &lv
	}
	srv.render(w, r, s, http.StatusOK, "claim", fmt.Sprintf("Заявление о просрочке №%d, партия %s", c.Seq, g.Code), v)
}

// outcomeView is the page shown after an action: what the referee decided
// and the letters that went out.
type outcomeView struct {
	Heading  string
	Back     string
	Accepted bool
	Reason   letter.Reason
	Problems []corr.Problem
	Events   []corr.Event
	Out      []corr.Outgoing
}

// ruleClaim applies the judge's ruling (6.3.7).
func (srv *Server) ruleClaim(w http.ResponseWriter, r *http.Request, s session) {
	st, g, c, ok := srv.loadClaim(w, r, s)
	if !ok {
		return
	}
	var confirm bool
	switch r.PostForm.Get("decision") {
	case "confirm":
		confirm = true
	case "reject":
	default:
		srv.fail(w, r, s, http.StatusBadRequest, "Выберите решение: просрочка подтверждена или просрочки нет. / Choose confirm or reject.")
		return
	}
	if c.Status != corr.ClaimPending {
		srv.fail(w, r, s, http.StatusConflict, fmt.Sprintf("Заявление №%d по партии %s уже рассмотрено (%s %s). / The claim was already ruled.", c.Seq, g.Code, c.Status, c.Ruled.Russian()))
		return
	}
	note := strings.TrimSpace(r.PostForm.Get("note"))
	out, err := srv.opt.Judge.Rule(r.Context(), g.Code, c.Seq, confirm, note, srv.today(st.Tournament))
	if err != nil {
		srv.storeError(w, r, s, fmt.Sprintf("решение по заявлению №%d партии %s", c.Seq, g.Code), err)
		return
	}
	heading := "Просрочка подтверждена (п. 6.3.7)."
	if !confirm {
		heading = "Просрочки нет (п. 6.3.7): игра продолжается."
	}
	srv.render(w, r, s, http.StatusOK, "outcome", "Решение принято", outcomeView{Heading: heading, Back: gameURL(st.Tournament.Cipher, g),
		Accepted: out.Accepted, Reason: out.Reason, Problems: out.Problems, Events: out.Events, Out: out.Out})
}
