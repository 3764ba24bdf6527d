package corr

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/letter"
)

// A letter the server could not deliver is told to the secretary, in her
// language, naming the addressee, the subject and the mail server's
// reason, so that the addressee is reached another way; not when it was
// her own letter, nor when the tournament has no secretary. The notice
// carries what she needs to check it and send it by hand: the game, the
// times in the tournament's zone and the letter's text.
func TestUndelivered_SecretaryTold(t *testing.T) {
	tests := []struct {
		name      string
		secretary Person
		to        string
		uncertain bool
		want      []string // the notice's subject, then lines of its body; nil: no notice
	}{
		{"Russian", Person{Name: "Сидорова Анна", Email: "secretary@example.org"}, "petrov@example.org", false,
			[]string{"Письмо не доставлено: [ЧР-2026] ход", "Письмо для petrov@example.org («[ЧР-2026] ход») не доставлено: 550 no such user.",
				"\nПартия: [ЧР-2026 #1-2]\n", "\nТекст письма:\n-----\nХод 5. c3-d4\n-----\n"}},
		{"English", Person{Name: "Anna", Email: "secretary@example.org", Language: "en"}, "petrov@example.org", false,
			[]string{"Letter not delivered: [ЧР-2026] ход", "The letter to petrov@example.org (“[ЧР-2026] ход”) was not delivered: 550 no such user.",
				"\nGame: [ЧР-2026 #1-2]\n", "\nThe letter's text:\n-----\nХод 5. c3-d4\n-----\n"}},
		{"UncertainRussian", Person{Name: "Сидорова Анна", Email: "secretary@example.org"}, "petrov@example.org", true,
			[]string{"Письмо, возможно, не доставлено: [ЧР-2026] ход", "Письмо для petrov@example.org («[ЧР-2026] ход»), возможно, не доставлено: сервер турнира остановился",
				"\nКому: petrov@example.org\nПартия: [ЧР-2026 #1-2]\nТема: [ЧР-2026] ход\nНаписано сервером: 02.03.2026 13:00 MSK\nПоследняя попытка отправки: 02.03.2026 13:05 MSK\nВложений: 1",
				"\nТекст письма:\n-----\nХод 5. c3-d4\n-----\n"}},
		{"UncertainEnglish", Person{Name: "Anna", Email: "secretary@example.org", Language: "en"}, "petrov@example.org", true,
			[]string{"Letter possibly not delivered: [ЧР-2026] ход", "The letter to petrov@example.org (“[ЧР-2026] ход”) may not have been delivered",
				"\nTo: petrov@example.org\nGame: [ЧР-2026 #1-2]\nSubject: [ЧР-2026] ход\nWritten by the server: 02.03.2026 13:00 MSK\nLast attempt to send it: 02.03.2026 13:05 MSK\nAttachments: 1",
				"\nThe letter's text:\n-----\nХод 5. c3-d4\n-----\n"}},
		{"HerOwnLetter", Person{Name: "Сидорова Анна", Email: "Secretary@example.org"}, "secretary@example.org", false, nil},
		{"NoSecretary", Person{}, "petrov@example.org", false, nil},
	}
	queued := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := Tournament{Cipher: "ЧР-2026", Secretary: tt.secretary, Timezone: "Europe/Moscow"}
			out := tr.Undelivered(letter.Undelivered{To: tt.to, Subject: "[ЧР-2026] ход", Reason: "550 no such user", Uncertain: tt.uncertain,
				White: 1, Black: 2, Queued: queued, Attempted: queued.Add(5 * time.Minute), Body: "Ход 5. c3-d4\n", Attached: 1})
			if tt.want == nil {
				assert.Empty(t, out)
				return
			}
			require.Len(t, out, 1)
			assert.Equal(t, tt.secretary.Email, out[0].To)
			assert.Equal(t, "undeliverable", out[0].Kind)
			assert.Contains(t, out[0].Subject, tt.want[0])
			for _, w := range tt.want[1:] {
				assert.Contains(t, out[0].Body, w)
			}
		})
	}
}
