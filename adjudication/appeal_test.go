package adjudication

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr"
)

// ruledClaim returns the two-player test tournament in which White (1)
// claimed by letter on 10 March that Black overstepped and the judge
// answered on 20 March, by mail, with verdict; the desk follows it all.
func ruledClaim(t *testing.T, verdict string) (Desk, corr.State, string) {
	t.Helper()
	s := startedFrom(t, "two.toml")
	d := Desk{}
	d, s = letterTo(t, d, s, "ivanov@example.org", "2026-03-01", firstMove)
	d, s = letterTo(t, d, s, "ivanov@example.org", "2026-03-10", "ТЕСТ-2026 1-2\nЗаявляю просрочку.")
	code := s.Games[0].Code
	d, s, out, err := d.JudgeAnswer(s, code, ReadAnswer(verdict), on("2026-03-20"))
	require.NoError(t, err)
	require.True(t, out.Accepted, out.Reason)
	require.Len(t, Appeals(s), 1, "the ruling opens its ten days (6.1.12)")
	return d, s, code
}

// letterTo applies a player's letter received on day as the store does:
// the referee, then the desk.
func letterTo(t *testing.T, d Desk, s corr.State, from, day, text string) (Desk, corr.State) {
	t.Helper()
	d, next, out := deliver(d, s, from, day, text)
	require.True(t, out.Accepted, out.Reason)
	return d, next
}

// deliver applies a player's letter received on day as the store does,
// the referee, then the desk, and returns what the desk made of it.
func deliver(d Desk, s corr.State, from, day, text string) (Desk, corr.State, corr.Outcome) {
	obs := corr.Observation{From: from, Postmark: on(day), MessageID: from + day}
	p, _ := s.Tournament.PlayerByEmail(from)
	next, out := corr.Apply(s, s.ReadAhead(nil, text, obs), obs)
	d, out = d.Follow(next, p.Number, out)
	return d, next, out
}

func TestAppeal_6_1_12_OrganiserDecidesTheProtestAgainstARuling(t *testing.T) {
	tests := []struct {
		name      string
		ruling    string // the judge's answer on 20 March
		organiser string // the desk's organiser, "" for none
		from      string // who protests, and when
		protested string
		answer    string // the organiser's letter on 2 April
		late      bool
		decision  Verdict
		refused   string // the organiser's answer refused, with this reason
		status    corr.Status
		result    string
		remark    string // in the judge's copy of the protest
	}{
		{name: "in time, upheld: the rejected claim becomes a confirmed overstep", ruling: "Просрочки нет.", organiser: "org@example.org",
			from: "ivanov@example.org", protested: "2026-03-25", answer: "Протест удовлетворён.\nЧёрные ответили на 51-й день.",
			decision: ProtestUpheld, status: corr.Finished, result: "1-0", remark: "направлен ей (org@example.org)"},
		{name: "late, rejected in English: the ruling stands", ruling: "Overstep confirmed.", organiser: "org@example.org",
			from: "petrov@example.org", protested: "2026-04-01", answer: "Protest rejected. Too late.",
			late: true, decision: ProtestRejected, status: corr.Finished, result: "1-0"},
		{name: "the organiser's answer is a decision on a protest, not a ruling", ruling: "Просрочки нет.", organiser: "org@example.org",
			from: "ivanov@example.org", protested: "2026-03-25", answer: "Просрочка подтверждена.",
			refused: "«протест удовлетворён» или «протест отклонён»", status: corr.Playing, result: "*"},
		{name: "no organiser on record: the judge and the secretary pass the protest on", ruling: "Просрочки нет.",
			from: "ivanov@example.org", protested: "2026-03-30", status: corr.Playing, result: "*", remark: "zaochnik judge appeal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, s, code := ruledClaim(t, tt.ruling)
			if tt.organiser != "" {
				var err error
				d, _, err = d.SetOrganiser(s, corr.Person{Name: "Федерация", Email: tt.organiser})
				require.NoError(t, err)
			}
			s, _ = corr.Daily(s, on(tt.protested).AddDays(-1))
			assert.Equal(t, tt.late, Appeals(s)[0].Final, "the daily run makes a ruling final after its ten days")
			p, _ := s.Tournament.PlayerByEmail(tt.from)
			obs := corr.Observation{From: tt.from, Postmark: on(tt.protested), MessageID: "protest"}
			next, out := corr.Apply(s, s.ReadAhead(nil, "ТЕСТ-2026 1-2\nПротест: не согласен с решением судьи.", obs), obs)
			d, out = d.Follow(next, p.Number, out)
			s = next
			a := Appeals(s)[0]
			assert.Equal(t, p.Number, a.From)
			assert.Equal(t, on("2026-03-30"), a.Due, "ten days from receiving the ruling (6.1.12)")
			assert.Equal(t, tt.late, a.Late)
			assert.True(t, a.Open())
			to := map[string]corr.Outgoing{}
			for _, o := range out.Out {
				to[o.To+":"+o.Kind] = o
			}
			assert.Contains(t, to["judge@example.org:protest"].Body, "на решение судьи от 20.03.2026")
			if tt.remark != "" {
				assert.Contains(t, to["judge@example.org:protest"].Body, tt.remark)
			}
			assert.Contains(t, to["secretary@example.org:protest"].Body, "(п. 6.1.12)")
			assert.Equal(t, tt.organiser != "", strings.Contains(to["org@example.org:protest"].Body, "Ответьте на это письмо"), "the organiser gets the protest to answer")
			if tt.answer != "" {
				var err error
				d, s, out, err = d.OrganiserAnswer(s, "", ReadAnswer(tt.answer), on("2026-04-02"))
				require.NoError(t, err)
				if tt.refused != "" {
					assert.False(t, out.Accepted)
					assert.Contains(t, out.Out[0].Body, tt.refused)
					assert.Equal(t, "6.1.12", out.Problems[0].Clause)
				} else {
					var tos []string
					for _, o := range out.Out {
						tos = append(tos, o.To+":"+o.Kind)
					}
					assert.Subset(t, tos, []string{"ivanov@example.org:ruling", "petrov@example.org:ruling", "judge@example.org:ruling", "secretary@example.org:ruling", "org@example.org:confirmation"})
					assert.Equal(t, tt.decision, Appeals(s)[0].Decision)
					assert.False(t, Appeals(s)[0].Open())
				}
			}
			g, _ := s.Game(code)
			assert.Equal(t, tt.status, g.Status)
			assert.Equal(t, tt.result, g.Result)
			var kinds []string
			for _, dl := range s.Games[0].Claims[0].Deadlines(code) {
				kinds = append(kinds, dl.Kind+" "+dl.Clause+" "+dl.Due.String())
			}
			assert.Contains(t, kinds, "ruling-protest 6.1.12 2026-03-30")
		})
	}
}

// A second decision, or one in a game without a protest, is refused.
func TestAppeal_6_1_12_DecidedOnce(t *testing.T) {
	d, s, code := ruledClaim(t, "Просрочки нет.")
	_, _, _, err := d.AppealDecision(s, code, true, "", on("2026-03-22"))
	assert.ErrorContains(t, err, "no protest against a ruling waits", "nobody protested yet")
	d, s = letterTo(t, d, s, "ivanov@example.org", "2026-03-25", "ТЕСТ-2026 1-2\nПротест: не согласен.")
	d, s, _, err = d.AppealDecision(s, code, false, "", on("2026-03-28"))
	require.NoError(t, err)
	_, _, _, err = d.AppealDecision(s, code, true, "", on("2026-03-29"))
	assert.ErrorContains(t, err, "no protest against a ruling waits")
}
