package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A letter the server could not deliver is told to the secretary, in her
// language, naming the addressee, the subject and the mail server's
// reason, so that the addressee is reached another way; not when it was
// her own letter, nor when the tournament has no secretary.
func TestUndelivered_SecretaryTold(t *testing.T) {
	tests := []struct {
		name      string
		secretary Person
		to        string
		uncertain bool
		want      []string // in the notice's subject and body; nil: no notice
	}{
		{"Russian", Person{Name: "Сидорова Анна", Email: "secretary@example.org"}, "petrov@example.org", false,
			[]string{"Письмо не доставлено: [ЧР-2026] ход", "Письмо для petrov@example.org («[ЧР-2026] ход») не доставлено: 550 no such user."}},
		{"English", Person{Name: "Anna", Email: "secretary@example.org", Language: "en"}, "petrov@example.org", false,
			[]string{"Letter not delivered: [ЧР-2026] ход", "The letter to petrov@example.org (“[ЧР-2026] ход”) was not delivered: 550 no such user."}},
		{"UncertainRussian", Person{Name: "Сидорова Анна", Email: "secretary@example.org"}, "petrov@example.org", true,
			[]string{"Письмо, возможно, не доставлено: [ЧР-2026] ход", "Письмо для petrov@example.org («[ЧР-2026] ход»), возможно, не доставлено: сервер турнира остановился"}},
		{"UncertainEnglish", Person{Name: "Anna", Email: "secretary@example.org", Language: "en"}, "petrov@example.org", true,
			[]string{"Letter possibly not delivered: [ЧР-2026] ход", "The letter to petrov@example.org (“[ЧР-2026] ход”) may not have been delivered"}},
		{"HerOwnLetter", Person{Name: "Сидорова Анна", Email: "Secretary@example.org"}, "secretary@example.org", false, nil},
		{"NoSecretary", Person{}, "petrov@example.org", false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := Tournament{Cipher: "ЧР-2026", Secretary: tt.secretary}
			out := tr.Undelivered(tt.to, "[ЧР-2026] ход", "550 no such user", tt.uncertain)
			if tt.want == nil {
				assert.Empty(t, out)
				return
			}
			require.Len(t, out, 1)
			assert.Equal(t, tt.secretary.Email, out[0].To)
			assert.Equal(t, "undeliverable", out[0].Kind)
			assert.Contains(t, out[0].Subject, tt.want[0])
			assert.Contains(t, out[0].Body, tt.want[1])
		})
	}
}
