package corr

import (
	"fmt"
	"strconv"
	"strings"

	"zaochnik/corr/letter"
)

// RoundRobin pairs every two players once, in start-number order, with the
// colour rule of the tournament regulations (001, table colours): when both
// start numbers are even or both odd, the larger number plays White;
// otherwise the smaller does.
func RoundRobin(players []Player) []Pairing {
	var games []Pairing
	for i := range players {
		for j := i + 1; j < len(players); j++ {
			games = append(games, Colours(players[i].Number, players[j].Number))
		}
	}
	return games
}

// Colours applies the round-robin colour rule to two start numbers.
func Colours(a, b int) Pairing {
	lo, hi := min(a, b), max(a, b)
	if lo%2 == hi%2 {
		return Pairing{White: hi, Black: lo}
	}
	return Pairing{White: lo, Black: hi}
}

// GameCode is the code the server puts in every subject about a game:
// the cipher and the start numbers, White first ("ЧР-2026-ЗФ 1-2"), the
// same pair players may write themselves (6.2.3 asks for the cipher).
func GameCode(cipher string, p Pairing) string {
	var a [64]byte
	return string(appendGameCode(a[:0], cipher, p))
}

// appendGameCode appends GameCode(cipher, p) to b: what fmt.Sprintf("%s
// %d-%d") writes, without a string for a code only looked up
// (State.gameOf).
func appendGameCode(b []byte, cipher string, p Pairing) []byte {
	b = append(append(b, cipher...), ' ')
	b = append(strconv.AppendInt(b, int64(p.White), 10), '-')
	return strconv.AppendInt(b, int64(p.Black), 10)
}

// ParseGameCode reads a code written by GameCode back into its parts.
func ParseGameCode(code string) (cipher string, p Pairing, err error) {
	code = strings.TrimSpace(code)
	i := strings.LastIndexByte(code, ' ')
	if i < 0 {
		return "", Pairing{}, fmt.Errorf("game code %q: want the cipher and the start numbers, as in \"ЧР-2026-ЗФ 1-2\"", code)
	}
	w, b, ok := strings.Cut(code[i+1:], "-")
	wn, err1 := strconv.Atoi(w)
	bn, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || wn <= 0 || bn <= 0 {
		return "", Pairing{}, fmt.Errorf("game code %q: %q is not two start numbers such as 1-2", code, code[i+1:])
	}
	return strings.TrimSpace(code[:i]), Pairing{White: wn, Black: bn}, nil
}

// letterCode is the code of game g as written in subjects ("[ЧР-2026-ЗФ #1-2]").
func letterCode(t Tournament, g Game) string {
	return letter.FormatGameCode(t.Cipher, g.White, g.Black)
}
