package draughts

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParsePDN checks that no input makes the PDN reader, the replay, the
// draw rules or the writer panic, that the draw counts stepped move by move
// agree with DrawClaims, and that what the writer writes reads back to the
// same moves and result.
func FuzzParsePDN(f *testing.F) {
	samples, _ := filepath.Glob(filepath.Join("testdata", "pdn", "*.pdn"))
	for _, s := range samples {
		if data, err := os.ReadFile(s); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		"1.a3b4", "1. - - 1/2-1/2", "[FEN \"?:W29,13,11:B22,4,2\"]\n*", "1.32-28!? 19-23(!?!!!) 2.28x19 *",
		"[GameType \"41,W,10,8,A0,0\"]\n1. i3-j4 f6-g5 2. c3-d4 g5-f4 3. g3:e5 *",
		"[Variant \"10x8\"][FEN \"W:WKa1:Bc3,e5,g5,e7,c7,j8\"]\n1. a1:d4:f6:d8:b6 *", "32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 14x23", "{ { } ", "[a \"\\", "1- 7 35x 4",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		games, _ := ParsePDN(data)
		for _, g := range games {
			if r, err := g.Replay(); err == nil {
				want, rule := firstClaim(r)
				if got, clause := firstDrawn(r); got != want || clause != rule {
					t.Fatalf("DrawCounter first complete at ply %d (%s), DrawClaims first claims at %d (%s): %s", got, clause, want, rule, r.FullNotation())
				}
				r.SemiShort()
			}
			var buf bytes.Buffer
			if err := WritePDN(&buf, g); err != nil {
				t.Fatal(err)
			}
			back, err := ParsePDN(buf.Bytes())
			if err != nil || len(back) != 1 {
				t.Fatalf("rewritten game does not read back (%v, %d games):\n%s", err, len(back), buf.String())
			}
			want, got := comparable(g), comparable(back[0])
			if len(want.Moves) != len(got.Moves) || want.Result != got.Result {
				t.Fatalf("rewritten game differs: %d moves %q, read back %d moves %q:\n%s", len(want.Moves), want.Result, len(got.Moves), got.Result, buf.String())
			}
			for i := range want.Moves {
				if want.Moves[i].Text.String() != got.Moves[i].Text.String() {
					t.Fatalf("move %d: %s read back as %s:\n%s", i+1, want.Moves[i].Text, got.Moves[i].Text, buf.String())
				}
			}
		}
	})
}

// FuzzParseGameType checks that the GameType reader never panics and that
// what it reads writes back to a value it reads the same.
func FuzzParseGameType(f *testing.F) {
	for _, s := range []string{"20", "25", "20,W,10,10,N2,0", "25,W,8,8,A0,0", "41,W,10,8,A0,0", "20,W,10,10,N1,0", " 21, b, 8, 8, a1 ", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		gt, err := ParseGameType(s)
		if err != nil {
			return
		}
		back, err := ParseGameType(gt.String())
		if err != nil || back != gt {
			t.Fatalf("%q read as %+v, written %q, read back as %+v (%v)", s, gt, gt.String(), back, err)
		}
		_ = gt.Name()
	})
}
