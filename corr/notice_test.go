package corr

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The referee's own letters look like corr/letter's: a capitalised
// subject, the same heading for the remarks, each remark's clause once
// (6.2.14, 6.2.2: the reader's texts carry theirs), one blank line before
// the signature.
func TestNotice_6_2_14_RemarksCiteTheirClauseOnce(t *testing.T) {
	s := started(t)
	s, out := send(s, white, "2026-03-01", "ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0")
	require.True(t, out.Accepted, out.Reason)
	s, out = send(s, black, "2026-03-02", "ЧР-2026-ЗФ 1-2\nI resign.")
	require.True(t, out.Accepted, out.Reason)
	cases := []struct {
		name, text, clause string
	}{
		{"short notation", "ЧР-2026-ЗФ 1-2\nМой ход: 2.gf4", "6.2.2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, out := send(s, white, "2026-03-03", c.text)
			require.False(t, out.Accepted)
			r := byKind(out, "refusal", white)
			require.NotEmpty(t, r.Body)
			assert.Contains(t, r.Body, "Замечания к письму:")
			for _, line := range strings.Split(r.Body, "\n") {
				assert.LessOrEqual(t, strings.Count(line, c.clause), 1, line)
			}
			assert.NotContains(t, r.Body, "\n\n\n")
			assert.True(t, strings.HasSuffix(r.Body, "\n\nС уважением,\nсервер турнира ЧР-2026-ЗФ\n"), r.Body)
			assert.Contains(t, r.Subject, "Письмо не принято")
		})
	}
}
