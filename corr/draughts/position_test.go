package draughts

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The compiler keeps a struct in registers only when it is at most four
// words with at most four fields, each such a struct in turn; a larger
// Position is copied through memory at every call of its methods (the
// search's speed, docs/engine.md).
func TestPosition_FitsInRegisters(t *testing.T) {
	var check func(reflect.Type)
	check = func(ty reflect.Type) {
		assert.LessOrEqual(t, ty.NumField(), 4, ty.Name())
		for i := range ty.NumField() {
			if f := ty.Field(i).Type; f.Kind() == reflect.Struct {
				check(f)
			}
		}
	}
	ty := reflect.TypeOf(Position{})
	assert.LessOrEqual(t, ty.Size(), uintptr(32))
	check(ty)
}
