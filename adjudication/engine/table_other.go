//go:build !linux

package engine

// adviseHugePages does nothing outside Linux (see table_linux.go).
func adviseHugePages([]slot) {}
