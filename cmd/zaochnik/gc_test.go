package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGCSettings: serve runs the collector as configured (by default
// gc_percent 400 and a 32 MiB soft limit), except where the environment
// sets GOGC or GOMEMLIMIT, which stay as the runtime read them.
func TestGCSettings(t *testing.T) {
	for _, tc := range []struct {
		name, src   string
		env         map[string]string
		wantPercent int
		wantSet     bool
		wantLimit   int64
	}{
		{"defaults", "", nil, 400, true, 32 << 20},
		{"configured", "gc_percent = 150\nmemory_limit_mib = 48\n", nil, 150, true, 48 << 20},
		{"no limit", "memory_limit_mib = 0\n", nil, 400, true, -1},
		{"GOGC from the environment", "", map[string]string{"GOGC": "off"}, 400, false, 32 << 20},
		{"GOMEMLIMIT from the environment", "", map[string]string{"GOMEMLIMIT": "1GiB"}, 400, true, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := parseConfig([]byte(tc.src + minimal))
			require.NoError(t, err)
			percent, set, limit := gcSettings(c, func(k string) string { return tc.env[k] })
			assert.Equal(t, tc.wantPercent, percent)
			assert.Equal(t, tc.wantSet, set)
			assert.Equal(t, tc.wantLimit, limit)
		})
	}
}

// TestConfig_GCErrors: a collector setting serve cannot use stops it.
func TestConfig_GCErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"gc_percent = 5\n", "gc_percent: 5; give at least 10"},
		{"gc_percent = -1\n", "gc_percent: -1; give at least 10"},
		{"memory_limit_mib = -8\n", "memory_limit_mib: -8; give the MiB, or 0 for no limit"},
	} {
		_, err := parseConfig([]byte(tc.src + minimal))
		require.Error(t, err, tc.src)
		assert.Contains(t, err.Error(), tc.want)
	}
}
