package timecontrol

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRussianPlural(t *testing.T) {
	for n, want := range map[int]string{0: "ходов", 1: "ход", 2: "хода", 4: "хода", 5: "ходов", 11: "ходов", 12: "ходов", 14: "ходов",
		21: "ход", 22: "хода", 25: "ходов", 101: "ход", 111: "ходов", 112: "ходов", 122: "хода", -1: "ход"} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			assert.Equal(t, want, RussianPlural(n, "ход", "хода", "ходов"))
		})
	}
}
