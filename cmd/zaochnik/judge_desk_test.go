package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/adjudication/diagram"
	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/mailbox"
	"zaochnik/referee"
	"zaochnik/storage"
)

// deskCase is a replay through the judge's desk: letters, then commands,
// then perhaps more letters, and what the store holds at the end.
type deskCase struct {
	name, tournament, mail, until string
	// commands run after the replay (each: zaochnik judge ...), then more
	// is replayed into the same store up to moreUntil.
	commands        [][]string
	more, moreUntil string
	status, result  string
	// sent must appear in the outbox in this order (to:kind, others between).
	sent  []string
	check func(t *testing.T, db *storage.DB, rep replayReport, path string)
}

var deskCases = []deskCase{
	{
		// The judge answers the dossier "просрочка подтверждена"; the quoted
		// "просрочки нет" of the server's own letter does not count.
		name: "JudgeConfirms_6_3_7_ByLetter", tournament: "two.toml", mail: "judge-confirm",
		status: "finished", result: "0-1",
		sent: []string{"judge:dossier", "judge:dossier", "ivanov:ruling", "petrov:ruling", "secretary:ruling", "judge:confirmation"},
		check: func(t *testing.T, db *storage.DB, rep replayReport, path string) {
			assert.Equal(t, "confirmed", rep.Games[0].Claims[0].Status)
			o := outgoing(t, db, "judge@example.org", "dossier")
			assert.Contains(t, o.Body, "Задержанный ответ заявителя")
			assert.Contains(t, o.Body, "1.cd4 fg5 2.gf4")
			checkDossierFiles(t, db, o)
			r := outgoing(t, db, "petrov@example.org", "ruling")
			assert.Contains(t, r.Body, "Ответ отправлен на 51-й день", "the judge's note goes on")
			assert.NotContains(t, r.Body, "С уважением,\nКузнецов", "the judge's signature does not")
			// 6.5.1: the record to the secretary, semi-short and PDN.
			res := outgoing(t, db, "secretary@example.org", "result")
			assert.Contains(t, res.Body, "1.cd4 fg5 2.gf4 0-1")
			files, err := db.OutboxFiles(context.Background(), res.ID)
			require.NoError(t, err)
			require.Len(t, files, 1)
			games, err := draughts.ParsePDN(files[0].Data)
			require.NoError(t, err)
			require.Len(t, games, 1)
			assert.Equal(t, "0-1", games[0].Result)
			gt, _ := games[0].Tag("GameType")
			assert.Equal(t, "25", gt)
		},
	},
	{
		// "No overstep": the claimant's held reply is forwarded and the
		// claimant who claimed by letter is charged 6 days.
		name: "JudgeRejects_6_3_7_HeldReplyForwarded", tournament: "two.toml", mail: "judge-reject",
		status: "playing", result: "*",
		sent: []string{"judge:dossier", "petrov:ruling", "petrov:forward", "ivanov:ruling", "secretary:ruling", "judge:confirmation"},
		check: func(t *testing.T, db *storage.DB, rep replayReport, path string) {
			assert.Equal(t, "rejected", rep.Games[0].Claims[0].Status)
			assert.Equal(t, 6, rep.Games[0].Ledger.White.PenaltyDays)
			assert.Equal(t, "1.cd4 fg5 2.gf4", rep.Games[0].Moves, "the held 2.gf4 is played")
			assert.Contains(t, outgoing(t, db, "ivanov@example.org", "ruling").Body, "Black answered within his 50 days", "the judge's note")
		},
	},
	{
		// The player charged protests on the third day: the judge gets the
		// protest with the dossier; "протест отклонён" confirms the overstep
		// and the decision goes to both and the secretary (6.3.8).
		name: "ProtestInTime_6_3_8_ReachesTheJudge", tournament: "two.toml", mail: "protest-in-time",
		status: "finished", result: "0-1",
		sent: []string{"judge:protest", "ivanov:notice", "ivanov:ruling", "petrov:ruling", "secretary:ruling", "judge:confirmation"},
		check: func(t *testing.T, db *storage.DB, rep replayReport, path string) {
			cs := claims(t, db)
			require.Len(t, cs, 1)
			assert.Equal(t, "2026-04-25", cs[0].Protest.Protested.String())
			decided, upheld := cs[0].ProtestDecided()
			assert.True(t, decided && !upheld, "the ruling confirming the overstep rejects the protest")
			p := outgoing(t, db, "judge@example.org", "protest")
			assert.Contains(t, p.Body, "почта задержала его")
			assert.Contains(t, p.Body, "протест отклонён")
			checkDossierFiles(t, db, p)
		},
	},
	{
		// No protest by 2 May: the judge is told the silence may be taken as
		// admission; the protest of 6 May is marked late (6.3.8).
		name: "ProtestTooLate_6_3_8_SilenceIsAdmission", tournament: "two.toml", mail: "protest-late", until: "2026-05-06",
		status: "suspended", result: "*",
		sent: []string{"judge:dossier", "judge:dossier", "judge:protest", "ivanov:notice"},
		check: func(t *testing.T, db *storage.DB, rep replayReport, path string) {
			cs := claims(t, db)
			require.Len(t, cs, 1)
			assert.True(t, cs[0].Protest.Admitted)
			assert.Equal(t, "2026-05-06", cs[0].Protest.Late.String())
			assert.True(t, cs[0].Protest.Protested.IsZero())
			assert.Contains(t, outgoing(t, db, "judge@example.org", "protest").Body, "ПРОТЕСТ ПОДАН ПОСЛЕ СРОКА")
			assert.Contains(t, outgoing(t, db, "ivanov@example.org", "notice").Body, "после срока")
		},
	},
	{
		// Both evaluate a draw: the judge gets one letter when the second
		// arrives; "присуждаю: ничья" fixes it (6.5.4); nobody's evaluation
		// differs, so only the secretary is told (6.5.5). The table counts
		// it, and the game reads finished with that result everywhere.
		name: "UnfinishedAgreed_6_5_4_MatchingEvaluationsFixed", tournament: "short.toml", mail: "unfinished-agreed", until: "2026-04-12",
		status: "finished", result: "1/2-1/2",
		sent: []string{"ivanov:end-of-play", "petrov:end-of-play", "ivanov:confirmation", "petrov:confirmation", "judge:adjudication", "secretary:adjudication", "judge:confirmation"},
		check: func(t *testing.T, db *storage.DB, rep replayReport, path string) {
			a := desk(t, db).Adjournments[0]
			assert.Equal(t, adjudication.Draw, a.Result())
			assert.True(t, a.Ruling.Agreed)
			assert.Empty(t, a.Ruling.Tell)
			o := outgoing(t, db, "judge@example.org", "adjudication")
			for _, want := range []string{"Оценки совпадают: 1/2-1/2", "материал равный", "the position is level", "Мнение программы", "ЧЁРНЫЕ"} {
				assert.Contains(t, o.Body, want)
			}
			code, out, _ := runCmd(t, "standings", "ТЕСТ-2026", "--json", "--db", path)
			require.Equal(t, 0, code)
			assert.Contains(t, out, `"points": 0.5`)
		},
	},
	{
		// The judge confirms Ivanov's overstep by mail; Ivanov protests the
		// ruling within ten days; it goes to the organiser, who answers the
		// server's letter «протест удовлетворён»: the loss is withdrawn and
		// play resumes; both players, the judge and the secretary are told
		// (6.1.12).
		name: "Appeal_6_1_12_OrganiserUpholdsByMail", tournament: "two.toml", mail: "judge-confirm",
		commands:  [][]string{{"judge", "organiser", "Федерация шашек", "org@example.org"}},
		more:      "appeal-upheld",
		moreUntil: "2026-05-08",
		status:    "playing", result: "*",
		sent: []string{"ivanov:ruling", "ivanov:notice", "org:protest", "secretary:protest",
			"ivanov:ruling", "petrov:ruling", "judge:ruling", "secretary:ruling", "org:confirmation"},
		check: func(t *testing.T, db *storage.DB, rep replayReport, path string) {
			as := appeals(t, db)
			require.Len(t, as, 1)
			a := as[0]
			assert.Equal(t, 1, a.From)
			assert.Equal(t, "2026-05-01", a.Ruled.String())
			assert.Equal(t, "2026-05-11", a.Due.String(), "ten days from receiving the ruling")
			assert.Equal(t, "2026-05-05", a.Filed.String())
			assert.False(t, a.Late)
			assert.Equal(t, adjudication.ProtestUpheld, a.Decision)
			assert.Equal(t, "rejected", rep.Games[0].Claims[0].Status, "the overstep is no more")
			org := outgoing(t, db, "org@example.org", "protest")
			for _, want := range []string{"на решение судьи от 01.05.2026 по заявлению 1", "получен 05.05.2026, в срок (последний день 11.05.2026)", "почта задержала его", "протест удовлетворён"} {
				assert.Contains(t, org.Body, want)
			}
			assert.Contains(t, outgoing(t, db, "ivanov@example.org", "notice").Body, "передан организации, проводящей соревнование")
			assert.Contains(t, outgoing(t, db, "judge@example.org", "protest").Body, "направлен ей (org@example.org)")
			assert.Contains(t, outgoing(t, db, "petrov@example.org", "ruling").Body, "The organiser has upheld the protest")
			assert.Contains(t, outgoing(t, db, "ivanov@example.org", "ruling").Body, "Квитанция подтверждает отправку")
			assert.Contains(t, outgoing(t, db, "secretary@example.org", "ruling").Body, "удовлетворила протест")
			code, out, errs := runCmd(t, "judge", "deadlines", "--all", "--db", path)
			require.Equal(t, 0, code, errs)
			assert.Contains(t, out, "2026-05-11  ruling-protest")
			code, out, errs = runCmd(t, "judge", "appeals", "--db", path)
			require.Equal(t, 0, code, errs)
			assert.Contains(t, out, "protest-upheld on 2026-05-08")
		},
	},
	{
		// The organiser's answer with nothing to vouch for it (no reply key,
		// DMARC or DKIM) is kept unanswered, never held or applied: the
		// protest still waits (6.1.12; fail closed).
		name: "Appeal_6_1_12_OrganiserUnvouchedIsNotBelieved", tournament: "two.toml", mail: "judge-confirm",
		commands:  [][]string{{"judge", "organiser", "Федерация шашек", "org@example.org"}},
		more:      "appeal-unvouched",
		moreUntil: "2026-05-08",
		status:    "finished", result: "0-1",
		sent: []string{"ivanov:notice", "org:protest", "secretary:protest"},
		check: func(t *testing.T, db *storage.DB, rep replayReport, path string) {
			last := rep.Letters[len(rep.Letters)-1]
			assert.Equal(t, "ignored", last.Outcome)
			assert.True(t, appeals(t, db)[0].Open(), "the protest still waits for the organiser")
			out, err := db.Outbox(context.Background())
			require.NoError(t, err)
			for _, o := range out {
				if o.To == "org@example.org" {
					assert.Equal(t, "protest", o.Kind, "the unvouched letter is not answered: no confirmation request, no refusal")
				}
			}
		},
	},
	{
		// Petrov, who won by the ruling, protests after the ten days; the
		// daily run had made the ruling final; the organiser answers in
		// English «protest rejected»: the result stands (6.1.12).
		name: "Appeal_6_1_12_LateProtestRejected", tournament: "two.toml", mail: "judge-confirm",
		commands:  [][]string{{"judge", "organiser", "Федерация шашек", "org@example.org"}},
		more:      "appeal-rejected",
		moreUntil: "2026-05-15",
		status:    "finished", result: "0-1",
		sent: []string{"petrov:notice", "org:protest", "secretary:protest", "ivanov:ruling", "petrov:ruling", "judge:ruling", "secretary:ruling", "org:confirmation"},
		check: func(t *testing.T, db *storage.DB, rep replayReport, path string) {
			a := appeals(t, db)[0]
			assert.True(t, a.Final, "no protest by 11 May: the daily run made the ruling final")
			assert.True(t, a.Late)
			assert.Equal(t, adjudication.ProtestRejected, a.Decision)
			assert.Contains(t, outgoing(t, db, "org@example.org", "protest").Body, "ПОСЛЕ СРОКА: последний день был 11.05.2026")
			assert.Contains(t, outgoing(t, db, "petrov@example.org", "notice").Body, "the last day was 11.05.2026")
			assert.Contains(t, outgoing(t, db, "petrov@example.org", "ruling").Body, "the judge's ruling (confirmed) stands")
			assert.Contains(t, outgoing(t, db, "ivanov@example.org", "ruling").Body, "решение судьи (просрочка подтверждена) остаётся в силе")
		},
	},
	{
		// White says 1-0 with an analysis, Black says draw without one. The
		// judge adjudicates 1-0 from the command line: Black is told, with no
		// right to protest; his protest is refused (6.5.6).
		name: "UnfinishedDiffer_6_5_6_OnlyAnAnalysisGivesAProtest", tournament: "short.toml", mail: "unfinished-differ", until: "2026-04-16",
		commands:  [][]string{{"judge", "adjudicate", "[ТЕСТ-2026 #1-2]", "1-0", "--date", "2026-04-20"}},
		more:      "unfinished-differ-protest",
		moreUntil: "2026-04-22",
		status:    "finished", result: "1-0",
		sent: []string{"judge:adjudication", "petrov:adjudication", "secretary:adjudication", "judge:protest", "petrov:notice"},
		check: func(t *testing.T, db *storage.DB, rep replayReport, path string) {
			a := desk(t, db).Adjournments[0]
			assert.Equal(t, adjudication.WhiteWins, a.Result())
			assert.Equal(t, []adjudication.Side{adjudication.Black}, a.Ruling.Tell)
			assert.Equal(t, []adjudication.Side{adjudication.White}, a.Ruling.MayProtest)
			assert.Empty(t, a.Protests)
			assert.Contains(t, outgoing(t, db, "petrov@example.org", "adjudication").Body, "no right to protest")
			assert.Contains(t, outgoing(t, db, "judge@example.org", "protest").Body, "не принят")
		},
	},
}

func TestJudgeDesk_EndToEnd(t *testing.T) {
	for _, c := range deskCases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "z.db")
			rep := replayInto(t, path, c.tournament, c.mail, c.until)
			for _, cmd := range c.commands {
				code, _, errs := runCmd(t, append(cmd, "--db", path)...)
				require.Equal(t, 0, code, errs)
			}
			if c.more != "" {
				rep = replayInto(t, path, c.tournament, c.more, c.moreUntil)
			}
			require.NotEmpty(t, rep.Games)
			assert.Equal(t, c.status, rep.Games[0].Status)
			assert.Equal(t, c.result, rep.Games[0].Result)
			db, err := storage.Open(path)
			require.NoError(t, err)
			defer db.Close()
			out, err := db.Outbox(context.Background())
			require.NoError(t, err)
			var sent []string
			for _, o := range out {
				sent = append(sent, strings.TrimSuffix(o.To, "@example.org")+":"+o.Kind)
			}
			assert.True(t, subsequence(c.sent, sent), "want in order %v\nin %v", c.sent, sent)
			c.check(t, db, rep, path)
		})
	}
}

// replayInto replays dir into the store at path and returns the report.
func replayInto(t *testing.T, path, tournament, dir, until string) replayReport {
	t.Helper()
	args := []string{"replay", "--authserv-id", testAuthservID, "--tournament", replayDir(tournament), "--mail", replayDir(dir), "--db", path, "--json"}
	if until != "" {
		args = append(args, "--until", until)
	}
	code, out, errs := runCmd(t, args...)
	require.Equal(t, 0, code, errs)
	var rep replayReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	return rep
}

// subsequence reports whether want appears in got in order.
func subsequence(want, got []string) bool {
	i := 0
	for _, g := range got {
		if i < len(want) && g == want[i] {
			i++
		}
	}
	return i == len(want)
}

// outgoing returns the last queued letter of kind to addr.
func outgoing(t *testing.T, db *storage.DB, addr, kind string) storage.Outgoing {
	t.Helper()
	out, err := db.Outbox(context.Background())
	require.NoError(t, err)
	for i := len(out) - 1; i >= 0; i-- {
		if out[i].To == addr && out[i].Kind == kind {
			return out[i]
		}
	}
	t.Fatalf("no %s letter to %s", kind, addr)
	return storage.Outgoing{}
}

// claims returns the claims of the test tournament's first game.
func claims(t *testing.T, db *storage.DB) []corr.Claim {
	t.Helper()
	s, err := db.State(context.Background(), "ТЕСТ-2026")
	require.NoError(t, err)
	return s.Games[0].Claims
}

// appeals returns the rulings of the test tournament's claims (6.1.12).
func appeals(t *testing.T, db *storage.DB) []adjudication.Appeal {
	t.Helper()
	s, err := db.State(context.Background(), "ТЕСТ-2026")
	require.NoError(t, err)
	return adjudication.Appeals(s)
}

func desk(t *testing.T, db *storage.DB) adjudication.Desk {
	t.Helper()
	d, err := db.Desk(context.Background(), "ТЕСТ-2026")
	require.NoError(t, err)
	return d
}

// checkDossierFiles checks the dossier's documents after 1.cd4 fg5 2.gf4:
// the PNG decodes at the 8x8 size with the pieces on their squares, the
// PDN replays, and the composed letter carries the letters as .eml.
func checkDossierFiles(t *testing.T, db *storage.DB, o storage.Outgoing) {
	t.Helper()
	ctx := context.Background()
	files, err := db.OutboxFiles(ctx, o.ID)
	require.NoError(t, err)
	require.Len(t, files, 2)
	assert.Equal(t, "image/png", files[0].ContentType)
	img, err := png.Decode(bytes.NewReader(files[0].Data))
	require.NoError(t, err)
	w, h := diagram.Size(draughts.Russian)
	assert.Equal(t, w, img.Bounds().Dx())
	assert.Equal(t, h, img.Bounds().Dy())
	at := func(file, rank int) [3]uint32 {
		p := diagram.Center(draughts.Russian, file, rank)
		r, g, b, _ := img.At(p.X, p.Y).RGBA()
		return [3]uint32{r >> 8, g >> 8, b >> 8}
	}
	rgb := func(c interface{ RGBA() (r, g, b, a uint32) }) [3]uint32 {
		r, g, b, _ := c.RGBA()
		return [3]uint32{r >> 8, g >> 8, b >> 8}
	}
	assert.Equal(t, rgb(diagram.WhiteMan), at(6, 4), "f4")
	assert.Equal(t, rgb(diagram.BlackMan), at(7, 5), "g5")
	assert.Equal(t, rgb(diagram.Dark), at(7, 3), "g3 is empty")
	games, err := draughts.ParsePDN(files[1].Data)
	require.NoError(t, err)
	require.Len(t, games, 1)
	rec, err := games[0].Replay()
	require.NoError(t, err)
	assert.Equal(t, 3, rec.Plies())
	gt, _ := games[0].Tag("GameType")
	assert.Equal(t, "25", gt)

	m := storage.Mail{MessageID: "dossier@zaochnik.invalid", To: o.To, Subject: o.Subject, Body: o.Body, Date: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC), Files: files}
	for _, id := range o.Attach {
		l, err := db.LetterByMessageID(ctx, id)
		require.NoError(t, err)
		m.Attachments = append(m.Attachments, l.Raw)
	}
	require.NotEmpty(t, m.Attachments, "the offender's letters")
	raw, err := mailbox.Compose(mailOf(mailbox.Address{Addr: "server@zaochnik.example"}, referee.Keys{}, m))
	require.NoError(t, err)
	for _, want := range []string{"message/rfc822", "image/png", "game-1-2.pdn", "letter-1.eml"} {
		assert.Contains(t, string(raw), want)
	}
}
