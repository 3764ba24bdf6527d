package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A letter goes to the only tournament its sender plays in, else to the
// one it names; a stranger's to the one it names or the only one there is.
func TestPickTournament(t *testing.T) {
	for _, c := range []struct {
		name          string
		mine, all     []string
		subject, text string
		want          string
	}{
		{"the only one he plays in", []string{"A-1"}, nil, "B-2", "", "A-1"},
		{"of his, the one the subject names", []string{"A-1", "B-2"}, nil, "[B-2 #1-2]", "", "B-2"},
		{"of his, the one the text names", []string{"A-1", "B-2"}, nil, "ход", "B-2 1-2", "B-2"},
		{"of his, none named", []string{"A-1", "B-2"}, nil, "ход", "", ""},
		{"a stranger naming one", nil, []string{"A-1", "B-2"}, "", "A-1", "A-1"},
		{"a stranger, one tournament", nil, []string{"A-1"}, "", "", "A-1"},
		{"a stranger naming none of two", nil, []string{"A-1", "B-2"}, "", "", ""},
		{"no tournament at all", nil, nil, "A-1", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, PickTournament(c.mine, c.all, c.subject, c.text))
		})
	}
}
