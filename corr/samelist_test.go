package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// SameList tells the very list read from an equal one: the same elements
// of the same array only.
func TestSameList(t *testing.T) {
	a := []int{1, 2, 3}
	tests := []struct {
		name string
		x, y []int
		want bool
	}{
		{"BothEmpty", nil, []int{}, true},
		{"TheSameList", a, a, true},
		{"TheSameArrayShorter", a, a[:2], false},
		{"TheSameArrayLater", a, a[1:], false},
		{"EqualInAnotherArray", a, []int{1, 2, 3}, false},
		{"OneEmpty", a, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, SameList(tt.x, tt.y))
		})
	}
}
