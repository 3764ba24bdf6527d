package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/storage"
)

// replayDir is a file or folder of testdata/replay.
// testAuthservID is the authserv-id of the replayed letters'
// Authentication-Results (testdata/replay).
const testAuthservID = "zaochnik.example"

func replayDir(name string) string {
	return filepath.Join("..", "..", "testdata", "replay", name)
}

// runCmd runs the binary in-process and returns the exit status and output.
func runCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, args)
	return code, out.String(), errb.String()
}

// replayCase is one end-to-end replay with what the rules make of it.
type replayCase struct {
	name, tournament, mail, until string
	// ruling, when set, is the judge's ruling on the first claim after the
	// replay ("confirm" or "reject"), given on rulingDate.
	ruling, rulingDate string
	games              []gameReport // only the first len(games) games are checked
	// outcomes is one letter per letter: A accepted, R refused, H held
	// (nothing vouched for its sender), I ignored (an automatic letter or a
	// stranger's, never answered).
	outcomes string
	// auth is how each letter was authenticated, space-separated; "" is
	// "dmarc" for every letter (the replayed letters carry it).
	auth string
	// problems lists, per file, the kinds of problem expected (exactly).
	problems map[string][]string
	// sent lists the letters sent after the start lists, as to:kind, in order.
	sent []string
	// says lists what the letters sent say, each as to:kind:text: some
	// letter of that kind to that address holds the text (or, with a "!"
	// before the kind, none does).
	says []string
}

func side(moves, days, penalty int) sideReport {
	return sideReport{Moves: moves, Days: days, PenaltyDays: penalty, Total: days + penalty}
}

var replayCases = []replayCase{
	{
		// A clean game to a result: White's first move on the start date is
		// free (6.3.2); then 3 and 6 days (6.3.1); Black resigns.
		name: "Clean_6_3_1_GameToAResult", tournament: "two.toml", mail: "clean",
		games:    []gameReport{{White: 1, Black: 2, Status: "finished", Result: "1-0", Moves: "1.cd4 fg5 2.gf4", Ledger: ledgerReport{side(2, 6, 0), side(1, 3, 0)}}},
		outcomes: "AAAA",
		sent: []string{"petrov:forward", "ivanov:confirmation", "ivanov:forward", "petrov:confirmation", "petrov:forward", "ivanov:confirmation",
			"ivanov:result", "petrov:result", "secretary:result"},
	},
	{
		// White's variant is played for him when Black plays into it; Black
		// leaves it at his second move. The variant's move is not counted (6.3.5).
		name: "Variants_6_2_13_AcceptedInPart", tournament: "two.toml", mail: "variants",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 fg5 2.gf4 gf6 3.bc3", Ledger: ledgerReport{side(2, 3, 0), side(2, 4, 0)}}},
		outcomes: "AAA",
		sent:     []string{"petrov:forward", "ivanov:confirmation", "ivanov:forward", "petrov:confirmation", "petrov:forward", "ivanov:confirmation"},
	},
	{
		name: "Impossible_6_2_10_SingleLegalMoveIsPlayed", tournament: "two.toml", mail: "impossible-single",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 hg5", Ledger: ledgerReport{side(1, 0, 0), side(1, 2, 0)}}},
		outcomes: "AA",
		problems: map[string][]string{"02.eml": {"impossible-move-corrected"}},
	},
	{
		// Refused with 6 penalty days (6.2.11); the days run on to the replacement.
		name: "Impossible_6_2_10_NoSingleMoveCostsSixDays", tournament: "two.toml", mail: "impossible-none",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 ba5", Ledger: ledgerReport{side(1, 0, 0), side(1, 5, 6)}}},
		outcomes: "ARA",
		problems: map[string][]string{"02.eml": {"impossible-move"}},
		sent:     []string{"petrov:forward", "ivanov:confirmation", "petrov:refusal", "ivanov:forward", "petrov:confirmation"},
	},
	{
		name: "Abbreviated_6_2_2_IsAnImpossibleMove", tournament: "two.toml", mail: "abbreviated",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4", Ledger: ledgerReport{side(1, 1, 6), side(0, 0, 0)}}},
		outcomes: "RA",
		problems: map[string][]string{"01.eml": {"abbreviated", "impossible-move"}},
	},
	{
		name: "Repetition_6_2_9_WrongRepetitionRefusedSixDays", tournament: "two.toml", mail: "repetition",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 fg5", Ledger: ledgerReport{side(1, 0, 0), side(1, 4, 6)}}},
		outcomes: "ARA",
		problems: map[string][]string{"02.eml": {"repetition"}},
	},
	{
		name: "MoveNumbers_6_2_14_NoStop", tournament: "two.toml", mail: "numbers",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4", Ledger: ledgerReport{side(1, 0, 0), side(0, 0, 0)}}},
		outcomes: "A",
		problems: map[string][]string{"01.eml": {"move-number"}},
	},
	{
		// White writes Black's forced capture and answers it: counted for both.
		name: "Forced_6_2_4_WrittenByTheMover", tournament: "two.toml", mail: "forced",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cb4 ba5 2.ed4 a:e5 3.gf4", Ledger: ledgerReport{side(3, 2, 0), side(2, 1, 0)}}},
		outcomes: "AAA",
	},
	{
		// White answers 51 days after 2 March: over the 50 days of move 2.
		// The claim is filed, Black's reply held; the judge confirms: 0-1.
		name: "LetterOverstep_6_3_6_ClaimFiledAndConfirmed", tournament: "two.toml", mail: "overstep-letter",
		ruling: "confirm", rulingDate: "2026-05-01",
		games: []gameReport{{White: 1, Black: 2, Status: "finished", Result: "0-1", Moves: "1.cd4 fg5 2.gf4", Ledger: ledgerReport{side(2, 51, 0), side(1, 1, 0)},
			Claims: []claimReport{{Against: 1, Status: "confirmed", Filed: "2026-04-22"}}}},
		outcomes: "AAAA",
		problems: map[string][]string{},
		sent: []string{"petrov:forward", "ivanov:confirmation", "ivanov:forward", "petrov:confirmation",
			"ivanov:reminder", "ivanov:reminder",
			"ivanov:claim", "petrov:claim", "secretary:claim", "judge:dossier", "petrov:forward", "ivanov:confirmation",
			"judge:dossier", "petrov:confirmation",
			"ivanov:result", "petrov:result", "secretary:result", "ivanov:ruling", "petrov:ruling", "secretary:ruling"},
	},
	{
		// Black received the move on 1 March and never answers: reminders 10
		// and 3 days before, the claim on the 51st day.
		name: "SilentOverstep_6_3_5_DailyCheckClaims", tournament: "two.toml", mail: "overstep-silent", until: "2026-04-25",
		games: []gameReport{{White: 1, Black: 2, Status: "suspended", Result: "*", Moves: "1.cd4", Ledger: ledgerReport{side(1, 0, 0), side(0, 0, 0)},
			Claims: []claimReport{{Against: 2, Status: "pending", Filed: "2026-04-21"}}}},
		outcomes: "A",
		sent: []string{"petrov:forward", "ivanov:confirmation", "petrov:reminder", "petrov:reminder",
			"petrov:claim", "ivanov:claim", "secretary:claim", "judge:dossier"},
	},
	{
		// White claims by letter though Black is in time; his reply is held.
		// The judge rejects: 6 days to White, his reply forwarded (6.3.7).
		name: "WrongClaim_6_3_7_SixDaysToTheClaimant", tournament: "two.toml", mail: "wrong-claim",
		ruling: "reject", rulingDate: "2026-03-20",
		games: []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 fg5 2.gf4", Ledger: ledgerReport{side(2, 7, 6), side(1, 2, 0)},
			Claims: []claimReport{{Against: 2, Status: "rejected", Filed: "2026-03-10"}}}},
		outcomes: "AAA",
		sent: []string{"petrov:forward", "ivanov:confirmation", "ivanov:forward", "petrov:confirmation",
			"petrov:claim", "ivanov:claim", "secretary:claim", "judge:dossier", "judge:dossier", "ivanov:confirmation",
			"petrov:ruling", "petrov:forward", "ivanov:ruling", "secretary:ruling"},
	},
	{
		name: "Draw_2_1_9_AgreementAndNoRepeatedOffer", tournament: "two.toml", mail: "draw",
		games:    []gameReport{{White: 1, Black: 2, Status: "finished", Result: "1/2-1/2", Moves: "1.cd4 fg5 2.gf4 gh4", Ledger: ledgerReport{side(2, 1, 0), side(2, 2, 0)}}},
		outcomes: "AAAAA",
		problems: map[string][]string{"03.eml": {"draw-offer-repeated"}},
	},
	{
		// The server's dates stand (6.3.1); White's second letter without
		// dates or time costs 6 days (6.3.3).
		name: "Dates_6_3_3_SecondSlipCostsSixDays", tournament: "two.toml", mail: "dates",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 fg5 2.gf4 gh4 3.bc3", Ledger: ledgerReport{side(3, 2, 6), side(2, 4, 0)}}},
		outcomes: "AAAAA",
		problems: map[string][]string{
			"02.eml": {"date-differs", "date-differs", "time-differs"},
			"03.eml": {"missing-dates", "missing-time"},
			"05.eml": {"missing-dates", "missing-time", "penalty"},
		},
	},
	{
		// A stranger is kept unanswered (no backscatter); the players' own
		// letters naming nothing to play are refused to them.
		name: "Strangers_6_2_3_IgnoredAndKept", tournament: "two.toml", mail: "strangers",
		outcomes: "IRR",
		problems: map[string][]string{"02.eml": {"no-move"}, "03.eml": {"missing-time", "not-your-move"}},
		sent:     []string{"ivanov:refusal", "petrov:refusal"},
	},
	{
		// Issue 11: a resignation sent without authentication, and one whose
		// Authentication-Results sit below a Received header the receiving
		// side did not write, are held; their senders are asked to confirm.
		name: "Forged_ResignationsHeldNeverApplied", tournament: "two.toml", mail: "forged",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4", Ledger: ledgerReport{side(1, 0, 0), side(0, 0, 0)}}},
		outcomes: "AHH",
		auth:     "dmarc none none",
		sent:     []string{"petrov:forward", "ivanov:confirmation", "petrov:confirm-request", "ivanov:confirm-request"},
	},
	{
		name: "EndOfPlay_6_3_2_UnfinishedGame", tournament: "short.toml", mail: "end-of-play", until: "2026-04-05",
		games:    []gameReport{{White: 1, Black: 2, Status: "unfinished", Result: "*", Moves: "1.cd4 fg5 2.gf4", Ledger: ledgerReport{side(2, 11, 0), side(1, 19, 0)}}},
		outcomes: "AAAR",
		problems: map[string][]string{"04.eml": {"end-of-play"}},
		sent: []string{"petrov:forward", "ivanov:confirmation", "ivanov:forward", "petrov:confirmation", "petrov:forward", "ivanov:confirmation",
			"ivanov:end-of-play", "petrov:end-of-play", "judge:end-of-play", "petrov:refusal"},
	},
	{
		name: "Inquiry_6_3_4_ThirtyDaysWithoutAFirstMove", tournament: "two.toml", mail: "inquiry", until: "2026-03-31",
		outcomes: "A",
		sent:     []string{"petrov:ledger", "ivanov:inquiry", "petrov:inquiry", "secretary:inquiry"},
	},
	{
		// Valid, late, second in a year, too long; every opponent and the
		// secretary told; Black's 11 days in game 1-2 less 5 break days.
		name: "Breaks_6_4_ValidLateSecondTooLong", tournament: "three.toml", mail: "breaks",
		games:    []gameReport{{White: 1, Black: 2, Status: "playing", Result: "*", Moves: "1.cd4 fg5", Ledger: ledgerReport{side(1, 0, 0), side(1, 6, 0)}}},
		outcomes: "AAAAAAAA",
		problems: map[string][]string{"05.eml": {"break-late"}, "06.eml": {"break-second-in-year"}, "07.eml": {"break-too-long"}},
		sent: []string{"petrov:forward", "ivanov:confirmation", "ivanov:forward", "sidorov:confirmation", "sidorov:forward", "petrov:confirmation",
			"ivanov:notice", "petrov:break", "sidorov:break", "secretary:break",
			"petrov:notice", "ivanov:break", "sidorov:break", "secretary:break",
			"ivanov:notice",
			"sidorov:notice", "ivanov:break", "petrov:break", "secretary:break",
			"ivanov:forward", "petrov:confirmation"},
	},
}

func TestReplay_EndToEnd(t *testing.T) {
	for _, c := range replayCases {
		t.Run(c.name, func(t *testing.T) { runReplayCase(t, c) })
	}
}

// runReplayCase replays c's letters and checks what the rules make of them.
func runReplayCase(t *testing.T, c replayCase) {
	t.Helper()
	db := filepath.Join(t.TempDir(), "z.db")
	args := []string{"replay", "--authserv-id", testAuthservID, "--tournament", replayDir(c.tournament), "--mail", replayDir(c.mail), "--db", db, "--json"}
	if c.until != "" {
		args = append(args, "--until", c.until)
	}
	code, out, errs := runCmd(t, args...)
	require.Equal(t, 0, code, errs)
	var rep replayReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	if c.ruling != "" {
		code, out, errs := runCmd(t, "judge", "claims", "--json", "--db", db)
		require.Equal(t, 0, code, errs)
		var cs []storage.ClaimRow
		require.NoError(t, json.Unmarshal([]byte(out), &cs))
		require.NotEmpty(t, cs, "a claim is pending")
		code, _, errs = runCmd(t, "judge", "rule", fmt.Sprint(cs[0].ID), c.ruling, "--date", c.rulingDate, "--db", db)
		require.Equal(t, 0, code, errs)
		code, _, _ = runCmd(t, "judge", "rule", fmt.Sprint(cs[0].ID), c.ruling, "--date", c.rulingDate, "--db", db)
		assert.Equal(t, 1, code, "a claim is ruled once")
		rep = reportFromDB(t, db, rep)
	}
	for i, g := range c.games {
		require.Greater(t, len(rep.Games), i)
		got := rep.Games[i]
		if g.Claims == nil {
			g.Claims = []claimReport{}
		}
		assert.Equal(t, g, got)
	}
	var outcomes string
	var auths []string
	for _, l := range rep.Letters {
		auths = append(auths, l.Auth)
		outcomes += map[string]string{"accepted": "A", "refused": "R", "held": "H", "ignored": "I"}[l.Outcome]
		var kinds []string
		for _, p := range l.Problems {
			kinds = append(kinds, p.Kind)
			assert.NotEmpty(t, p.Clause, "every problem cites its clause")
		}
		if c.problems != nil || len(kinds) > 0 {
			assert.Equal(t, c.problems[l.File], kinds, "problems of %s", l.File)
		}
	}
	assert.Equal(t, c.outcomes, outcomes)
	wantAuth := c.auth
	if wantAuth == "" {
		wantAuth = strings.TrimSpace(strings.Repeat("dmarc ", len(rep.Letters)))
	}
	assert.Equal(t, wantAuth, strings.Join(auths, " "), "how each letter was authenticated")
	if c.sent != nil {
		var sent []string
		for _, o := range rep.Outbox {
			if o.Kind != "start-list" {
				sent = append(sent, strings.Split(o.To, "@")[0]+":"+o.Kind)
			}
		}
		assert.Equal(t, c.sent, sent)
	}
	if len(c.says) > 0 {
		checkSays(t, db, c.says)
	}
}

// checkSays checks the bodies of the letters in the store's outbox (see
// replayCase.says).
func checkSays(t *testing.T, db string, says []string) {
	t.Helper()
	s, err := storage.Open(db)
	require.NoError(t, err)
	defer s.Close()
	out, err := s.Outbox(t.Context())
	require.NoError(t, err)
	for _, w := range says {
		parts := strings.SplitN(w, ":", 3)
		require.Len(t, parts, 3, "to:kind:text")
		kind, none := strings.CutPrefix(parts[1], "!")
		found := ""
		for _, o := range out {
			if strings.Split(o.To, "@")[0] == parts[0] && o.Kind == kind && strings.Contains(o.Body, parts[2]) {
				found = o.Body
			}
		}
		if none {
			assert.Empty(t, found, "no %s to %s says %q", kind, parts[0], parts[2])
		} else {
			assert.NotEmpty(t, found, "a %s to %s says %q", kind, parts[0], parts[2])
		}
	}
}

// reportFromDB rereads games and outbox after a ruling, with tournament show
// and the store's outbox.
func reportFromDB(t *testing.T, db string, rep replayReport) replayReport {
	t.Helper()
	code, out, errs := runCmd(t, "tournament", "show", "ТЕСТ-2026", "--json", "--db", db)
	require.Equal(t, 0, code, errs)
	var show struct {
		Games []gameReport `json:"games"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &show))
	rep.Games = show.Games
	s, err := storage.Open(db)
	require.NoError(t, err)
	defer s.Close()
	queued, err := s.Outbox(t.Context())
	require.NoError(t, err)
	rep.Outbox = nil
	for _, o := range queued {
		rep.Outbox = append(rep.Outbox, replayOut{To: o.To, Kind: o.Kind})
	}
	return rep
}

// zaochnik ledger GAME prints a stored game's ledger as the calculator does.
func TestLedgerGame_StoredGame(t *testing.T) {
	db := filepath.Join(t.TempDir(), "z.db")
	code, _, errs := runCmd(t, "replay", "--authserv-id", testAuthservID, "--tournament", replayDir("two.toml"), "--mail", replayDir("impossible-none"), "--db", db)
	require.Equal(t, 0, code, errs)
	code, out, errs := runCmd(t, "ledger", "ТЕСТ-2026 1-2", "--db", db, "--json")
	require.Equal(t, 0, code, errs)
	var l struct {
		Black struct {
			Days        int `json:"days"`
			PenaltyDays int `json:"penalty_days"`
			Total       int `json:"total"`
		} `json:"black"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &l))
	assert.Equal(t, 5, l.Black.Days)
	assert.Equal(t, 6, l.Black.PenaltyDays)
	assert.Equal(t, 11, l.Black.Total)
	code, out, _ = runCmd(t, "ledger", "ТЕСТ-2026", "1-2", "--db", db, "--lang", "en")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "6.2.11")
	code, _, errs = runCmd(t, "ledger", "ТЕСТ-2026 2-1", "--db", db)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "no game 2-1")
	code, _, _ = runCmd(t, "ledger", "nonsense", "--db", db)
	assert.Equal(t, 2, code)
}
