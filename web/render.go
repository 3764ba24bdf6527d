package web

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strings"
	"zaochnik/corr/letter"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

//go:embed templates/*.html static/style.css
var assets embed.FS

// pageTemplate is one page parsed with the layout.
type pageTemplate = template.Template

// view is what every page template gets: the page's own data in Data.
type view struct {
	Title string
	User  session
	CSRF  string
	Data  any
}

// deskLang is the language of the desk's pages.
const deskLang = letter.Russian

// funcs are the helpers the templates call.
var funcs = template.FuncMap{
	"date": func(d timecontrol.Date) string {
		if d.IsZero() {
			return "—"
		}
		return d.Russian()
	},
	"roleName": func(r Role) string {
		switch r {
		case RoleSecretary:
			return "секретарь"
		case RoleJudge:
			return "судья"
		}
		return string(r)
	},
	"reason":      func(r letter.Reason) string { return r.In(deskLang) },
	"points":      adjudication.FormatPoints,
	"variantName": variantName,
	"eventName":   eventName,
	"eventDetail": eventDetail,
	"add":         func(a, b int) int { return a + b },
	"letterKind":  letterKind,
	"plural":      timecontrol.RussianPlural,
	"verdict": func(v adjudication.Verdict) string {
		switch v {
		case adjudication.ProtestRejected:
			return "протест отклонен"
		case adjudication.ProtestUpheld:
			return "протест удовлетворен"
		}
		return v.String()
	},
	"disposition": func(d string) string {
		switch d {
		case "processed":
			return "принято"
		case "refused":
			return "отклонено"
		case "pending":
			return "ждет разбора"
		case "ignored":
			return "без ответа (автоответ, возврат или посторонний адрес)"
		case "held":
			return "задержано: ждёт подтверждения отправителя"
		case "assigned":
			return "отнесено секретарём к партии"
		}
		return d
	},
	"claimStatus": func(c corr.ClaimStatus) string {
		switch c {
		case corr.ClaimPending:
			return "ждет решения судьи"
		case corr.ClaimConfirmed:
			return "просрочка подтверждена"
		case corr.ClaimRejected:
			return "просрочки нет"
		}
		return c.String()
	},
}

// parsePages parses every page of templates/ with the layout and the
// partials (the files named _*.html).
func parsePages() (map[string]*pageTemplate, error) {
	names, err := fs.Glob(assets, "templates/*.html")
	if err != nil {
		return nil, err
	}
	pages := map[string]*pageTemplate{}
	for _, n := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(n, "templates/"), ".html")
		if name == "layout" || strings.HasPrefix(name, "_") {
			continue
		}
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(assets, "templates/layout.html", "templates/_*.html", n)
		if err != nil {
			return nil, fmt.Errorf("web: template %s: %w", name, err)
		}
		pages[name] = t
	}
	return pages, nil
}

// render writes page with data inside the layout. The page is executed
// into a buffer first, so a template error never sends half a page.
func (srv *Server) render(w http.ResponseWriter, r *http.Request, s session, status int, page, title string, data any) {
	t, ok := srv.pages[page]
	if !ok {
		panic("web: no template " + page) // a programming error, caught by every handler test
	}
	var b bytes.Buffer
	if err := t.Execute(&b, view{Title: title, User: s, CSRF: srv.sign.csrfToken(s), Data: data}); err != nil {
		srv.opt.Log.Error("render", "page", page, "err", err)
		http.Error(w, "internal error while drawing the page", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = b.WriteTo(w)
}

// fail answers with an error page that says what went wrong.
func (srv *Server) fail(w http.ResponseWriter, r *http.Request, s session, status int, msg string) {
	srv.render(w, r, s, status, "error", http.StatusText(status), msg)
}

// storeError answers 404 when the store says the thing does not exist
// (ErrNotFound), 409 when it cannot be done now (ErrConflict), 501 when the store cannot do it (errors.ErrUnsupported),
// else logs err and answers 500.
func (srv *Server) storeError(w http.ResponseWriter, r *http.Request, s session, what string, err error) {
	if errors.Is(err, ErrNotFound) {
		srv.fail(w, r, s, http.StatusNotFound, "Не найдено: "+what+". / Not found: "+what+".")
		return
	}
	if errors.Is(err, ErrConflict) {
		srv.fail(w, r, s, http.StatusConflict, "Сейчас это невозможно ("+what+"): "+err.Error())
		return
	}
	if errors.Is(err, errors.ErrUnsupported) {
		srv.fail(w, r, s, http.StatusNotImplemented, "Хранилище этого пока не умеет ("+what+"): "+err.Error())
		return
	}
	srv.opt.Log.Error("store", "what", what, "err", err)
	srv.fail(w, r, s, http.StatusInternalServerError, "Хранилище не ответило ("+what+"): "+err.Error())
}

func serveCSS(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "public, max-age=3600")
	http.ServeFileFS(w, r, assets, "static/style.css")
}
