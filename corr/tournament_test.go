package corr

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

func readExample(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "tournaments", "example.toml"))
	require.NoError(t, err)
	return b
}

func TestParseTournament_Example(t *testing.T) {
	tr, err := ParseTournament(readExample(t))
	require.NoError(t, err)
	assert.Equal(t, "ЧР-2026-ЗФ", tr.Cipher)
	assert.Equal(t, Russian, tr.Variant)
	assert.Equal(t, timecontrol.MustDate("2026-03-01"), tr.Start)
	assert.Equal(t, timecontrol.MustDate("2027-03-01"), tr.End)
	assert.Equal(t, 50, tr.Days)
	assert.Equal(t, 10, tr.Moves)
	assert.Equal(t, "judge@example.org", tr.Judge.Email)
	require.Len(t, tr.Players, 2)
	assert.Equal(t, "ru", tr.Players[0].Language)
	assert.Equal(t, "en", tr.Players[1].Language)
	assert.Equal(t, []Pairing{{White: 1, Black: 2}}, tr.Games)
	assert.Equal(t, "Europe/Moscow", tr.Location().String())
}

// 6.1.4 lists 80-square draughts beside Russian, international and
// giveaway: variant = "10x8" plays it on the 10x8 board by the Russian rules.
func TestParseTournament_6_1_4_EightySquare(t *testing.T) {
	tr, err := ParseTournament(edit(t, `variant = "russian"`, `variant = "10x8"`))
	require.NoError(t, err)
	assert.Equal(t, EightySquare, tr.Variant)
	assert.Equal(t, draughts.EightySquare, tr.DraughtsVariant())
	assert.Equal(t, "восьмидесятиклеточные шашки (10×8)", tr.Variant.Name(letter.Russian))
	assert.Equal(t, "80-square draughts (10x8)", tr.Variant.Name(letter.English))
}

// edit replaces old by new in the example, failing if old is absent.
func edit(t *testing.T, old, new string) []byte {
	t.Helper()
	s := string(readExample(t))
	require.Contains(t, s, old)
	return []byte(strings.Replace(s, old, new, 1))
}

func TestParseTournament_ErrorsNameKeyAndLine(t *testing.T) {
	cases := []struct {
		name      string
		old, new  string
		wantParts []string
	}{
		{"unknown top key", `timezone = "Europe/Moscow"`, "timezone = \"Europe/Moscow\"\nrounds = 3", []string{"line 11", `unknown key "rounds"`}},
		{"unknown player key", `number = 2`, "number = 2\nelo = 2400", []string{"line 27", `unknown key "players.elo"`}},
		{"bad variant", `variant = "russian"`, `variant = "checkers"`, []string{"line 7", "variant", `"checkers"`}},
		{"bad zone", `timezone = "Europe/Moscow"`, `timezone = "Mars/Olympus"`, []string{"line 10", "timezone"}},
		{"end before start", `end = 2027-03-01`, `end = 2025-03-01`, []string{"line 9", "end", "not after the start"}},
		{"zero days", `days = 50`, `days = 0`, []string{"line 12", "time_control.days"}},
		{"bad judge email", `email = "judge@example.org"`, `email = "judge"`, []string{"line 19", "judge.email"}},
		{"duplicate number", `number = 2`, `number = 1`, []string{"line 26", "players[2].number", "twice"}},
		{"bad language", `language = "en"`, `language = "de"`, []string{"line 29", "players[2].language"}},
		{"game with nobody", "white = 1\nblack = 2", "white = 1\nblack = 7", []string{"line 32", "games[1].black", "no player with start number 7"}},
		{"date as string", `start = 2026-03-01`, `start = "first of March"`, []string{"line 8", `start: "first of March" is not a date; write it as start = 2027-01-10`}},
		{"impossible date", `start = 2026-03-01`, `start = 2027-13-10`, []string{"line 8", `start: "2027-13-10" is not a date`}},
		{"impossible date hides nothing", "start = 2026-03-01", "start = 2027-13-10\nrounds = 3", []string{`start: "2027-13-10" is not a date`, `unknown key "rounds"`}},
		{"impossible date with a comment", "end = 2027-03-01", "end = 2027-02-30 # the end", []string{`end: "2027-02-30" is not a date`}},
		{"time of day", `start = 2026-03-01`, `start = 2026-03-01T10:00:00Z`, []string{"line 8", "start", "is not a date"}},
		{"syntax", `cipher = "ЧР-2026-ЗФ"`, `cipher = "ЧР-2026-ЗФ`, []string{"line 5"}},
		{"missing cipher", `cipher = "ЧР-2026-ЗФ"`, ``, []string{"missing key", "cipher"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseTournament(edit(t, c.old, c.new))
			require.Error(t, err)
			for _, p := range c.wantParts {
				assert.Contains(t, err.Error(), p)
			}
		})
	}
}

// The tournament file takes the dates in the forms timelines take:
// a TOML date or a string, ISO or Russian (6.3.2: start and end of play).
func TestParseTournament_6_3_2_DateForms(t *testing.T) {
	cases := []struct{ written, want string }{
		{`start = 2026-03-01`, "2026-03-01"},
		{`start = "2026-03-02"`, "2026-03-02"},
		{`start = "03.03.2026"`, "2026-03-03"},
		{`start = " 04.03.2026 "`, "2026-03-04"},
	}
	for _, c := range cases {
		tr, err := ParseTournament(edit(t, `start = 2026-03-01`, c.written))
		require.NoError(t, err, c.written)
		assert.Equal(t, timecontrol.MustDate(c.want), tr.Start, c.written)
	}
}

func TestRoundRobin_ColourRule(t *testing.T) {
	cases := []struct {
		a, b         int
		white, black int
	}{
		{1, 2, 1, 2}, // odd and even: the smaller plays White
		{1, 3, 3, 1}, // both odd: the larger plays White
		{2, 4, 4, 2}, // both even: the larger plays White
		{4, 1, 1, 4},
		{5, 2, 2, 5},
		{6, 8, 8, 6},
	}
	for _, c := range cases {
		assert.Equal(t, Pairing{White: c.white, Black: c.black}, Colours(c.a, c.b), "%d v %d", c.a, c.b)
	}
}

func TestRoundRobin_EveryPairOnce(t *testing.T) {
	var players []Player
	for n := 1; n <= 6; n++ {
		players = append(players, Player{Number: n})
	}
	games := RoundRobin(players)
	assert.Len(t, games, 15)
	seen := map[[2]int]bool{}
	for _, g := range games {
		k := [2]int{min(g.White, g.Black), max(g.White, g.Black)}
		assert.False(t, seen[k], "pair %v twice", k)
		seen[k] = true
	}
	// Without [[games]] the file is a round robin.
	s := string(readExample(t))
	s = s[:strings.Index(s, "[[games]]")]
	tr, err := ParseTournament([]byte(s))
	require.NoError(t, err)
	assert.Equal(t, []Pairing{{White: 1, Black: 2}}, tr.Games)
}

func TestGameCode_RoundTrip(t *testing.T) {
	for _, p := range []Pairing{{1, 2}, {12, 3}} {
		code := GameCode("ЧР-2026-ЗФ", p)
		c, q, err := ParseGameCode(code)
		require.NoError(t, err)
		assert.Equal(t, "ЧР-2026-ЗФ", c)
		assert.Equal(t, p, q)
	}
	for _, bad := range []string{"", "ЧР", "ЧР 1-", "ЧР x-2", "ЧР 0-2"} {
		_, _, err := ParseGameCode(bad)
		assert.Error(t, err, bad)
	}
}

// GameCode writes what fmt.Sprintf("%s %d-%d") wrote, in one allocation.
func TestGameCode_AsSprintfInOneAllocation(t *testing.T) {
	for _, tc := range []struct {
		cipher string
		p      Pairing
	}{
		{"ЧР-2026-ЗФ", Pairing{1, 2}},
		{"", Pairing{0, 0}},
		{"КМ-25", Pairing{-3, 1234567890}},
		{strings.Repeat("ЧР-2026-ЗФ", 10), Pairing{15, 14}},
	} {
		assert.Equal(t, fmt.Sprintf("%s %d-%d", tc.cipher, tc.p.White, tc.p.Black), GameCode(tc.cipher, tc.p))
	}
	var code string
	assert.LessOrEqual(t, testing.AllocsPerRun(100, func() { code = GameCode("ЧР-2026-ЗФ", Pairing{12, 3}) }), 1.0)
	assert.Equal(t, "ЧР-2026-ЗФ 12-3", code)
}

func FuzzParseTournament(f *testing.F) {
	f.Add(readExample(f))
	f.Add([]byte(strings.Replace(string(readExample(f)), `variant = "russian"`, `variant = "10x8"`, 1)))
	f.Add([]byte("cipher = 1\n[[players]]\nnumber = -1\n[[games]]\nwhite=1\nblack=1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := ParseTournament(data)
		if err == nil && (tr.Cipher == "" || len(tr.Players) < 2) {
			t.Fatalf("accepted an invalid tournament: %+v", tr)
		}
	})
}

func FuzzParseGameCode(f *testing.F) {
	f.Add("ЧР-2026-ЗФ 1-2")
	f.Add("x 0-0")
	f.Fuzz(func(t *testing.T, code string) {
		cipher, p, err := ParseGameCode(code)
		if err != nil {
			return
		}
		c2, p2, err := ParseGameCode(GameCode(cipher, p))
		if err != nil || c2 != cipher || p2 != p {
			t.Fatalf("%q read as %q %v, which does not read back (%q %v %v)", code, cipher, p, c2, p2, err)
		}
	})
}
