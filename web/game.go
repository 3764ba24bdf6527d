package web

import (
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
)

// plyItem is one move of the record as the move list shows it.
type plyItem struct {
	Ply                            int
	Label, Text, URL               string
	Current, Forced, Variant, Corr bool
}

// moveRow is one numbered move of the record: White's ply and Black's.
type moveRow struct {
	Number       int
	White, Black *plyItem
}

// boardView is the board at one ply with the links that step through it.
type boardView struct {
	SVG                     template.HTML
	Ply, Plies              int
	First, Prev, Next, Last string // links; "" when there is nowhere to go
	Caption                 string
	Moves                   []moveRow
}

// newBoardView draws the record r at ply (clamped to the record) with the
// links of the page at base.
func newBoardView(r draughts.Record, ply int, base string, plies []corr.Ply) boardView {
	n := len(r.Moves)
	ply = max(0, min(ply, n))
	p, _ := r.Position(ply) // ply is in range
	var last *draughts.Move
	if ply > 0 {
		last = &r.Moves[ply-1]
	}
	link := func(i int) string { return base + "?ply=" + strconv.Itoa(i) + "#board" }
	v := boardView{SVG: BoardSVG(p, last), Ply: ply, Plies: n}
	if ply > 0 {
		v.First, v.Prev = link(0), link(ply-1)
	}
	if ply < n {
		v.Next, v.Last = link(ply+1), link(n)
	}
	texts := r.Texts(false)
	v.Caption = "Начальная позиция"
	if ply > 0 {
		v.Caption = "После " + r.MoveLabel(ply) + texts[ply-1]
	}
	for i, t := range texts {
		it := &plyItem{Ply: i + 1, Label: r.MoveLabel(i + 1), Text: t, URL: link(i + 1), Current: i+1 == ply}
		if i < len(plies) {
			it.Forced, it.Variant, it.Corr = plies[i].Forced, plies[i].Variant, plies[i].Corrected
		}
		number, black := r.MoveNumber(i + 1)
		if len(v.Moves) == 0 || v.Moves[len(v.Moves)-1].Number != number {
			v.Moves = append(v.Moves, moveRow{Number: number})
		}
		if black {
			v.Moves[len(v.Moves)-1].Black = it
		} else {
			v.Moves[len(v.Moves)-1].White = it
		}
	}
	return v
}

// variantItem is a proposed variant (6.2.7) waiting for the opponent's move.
type variantItem struct {
	By, Label, Line string
}

// variantLines writes the standing variants from the current position.
func variantLines(g corr.Game, final draughts.Position) []variantItem {
	var out []variantItem
	for _, pv := range g.Variants {
		p := final
		texts := make([]string, 0, len(pv.Line))
		for _, m := range pv.Line {
			texts = append(texts, p.Notation(m))
			p = p.Play(m)
		}
		by := "белые"
		if pv.By == draughts.Black {
			by = "черные"
		}
		out = append(out, variantItem{By: by, Label: pv.Label, Line: strings.Join(texts, " ")})
	}
	return out
}

type claimItem struct {
	corr.Claim
	URL, Against string
}

type gameView struct {
	Code, TournamentURL, URL string
	White, Black             string
	Status, Result           string
	Board                    boardView
	SemiShort                string
	Ledger                   *ledgerView
	LedgerError              string
	Letters                  []Letter
	Variants                 []variantItem
	Claims                   []claimItem
	Held                     *corr.HeldReply
	Draw                     string
	Unfinished               bool
}

func (srv *Server) gamePage(w http.ResponseWriter, r *http.Request, s session) {
	st, g, ok := srv.loadGame(w, r, s)
	if !ok {
		return
	}
	t := st.Tournament
	rec := g.Record(t.DraughtsVariant())
	ply := len(rec.Moves)
	if q := r.URL.Query().Get("ply"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil {
			srv.fail(w, r, s, http.StatusBadRequest, fmt.Sprintf("ply=%q: номер полухода пишется числом от 0 до %d. / ply is a number 0-%d.", q, len(rec.Moves), len(rec.Moves)))
			return
		}
		ply = n
	}
	letters, err := srv.opt.Letters.GameLetters(r.Context(), g.Code)
	if err != nil {
		srv.storeError(w, r, s, "письма партии "+g.Code, err)
		return
	}
	url := gameURL(t.Cipher, g)
	v := gameView{Code: g.Code, TournamentURL: tournamentURL(t.Cipher), URL: url,
		White: playerName(t, g.White), Black: playerName(t, g.Black), Status: statusName(g.Status), Result: g.Result,
		Board: newBoardView(rec, ply, url, g.Plies), SemiShort: rec.SemiShort(), Letters: letters,
		Variants: variantLines(g, rec.Final()), Held: g.Held, Unfinished: g.Status == corr.Unfinished}
	if l, err := st.Ledger(g); err != nil {
		v.LedgerError = err.Error()
	} else {
		lv := newLedgerView(l, srv.clockDay(t, g))
		v.Ledger = &lv
	}
	v.Claims = claimItems(st, g)
	if d := g.Draw; d != nil {
		v.Draw = fmt.Sprintf("Предложение ничьей от %s после %d-го полухода ждет ответа.", sideName(d.By), d.Ply)
	}
	srv.render(w, r, s, http.StatusOK, "game", g.Code+": "+v.White+" — "+v.Black, v)
}

func claimItems(st corr.State, g corr.Game) []claimItem {
	var out []claimItem
	for _, c := range g.Claims {
		out = append(out, claimItem{Claim: c, URL: fmt.Sprintf("%s/claim/%d", gameURL(st.Tournament.Cipher, g), c.Seq),
			Against: playerName(st.Tournament, g.Number(c.Against))})
	}
	return out
}

// sideName is "белых" or "черных": the genitive of a side.
func sideName(c draughts.Color) string {
	if c == draughts.Black {
		return "черных"
	}
	return "белых"
}
