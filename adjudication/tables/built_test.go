package tables

import (
	"os"
	"path/filepath"
	"testing"

	"zaochnik/corr/draughts"
)

// Tables built by the command (zaochnik tables build --out DIR) checked
// like the small ones: set ZAOCHNIK_TABLES_DIR=DIR. Each variant found
// there is sampled, the largest tables above all, against plain minimax
// and against the colour mirror.
func TestBuiltTables_AgreeWithMinimaxAndMirror(t *testing.T) {
	dir := os.Getenv("ZAOCHNIK_TABLES_DIR")
	if dir == "" {
		t.Skip("set ZAOCHNIK_TABLES_DIR to the --out folder of zaochnik tables build")
	}
	const horizon = 5
	for _, v := range []draughts.Variant{draughts.Russian, draughts.EightySquare, draughts.International} {
		vdir := filepath.Join(dir, v.String())
		pieces := 0
		for _, m := range Materials(MaxPieces) {
			if _, err := os.Stat(filepath.Join(vdir, m.String()+".zkt.gz")); err == nil {
				pieces = max(pieces, m.Pieces())
			}
		}
		if pieces == 0 {
			continue
		}
		s, err := NewSet(v, pieces, func(m Material, size int) ([]byte, error) {
			path := filepath.Join(vdir, m.String()+".zkt.gz")
			f, err := os.Open(path)
			if err != nil {
				return nil, err
			}
			defer f.Close()
			return ReadCompressed(f, path, size)
		})
		if err != nil {
			t.Fatal(err)
		}
		var top []Material
		for _, m := range Materials(pieces) {
			if _, err := os.Stat(filepath.Join(vdir, m.String()+".zkt.gz")); err == nil && m.Pieces() == pieces && m.Men() > 0 {
				top = append(top, m)
			}
		}
		checked, decided := 0, 0
		for k, m := range top {
			tb := table(t, s, m)
			for _, p := range samplesOf(s, tb, 12, horizon, uint64(k)) {
				v, _ := s.Probe(p)
				got := naiveValue(p, draughts.NewDrawCounter(p), horizon, false)
				if got != within(v, horizon) {
					t.Errorf("%v %s: table %v, minimax within %d plies %v", p.Variant(), p.FENAlpha(), v, horizon, got)
				}
				if w, ok := s.Probe(mirror(p)); !ok || w != v {
					t.Errorf("%v %s: %v, mirrored %v %v", p.Variant(), p.FENAlpha(), v, w, ok)
				}
				checked++
				if got.Outcome != Draw {
					decided++
				}
			}
			s.Drop(m)
		}
		t.Logf("%v, %d pieces: %d positions of the %d tables with men checked, %d decided within %d plies", v, pieces, checked, len(top), decided, horizon)
	}
}
