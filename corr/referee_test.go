package corr

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

const (
	white = "ivanov@example.org"
	black = "petrov@example.org"
)

// started returns the example tournament with its start list sent on the start date.
func started(t testing.TB) State {
	t.Helper()
	tr, err := ParseTournament(readExample(t))
	require.NoError(t, err)
	s, _, err := Start(State{Tournament: tr}, tr.Start)
	require.NoError(t, err)
	return s
}

// send applies a letter of from, received on date.
func send(s State, from, date, text string) (State, Outcome) {
	obs := Observation{From: from, Postmark: timecontrol.MustDate(date), MessageID: "<" + from + date + ">"}
	return applyTracked(s, s.ReadAhead(nil, text, obs), obs)
}

func TestStatus_TransitionsAreChecked(t *testing.T) {
	cases := []struct {
		from, to Status
		ok       bool
	}{
		{Playing, Suspended, true},
		{Suspended, Playing, true},
		{Playing, Finished, true},
		{Playing, Unfinished, true},
		{Unfinished, Finished, true}, // a draw accepted or a resignation after the end of play (6.3.2)
		{Finished, Playing, false},
		{Finished, Suspended, false},
		{Unfinished, Playing, false},
	}
	for _, c := range cases {
		g := Game{Code: "x", Status: c.from}
		err := g.transition(c.to)
		assert.Equal(t, c.ok, err == nil, "%s -> %s", c.from, c.to)
		if c.ok {
			assert.Equal(t, c.to, g.Status)
		} else {
			assert.Equal(t, c.from, g.Status)
		}
	}
	for st := Playing; st <= Unfinished; st++ {
		got, err := ParseStatus(st.String())
		require.NoError(t, err)
		assert.Equal(t, st, got)
	}
	_, err := ParseStatus("paused")
	assert.Error(t, err)
	assert.Equal(t, "Status(9)", Status(9).String())
}

func TestStart_6_3_2_StartListToEveryPlayerOnce(t *testing.T) {
	tr, err := ParseTournament(readExample(t))
	require.NoError(t, err)
	s, out, err := Start(State{Tournament: tr}, tr.Start)
	require.NoError(t, err)
	var to []string
	for _, o := range out.Out {
		assert.Equal(t, "start-list", o.Kind)
		to = append(to, o.To)
	}
	assert.Equal(t, []string{white, black, "secretary@example.org"}, to)
	assert.Contains(t, out.Out[1].Body, "Start list", "player 2 writes English")
	assert.Contains(t, out.Out[0].Body, "Ваши партии")
	assert.Contains(t, out.Out[2].Body, "Партии турнира:", "the secretary plays no game")
	assert.NotContains(t, out.Out[2].Body, "Ваши партии")
	assert.NotContains(t, out.Out[2].Body, "для вас")
	_, _, err = Start(s, tr.Start)
	assert.Error(t, err, "a tournament starts once")

	// A start list sent late moves the start of play to the next day (6.3.2).
	late, _, err := Start(State{Tournament: tr}, tr.Start.AddDays(4))
	require.NoError(t, err)
	assert.Equal(t, tr.Start.AddDays(4), late.Games[0].StartListReceived[0])
}

func TestApply_6_2_8_SentMovesAreFinal(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	s2, out := send(s, white, "2026-03-02", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-b4\n01.03.2026 / 01.03.2026 / 02.03.2026\nВремя: 0/0")
	assert.False(t, out.Accepted)
	assert.Equal(t, "not-your-move", out.Problems[len(out.Problems)-1].Kind)
	assert.Equal(t, s.Games, s2.Games, "a refused letter changes nothing")
}

func TestDaily_6_3_4_OnceADay(t *testing.T) {
	s := started(t)
	day := s.Tournament.Start.AddDays(InquiryDays)
	s1, out := Daily(s, day)
	require.Len(t, out.Out, 3, "the 30-day inquiry: White, Black, the secretary")
	_, again := Daily(s1, day)
	assert.Empty(t, again.Out, "the same day is not checked twice")
	_, earlier := Daily(s1, day.AddDays(-1))
	assert.Empty(t, earlier.Out)
}

func TestRule_6_3_7_Errors(t *testing.T) {
	s := started(t)
	code := s.Games[0].Code
	_, _, err := Rule(s, code, 1, true, "", s.Tournament.Start)
	assert.ErrorContains(t, err, "has no claim 1")
	_, _, err = Rule(s, "nope", 1, true, "", s.Tournament.Start)
	assert.ErrorContains(t, err, "no game")

	s, _ = send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	s, out := send(s, white, "2026-03-02", "ЧР-2026-ЗФ 1-2\nЗаявляю просрочку.")
	require.Len(t, out.Claims, 1)
	assert.Equal(t, Suspended, s.Games[0].Status)
	s, _, err = Rule(s, code, 1, false, "в срок", timecontrol.MustDate("2026-03-05"))
	require.NoError(t, err)
	assert.Equal(t, Playing, s.Games[0].Status)
	require.Len(t, s.Games[0].Penalties, 1)
	assert.Equal(t, "6.3.7", s.Games[0].Penalties[0].Clause)
	_, _, err = Rule(s, code, 1, true, "", timecontrol.MustDate("2026-03-06"))
	assert.ErrorContains(t, err, "already ruled")
}

// FuzzApply feeds any text as a player's letter to a game in progress, by
// e-mail and on paper: the referee never panics, and a refused letter leaves
// the moves as they were.
func FuzzApply(f *testing.F) {
	dirs, _ := filepath.Glob(filepath.Join("..", "testdata", "replay", "*", "*.eml"))
	for _, d := range dirs {
		if b, err := os.ReadFile(d); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("ЧР-2026-ЗФ 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\nберу перерыв с 01.03.2026 по 01.05.2026\nпредлагаю ничью")
	s := started(f)
	s, _ = send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\nесли 1...f6-g5, то 2.g3-f4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	f.Fuzz(func(t *testing.T, text string) {
		for _, from := range []string{white, black} {
			next, out := send(s, from, "2026-03-03", text)
			if !out.Accepted && len(next.Games[0].Plies) != len(s.Games[0].Plies) {
				t.Fatalf("a refused letter changed the moves: %q", text)
			}
			next, out = post(s, from, "2026-03-02", "2026-03-05", text)
			if !out.Accepted && len(next.Games[0].Plies) != len(s.Games[0].Plies) {
				t.Fatalf("a refused paper letter changed the moves: %q", text)
			}
		}
	})
}

// The forwarded letter carries every item of 6.2.3 and reads back to the
// same moves, variants, dates and time.
func TestForward_6_2_3_ReadsBack(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\nВариант А: если 1...f6-g5, то 2.g3-f4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	_, out = send(s, black, "2026-03-04", "ЧР-2026-ЗФ 1-2\nYour move: 1.c3-d4\nMy move: 1...b6-a5\n01.03.2026 / 01.03.2026 / 04.03.2026\nTime: 0/3")
	var fwd Outgoing
	for _, o := range out.Out {
		if o.Kind == "forward" {
			fwd = o
		}
	}
	require.Equal(t, white, fwd.To)
	l := letter.Parse(fwd.Body, letter.Options{Subject: fwd.Subject, Sender: letter.Black})
	assert.Equal(t, "ЧР-2026-ЗФ", l.Game.Cipher)
	require.Len(t, l.Repeated, 1)
	assert.Equal(t, "c3-d4", l.Repeated[0].Text.String())
	require.Len(t, l.Moves, 1)
	assert.Equal(t, "b6-a5", l.Moves[0].Text.String())
	assert.Equal(t, letter.Dates{OpponentSent: timecontrol.MustDate("2026-03-01"), Received: timecontrol.MustDate("2026-03-01"), Sent: timecontrol.MustDate("2026-03-04")}, l.Dates)
	require.NotNil(t, l.Time)
	assert.Equal(t, letter.TimeFraction{White: 0, Black: 3}, *l.Time)
}

// A protest goes to the judge with the game's record and ledger (6.3.8),
// the ledger in the judge's language as the letter is; the player is told
// it was passed on.
func TestProtest_6_3_8_GoesToTheJudge(t *testing.T) {
	for _, tt := range []struct {
		name, lang, ledger string
	}{
		{"Russian", "", "График времени на обдумывание (п. 6.3.6)"},
		{"English", "en", "Time ledger (clause 6.3.6)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := started(t)
			s.Tournament.Judge.Language = tt.lang
			s, _ = send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
			_, out := send(s, black, "2026-03-02", "ЧР-2026-ЗФ 1-2\nПротест: просрочки не было, письмо задержала почта.")
			require.True(t, out.Accepted, out.Reason)
			var kinds []string
			for _, o := range out.Out {
				kinds = append(kinds, o.To+":"+o.Kind)
			}
			assert.Equal(t, []string{"judge@example.org:protest", black + ":notice"}, kinds)
			assert.Contains(t, out.Out[0].Body, "письмо задержала почта")
			assert.Contains(t, out.Out[0].Body, tt.ledger)
		})
	}
}

func TestDraw_2_1_9_OfferAndRefusalWithoutAMove(t *testing.T) {
	s := started(t)
	s, _ = send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	s, out := send(s, black, "2026-03-02", "ЧР-2026-ЗФ 1-2\nI offer a draw.")
	require.True(t, out.Accepted, out.Reason)
	require.NotNil(t, s.Games[0].Draw)
	require.Len(t, out.Out, 2, "the offer to White, its confirmation to Black")
	assert.Equal(t, white, out.Out[0].To)
	assert.Contains(t, out.Out[1].Body, "Your draw offer in game [ЧР-2026-ЗФ #1-2] has been passed on to your opponent (clause 2.1.9.3). It is your move.")
	s, out = send(s, white, "2026-03-03", "ЧР-2026-ЗФ 1-2\nОт ничьей отказываюсь.")
	require.True(t, out.Accepted, out.Reason)
	assert.Nil(t, s.Games[0].Draw)
	require.Len(t, out.Out, 1)
	assert.Equal(t, black, out.Out[0].To)
	_, out = send(s, black, "2026-03-04", "ЧР-2026-ЗФ 1-2\nI offer a draw.")
	assert.Equal(t, "draw-offer-repeated", out.Problems[0].Kind, "White has not offered since")
}

// The referee never changes the state it was given: the store keeps it until
// the new one is committed.
func TestApply_LeavesItsInputAlone(t *testing.T) {
	s := started(t)
	s, _ = send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\nВариант А: если 1...f6-g5, то 2.g3-f4\nПредлагаю ничью\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	before, err := json.Marshal(s)
	require.NoError(t, err)
	for _, text := range []string{
		"ЧР-2026-ЗФ 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n01.03.2026 / 01.03.2026 / 03.03.2026\nTime: 0/2",
		"ЧР-2026-ЗФ 1-2\nЗаявляю просрочку.",
		"ЧР-2026-ЗФ 1-2\nberu\nберу перерыв с 10.03.2026 по 20.03.2026",
		"ЧР-2026-ЗФ 1-2\nСогласен на ничью.",
	} {
		_, _ = send(s, black, "2026-03-03", text)
		after, err := json.Marshal(s)
		require.NoError(t, err)
		assert.JSONEq(t, string(before), string(after), text)
	}
}

// A draw offered where a draw by rule became possible is claimed: the
// judge gets the claim with the record (2.1.9.1.9: a third repetition).
func TestDrawClaim_2_1_9_1_9_RepetitionGoesToTheJudge(t *testing.T) {
	s := started(t)
	p := draughts.Initial(draughts.Russian)
	day := timecontrol.MustDate("2026-03-01")
	var prev string
	for i := 0; i < 82; i++ { // this rule of choice repeats a position a third time at ply 82
		ms := p.LegalMoves(nil)
		m := ms[(i*54+17)%len(ms)]
		num := func(ply int, t string) string {
			if ply%2 == 0 {
				return fmt.Sprintf("%d.%s", ply/2+1, t)
			}
			return fmt.Sprintf("%d...%s", ply/2+1, t)
		}
		text := "ЧР-2026-ЗФ 1-2\n"
		if i > 0 {
			text += "Ваш ход: " + num(i-1, prev) + "\n"
		}
		text += "Мой ход: " + num(i, p.Notation(m)) + "\n"
		text += fmt.Sprintf("%s / %s / %s\nВремя: 0/0\n", day.AddDays(-1).Russian(), day.AddDays(-1).Russian(), day.Russian())
		from := white
		if i%2 == 1 {
			from = black
		}
		var out Outcome
		s, out = send(s, from, day.String(), text)
		require.True(t, out.Accepted, "ply %d: %s", i+1, out.Reason)
		prev = p.Notation(m)
		p = p.Play(m)
		day = day.AddDays(1)
	}
	s, out := send(s, white, day.String(), "ЧР-2026-ЗФ 1-2\nПредлагаю ничью.")
	require.True(t, out.Accepted, out.Reason)
	var kinds []string
	for _, pr := range out.Problems {
		kinds = append(kinds, pr.Kind+" "+pr.Clause)
	}
	assert.Contains(t, kinds, "draw-by-rule 2.1.9.1.9")
	var judge *Outgoing
	for i, o := range out.Out {
		if o.Kind == "draw-claim" {
			judge = &out.Out[i]
		}
	}
	require.NotNil(t, judge)
	assert.Equal(t, "judge@example.org", judge.To)
	assert.Contains(t, judge.Body, "2.1.9.1.9")
	assert.Equal(t, Playing, s.Games[0].Status, "the judge rules; play goes on")
}

// Days the server missed are made up once: a late run still sends the
// inquiry (6.3.4) and one reminder, not one per missed day.
func TestDaily_6_3_4_MissedDaysMadeUpOnce(t *testing.T) {
	s := started(t)
	start := s.Tournament.Start
	// White's first move is due by the 50th day: reminders on days 41 and 48.
	s1, out := Daily(s, start.AddDays(45))
	var kinds []string
	for _, o := range out.Out {
		kinds = append(kinds, o.Kind)
	}
	assert.Equal(t, []string{"inquiry", "inquiry", "inquiry", "reminder"}, kinds, "the inquiry of day 30 and the reminder of day 41, once")
	s2, out := Daily(s1, start.AddDays(49))
	require.Len(t, out.Out, 1, "the reminder of day 48")
	assert.Equal(t, "reminder", out.Out[0].Kind)
	_, out = Daily(s2, start.AddDays(50))
	assert.Empty(t, out.Out)
}
