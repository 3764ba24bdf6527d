package letter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"zaochnik/timecontrol"
)

// The judge's dossier says in its subject why it comes (6.3.6, 6.3.8).
func TestClaimDossier_6_3_8_SubjectNamesTheOccasion(t *testing.T) {
	tests := []struct {
		occasion DossierOccasion
		lang     Lang
		want     string
	}{
		{DossierFiled, Russian, "[CH #1-2] Материалы по просрочке, заявление 3"},
		{DossierHeldReply, Russian, "[CH #1-2] Ответ заявителя, заявление 3"},
		{DossierProtest, Russian, "[CH #1-2] Протест игрока №1 по заявлению 3 о просрочке"},
		{DossierAdmission, Russian, "[CH #1-2] Материалы по просрочке, заявление 3 (протеста нет, п. 6.3.8)"},
		{DossierProtest, English, "[CH #1-2] Protest of player No. 1 on overstep claim 3"},
		{DossierAdmission, English, "[CH #1-2] Overstep file, claim 3 (no protest, 6.3.8)"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			d := ClaimDossier{Envelope: Envelope{Lang: tt.lang, Cipher: "CH", White: 1, Black: 2}, Seq: 3, Offender: PlayerRef{1, "Ivanov"}, Occasion: tt.occasion}
			assert.Equal(t, tt.want, d.Render().Subject)
		})
	}
}

// What the desk adds to a letter the referee wrote goes before the
// signature of the letter's own language, or after its greeting; a body
// in another language is left as it is and said so (6.5.1, 6.5.2, 6.3.8).
func TestDeskAdditions_6_5_1_InTheLettersLanguage(t *testing.T) {
	due := timecontrol.MustDate("2027-03-11")
	ru := "Здравствуйте!\n\nТекст.\n\n" + Signature(Russian, "CH") + "\n"
	en := "Hello,\n\nText.\n\n" + Signature(English, "CH") + "\n"
	rec := func(l Lang) GameRecord {
		return GameRecord{Envelope: Envelope{Lang: l, Cipher: "CH", White: 1, Black: 2}, White: PlayerRef{1, "A"}, Black: PlayerRef{2, "B"}, Result: "1-0"}
	}
	tests := []struct {
		name   string
		add    func() (string, bool)
		ok     bool
		before string // the text added comes right before this
		has    string
	}{
		{"record ru", func() (string, bool) { return rec(Russian).AppendTo(ru) }, true, "\n\n" + Signature(Russian, "CH"), "ходов не было 1-0\nЗапись в PDN приложена."},
		{"record en", func() (string, bool) { return rec(English).AppendTo(en) }, true, "\n\n" + Signature(English, "CH"), "no moves were made 1-0\nThe PDN record is attached."},
		{"record en into ru", func() (string, bool) { return rec(English).AppendTo(ru) }, false, "", ""},
		{"analysis ru", func() (string, bool) { return AnalysisInvited(ru, Russian, "CH", due) }, true, "\n\n" + Signature(Russian, "CH"), "до 11.03.2027 включительно: строка «оценка: выигрыш белых», «оценка: ничья» или «оценка: выигрыш чёрных», затем строка «анализ:» и ваш анализ достижения желаемого результата. Сервер передаст их судье. Опротестовать присуждение сможет только игрок, приславший анализ в срок (п. 6.5.6). Диаграмма заключительного положения приложена."},
		{"analysis en", func() (string, bool) { return AnalysisInvited(en, English, "CH", due) }, true, "\n\n" + Signature(English, "CH"), "of how to reach that result. The server passes them to the judge. Only a player who sent an analysis in time may protest the adjudication (clause 6.5.6). A diagram of the final position is attached."},
		{"late mark", func() (string, bool) { return AfterGreeting(ru, ProtestLateMark(Russian, due)), true }, true, "\n\nТекст.", "Здравствуйте!\n\nПРОТЕСТ ПОДАН ПОСЛЕ СРОКА: последний день был 11.03.2027 (п. 6.3.8)."},
		{"late mark en", func() (string, bool) { return AfterGreeting(en, ProtestLateMark(English, due)), true }, true, "\n\nText.", "Hello,\n\nPROTEST FILED LATE: the last day was 11.03.2027 (6.3.8)."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, ok := tt.add()
			assert.Equal(t, tt.ok, ok)
			if !tt.ok {
				assert.True(t, body == ru || body == en, "the body is left as it was")
				return
			}
			i := strings.Index(body, tt.has)
			assert.GreaterOrEqual(t, i, 0, "%q in\n%s", tt.has, body)
			assert.True(t, strings.HasPrefix(body[i+len(tt.has):], tt.before), "added right before %q:\n%s", tt.before, body)
		})
	}
}

// The judge's confirmation names what was decided, in the judge's
// language (6.3.7, 6.3.8, 6.5.5).
func TestJudgeDecisionTaken_6_3_7_NamesTheDecision(t *testing.T) {
	tests := []struct {
		decision JudgeDecision
		lang     Lang
		want     string
	}{
		{DecidedOverstep, Russian, ": просрочка подтверждена."},
		{DecidedNoOverstep, Russian, ": просрочки нет."},
		{DecidedProtestNo, Russian, ": протест отклонён, просрочка подтверждена."},
		{DecidedProtestYes, English, ": protest upheld, no overstep."},
		{DecidedAdjudged, Russian, ": присуждено: ничья (1/2-1/2)."},
		{DecidedAdjudged, English, ": adjudicated: a draw (1/2-1/2)."},
	}
	for _, tt := range tests {
		t.Run(string(tt.decision)+"/"+string(tt.lang), func(t *testing.T) {
			m := JudgeDecisionTaken{Envelope: Envelope{Lang: tt.lang, Cipher: "CH", White: 1, Black: 2}, On: timecontrol.MustDate("2026-05-01"), Decision: tt.decision, Result: "1/2-1/2"}.Render()
			assert.Contains(t, m.Body, " [CH #1-2] ")
			assert.Contains(t, m.Body, tt.want)
		})
	}
}

// Each withdrawal ruling of 6.5.3 and 1.10 is said in words, none left as
// its configuration key.
func TestWithdrawalNotice_6_5_3_SaysTheRuling(t *testing.T) {
	for _, k := range []WithdrawalKind{"withdrawn", "withdrawn-forfeit-unfinished", "withdrawn-adjudicate", "withdrawn-annulled", "withdrawn-1.10"} {
		for _, l := range []Lang{Russian, English} {
			body := WithdrawalNotice{Envelope: Envelope{Lang: l, Cipher: "CH"}, Player: PlayerRef{3, "X"}, Ruling: k}.Render().Body
			assert.NotContains(t, body, "X "+string(k)+".", "%s in %s", k, l)
		}
	}
}

// A player told of an adjudication learns whether he may protest and by
// when (6.5.6); the secretary learns what it rests on (6.5.4).
func TestAdjudicated_6_5_6_SaysWhoMayProtest(t *testing.T) {
	e := Envelope{Cipher: "CH", White: 1, Black: 2}
	a := Adjudicated{Envelope: e, On: timecontrol.MustDate("2027-04-01"), Result: "1-0", Due: timecontrol.MustDate("2027-04-11")}
	tests := []struct {
		name        string
		may, offic  bool
		basis       AdjudicationBasis
		want, wrong string
	}{
		{"may protest", true, false, ByJudgesEvaluation, "до 11.04.2027", "права протеста нет"},
		{"no analysis", false, false, ByJudgesEvaluation, "права протеста нет", "11.04.2027"},
		{"secretary, agreed", false, true, ByAgreedEvaluations, "выигрыш белых (1-0), по совпавшим оценкам игроков (п. 6.5.4).", "протест"},
		{"secretary, overridden", false, true, AgainstAgreed, "вопреки совпавшим оценкам игроков", "протест"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a.MayProtest, a.Official, a.Basis = tt.may, tt.offic, tt.basis
			body := a.Render().Body
			assert.Contains(t, body, tt.want)
			assert.NotContains(t, body, tt.wrong)
		})
	}
}

// The one dossier of an overstep claim says, in the judge's language, who
// claimed, the figures of 6.3.5, the protest window of 6.3.8, the record
// with the held reply, the ledger of 6.3.6 and what is attached; the final
// position and the PDN only when the desk drew and attached them.
func TestClaimDossier_6_3_6_Contents(t *testing.T) {
	d := timecontrol.MustDate
	base := ClaimDossier{Seq: 2, Offender: PlayerRef{1, "Ivanov"}, OffenderWhite: true, Claimant: PlayerRef{2, "Petrov"}, Source: ByPlayer,
		Filed: d("2026-04-21"), Figures: ClaimFigures{Total: 53, Limit: 50, Move: 10}, Due: d("2026-05-01"), Record: "1.c3-d4 f6-g5",
		Held: "2.g3-h4", HeldSent: d("2026-04-22"), Letters: 3,
		Ledger: LedgerTable{Rows: []LedgerRow{{Move: 1, White: true, Text: "c3-d4", Received: d("2026-03-01"), Sent: d("2026-03-02"), Days: 1, Total: 1, Limit: 50}}}}
	drawn := base
	drawn.Diagram, drawn.PDN = "BOARD", true
	protested := drawn
	protested.Protested, protested.Protest, protested.Occasion = d("2026-04-25"), "I did not overstep", DossierProtest
	tests := []struct {
		name     string
		d        ClaimDossier
		lang     Lang
		has, not []string
	}{
		{"filed ru", base, Russian, []string{
			"Заявление 2 о просрочке времени в партии [CH #1-2] против игрока №1 Ivanov (белые).",
			"Подано 21.04.2026: игрок №2 Petrov письмом.",
			"По графику: 53 дн. при норме 50 для 10-го хода — просрочка по графику есть (п. 6.3.5).",
			"Игрок может протестовать до 01.05.2026 включительно (п. 6.3.8).",
			"Запись партии (п. 6.5.1): 1.c3-d4 f6-g5",
			"Задержанный ответ заявителя (отправлен 22.04.2026, партнёру не передан): 2.g3-h4",
			"График времени (п. 6.3.6):", "c3-d4",
			"Письма игрока №1 Ivanov приложены без изменений (3, .eml).",
			"просрочка подтверждена", "просрочки нет"},
			[]string{"диаграмма", "PDN"}},
		{"filed en", base, English, []string{
			"Overstep claim 2 in game [CH #1-2] against player №1 Ivanov (White).",
			"By the ledger: 53 days against the 50 allowed for move 10: an overstep by the ledger (6.3.5).",
			"The player may protest until 01.05.2026 inclusive (6.3.8).",
			"The claimant's held reply (sent 22.04.2026, not forwarded): 2.g3-h4",
			"Time ledger (6.3.6):",
			"The letters of player №1 Ivanov are attached unchanged (3, .eml).",
			"overstep confirmed", "no overstep"},
			[]string{"diagram", "PDN"}},
		{"drawn ru", drawn, Russian, []string{"(диаграмма приложена):\nBOARD", "(3, .eml); запись в PDN приложена."}, nil},
		{"drawn en", drawn, English, []string{"(diagram attached):\nBOARD", "(3, .eml); the PDN record is attached."}, nil},
		{"protest ru", protested, Russian, []string{"Протест игрока получен 25.04.2026 (в срок, до 01.05.2026):", "I did not overstep", "«протест отклонён»"}, []string{"может протестовать"}},
		{"protest en", protested, English, []string{"The player's protest came on 25.04.2026 (in time, by 01.05.2026):", "I did not overstep", "“protest rejected”"}, []string{"may protest until"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.d.Envelope = Envelope{Lang: tt.lang, Cipher: "CH", White: 1, Black: 2, To: "Judge"}
			m := tt.d.Render()
			for _, s := range tt.has {
				assert.Contains(t, m.Body, s)
			}
			for _, s := range tt.not {
				assert.NotContains(t, m.Body, s)
			}
			assert.Contains(t, m.Body, Signature(tt.lang, "CH"))
		})
	}
}

// The desk finds the signature in the letters the renderer wrote, not
// only in a hand-made body: close and Signature write one text, so the
// analysis invitation is never silently dropped (6.5.6). A forward is
// signed by its mover, not by the server: nothing is added to it.
func TestAnalysisInvited_6_5_6_FindsTheRenderedSignature(t *testing.T) {
	due := timecontrol.MustDate("2027-03-11")
	env := func(l Lang) Envelope {
		return Envelope{Lang: l, Cipher: "ЧР-2026-ЗФ", White: 1, Black: 2, To: "Петров П.П.", ReturnAddress: "zf@example.org"}
	}
	letters := map[string]struct {
		r  func(Envelope) renderer
		ok bool
	}{
		"forward": {func(e Envelope) renderer {
			return Forward{Envelope: e, From: "Иванов И.И.", Letter: read("Мой ход 6.c3-d4\n12.03.2026 / 14.03.2026 / 15.03.2026\nВремя 12/15")}
		}, false},
		"receipt": {func(e Envelope) renderer {
			return Receipt{Envelope: e, Forwarded: true, Moves: []Move{mv(6, false, "c3-d4")}, On: timecontrol.MustDate("2026-03-15")}
		}, true},
		"game over": {func(e Envelope) renderer {
			return GameOver{Envelope: e, Ending: Ending{Kind: EndResigned, White: true, Name: "Иванов И.И."}, Result: "0-2", Clause: "2.1.8", Record: "1.c3-d4 f6-g5"}
		}, true},
		"game over official": {func(e Envelope) renderer {
			return GameOver{Envelope: e, Ending: Ending{Kind: EndDrawAgreed}, Result: "1-1", Clause: "2.1.9.1.1", Official: true}
		}, true},
	}
	for _, l := range []Lang{Russian, English} {
		for name, tt := range letters {
			t.Run(string(l)+"/"+name, func(t *testing.T) {
				body := tt.r(env(l)).Render().Body
				got, ok := AnalysisInvited(body, l, "ЧР-2026-ЗФ", due)
				assert.Equal(t, tt.ok, ok, body)
				if !tt.ok {
					assert.Equal(t, body, got, "left as it was")
					return
				}
				i := strings.Index(got, "11.03.2027")
				j := strings.Index(got, Signature(l, "ЧР-2026-ЗФ"))
				assert.True(t, i >= 0 && i < j, "the invitation comes before the signature:\n%s", got)
				assert.Equal(t, 1, strings.Count(got, Signature(l, "ЧР-2026-ЗФ")), got)
			})
		}
	}
}
