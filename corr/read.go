package corr

import (
	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// ReadAhead reads a letter's text for this tournament: the reader is told
// the cipher, the board, the postmark (for dates without a year) and the
// sender's language (ReadOptions); when the letter has an unlabelled run
// of moves, it is read again once the game is found, knowing the sender's
// colour, which splits that run into the repetition and the sender's own
// moves. It takes the letter's reading ahead (nil: none) when it was read
// from text under the options it reads the letter with
// (letter.Ahead.Parse), so that the answer is the same either way.
func (s State) ReadAhead(ahead *letter.Ahead, text string, obs Observation) letter.Letter {
	opts, p, ok := s.Tournament.ReadOptions(obs.From, obs.Subject, obs.Postmark)
	l := ahead.Parse(text, opts)
	if !ok || !l.SplitRun {
		return l
	}
	st := s // here alone: an applier's state taken from s would move every s to the heap
	a := &applier{s: &st, l: l, obs: obs, from: p}
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

// ReadOptions are the options a letter from from with subject,
// postmarked on postmark (in t's zone), is read with in t: its cipher,
// its board, and its sender's language when he is a player of t (p, ok).
func (t Tournament) ReadOptions(from, subject string, postmark timecontrol.Date) (opts letter.Options, p Player, ok bool) {
	v := t.DraughtsVariant()
	opts = letter.Options{Subject: subject, Postmark: postmark, Ciphers: []string{t.Cipher},
		Board: letter.Board{Width: v.Width(), Height: v.Height()}}
	if p, ok = t.PlayerByEmail(from); ok {
		opts.Language = letter.LangOf(p.Language)
	}
	return opts, p, ok
}
