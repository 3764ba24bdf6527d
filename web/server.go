package web

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// Options are what a Server reads, writes and is configured with.
type Options struct {
	Tournaments Tournaments
	Letters     Letters
	Secretary   Secretary
	Judge       Judge
	// Sessions keeps the logged-in sessions.
	Sessions Sessions
	// Accounts are the logins of the secretary and the judge.
	Accounts []Account
	// Key signs the session cookies and the CSRF tokens: at least 32
	// random bytes, kept across restarts so sessions survive them.
	Key []byte
	// Now is the clock; the dates of rulings and the clocks of the ledgers
	// are read from it.
	Now func() time.Time
	// SecureCookies marks the session cookie Secure even on plain HTTP:
	// set it when a TLS proxy sits in front of the server.
	SecureCookies bool
	// PublicCrosstable lets anyone read the tournaments and crosstables
	// without logging in (read-only).
	PublicCrosstable bool
	// EngineNodes bounds the engine's search on the adjudication page;
	// zero means 300000 positions (0.9 s on the shared 2-core test
	// machine; the view is then kept per position).
	EngineNodes uint64
	// Log receives the errors of the store; nil discards them.
	Log *slog.Logger
}

// Server is the desk: an http.Handler.
type Server struct {
	opt       Options
	sign      signer
	mux       *http.ServeMux
	pages     map[string]*pageTemplate
	dummyHash []byte
	engine    *engineViews
	throttle  throttle
}

// New checks the options and returns the desk.
func New(opt Options) (*Server, error) {
	var errs []error
	if opt.Tournaments == nil || opt.Letters == nil || opt.Secretary == nil || opt.Judge == nil || opt.Sessions == nil {
		errs = append(errs, errors.New("web: the Tournaments, Letters, Secretary, Judge and Sessions stores are all required"))
	}
	if opt.Now == nil {
		errs = append(errs, errors.New("web: the clock (Options.Now) is required"))
	}
	if len(opt.Key) < 32 {
		errs = append(errs, fmt.Errorf("web: the session key has %d bytes; give at least 32 random bytes", len(opt.Key)))
	}
	if len(opt.Accounts) == 0 {
		errs = append(errs, errors.New("web: no accounts; add the secretary and the judge to the config ('zaochnik passwd' makes the hash)"))
	}
	seen := map[string]bool{}
	for _, a := range opt.Accounts {
		if err := a.validate(); err != nil {
			errs = append(errs, err)
		}
		if seen[a.Name] {
			errs = append(errs, fmt.Errorf("web: account %q is listed twice", a.Name))
		}
		seen[a.Name] = true
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if opt.EngineNodes == 0 {
		opt.EngineNodes = 300000
	}
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	pages, err := parsePages()
	if err != nil {
		return nil, err
	}
	cost, _ := bcrypt.Cost([]byte(opt.Accounts[0].Hash)) // validated above
	dummy, err := bcrypt.GenerateFromPassword([]byte("not a password"), cost)
	if err != nil {
		return nil, fmt.Errorf("web: %w", err)
	}
	srv := &Server{opt: opt, sign: signer{key: opt.Key}, mux: http.NewServeMux(), pages: pages, dummyHash: dummy,
		engine: &engineViews{nodes: opt.EngineNodes}}
	srv.routes()
	return srv, nil
}

// ServeHTTP serves the desk with the security headers on every answer.
func (srv *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	if r.TLS != nil {
		h.Set("Strict-Transport-Security", "max-age=31536000")
	}
	srv.mux.ServeHTTP(w, r)
}

// routes registers every page. Anything a player's name or a cipher can
// reach is a path value, escaped on the way out by the templates.
func (srv *Server) routes() {
	m := srv.mux
	m.HandleFunc("GET /healthz", srv.health)
	m.HandleFunc("GET /static/style.css", serveCSS)
	m.HandleFunc("GET /login", srv.open(anyone, srv.loginPage))
	m.HandleFunc("POST /login", srv.form(anyone, srv.login))
	m.HandleFunc("POST /logout", srv.form(anyone, srv.logout))
	m.HandleFunc("GET /sessions", srv.open(staff, srv.sessionsPage))
	m.HandleFunc("POST /sessions/end-others", srv.form(staff, srv.endOtherSessions))

	public := staff
	if srv.opt.PublicCrosstable {
		public = anyone
	}
	m.HandleFunc("GET /{$}", srv.open(public, srv.tournamentsPage))
	m.HandleFunc("GET /t/{cipher}", srv.open(public, srv.tournamentPage))
	m.HandleFunc("GET /t/{cipher}/pdn", srv.open(staff, srv.tournamentPDN))
	m.HandleFunc("GET /t/{cipher}/breaks", srv.open(staff, srv.breaksPage))
	m.HandleFunc("GET /t/{cipher}/sanctions", srv.open(staff, srv.sanctionsPage))
	m.HandleFunc("GET /t/{cipher}/adjudication", srv.open(staff, srv.adjournmentsPage))
	m.HandleFunc("POST /t/{cipher}/redraw", srv.form(judgeOnly, srv.redraw))
	m.HandleFunc("GET /t/{cipher}/g/{pair}", srv.open(staff, srv.gamePage))
	m.HandleFunc("GET /t/{cipher}/g/{pair}/pdn", srv.open(staff, srv.gamePDN))
	m.HandleFunc("GET /t/{cipher}/g/{pair}/claim/{seq}", srv.open(staff, srv.claimPage))
	m.HandleFunc("POST /t/{cipher}/g/{pair}/claim/{seq}", srv.form(judgeOnly, srv.ruleClaim))
	m.HandleFunc("GET /t/{cipher}/g/{pair}/adjudication", srv.open(staff, srv.adjudicationPage))
	m.HandleFunc("POST /t/{cipher}/g/{pair}/adjudication", srv.form(judgeOnly, srv.adjudicate))
	m.HandleFunc("GET /claims", srv.open(staff, srv.claimsPage))
	m.HandleFunc("GET /appeals", srv.open(staff, srv.appealsPage))
	m.HandleFunc("POST /t/{cipher}/g/{pair}/appeal", srv.form(secretaryOnly, srv.decideAppeal))
	m.HandleFunc("GET /queue", srv.open(staff, srv.queuePage))
	m.HandleFunc("POST /queue/{id}/assign", srv.form(secretaryOnly, srv.assign))
	m.HandleFunc("POST /queue/{id}/answer", srv.form(secretaryOnly, srv.answer))
	m.HandleFunc("GET /paper", srv.open(staff, srv.paperPage))
	m.HandleFunc("POST /paper", srv.form(secretaryOnly, srv.enterPaper))
}

// health answers 200 "ok" when the store answers, 503 otherwise.
func (srv *Server) health(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if _, err := srv.opt.Tournaments.Ciphers(r.Context()); err != nil {
		srv.opt.Log.Error("health: store", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, "store unavailable")
		return
	}
	fmt.Fprintln(w, "ok")
}
