package web

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

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
