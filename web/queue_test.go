package web

import (
	"fmt"
	"html"
	"net/http"
	"strings"
	"testing"
	"zaochnik/corr/letter"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestQueue_PagedAndCut: a queue of many large letters (a flood of 5 MB
// letters from strangers) is shown a page at a time with each text cut, so
// every page stays under 1 MiB; a page that does not exist is a 404.
func TestQueue_PagedAndCut(t *testing.T) {
	ts, f := newTestDesk(t)
	queued, err := f.Queue(t.Context())
	require.NoError(t, err)
	f.mu.Lock()
	for i := range 45 {
		f.letters = append(f.letters, Letter{ID: int64(1000 + i), From: fmt.Sprintf("flood%d@example.net", i), Subject: "flood",
			Disposition: "ignored", Text: strings.Repeat("я", 2<<20) + fmt.Sprintf("END-%d", i)})
	}
	f.mu.Unlock()
	v := newVisitor(t, ts).login("anna")
	seen := 0
	for page := 1; page <= 3; page++ {
		resp, body := v.get(fmt.Sprintf("/queue?page=%d", page))
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Less(t, len(body), 1<<20, "page %d is %d bytes", page, len(body))
		assert.NotContains(t, body, "END-", "texts are cut")
		assert.Contains(t, body, "текст обрезан")
		seen += strings.Count(body, `id="queued-`)
		assert.Contains(t, body, fmt.Sprintf("Страница %d из 3", page))
	}
	assert.Equal(t, 45+len(queued), seen, "every letter is on one page")
	resp, _ := v.get("/queue?page=4")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	resp, _ = v.get("/queue?page=x")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
}

// TestQueue_ReasonsInTheDesksLanguage: the queue says why each letter was
// not applied in the desk's language (Russian), whatever the store kept:
// a refusal under the rules with its clause, the referee's own reasons,
// and the free text of an older store as it was written.
func TestQueue_ReasonsInTheDesksLanguage(t *testing.T) {
	ts, f := newTestDesk(t)
	tests := []struct {
		reason letter.Reason
		want   string
		not    string
	}{
		{letter.RuleReason(letter.GameNotFound("ТЕСТ-2026")), "не удалось определить партию; укажите шифр турнира и номера партии", "could not be found"},
		{letter.Because(letter.ReasonNotVouched, "no Authentication-Results of mx.example.org"), "отправитель не подтверждён", "mail check"},
		{letter.Because(letter.ReasonAutomatic, "Auto-Submitted: auto-replied"), "автоматическое письмо (Auto-Submitted: auto-replied)", "not answer"},
		{letter.Reason{Text: "the sender plays in no tournament here"}, "the sender plays in no tournament here", "{"},
	}
	f.mu.Lock()
	for i, tt := range tests {
		f.letters = append(f.letters, Letter{ID: int64(2000 + i), From: fmt.Sprintf("r%d@example.net", i), Subject: "ход", Disposition: "ignored", Reason: tt.reason})
	}
	f.mu.Unlock()
	_, body := newVisitor(t, ts).login("anna").get("/queue")
	for i, tt := range tests {
		t.Run(string(tt.reason.Code), func(t *testing.T) {
			at := strings.Index(body, fmt.Sprintf(`id="queued-%d"`, 2000+i))
			require.GreaterOrEqual(t, at, 0)
			entry := body[at:]
			if end := strings.Index(entry[1:], `id="queued-`); end > 0 {
				entry = entry[:end]
			}
			assert.Contains(t, entry, html.EscapeString(tt.want))
			assert.NotContains(t, entry, tt.not)
		})
	}
}
