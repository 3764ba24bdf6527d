package corr

import (
	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
)

// Read reads a letter's text for this tournament: the reader is told the
// cipher, the board, the postmark (for dates without a year) and the
// sender's language; when the letter has an unlabelled run of moves, it is
// read again once the game is found, knowing the sender's colour, which
// splits that run into the repetition and the sender's own moves.
func (s State) Read(text string, obs Observation) letter.Letter {
	v := s.Tournament.DraughtsVariant()
	opts := letter.Options{Subject: obs.Subject, Postmark: obs.Postmark, Ciphers: []string{s.Tournament.Cipher},
		Board: letter.Board{Width: v.Width(), Height: v.Height()}}
	p, ok := s.Tournament.PlayerByEmail(obs.From)
	if ok {
		opts.Language = letter.LangOf(p.Language)
	}
	l := letter.Parse(text, opts)
	if !ok || !l.SplitRun {
		return l
	}
	a := &applier{s: &s, l: l, obs: obs, from: p}
	if g, _ := a.findGame(); g != nil {
		if side, in := g.SideOf(p.Number); in {
			opts.Sender = letter.White
			if side == draughts.Black {
				opts.Sender = letter.Black
			}
			l = letter.Parse(text, opts)
		}
	}
	return l
}
