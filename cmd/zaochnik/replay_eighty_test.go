package main

import "testing"

// A game of 80-square draughts (10x8, clause 6.1.4) by mail to its end:
// 25 letters, one a day, moves on the files i and j and captures written
// with every landing square (4.f4:d6:b8, 12.f6:h8:j6); Black is left
// without pieces after 13.j6:h8 and the game ends by 2.8.1, 1-0. Each
// reply costs a day (6.3.1), White's first move is free (6.3.2).
func TestReplay_6_1_4_EightySquareGameToItsEnd(t *testing.T) {
	runReplayCase(t, replayCase{
		name: "EightySquare_6_1_4_GameToItsEnd", tournament: "eighty.toml", mail: "eighty-square",
		games: []gameReport{{White: 1, Black: 2, Status: "finished", Result: "1-0",
			Moves:  "1.cb4 dc5 2.b:d6 c:e5 3.ef4 bc7 4.f:b8 dc7 5.b:f4 fe5 6.f:a5 ab6 7.a:h4 ji5 8.h:j6 hi5 9.j:h4 gf6 10.h:d8 fe7 11.d:f6 hg7 12.f:j6 ji7 13.j:h8",
			Ledger: ledgerReport{side(13, 12, 0), side(12, 12, 0)}}},
		outcomes: "AAAAAAAAAAAAAAAAAAAAAAAAA",
		problems: map[string][]string{},
		says:     []string{"ivanov:result:1-0", "petrov:forward:13.j6:h8"},
	})
}
