package referee_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/storage"
)

// TestSendDigest: the weekly digest counts the letters of the tournament's
// players in the seven days before it (a stranger's are not the
// tournament's), lists those not applied with why, in the secretary's
// language, and the claims waiting for the judge (6.3.6-6.3.7).
func TestSendDigest(t *testing.T) {
	overstep := func(w *world) { w.feed("overstep-letter/*.eml") }
	refusedAndStranger := func(w *world) {
		bad := w.receive(letter{from: ivanov, subject: "ТЕСТ-2026 1-2", day: 2, above: []string{dmarcIvanov},
			body: "ТЕСТ-2026 1-2\nМой ход: 1.a1-h8\n01.03.2026 / 01.03.2026 / 02.03.2026\nВремя: 1/0\nИванов"})
		require.Equal(t, storage.Refused, bad.Disposition, bad.Outcome.Reason)
		w.receive(letter{from: "someone@example.net", subject: "ТЕСТ-2026 1-2", day: 2, body: firstMove})
	}
	// A letter of each kind the referee keeps unapplied by itself.
	keptByTheReferee := func(w *world) {
		w.receive(letter{from: ivanov, subject: "ТЕСТ-2026 1-2", day: 2, body: firstMove}) // nothing vouches for it: held
		w.receive(letter{from: ivanov, subject: "Auto: away", day: 2, below: []string{"Auto-Submitted: auto-replied"}, body: "Away."})
	}
	tests := []struct {
		name      string
		secretary string // the secretary's language
		setup     func(*world)
		now       time.Time
		want      []string // lines of the digest
		not       []string
	}{
		{"WeekOfTheClaim", "", overstep, time.Date(2026, 4, 25, 9, 0, 0, 0, time.UTC),
			[]string{"Принято писем: 2. Не принято: 0.", "Заявления о просрочке ждут решения судьи (6.3.6-6.3.7):", "партия [ТЕСТ-2026 #1-2]"}, nil},
		{"RefusedListedStrangerNot", "", refusedAndStranger, time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC),
			[]string{"Принято писем: 0. Не принято: 1.", "02.03.2026  ivanov@example.org  отклонено: "}, []string{"someone@example.net"}},
		{"OlderThanAWeek", "", refusedAndStranger, time.Date(2026, 3, 20, 9, 0, 0, 0, time.UTC),
			[]string{"Принято писем: 0. Не принято: 0."}, []string{"ivanov@example.org"}},
		{"ReasonsInRussian", "", keptByTheReferee, time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC), []string{
			"ivanov@example.org  ждёт подтверждения отправителя: отправитель не подтверждён: ни ключ ответа, ни проверка почтового сервера (DMARC, DKIM, SPF) не подтверждают его адрес\n",
			"ivanov@example.org  оставлено без ответа: автоматическое письмо (Auto-Submitted: auto-replied): на такие письма сервер не отвечает (RFC 3834)\n"},
			[]string{"not answered", "authenticated"}},
		{"ReasonsInEnglish", "en", keptByTheReferee, time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC), []string{
			"ivanov@example.org  awaiting its sender's confirmation: the sender is not authenticated (mail check: ",
			"ivanov@example.org  ignored: an automatic letter (Auto-Submitted: auto-replied): the server does not answer these (RFC 3834)\n"},
			[]string{"отправитель", "автоматическое"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("..", "testdata", "replay", "two.toml"))
			require.NoError(t, err)
			if tt.secretary != "" {
				src = []byte(strings.Replace(string(src), `email = "secretary@example.org"`, `email = "secretary@example.org"`+"\nlanguage = \""+tt.secretary+"\"", 1))
			}
			w, ctx := newWorldOf(t, src), context.Background()
			tt.setup(w)
			n, err := w.ref.SendDigest(ctx, tt.now)
			require.NoError(t, err)
			require.Equal(t, 1, n)
			digests := w.outbox("secretary@example.org", storage.KindReport)
			require.Len(t, digests, 1)
			for _, want := range tt.want {
				assert.Contains(t, digests[0].Body, want)
			}
			for _, not := range tt.not {
				assert.NotContains(t, digests[0].Body, not)
			}
		})
	}
}

// TestSendDigest_NotStartedHasNone: a tournament not started has no digest.
func TestSendDigest_NotStartedHasNone(t *testing.T) {
	w := newUnstarted(t, "two.toml")
	n, err := w.ref.SendDigest(context.Background(), time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC))
	require.NoError(t, err)
	assert.Zero(t, n)
	assert.Empty(t, w.outbox("", storage.KindReport))
}
