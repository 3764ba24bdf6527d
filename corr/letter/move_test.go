package letter

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A stored move (a sent move kept for the correction, 6.2.8) reads back as
// it was written.
func TestMove_6_2_8_JSONRoundTrip(t *testing.T) {
	for _, written := range []string{"Мой ход: 1...f6-g5", "Мой ход: 6.c3:e5:g7", "Мой ход: 6.cd4", "Мой ход: 12.32-28"} {
		t.Run(written, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ 1-2\n" + written + tail)
			require.Len(t, l.Moves, 1, Describe(l))
			b, err := json.Marshal(l.Moves)
			require.NoError(t, err)
			var back []Move
			require.NoError(t, json.Unmarshal(b, &back))
			assert.Equal(t, l.Moves, back)
		})
	}
	var m Move
	assert.Error(t, json.Unmarshal([]byte(`{"move":"k9-z1"}`), &m), "a stored move that is no move is an error")
}
