package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// access says who may open a page or send a form.
type access struct {
	who, ru string // for the refusal, in English and in Russian
	allow   func(session) bool
}

var (
	anyone        = access{"anyone", "всех", func(session) bool { return true }}
	staff         = access{"the secretary or the judge", "секретаря и судьи", session.loggedIn}
	judgeOnly     = access{"the judge", "судьи", func(s session) bool { return s.Role == RoleJudge }}
	secretaryOnly = access{"the secretary", "секретаря", func(s session) bool { return s.Role == RoleSecretary }}
)

// handler is a page handler given the visitor's session.
type handler func(w http.ResponseWriter, r *http.Request, s session)

// session returns the visitor's session, starting an anonymous one (with
// its cookie) when the request has none or a bad one.
func (srv *Server) session(w http.ResponseWriter, r *http.Request) session {
	now := srv.opt.Now()
	if c, err := r.Cookie(sessionCookie); err == nil {
		if s, err := srv.sign.decode(c.Value, now); err == nil {
			if s.ID == "" {
				return s
			}
			if s, ok := srv.loggedInSession(r.Context(), s.ID, now); ok {
				return s
			}
		}
	}
	s := anonymous(now)
	srv.setSession(w, r, s)
	return s
}

// open wraps a page: a visitor not logged in is sent to the login page, a
// logged-in one without the right is refused.
func (srv *Server) open(a access, h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s := srv.session(w, r)
		if !a.allow(s) {
			if !s.loggedIn() {
				http.Redirect(w, r, "/login?next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
				return
			}
			srv.fail(w, r, s, http.StatusForbidden, "Эта страница — для "+a.ru+"; вы вошли как "+string(s.Role)+". / This page is for "+a.who+".")
			return
		}
		h(w, r, s)
	}
}

// maxForm bounds a form's body: a pasted paper letter fits easily.
const maxForm = 1 << 20

// form wraps a form handler: the CSRF token is checked first (a forged
// form changes nothing, whoever sends it), then the right to send it.
func (srv *Server) form(a access, h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s := srv.session(w, r)
		r.Body = http.MaxBytesReader(w, r.Body, maxForm)
		if err := r.ParseForm(); err != nil {
			srv.fail(w, r, s, http.StatusBadRequest, "Форма не прочитана ("+err.Error()+"): вернитесь и отправьте ее еще раз. / The form could not be read; send it again.")
			return
		}
		if !srv.sign.validCSRF(s, r.PostForm.Get("csrf")) {
			srv.fail(w, r, s, http.StatusForbidden, "Ключ защиты формы отсутствует или устарел (возможно, сеанс истек): обновите страницу и отправьте форму снова. / The form's security token is missing or out of date: reload the page and send it again.")
			return
		}
		if !a.allow(s) {
			if !s.loggedIn() {
				srv.fail(w, r, s, http.StatusUnauthorized, "Сначала войдите: эта форма — для "+a.ru+". / Log in first; this form is for "+a.who+".")
				return
			}
			srv.fail(w, r, s, http.StatusForbidden, "Эта форма — для "+a.ru+"; вы вошли как "+string(s.Role)+". / This form is for "+a.who+".")
			return
		}
		h(w, r, s)
	}
}

type loginView struct {
	Next  string
	Error string
	Name  string
}

func (srv *Server) loginPage(w http.ResponseWriter, r *http.Request, s session) {
	srv.render(w, r, s, http.StatusOK, "login", "Вход", loginView{Next: safeNext(r.URL.Query().Get("next"))})
}

// login checks the password and starts a new session (a new nonce, so a
// session fixed before the login is worth nothing after it).
func (srv *Server) login(w http.ResponseWriter, r *http.Request, s session) {
	name, next := strings.TrimSpace(r.PostForm.Get("name")), safeNext(r.PostForm.Get("next"))
	ip := clientIP(r)
	if wait := srv.throttle.begin(ip, name, srv.opt.Now()); wait > 0 {
		secs := int((wait + time.Second - 1) / time.Second)
		srv.opt.Log.Warn("login throttled", "name", name, "remote", ip, "retry_after", secs)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		srv.render(w, r, s, http.StatusTooManyRequests, "login", "Вход", loginView{Next: next, Name: name,
			Error: fmt.Sprintf("Слишком много неудачных попыток входа: попробуйте снова через %d с. / Too many failed logins: try again in %d s.", secs, secs)})
		return
	}
	acc, ok := srv.authenticate(name, r.PostForm.Get("password"))
	srv.throttle.end(ip, name, ok, srv.opt.Now())
	if !ok {
		srv.opt.Log.Warn("login refused", "name", name, "remote", ip)
		srv.render(w, r, s, http.StatusUnauthorized, "login", "Вход", loginView{Next: next, Name: name, Error: "Неверное имя или пароль. / Wrong name or password."})
		return
	}
	if err := srv.startSession(w, r, acc); err != nil {
		srv.storeError(w, r, s, "session", err)
		return
	}
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// logout ends the session in the store at once: its cookie, kept or
// copied, opens nothing afterwards.
func (srv *Server) logout(w http.ResponseWriter, r *http.Request, s session) {
	if s.ID != "" {
		if err := srv.opt.Sessions.EndSession(r.Context(), storedID(s.ID)); err != nil {
			srv.storeError(w, r, s, "session", err)
			return
		}
	}
	srv.setSession(w, r, anonymous(srv.opt.Now()))
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

// safeNext keeps a redirect target on this site: a local path only. A
// backslash or a control character is refused anywhere, since browsers
// read "/\host" and "/<tab>/host" as "//host", another site; and it must
// parse as a URL of this site.
func safeNext(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") ||
		strings.ContainsFunc(next, func(r rune) bool { return r == '\\' || r < 0x20 || r == 0x7f }) {
		return "/"
	}
	if u, err := url.Parse(next); err != nil || u.Scheme != "" || u.Host != "" {
		return "/"
	}
	return next
}
