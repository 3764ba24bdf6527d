package draughts

import (
	"strings"
	"testing"
)

func TestZZLine(t *testing.T) {
	line := strings.Fields("c3-b4 d6-c5 b4:d6 c7:e5 e3-f4 b8-c7 f4:d6:b8 d8-c7 b8:f4 f6-e5 f4:c7:a5 a7-b6 a5:d8:h4 j6-i5 h4:j6 h6-i5 j6:h4 g7-f6 h4:d8 f8-e7 d8:f6 h8-g7 f6:h8:j6 j8-i7 j6:h8")
	r := NewRecord(Initial(EightySquare))
	for _, w := range line {
		p := r.Final()
		mt, _ := ParseMoveText(w)
		m, err := p.Resolve(mt)
		if err != nil {
			t.Fatal(w, err)
		}
		t.Logf("%s %s written=%s forced=%v", r.MoveLabel(r.Plies()+1), p.Notation(m), p.Written(m), len(p.LegalMoves(nil)) == 1)
		r.Play(m)
	}
	t.Log(r.SemiShort())
	t.Log(r.Final().FENAlpha())
	w, over := r.Final().Winner()
	t.Log(w, over)
}
