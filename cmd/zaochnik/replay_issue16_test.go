package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fairRulingCases are games in which the rules were applied too harshly or
// not at all: each replays the letters that went wrong and names its clause.
var fairRulingCases = []replayCase{
	{
		// Issue 16's whole game: White's impossible first move is refused
		// (6 days, 6.2.10-6.2.11) and corrected once («вместо
		// невозможного» is no move); Black (in English) accepts White's
		// variant and adds his move (6.2.13); White claims an overstep,
		// the judge finds none (6 days, 6.3.7) and White protests the ruling
		// (6.1.12). Each side reads what happened, in his language, and
		// nobody is told what is not his business.
		name: "NaturalGame_16_VariantCorrectionProtestReadFromBothSides", tournament: "two.toml", mail: "natural-game", until: "2026-03-26",
		games: []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 fg5 2.gf4 gf6 3.bc3",
			Ledger: ledgerReport{side(2, 8, 12), side(2, 2, 0)}, Claims: []claimReport{{Against: 2, Status: "rejected", Filed: "2026-03-11"}}}},
		outcomes: "RAAAAA",
		problems: map[string][]string{"01.eml": {"impossible-move"}},
		sent: []string{"ivanov:refusal", "petrov:forward", "ivanov:confirmation", "ivanov:forward", "petrov:confirmation",
			"petrov:claim", "ivanov:claim", "secretary:claim", "judge:dossier", "judge:dossier", "ivanov:confirmation",
			"petrov:ruling", "petrov:forward", "ivanov:ruling", "secretary:ruling", "judge:confirmation",
			"judge:protest", "ivanov:notice", "secretary:protest"},
		says: []string{
			"ivanov:refusal:Ход 1.c3-c4 невозможен", "ivanov:refusal:Начислено штрафных дней: 6 (п. 6.2.11)",
			"petrov:forward:Move: 1.c3-d4\nVariant A: 1...f6-g5 2.g3-f4",
			"petrov:forward:your opponent is charged 6 penalty days (clause 6.2.11): the move c3-c4 is impossible",
			"petrov:!forward:вместо", "petrov:!forward:c3-c4 (",
			"ivanov:confirmation:Передан ваш вариант А: 1...f6-g5 2.g3-f4 (п. 6.2.7)",
			"ivanov:forward:Ход: 1...f6-g5 2.g3-f4 g7-f6", "ivanov:forward:по вашему варианту сделан ход g3-f4 (п. 6.2.13)",
			"petrov:claim:no overstep by the ledger",
			"ivanov:ruling:за неверно заявленную просрочку вам начислено 6 штрафных дней",
			"ivanov:ruling:Протест можно подать до 30.03.2026 включительно (п. 6.1.12)",
			"petrov:!ruling:Протест", "petrov:ruling:it is your move, answering 3.b2-c3",
			"ivanov:notice:передан организации, проводящей соревнование",
			"judge:protest:получен 25.03.2026 (п. 6.1.12)"},
	},
	{
		// Black accepts White's variant and adds his own move (2...g7-f6);
		// his next letter repeats only White's new move as it was forwarded,
		// not his own move of the letter before (6.2.3, 6.2.9).
		name: "Repetition_6_2_3_OwnMoveAfterAcceptedVariantNotRepeated", tournament: "two.toml", mail: "variant-own-move",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 fg5 2.gf4 gf6 3.bc3 ba5", Ledger: ledgerReport{side(2, 3, 0), side(3, 6, 0)}}},
		outcomes: "AAAA",
		problems: map[string][]string{},
	},
	{
		// «1.c3-d4 (вместо невозможного 1.c3-c4)»: the words of a
		// correction are no move; the stop cost 6 days once (6.2.10, 6.2.11).
		name: "Impossible_6_2_11_CorrectionChargedOnce", tournament: "two.toml", mail: "impossible-correction",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4", Ledger: ledgerReport{side(1, 1, 6), side(0, 0, 0)}}},
		outcomes: "RA",
		problems: map[string][]string{"01.eml": {"impossible-move"}},
		says:     []string{"petrov:forward:your opponent is charged 6 penalty days (clause 6.2.11): the move c3-c4 is impossible"},
	},
	{
		// White's claim is rejected: Black, in whose favour the judge ruled,
		// is not told he may protest; White, ruled against, is (6.1.12).
		name: "Ruling_6_1_12_OnlyThePlayerRuledAgainstMayProtest", tournament: "two.toml", mail: "wrong-claim",
		ruling: "reject", rulingDate: "2026-03-20",
		outcomes: "AAA",
		says:     []string{"petrov:!ruling:protest", "ivanov:ruling:Протест можно подать до 30.03.2026"},
	},
	{
		// The secretary's start list lists the tournament's games, not
		// "your games": the secretary plays none (6.3.2).
		name: "StartList_6_3_2_SecretarysCopyListsTheGames", tournament: "two.toml", mail: "clean",
		outcomes: "AAAA",
		says:     []string{"secretary:start-list:Партии турнира:", "secretary:!start-list:Ваши партии", "ivanov:start-list:Ваши партии"},
	},
	{
		// Black's refused letter cost him 6 days; silent since, he is
		// claimed: the judge's dossier holds that letter too (6.3.6).
		name: "Dossier_6_3_6_HoldsTheRefusedLetterCharged", tournament: "two.toml", mail: "overstep-charged", until: "2026-04-25",
		outcomes: "AR",
		problems: map[string][]string{"02.eml": {"impossible-move"}},
		says:     []string{"judge:dossier:приложены без изменений (1, .eml)"},
	},
	{
		// White protests against the judge's ruling on his claim: a protest
		// against a decision (6.1.12), not against a claim (6.3.8); the judge
		// reads which ruling, in Russian.
		name: "Protest_6_1_12_AgainstTheRulingCitesItsClause", tournament: "two.toml", mail: "protest-ruling",
		outcomes: "AAAAA",
		says: []string{"ivanov:notice:(п. 6.1.12)", "ivanov:!notice:6.3.8",
			"judge:protest:на решение судьи от 20.03.2026 по заявлению 1 о просрочке (просрочки нет)", "judge:!protest:rejected",
			// The organiser decides it, finally; none is on record here, so
			// the judge and the secretary are told to pass it on.
			"ivanov:notice:передан организации, проводящей соревнование", "judge:protest:её адрес не записан",
			"secretary:protest:получен 25.03.2026, в срок (последний день 30.03.2026) (п. 6.1.12)"},
	},
	{
		// Petrov (English) is charged for an impossible move: Ivanov reads
		// in Russian what for, beside the time (6.2.11, «за что именно»).
		name: "Penalty_6_2_11_OpponentToldWhatForInHisLanguage", tournament: "two.toml", mail: "impossible-none",
		outcomes: "ARA",
		problems: map[string][]string{"02.eml": {"impossible-move"}},
		says: []string{"ivanov:forward:партнёру начислено 6 штрафных дней (п. 6.2.11): ход b6-d4 невозможен",
			"ivanov:!forward:is impossible"},
	},
	{
		// Refused for a wrong repetition with 1...f6-g5, Black's correction
		// plays 1...b6-a5: the sent move stands and Black is told (6.2.8).
		name: "SentMove_6_2_8_CorrectionCannotChangeIt", tournament: "two.toml", mail: "repetition-sent-move",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 fg5", Ledger: ledgerReport{side(1, 0, 0), side(1, 4, 6)}}},
		outcomes: "ARA",
		problems: map[string][]string{"02.eml": {"repetition"}, "03.eml": {"sent-move-kept"}},
		sent:     []string{"petrov:forward", "ivanov:confirmation", "petrov:refusal", "ivanov:forward", "petrov:confirmation"},
	},
	{
		// The correction repeats White's move and no more: the sent
		// 1...f6-g5 is played (6.2.8, 6.2.9).
		name: "SentMove_6_2_8_CorrectionOfTheRepetitionAlone", tournament: "two.toml", mail: "repetition-correction-only",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 fg5", Ledger: ledgerReport{side(1, 0, 0), side(1, 4, 6)}}},
		outcomes: "ARA",
		problems: map[string][]string{"02.eml": {"repetition"}},
	},
	{
		// White's variant answers 1...b6-c5 with the only legal move,
		// 2.d4:b6: compulsory, it counts among White's moves (6.3.5).
		name: "Overstep_6_3_5_CompulsoryVariantMoveCounted", tournament: "two.toml", mail: "variant-forced",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 bc5 2.d:b6 a:c5", Ledger: ledgerReport{side(2, 0, 0), side(2, 4, 0)}}},
		outcomes: "AA",
	},
	{
		// Ivanov, on move in no game, takes a break naming only the
		// tournament: taken in all his games, told to every partner and
		// the secretary (6.4.1, 6.4.2).
		name: "Breaks_6_4_2_BreakNeedsNoGame", tournament: "two.toml", mail: "break-no-game",
		outcomes: "AA",
		problems: map[string][]string{},
		sent:     []string{"petrov:forward", "ivanov:confirmation", "ivanov:notice", "petrov:break", "secretary:break"},
	},
	{
		// Variants А and Б answer 2...g5-h4 differently: the proposer is
		// told, and both stand only up to that move (6.2.7, 6.2.12), so
		// Black's 2...g5-h4 gets no answer played for White.
		name: "Variants_6_2_7_AmbiguousAnswerRefused", tournament: "two.toml", mail: "variant-ambiguous",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 fg5 2.gf4 gh4", Ledger: ledgerReport{side(1, 0, 0), side(2, 4, 0)}}},
		outcomes: "AA",
		problems: map[string][]string{"01.eml": {"variant-ambiguous"}},
	},
	{
		// White's «Вариант А» (Cyrillic) is accepted as «Variant A» (Latin);
		// White then repeats the accepted part of his own variant (6.2.3).
		name: "Variants_6_2_13_LabelsByLookAndTheProposersRepetition", tournament: "two.toml", mail: "variant-labels",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 fg5 2.gf4 gf6 3.bc3", Ledger: ledgerReport{side(2, 3, 0), side(2, 4, 0)}}},
		outcomes: "AAA",
		problems: map[string][]string{},
	},
	{
		// Both evaluate a draw and the judge answers «присуждаю: ничья»
		// (6.5.4): the game is finished 1/2-1/2 in the report too, and
		// nobody is on move in its ledger.
		name: "Adjudication_6_5_4_OneResultEverywhere", tournament: "short.toml", mail: "unfinished-agreed", until: "2026-04-12",
		games:    []gameReport{{White: 1, Black: 2, Status: "finished", Result: "1/2-1/2", Moves: "1.cd4 fg5 2.gf4", Ledger: ledgerReport{side(2, 11, 0), side(1, 19, 0)}}},
		outcomes: "AAAAAA",
		check: func(t *testing.T, db string) {
			code, out, errs := runCmd(t, "ledger", "ТЕСТ-2026 1-2", "--db", db)
			require.Equal(t, 0, code, errs)
			assert.NotContains(t, out, "…", "no reply is awaited")
		},
	},
	{
		// Out-of-office replies marked only X-Autoreply or X-Autorespond
		// are kept and never answered (RFC 3834).
		name: "AutoReply_RFC3834_VendorMarkersNotAnswered", tournament: "two.toml", mail: "auto-reply",
		outcomes: "AII",
		auth:     "dmarc  ", // automatic letters are never read further
		sent:     []string{"petrov:forward", "ivanov:confirmation"},
	},
	{
		// 500 variant lines, the dates and the time at the end: the whole
		// letter is read, so White's next letter without dates is his first
		// slip and costs nothing (6.3.3); nothing is dropped unsaid (6.2.6).
		name: "Dates_6_3_3_WholeLetterReadNoPenaltyForALimit", tournament: "two.toml", mail: "long-letter",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 hg5 2.bc3", Ledger: ledgerReport{side(2, 1, 0), side(1, 2, 0)}}},
		outcomes: "AAA",
		problems: map[string][]string{"03.eml": {"missing-dates", "missing-time"}},
	},
	{
		// White sends again the letter with Black's forced reply in it: «ход
		// уже получен», as for any re-sent move, not a refusal (6.2.8).
		name: "Resent_6_2_8_LetterWithAForcedReplyConfirmed", tournament: "two.toml", mail: "forced-resent",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cb4 ba5 2.ed4 a:e5 3.gf4", Ledger: ledgerReport{side(3, 2, 0), side(2, 1, 0)}}},
		outcomes: "AAAA",
		sent: []string{"petrov:forward", "ivanov:confirmation", "ivanov:forward", "petrov:confirmation", "petrov:forward", "ivanov:confirmation",
			"ivanov:notice"},
	},
	{
		// White writes Black's forced capture «a5:e5 (вынужденно)»: the
		// mark stays after the move it is about in the forward and the
		// receipt, never before the next (free) move (6.2.4).
		name: "Forced_6_2_4_MarkAfterTheForcedMove", tournament: "two.toml", mail: "forced",
		outcomes: "AAA",
		says:     []string{"petrov:forward:2.e3-d4 a5:c3:e5 (forced) 3.g3-f4", "petrov:!forward:d4 (forced) a5", "ivanov:confirmation:a5:c3:e5 (вынужденно) 3.g3-f4"},
	},
}

func TestReplay_FairRulings(t *testing.T) {
	for _, c := range fairRulingCases {
		t.Run(c.name, func(t *testing.T) { runReplayCase(t, c) })
	}
}
