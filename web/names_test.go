package web

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
)

// Q36: the desk names the game and the referee's events in Russian.
func TestPages_VariantAndEventsInRussian(t *testing.T) {
	ts, _ := newTestDesk(t)
	v := newVisitor(t, ts).login("anna")
	for _, path := range []string{"/", tourPath()} {
		resp, body := v.get(path)
		require.Equal(t, http.StatusOK, resp.StatusCode, path)
		assert.Contains(t, body, "русские шашки", path)
		assert.NotContains(t, text(body), "russian", path)
	}
	resp, body := v.submit("/paper", "/paper", url.Values{"game": {"ТЕСТ-2026 3-1"}, "side": {"white"}, "posted": {"2026-05-18"}, "received": {"2026-05-20"}, "text": {"ход"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, body, "События")
	assert.NotRegexp(t, `\d{2}\.\d{2}\.\d{4} [a-z-]+ \(п\.`, text(body), "no event code in the text")
}

func TestEventName_EveryKindNamed(t *testing.T) {
	cases := []struct {
		e          corr.Event
		name, text string
	}{
		{corr.Event{Kind: "corrected", Detail: "the stop for a correction ends"}, "исправление получено, остановка окончена", ""},
		{corr.Event{Kind: "moves", Detail: "1.c3-d4"}, "ходы", "1.c3-d4"},
		{corr.Event{Kind: "something-new", Detail: "x"}, "something-new", ""},
	}
	for _, c := range cases {
		assert.Equal(t, c.name, eventName(c.e.Kind))
		assert.Equal(t, c.text, eventDetail(c.e))
	}
}

// TestLetterKind_RussianOnTheDesk: the Russian desk names the server's
// letters in Russian (issue 16.17), an unknown kind by its code.
func TestLetterKind_RussianOnTheDesk(t *testing.T) {
	for kind, want := range map[string]string{"forward": "пересылка хода", "confirmation": "подтверждение получения",
		"refusal": "отказ", "confirm-request": "запрос подтверждения отправителя", "something-new": "something-new"} {
		assert.Equal(t, want, letterKind(kind), kind)
	}
}
