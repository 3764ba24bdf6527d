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
func pdnFile(s corr.State, g corr.Game, result string) (corr.File, error) {
	t := s.Tournament
	w, _ := t.Player(g.White)
	b, _ := t.Player(g.Black)
	pg, err := record(s, g).PDN([]draughts.PDNTag{
		{Name: "Event", Value: t.Cipher + " " + t.Name}, {Name: "Site", Value: "заочно / by correspondence"},
		{Name: "Date", Value: strings.ReplaceAll(t.Start.String(), "-", ".")},
		{Name: "White", Value: w.Name}, {Name: "Black", Value: b.Name},
	}, result)
	if err != nil {
		return corr.File{}, fmt.Errorf("game %s: the record does not convert to PDN: %w", g.Code, err)
	}
	var buf bytes.Buffer
	if err := draughts.WritePDN(&buf, pg); err != nil {
		return corr.File{}, fmt.Errorf("game %s: %w", g.Code, err)
	}
	return corr.File{Name: fileName(g) + ".pdn", ContentType: "application/x-pdn; charset=utf-8", Data: buf.Bytes()}, nil
}
