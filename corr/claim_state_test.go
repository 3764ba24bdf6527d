package corr

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// The server files the claim the day a reply takes the total over the
// limit (6.3.5): pending, against the sender, with the ledger's figures
// and the offender's ten days to protest (6.3.8).
func TestClaim_6_3_5_FiledOnOverstep(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	cases := []struct {
		name, day, time string
		filed           bool
	}{
		{"50 days: within the limit of move 1", "2026-04-20", "0/50", false},
		{"55 days: over it", "2026-04-25", "0/55", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s2, out := send(s, black, c.day, "ЧР-2026-ЗФ 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n01.03.2026 / 01.03.2026 / "+
				timecontrol.MustDate(c.day).Russian()+"\nTime: "+c.time)
			require.True(t, out.Accepted, out.Reason)
			if !c.filed {
				assert.Empty(t, s2.Games[0].Claims)
				return
			}
			require.Len(t, s2.Games[0].Claims, 1)
			cl := s2.Games[0].Claims[0]
			assert.Equal(t, ClaimPending, cl.Status)
			assert.Equal(t, draughts.Black, cl.Against)
			assert.False(t, cl.ByHand)
			assert.Equal(t, [3]int{55, 50, 1}, [3]int{cl.Total, cl.Limit, cl.Move})
			assert.Equal(t, timecontrol.MustDate(c.day).AddDays(10), cl.Protest.Due, "6.3.8: ten days from the notice, sent the day it is filed")
			assert.Equal(t, []Deadline{{Game: s2.Games[0].Code, Kind: "overstep-protest", Clause: "6.3.8", Due: cl.Protest.Due}}, cl.Deadlines(s2.Games[0].Code))
		})
	}
}

// filed is a pending claim filed on 10 March; its ten days end on 20 March.
func filed() Claim {
	return newClaim(1, draughts.Black, true, false, 60, 50, 4, timecontrol.MustDate("2026-03-10"), []string{"<b1>"})
}

// ruled is filed ruled on 22 March, confirmed or not.
func ruled(t *testing.T, confirm bool) Claim {
	t.Helper()
	c := filed()
	require.NoError(t, c.rule(confirm, "", timecontrol.MustDate("2026-03-22")))
	return c
}

func TestClaim_6_3_8_ProtestWindow(t *testing.T) {
	d := timecontrol.MustDate
	cases := []struct {
		name    string
		claim   Claim
		day     string
		inTime  bool
		err     string
		protest ProtestWindow
	}{
		{"on the last day: in time", filed(), "2026-03-20", true, "", ProtestWindow{Due: d("2026-03-20"), Protested: d("2026-03-20"), Text: "нет"}},
		{"the day after: late, kept for the judge", filed(), "2026-03-21", false, "", ProtestWindow{Due: d("2026-03-20"), Late: d("2026-03-21")}},
		{"after the ruling it is an appeal (6.1.12)", ruled(t, true), "2026-03-15", false, "a protest now is against the ruling", ProtestWindow{Due: d("2026-03-20")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in, err := c.claim.protest(d(c.day), "нет")
			if c.err != "" {
				assert.ErrorContains(t, err, c.err)
			} else {
				require.NoError(t, err)
			}
			assert.Equal(t, c.inTime, in)
			assert.Equal(t, c.protest, c.claim.Protest)
		})
	}
}

// Silence past the ten days is recorded once, the day after the last
// (6.3.8); a protest in time leaves nothing to admit.
func TestClaim_6_3_8_SilenceAdmitted(t *testing.T) {
	d := timecontrol.MustDate
	protested := filed()
	_, err := protested.protest(d("2026-03-12"), "нет")
	require.NoError(t, err)
	cases := []struct {
		name  string
		claim Claim
		day   string
		want  bool
	}{
		{"on the last day: not yet", filed(), "2026-03-20", false},
		{"the day after: admitted", filed(), "2026-03-21", true},
		{"protested in time: nothing to admit", protested, "2026-03-25", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, c.claim.admit(d(c.day)))
			assert.False(t, c.claim.admit(d(c.day)), "once")
			assert.Equal(t, c.want, c.claim.Protest.Admitted)
		})
	}
}

// The ruling ends the pending claim once, decides a protest made in time
// and opens the ten days to take it to the organiser (6.3.7, 6.3.8, 6.1.12).
func TestClaim_6_3_7_Ruling(t *testing.T) {
	d := timecontrol.MustDate
	protested := filed()
	_, err := protested.protest(d("2026-03-12"), "нет")
	require.NoError(t, err)
	cases := []struct {
		name            string
		claim           Claim
		confirm         bool
		status          ClaimStatus
		err             string
		decided, upheld bool
	}{
		{"confirmed", filed(), true, ClaimConfirmed, "", false, false},
		{"rejected after a protest: the protest upheld", protested, false, ClaimRejected, "", true, true},
		{"confirmed after a protest: the protest rejected", protested, true, ClaimConfirmed, "", true, false},
		{"ruled twice", ruled(t, false), true, ClaimRejected, "already ruled", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.claim.rule(c.confirm, "примечание", d("2026-03-25"))
			if c.err != "" {
				assert.ErrorContains(t, err, c.err)
				assert.Equal(t, d("2026-03-22"), c.claim.Ruled, "the first ruling stands")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.status, c.claim.Status)
			assert.Equal(t, d("2026-04-04"), c.claim.Appeal.Due, "6.1.12: ten days from the ruling")
			decided, upheld := c.claim.ProtestDecided()
			assert.Equal(t, [2]bool{c.decided, c.upheld}, [2]bool{decided, upheld})
			assert.Len(t, c.claim.Deadlines("g"), 2, "the claim's ten days and the ruling's")
		})
	}
}

// A ruling may be protested to the organiser within ten days; a late
// protest still goes, marked; a second joins the first; the ruling not
// protested in time is final; the organiser decides once (6.1.12).
func TestClaim_6_1_12_Appeal(t *testing.T) {
	d := timecontrol.MustDate
	type step struct {
		do  string // appeal, close, decide
		day string
		err string
	}
	cases := []struct {
		name  string
		claim Claim
		steps []step
		want  Appeal
	}{
		{"in time", ruled(t, true), []step{{"appeal", "2026-04-01", ""}},
			Appeal{Due: d("2026-04-01"), From: 2, Filed: d("2026-04-01"), Text: "не согласен"}},
		{"late: kept for the organiser", ruled(t, true), []step{{"appeal", "2026-04-02", ""}},
			Appeal{Due: d("2026-04-01"), From: 2, Filed: d("2026-04-02"), Late: true, Text: "не согласен"}},
		{"a second protest joins the first", ruled(t, true), []step{{"appeal", "2026-03-25", ""}, {"appeal", "2026-03-26", ""}},
			Appeal{Due: d("2026-04-01"), From: 2, Filed: d("2026-03-25"), Text: "не согласен\n\nне согласен"}},
		{"no protest in ten days: final", ruled(t, false), []step{{"close", "2026-04-01", ""}, {"close", "2026-04-02", ""}},
			Appeal{Due: d("2026-04-01"), Final: true}},
		{"before the ruling there is none", filed(), []step{{"appeal", "2026-03-12", "not ruled yet"}, {"close", "2026-05-01", ""}},
			Appeal{}},
		{"decided once, finally", ruled(t, true), []step{{"decide", "2026-03-30", "no protest"}, {"appeal", "2026-03-25", ""}, {"decide", "2026-03-30", ""},
			{"decide", "2026-03-31", "no protest"}, {"appeal", "2026-03-31", "decision is final"}},
			Appeal{Due: d("2026-04-01"), From: 2, Filed: d("2026-03-25"), Text: "не согласен", Decided: d("2026-03-30"), Upheld: true, Note: "квитанция"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, s := range c.steps {
				var err error
				switch s.do {
				case "appeal":
					err = c.claim.appeal(2, d(s.day), "не согласен")
				case "close":
					c.claim.closeAppeal(d(s.day))
				case "decide":
					err = c.claim.decideAppeal(true, "квитанция", d(s.day))
				}
				if s.err != "" {
					assert.ErrorContains(t, err, s.err, s.do+" "+s.day)
				} else {
					assert.NoError(t, err, s.do+" "+s.day)
				}
			}
			assert.Equal(t, c.want, c.claim.Appeal)
		})
	}
}

// An upheld appeal turns the ruling (Reverse): the claim's Ruling is still
// what the judge decided.
func TestClaim_6_1_12_UpheldKeepsTheJudgesRuling(t *testing.T) {
	c := ruled(t, true)
	require.NoError(t, c.appeal(2, timecontrol.MustDate("2026-03-25"), "не согласен"))
	require.NoError(t, c.decideAppeal(true, "", timecontrol.MustDate("2026-03-30")))
	c.Status = ClaimRejected // what Reverse does to the game's claim
	assert.Equal(t, ClaimConfirmed, c.Ruling())
}

// A player's protest letter reaches the game's latest claim: the
// offender's against the pending claim, in its ten days or late (6.3.8);
// the claimant's is a letter to the judge, no more; once the claim is
// ruled, either player's is against the ruling (6.1.12).
func TestClaim_6_3_8_ProtestLetterReachesTheClaim(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	s, out = send(s, white, "2026-03-10", "ЧР-2026-ЗФ 1-2\nЗаявляю просрочку.")
	require.Len(t, out.Claims, 1)
	ruledState, _, err := Rule(s, s.Games[0].Code, 1, true, "", timecontrol.MustDate("2026-03-14"))
	require.NoError(t, err)
	cases := []struct {
		name  string
		state State
		from  string
		day   string
		event string
		check func(t *testing.T, c Claim)
	}{
		{"the offender in time", s, black, "2026-03-20", "protest-in-time", func(t *testing.T, c Claim) {
			assert.Equal(t, "2026-03-20", c.Protest.Protested.String())
		}},
		{"the offender late", s, black, "2026-03-21", "protest-late", func(t *testing.T, c Claim) {
			assert.Equal(t, "2026-03-21", c.Protest.Late.String())
			assert.True(t, c.Protest.Protested.IsZero())
		}},
		{"the claimant", s, white, "2026-03-12", "", func(t *testing.T, c Claim) {
			assert.Equal(t, ProtestWindow{Due: timecontrol.MustDate("2026-03-20")}, c.Protest)
		}},
		{"after the ruling: against it", ruledState, black, "2026-03-16", "appeal", func(t *testing.T, c Claim) {
			assert.Equal(t, 2, c.Appeal.From)
			assert.Equal(t, "2026-03-16", c.Appeal.Filed.String())
			assert.True(t, c.Appeal.Open())
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s2, out := send(c.state, c.from, c.day, "ЧР-2026-ЗФ 1-2\nПротест: не согласен.")
			var kinds []string
			for _, e := range out.Events {
				kinds = append(kinds, e.Kind)
			}
			assert.Contains(t, kinds, "protest")
			for _, k := range []string{"protest-in-time", "protest-late", "appeal"} {
				assert.Equal(t, k == c.event, slices.Contains(kinds, k), k)
			}
			c.check(t, s2.Games[0].Claims[0])
		})
	}
}
