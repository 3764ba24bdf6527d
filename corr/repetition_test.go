package corr

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// The opponent's move repeated (6.2.9) is accepted as the server wrote
// it, told by its text alone (writtenAs), or in any other spelling that
// names the same move, resolved in the position; another move is a
// wrong repetition, refused with the game stopped and 6 penalty days
// (6.2.11).
func TestRepetition_6_2_9_AsWrittenOrAsResolved(t *testing.T) {
	cases := []struct {
		name, repeated string
		accepted       bool
	}{
		{"as the server wrote it", "1.c3-d4", true},
		{"unnumbered", "c3-d4", true},
		{"capitals and spaces", "1. C3 - D4", true},
		{"Cyrillic look-alikes", "1.с3-д4", true},
		{"as a capture", "1.c3:d4", true},
		{"another move", "1.c3-b4", false},
		{"no such move", "1.c3-e5", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t)
			s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026\nВремя: 0/0")
			require.True(t, out.Accepted, out.Reason)
			s, out = send(s, black, "2026-03-02", "ЧР-2026-ЗФ 1-2\nВаш ход: "+c.repeated+"\nМой ход: 1...f6-g5\n01.03.2026 / 02.03.2026 / 02.03.2026\nВремя: 0/0")
			assert.Equal(t, c.accepted, out.Accepted, out.Reason)
			g, _ := s.Game(GameCode(s.Tournament.Cipher, Pairing{White: 1, Black: 2}))
			if c.accepted {
				assert.Len(t, g.Plies, 2)
				assert.Nil(t, g.Stopped)
				return
			}
			assert.Len(t, g.Plies, 1)
			require.NotNil(t, g.Stopped)
			require.Len(t, g.Penalties, 1)
			assert.Equal(t, "6.2.11", g.Penalties[0].Clause)
			assert.Equal(t, 6, g.Penalties[0].Days)
			assert.Equal(t, timecontrol.Black, g.Penalties[0].Player) // the sender of the wrong repetition
		})
	}
}

// writtenAs rests on the engine reading its own written ply back as that
// ply (draughts.Position.Written): a repeated move whose text is the
// ply's is accepted without resolving it. On every legal move of random
// positions of every variant, kings and captures of several paths among
// them, each way a player may spell the written ply (capitals, Cyrillic
// look-alikes, long dashes, 'x' for ':', spaces) that writtenAs takes
// for the ply resolves to it, and the ply's text is taken for no other
// legal move.
func TestWrittenAs_6_2_9_OnlyWhatResolvesToThePly(t *testing.T) {
	cyrillic := strings.NewReplacer("a", "а", "b", "в", "c", "с", "d", "д", "e", "е", "h", "н")
	spellings := func(w string) []string {
		return []string{w, strings.ToUpper(w), cyrillic.Replace(w), strings.ReplaceAll(w, "-", "–"),
			strings.ReplaceAll(w, "-", "—"), strings.ReplaceAll(w, ":", "x"), strings.ReplaceAll(strings.ReplaceAll(w, ":", " : "), "-", " - ")}
	}
	rng := rand.New(rand.NewPCG(6, 29))
	captures, named := 0, 0 // captures, and those whose text names the path
	for _, v := range []draughts.Variant{draughts.Russian, draughts.International, draughts.Giveaway, draughts.EightySquare} {
		for range 500 {
			var fen strings.Builder
			perm := rng.Perm(v.Squares())
			for side, n := range []int{1 + rng.IntN(4), 1 + rng.IntN(8)} {
				fen.WriteString([]string{"W:W", ":B"}[side])
				for i := range n {
					if i > 0 {
						fen.WriteByte(',')
					}
					if rng.IntN(2) == 0 {
						fen.WriteByte('K')
					}
					fen.WriteString(strconv.Itoa(perm[0] + 1))
					perm = perm[1:]
				}
			}
			pos, err := draughts.ParseFEN(v, fen.String())
			if err != nil {
				continue // a man on its crowning row
			}
			legal := pos.LegalMoves(nil)
			written := make([]string, len(legal))
			for i, m := range legal {
				written[i] = pos.Written(m)
			}
			for i, m := range legal {
				if m.IsCapture() {
					captures++
					if written[i] != pos.Notation(m) {
						named++
					}
				}
				for _, s := range spellings(written[i]) {
					mt, err := draughts.ParseMoveText(s)
					require.NoError(t, err, "%v %s: %q", v, fen.String(), s)
					for j, w := range written {
						if !writtenAs(mt, w) {
							continue
						}
						got, err := pos.Resolve(mt)
						require.NoError(t, err, "%v %s: %q taken for %q", v, fen.String(), s, w)
						require.Equal(t, legal[j], got, "%v %s: %q taken for %q", v, fen.String(), s, w)
						require.Equal(t, m, got, "%v %s: %q, written for another move, taken for %q", v, fen.String(), s, w)
					}
				}
				require.True(t, writtenAs(mustMoveText(t, written[i]), written[i]), "%v %s: %q", v, fen.String(), written[i])
			}
		}
	}
	t.Logf("%d captures, %d named", captures, named)
	assert.Greater(t, captures, 1000)
	assert.Greater(t, named, 200)
}

func mustMoveText(t *testing.T, s string) draughts.MoveText {
	t.Helper()
	mt, err := draughts.ParseMoveText(s)
	require.NoError(t, err, s)
	return mt
}
