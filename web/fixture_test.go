package web

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFixture_LedgerComputes keeps the fixture honest: its game 1-2 has a
// ledger the timecontrol package accepts, with notes to show.
func TestFixture_LedgerComputes(t *testing.T) {
	f := newFixture(t)
	st := f.states["ТЕСТ-2026"]
	l, err := st.Ledger(*st.Games[0])
	require.NoError(t, err)
	require.NotNil(t, l.Overstep)
	notes := 0
	for _, ln := range l.Lines {
		notes += len(ln.Notes)
	}
	require.Positive(t, notes)
}
