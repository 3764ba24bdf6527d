package storage

import (
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// marshalGame is what gameJSON replaces: encoding/json over the game
// without its claims.
func marshalGame(t testing.TB, g corr.Game) []byte {
	g.Claims = nil
	b, err := json.Marshal(g)
	require.NoError(t, err)
	return b
}

// readGame reads a game's row as the store reads it (encoding/json into a
// fresh game).
func readGame(t testing.TB, b []byte) corr.Game {
	var g corr.Game
	require.NoError(t, json.Unmarshal(b, &g), "%s", b)
	return g
}

// rowGames are the games the rows' tests compare: the games as a played
// game's letters left them (the first played), the game with every list
// nil, and 3,000 random games with every field filled by reflection.
func rowGames(t *testing.T, seed uint64) (games []corr.Game, played int) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	for _, r := range game12 {
		_, s := applyRead(t, db, cipher, r)
		for _, g := range s.Games {
			games = append(games, *g)
		}
	}
	played = len(games)
	games = append(games, corr.Game{}) // every list nil
	rnd := rand.New(rand.NewPCG(seed, 1))
	for range 3000 {
		var g corr.Game
		randomValue(rnd, reflect.ValueOf(&g).Elem())
		games = append(games, g)
	}
	return games, played
}

// TestGameJSON_ReadsAsEncodingJSON: the game's row reads as what
// encoding/json writes reads (the rows of older versions), for the games
// of a played game's letters and for random games with every field filled
// by reflection, so that a field the referee adds to a game and gameJSON
// does not write fails here; it is never longer, and a played game's is
// less than half.
func TestGameJSON_ReadsAsEncodingJSON(t *testing.T) {
	games, played := rowGames(t, 13)
	for i, g := range games {
		got, err := gameJSON(g)
		require.NoError(t, err)
		want := marshalGame(t, g)
		if !reflect.DeepEqual(readGame(t, got), readGame(t, want)) {
			t.Fatalf("game %d:\n got %s\nwant %s", i, got, want)
		}
		require.LessOrEqual(t, len(got), len(want), "game %d", i)
		if i < played {
			require.Less(t, 2*len(got), len(want), "game %d: %s", i, got)
		}
	}
}

// FuzzGameJSON: gameJSON's row reads as what encoding/json writes of a
// game built from the fuzzer's seed and strings (the strings where
// escaping matters).
func FuzzGameJSON(f *testing.F) {
	f.Add(uint64(1), "ЧР 1-2", "<m1@example.org>", "c3-d4")
	f.Add(uint64(2), "a\u2028b\x00\"\\", "\xff\xfe&", "\t\n\r\b\f")
	f.Add(uint64(3), "", "", "")
	f.Fuzz(func(t *testing.T, seed uint64, a, b, c string) {
		var g corr.Game
		randomValue(rand.New(rand.NewPCG(seed, 0)), reflect.ValueOf(&g).Elem())
		g.Code, g.Result = a, b
		g.Letters[0] = append(g.Letters[0], a, b, c)
		g.Replies = append(g.Replies, timecontrol.Reply{Text: c})
		g.Penalties = append(g.Penalties, timecontrol.Penalty{Reason: a, ReasonEn: c})
		got, err := gameJSON(g)
		require.NoError(t, err)
		if want := marshalGame(t, g); !reflect.DeepEqual(readGame(t, got), readGame(t, want)) {
			t.Fatalf("got %s\nwant %s", got, want)
		}
	})
}

// randomStrings are strings where a JSON encoder may go wrong: HTML,
// quotes and controls, invalid UTF-8, the line separators, Cyrillic.
var randomStrings = []string{"", "ЧР-2026 1-2", "<id@example.org>", "a&b", `q"uo\te`, "\x00\x1f\t\n\r\b\f", "\xff\xc3", "x\u2028y\u2029", "первый ход\n", "c3:e5:g7"}

// randomValue fills v, whatever its type, with random values: every
// exported field of every struct, lists nil, empty or of up to three.
// A date is a real date or zero; a letter's move one of a few read.
func randomValue(r *rand.Rand, v reflect.Value) {
	switch v.Type() {
	case reflect.TypeFor[timecontrol.Date]():
		if r.IntN(4) > 0 {
			v.Set(reflect.ValueOf(timecontrol.MustDate("2026-03-01").AddDays(r.IntN(4000) - 2000)))
		}
		return
	case reflect.TypeFor[letter.Move]():
		texts := []string{"c3-d4", "c3:e5:g7", "f6-g5"}
		mt, err := draughts.ParseMoveText(texts[r.IntN(len(texts))])
		if err != nil {
			panic(err)
		}
		v.Set(reflect.ValueOf(letter.Move{Number: r.IntN(40), Black: r.IntN(2) == 0, Text: mt, Forced: r.IntN(2) == 0, Line: r.IntN(9)}))
		return
	}
	switch v.Kind() {
	case reflect.String:
		s := randomStrings[r.IntN(len(randomStrings))]
		if r.IntN(4) == 0 {
			b := make([]byte, r.IntN(8))
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			s = string(b)
		}
		v.SetString(s)
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(r.Uint64()) >> r.IntN(64))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(r.Uint64() >> r.IntN(64))
	case reflect.Slice:
		if n := r.IntN(5) - 1; n >= 0 { // else nil
			s := reflect.MakeSlice(v.Type(), n, n)
			for i := range n {
				randomValue(r, s.Index(i))
			}
			v.Set(s)
		}
	case reflect.Array:
		for i := range v.Len() {
			randomValue(r, v.Index(i))
		}
	case reflect.Pointer:
		if r.IntN(2) == 0 {
			p := reflect.New(v.Type().Elem())
			randomValue(r, p.Elem())
			v.Set(p)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				randomValue(r, v.Field(i))
			}
		}
	case reflect.Map:
		// none in a game; a map would need its keys sorted as encoding/json does
	default:
		panic("randomValue: no values for " + v.Type().String())
	}
}

// BenchmarkGameJSON: a game of 40 plies written as its row, by hand and
// by encoding/json.
func BenchmarkGameJSON(b *testing.B) {
	var g corr.Game
	randomValue(rand.New(rand.NewPCG(40, 0)), reflect.ValueOf(&g).Elem())
	g.Plies, g.Replies = make([]corr.Ply, 40), make([]timecontrol.Reply, 40)
	for i := range g.Plies {
		g.Plies[i] = corr.Ply{Move: draughts.Move{From: 9, To: 13}, Text: "c3-d4"}
		g.Replies[i] = timecontrol.Reply{Received: timecontrol.MustDate("2026-03-01"), Sent: timecontrol.MustDate("2026-03-04"), Moves: 1, Text: "c3-d4"}
	}
	b.Run("Hand", func(b *testing.B) {
		for b.Loop() {
			gameJSON(g)
		}
	})
	b.Run("EncodingJSON", func(b *testing.B) {
		for b.Loop() {
			marshalGame(b, g)
		}
	})
}

// TestReadGameJSON_AsEncodingJSON: a game's row, as gameJSON writes it and
// as encoding/json wrote it (older versions), reads by hand as encoding/json
// reads it, for the played games and random games with every field filled;
// the usual rows (no rare field), in both forms, are read by hand, not left
// to encoding/json.
func TestReadGameJSON_AsEncodingJSON(t *testing.T) {
	games, _ := rowGames(t, 17)
	byHand := 0
	for i, g := range games {
		row, err := gameJSON(g)
		require.NoError(t, err)
		for _, b := range [][]byte{row, marshalGame(t, g)} {
			got, err := readGameJSON(string(b))
			require.NoError(t, err)
			if !reflect.DeepEqual(got, readGame(t, b)) {
				t.Fatalf("game %d: %s", i, b)
			}
		}
		g.Penalties, g.Variants, g.Draw, g.LastOffer, g.Held, g.Stopped, g.Sent = nil, nil, nil, nil, nil, nil, nil
		row, err = gameJSON(g)
		require.NoError(t, err)
		for _, b := range [][]byte{row, marshalGame(t, g)} {
			if _, ok := (&gameReader{b: string(b)}).game(); ok {
				byHand++
			}
		}
	}
	require.Equal(t, 2*len(games), byHand, "every usual row read by hand, in both forms")
}

// FuzzReadGameJSON: whatever the bytes, the hand reader gives encoding/json's
// game, or its error, and never panics.
func FuzzReadGameJSON(f *testing.F) {
	f.Add([]byte(`{"Code":"Б-001 1-2","White":1,"Black":2,"Result":"*","Plies":[{"Move":{"From":22,"To":18},"Text":"a3-b4"}],"Replies":[{"Received":"2026-03-01","Sent":"2026-03-01","Moves":1,"Text":"a3-b4"},{"Player":1,"Received":"2026-03-01"}],"Known":[1,0],"Letters":[["\u003cb1000@example.org\u003e"],null]}`))
	f.Add([]byte(`{"Code":"a\"\\\/\b\f\n\r\t\u2028\ud83d\ude00","Plies":[],"Replies":null,"Known":[1],"Slips":[1,2,3],"Draw":null,"StartListReceived":["2026-03-01",""]}`))
	f.Add([]byte(`{"code":"x","White":-0,"Black":1e2,"Round":01,"Status":9223372036854775807}`))
	f.Add([]byte(`{"Plies":[{"Move":{"From":-0,"To":18}},{"Move":{"From":22,"To":-0}}]}`)) // no sign for a square
	f.Add([]byte(`{"Reminded":"2026-02-30","Start":"0000-01-01","End":"2024-02-29","Replies":[{"Sent":"2026-1-01"},{"Received":"\u0032026-03-01"}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := readGameJSON(string(b))
		var want corr.Game
		wantErr := json.Unmarshal(b, &want)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("%s: error %v, encoding/json %v", b, err, wantErr)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\n got %+v\nwant %+v", b, got, want)
		}
	})
}
