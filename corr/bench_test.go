package corr

import (
	"fmt"
	"testing"

	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// BenchmarkReadApply reads and applies the letters of the receive path's
// benchmark (cmd/zaochnik BenchmarkReceivePath) as adjudication.Decide
// does for a move letter: White's first move, then Black's answer that
// repeats it, on the same day with their dates right, as there; each
// letter forwarded and confirmed. An op is the two.
func BenchmarkReadApply(b *testing.B) {
	s := started(b).Track()
	first := Observation{From: white, Subject: "ЧР-2026-ЗФ", Postmark: timecontrol.MustDate("2026-03-01"), MessageID: "<first@bench>"}
	reply := Observation{From: black, Subject: "ЧР-2026-ЗФ", Postmark: timecontrol.MustDate("2026-03-01"), MessageID: "<reply@bench>"}
	const (
		move   = "ЧР-2026-ЗФ 1-2\r\nМой ход: 1.c3-d4\r\n01.03.2026 / 01.03.2026 / 01.03.2026\r\nВремя: 0/0\r\n"
		answer = "ЧР-2026-ЗФ 1-2\r\nВаш ход: 1.c3-d4\r\nМой ход: 1...f6-g5\r\n01.03.2026 / 01.03.2026 / 01.03.2026\r\nВремя: 0/0\r\n"
	)
	readApplyLoop(b, s, move, first, answer, reply)
}

// BenchmarkReadApplyLong is BenchmarkReadApply on a game at move 30: the
// replays and the lettering of the game's moves, which grow with it, are
// what a late letter pays. The game's 60 plies are played by letters before
// the timer; an op is White's 31st move and Black's answer.
func BenchmarkReadApplyLong(b *testing.B) {
	s := started(b).Track()
	obs := func(from string, n int) Observation {
		return Observation{From: from, Subject: "ЧР-2026-ЗФ", Postmark: timecontrol.MustDate("2026-03-01"), MessageID: fmt.Sprintf("<%d@bench>", n)}
	}
	// text writes the letter of ply i, repeating ply i-1.
	text := func(written []string, i int) string {
		t := "ЧР-2026-ЗФ 1-2\r\n"
		if i > 0 {
			t += "Ваш ход: " + pliesNumbered(written[i-1], i-1) + "\r\n"
		}
		return t + "Мой ход: " + pliesNumbered(written[i], i) + "\r\n01.03.2026 / 01.03.2026 / 01.03.2026\r\nВремя: 0/0\r\n"
	}
	pos := draughts.Initial(s.Tournament.DraughtsVariant())
	var written []string
	for i := range 62 {
		legal := pos.LegalMoves(nil)
		if len(legal) == 0 {
			b.Fatalf("the game ended at ply %d", i)
		}
		safe := legal[:0:0] // a quiet game: moves the opponent cannot take, where there are
		for _, c := range legal {
			if replies := pos.Play(c).LegalMoves(nil); len(replies) > 0 && !replies[0].IsCapture() {
				safe = append(safe, c)
			}
		}
		if len(safe) == 0 {
			safe = legal
		}
		m := safe[(i*7)%len(safe)]
		written = append(written, pos.Written(m))
		pos = pos.Play(m)
	}
	for i := range 60 {
		from := white
		if i%2 == 1 {
			from = black
		}
		o := obs(from, i)
		var out Outcome
		s, out = Apply(s, s.ReadAhead(nil, text(written, i), o), o)
		if !out.Accepted || len(out.Problems) > 0 {
			b.Fatalf("ply %d: %+v", i, out)
		}
	}
	first, reply := obs(white, 60), obs(black, 61)
	move, answer := text(written, 60), text(written, 61)
	readApplyLoop(b, s, move, first, answer, reply)
}

// readApplyLoop reads and applies the move and then the answer to it, each
// forwarded and confirmed, once an op.
func readApplyLoop(b *testing.B, s State, move string, first Observation, answer string, reply Observation) {
	for b.Loop() {
		s1, out := Apply(s, s.ReadAhead(nil, move, first), first)
		if !out.Accepted || len(out.Out) != 2 || len(out.Problems) > 0 {
			b.Fatalf("the first move: %+v", out)
		}
		_, out = Apply(s1, s1.ReadAhead(nil, answer, reply), reply)
		if !out.Accepted || len(out.Out) != 2 || len(out.Problems) > 0 {
			b.Fatalf("the answer: %+v", out)
		}
	}
}

// pliesNumbered writes ply i's move as a letter numbers it: "1.c3-d4", "1...f6-g5".
func pliesNumbered(move string, i int) string {
	if i%2 == 1 {
		return fmt.Sprintf("%d...%s", i/2+1, move)
	}
	return fmt.Sprintf("%d.%s", i/2+1, move)
}
