package letter

import (
	"go/ast"
	goparser "go/parser"
	gotoken "go/token"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// samples returns one value of every letter the server writes, addressed in
// lang, every field filled. Names and the cipher are Latin, so that any
// Cyrillic in an English letter is text left untranslated.
func samples(lang Lang) []renderer {
	d := timecontrol.MustDate
	e := Envelope{Lang: lang, Cipher: "CH-2026", White: 1, Black: 2, To: "Petrov Petr", ReturnAddress: "zf@example.org"}
	noGame := Envelope{Lang: lang, Cipher: "CH-2026", To: "Sidorova Anna"}
	reason := NotYourMove()
	others := []Problem{MoveNumberWrong("c3-d4", 5, 6)}
	figs := ClaimFigures{Total: 53, Limit: 50, Move: 10}
	claim := repetition()
	ledger := LedgerTable{Rows: []LedgerRow{{Move: 1, White: true, Text: "c3-d4", Received: d("2026-03-01"), Sent: d("2026-03-02"), Days: 1, Total: 1, Limit: 50, Notes: []string{"[1]"}},
		{Move: 1, Text: "f6-g5", Received: d("2026-03-04"), Pending: true, Days: 2, Total: 2, Limit: 50}}, White: LedgerSide{Total: 1}, Black: LedgerSide{Total: 2, Penalty: 6}}
	ruling := &ProtestedRuling{Seq: 1, Ruled: d("2026-05-01"), Confirmed: true, Due: d("2026-05-11"), Late: true}
	matter := AppealMatter{Player: PlayerRef{2, "Petrov Petr"}, Seq: 1, Ruled: d("2026-05-01"), Confirmed: true, Received: d("2026-05-15"), Due: d("2026-05-11"), Late: true}
	side := SideAnalysis{Player: PlayerRef{Number: 1, Name: "Ivanov Ivan"}, Received: d("2026-04-05"), Late: true, Evaluation: "1-0", Analysis: "1.c3-d4 wins"}
	return []renderer{
		Forward{Envelope: e, From: "Ivanov Ivan", Letter: read("Мой ход 6.c3-d4\n12.03.2026 / 14.03.2026 / 15.03.2026\nВремя 12/15"),
			Notes: []ServerNote{{Kind: NoteVariantPlayed, Move: "g3-h4"}, {Kind: NoteCorrected, Move: "c3-b4"}, {Kind: NotePenalty, Days: 6, Clause: "6.2.11", ReasonRu: "остановка", ReasonEn: "a stop"}, {Kind: NoteMoveAgain}}},
		Receipt{Envelope: e, Forwarded: true, Moves: []Move{mv(6, false, "c3-d4")}, On: d("2026-03-15"), Time: &TimeFraction{12, 15}, Problems: others},
		Refusal{Envelope: e, Reason: RefuseRepetition, Written: []Move{mv(5, true, "f6-g5")}, Expected: []Move{mv(5, true, "f6-e5")}, PenaltyDays: 6},
		Rejection{Envelope: e, Reason: reason, Others: others},
		StrangerRejection{Cipher: "CH-2026", Lang: lang, Subject: "my move", Reason: NotAPlayer("x@example.org", "CH-2026"), Others: others},
		Penalty{Envelope: e, Player: "Ivanov Ivan", Days: 6, Reason: PenaltyRepetition, Total: 30},
		AutoCorrected{Envelope: e, Player: "Ivanov Ivan", Written: mv(6, false, "c3-b5"), Played: mv(6, false, "c3-b4"), PenaltyDays: 6},
		DateCorrection{Envelope: e, Field: DateReceived, Written: d("2026-03-14"), Actual: d("2026-03-13"), Time: &TimeFraction{13, 15}},
		BreakNotice{Envelope: e, Player: "Ivanov Ivan", From: d("2026-10-10"), To: d("2026-10-25"), Effective: d("2026-10-12")},
		BreakAccepted{Envelope: e, From: d("2026-10-10"), To: d("2026-10-25"), Notes: []string{BreakAnnouncedLate(d("2026-10-12"), d("2026-10-10")).Message(lang)}},
		BreakNotCounted{Envelope: e, From: d("2026-10-10"), To: d("2026-12-25"), Notes: []string{"too long"}},
		Reminder{Envelope: e, Used: 42, Limit: 50, Deadline: d("2026-04-20")},
		OverstepNotice{Envelope: e, Offender: "Ivanov Ivan", Used: 53, Moves: 10, Limit: 50, On: d("2026-04-21"), ByClaim: true},
		OverstepClaim{Envelope: e, Claimant: "Petrov Petr", Offender: "Ivanov Ivan", Used: 53, Moves: 10, Limit: 50, On: d("2026-04-21"), Dossier: []string{"letter-17.eml"}},
		Ruling{Envelope: e, Matter: "overstep", Clause: "6.3.7", Decision: "confirmed", Result: "0-1", ProtestUntil: d("2026-05-10"), Note: "late"},
		StartList{Envelope: noGame, Name: "Cup", Variant: VariantName(draughts.International, lang), Start: d("2026-03-01"), End: d("2027-03-01"),
			Players: []StartPlayer{{1, "Ivanov Ivan"}, {2, "Petrov Petr"}}, Games: []StartGame{{1, 2, "Ivanov Ivan", "Petrov Petr"}}, Round: 2, Bye: true},
		RoundCancelled{Envelope: e, Round: 2, Reason: "player 6 withdrew"},
		ConfirmRequest{Envelope: e, Arrived: d("2026-03-02"), Subject: "my move", Text: "c3-d4", Deadline: d("2026-03-09")},
		HoldDropped{Envelope: noGame, From: "x@example.org", Arrived: d("2026-03-02"), Subject: "my move", Outcome: HoldExpired, HoldDays: 7},
		Oversized{Envelope: noGame, From: "x@example.org", Subject: "my move", Size: 30 << 20, Limit: 10 << 20, ToSender: true, ArrivedOnDate: d("2026-03-02")},
		DrawOffered{Envelope: e},
		DrawOfferPassed{Envelope: e, YourMove: true},
		NoDrawOffer{Envelope: e},
		DrawDeclined{Envelope: e},
		DrawClaim{Envelope: e, Player: 2, Claim: claim, Record: "1.c3-d4 f6-g5"},
		GameOver{Envelope: e, Ending: Ending{Kind: EndResigned, Name: "Petrov Petr"}, Result: "1-0", Clause: "2.1.8", Record: "1.c3-d4"},
		EndOfPlay{Envelope: e, End: d("2027-03-01"), Due: d("2027-03-11"), Judge: "judge@example.org", Record: "1.c3-d4"},
		InquiryCopy{Envelope: e},
		ProtestToJudge{Envelope: e, Player: 2, Name: "Petrov Petr", Clause: "6.1.12", Received: d("2026-05-20"), Ruling: ruling, Text: "I protest", Record: "1.c3-d4", Ledger: "table\n"},
		ProtestReceived{Envelope: e, Judge: "judge@example.org", Clause: "6.1.12", Ruling: ruling},
		LedgerCopy{Envelope: e, Error: "no start", Secretary: "secretary@example.org"},
		MoveAlreadyReceived{Envelope: e, Moves: "6.c3-d4", Forwarded: d("2026-03-15")},
		ClaimNotice{Envelope: e, To: ToClaimant, ByHand: true, Figures: figs, Offender: 1, Claimant: 2, Judge: "judge@example.org", PenaltyDays: 6},
		HeldReplyToJudge{Envelope: e, Seq: 1, Claimant: 2, Sent: d("2026-04-22"), Moves: "1...f6-g5"},
		ReplyHeld{Envelope: e},
		OverstepRuling{Envelope: e, Claimant: true, PenaltyDays: 6, Resume: &Resumption{YourMove: true, Last: "1.c3-d4", Held: "1...f6-g5"}, ProtestUntil: d("2026-05-10"), Note: "see the ledger"},
		ClaimRejectedCopy{Envelope: e, Seq: 1, Note: "see the ledger"},
		ClaimDossier{Envelope: e, Seq: 1, Offender: PlayerRef{1, "Ivanov Ivan"}, OffenderWhite: true, Claimant: PlayerRef{2, "Petrov Petr"}, Source: ByPlayer,
			Filed: d("2026-04-21"), Figures: figs, Protested: d("2026-04-25"), Due: d("2026-05-01"), Protest: "I protest", Record: "1.c3-d4",
			Held: "1...f6-g5", HeldSent: d("2026-04-22"), Diagram: "board", Ledger: ledger, Letters: 2, PDNMissing: "a bug", Occasion: DossierProtest},
		MoveNotForwarded{Envelope: e},
		OverstepConfirmed{Envelope: e, Official: true, Offender: PlayerRef{1, "Ivanov Ivan"}, Seq: 1, Result: "0-1", Note: "see the ledger"},
		GameRecord{Envelope: e, White: PlayerRef{1, "Ivanov Ivan"}, Black: PlayerRef{2, "Petrov Petr"}, Result: "1-0", Record: "1.c3-d4"},
		ProtestOutOfTime{Envelope: e, Received: d("2026-05-03"), Due: d("2026-05-01")},
		NoEvaluation{Envelope: e},
		EvaluationReceived{Envelope: e, Evaluation: "1/2-1/2", On: d("2027-03-12"), NoAnalysis: true, Late: true, Due: d("2027-03-11")},
		Adjudicated{Envelope: e, Official: true, On: d("2027-04-01"), Result: "1-0", Basis: AgainstAgreed, MayProtest: true, Due: d("2027-04-11"), Note: "the position is won"},
		AdjudicationProtestAnswer{Envelope: e, Passed: true},
		AdjudicationProtestCopy{Envelope: e, Player: PlayerRef{2, "Petrov Petr"}, Result: "1-0", Filed: d("2027-04-05"), Protest: "I protest", Organiser: "org@example.org", GameID: "CH-2026 1-2"},
		AdjudicationProtestToOrganiser{Envelope: e, Player: PlayerRef{2, "Petrov Petr"}, Filed: d("2027-04-05"), Protest: "I protest", Ruled: d("2027-04-01"), Result: "1-0",
			Reason: "the position is won", White: "1-0", Black: "1/2-1/2", Analyses: [2]string{"1.c3-d4 wins", "1...f6-g5 holds"}, Record: "1.c3-d4", Diagram: "board",
			Judge: "judge@example.org", Secretary: "secretary@example.org"},
		AdjudicationProtestDecided{Envelope: e, Official: true, Was: "1-0", Result: "1/2-1/2", Note: "a fortress"},
		Forfeited{Envelope: e, Official: true, On: d("2027-04-01"), Result: "+/-"},
		JudgeAnswerRefused{Envelope: e, Why: ClaimAlreadyRuled(1, "[CH-2026 #1-2]", d("2026-05-01"), true)},
		JudgeAnswerRefused{Envelope: e, Why: JudgeTwoVerdicts(DecidedOverstep, DecidedNoOverstep)},
		JudgeAnswerRefused{Envelope: e, Why: JudgeNoVerdict()},
		JudgeAnswerRefused{Envelope: e, Why: JudgeResultUnreadable("adjudicated: maybe")},
		JudgeDecisionTaken{Envelope: e, On: d("2026-05-01"), Decision: DecidedAdjudged, Result: "1-0"},
		AdjudicationOverdue{Envelope: e, Due: d("2027-04-01")},
		WithdrawalNotice{Envelope: noGame, Player: PlayerRef{1, "Ivanov Ivan"}, On: d("2026-05-01"), Ruling: "withdrawn-1.10"},
		SanctionCopy{Envelope: e, Player: PlayerRef{1, "Ivanov Ivan"}, Notice: SanctionNotice{Envelope: Envelope{Lang: lang, To: "Ivanov Ivan"}, Kind: "loss-of-game", By: ByJudge,
			Date: d("2026-05-01"), Clauses: []string{"6.1.10"}, Reason: "rude letters", Lost: "1-2", AppealTo: ByOrganiser}},
		AdjudicationRequest{Envelope: e, EndOfPlay: d("2027-03-01"), White: side, Black: SideAnalysis{Player: PlayerRef{2, "Petrov Petr"}}, Record: "1.c3-d4",
			Diagram: "board", AnalysisDue: d("2027-03-11"), RulingDue: d("2027-04-01"), Agreed: "1-0", EngineNodes: 1000, EngineView: "even", GameID: "CH-2026 1-2", PDNMissing: "a bug"},
		Digest{Envelope: noGame, Until: d("2026-05-01"), Applied: 3, NotApplied: []DigestLetter{{d("2026-04-28"), "x@example.org", "refused", Because(ReasonStranger, "x@example.org", "CH-2026")}},
			Claims: []DigestClaim{{ID: 4, White: 1, Black: 2, Filed: "2026-04-21", Against: 1}}, Dead: []Undelivered{{To: "y@example.org", Subject: "move", Reason: "550 no such user"}, {To: "z@example.org", Subject: "move", Uncertain: true}}},
		DeadLetter{Envelope: noGame, Letter: Undelivered{To: "y@example.org", Subject: "move", Reason: "550 no such user"}},
		DeadLetter{Envelope: noGame, Letter: Undelivered{To: "y@example.org", Subject: "move", Uncertain: true}},
		Standings{Envelope: noGame, Name: "Cup", Table: "1. Ivanov 1\n"},
		RoundUndrawable{Envelope: noGame, Round: 3, Name: "Cup", Why: "no pairing"},
		AppealToOrganiser{Envelope: e, Matter: matter, Protest: "I protest", Note: "see the ledger", Record: "1.c3-d4"},
		AppealCopy{Envelope: e, Matter: matter, Organiser: "org@example.org", GameID: "CH-2026 1-2"},
		AppealDecided{Envelope: e, Matter: matter, Upheld: true, Official: true, WhiteToMove: true, Last: "1...f6-g5", Note: "the ledger was wrong"},
		OrganiserAnswerRefused{Envelope: e, Why: AppealVerdictExpected()},
		OrganiserDecisionTaken{Envelope: e, On: d("2026-05-20"), Upheld: true},
		SanctionNotice{Envelope: noGame, Kind: "loss-of-game", By: ByJudge, Date: d("2026-05-01"), Clauses: []string{"6.1.10"}, Reason: "rude letters", Lost: "1-2", AppealTo: ByOrganiser},
	}
}

// bilingual letters say a thing in both languages on purpose: a stranger's
// language is unknown; the judge and the organiser may answer in either.
var bilingual = []string{"StrangerRejection", "ClaimDossier", "AppealToOrganiser"}

// Every letter corr/letter writes is in the samples, and renders in both
// languages with its subject, greeting and the one signature, no
// formatting error or empty field, the English one without Russian left in.
func TestNotices_EveryLetterRendersInBothLanguages(t *testing.T) {
	var have []string
	for _, r := range samples(Russian) {
		have = append(have, reflect.TypeOf(r).Name())
	}
	for _, name := range renderers(t) {
		assert.Contains(t, have, name, "a sample of %s", name)
	}
	for _, lang := range []Lang{Russian, English} {
		for _, r := range samples(lang) {
			name := reflect.TypeOf(r).Name()
			t.Run(string(lang)+"/"+name, func(t *testing.T) {
				m := r.Render()
				require.NotEmpty(t, m.Subject)
				if name != "StrangerRejection" { // it quotes the stranger's own subject
					assert.Contains(t, m.Subject, "CH-2026", "the subject carries the game code or the cipher")
				}
				for _, bad := range []string{"%!", "<nil>", "()", "«»", "“”", "[ #", "#0-0", " .\n", " . ", " ,", "\n- \n", ": \n", ": ."} {
					assert.NotContains(t, m.Subject+"\n"+m.Body, bad, "an empty field or a formatting error")
				}
				if name != "Forward" { // signed by the mover and marked as forwarded
					assert.Contains(t, m.Body, Signature(lang, "CH-2026"), "the one signature")
				}
				hasCyrillic := strings.ContainsFunc(m.Subject+m.Body, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) })
				switch {
				case lang == Russian:
					assert.True(t, hasCyrillic, "a Russian letter")
				case !slices.Contains(bilingual, name):
					assert.False(t, hasCyrillic, "Russian left in an English letter:\n%s\n%s", m.Subject, m.Body)
				}
			})
		}
	}
}

// renderers lists the types of the package's own files that render a letter.
func renderers(t *testing.T) []string {
	files, err := os.ReadDir(".")
	require.NoError(t, err)
	var names []string
	for _, fi := range files {
		if !strings.HasSuffix(fi.Name(), ".go") || strings.HasSuffix(fi.Name(), "_test.go") {
			continue
		}
		f, err := goparser.ParseFile(gotoken.NewFileSet(), fi.Name(), nil, 0)
		require.NoError(t, err)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Name.Name != "Render" || fd.Type.Results == nil {
				continue
			}
			if id, ok := fd.Type.Results.List[0].Type.(*ast.Ident); !ok || id.Name != "Message" {
				continue
			}
			if id, ok := fd.Recv.List[0].Type.(*ast.Ident); ok {
				names = append(names, id.Name)
			}
		}
	}
	require.NotEmpty(t, names)
	return names
}

// repetition is the draw by rule a record of kings going to and fro offers (2.1.9.1.9).
func repetition() draughts.DrawClaim {
	pos, err := draughts.ParseFEN(draughts.Russian, "W:WKc1:BKh8")
	if err != nil {
		panic(err)
	}
	rec := draughts.NewRecord(pos)
	for range 3 {
		for _, text := range []string{"c1-d2", "h8-g7", "d2-c1", "g7-h8"} {
			mt, err := draughts.ParseMoveText(text)
			if err != nil {
				panic(err)
			}
			m, err := rec.Final().Resolve(mt)
			if err != nil {
				panic(err)
			}
			if err := rec.Play(m); err != nil {
				panic(err)
			}
		}
	}
	return draughts.DrawClaims(rec)[0]
}

// Penalty days are counted in proper plural forms in both languages (6.2.11).
func TestNotices_6_2_11_PenaltyDaysInPlural(t *testing.T) {
	tests := []struct {
		lang Lang
		days int
		want string
	}{
		{Russian, 1, "начислено 1 штрафной день"},
		{Russian, 2, "начислено 2 штрафных дня"},
		{Russian, 6, "начислено 6 штрафных дней"},
		{Russian, 21, "начислено 21 штрафной день"},
		{English, 1, "charged 1 penalty day "},
		{English, 6, "charged 6 penalty days "},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			m := Penalty{Envelope: Envelope{Lang: tt.lang}, Player: "Ivanov", Days: tt.days, Reason: PenaltyDates}.Render()
			assert.Contains(t, m.Body, tt.want)
			n := ServerNote{Kind: NotePenalty, Days: tt.days, Clause: "6.2.11", ReasonRu: "остановка", ReasonEn: "a stop"}.text(&writer{lang: tt.lang})
			assert.Contains(t, n, strings.TrimSpace(strings.TrimPrefix(tt.want, "начислено ")))
		})
	}
}

// TestOversized_NamesWhatCame: the notice of a letter too large names its
// sender (to the secretary) and subject, and, for a letter whose header
// did not come, calls its sender unknown instead of leaving a gap; a
// letter of no subject names none, to its sender too (it read 'тема: «»').
func TestOversized_NamesWhatCame(t *testing.T) {
	d := timecontrol.MustDate("2026-03-02")
	tests := []struct {
		name, from, subject string
		lang                Lang
		toSender            bool
		want                string
		size, limit         int64 // 30 and 10 MiB if 0
	}{
		{"ru", "x@example.org", "ход", Russian, false, "Письмо от x@example.org от 02.03.2026 (тема: «ход») весит 30.0 MiB при пределе 10.0 MiB;", 0, 0},
		{"en", "x@example.org", "my move", English, false, "A letter from x@example.org of 02.03.2026 (subject: \"my move\") is 30.0 MiB, over the limit of 10.0 MiB;", 0, 0},
		{"ruNoHeader", "", "", Russian, false, "Письмо неизвестного отправителя от 02.03.2026 весит 30.0 MiB при пределе 10.0 MiB;", 0, 0},
		{"enNoHeader", "", "", English, false, "A letter from an unknown sender of 02.03.2026 is 30.0 MiB, over the limit of 10.0 MiB;", 0, 0},
		{"ruToSender", "x@example.org", "ход", Russian, true, "Ваше письмо от 02.03.2026 (тема: «ход») весит 30.0 MiB,", 0, 0},
		{"ruToSenderNoSubject", "x@example.org", "", Russian, true, "Ваше письмо от 02.03.2026 весит 30.0 MiB,", 0, 0},
		{"enToSenderNoSubject", "x@example.org", "", English, true, "Your letter of 02.03.2026 is 30.0 MiB,", 0, 0},
		{"ruSameInMiB", "x@example.org", "ход", Russian, false, "весит 10 485 761 байт при пределе 10 485 760 байт;", 10<<20 + 1, 10 << 20},
		{"enUnderAMiB", "x@example.org", "my move", English, true, "is 96,514 bytes, and the tournament server reads letters of at most 65,536 bytes.", 96514, 65536},
		{"ruUnfiled", "", "", Russian, false, "Ни к одному турниру его отнести нельзя; об этом письме сообщено секретарям всех турниров", 0, 0},
		{"enUnfiled", "", "", English, false, "It cannot be put under any tournament; the secretaries of every tournament", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.size == 0 {
				tt.size, tt.limit = 30<<20, 10<<20
			}
			m := Oversized{Envelope: Envelope{Lang: tt.lang, Cipher: "CH-2026", To: "Sidorova Anna"}, From: tt.from, Subject: tt.subject,
				Size: tt.size, Limit: tt.limit, ToSender: tt.toSender, ArrivedOnDate: d, Unfiled: strings.HasSuffix(tt.name, "Unfiled")}.Render()
			assert.Contains(t, m.Body, tt.want)
		})
	}
}

// TestOversized_CountsTheDay: a notice of a sender's later letter too
// large of a day (only the 2nd, 4th, 8th... are told: Told) says its
// number and when the next notice comes, to the secretary and to the
// sender, in each language; the first says nothing of it.
func TestOversized_CountsTheDay(t *testing.T) {
	d := timecontrol.MustDate("2026-03-02")
	tests := []struct {
		name     string
		lang     Lang
		toSender bool
		nth      int
		want     string
	}{
		{"ruSecretary", Russian, false, 4, "Это уже 4-е такое письмо этого отправителя за 02.03.2026. Все они хранятся в очереди стола секретаря; следующее уведомление придёт, когда их станет 8."},
		{"enSecretary", English, false, 2, "This is the 2nd letter too large from this sender on 02.03.2026. Each is kept in the queue of the secretary's desk; the next notice comes when there are 4."},
		{"ruSender", Russian, true, 8, "Это уже 8-е такое ваше письмо за 02.03.2026; следующее уведомление придёт, когда их станет 16."},
		{"enSender", English, true, 2, "This is the 2nd letter too large you have sent on 02.03.2026; the next notice comes when there are 4."},
		{"ruFirst", Russian, false, 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Oversized{Envelope: Envelope{Lang: tt.lang, Cipher: "CH-2026", To: "Sidorova Anna"}, From: "x@example.org",
				Size: 30 << 20, Limit: 10 << 20, ToSender: tt.toSender, ArrivedOnDate: d, Nth: tt.nth}.Render()
			if tt.want == "" {
				assert.NotContains(t, m.Body, "-е такое")
				return
			}
			assert.Contains(t, m.Body, tt.want)
		})
	}
	var told []int
	for n := 1; n <= 20; n++ {
		if Told(n) {
			told = append(told, n)
		}
	}
	assert.Equal(t, []int{1, 2, 4, 8, 16}, told)
}

// TestOrdinal: the number of a sender's letter too large, as a notice
// writes it in each language.
func TestOrdinal(t *testing.T) {
	for _, tt := range []struct {
		n      int
		ru, en string
	}{
		{1, "1-е", "1st"}, {2, "2-е", "2nd"}, {3, "3-е", "3rd"}, {4, "4-е", "4th"},
		{11, "11-е", "11th"}, {12, "12-е", "12th"}, {13, "13-е", "13th"},
		{21, "21-е", "21st"}, {22, "22-е", "22nd"}, {64, "64-е", "64th"},
		{111, "111-е", "111th"}, {112, "112-е", "112th"}, {1024, "1024-е", "1024th"},
	} {
		assert.Equal(t, tt.ru, newWriter(Envelope{Lang: Russian}).ordinal(tt.n), tt.n)
		assert.Equal(t, tt.en, newWriter(Envelope{Lang: English}).ordinal(tt.n), tt.n)
	}
}
