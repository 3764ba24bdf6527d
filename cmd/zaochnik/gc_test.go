package main

import (
	"runtime/debug"
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

// TestTuneGC_SetsTheCollectorAndSetsItBack: serve's collector is set as
// gcSettings says, and what tuneGC returns sets back what it set (a
// benchmark's process goes on after it); what the environment sets is
// left alone.
func TestTuneGC_SetsTheCollectorAndSetsItBack(t *testing.T) {
	current := func() (int, int64) {
		p := debug.SetGCPercent(100)
		debug.SetGCPercent(p)
		return p, debug.SetMemoryLimit(-1)
	}
	c, err := parseConfig([]byte("gc_percent = 150\nmemory_limit_mib = 48\n" + minimal))
	require.NoError(t, err)
	for _, tc := range []struct {
		name        string
		env         map[string]string
		wantPercent func(was int) int
		wantLimit   func(was int64) int64
	}{
		{"configured", nil, func(int) int { return 150 }, func(int64) int64 { return 48 << 20 }},
		{"environment", map[string]string{"GOGC": "off", "GOMEMLIMIT": "1GiB"}, func(was int) int { return was }, func(was int64) int64 { return was }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wasPercent, wasLimit := current()
			restore := tuneGC(c, func(k string) string { return tc.env[k] }, quietLog())
			percent, limit := current()
			restore()
			assert.Equal(t, tc.wantPercent(wasPercent), percent)
			assert.Equal(t, tc.wantLimit(wasLimit), limit)
			p, l := current()
			assert.Equal(t, wasPercent, p, "set back")
			assert.Equal(t, wasLimit, l, "set back")
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
