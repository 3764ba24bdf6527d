package adjudication

import (
	"bytes"
	"fmt"
	"strings"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
)

// pdnFile is the game's PDN (GameType 25 or 20; giveaway named in the
// Variant tag, 6.5.1), with the held reply as a comment when there is one.
func pdnFile(sc scene, g seen, result string) (corr.File, error) {
	w, _ := sc.Player(g.White)
	b, _ := sc.Player(g.Black)
	pg, err := g.record.PDN([]draughts.PDNTag{
		{Name: "Event", Value: sc.Cipher + " " + sc.Name}, {Name: "Site", Value: "заочно / by correspondence"},
		{Name: "Date", Value: strings.ReplaceAll(sc.Start.String(), "-", ".")},
		{Name: "White", Value: w.Name}, {Name: "Black", Value: b.Name},
	}, result)
	if err != nil {
		return corr.File{}, fmt.Errorf("game %s: the record does not convert to PDN: %w", g.Code, err)
	}
	var buf bytes.Buffer
	if err := draughts.WritePDN(&buf, pg); err != nil {
		return corr.File{}, fmt.Errorf("game %s: %w", g.Code, err)
	}
	return corr.File{Name: fileName(g.Game) + ".pdn", ContentType: "application/x-pdn; charset=utf-8", Data: buf.Bytes()}, nil
}
