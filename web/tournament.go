package web

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// tournamentURL is the path of a tournament's page.
func tournamentURL(cipher string) string { return "/t/" + url.PathEscape(cipher) }

// gameURL is the path of a game's page.
func gameURL(cipher string, g corr.Game) string {
	return fmt.Sprintf("%s/g/%d-%d", tournamentURL(cipher), g.White, g.Black)
}

// today is the clock's date in the tournament's zone.
func (srv *Server) today(t corr.Tournament) timecontrol.Date {
	return timecontrol.DateOf(srv.opt.Now().In(t.Location()))
}

// clockDay is the day game g's ledger shows the clock of the player on
// move for: today while the game is played, none once it is over (issue
// 16.16: a finished game has nobody on move, no overstep date to come).
func (srv *Server) clockDay(t corr.Tournament, g corr.Game) timecontrol.Date {
	if g.Status == corr.Finished || g.Status == corr.Unfinished {
		return timecontrol.Date{}
	}
	return srv.today(t)
}

// loadState reads the tournament named by the path, or answers the error.
func (srv *Server) loadState(w http.ResponseWriter, r *http.Request, s session) (corr.State, bool) {
	cipher := r.PathValue("cipher")
	st, err := srv.opt.Tournaments.State(r.Context(), cipher)
	if err != nil {
		srv.storeError(w, r, s, "турнир "+cipher, err)
		return corr.State{}, false
	}
	return st, true
}

// loadStateWithRulings reads the tournament named by the path and its
// judge's rulings (Tournaments.StateWithRulings), or answers the error.
func (srv *Server) loadStateWithRulings(w http.ResponseWriter, r *http.Request, s session) (corr.State, adjudication.Rulings, bool) {
	cipher := r.PathValue("cipher")
	st, rulings, err := srv.opt.Tournaments.StateWithRulings(r.Context(), cipher)
	if err != nil {
		srv.storeError(w, r, s, "турнир "+cipher, err)
		return corr.State{}, adjudication.Rulings{}, false
	}
	return st, rulings, true
}

// loadGame reads the game named by the path ("/g/1-2"), or answers the error.
func (srv *Server) loadGame(w http.ResponseWriter, r *http.Request, s session) (corr.State, corr.Game, bool) {
	st, ok := srv.loadState(w, r, s)
	if !ok {
		return st, corr.Game{}, false
	}
	a, b, _ := strings.Cut(r.PathValue("pair"), "-")
	white, err1 := strconv.Atoi(a)
	black, err2 := strconv.Atoi(b)
	g, found := st.Game(corr.GameCode(st.Tournament.Cipher, corr.Pairing{White: white, Black: black}))
	if err1 != nil || err2 != nil || !found {
		srv.fail(w, r, s, http.StatusNotFound, fmt.Sprintf("В турнире %s нет партии %q (пишите номера белых и черных: 1-2). / No such game.", st.Tournament.Cipher, r.PathValue("pair")))
		return st, corr.Game{}, false
	}
	return st, g, true
}

// playerName returns the name of start number n, or "№n".
func playerName(t corr.Tournament, n int) string {
	if p, ok := t.Player(n); ok {
		return p.Name
	}
	return "№" + strconv.Itoa(n)
}

type tournamentItem struct {
	Cipher, Name, URL string
	Variant           corr.Variant
	Start, End        timecontrol.Date
	Players, Games    int
}

func (srv *Server) tournamentsPage(w http.ResponseWriter, r *http.Request, s session) {
	ciphers, err := srv.opt.Tournaments.Ciphers(r.Context())
	if err != nil {
		srv.storeError(w, r, s, "список турниров", err)
		return
	}
	items := make([]tournamentItem, 0, len(ciphers))
	for _, c := range ciphers {
		st, err := srv.opt.Tournaments.State(r.Context(), c)
		if err != nil {
			srv.storeError(w, r, s, "турнир "+c, err)
			return
		}
		t := st.Tournament
		items = append(items, tournamentItem{Cipher: c, Name: t.Name, URL: tournamentURL(c), Variant: t.Variant,
			Start: t.Start, End: t.End, Players: len(t.Players), Games: len(st.Games)})
	}
	srv.render(w, r, s, http.StatusOK, "tournaments", "Турниры", items)
}

// gameItem is a game's line in a tournament's list.
type gameItem struct {
	Code, URL, White, Black, Status, Result string
	Moves                                   int
	Round                                   int    // the Swiss round (1.15), 0 in a round robin
	PendingClaim                            string // URL of the pending claim, if any
}

func gameItems(st corr.State) []gameItem {
	var out []gameItem
	for _, g := range st.Games {
		it := gameItem{Code: g.Code, URL: gameURL(st.Tournament.Cipher, *g), White: playerName(st.Tournament, g.White),
			Black: playerName(st.Tournament, g.Black), Status: statusName(g.Status), Result: g.Result, Moves: (len(g.Plies) + 1) / 2, Round: g.Round}
		for _, c := range g.Claims {
			if c.Status == corr.ClaimPending {
				it.PendingClaim = fmt.Sprintf("%s/claim/%d", it.URL, c.Seq)
			}
		}
		out = append(out, it)
	}
	return out
}

// statusName is a game status in Russian.
func statusName(s corr.Status) string {
	switch s {
	case corr.Playing:
		return "идет игра"
	case corr.Suspended:
		return "приостановлена (заявление о просрочке)"
	case corr.Finished:
		return "окончена"
	case corr.Unfinished:
		return "не окончена (на присуждение)"
	case corr.Cancelled:
		return "отменена (повторная жеребьёвка)"
	}
	return s.String()
}

type tournamentView struct {
	Cipher, Name, URL string
	T                 corr.Tournament
	Table             *crosstableView
	TableError        string
	Games             []gameItem
	Staff             bool
	// Swiss: the games show their round; Byes names each round's "плюс" (1.15.2).
	Swiss bool
	Byes  []string
	// Redraw is the last round, when the judge may draw it again (1.15.8):
	// a game of it has no move yet; 0 otherwise.
	Redraw int
}

// crosstableView is the crosstable with its headers.
type crosstableView struct {
	Headers []string
	Rows    []adjudication.Row
}

// crosstable builds the table as "zaochnik standings" does: the referee's
// results with the judge's rulings applied.
func crosstable(st corr.State, rulings adjudication.Rulings) (*crosstableView, error) {
	players, games, err := adjudication.FromState(st)
	if err == nil {
		players, games, err = rulings.Apply(players, games)
	}
	if err != nil {
		return nil, err
	}
	ct, err := adjudication.Build(players, games, adjudication.TableOptions(st.Tournament))
	if err != nil {
		return nil, err
	}
	v := &crosstableView{Rows: ct.Rows}
	for _, tb := range ct.TieBreaks {
		v.Headers = append(v.Headers, tb.Header("ru"))
	}
	return v, nil
}

func (srv *Server) tournamentPage(w http.ResponseWriter, r *http.Request, s session) {
	st, rulings, ok := srv.loadStateWithRulings(w, r, s)
	if !ok {
		return
	}
	t := st.Tournament
	v := tournamentView{Cipher: t.Cipher, Name: t.Name, URL: tournamentURL(t.Cipher), T: t, Staff: s.loggedIn(), Swiss: t.Swiss != nil}
	for _, b := range st.Byes {
		v.Byes = append(v.Byes, fmt.Sprintf("тур %d — %s", b.Round, playerName(t, b.Player)))
	}
	var err error
	if v.Table, err = crosstable(st, rulings); err != nil {
		v.TableError = err.Error()
	}
	if v.Staff {
		v.Games = gameItems(st)
	}
	if s.Role == RoleJudge {
		v.Redraw = redrawable(st)
	}
	srv.render(w, r, s, http.StatusOK, "tournament", t.Cipher+" — "+t.Name, v)
}

type breakItem struct {
	Player           string
	From, To         timecontrol.Date
	Announced        timecontrol.Date
	Days             int
	Granted, Running bool
	Verdict          string
}

type breaksView struct {
	URL   string
	Today timecontrol.Date
	Items []breakItem
}

// breaksPage is the breaks calendar: every announced break, in date order,
// with the verdict of 6.4.1 across the player's games.
func (srv *Server) breaksPage(w http.ResponseWriter, r *http.Request, s session) {
	st, ok := srv.loadState(w, r, s)
	if !ok {
		return
	}
	today := srv.today(st.Tournament)
	v := breaksView{URL: tournamentURL(st.Tournament.Cipher), Today: today}
	bs := slices.Clone(st.Breaks)
	slices.SortStableFunc(bs, func(a, b corr.PlayerBreak) int { return a.From.Sub(b.From) })
	for _, b := range bs {
		var tb []timecontrol.Break
		for _, x := range st.Breaks {
			if x.Player == b.Player {
				tb = append(tb, timecontrol.Break{From: x.From, To: x.To, Announced: x.Announced, Granted: x.Granted})
			}
		}
		it := breakItem{Player: playerName(st.Tournament, b.Player), From: b.From, To: b.To, Announced: b.Announced,
			Days: b.To.Sub(b.From) + 1, Granted: b.Granted, Running: !today.Before(b.From) && !today.After(b.To)}
		for _, verdict := range timecontrol.ValidateBreaks(tb) {
			if verdict.Break.From != b.From || verdict.Break.To != b.To {
				continue
			}
			it.Verdict = "засчитывается"
			if !verdict.Valid {
				it.Verdict = "не засчитывается"
				if verdict.Counts() {
					it.Verdict = fmt.Sprintf("засчитывается с %s по %s", verdict.From.Russian(), verdict.To.Russian())
				}
			}
			for _, n := range verdict.Notes {
				it.Verdict += "; " + n.Format(timecontrol.Russian)
			}
		}
		v.Items = append(v.Items, it)
	}
	srv.render(w, r, s, http.StatusOK, "breaks", "Перерывы — "+st.Tournament.Cipher, v)
}

type sanctionItem struct {
	adjudication.Sanction
	Name string
}

type sanctionsView struct {
	URL   string
	Items []sanctionItem
}

// sanctionsPage is the sanctions register (6.1.9-6.1.10).
func (srv *Server) sanctionsPage(w http.ResponseWriter, r *http.Request, s session) {
	st, rulings, ok := srv.loadStateWithRulings(w, r, s)
	if !ok {
		return
	}
	v := sanctionsView{URL: tournamentURL(st.Tournament.Cipher)}
	for _, sn := range rulings.Sanctions {
		v.Items = append(v.Items, sanctionItem{Sanction: sn, Name: playerName(st.Tournament, sn.Player)})
	}
	srv.render(w, r, s, http.StatusOK, "sanctions", "Реестр санкций — "+st.Tournament.Cipher, v)
}

// redrawable returns the last round of a started Swiss tournament when a
// game of it has no move yet, so that the judge may draw it again
// (1.15.8); 0 otherwise.
func redrawable(st corr.State) int {
	last := st.Round()
	if st.Tournament.Swiss == nil || st.Started.IsZero() || last == 0 {
		return 0
	}
	for _, g := range st.Games {
		if g.Round == last && corr.Cancellable(*g) {
			return last
		}
	}
	return 0
}

// redraw draws the last round of a Swiss tournament again on the judge's
// decision, with his reason, which its players are sent (1.15.8).
func (srv *Server) redraw(w http.ResponseWriter, r *http.Request, s session) {
	st, ok := srv.loadState(w, r, s)
	if !ok {
		return
	}
	t := st.Tournament
	round := redrawable(st)
	if round == 0 {
		srv.fail(w, r, s, http.StatusConflict, fmt.Sprintf("В турнире %s нет тура, который можно провести заново: повторная жеребьёвка (п. 1.15.8) возможна в последнем туре швейцарской системы, пока в нём есть партии без ходов. / No round to draw again.", t.Cipher))
		return
	}
	if r.PostForm.Get("round") != strconv.Itoa(round) {
		srv.fail(w, r, s, http.StatusConflict, fmt.Sprintf("Последний тур турнира %s теперь %d: откройте страницу турнира снова и проверьте его. / The last round has changed.", t.Cipher, round))
		return
	}
	reason := strings.TrimSpace(r.PostForm.Get("reason"))
	if reason == "" {
		srv.fail(w, r, s, http.StatusUnprocessableEntity, "Напишите причину повторной жеребьёвки: её получат игроки отменённых партий (п. 1.15.8). / Write the reason.")
		return
	}
	out, err := srv.opt.Judge.Redraw(r.Context(), t.Cipher, reason, srv.today(t))
	if err != nil {
		srv.storeError(w, r, s, fmt.Sprintf("повторная жеребьёвка тура %d", round), err)
		return
	}
	heading := fmt.Sprintf("Тур %d проведён заново (п. 1.15.8): отменено партий без ходов — %d.", round, len(out.Cancelled))
	srv.render(w, r, s, http.StatusOK, "outcome", "Повторная жеребьёвка", outcomeView{Heading: heading, Back: tournamentURL(t.Cipher),
		Accepted: true, Problems: out.Problems, Events: out.Events, Out: out.Out})
}
