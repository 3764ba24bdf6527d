package letter

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadme_ExamplesReadClean: the letters the players' guide
// (docs/players.md) shows read without a problem, so the guide matches the
// reader.
func TestReadme_ExamplesReadClean(t *testing.T) {
	b, err := os.ReadFile("../../docs/players.md")
	require.NoError(t, err, "the players' guide")
	_, guide, ok := strings.Cut(string(b), "## How to write a move letter")
	require.True(t, ok, "docs/players.md has no letter guide")
	guide, _, _ = strings.Cut(guide, "\n## ")
	var examples []string
	parts := strings.Split(guide, "```")
	for i := 1; i < len(parts); i += 2 { // inside the fences
		if strings.HasPrefix(parts[i], "\n") { // a letter, not ```sh
			examples = append(examples, parts[i])
		}
	}
	examples = append(examples, "ЧР-2026-ЗФ 1-2\n5...f6-g5 6.c3-d4\n12.03/14.03/15.03\n12/15")
	require.Len(t, examples, 3)
	for _, ex := range examples {
		l := read(ex)
		assert.Equal(t, "5...f6-g5", sequenceString(l.Repeated), ex)
		assert.Equal(t, "6.c3-d4", sequenceString(l.Moves), ex)
		assert.Equal(t, GameRef{Cipher: "ЧР-2026-ЗФ", White: 1, Black: 2}, GameRef{Cipher: l.Game.Cipher, White: l.Game.White, Black: l.Game.Black})
		assert.Equal(t, 3, l.Dates.Count())
		assert.NotNil(t, l.Time)
		for _, p := range l.Problems {
			assert.True(t, p.IsNote(), "%s: %s", ex, p.En)
		}
	}
}
