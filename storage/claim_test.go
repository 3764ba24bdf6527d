package storage

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// claimLetters: White moves on 1 March and claims Black's overstep by
// letter on 10 March (6.3.6); Black protests on 12 March, in time (6.3.8).
var claimLetters = []Received{
	game12[0],
	moveLetter("<c1>", "ivanov@example.org", 10, "ТЕСТ-2026 1-2\nЗаявляю просрочку."),
	moveLetter("<c2>", "petrov@example.org", 12, "ТЕСТ-2026 1-2\nProtest: I am well within my 50 days."),
}

// claimAppealed is a store at path whose one claim is filed, protested
// (6.3.8), rejected by the judge (6.3.7) and appealed by the claimant
// (6.1.12): every field of its row set.
func claimAppealed(t *testing.T, path string) (*DB, string) {
	t.Helper()
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	for _, r := range claimLetters {
		accepted(t, db, cipher, r)
	}
	rows, err := db.Claims(ctx, true)
	require.NoError(t, err)
	require.Len(t, rows, 1)
	require.NoError(t, ruled(ctx, db, rows[0].ID, false, "Чёрные в пределах нормы.", timecontrol.MustDate("2026-03-14")))
	accepted(t, db, cipher, moveLetter("<c3>", "ivanov@example.org", 16, "ТЕСТ-2026 1-2\nПротест: чёрные просрочили."))
	return db, cipher
}

// deadlineIDs are the ids of the deadline rows, in order: a row rewritten
// gets a new id.
func deadlineIDs(t *testing.T, db *DB) []int64 {
	t.Helper()
	rows, err := db.db.Query(`SELECT id FROM deadlines ORDER BY id`)
	require.NoError(t, err)
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		require.NoError(t, rows.Scan(&id))
		ids = append(ids, id)
	}
	require.NoError(t, rows.Err())
	return ids
}

// The claim is its row alone: filed, protested (6.3.8), ruled (6.3.7) and
// appealed (6.1.12), it reads back whole from a store opened afresh, and
// games.state holds no copy of it.
func TestClaimRows_RoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := claimAppealed(t, path)
	ctx := context.Background()

	s, err := db.State(ctx, cipher)
	require.NoError(t, err)
	want := s.Games[0].Claims
	require.Len(t, want, 1)
	c := want[0]
	assert.Equal(t, corr.ClaimRejected, c.Status)
	assert.Equal(t, "2026-03-12", c.Protest.Protested.String(), "6.3.8: the protest in time")
	assert.Equal(t, "2026-03-16", c.Appeal.Filed.String(), "6.1.12: the claimant's protest against the ruling")
	assert.Equal(t, 1, c.Appeal.From)

	cold, err := Open(path)
	require.NoError(t, err)
	defer cold.Close()
	got, err := cold.State(ctx, cipher)
	require.NoError(t, err)
	assert.Equal(t, want, got.Games[0].Claims, "read back from the rows")
	var state string
	require.NoError(t, cold.db.QueryRow(`SELECT state FROM games WHERE code = 'ТЕСТ-2026 1-2'`).Scan(&state))
	var g corr.Game
	require.NoError(t, json.Unmarshal([]byte(state), &g))
	assert.Empty(t, g.Claims, "games.state keeps no copy of the claim")

	dl, err := cold.Deadlines(ctx, true)
	require.NoError(t, err)
	var kinds []string
	for _, d := range dl {
		kinds = append(kinds, d.Kind+" "+d.Due)
	}
	assert.ElementsMatch(t, []string{"overstep-protest 2026-03-20", "ruling-protest 2026-03-24"}, kinds)
}

// A letter that changes no claim and no unfinished game writes no row of
// the desk: its deadlines keep their rows (they were all rewritten on
// every letter before).
func TestDeskRows_UntouchedByALetterThatChangesNoClaim(t *testing.T) {
	db, cipher := twoPlayers(t, filepath.Join(t.TempDir(), "z.db"))
	ctx := context.Background()
	for _, r := range claimLetters {
		_, err := apply(ctx, db, cipher, r)
		require.NoError(t, err)
	}
	rows, err := db.Claims(ctx, true)
	require.NoError(t, err)
	err = ruled(ctx, db, rows[0].ID, false, "", timecontrol.MustDate("2026-03-14"))
	require.NoError(t, err)
	before := deadlineIDs(t, db)
	require.NotEmpty(t, before)
	for _, r := range game12[1:3] {
		r.Postmark = r.Postmark.AddDate(0, 0, 14)
		res, err := apply(ctx, db, cipher, r)
		require.NoError(t, err)
		require.NotEmpty(t, res.Outcome.Events, "the letter was applied")
	}
	assert.Equal(t, before, deadlineIDs(t, db))
	var desks int
	require.NoError(t, db.db.QueryRow(`SELECT count(*) FROM desks`).Scan(&desks))
	assert.Zero(t, desks, "no ruling of the judge yet: no desk document")
}

// A store written before migration 0005 kept the claim in games.state and
// in a claims row with its JSON copy, its protest window and appeal in the
// desk's JSON document beside the unfinished games. Opened by this
// version, it keeps all of it, in rows.
func TestDeskRows_OldJSONDeskIsUpgraded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	db, cipher := twoPlayers(t, path)
	ctx := context.Background()
	for _, r := range claimLetters {
		_, err := apply(ctx, db, cipher, r)
		require.NoError(t, err)
	}
	rows, err := db.Claims(ctx, true)
	require.NoError(t, err)
	err = ruled(ctx, db, rows[0].ID, true, "Просрочка есть.", timecontrol.MustDate("2026-03-14"))
	require.NoError(t, err)
	s, err := db.State(ctx, cipher)
	require.NoError(t, err)
	now := s.Games[0].Claims[0]

	// The same store as the older version wrote it.
	old := now
	old.Protest, old.Appeal = corr.ProtestWindow{}, corr.Appeal{}
	dossier, err := json.Marshal(old)
	require.NoError(t, err)
	g := *s.Games[0]
	g.Claims = []corr.Claim{old}
	state, err := json.Marshal(g)
	require.NoError(t, err)
	adjourned := adjudication.Adjourned{Game: "ТЕСТ-2026 1-2", WhitePlayer: 1, BlackPlayer: 2,
		Adjournment: adjudication.Adjournment{EndOfPlay: timecontrol.MustDate("2026-04-01"),
			White: adjudication.Submission{Evaluation: adjudication.DrawnPosition, Analysis: true, Received: timecontrol.MustDate("2026-04-05")}},
		Analysis: [2]string{"ничья: материал равный", ""}, Sent: timecontrol.MustDate("2026-04-12"),
		Ruling:   adjudication.Ruling{Result: adjudication.Draw, Tell: []adjudication.Side{adjudication.Black}, MayProtest: []adjudication.Side{adjudication.White}},
		Ruled:    timecontrol.MustDate("2026-04-20"),
		Protests: []adjudication.AdjudicationProtest{{Side: adjudication.White, Filed: timecontrol.MustDate("2026-04-25"), Text: "Против."}}}
	rulings := adjudication.Desk{
		Withdrawals: []adjudication.WithdrawalRuling{{Player: 2, Ruling: adjudication.WithdrawnAdjudicate}},
		Sanctions: []adjudication.Sanction{{Player: 2, Kind: adjudication.LossOfGame, Clauses: []string{"6.1.9", "6.2.6"}, Reason: "комментарии",
			Date: timecontrol.MustDate("2026-03-30"), By: adjudication.Judge, Game: adjudication.Pair{White: 1, Black: 2}}},
		Forfeits:  []adjudication.Game{{White: 1, Black: 2, Result: adjudication.WhiteWinsWithoutPlay}},
		Organiser: corr.Person{Name: "Федерация", Email: "org@example.org"}}
	withRulings := rulings
	withRulings.Adjournments = []adjudication.Adjourned{adjourned}
	desk, err := json.Marshal(withRulings) // adjudication.Desk's JSON is the old document's
	require.NoError(t, err)
	// The rest of the old document: its ClaimWindow and Appeal, a Verdict
	// as a number (3 protest rejected, 4 upheld).
	doc := `{"claims":[{"game":"ТЕСТ-2026 1-2","seq":1,"against":2,"notified":"2026-03-10","due":"2026-03-20","protested":"2026-03-12",
		"protest":"I am well within my 50 days.","decision":3,"decided":"2026-03-14"}],
		"appeals":[{"game":"ТЕСТ-2026 1-2","claim":1,"ruling":"confirmed","ruled":"2026-03-14","due":"2026-03-24","from":2,"filed":"2026-03-20",
		"text":"Не согласен.","decision":4,"note":"Квитанция.","decided":"2026-03-28"}],` + string(desk[1:])
	for _, x := range []struct{ q, arg string }{
		{`UPDATE games SET state = ? WHERE code = 'ТЕСТ-2026 1-2'`, string(state)},
		{`UPDATE claims SET dossier = ?, protest_due = '', appeal_due = '', by_hand = 0, total = 0, letters = ''`, string(dossier)},
		{`INSERT INTO desks (tournament_id, state) VALUES ((SELECT id FROM tournaments), ?)`, doc},
	} {
		_, err := db.db.Exec(x.q, x.arg)
		require.NoError(t, err)
	}
	_, err = db.db.Exec(`DELETE FROM deadlines`)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	up, err := Open(path)
	require.NoError(t, err)
	defer up.Close()
	got, err := up.State(ctx, cipher)
	require.NoError(t, err)
	c := got.Games[0].Claims[0]
	assert.Equal(t, now.Total, c.Total, "the figures from the claim's JSON copy")
	assert.Equal(t, now.Letters, c.Letters)
	assert.True(t, c.ByHand)
	assert.Equal(t, corr.ProtestWindow{Due: timecontrol.MustDate("2026-03-20"), Protested: timecontrol.MustDate("2026-03-12"), Text: "I am well within my 50 days."}, c.Protest)
	assert.Equal(t, corr.Appeal{Due: timecontrol.MustDate("2026-03-24"), From: 2, Filed: timecontrol.MustDate("2026-03-20"), Text: "Не согласен.",
		Decided: timecontrol.MustDate("2026-03-28"), Upheld: true, Note: "Квитанция."}, c.Appeal)
	d, err := up.Desk(ctx, cipher)
	require.NoError(t, err)
	assert.Equal(t, rulings.Organiser, d.Organiser)
	assert.Equal(t, rulings.Withdrawals, d.Withdrawals)
	assert.Equal(t, rulings.Sanctions, d.Sanctions)
	assert.Equal(t, rulings.Forfeits, d.Forfeits)
	require.Len(t, d.Adjournments, 1)
	a := d.Adjournments[0]
	assert.Equal(t, adjudication.DrawnPosition, a.White.Evaluation)
	assert.Equal(t, "ничья: материал равный", a.Analysis[0])
	assert.Equal(t, adjudication.Draw, a.Ruling.Result)
	assert.Equal(t, []adjudication.Side{adjudication.Black}, a.Ruling.Tell)
	require.Len(t, a.Protests, 1)
	assert.Equal(t, "Против.", a.Protests[0].Text)
	var left string
	require.NoError(t, up.db.QueryRow(`SELECT state FROM desks`).Scan(&left))
	assert.Equal(t, "{}", left, "the document is all rows now")
	dl, err := up.Deadlines(ctx, true)
	require.NoError(t, err)
	var kinds []string
	for _, x := range dl {
		kinds = append(kinds, x.Kind)
	}
	assert.Subset(t, kinds, []string{"overstep-protest", "ruling-protest", "analysis", "ruling", "adjudication-protest-white"})

	again, err := Open(path)
	require.NoError(t, err)
	defer again.Close()
	twice, err := again.State(ctx, cipher)
	require.NoError(t, err)
	assert.Equal(t, got.Games[0].Claims, twice.Games[0].Claims, "the upgrade is made once")
}
