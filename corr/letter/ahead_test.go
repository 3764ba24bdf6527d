package letter

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"

	"zaochnik/timecontrol"
)

// TestOptions_SameComparesEveryField: options differing in any one field
// are not the same, so that a letter read ahead is never taken under
// options it was not read with (a field added to Options and not
// compared fails here).
func TestOptions_SameComparesEveryField(t *testing.T) {
	base := Options{Subject: "s", Postmark: timecontrol.NewDate(2026, 3, 1), Ciphers: []string{"ЧР-2026"},
		Sender: White, Board: Board{8, 8}, Language: Russian}
	assert.True(t, base.same(base))
	same := base
	same.Ciphers = []string{"ЧР-2026"}
	assert.True(t, base.same(same), "ciphers compared by value")
	ty := reflect.TypeOf(base)
	for i := range ty.NumField() {
		other := base
		f := reflect.ValueOf(&other).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Int:
			f.SetInt(f.Int() + 1)
		case reflect.Slice:
			f.Set(reflect.Append(f, reflect.ValueOf("x")))
		case reflect.Struct:
			other = base
			switch ty.Field(i).Name {
			case "Postmark":
				other.Postmark = base.Postmark.AddDays(1)
			case "Board":
				other.Board = Board{10, 10}
			default:
				t.Fatalf("field %s: no changed value here", ty.Field(i).Name)
			}
		default:
			t.Fatalf("field %s of kind %s: no changed value here", ty.Field(i).Name, f.Kind())
		}
		assert.False(t, base.same(other), "options differing in %s", ty.Field(i).Name)
	}
}

// TestAhead_ParseOnlyUnderTheSameTextAndOptions: a letter read ahead is
// taken for its own text under its own options, and read again otherwise.
func TestAhead_ParseOnlyUnderTheSameTextAndOptions(t *testing.T) {
	text := "ЧР-2026 1-2\nМой ход: 1.c3-d4\n"
	opts := Options{Ciphers: []string{"ЧР-2026"}, Board: Board{8, 8}}
	a := ReadAhead(text, opts)
	a.Letter.Greeting = "read ahead" // marks the reading taken
	for _, tc := range []struct {
		name  string
		ahead *Ahead
		text  string
		opts  Options
		taken bool
	}{
		{"same text and options", a, text, opts, true},
		{"other options", a, text, Options{Board: Board{8, 8}}, false},
		{"other text", a, text + "Время: 0/0\n", opts, false},
		{"nothing read ahead", nil, text, opts, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.ahead.Parse(tc.text, tc.opts)
			if tc.taken {
				assert.Equal(t, a.Letter, got)
				return
			}
			assert.Equal(t, Parse(tc.text, tc.opts), got)
		})
	}
}
