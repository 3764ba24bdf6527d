package storage

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// An unfinished game before the judge is a row with its protests (6.5.2-
// 6.5.7): every field reads back as written.
func TestDeskRows_AdjournedRoundTrip(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	d := timecontrol.MustDate
	a := adjudication.Adjourned{Game: "ТЕСТ-2026 1-2", WhitePlayer: 1, BlackPlayer: 2,
		Adjournment: adjudication.Adjournment{EndOfPlay: d("2026-04-01"),
			White: adjudication.Submission{Evaluation: adjudication.WinForWhite, Analysis: true, Received: d("2026-04-05")},
			Black: adjudication.Submission{Evaluation: adjudication.DrawnPosition, Received: d("2026-04-09")}},
		Analysis: [2]string{"1.c3-d4 и белые выигрывают", "ничья"}, Sent: d("2026-04-09"), Reminded: d("2026-05-12"),
		Ruling: adjudication.Ruling{Result: adjudication.WhiteWins, Overridden: true, Reason: "позиция выиграна",
			Tell: []adjudication.Side{adjudication.Black}, MayProtest: []adjudication.Side{adjudication.White, adjudication.Black}},
		Ruled:    d("2026-04-20"),
		Protests: []adjudication.AdjudicationProtest{{Side: adjudication.Black, Filed: d("2026-04-25"), Text: "Против."}, {Side: adjudication.White, Filed: d("2026-04-26"), Text: "И я."}},
		Final:    adjudication.Draw, FinalNote: "решение организации", Decided: d("2026-05-20")}
	require.NoError(t, db.Update(ctx, func(tx *Tx) error {
		l, err := tx.Load(ctx, cipher)
		if err != nil {
			return err
		}
		l.Desk.Adjournments = []adjudication.Adjourned{a}
		return tx.SaveDesk(ctx, l, d("2026-05-20"), corr.Outcome{Accepted: true})
	}))
	got, err := db.Desk(ctx, cipher)
	require.NoError(t, err)
	assert.Equal(t, []adjudication.Adjourned{a}, got.Adjournments)
	rows, err := db.Deadlines(ctx, true)
	require.NoError(t, err)
	assert.Len(t, rows, 4, "analysis, ruling, a protest for each side")
}

// sameDesk compares every field of the desk: a field added to
// adjudication.Desk must be saved (saveDesk) and compared there.
func TestSameDesk_EveryField(t *testing.T) {
	assert.Equal(t, 5, reflect.TypeOf(adjudication.Desk{}).NumField(), "a field added to the desk: save it and compare it in sameDesk")
	a := []adjudication.Adjourned{{Game: "1-2"}}
	d := adjudication.Desk{Adjournments: a}
	assert.True(t, sameDesk(d, d))
	assert.True(t, sameDesk(adjudication.Desk{}, adjudication.Desk{Forfeits: []adjudication.Game{}}))
	for _, e := range []adjudication.Desk{
		{Adjournments: append(slices.Clip(a), adjudication.Adjourned{Game: "2-1"})},
		{Adjournments: slices.Clone(a)},
		{Adjournments: a, Withdrawals: []adjudication.WithdrawalRuling{{Player: 1}}},
		{Adjournments: a, Sanctions: []adjudication.Sanction{{Player: 1}}},
		{Adjournments: a, Forfeits: []adjudication.Game{{White: 1}}},
		{Adjournments: a, Organiser: corr.Person{Name: "Судья"}},
	} {
		assert.False(t, sameDesk(d, e), "%+v", e)
	}
}
