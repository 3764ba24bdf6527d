package main

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/referee"
	"zaochnik/storage"
)

func TestJudgeDesk_CommandLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	replayInto(t, path, "short.toml", "unfinished-differ", "2026-04-16")
	tests := []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"judge", "adjudicate", "--help"}, 0, "", "organiser-decision GAME"},
		{[]string{"judge", "deadlines", "--help"}, 0, "", "6.5.6"},
		{[]string{"judge", "adjudicate", "1-2"}, 2, "", "give 2 arguments"},
		{[]string{"judge", "adjudicate", "1-2", "maybe", "--db", path}, 2, "", "not a game result"},
		{[]string{"judge", "adjudicate", "7-8", "1-0", "--db", path}, 2, "", "not found"},
		{[]string{"judge", "organiser-decision", "1-2", "1-0", "--db", path}, 1, "", "not adjudicated yet"},
		{[]string{"judge", "forfeit", "1-2", "+/-", "--db", path}, 1, "", "neither player"},
		{[]string{"judge", "withdraw", "2", "leave", "--db", path}, 2, "", "forfeit-unfinished"},
		{[]string{"judge", "withdraw", "2", "leave", "--db", path}, 2, "", "or by-rule (1.10.2-1.10.5)"},
		{[]string{"judge", "withdraw", "2", "by-rule", "--date", "2026-04-17", "--db", path}, 0, "withdraw recorded on 2026-04-17", ""},
		{[]string{"standings", "ТЕСТ-2026", "--json", "--db", path}, 0, `"withdrawal": "withdrawn-1.10"`, ""},
		{[]string{"judge", "sanction", "1", "remark", "--reason", "комментарии", "--db", path}, 2, "", "clause"},
		{[]string{"judge", "sanction", "1", "remark", "--clauses", "6.2.6", "--reason", "комментарии к ходам", "--date", "2026-04-17", "--db", path}, 0, "2 letters queued", ""},
		{[]string{"judge", "deadlines", "--db", path}, 0, "ruling                       6.5.5", ""},
		{[]string{"judge", "organiser", "Федерация", "federation", "--db", path}, 1, "", "not an e-mail address"},
		{[]string{"judge", "organiser", "Федерация", "org@example.org", "--db", path}, 0, "organiser recorded", ""},
		{[]string{"judge", "adjudicate", "ТЕСТ-2026 1-2", "1-0", "--note", "белые выигрывают шашку", "--date", "2026-04-20", "--db", path}, 0, "adjudicate recorded on 2026-04-20", ""},
		{[]string{"judge", "adjudicate", "[ТЕСТ-2026 #1-2]", "0-1", "--db", path}, 1, "", "was adjudicated on 2026-04-20"},
		{[]string{"judge", "deadlines", "--json", "--all", "--db", path}, 0, `"kind": "adjudication-protest-white"`, ""},
	}
	for _, tt := range tests {
		code, out, errs := runCmd(t, tt.args...)
		assert.Equal(t, tt.code, code, "%v: %s", tt.args, errs)
		assert.Contains(t, out, tt.stdout, "%v", tt.args)
		assert.Contains(t, errs, tt.stderr, "%v", tt.args)
	}
}

// The scheduled standings letter goes to the secretary and every player,
// in their language, and counts the judge's adjudication.
func TestJudgeDesk_StandingsLetterToEveryParticipant(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	replayInto(t, path, "short.toml", "unfinished-agreed", "2026-04-12")
	db, err := storage.Open(path)
	require.NoError(t, err)
	defer db.Close()
	j := &jobs{ref: &referee.Referee{DB: db}, now: func() time.Time { return time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC) }, kick: func() {}, log: quietLog()}
	require.NoError(t, j.standings(context.Background()))
	out, err := db.Outbox(context.Background())
	require.NoError(t, err)
	to := map[string]string{}
	for _, r := range out {
		if r.Kind == storage.KindReport {
			to[r.To] = r.Body
		}
	}
	require.Len(t, to, 3, "the secretary and both players")
	assert.Contains(t, to, "secretary@example.org")
	assert.Contains(t, to["ivanov@example.org"], "½", "the adjudicated draw counts")
	assert.NotEqual(t, to["ivanov@example.org"], to["petrov@example.org"], "Petrov reads English")
}

// Without an organiser on record, the organiser's letter is a stranger's,
// kept unanswered; the decision on the protest against the judge's ruling
// is recorded from the command line (6.1.12).
func TestJudgeDesk_CommandLine_Appeal_6_1_12(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.db")
	replayInto(t, path, "two.toml", "judge-confirm", "")
	rep := replayInto(t, path, "two.toml", "appeal-upheld", "2026-05-08")
	assert.Equal(t, "ignored", rep.Letters[len(rep.Letters)-1].Outcome, "nobody named org@example.org the organiser")
	tests := []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"judge", "appeal", "--help"}, 0, "", "zaochnik judge appeal GAME upheld|rejected"},
		{[]string{"judge", "appeals", "--db", path}, 0, "claim 1 ruled 2026-05-01 (confirmed), protest by 2026-05-11: player 1 on 2026-05-05: waits for the organiser", ""},
		{[]string{"judge", "appeal", "1-2", "maybe", "--db", path}, 2, "", "write upheld or rejected"},
		{[]string{"judge", "appeal", "7-8", "upheld", "--db", path}, 2, "", "not found"},
		{[]string{"judge", "appeal", "1-2", "rejected", "--note", "квитанции нет", "--date", "2026-05-09", "--db", path}, 0, "appeal rejected recorded on 2026-05-09: 4 letters queued", ""},
		{[]string{"judge", "appeal", "1-2", "upheld", "--date", "2026-05-10", "--db", path}, 1, "", "no protest against a ruling waits"},
		{[]string{"judge", "appeals", "--json", "--db", path}, 0, `"decided": "2026-05-09"`, ""},
		{[]string{"judge", "deadlines", "--all", "--db", path}, 0, "ruling-protest", ""},
	}
	for _, tt := range tests {
		code, out, errs := runCmd(t, tt.args...)
		assert.Equal(t, tt.code, code, "%v: %s", tt.args, errs)
		assert.Contains(t, out, tt.stdout, "%v", tt.args)
		assert.Contains(t, errs, tt.stderr, "%v", tt.args)
	}
}
