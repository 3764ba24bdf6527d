package corr

import (
	"testing"

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
	for b.Loop() {
		s1, out := Apply(s, s.Read(move, first), first)
		if !out.Accepted || len(out.Out) != 2 || len(out.Problems) > 0 {
			b.Fatalf("the first move: %+v", out)
		}
		_, out = Apply(s1, s1.Read(answer, reply), reply)
		if !out.Accepted || len(out.Out) != 2 || len(out.Problems) > 0 {
			b.Fatalf("the answer: %+v", out)
		}
	}
}
