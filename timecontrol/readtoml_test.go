package timecontrol

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const timelines = "../testdata/timelines"

func readExample(t *testing.T, name string) Timeline {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(timelines, name))
	require.NoError(t, err)
	tl, err := ReadTimeline(data)
	require.NoError(t, err)
	return tl
}

func TestReadTimeline_Examples(t *testing.T) {
	tests := []struct {
		file     string
		white    Totals
		black    Totals
		overstep *Overstep
	}{
		{"plain.toml", Totals{Days: 6, Total: 6, Moves: 3}, Totals{Days: 11, Total: 11, Moves: 3}, nil},
		// Black: 4 (from his late start) + 11 + 6 (receipt estimated 30.10: transits
		// 3, 5, 4, 0 average 3) + 6 penalty;
		// White: 0 + 8 (corrected to the postmark) + 3 (break removed) + 2.
		{"break-and-penalty.toml", Totals{Days: 13, Total: 13, Moves: 4}, Totals{Days: 21, PenaltyDays: 6, Total: 27, Moves: 3}, nil},
		{"overstep.toml", Totals{Days: 60, Total: 60, Moves: 11}, Totals{Days: 20, Total: 20, Moves: 10},
			&Overstep{Player: White, Move: 10, Total: 55, Limit: 50, Date: d("2026-06-08"), Line: 18}},
		{"pending.toml", Totals{Days: 9, Total: 9, Moves: 3}, Totals{Days: 21, Total: 21, Moves: 2}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			l, err := Compute(readExample(t, tt.file))
			require.NoError(t, err)
			assert.Equal(t, tt.white, l.Totals[White], "white")
			assert.Equal(t, tt.black, l.Totals[Black], "black")
			assert.Equal(t, tt.overstep, l.Overstep)
		})
	}
}

func TestReadTimeline_Fields(t *testing.T) {
	tl, err := ReadTimeline([]byte(`
white = "Петров"
start = 2026-03-01
end = "01.03.2027"
[time_control]
days = 40
moves = 8
[start_list]
black_received = 2026-03-04
[[break]]
player = "black"
from = 2026-10-10
to = 2026-10-25
announced = 2026-10-01
granted = true
[[reply]]
player = "white"
sent = 2026-03-01
[[reply]]
player = "black"
received = "2026-03-05"
sent = 2026-03-06
postmark = 2026-03-07
corrected = true
moves = 2
variant_moves = 1
move_text = "f6-g5"
[[penalty]]
player = "black"
days = 6
date = 2026-03-10
clause = "6.3.3"
reason = "даты не указаны повторно"
`))
	require.NoError(t, err)
	assert.Equal(t, Timeline{
		White: "Петров", Start: d("2026-03-01"), End: d("2027-03-01"), Control: Control{Days: 40, Moves: 8},
		StartListReceived: [2]Date{{}, d("2026-03-04")},
		Breaks:            []Break{{Player: Black, From: d("2026-10-10"), To: d("2026-10-25"), Announced: d("2026-10-01"), Granted: true}},
		Replies: []Reply{
			{Player: White, Sent: d("2026-03-01"), Moves: 1},
			{Player: Black, Received: d("2026-03-05"), Sent: d("2026-03-06"), Postmark: d("2026-03-07"), Corrected: true, Moves: 2, VariantMoves: 1, Text: "f6-g5"},
		},
		Penalties: []Penalty{{Player: Black, Days: 6, Date: d("2026-03-10"), Clause: "6.3.3", Reason: "даты не указаны повторно"}},
	}, tl)
}

func TestReadTimeline_ErrorsNameLineFieldAndRule(t *testing.T) {
	head := "start = 2026-03-01\n"
	two := head + "[[reply]]\nplayer = \"white\"\nsent = 2026-03-02\n\n[[reply]]\nplayer = \"black\"\n"
	tests := []struct {
		name, src, want string
	}{
		{"syntax", "start = 2026-03-01\nend = \n", `line 2: end: not valid TOML: expected value but found '\n' instead`},
		{"unknown top-level key", head + "finish = 2027-01-01\n", "line 2: finish: unknown key; the keys here are white, black, start, end, [time_control], [start_list], [[break]], [[reply]], [[penalty]]"},
		{"unknown key in the second reply", two + "recieved = 2026-03-05\n", "line 8: reply #2: recieved: unknown key; the keys here are player, received, sent, postmark, corrected, moves, variant_moves, move_text"},
		{"the same unknown key in two replies, the second", two + "recieved = 2026-03-05\n[[reply]]\nplayer = \"white\"\nrecieved = 2026-03-06\n", "line 11: reply #3: recieved: unknown key; the keys here are player, received, sent, postmark, corrected, moves, variant_moves, move_text"},
		{"unknown table", head + "[players]\nwhite = \"x\"\n", "line 2: players: unknown key; the keys here are white, black, start, end, [time_control], [start_list], [[break]], [[reply]], [[penalty]]"},
		{"date with a time", "start = 2026-03-01T10:00:00Z\n", "line 1: start: 2026-03-01T10:00:00Z has a time of day or zone; the rules count whole days: write the date alone, e.g. 2026-03-01 (rule 6.3.1)"},
		{"local date-time", head + "end = 2027-03-01T10:00:00\n", "line 2: end: 2027-03-01T10:00:00"},
		{"not a date", head + "end = \"soon\"\n", `line 2: end: "soon" is not a date; write it as 2026-01-15`},
		{"impossible date", head + "end = \"31.02.2027\"\n", `line 2: end: "31.02.2027" is not a date; write it as 2026-01-15`},
		{"implausible year", "start = 1026-03-01\n", "line 1: start: 1026-03-01 is not a plausible date for a game; check the year"},
		{"moves as text in reply #2", two + "moves = \"one\"\n", `line 8: reply #2: moves: one is not a whole number; write it without quotes, e.g. moves = 1`},
		{"bad side", head + "[[reply]]\nplayer = \"red\"\n", `line 3: reply #1: player: "red" is not a side; write "white" or "black"`},
		{"rule broken in reply #2", two + "received = 2026-03-01\nsent = 2026-03-04\n", "line 8: reply #2: received: 2026-03-01 is before reply #1 was posted (2026-03-02); a letter cannot arrive before it is sent (rule 6.3.1)"},
		{"negative days", head + "[[penalty]]\nplayer = \"white\"\ndays = -6\n", "line 4: penalty #1: days: -6 is out of range; write a whole number from 0 to 100000"},
		{"missing player", head + "[[break]]\nfrom = 2026-10-10\n", `line 2: break #1: player: missing: write player = "white" or player = "black"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadTimeline([]byte(tt.src))
			require.Error(t, err)
			var es Errors
			require.True(t, errors.As(err, &es), "%T", err)
			assert.Contains(t, es[len(es)-1].Error(), tt.want)
		})
	}
}

func FuzzReadTimeline(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(timelines, "*.toml"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("start = 2026-03-01\n[[reply]]\nplayer = \"white\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tl, err := ReadTimeline(data)
		if err != nil {
			var es Errors
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("error %v is not a list of field errors", err)
			}
			return
		}
		l, err := Compute(tl)
		if err != nil {
			t.Fatalf("a timeline that read cleanly does not compute: %v", err)
		}
		l.RunningTotal(tl.Start.AddDays(400))
	})
}
