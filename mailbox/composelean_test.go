package mailbox

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// FuzzComposeLean: every letter the lean composer takes comes out byte for
// byte as go-message writes it.
func FuzzComposeLean(f *testing.F) {
	f.Add("Турнир ЗК-12", "tournament@zaochnik.test", "Иванов Пётр", "ivanov@example.ru", "", "Партия 7: ход соперника",
		"Партия 7\nХод соперника: 1... f6-g5\n"+strings.Repeat("длинная строка ", 20)+"\n", "g7.3.1767693600@zaochnik.test",
		"cp1251.1@example.ru", "g7.0@zaochnik.test cp1251.1@example.ru", "", int64(1767693600))
	f.Add("", "a@b", "", "c@d", "e@f", "", "", "x@y", "", "", "auto-generated", int64(0))
	f.Add("Секретарь турнира \"Весна\"", "secretary+k1@zaochnik.test", "Dr. Who", "who@example.org", "judge@zaochnik.test",
		strings.Repeat("Очень длинная тема письма о партии ", 6), "line\r\n.dot\rcr\n\n=tail ", "id@host", "a@b", "a@b c@d e@f g@h i@j k@l m@n o@p q@r s@t u@v",
		"no", int64(-62135596800))
	f.Add("a", "@", "b", strings.Repeat("x", 120)+"@example.org", "", strings.Repeat("x", 200), "\t", strings.Repeat("y", 100), "", "", "", int64(1))
	f.Fuzz(func(t *testing.T, fromName, fromAddr, toName, toAddr, cc, subject, text, id, inReplyTo, refs, auto string, date int64) {
		zone := time.UTC
		if date%2 == 0 {
			zone = time.FixedZone("MSK", 3*3600)
		}
		o := Outgoing{From: Address{Name: fromName, Addr: fromAddr}, To: []Address{{Name: toName, Addr: toAddr}}, Subject: subject,
			Text: text, Date: time.Unix(date, 0).In(zone), MessageID: id, AutoSubmitted: auto, References: strings.Fields(refs)}
		if cc != "" {
			o.Cc = []Address{{Addr: cc}, {Name: toName, Addr: cc}}
			o.ReplyTo = []Address{{Name: fromName, Addr: cc}}
		}
		if inReplyTo != "" {
			o.InReplyTo = []string{inReplyTo}
		}
		if o.Date.IsZero() {
			return // Compose refuses it
		}
		lean, ok := composeLean(o)
		if !ok {
			return
		}
		full, err := composeMIME(o)
		require.NoError(t, err)
		require.Equal(t, string(full), string(lean))
	})
}

// BenchmarkCompose composes a forwarded move (compose_test's letter) by
// the lean composer (Compose) and by go-message alone (composeMIME).
func BenchmarkCompose(b *testing.B) {
	o := Outgoing{From: Address{Name: "Турнир ЗК-12", Addr: "tournament@zaochnik.test"},
		To: []Address{{Name: "Иванов Пётр", Addr: "ivanov@example.ru"}}, Subject: "Партия 7: ход соперника",
		Text: "Партия 7\nХод соперника: 1... f6-g5\nПолучено 05.01.2026, отправлено 06.01.2026 — время 3/0\n" + strings.Repeat("длинная строка ", 20) + "\n",
		Date: time.Date(2026, 1, 6, 10, 0, 0, 0, time.UTC), MessageID: "g7.3.1767693600@zaochnik.test",
		InReplyTo: []string{"cp1251.1@example.ru"}, References: []string{"g7.0@zaochnik.test", "cp1251.1@example.ru"}}
	for _, bb := range []struct {
		name    string
		compose func(Outgoing) ([]byte, error)
	}{{"Compose", Compose}, {"GoMessage", composeMIME}} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bb.compose(o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
