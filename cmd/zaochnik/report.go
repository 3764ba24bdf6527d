package main

import (
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// gameReport is one game as tournament show and replay print it.
type gameReport struct {
	White  int           `json:"white"`
	Black  int           `json:"black"`
	Status string        `json:"status"`
	Result string        `json:"result"`
	Moves  string        `json:"moves"`
	Ledger ledgerReport  `json:"ledger"`
	Claims []claimReport `json:"claims"`
}

type ledgerReport struct {
	White sideReport `json:"white"`
	Black sideReport `json:"black"`
}

type sideReport struct {
	Moves       int `json:"moves"`
	Days        int `json:"days"`
	PenaltyDays int `json:"penalty_days"`
	Total       int `json:"total"`
}

type claimReport struct {
	Against int    `json:"against"`
	Status  string `json:"status"`
	Filed   string `json:"filed"`
}

// gamesReport summarises every game of a tournament.
func gamesReport(s corr.State) []gameReport {
	var out []gameReport
	for _, g := range s.Games {
		r := gameReport{White: g.White, Black: g.Black, Status: g.Status.String(), Result: g.Result, Moves: g.SemiShort(s.Tournament.DraughtsVariant()), Claims: []claimReport{}}
		if led, err := s.Ledger(*g); err == nil && len(g.Replies) > 0 {
			side := func(c timecontrol.Color) sideReport {
				t := led.Totals[c]
				return sideReport{Moves: t.Moves, Days: t.Days, PenaltyDays: t.PenaltyDays, Total: t.Total}
			}
			r.Ledger = ledgerReport{White: side(timecontrol.White), Black: side(timecontrol.Black)}
		}
		for _, c := range g.Claims {
			r.Claims = append(r.Claims, claimReport{Against: g.Number(c.Against), Status: c.Status.String(), Filed: c.Filed.String()})
		}
		out = append(out, r)
	}
	return out
}
