package draughts_test

import (
	"fmt"
	"os"

	"zaochnik/corr/draughts"
)

// A game record read from PDN, printed in the semi-short notation of 6.5.1
// and written back as PDN.
func ExamplePDNGame_Replay() {
	games, err := draughts.ParsePDN([]byte(`[White "Иванов"][Black "Петров"][GameType "25"]
1. c3-d4 f6-g5 2. d4-c5 b6xd4 3. e3xc5 *`))
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := games[0].Replay()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.SemiShort())
	fmt.Println(r.FullNotation())
	g, _ := r.PDN(games[0].Tags, "1-0")
	draughts.WritePDN(os.Stdout, g)
	// Output:
	// 1.cd4 fg5 2.dc5 b:d4 3.e:c5
	// 1.c3-d4 f6-g5 2.d4-c5 b6:d4 3.e3:c5
	// [White "Иванов"]
	// [Black "Петров"]
	// [GameType "25"]
	// [Result "1-0"]
	//
	// 1. c3-d4 f6-g5 2. d4-c5 b6:d4 3. e3:c5 1-0
}
