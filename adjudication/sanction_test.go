package adjudication

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

var day = timecontrol.MustDate

func sanction(k SanctionKind, by Authority) Sanction {
	return Sanction{Player: 3, Kind: k, Clauses: []string{"6.2.6"}, Reason: "оценка позиции в письме с ходом", Date: day("2026-05-04"), By: by}
}

// TestSanction_6_1_9_WhoImposesWhat: the secretary may give a remark, a
// reprimand or take away the current information; the judge, besides,
// a loss of a game; exclusion is the organiser's, at the judge's petition.
func TestSanction_6_1_9_WhoImposesWhat(t *testing.T) {
	tests := []struct {
		kind SanctionKind
		by   Authority
		ok   bool
	}{
		{Remark, Secretary, true}, {Remark, Judge, true}, {Remark, Organiser, false},
		{Reprimand, Secretary, true}, {Reprimand, Judge, true},
		{LossOfCurrentInformation, Secretary, true}, {LossOfCurrentInformation, Judge, true},
		{LossOfFinalInformation, Secretary, false}, {LossOfFinalInformation, Judge, true},
		{LossOfGame, Secretary, false}, {LossOfGame, Judge, true}, {LossOfGame, Organiser, false},
		{Exclusion, Secretary, false}, {Exclusion, Judge, false}, {Exclusion, Organiser, true},
	}
	for _, tt := range tests {
		s := sanction(tt.kind, tt.by)
		if tt.kind == LossOfGame {
			s.Game = Pair{3, 5}
		}
		err := s.Validate()
		if tt.ok {
			assert.NoError(t, err, "%v by %v", tt.kind, tt.by)
		} else {
			assert.ErrorContains(t, err, "cannot be imposed by "+tt.by.String(), "%v by %v", tt.kind, tt.by)
		}
	}
}

// TestSanction_6_1_10_ClausesRequired: a sanction names the clauses broken.
func TestSanction_6_1_10_ClausesRequired(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Sanction)
		want   string
	}{
		{"no clauses", func(s *Sanction) { s.Clauses = nil }, "name the clauses of the rules the player broke (6.1.10)"},
		{"bad clause", func(s *Sanction) { s.Clauses = []string{"6.2.6", "пункт шесть"} }, `"пункт шесть" is not a clause number`},
		{"no reason", func(s *Sanction) { s.Reason = "  " }, "the reason is sent to the player"},
		{"no date", func(s *Sanction) { s.Date = timecontrol.Date{} }, "the date of the decision is required"},
		{"no player", func(s *Sanction) { s.Player = 0 }, "start number is required"},
		{"bad kind", func(s *Sanction) { s.Kind = 77 }, "SanctionKind(77) is not a sanction"},
		{"game on a remark", func(s *Sanction) { s.Game = Pair{3, 4} }, "only a loss of a game names a game"},
		{"loss of someone else's game", func(s *Sanction) { s.Kind, s.By, s.Game = LossOfGame, Judge, Pair{1, 2} }, "player 3 does not play in game 1-2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := sanction(Remark, Secretary)
			tt.change(&s)
			assert.ErrorContains(t, s.Validate(), tt.want)
		})
	}
	ok := sanction(Reprimand, Secretary)
	ok.Clauses = []string{"6.2.6", "6.1.11."}
	assert.NoError(t, ok.Validate())
}

// TestSanction_6_1_12_Appeal: the secretary's decision goes to the judge,
// the judge's to the organiser, within ten days; the organiser's is final.
func TestSanction_6_1_12_Appeal(t *testing.T) {
	due, to, ok := sanction(Remark, Secretary).AppealDue(day("2026-05-08"))
	assert.True(t, ok)
	assert.Equal(t, Judge, to)
	assert.Equal(t, day("2026-05-18"), due)
	_, to, ok = sanction(Remark, Judge).AppealDue(day("2026-05-08"))
	assert.True(t, ok)
	assert.Equal(t, Organiser, to)
	_, _, ok = sanction(Exclusion, Organiser).AppealDue(day("2026-05-08"))
	assert.False(t, ok)
}

func TestApplySanctions_6_1_9_LossOfGameAndExclusion(t *testing.T) {
	players := []Player{{Number: 1, Name: "A"}, {Number: 3, Name: "C"}, {Number: 5, Name: "E"}}
	games := []Game{{1, 3, Unfinished, false, 0}, {3, 5, Draw, true, 0}, {5, 1, Unfinished, false, 0}}
	lose := func(p int, g Pair) Sanction {
		s := sanction(LossOfGame, Judge)
		s.Player, s.Game = p, g
		return s
	}
	excl := sanction(Exclusion, Organiser)
	excl.Player = 5
	ps, gs, err := ApplySanctions(players, games, []Sanction{
		sanction(Remark, Secretary), lose(3, Pair{1, 3}), lose(3, Pair{3, 5}), lose(5, Pair{3, 5}), excl,
	})
	require.NoError(t, err)
	assert.Equal(t, WhiteWins, gs[0].Result, "3 lost 1-3 as Black")
	assert.Equal(t, BothLose, gs[1].Result, "both lost 3-5")
	assert.False(t, gs[1].Adjudicated)
	assert.Equal(t, Unfinished, gs[2].Result)
	assert.Equal(t, WithdrawnPending, ps[2].Withdrawal, "exclusion withdraws the player (6.5.3 ruling to come)")
	assert.Equal(t, Playing, players[2].Withdrawal, "the inputs are not changed")
	assert.Equal(t, Draw, games[1].Result, "the inputs are not changed")

	_, _, err = ApplySanctions(players, games, []Sanction{lose(3, Pair{3, 1})})
	assert.ErrorContains(t, err, "entry 1: there is no game 3-1 (White first)")
	bad := excl
	bad.Player = 9
	_, _, err = ApplySanctions(players, games, []Sanction{bad})
	assert.ErrorContains(t, err, "there is no player 9")
	_, _, err = ApplySanctions(players, games, []Sanction{{Player: 1}})
	assert.ErrorContains(t, err, "entry 1: adjudication: sanction on player 1")
}

func TestSanction_Notice(t *testing.T) {
	s := sanction(LossOfGame, Judge)
	s.Game = Pair{3, 5}
	ru := s.Notice(letter.Envelope{Lang: letter.Russian, To: "Воронин"}).Text()
	assert.Contains(t, ru, "Здравствуйте, Воронин!")
	assert.Contains(t, ru, "Решением судьи от 04.05.2026 Вам объявлено: поражение в партии — за нарушение п. 6.2.6 правил: оценка позиции в письме с ходом.")
	assert.Contains(t, ru, "Партия 3-5 засчитана Вам как проигранная.")
	assert.Contains(t, ru, "обжаловать у организации, проводящей соревнование, не позднее 10 дней")
	en := sanction(Remark, Secretary).Notice(letter.Envelope{Lang: letter.English, To: "Voronin"}).Text()
	assert.Contains(t, en, "by the decision of the secretary of 2026-05-04 you are given a remark for breaking clause(s) 6.2.6")
	assert.Contains(t, en, "appeal to the judge within 10 days")
	assert.Contains(t, sanction(Exclusion, Organiser).Notice(letter.Envelope{Lang: letter.Russian, To: "В"}).Text(), "Решение окончательное (п. 6.1.12).")
}

func TestSanction_JSON(t *testing.T) {
	s := sanction(LossOfGame, Judge)
	s.Game = Pair{3, 5}
	b, err := json.Marshal(s)
	require.NoError(t, err)
	assert.JSONEq(t, `{"player":3,"kind":"loss-of-game","clauses":["6.2.6"],"reason":"оценка позиции в письме с ходом","date":"2026-05-04","by":"judge","game":{"white":3,"black":5}}`, string(b))
	var back Sanction
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, s, back)
	assert.Equal(t, "6.5.9", LossOfFinalInformation.Clause())
	_, err = ParseSanctionKind("fine")
	assert.Error(t, err)
	_, err = ParseAuthority("captain")
	assert.Error(t, err)
}
