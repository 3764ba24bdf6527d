package main

import (
	"bytes"
	"fmt"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication/diagram"
	"zaochnik/corr/draughts"
	"zaochnik/mailbox"
)

// The judge rules by answering the dossier, through the whole daemon on the
// embedded mail server: White claims an overstep Black did not make (6.3.6)
// and moves; the judge gets one letter with the diagram, the PDN and
// White's letters attached; answers "просрочки нет" above the quoted
// dossier; the held move reaches Black and the ruling the secretary (6.3.7).
func TestServe_6_3_7_JudgeRulesByMail(t *testing.T) {
	w := newDaemonWorld(t, t.TempDir()+"/z.db")
	w.start(t)
	w.send(t, "ivanov@example.org", "j1@example.org", "ТЕСТ-2026 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	w.waitFor(t, "petrov@example.org", containing("c3-d4"))
	w.clock.Set("2026-03-03T10:00:00+03:00")
	w.send(t, "petrov@example.org", "j2@example.org", "ТЕСТ-2026 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n01.03.2026 / 01.03.2026 / 03.03.2026\nTime: 0/2")
	w.waitFor(t, "ivanov@example.org", containing("f6-g5"))
	w.clock.Set("2026-03-10T10:00:00+03:00")
	w.send(t, "ivanov@example.org", "j3@example.org", "ТЕСТ-2026 1-2\nЗаявляю просрочку.\nВаш ход: 1...f6-g5\nМой ход: 2.g3-f4\n03.03.2026 / 03.03.2026 / 10.03.2026\nВремя: 7/2")

	dossier := w.waitFor(t, "judge@example.org", containing("Задержанный ответ заявителя"))
	types := map[string][]byte{}
	for _, a := range dossier.Attachments {
		types[a.ContentType] = a.Data
	}
	require.Contains(t, types, "image/png")
	require.Contains(t, types, "message/rfc822", "the offender's letters, unchanged")
	img, err := png.Decode(bytes.NewReader(types["image/png"]))
	require.NoError(t, err)
	wd, ht := diagram.Size(draughts.Russian)
	assert.Equal(t, [2]int{wd, ht}, [2]int{img.Bounds().Dx(), img.Bounds().Dy()})
	pdn := false
	for _, a := range dossier.Attachments {
		pdn = pdn || strings.HasSuffix(a.Filename, ".pdn")
	}
	assert.True(t, pdn, "the PDN")

	w.clock.Set("2026-03-12T10:00:00+03:00")
	quoted := "> " + strings.ReplaceAll(dossier.Text, "\n", "\n> ")
	raw := fmt.Sprintf("From: <judge@example.org>\r\nTo: <%s>\r\nSubject: Re: %s\r\nMessage-ID: <j4@example.org>\r\nIn-Reply-To: <%s>\r\nDate: %s\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
		serverAddr, dossier.Subject, dossier.MessageID, w.clock.Now().Format(time.RFC1123Z),
		strings.ReplaceAll("Просрочки нет: чёрные ответили в срок.\n\nС уважением,\nКузнецов\n\n"+quoted, "\n", "\r\n"))
	w.deliver(t, "judge@example.org", []byte(raw))

	w.waitFor(t, "petrov@example.org", containing("g3-f4"))
	w.waitFor(t, "secretary@example.org", containing("не подтвердил"))
	w.waitFor(t, "ivanov@example.org", func(in *mailbox.Incoming) bool {
		return strings.Contains(in.Text, "чёрные ответили в срок") && strings.Contains(in.Text, "штрафных")
	})
	w.waitFor(t, "judge@example.org", containing("Ваше решение по партии"))
}
