package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/timecontrol"
)

// TestOversized_EachInTheirLanguage: a letter too large to read is told to
// the secretary in her language, and to its sender, when he is a player,
// in his; a stranger is not answered.
func TestOversized_EachInTheirLanguage(t *testing.T) {
	const mib = 1 << 20
	tests := []struct {
		name      string
		secretary string // her language
		from      string
		want      []string // a line of each letter's body, the secretary's first
	}{
		{"SecretaryRussian", "", "stranger@example.org",
			[]string{"Письмо от stranger@example.org от 01.03.2026 (тема: «ход») весит 12.0 MiB при пределе 10.0 MiB"}},
		{"SecretaryEnglish", "en", "stranger@example.org",
			[]string{"A letter from stranger@example.org of 01.03.2026 (subject: \"ход\") is 12.0 MiB, over the limit of 10.0 MiB"}},
		{"SecretaryEnglishPlayerRussian", "en", "petrov@example.org",
			[]string{"A letter from petrov@example.org", "Ваше письмо от 01.03.2026 (тема: «ход») весит 12.0 MiB"}},
		{"SecretaryRussianPlayerEnglish", "ru", "smith@example.org",
			[]string{"Письмо от smith@example.org", "Your letter of 01.03.2026 (subject: \"ход\") is 12.0 MiB"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := State{Tournament: Tournament{Cipher: "ЧР-2026",
				Secretary: Person{Name: "Сидорова Анна", Email: "secretary@example.org", Language: tt.secretary},
				Players: []Player{{Number: 1, Name: "Петров П.", Email: "petrov@example.org", Language: "ru"},
					{Number: 2, Name: "Smith J.", Email: "smith@example.org", Language: "en"}}}}
			out := s.Oversized(tt.from, "ход", 12*mib, 10*mib, timecontrol.MustDate("2026-03-01"))
			require.Len(t, out, len(tt.want))
			assert.Equal(t, "secretary@example.org", out[0].To)
			for i, want := range tt.want {
				assert.Equal(t, "oversized", out[i].Kind)
				assert.Contains(t, out[i].Body, want)
			}
		})
	}
}
