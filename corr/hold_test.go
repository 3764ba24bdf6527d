package corr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/letter"
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
			out := s.Oversized(tt.from, "ход", 12*mib, 10*mib, timecontrol.MustDate("2026-03-01"), 1)
			require.Len(t, out, len(tt.want))
			assert.Equal(t, "secretary@example.org", out[0].To)
			for i, want := range tt.want {
				assert.Equal(t, "oversized", out[i].Kind)
				assert.Contains(t, out[i].Body, want)
			}
		})
	}
}

// TestHold_OfficialsInTheirLanguage: the letters about a held letter go to
// the secretary and the judge in the language each asked for: the
// secretary's notice that a held letter was dropped, and the confirmation
// request to the judge or the secretary when the held letter claimed one
// of their addresses.
func TestHold_OfficialsInTheirLanguage(t *testing.T) {
	tests := []struct {
		name       string
		lang       string // the officials' language
		from       string // the held letter's claimed sender
		dropped    bool   // the secretary's notice, else the confirmation request
		to, marker string
	}{
		{"DroppedToSecretaryRussian", "", "petrov@example.org", true, "secretary@example.org", "Неподтверждённое письмо не применено"},
		{"DroppedToSecretaryEnglish", "en", "petrov@example.org", true, "secretary@example.org", "An unconfirmed letter was not applied"},
		{"ConfirmJudgeRussian", "ru", "judge@example.org", false, "judge@example.org", "Подтвердите, что письмо отправили вы"},
		{"ConfirmJudgeEnglish", "en", "judge@example.org", false, "judge@example.org", "Please confirm you sent this letter"},
		{"ConfirmSecretaryEnglish", "en", "Secretary@example.org", false, "secretary@example.org", "Please confirm you sent this letter"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := State{Tournament: Tournament{Cipher: "ЧР-2026",
				Secretary: Person{Name: "Сидорова Анна", Email: "secretary@example.org", Language: tt.lang},
				Judge:     Person{Name: "Кузнецов Иван", Email: "judge@example.org", Language: tt.lang},
				Players:   []Player{{Number: 1, Name: "Петров П.", Email: "petrov@example.org", Language: "ru"}}}}
			h := Held{From: tt.from, Arrived: timecontrol.MustDate("2026-03-01"), Subject: "ход", Text: "1.c3-d4", HoldDays: 7}
			var o Outgoing
			if tt.dropped {
				o = s.HoldDropped(h, letter.HoldExpired)
			} else {
				o = s.ConfirmRequest(h)
			}
			assert.Equal(t, tt.to, o.To)
			assert.Contains(t, o.Subject, tt.marker)
		})
	}
}
