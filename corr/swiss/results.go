package swiss

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/BurntSushi/toml"
)

// resultsFile mirrors the results file's TOML layout.
type resultsFile struct {
	Games []struct {
		Round  int    `toml:"round"`
		White  int    `toml:"white"`
		Black  int    `toml:"black"`
		Result string `toml:"result"`
	} `toml:"games"`
	Byes []struct {
		Round  int `toml:"round"`
		Player int `toml:"player"`
	} `toml:"byes"`
	Withdrawals []struct {
		Player int `toml:"player"`
	} `toml:"withdrawals"`
}

// ParseResults reads a results file: [[games]] with round, white, black and
// result (1-0, 1/2-1/2, 0-1, +-, -+, --, * awaiting adjudication), [[byes]] with round and player,
// [[withdrawals]] with player. Errors name the entry and what to write;
// whether the players exist is checked by Draw.
func ParseResults(data []byte) (History, error) {
	var f resultsFile
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&f)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return History{}, fmt.Errorf("results file, line %d: %s", pe.Position.Line, pe.Message)
		}
		return History{}, fmt.Errorf("results file: %v", err)
	}
	var errs []error
	for _, k := range md.Undecoded() {
		errs = append(errs, fmt.Errorf("results file: unknown key %q; the keys are games (round, white, black, result), byes (round, player) and withdrawals (player)", k.String()))
	}
	var h History
	for i, g := range f.Games {
		where := fmt.Sprintf("results file, games[%d]", i+1)
		r, err := ParseResult(g.Result)
		switch {
		case g.Result == "":
			errs = append(errs, fmt.Errorf("%s (round %d, %d-%d): the result is required: 1-0, 1/2-1/2, 0-1, +-, -+, -- or *", where, g.Round, g.White, g.Black))
		case err != nil:
			errs = append(errs, fmt.Errorf("%s (round %d, %d-%d): %v", where, g.Round, g.White, g.Black, err))
		}
		if g.Round <= 0 || g.White <= 0 || g.Black <= 0 {
			errs = append(errs, fmt.Errorf("%s: round, white and black are required, each a positive number (round = 1, white = 3, black = 7)", where))
		}
		h.Games = append(h.Games, Game{Round: g.Round, White: g.White, Black: g.Black, Result: r})
	}
	for i, b := range f.Byes {
		if b.Round <= 0 || b.Player <= 0 {
			errs = append(errs, fmt.Errorf("results file, byes[%d]: round and player are required, each a positive number (round = 1, player = 9)", i+1))
		}
		h.Byes = append(h.Byes, Bye{Round: b.Round, Player: b.Player})
	}
	for i, w := range f.Withdrawals {
		if w.Player <= 0 {
			errs = append(errs, fmt.Errorf("results file, withdrawals[%d]: the player's start number is required (player = 4)", i+1))
		}
		h.Withdrawn = append(h.Withdrawn, w.Player)
	}
	if len(errs) > 0 {
		return History{}, errors.Join(errs...)
	}
	return h, nil
}
