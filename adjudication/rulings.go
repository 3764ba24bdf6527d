package adjudication

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	"github.com/BurntSushi/toml"

	"zaochnik/timecontrol"
)

// Rulings are the judge's decisions that the table needs and the referee
// does not record: 6.5.3 rulings on withdrawn players, results given by
// adjudication or by a ruling, and the sanctions register. A rulings file
// (TOML) holds them; see testdata/rulings.toml.
type Rulings struct {
	Withdrawals []WithdrawalRuling
	Results     []Game
	Sanctions   []Sanction
}

// WithdrawalRuling is the 6.5.3 ruling on one player.
type WithdrawalRuling struct {
	Player int
	Ruling Withdrawal
}

// rulingsFile mirrors the TOML layout.
type rulingsFile struct {
	Withdrawal []struct {
		Player int        `toml:"player"`
		Ruling Withdrawal `toml:"ruling"`
	} `toml:"withdrawal"`
	Result []struct {
		White       int    `toml:"white"`
		Black       int    `toml:"black"`
		Result      Result `toml:"result"`
		Adjudicated bool   `toml:"adjudicated"`
	} `toml:"result"`
	Sanction []struct {
		Player  int          `toml:"player"`
		Kind    SanctionKind `toml:"kind"`
		Clauses []string     `toml:"clauses"`
		Reason  string       `toml:"reason"`
		Date    fileDate     `toml:"date"`
		By      Authority    `toml:"by"`
		Game    struct {
			White int `toml:"white"`
			Black int `toml:"black"`
		} `toml:"game"`
	} `toml:"sanction"`
}

// ParseRulings reads a rulings file. Every entry is checked on its own
// (sanctions with Sanction.Validate); whether the players and games exist
// is checked by Apply.
func ParseRulings(data []byte) (Rulings, error) {
	var f rulingsFile
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&f)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return Rulings{}, fmt.Errorf("rulings file, line %d: %s", pe.Position.Line, pe.Message)
		}
		return Rulings{}, fmt.Errorf("rulings file: %v", err)
	}
	var errs []error
	for _, k := range md.Undecoded() {
		errs = append(errs, fmt.Errorf("rulings file: unknown key %q; the keys are withdrawal (player, ruling), result (white, black, result, adjudicated) and sanction (player, kind, clauses, reason, date, by, game)", k.String()))
	}
	var r Rulings
	for i, w := range f.Withdrawal {
		if w.Player <= 0 {
			errs = append(errs, fmt.Errorf("rulings file, withdrawal %d: the player's start number is required", i+1))
		}
		r.Withdrawals = append(r.Withdrawals, WithdrawalRuling{Player: w.Player, Ruling: w.Ruling})
	}
	for i, g := range f.Result {
		if g.Result == Unfinished {
			errs = append(errs, fmt.Errorf("rulings file, result %d (%d-%d): give the result (1-0, 1/2-1/2, 0-1, +/-, -/+, -/-)", i+1, g.White, g.Black))
		}
		r.Results = append(r.Results, Game{White: g.White, Black: g.Black, Result: g.Result, Adjudicated: g.Adjudicated})
	}
	for i, s := range f.Sanction {
		san := Sanction{Player: s.Player, Kind: s.Kind, Clauses: s.Clauses, Reason: s.Reason, By: s.By, Game: Pair{s.Game.White, s.Game.Black}}
		san.Date = s.Date.Date
		if err := san.Validate(); err != nil {
			errs = append(errs, fmt.Errorf("rulings file, sanction %d: %w", i+1, err))
		}
		r.Sanctions = append(r.Sanctions, san)
	}
	if len(errs) > 0 {
		return Rulings{}, errors.Join(errs...)
	}
	return r, nil
}

// Apply returns the table's inputs with the rulings carried out: the 6.5.3
// rulings set, the results recorded over the referee's, then the sanctions
// register (ApplySanctions). The inputs are not changed.
func (r Rulings) Apply(players []Player, games []Game) ([]Player, []Game, error) {
	ps := append([]Player(nil), players...)
	gs := append([]Game(nil), games...)
	for _, w := range r.Withdrawals {
		found := false
		for i := range ps {
			if ps[i].Number == w.Player {
				ps[i].Withdrawal, found = w.Ruling, true
			}
		}
		if !found {
			return nil, nil, fmt.Errorf("rulings: withdrawal of player %d: there is no such player", w.Player)
		}
	}
	for _, g := range r.Results {
		i := gameIndex(gs, g.Pair())
		if i < 0 {
			return nil, nil, fmt.Errorf("rulings: result of game %d-%d: there is no such game (White first)", g.White, g.Black)
		}
		gs[i].Result, gs[i].Adjudicated = g.Result, g.Adjudicated
	}
	return ApplySanctions(ps, gs, r.Sanctions)
}

// fileDate is a date in a rulings file: a TOML date (2026-09-14) or a
// string "2026-09-14" or "14.09.2026".
type fileDate struct{ timecontrol.Date }

// UnmarshalTOML implements toml.Unmarshaler.
func (d *fileDate) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case time.Time:
		if h, m, s := v.Clock(); h != 0 || m != 0 || s != 0 || v.Nanosecond() != 0 {
			return fmt.Errorf("%v has a time of day; write the date alone (2026-09-14)", v)
		}
		d.Date = timecontrol.DateOf(v)
		return nil
	case string:
		if t, err := time.Parse("02.01.2006", v); err == nil {
			d.Date = timecontrol.DateOf(t)
			return nil
		}
		date, err := timecontrol.ParseDate(v)
		d.Date = date
		return err
	}
	return fmt.Errorf("%v is not a date; write 2026-09-14", v)
}
