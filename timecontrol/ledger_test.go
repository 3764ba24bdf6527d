package timecontrol

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rep is a reply of one counted move; empty dates stay zero.
func rep(p Color, received, sent string) Reply {
	r := Reply{Player: p, Moves: 1}
	if received != "" {
		r.Received = d(received)
	}
	if sent != "" {
		r.Sent = d(sent)
	}
	return r
}

// days returns the Days of each reply line of l.
func lineDays(l Ledger) []int {
	var out []int
	for _, ln := range l.Lines {
		if ln.Kind == ReplyLine {
			out = append(out, ln.Days)
		}
	}
	return out
}

func kinds(ns []Note) []NoteKind {
	var out []NoteKind
	for _, n := range ns {
		out = append(out, n.Kind)
	}
	return out
}

func mustCompute(t *testing.T, tl Timeline) Ledger {
	t.Helper()
	l, err := Compute(tl)
	require.NoError(t, err)
	return l
}

func TestLedger_6_3_6_SampleLayout(t *testing.T) {
	// The sample ledger of 6.3.6: 01.03 / 03.03 c3-b4, f6-g5 12.03 / 15.03,
	// 22.03 / 26.03 b2-c3, g5-h4 10.04 / 11.04.
	tl := Timeline{Start: d("2026-03-01"), Replies: []Reply{
		rep(White, "2026-03-01", "2026-03-03"),
		rep(Black, "2026-03-12", "2026-03-15"),
		rep(White, "2026-03-22", "2026-03-26"),
		rep(Black, "2026-04-10", "2026-04-11"),
	}}
	l := mustCompute(t, tl)
	assert.Equal(t, []int{2, 3, 4, 1}, lineDays(l))
	assert.Equal(t, Totals{Days: 6, Total: 6, Moves: 2}, l.Totals[White])
	assert.Equal(t, Totals{Days: 4, Total: 4, Moves: 2}, l.Totals[Black])
	assert.Equal(t, []int{1, 1, 2, 2}, []int{l.Lines[0].Move, l.Lines[1].Move, l.Lines[2].Move, l.Lines[3].Move})
	assert.Nil(t, l.Overstep)
}

// TestLedger_LinesAllocatedOnce: a ledger computed whole allocates its
// lines once, a line a reply (they grew reply by reply: a game's third
// reply copied the two lines before it).
func TestLedger_LinesAllocatedOnce(t *testing.T) {
	tl := Timeline{Start: d("2026-03-01"), Replies: []Reply{
		rep(White, "2026-03-01", "2026-03-03"),
		rep(Black, "2026-03-12", "2026-03-15"),
		rep(White, "2026-03-22", ""),
	}}
	l := mustCompute(t, tl)
	assert.Len(t, l.Lines, 3)
	assert.Equal(t, 3, cap(l.Lines))
}

func TestFirstMove_6_3_2(t *testing.T) {
	tests := []struct {
		name      string
		startList string // White's start-list receipt, "" = on time
		sent      string
		want      int
		notes     []NoteKind
	}{
		{"sent on the start date is free", "", "2026-01-15", 0, []NoteKind{NoteFirstMoveFree}},
		{"sent before the start date is free", "", "2026-01-10", 0, []NoteKind{NoteFirstMoveFree}},
		{"sent after the start counts from it", "", "2026-01-18", 3, nil},
		{"late start list: the next day is the start, sent then is free", "2026-01-20", "2026-01-21", 0, []NoteKind{NoteLateStartList, NoteFirstMoveFree}},
		{"late start list: days count from the day after receipt", "2026-01-20", "2026-01-25", 4, []NoteKind{NoteLateStartList}},
		{"start list on time changes nothing", "2026-01-12", "2026-01-18", 3, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl := Timeline{Start: d("2026-01-15"), Replies: []Reply{rep(White, "", tt.sent)}}
			if tt.startList != "" {
				tl.StartListReceived[White] = d(tt.startList)
			}
			l := mustCompute(t, tl)
			assert.Equal(t, tt.want, l.Lines[0].Days)
			assert.Equal(t, tt.notes, kinds(l.Lines[0].Notes))
		})
	}
}

func TestFirstMove_6_3_2_BlackLateStartListCountsFromHisStart(t *testing.T) {
	tl := Timeline{Start: d("2026-01-15"), Replies: []Reply{
		rep(White, "2026-01-15", "2026-01-15"),
		rep(Black, "2026-01-18", "2026-01-25"), // White's move arrived before Black's start
	}}
	tl.StartListReceived[Black] = d("2026-01-20")
	l := mustCompute(t, tl)
	assert.Equal(t, []int{0, 4}, lineDays(l), "Black's days run from 21.01")
}

func TestEndOfPlay_6_3_2(t *testing.T) {
	tests := []struct {
		name           string
		received, sent string
		want           int
		stopped        bool
	}{
		{"received the day before the end: the reply counts in full", "2026-12-31", "2027-01-05", 5, false},
		{"received on the end date: no more days", "2027-01-01", "2027-01-20", 0, true},
		{"received after the end date: no more days", "2027-01-03", "2027-01-20", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl := Timeline{Start: d("2026-01-01"), End: d("2027-01-01"), Replies: []Reply{
				rep(White, "2026-01-01", "2026-12-20"),
				rep(Black, tt.received, tt.sent),
			}}
			l := mustCompute(t, tl)
			assert.Equal(t, tt.want, l.Lines[1].Days)
			assert.Equal(t, tt.stopped, len(l.Lines[1].Notes) == 1 && l.Lines[1].Notes[0].Kind == NoteEndOfPlay)
			assert.Equal(t, 1, l.Totals[Black].Moves, "the move is played either way")
		})
	}
}

// overstepGame has White reach total days after ten one-move replies: the
// first nine cost nothing, the tenth costs days.
func overstepGame(days int, tenthMoves int) Timeline {
	tl := Timeline{Start: d("2026-01-01")}
	day := d("2026-01-01")
	for i := 0; i < 9; i++ {
		tl.Replies = append(tl.Replies,
			Reply{Player: White, Received: day, Sent: day, Moves: 1},
			Reply{Player: Black, Received: day.AddDays(1), Sent: day.AddDays(1), Moves: 1})
		day = day.AddDays(2)
	}
	tl.Replies = append(tl.Replies, Reply{Player: White, Received: day, Sent: day.AddDays(days), Moves: tenthMoves})
	return tl
}

func TestOverstep_6_3_5_ExactlyFiftyIsNotExceeded(t *testing.T) {
	l := mustCompute(t, overstepGame(50, 1))
	assert.Equal(t, 50, l.Totals[White].Total)
	assert.Equal(t, 10, l.Totals[White].Moves)
	assert.Nil(t, l.Overstep)
}

func TestOverstep_6_3_5_FiftyOneIsExceeded(t *testing.T) {
	tl := overstepGame(51, 1)
	l := mustCompute(t, tl)
	require.NotNil(t, l.Overstep)
	assert.Equal(t, Overstep{Player: White, Move: 10, Total: 51, Limit: 50, Date: tl.Replies[18].Sent, Line: 18}, *l.Overstep)
	assert.Contains(t, kinds(l.Lines[18].Notes), NoteOverstep)
}

func TestOverstep_6_3_5_KPlusOneCrossingABlock(t *testing.T) {
	// The tenth reply carries moves 10, 11 and 12 (forced captures): the days
	// were spent on 10 moves or fewer, so the limit is 50, not 100.
	l := mustCompute(t, overstepGame(60, 3))
	require.NotNil(t, l.Overstep)
	assert.Equal(t, 10, l.Overstep.Move)
	assert.Equal(t, 50, l.Overstep.Limit)
	assert.Equal(t, 12, l.Totals[White].Moves)

	// From 10 counted moves the next reply is move 11: the limit is 100.
	tl := overstepGame(50, 1)
	last := tl.Replies[len(tl.Replies)-1]
	tl.Replies = append(tl.Replies,
		Reply{Player: Black, Received: last.Sent, Sent: last.Sent, Moves: 1},
		Reply{Player: White, Received: last.Sent, Sent: last.Sent.AddDays(50), Moves: 3})
	l = mustCompute(t, tl)
	assert.Nil(t, l.Overstep, "100 days for 13 moves, the 11th begun within 100")
	assert.Equal(t, 100, l.Totals[White].Total)
}

func TestOverstep_6_3_5_VariantMovesAreNotCounted(t *testing.T) {
	tl := overstepGame(50, 1)
	tl.Replies[0].Moves, tl.Replies[0].VariantMoves = 0, 1 // White's first move came through a variant
	l := mustCompute(t, tl)
	assert.Equal(t, 9, l.Totals[White].Moves)
	assert.Contains(t, kinds(l.Lines[0].Notes), NoteVariantMoves)
	assert.Equal(t, 10, l.Lines[18].Move, "the game move number still counts the variant move")
	assert.Nil(t, l.Overstep)
}

func TestBreak_6_4_3_InAGame(t *testing.T) {
	tl := Timeline{Start: d("2002-10-01"),
		Replies: []Reply{rep(White, "2002-10-01", "2002-10-01"), rep(Black, "2002-10-08", "2002-10-27")},
		Breaks:  []Break{{Player: White, From: d("2002-10-10"), To: d("2002-10-25"), Announced: d("2002-10-01")}},
	}
	l := mustCompute(t, tl)
	assert.Equal(t, 3, l.Lines[1].Days, "27 - 8 - 16 = 3: the opponent's break counts for nobody")
	assert.Equal(t, 16, l.Lines[1].BreakDays)
	assert.Equal(t, []Note{{Kind: NoteBreakDays, Clause: "6.4.3", Player: White, A: d("2002-10-10"), B: d("2002-10-25"), Days: 16}}, l.Lines[1].Notes)
}

func TestBreak_6_4_4_ReplySentDuringOwnBreak(t *testing.T) {
	tl := Timeline{Start: d("2002-10-01"),
		Replies: []Reply{rep(White, "2002-10-01", "2002-10-01"), rep(Black, "2002-10-08", "2002-10-20")},
		Breaks:  []Break{{Player: Black, From: d("2002-10-10"), To: d("2002-10-25"), Announced: d("2002-10-01")}},
	}
	l := mustCompute(t, tl)
	assert.Equal(t, 1, l.Lines[1].Days)
}

func TestBreak_6_4_2_Announcement(t *testing.T) {
	tests := []struct {
		name      string
		announced string
		granted   bool
		want      int
		notes     []NoteKind
		counts    [2]string // the days that count in the game, "" for none
	}{
		{"announced before: all 16 days count", "2002-10-01", false, 3, nil, [2]string{"2002-10-10", "2002-10-25"}},
		{"announced late: counts from the announcement", "2002-10-20", false, 3 + 10, []NoteKind{NoteBreakLate}, [2]string{"2002-10-20", "2002-10-25"}},
		{"announced after its end: nothing counts", "2002-10-26", false, 19, []NoteKind{NoteBreakLate}, [2]string{}},
		{"never announced: nothing counts", "", false, 19, []NoteKind{NoteBreakNotAnnounced}, [2]string{}},
		{"granted by the judge after its start: counts in full (6.4.5)", "2002-10-20", true, 3, []NoteKind{NoteBreakGranted}, [2]string{"2002-10-10", "2002-10-25"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := Break{Player: White, From: d("2002-10-10"), To: d("2002-10-25"), Granted: tt.granted}
			if tt.announced != "" {
				b.Announced = d(tt.announced)
			}
			tl := Timeline{Start: d("2002-10-01"),
				Replies: []Reply{rep(White, "2002-10-01", "2002-10-01"), rep(Black, "2002-10-08", "2002-10-27")},
				Breaks:  []Break{b}}
			l := mustCompute(t, tl)
			assert.Equal(t, tt.want, l.Lines[1].Days)
			assert.Equal(t, tt.notes, kinds(l.Breaks[0].Notes))
			v := l.Breaks[0]
			if tt.counts[0] == "" {
				assert.True(t, v.GameFrom.IsZero() && v.GameTo.IsZero())
			} else {
				assert.Equal(t, [2]Date{d(tt.counts[0]), d(tt.counts[1])}, [2]Date{v.GameFrom, v.GameTo})
			}
		})
	}
}

func TestPostmark_6_3_1_Correction(t *testing.T) {
	tests := []struct {
		name      string
		postmark  string
		corrected bool
		want      int
		note      NoteKind
	}{
		{"corrected in the next reply: counted to the postmark", "2026-03-08", true, 7, NotePostmarkCorrected},
		{"corrected to an earlier postmark", "2026-03-04", true, 3, NotePostmarkCorrected},
		{"not corrected: the written date stays", "2026-03-08", false, 5, NotePostmarkKept},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := rep(Black, "2026-03-01", "2026-03-06")
			r.Postmark, r.Corrected = d(tt.postmark), tt.corrected
			tl := Timeline{Start: d("2026-02-20"), Replies: []Reply{rep(White, "", "2026-02-20"), r, rep(White, "2026-03-10", "2026-03-10")}}
			l := mustCompute(t, tl)
			assert.Equal(t, tt.want, l.Lines[1].Days)
			assert.Equal(t, []NoteKind{tt.note}, kinds(l.Lines[1].Notes))
		})
	}
}

func TestMissingReceipt_6_3_3_AverageTransit(t *testing.T) {
	// Transits 4 (W->B) and 5 (B->W): average 4.5, rounded half down to 4.
	tl := Timeline{Start: d("2026-03-01"), Replies: []Reply{
		rep(White, "2026-03-01", "2026-03-01"),
		rep(Black, "2026-03-05", "2026-03-06"),
		rep(White, "2026-03-11", "2026-03-12"),
		rep(Black, "", "2026-03-20"),
	}}
	l := mustCompute(t, tl)
	assert.Equal(t, d("2026-03-16"), l.Lines[3].Received)
	assert.Equal(t, 4, l.Lines[3].Days)
	assert.Equal(t, []Note{{Kind: NoteReceiptEstimated, Clause: "6.3.3", Player: Black, A: d("2026-03-16"), Days: 4, N: 2}}, l.Lines[3].Notes)
}

func TestMissingReceipt_6_3_3_NoHistoryTakesThePostingDate(t *testing.T) {
	tl := Timeline{Start: d("2026-03-01"), Replies: []Reply{
		rep(White, "2026-03-01", "2026-03-02"),
		rep(Black, "", "2026-03-09"),
	}}
	l := mustCompute(t, tl)
	assert.Equal(t, d("2026-03-02"), l.Lines[1].Received)
	assert.Equal(t, 7, l.Lines[1].Days)
	assert.Equal(t, []NoteKind{NoteReceiptNoHistory}, kinds(l.Lines[1].Notes))
}

func TestMissingReceipt_6_3_3_EstimateNeverAfterTheReply(t *testing.T) {
	tl := Timeline{Start: d("2026-03-01"), Replies: []Reply{
		rep(White, "2026-03-01", "2026-03-01"),
		rep(Black, "2026-03-11", "2026-03-11"), // a 10-day transit
		rep(White, "", "2026-03-13"),           // answered two days after Black posted
	}}
	l := mustCompute(t, tl)
	assert.Equal(t, d("2026-03-13"), l.Lines[2].Received)
	assert.Equal(t, 0, l.Lines[2].Days)
	assert.Equal(t, "receipt date missing: the average transit of 10 days (over 1 letter) would fall after the reply, so the reply's date 13.03.2026 is taken (6.3.3)", l.Lines[2].Notes[0].Format(English))
}

func TestPenalty_6_2_11_JoinsTheTotalOnItsDate(t *testing.T) {
	tl := Timeline{Start: d("2026-03-01"),
		Replies: []Reply{
			rep(White, "2026-03-01", "2026-03-01"),
			rep(Black, "2026-03-05", "2026-03-07"),
			rep(White, "2026-03-10", "2026-03-12"),
			rep(Black, "2026-03-15", "2026-03-16"),
		},
		Penalties: []Penalty{{Player: Black, Days: 6, Date: d("2026-03-12"), Clause: "6.2.11", Reason: "impossible move b6-a5"}},
	}
	l := mustCompute(t, tl)
	require.Len(t, l.Lines, 5)
	pl := l.Lines[3]
	assert.Equal(t, PenaltyLine, pl.Kind, "charged in White's letter of 12.03, after it")
	assert.Equal(t, 2+6, pl.Total)
	assert.Equal(t, 2+6+1, l.Lines[4].Total)
	assert.Equal(t, Totals{Days: 3, PenaltyDays: 6, Total: 9, Moves: 2}, l.Totals[Black])
	assert.Equal(t, "6 штрафных дней с 12.03.2026: impossible move b6-a5 (п. 6.2.11)", pl.Notes[0].String(), "the line names the player; the note does not repeat it")
	assert.Equal(t, Black, pl.Player)
}

func TestPenalty_6_3_7_CanOverstepByItself(t *testing.T) {
	tl := Timeline{Start: d("2026-01-01"),
		Replies: []Reply{
			rep(White, "2026-01-01", "2026-02-18"), // 48 days for move 1
			rep(Black, "2026-02-20", "2026-02-21"),
		},
		Penalties: []Penalty{{Player: White, Days: 6, Date: d("2026-02-21"), Clause: "6.3.7", Reason: "overstep wrongly declared"}},
	}
	l := mustCompute(t, tl)
	require.NotNil(t, l.Overstep)
	assert.Equal(t, Overstep{Player: White, Move: 2, Total: 54, Limit: 50, Date: d("2026-02-21"), Line: 2}, *l.Overstep)
}

// A penalty's reason is written in the ledger's language (6.2.11: "с
// указанием, за что именно"), with proper plural forms.
func TestPenalty_6_2_11_ReasonInTheLedgersLanguage(t *testing.T) {
	n := Note{Kind: NotePenalty, Clause: "6.2.11", Days: 6, A: MustDate("2026-03-12"), Text: "невозможный ход", TextEn: "an impossible move"}
	assert.Equal(t, "6 штрафных дней с 12.03.2026: невозможный ход (п. 6.2.11)", n.Format(Russian))
	assert.Equal(t, "6 penalty days from 12.03.2026: an impossible move (6.2.11)", n.Format(English))
	n.TextEn = ""
	assert.Contains(t, n.Format(English), "невозможный ход", "a reason in one language serves both")
	v := Note{Kind: NoteVariantMoves, Clause: "6.3.5", N: 1}
	assert.Equal(t, "1 ход по принятому варианту не учитывается (п. 6.3.5)", v.Format(Russian))
	v.N = 2
	assert.Equal(t, "2 хода по принятому варианту не учитываются (п. 6.3.5)", v.Format(Russian))
	assert.Equal(t, "2 moves through an accepted variant not counted (6.3.5)", v.Format(English))
}
