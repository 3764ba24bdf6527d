package corr

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// applyTracked is Apply as the store calls it, on a tracked state, with
// what the store relies on checked: the given state is not changed, and
// every game that differs afterwards is one State.Changed lists. The test
// helpers apply every letter through it.
func applyTracked(s State, l letter.Letter, obs Observation) (State, Outcome) {
	in := s.Track()
	was := s.Clone()
	next, out := Apply(in, l, obs)
	if !reflect.DeepEqual(in.Clone(), was) {
		panic(fmt.Sprintf("Apply changed the state it was given (letter %s)", obs.MessageID))
	}
	codes, known := next.Changed()
	if !known {
		panic("Apply does not know what it changed")
	}
	for _, g := range next.Games {
		old, ok := was.Game(g.Code)
		if (!ok || !reflect.DeepEqual(old, *g)) && !slices.Contains(codes, g.Code) {
			panic(fmt.Sprintf("Apply changed game %s without listing it (letter %s)", g.Code, obs.MessageID))
		}
	}
	return next, out
}

// A letter changes its game only: the other games stay shared with the
// state it was applied to (copied on write), and Changed lists that game
// alone; a step that changes every game (Daily) does not claim to know.
func TestApply_ChangedListsTheLettersGame(t *testing.T) {
	src := string(readExample(t)) + `
[[players]]
number = 3
name = "Сидоров Сидор"
email = "sidorov@example.org"
[[games]]
white = 3
black = 1
[[games]]
white = 2
black = 3
`
	tr, err := ParseTournament([]byte(src))
	require.NoError(t, err)
	s, _, err := Start(State{Tournament: tr}, tr.Start)
	require.NoError(t, err)
	require.Len(t, s.Games, 3)
	s, out := send(s, "sidorov@example.org", "2026-03-01", "ЧР-2026-ЗФ 3-1\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	code := func(w, b int) string { return GameCode(tr.Cipher, Pairing{White: w, Black: b}) }
	cases := []struct {
		name, from, text string
		changed          []string
	}{
		{"a move", white, "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0", []string{code(1, 2)}},
		{"a refused move", white, "ЧР-2026-ЗФ 1-2\nМой ход: 1.a1-h8\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0", []string{code(1, 2)}},
		{"a break alone", white, "беру перерыв с 10.03.2026 по 20.03.2026", nil},
		{"a stranger", "nobody@example.org", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			next, _ := send(s.Track(), c.from, "2026-03-02", c.text)
			codes, known := next.Changed()
			assert.True(t, known)
			assert.Equal(t, c.changed, codes)
			other, was := next.game(code(3, 1)), s.game(code(3, 1))
			require.NotEmpty(t, other.Plies)
			assert.Same(t, was, other, "the game no letter named is shared, not copied")
			for _, g := range next.Games {
				if !slices.Contains(c.changed, g.Code) {
					assert.Same(t, s.game(g.Code), g, "game %s is shared", g.Code)
				}
			}
		})
	}
	next, _ := Daily(s.Track(), s.Tournament.Start.AddDays(40))
	_, known := next.Changed()
	assert.False(t, known, "Daily may change every game: not tracked")
}

// A letter's game is copied with room for what the letter appends
// (cloneRoom), else as clone copies it: equal to it, nil lists kept nil
// (the stored JSON tells null from []), no array shared with the game.
func TestOwn_CopiesTheLettersGameWithRoom(t *testing.T) {
	ply := Ply{Text: "c3-d4"}
	reply := timecontrol.Reply{Player: timecontrol.White}
	for _, g := range []Game{
		{Code: "ЧР 1-2"},
		{Code: "ЧР 1-2", Plies: []Ply{ply}, Replies: []timecontrol.Reply{reply}, Letters: [2][]string{{"<a@x>"}, nil}},
		{Code: "ЧР 1-2", Plies: []Ply{ply, ply, ply}, Replies: []timecontrol.Reply{reply, reply}, Letters: [2][]string{{"<a@x>"}, {"<b@x>"}}, Charged: [2][]string{{"<a@x>"}, nil}},
	} {
		s := State{Games: []*Game{&g}}.cow()
		c := s.own(s.Games[0])
		assert.Equal(t, g.clone(), *c)
		assert.Equal(t, g, *c)
		if len(g.Plies) > 0 {
			assert.GreaterOrEqual(t, cap(c.Plies), len(g.Plies)+letterRoom)
			assert.GreaterOrEqual(t, cap(c.Replies), len(g.Replies)+letterRoom)
			assert.NotSame(t, &g.Plies[0], &c.Plies[0])
			assert.NotSame(t, &g.Replies[0], &c.Replies[0])
			assert.NotSame(t, &g.Letters[0][0], &c.Letters[0][0])
			assert.Greater(t, cap(c.Letters[0]), len(g.Letters[0]))
		}
	}
}
