package letter

import (
	"encoding/json"
	"fmt"
	"go/ast"
	goparser "go/parser"
	gotoken "go/token"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every reason a letter is not applied is written in the reader's
// language: the Russian has no English words but the names it quotes (an
// address, a cipher, a header, a standard), and both cite the clause where
// one applies.
func TestReason_InTheReadersLanguage(t *testing.T) {
	rule := NotYourMove()
	tests := []struct {
		reason Reason
		ru, en string
	}{
		{RuleReason(rule), "сейчас ход партнёра; отосланный ход изменить нельзя (п. 6.2.8)", "it is your opponent's move; a move once sent cannot be changed (6.2.8)"},
		{RuleReason(PlayEnded()), PlayEnded().Ru, PlayEnded().En}, // it cites its clauses itself
		{Because(ReasonTooLarge, 12<<20, 10<<20), "письмо в 12.0 MiB больше предела в 10.0 MiB и не прочитано", "a letter of 12.0 MiB, over the limit of 10.0 MiB: not read"},
		{Because(ReasonOversized, 2000, 1000), "письмо в 2 000 байт больше предела в 1 000 байт и не прочитано (сохранён только его заголовок)",
			"a letter of 2,000 bytes, over the limit of 1,000 bytes: not read (only its header is kept)"},
		// Sizes that would read the same in MiB are written in bytes.
		{Because(ReasonTooLarge, 10<<20+1, 10<<20), "письмо в 10 485 761 байт больше предела в 10 485 760 байт и не прочитано",
			"a letter of 10,485,761 bytes, over the limit of 10,485,760 bytes: not read"},
		{Because(ReasonTooLarge, 96514, 65536), "письмо в 96 514 байт больше предела в 65 536 байт и не прочитано",
			"a letter of 96,514 bytes, over the limit of 65,536 bytes: not read"},
		{Because(ReasonTooLarge, 1<<20+1, 1<<20-1), "письмо в 1.0 MiB больше предела в 1 048 575 байт и не прочитано",
			"a letter of 1.0 MiB, over the limit of 1,048,575 bytes: not read"},
		{Because(ReasonUnreadable, "mail: missing header"), "письмо не читается как почта; оно сохранено как есть", "the letter cannot be read as mail (mail: missing header)"},
		{Because(ReasonNoPostmark), "нет заголовков Received и Date: дата получения неизвестна (п. 6.3.1)", "no Received or Date header: the postmark is unknown (6.3.1)"},
		{Because(ReasonAutomatic, "Return-Path: <>"), "автоматическое письмо (Return-Path: <>): на такие письма сервер не отвечает (RFC 3834)",
			"an automatic letter (Return-Path: <>): the server does not answer these (RFC 3834)"},
		{Because(ReasonNoSender), "адрес отправителя не прочитан (нет ни From, ни Return-Path): ответить некому",
			"the sender's address could not be read (neither From nor Return-Path): there is nobody to answer"},
		{Because(ReasonNoTournament), "отправитель не играет ни в одном турнире сервера, а письмо не называет турнир: оставлено без ответа",
			"the sender plays in no tournament here and the letter names none: not answered"},
		{Because(ReasonStranger, "x@example.org", "ЧР-2026"), "x@example.org — не участник, не судья и не секретарь турнира ЧР-2026: оставлено без ответа",
			"x@example.org is no player, judge or secretary of ЧР-2026: not answered"},
		{Because(ReasonOrganiser, "org@example.org", "ЧР-2026"),
			"письмо организатора турнира ЧР-2026 (org@example.org), но его не подтверждают ни ключ ответа, ни DMARC, ни DKIM: не применено; внесите решение за столом судьи (п. 6.1.12)",
			"from org@example.org, the organiser of ЧР-2026, but no reply key, DMARC or DKIM vouches for it: not applied; please record the decision at the desk (6.1.12)"},
		{Because(ReasonNotVouched, "no Authentication-Results of mx.example.org"),
			"отправитель не подтверждён: ни ключ ответа, ни проверка почтового сервера (DMARC, DKIM, SPF) не подтверждают его адрес",
			"the sender is not authenticated (mail check: no Authentication-Results of mx.example.org)"},
		{Because(ReasonSPFOfficial), "одного SPF недостаточно для письма судьи или секретаря (нужен ключ ответа, DMARC или DKIM)",
			"SPF alone does not vouch for a letter of the judge or the secretary (a reply key, DMARC or DKIM does)"},
		{Because(ReasonKeyTournament, "КР-2027"), "ключ ответа выдан для турнира КР-2027", "the reply key was made for tournament КР-2027"},
		{Because(ReasonKeyGame, "ЧР-2026 3-1", "ЧР-2026 1-2"), "ключ ответа выдан для партии ЧР-2026 3-1, а не ЧР-2026 1-2", "the reply key was made for game ЧР-2026 3-1, not ЧР-2026 1-2"},
		{Because(ReasonDeclined), "не применено: отправитель ответил, что не писал его", "not applied: its sender answered that he did not send it"},
		{Because(ReasonExpired, 7), "не применено: подтверждение не пришло в течение 7 дней", "not applied: no confirmation came within 7 days"},
		{Because(ReasonExpired, 1), "не применено: подтверждение не пришло в течение 1 дня", "not applied: no confirmation came within 1 day"},
		{Because(ReasonAssigned, "ЧР-2026 1-2", 12), "секретарь применил его к партии ЧР-2026 1-2 (письмо 12)", "re-applied by the secretary to game ЧР-2026 1-2 (letter 12)"},
		{Because(ReasonConfirms, "<m1@example.org>"), "подтверждает задержанное письмо <m1@example.org>", "confirms held letter <m1@example.org>"},
		{Because(ReasonAnsweredLate, "<m1@example.org>", "expired"), "ответ на запрос о письме <m1@example.org>, которое уже не дождалось подтверждения",
			"answers the confirmation request of letter <m1@example.org>, which was expired unconfirmed already"},
		{Because(ReasonDeclines, "<m1@example.org>"), "отклоняет задержанное письмо <m1@example.org>: отправитель его не писал", "refuses held letter <m1@example.org>: its sender did not write it"},
		{Reason{Text: "the sender plays in no tournament here"}, "the sender plays in no tournament here", "the sender plays in no tournament here"}, // kept before reasons were typed
	}
	covered := map[ReasonCode]bool{}
	for _, tt := range tests {
		covered[tt.reason.Code] = true
	}
	for _, code := range reasonCodes(t) {
		assert.True(t, covered[code], "reason %q has no row here", code)
	}
	english := regexp.MustCompile(`[A-Za-z]{3,}`)
	quoted := map[string]bool{"From": true, "Return": true, "Path": true, "Received": true, "Date": true, "RFC": true, "DMARC": true, "DKIM": true, "SPF": true, "MiB": true}
	for _, tt := range tests {
		name := string(tt.reason.Code)
		if name == "" {
			name = "free-text"
		}
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.ru, tt.reason.In(Russian))
			assert.Equal(t, tt.en, tt.reason.In(English))
			assert.Equal(t, tt.en, tt.reason.String(), "logs read English")
			if tt.reason.Text != "" {
				return
			}
			ru := tt.reason.In(Russian)
			for _, a := range tt.reason.Args {
				ru = strings.ReplaceAll(ru, a, "")
			}
			for _, word := range english.FindAllString(ru, -1) {
				assert.True(t, quoted[word], "%q: English in the Russian reason", word)
			}
			var back Reason
			b, err := json.Marshal(tt.reason)
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(b, &back))
			assert.Equal(t, tt.reason, back, "kept as the store keeps it")
		})
	}
}

// The digest writes each letter's reason in the secretary's language, and
// names the game of a letter not delivered.
func TestDigest_ReasonInTheReadersLanguage(t *testing.T) {
	for _, tt := range []struct {
		lang Lang
		want []string
	}{
		{Russian, []string{"  x@example.org  оставлено без ответа: x@example.org — не участник, не судья и не секретарь турнира CH-2026: оставлено без ответа\n",
			"Возможно, не доставлено (сервер остановился, передавая его): y@example.org, партия [CH-2026 #1-2], «move»\n"}},
		{English, []string{"  x@example.org  ignored: x@example.org is no player, judge or secretary of CH-2026: not answered\n",
			"Possibly not delivered (the server stopped while handing it over): y@example.org, game [CH-2026 #1-2], “move”\n"}},
	} {
		t.Run(string(tt.lang), func(t *testing.T) {
			m := Digest{Envelope: Envelope{Lang: tt.lang, Cipher: "CH-2026"}, NotApplied: []DigestLetter{{From: "x@example.org", Disposition: "ignored",
				Reason: Because(ReasonStranger, "x@example.org", "CH-2026")}}, Dead: []Undelivered{{To: "y@example.org", Subject: "move", Uncertain: true, White: 1, Black: 2}}}.Render()
			for _, want := range tt.want {
				assert.Contains(t, m.Body, want)
			}
		})
	}
}

// A held letter dropped for want of a confirmation counts the days in the
// secretary's language, in the plural its number asks for.
func TestHoldDropped_DaysInTheReadersLanguage(t *testing.T) {
	for _, tt := range []struct {
		lang Lang
		days int
		want string
	}{
		{Russian, 7, "ответа на запрос подтверждения не было в течение 7 дней."},
		{Russian, 1, "ответа на запрос подтверждения не было в течение 1 дня."},
		{Russian, 21, "ответа на запрос подтверждения не было в течение 21 дня."},
		{English, 7, "no answer to the confirmation request came within 7 days."},
		{English, 1, "no answer to the confirmation request came within 1 day."},
	} {
		t.Run(fmt.Sprintf("%s/%d", tt.lang, tt.days), func(t *testing.T) {
			m := HoldDropped{Envelope: Envelope{Lang: tt.lang, Cipher: "CH-2026"}, From: "x@example.org", Subject: "move", Outcome: HoldExpired, HoldDays: tt.days}.Render()
			assert.Contains(t, m.Body, tt.want)
			assert.NotContains(t, m.Body, "дн.")
		})
	}
}

// reasonCodes are the ReasonCode constants of reason.go.
func reasonCodes(t *testing.T) []ReasonCode {
	f, err := goparser.ParseFile(gotoken.NewFileSet(), "reason.go", nil, 0)
	require.NoError(t, err)
	var codes []ReasonCode
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != gotoken.CONST {
			continue
		}
		for _, spec := range g.Specs {
			v := spec.(*ast.ValueSpec)
			if id, ok := v.Type.(*ast.Ident); ok && id.Name == "ReasonCode" {
				s, err := strconv.Unquote(v.Values[0].(*ast.BasicLit).Value)
				require.NoError(t, err)
				codes = append(codes, ReasonCode(s))
			}
		}
	}
	require.NotEmpty(t, codes)
	return codes
}
