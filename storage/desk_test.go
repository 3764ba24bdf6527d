package storage

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

func TestDesk_6_5_2_EndOfPlayLetterCarriesTheDiagram(t *testing.T) {
	db := mustOpen(t)
	ctx := context.Background()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "replay", "short.toml"))
	require.NoError(t, err)
	tm, err := corr.ParseTournament(src)
	require.NoError(t, err)
	require.NoError(t, db.CreateTournament(ctx, tm, src))
	_, err = db.start(ctx, tm.Cipher, tm.Start)
	require.NoError(t, err)
	_, err = db.daily(ctx, tm.Cipher, tm.End)
	require.NoError(t, err)

	out, err := db.Outbox(ctx)
	require.NoError(t, err)
	var id int64
	for _, o := range out {
		if o.Kind == "end-of-play" && o.To == "ivanov@example.org" {
			id = o.ID
		}
	}
	require.NotZero(t, id, "the end-of-play letter to White")
	now := db.Now()
	got, _, err := db.BeginAttempt(ctx, id, now, now)
	require.NoError(t, err)
	require.Len(t, got.Files, 1)
	assert.Equal(t, "image/png", got.Files[0].ContentType)
	assert.Equal(t, []byte("\x89PNG"), got.Files[0].Data[:4])

	rows, err := db.Deadlines(ctx, false)
	require.NoError(t, err)
	require.Len(t, rows, 2, "the analyses (6.5.2) and the ruling (6.5.5)")
	assert.Equal(t, DeadlineRow{Cipher: tm.Cipher, Game: "ТЕСТ-2026 1-2", Kind: "analysis", Clause: "6.5.2", Due: "2026-04-11"}, rows[0])
	assert.Equal(t, "2026-05-11", rows[1].Due)

	// A day later than the analyses are due: the judge's letter goes out
	// from the daily run, and its deadline is met.
	for d := tm.End.AddDays(1); !d.After(timecontrol.MustDate("2026-04-12")); d = d.AddDays(1) {
		_, err = db.daily(ctx, tm.Cipher, d)
		require.NoError(t, err)
	}
	rows, err = db.Deadlines(ctx, false)
	require.NoError(t, err)
	require.Len(t, rows, 1)
	assert.Equal(t, "ruling", rows[0].Kind)
	var n int
	require.NoError(t, db.db.QueryRowContext(ctx, `SELECT count(*) FROM outbox WHERE kind = 'adjudication'`).Scan(&n))
	assert.Equal(t, 1, n)
	var files int
	require.NoError(t, db.db.QueryRowContext(ctx, `SELECT count(*) FROM outbox_files f JOIN outbox o ON o.id = f.outbox_id WHERE o.kind = 'adjudication'`).Scan(&files))
	assert.Equal(t, 2, files, "diagram and PDN")
}

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
	_, err := db.deskChange(ctx, cipher, d("2026-05-20"), func(desk adjudication.Desk, s corr.State) (adjudication.Desk, corr.Outcome, error) {
		desk.Adjournments = []adjudication.Adjourned{a}
		return desk, corr.Outcome{Accepted: true}, nil
	})
	require.NoError(t, err)
	got, err := db.Desk(ctx, cipher)
	require.NoError(t, err)
	assert.Equal(t, []adjudication.Adjourned{a}, got.Adjournments)
	rows, err := db.Deadlines(ctx, true)
	require.NoError(t, err)
	assert.Len(t, rows, 4, "analysis, ruling, a protest for each side")
}
