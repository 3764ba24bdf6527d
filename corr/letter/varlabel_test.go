package letter

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Labels move between the languages by their place in the alphabet; a
// reply names a variant by look or by place (6.2.7, 6.2.13).
func TestVariantLabel_6_2_7_InTheLettersOfTheLanguage(t *testing.T) {
	tests := []struct {
		label     string
		lang      Lang
		want      string
		sameAs    []string
		notSameAs []string
	}{
		{"А", English, "A", []string{"A", "a", "А"}, []string{"B", "Б"}},
		{"Б", English, "B", []string{"B", "б"}, []string{"A", "C"}},
		{"В", English, "C", []string{"B", "C", "в"}, []string{"A", "D"}},
		{"A", Russian, "А", []string{"А", "a"}, []string{"Б"}},
		{"C", Russian, "В", []string{"В", "С"}, []string{"А"}},
		{"2", English, "2", []string{"2"}, []string{"3", "A"}},
		{"", English, "", []string{""}, []string{"A"}},
	}
	for _, tt := range tests {
		t.Run(tt.label+"-"+string(tt.lang), func(t *testing.T) {
			assert.Equal(t, tt.want, VariantLabel(tt.label, tt.lang))
			for _, s := range tt.sameAs {
				assert.True(t, SameVariantLabel(tt.label, s), "%q names %q", s, tt.label)
			}
			for _, s := range tt.notSameAs {
				assert.False(t, SameVariantLabel(tt.label, s), "%q does not name %q", s, tt.label)
			}
		})
	}
}

// The English forward writes a Russian variant's label in Latin letters.
func TestForward_6_2_7_VariantLabelInTheReadersLetters(t *testing.T) {
	l := read("ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4\nВариант Б: если 6...f6-g5, то 7.g3-f4" + tail)
	m := Forward{Envelope: Envelope{Lang: English, Cipher: "ЧР-2026-ЗФ", White: 1, Black: 2}, From: "Иванов", Letter: l}.Render()
	assert.Contains(t, m.Body, "Variant B: ")
	assert.NotContains(t, m.Body, "Variant Б")
}
