package letter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"zaochnik/timecontrol"
)

// renderer is any letter the server sends.
type renderer interface{ Render() Message }

func mv(number int, black bool, text string) Move {
	l := Parse("Ход: "+text, Options{})
	m := l.Moves[0]
	m.Number, m.Black, m.Line = number, black, 0
	return m
}

func TestRender_EveryLetterInBothLanguages(t *testing.T) {
	d := timecontrol.MustDate
	env := func(lang Lang) Envelope {
		return Envelope{Lang: lang, Cipher: "ЧР-2026-ЗФ", White: 1, Black: 2, To: "Петров П.П.", ReturnAddress: "zf@example.org"}
	}
	letters := func(lang Lang) map[string]struct {
		r    renderer
		want []string // in the body, whatever the language
	} {
		e := env(lang)
		return map[string]struct {
			r    renderer
			want []string
		}{
			"forward":            {Forward{Envelope: e, From: "Иванов И.И.", Letter: read("Мой ход 6.c3-d4\n12.03.2026 / 14.03.2026 / 15.03.2026\nВремя 12/15")}, []string{"6.c3-d4", "12.03.2026", "12/15", "Иванов И.И.", "6.2.6"}},
			"receipt":            {Receipt{Envelope: e, Forwarded: true, Moves: []Move{mv(6, false, "c3-d4")}, Problems: read("ЧР-2026-ЗФ 1-2\nМой ход 6.c3-d4\nХорошая погода").Problems}, []string{"6.c3-d4", "6.2.6", "Хорошая погода"}},
			"receipt dated":      {Receipt{Envelope: e, Forwarded: true, Moves: []Move{mv(6, false, "c3-d4")}, On: d("2026-03-15"), Time: &TimeFraction{12, 15}}, []string{"6.c3-d4", "15.03.2026", "12/15"}},
			"refusal repetition": {Refusal{Envelope: e, Reason: RefuseRepetition, Written: []Move{mv(5, true, "f6-g5")}, Expected: []Move{mv(5, true, "f6-e5")}, PenaltyDays: 6}, []string{"5...f6-g5", "5...f6-e5", "6.2.9", "6.2.11"}},
			"refusal missing":    {Refusal{Envelope: e, Reason: RefuseRepetition, Expected: []Move{mv(5, true, "f6-e5")}}, []string{"5...f6-e5", "6.2.9"}},
			"refusal impossible": {Refusal{Envelope: e, Reason: RefuseImpossible, Written: []Move{mv(6, false, "c3-b5")}}, []string{"6.c3-b5", "6.2.10"}},
			"refusal final":      {Refusal{Envelope: e, Reason: RefuseFinal, Written: []Move{mv(6, false, "c3-b4")}, Expected: []Move{mv(6, false, "c3-d4")}}, []string{"6.c3-b4", "6.c3-d4", "6.2.8"}},
			"refusal no move":    {Refusal{Envelope: e, Reason: RefuseNoMove}, []string{"6.2.2"}},
			"refusal turn":       {Refusal{Envelope: e, Reason: RefuseNotYourTurn}, []string{"6.2.8"}},
			"refusal game":       {Refusal{Envelope: e, Reason: RefuseUnknownGame}, []string{"6.2.3", "1-2"}},
			"penalty":            {Penalty{Envelope: e, Player: "Иванов И.И.", Days: 6, Reason: PenaltyRepetition, Total: 30}, []string{"6.2.11", "6.2.9", "30"}},
			"penalty dates":      {Penalty{Envelope: e, Player: "Иванов И.И.", Days: 6, Reason: PenaltyDates}, []string{"6.3.3"}},
			"penalty claim":      {Penalty{Envelope: e, Player: "Иванов И.И.", Days: 6, Reason: PenaltyWrongClaim}, []string{"6.3.7"}},
			"auto-corrected":     {AutoCorrected{Envelope: e, Player: "Иванов И.И.", Written: mv(6, false, "c3-b5"), Played: mv(6, false, "c3-b4"), PenaltyDays: 6}, []string{"6.c3-b5", "6.c3-b4", "6.2.10", "6.2.11"}},
			"date correction":    {DateCorrection{Envelope: e, Field: DateReceived, Written: d("2026-03-14"), Actual: d("2026-03-13"), Time: &TimeFraction{13, 15}}, []string{"14.03.2026", "13.03.2026", "13/15", "6.3.1"}},
			"break to opponent":  {BreakNotice{Envelope: e, Player: "Иванов И.И.", From: d("2026-10-10"), To: d("2026-10-25"), Effective: d("2026-10-12")}, []string{"10.10.2026", "25.10.2026", "16", "12.10.2026", "6.4.2", "6.4.3"}},
			"break to secretary": {BreakNotice{Envelope: Envelope{Lang: lang, Cipher: "ЧР-2026-ЗФ"}, Player: "Иванов И.И.", From: d("2026-10-10"), To: d("2026-10-25"), Secretary: true}, []string{"10.10.2026", "16"}},
			"reminder":           {Reminder{Envelope: e, Used: 42, Limit: 50, Deadline: d("2026-04-20")}, []string{"42", "50", "20.04.2026", "6.3.5"}},
			"first move inquiry": {Reminder{Envelope: e, FirstMove: true}, []string{"30", "6.3.4"}},
			"overstep notice":    {OverstepNotice{Envelope: e, Offender: "Иванов И.И.", Used: 53, Moves: 10, Limit: 50, On: d("2026-04-21"), ByClaim: true}, []string{"53", "50", "21.04.2026", "6.3.5", "6.3.6", "6.3.8"}},
			"overstep claim":     {OverstepClaim{Envelope: e, Claimant: "Петров П.П.", Offender: "Иванов И.И.", Used: 53, Moves: 10, Limit: 50, On: d("2026-04-21"), Dossier: []string{"letter-17.eml", "ledger.txt"}}, []string{"letter-17.eml", "6.3.6", "6.3.7"}},
			"ruling":             {Ruling{Envelope: e, Matter: "просрочка", Clause: "6.3.7", Decision: "просрочка подтверждена", Result: "0-2", ProtestUntil: d("2026-05-10")}, []string{"6.3.7", "0-2", "10.05.2026", "6.1.12"}},
			"start list":         {StartList{Envelope: Envelope{Lang: lang, Cipher: "ЧР-2026-ЗФ", To: "Иванов И.И."}, Name: "Чемпионат России", Start: d("2026-03-01"), End: d("2027-03-01"), Players: []StartPlayer{{1, "Иванов И.И."}, {2, "Петров П.П."}}, Games: []StartGame{{1, 2, "Иванов И.И.", "Петров П.П."}}}, []string{"01.03.2026", "01.03.2027", "[ЧР-2026-ЗФ #1-2]", "6.3.2", "Петров П.П.", "50", "10", "6.3.1"}},
			"round cancelled":    {RoundCancelled{Envelope: Envelope{Lang: lang, Cipher: "ЧР-2026-ЗФ", To: "Иванов И.И.", White: 1, Black: 6}, Round: 2, Reason: "участник №6 выбыл"}, []string{"1.15.8", "[ЧР-2026-ЗФ #1-6]", "участник №6 выбыл", " 2"}},
			"start list control": {StartList{Envelope: Envelope{Lang: lang, Cipher: "ЧР-2026-ЗФ", To: "Иванов И.И."}, Name: "Кубок", Start: d("2026-03-01"), End: d("2027-03-01"), Days: 30, Moves: 5}, []string{"30", " 5 ", "6.3.1"}},
		}
	}
	for _, lang := range []Lang{Russian, English} {
		for name, tt := range letters(lang) {
			t.Run(string(lang)+"/"+name, func(t *testing.T) {
				m := tt.r.Render()
				assert.NotEmpty(t, m.Subject)
				assert.Contains(t, m.Subject, "ЧР-2026-ЗФ", "the subject carries the cipher or game code")
				for _, w := range tt.want {
					assert.Contains(t, m.Body, w)
				}
				assert.NotContains(t, m.Body+m.Subject, "%!", "a formatting error")
				if name != "forward" { // a forward is signed by the player and marked as forwarded
					assert.Contains(t, m.Body, Signature(lang, "ЧР-2026-ЗФ"), "one signature for every letter of the server")
				}
				greeting := map[Lang][]string{Russian: {"Здравствуйте"}, English: {"Dear", "Hello"}}[lang]
				assert.True(t, strings.HasPrefix(m.Body, greeting[0]) || len(greeting) > 1 && strings.HasPrefix(m.Body, greeting[1]), m.Body)
			})
		}
	}
}

func TestRender_ReceiptNamesTheLinesNotForwarded(t *testing.T) {
	l := read("ЧР-2026-ЗФ 1-2\nМой ход 6.c3-d4\nКак дела?" + tail)
	m := Receipt{Envelope: Envelope{Lang: English}, Forwarded: true, Moves: l.Moves, Problems: l.Problems}.Render()
	assert.Contains(t, m.Body, "line 3: The line “Как дела?” was not understood and was not forwarded (comments on the game are not allowed, 6.2.6)")
	assert.Equal(t, "Move forwarded", m.Subject)
}

func TestRender_6_2_9_RefusalNamesTheFirstDifference(t *testing.T) {
	tests := []struct {
		written, expected []Move
		want              string
	}{
		{[]Move{mv(5, true, "f6-g5")}, []Move{mv(5, true, "f6-e5")}, "Первое расхождение: 5...f6-g5 вместо 5...f6-e5."},
		{nil, []Move{mv(5, true, "f6-e5")}, "Не повторён ход 5...f6-e5."},
		{[]Move{mv(5, true, "f6-e5"), mv(6, false, "c3-d4")}, []Move{mv(5, true, "f6-e5")}, "Лишний ход 6.c3-d4."},
		{[]Move{mv(4, true, "f6-e5")}, []Move{mv(5, true, "f6-e5")}, "Ходы совпадают, но нумерация неверна."},
	}
	for _, tt := range tests {
		m := Refusal{Reason: RefuseRepetition, Written: tt.written, Expected: tt.expected}.Render()
		assert.Contains(t, m.Body, tt.want)
	}
}

// A refusal says what the sender did wrong, in the sender's tournament:
// a short-notation move is named as such (6.2.2), not as a piece with
// several moves; the example of a game reference carries the tournament's
// own cipher; the reader's note repeating the reason is not printed twice.
func TestRender_6_2_2_RefusalSaysWhatToResend(t *testing.T) {
	e := Envelope{Cipher: "ДЕМО-2026", White: 1, Black: 2}
	noGame := read("привет").Problems
	tests := []struct {
		name      string
		r         Refusal
		want      []string
		notWanted []string
	}{
		{"short notation", Refusal{Envelope: e, Reason: RefuseImpossible, Written: []Move{mv(2, false, "gf4")}, PenaltyDays: 6,
			Problems: append(read("Мой ход: 2.gf4").Problems, Problem{Kind: "impossible-move", Clause: "6.2.10", Text: "gf4", Ru: "move gf4: written in short notation", En: "move gf4: written in short notation"})},
			[]string{"2.gf4", "сокращённой нотацией", "6.2.2", "6.2.10", "полной нотацией", "6.2.11"}, []string{"несколько ходов", "written in short notation", "Пишите полной нотацией"}},
		{"impossible", Refusal{Envelope: e, Reason: RefuseImpossible, Written: []Move{mv(6, false, "c3-b5")}},
			[]string{"6.c3-b5", "несколько ходов", "нет шашки", "6.2.10"}, []string{"сокращённой"}},
		{"not your turn", Refusal{Envelope: e, Reason: RefuseNotYourTurn, Problems: read("ЧР-2026-ЗФ 1-2\nВаш ход 3.b2-c3\nМой ход 7...a7-b6\nХорошая погода").Problems},
			[]string{"ход партнёра", "(п. 6.2.8)", "Хорошая погода"}, []string{"6.2.3", "Игра не останавливается", "даты", "6.2.14"}},
		{"unknown game", Refusal{Envelope: Envelope{Cipher: "ДЕМО-2026"}, Reason: RefuseUnknownGame, Problems: noGame},
			[]string{"«ДЕМО-2026, 1-2»", "ни ход, ни заявление"}, []string{"ЧР-2026-ЗФ", "Не указаны шифр"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := tt.r.Render().Body
			for _, w := range tt.want {
				assert.Contains(t, body, w)
			}
			for _, w := range tt.notWanted {
				assert.NotContains(t, body, w)
			}
		})
	}
}

func TestRender_6_4_3_BreakDaysIncludeBothEnds(t *testing.T) {
	// The rules' own example: 10.10.02 to 25.10.02 is a break of 16 days.
	m := BreakNotice{Player: "Иванов", From: timecontrol.MustDate("2002-10-10"), To: timecontrol.MustDate("2002-10-25")}.Render()
	assert.Contains(t, m.Body, "(16 дн., оба дня включительно, п. 6.4.3)")
}

// The overstep letters count moves in proper plural forms, and the English
// ones put the days and the moves in their places (6.3.5, 6.3.6).
func TestRender_6_3_5_OverstepCountsMovesInPlural(t *testing.T) {
	ru := Envelope{Lang: Russian, Cipher: "ЧР-2026-ЗФ", White: 1, Black: 2}
	en := Envelope{Lang: English, Cipher: "ЧР-2026-ЗФ", White: 1, Black: 2}
	on := timecontrol.MustDate("2026-04-21")
	tests := []struct {
		m    Message
		want string
	}{
		{OverstepNotice{Envelope: ru, Offender: "Иванов", Used: 53, Moves: 1, Limit: 50, On: on}.Render(), "на 1 ход затрачено 53 дн."},
		{OverstepNotice{Envelope: ru, Offender: "Иванов", Used: 53, Moves: 2, Limit: 50, On: on}.Render(), "на 2 хода затрачено 53 дн."},
		{OverstepNotice{Envelope: ru, Offender: "Иванов", Used: 103, Moves: 11, Limit: 100, On: on}.Render(), "на 11 ходов затрачено 103 дн."},
		{OverstepNotice{Envelope: en, Offender: "Ivanov", Used: 53, Moves: 1, Limit: 50, On: on}.Render(), "53 days for 1 move, over the limit of 50"},
		{OverstepClaim{Envelope: ru, Offender: "Иванов", Claimant: "Петров", Used: 53, Moves: 2, Limit: 50, On: on}.Render(), "затрачено 53 дн. на 2 хода при норме 50"},
		{OverstepClaim{Envelope: en, Offender: "Ivanov", Claimant: "Petrov", Used: 53, Moves: 2, Limit: 50, On: on}.Render(), "used 53 days for 2 moves, over the limit of 50"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			assert.Contains(t, tt.m.Body, tt.want)
			assert.NotContains(t, tt.m.Body, "%!")
		})
	}
}

// TestDigest_DispositionInTheReadersLanguage: the digest names what became
// of each letter not applied in the secretary's language, not as the store
// keeps it.
func TestDigest_DispositionInTheReadersLanguage(t *testing.T) {
	tests := []struct {
		lang        Lang
		disposition string
		want        string
	}{
		{Russian, "refused", "  x@example.org  отклонено: why"},
		{Russian, "ignored", "  x@example.org  оставлено без ответа: why"},
		{Russian, "held", "  x@example.org  ждёт подтверждения отправителя: why"},
		{Russian, "assigned", "  x@example.org  передано секретарём в партию: why"},
		{English, "refused", "  x@example.org  refused: why"},
		{English, "held", "  x@example.org  awaiting its sender's confirmation: why"},
		{English, "assigned", "  x@example.org  assigned to a game by the secretary: why"},
		{English, "unknown", "  x@example.org  unknown: why"},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang)+"/"+tt.disposition, func(t *testing.T) {
			m := Digest{Envelope: Envelope{Lang: tt.lang, Cipher: "CH-2026"}, Until: timecontrol.MustDate("2026-05-01"),
				NotApplied: []DigestLetter{{Day: timecontrol.MustDate("2026-04-28"), From: "x@example.org", Disposition: tt.disposition, Reason: Reason{Text: "why"}}}}.Render()
			assert.Contains(t, m.Body, "28.04.2026"+tt.want)
		})
	}
}

// A forward's text is written into one buffer of renderedBytes, not grown
// through copies: it fits, and rendering it allocates 25 times, 28 before.
func TestRender_ForwardGrowsInPlace(t *testing.T) {
	f := Forward{Envelope: Envelope{Cipher: "ЧР-2026-ЗФ", White: 1, Black: 2, To: "Петров Пётр Петрович", ReturnAddress: "zf@example.org"},
		From: "Иванов Иван Иванович", Letter: Parse("Мой ход 6.c3-d4\n12.03.2026 / 14.03.2026 / 15.03.2026\nВремя 12/15", Options{})}
	assert.LessOrEqual(t, len(f.Render().Body), renderedBytes)
	n := testing.AllocsPerRun(20, func() { f.Render() })
	assert.LessOrEqual(t, n, 25.0)
	t.Logf("%.0f allocations", n)
}
