package timecontrol

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRender_6_3_6_SampleRows(t *testing.T) {
	l, err := Compute(readExample(t, "plain.toml"))
	assert.NoError(t, err)
	out := l.Render(Russian, Date{})
	// The two rows of the sample of 6.3.6, with our columns filled in.
	assert.Regexp(t, `(?m)^01\.03\.26 +03\.03\.26 +2 +2 +c3-b4 +1 +f6-g5 +12\.03\.26 +15\.03\.26 +3 +3$`, out)
	assert.Regexp(t, `(?m)^22\.03\.26 +26\.03\.26 +4 +6 +b2-c3 +2 +g5-h4 +10\.04\.26 +11\.04\.26 +1 +4$`, out)
	assert.Contains(t, out, "Белые: Петров — Черные: Седов")
	assert.Contains(t, out, "Просрочки нет (п. 6.3.5).")
	assert.NotContains(t, out, "На ходу", "no date given: no running clock")
}

func TestRender_6_3_5_OverstepAndNotes(t *testing.T) {
	l, err := Compute(readExample(t, "overstep.toml"))
	assert.NoError(t, err)
	out := l.Render(English, Date{})
	assert.Contains(t, out, "OVERSTEP (6.3.5): White, move 10: 55 days, limit 50 (sent 08.06.2026).")
	assert.Regexp(t, `(?m)^29\.05\.26 +08\.06\.26 +10 +55 \[1\] +g1-h2 +10 `, out)
	assert.True(t, strings.HasSuffix(out, "[1] White, move 10: overstep: 55 days for 10 moves or fewer, limit 50 days (6.3.5)\n"), out)
}

// A break longer than 30 days: the line says once which days count.
func TestRender_6_4_1_LongBreakSaysTheCountedDaysOnce(t *testing.T) {
	tl := Timeline{Start: d("2026-10-01"), Replies: []Reply{rep(White, "", "2026-10-01")}, Breaks: []Break{
		{Player: Black, From: d("2026-12-20"), To: d("2027-01-25"), Announced: d("2026-12-01")},
	}}
	l, err := Compute(tl)
	require.NoError(t, err)
	out := l.Render(Russian, Date{})
	assert.Contains(t, out, "Перерыв №1 (Черные) с 20.12.2026 по 25.01.2027, 37 дн.: засчитывается только с 20.12.2026 по 18.01.2027, 30 дн.: перерыв засчитывается не более чем на 30 дней (п. 6.4.1)\n")
	assert.Equal(t, 1, strings.Count(out, "18.01.2027"), out)
	en := l.Render(English, Date{})
	assert.Contains(t, en, "counts from 20.12.2026 to 18.01.2027 only, 30 days: a break counts for 30 days at most (6.4.1)\n")
}

func TestRender_6_4_2_BreakVerdicts(t *testing.T) {
	tl := Timeline{Start: d("2026-10-01"), Replies: []Reply{rep(White, "", "2026-10-01")}, Breaks: []Break{
		{Player: White, From: d("2026-10-10"), To: d("2026-10-25"), Announced: d("2026-10-01")},
		{Player: Black, From: d("2026-10-10"), To: d("2026-10-25"), Announced: d("2026-10-12")},
		{Player: Black, From: d("2026-11-10"), To: d("2026-11-12"), Announced: d("2026-11-01")},
	}}
	l, err := Compute(tl)
	assert.NoError(t, err)
	out := l.Render(Russian, Date{})
	assert.Contains(t, out, "Перерыв №1 (Белые) с 10.10.2026 по 25.10.2026, 16 дн.: засчитывается полностью\n")
	assert.Contains(t, out, "Перерыв №2 (Черные) с 10.10.2026 по 25.10.2026, 16 дн.: засчитывается только с 12.10.2026 по 25.10.2026, 14 дн.: перерыв объявлен 12.10.2026, после его начала: засчитывается со дня объявления (п. 6.4.2)\n")
	assert.Contains(t, out, "Перерыв №3 (Черные) с 10.11.2026 по 12.11.2026, 3 дн.: в этой партии не засчитывается: второй перерыв в 2026 году (первый с 10.10.2026 по 25.10.2026): не засчитывается (п. 6.4.1)\n")
}
