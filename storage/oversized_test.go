package storage

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOversizedThatDay_ByItsIndex: counting a sender's letters too large
// of a day reads the partial index of those letters (migration 0012), not
// every letter's row (a letter's row holds its bytes).
func TestOversizedThatDay_ByItsIndex(t *testing.T) {
	db := opened(t, filepath.Join(t.TempDir(), "z.db"))
	rows, err := db.db.QueryContext(context.Background(), "EXPLAIN QUERY PLAN "+oversizedThatDay,
		"a@example.org", "2026-03-02T00:00:00Z", "2026-03-03T00:00:00Z", nil)
	require.NoError(t, err)
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		require.NoError(t, rows.Scan(&id, &parent, &unused, &detail))
		plan = append(plan, detail)
	}
	require.NoError(t, rows.Err())
	assert.Contains(t, strings.Join(plan, "; "), "USING INDEX letters_oversized (from_addr=? AND postmark>? AND postmark<?)")
}
