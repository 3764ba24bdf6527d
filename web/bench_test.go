package web

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"zaochnik/corr/draughts"
)

// BenchmarkEngineView is the engine's search behind a first look at an
// adjudication page, at the default budget (Options.EngineNodes 0).
func BenchmarkEngineView(b *testing.B) {
	rec := newFixture(b).states["ТЕСТ-2026"].Games[1].Record(draughts.Russian)
	for b.Loop() {
		e := &engineViews{nodes: 300000}
		e.describe(rec)
	}
}

// BenchmarkGamePage is one game page (board, record, ledger, letters)
// drawn for a logged-in visitor.
func BenchmarkGamePage(b *testing.B) {
	ts, _ := newTestDesk(b)
	v := newVisitor(b, ts).login("anna")
	req, err := http.NewRequest(http.MethodGet, ts.URL+gamePath("1-2"), nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range v.c.Jar.Cookies(req.URL) {
		req.AddCookie(c)
	}
	h := ts.Config.Handler
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d", w.Code)
		}
	}
}
