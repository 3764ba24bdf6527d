package draughts

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// fenSeeds are FENs of the tests and of real files (shared/data/pdn).
var fenSeeds = []string{
	"W:W21-32:B1-12", "W:W31-50:B1-20", "W:B16,17,18,19,20:W31,32,33,34,35",
	"B:Wc3,d4,f2,f4:BKa5", "W:WKd2:Bb6,d6,f4,f6,g7", "W:Wc3:Bb4,b6,d4,d6",
	"W:W31,29,K15:B14,13,12,9", "?:W29,13,11:B22,4,2", " b : Wa1, Kc3 : BKb8,d6 . ",
	"W:WK4,20,39,44:B12,18,28,29,37", "W:W:B", "W:W1-",
}

// fenTag finds the FEN tags of PDN files.
var fenTag = regexp.MustCompile(`\[FEN "([^"]*)"\]`)

// testdataFENs returns the FEN tags of the package's PDN test files and of
// the shared corpus (shared/data/pdn) when present.
func testdataFENs() []string {
	files, _ := filepath.Glob(filepath.Join("testdata", "pdn", "*.pdn"))
	// The shared corpus sits beside the module root (corr/draughts is two deep).
	shared, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "data", "pdn", "*.pdn"))
	files = append(files, shared...)
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, m := range fenTag.FindAllStringSubmatch(string(data), -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// FuzzParseFEN checks that any text either fails to parse or gives a
// position that writes back to itself and whose moves all survive a trip
// through the notation.
func FuzzParseFEN(f *testing.F) {
	for _, s := range append(testdataFENs(), fenSeeds...) {
		f.Add(uint8(Russian), s)
		f.Add(uint8(International), s)
		f.Add(uint8(EightySquare), s)
	}
	f.Add(uint8(EightySquare), "W:WKa1:Bc3,e5,g5,e7,c7,j8")
	f.Fuzz(func(t *testing.T, vb uint8, s string) {
		v := Variant(vb % uint8(numVariants))
		p, err := ParseFEN(v, s)
		if err != nil {
			return
		}
		for _, out := range []string{p.FEN(), p.FENAlpha()} {
			q, err := ParseFEN(v, out)
			if err != nil || q != p {
				t.Fatalf("%q -> %q does not read back: %v", s, out, err)
			}
		}
		p.Winner()
		for _, m := range p.LegalMoves(nil) {
			for _, text := range []string{p.Notation(m), p.SemiShort(m)} {
				mt, err := ParseMoveText(text)
				if err != nil {
					t.Fatalf("%s: notation %q unreadable: %v", p.FEN(), text, err)
				}
				got, err := p.ResolveAbbreviated(mt)
				if err != nil || got != m {
					t.Fatalf("%s: %q resolves to %v, %v; want %v", p.FEN(), text, got, err, m)
				}
			}
			p.Play(m).LegalMoves(nil)
		}
	})
}

// FuzzResolve checks that any written move either resolves to a legal move
// or gives a *MoveError, never a panic.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"c3-d4", "С3-Д4", "a5:e1", "d2:a7", "d2:h6:f8:c5:a7", "cd4", "b:d4",
		"32-28", "47x24x8", "20:9", "h2-g3", "e5:c3:e1", "1-50", "a1-j10"} {
		for i := range fenSeeds {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, pick uint8, s string) {
		fen := fenSeeds[int(pick)%len(fenSeeds)]
		v := Variant((pick / 16) % uint8(numVariants))
		p, err := ParseFEN(v, fen)
		if err != nil {
			return
		}
		mt, err := ParseMoveText(s)
		if err != nil {
			return
		}
		for _, resolve := range []func(MoveText) (Move, error){p.Resolve, p.ResolveAbbreviated} {
			m, err := resolve(mt)
			if err != nil {
				if _, ok := err.(*MoveError); !ok {
					t.Fatalf("%s %q: error %T %v is not a *MoveError", fen, s, err, err)
				}
				_ = err.Error()
				continue
			}
			if !engContains(p.LegalMoves(nil), m) {
				t.Fatalf("%s %q: resolved to a move not legal: %+v", fen, s, m)
			}
		}
	})
}

func engContains(ms []Move, m Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}
