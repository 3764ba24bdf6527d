package letter

import (
	"zaochnik/corr/draughts"
)

// run reads a run of move tokens in role r.
func (p *parser) run(n int, r role, run []token, forced bool) {
	ms, bad := readMoves(n, run, forced, p.opts.Board)
	switch r {
	case roleReplaced:
		return // the impossible move a correction replaces: read, not played
	case roleVariant, roleVariantIf:
		p.variantMoves(n, r, ms, bad)
		return
	}
	for _, b := range bad {
		if r == roleUntil {
			break
		}
		p.report(KindUnreadableMove, n, b)
	}
	if r != roleUntil {
		for _, m := range ms {
			if m.Text.Abbreviated {
				p.report(KindAbbreviated, n, m.Text.String())
			}
		}
	}
	switch r {
	case roleRepeat:
		p.l.Repeated = p.appendMoves(n, p.l.Repeated, ms)
	case roleOwn:
		p.l.Moves = p.appendMoves(n, p.l.Moves, ms)
	case roleAccept:
		p.l.Accepted.Moves = p.appendMoves(n, p.l.Accepted.Moves, ms)
	case roleUntil:
		if len(ms) > 0 {
			u := ms[0]
			p.l.Accepted.Until = &u
			p.l.Moves = p.appendMoves(n, p.l.Moves, ms[1:])
		}
	default:
		p.defaultRun(n, ms)
	}
}

// defaultRun places an unlabelled run: the opponent's moves repeated first,
// then the writer's own (6.2.3 orders them so).
func (p *parser) defaultRun(n int, ms []Move) {
	split := 0
	switch {
	case len(ms) == 0:
	case p.opts.Sender != SideUnknown && ms[0].Number > 0:
		own := p.opts.Sender == Black
		for split < len(ms) && ms[split].Black != own {
			split++
		}
	case len(p.l.Repeated) > 0 || p.l.Accepted != nil || len(p.l.Moves) > 0:
	case ms[0].Number == 1 && !ms[0].Black:
	case len(ms) >= 2:
		split = 1
	}
	p.l.Repeated = p.appendMoves(n, p.l.Repeated, ms[:split])
	p.l.Moves = p.appendMoves(n, p.l.Moves, ms[split:])
	p.l.SplitRun = p.l.SplitRun || len(ms) > 0
}

// follows reports whether b can be the move after a, by their numbers.
func follows(a, b Move) bool {
	if a.Number == 0 || b.Number == 0 {
		return true
	}
	if a.Black {
		return b.Number == a.Number+1 && !b.Black
	}
	return b.Number == a.Number && b.Black
}

// readMoves reads a run of move tokens, numbering each move as written or
// as implied by the move before it. Reading stops at the first move that
// cannot be read; bad holds its text (and nothing when all were read).
func readMoves(n int, run []token, forced bool, board Board) (ms []Move, bad []string) {
	num, black, known := 0, false, false
	for _, tk := range run {
		if tk.number > 0 {
			num, black, known = tk.number, tk.black, true
		}
		if tk.kind == kNumber {
			continue
		}
		mt, err := draughts.ParseMoveText(tk.move)
		if err != nil || !onBoard(mt, board) {
			return ms, []string{tk.orig}
		}
		m := Move{Text: mt, Forced: forced || tk.forced, Line: n}
		if known {
			m.Number, m.Black = num, black
		}
		forced = false
		ms = append(ms, m)
		if known {
			if black {
				num++
			}
			black = !black
		}
	}
	if forced && len(ms) > 0 {
		ms[len(ms)-1].Forced = true
	}
	return ms, nil
}

// onBoard reports whether a move's squares exist on a board of the given
// size (zero: any): 8x8 is written a1-h8, 10x8 a1-j8, 10x10 either a1-j10
// or 1-50.
func onBoard(mt draughts.MoveText, board Board) bool {
	if board == (Board{}) {
		return true
	}
	numeric := board.Width == 10 && board.Height == 10
	for _, sq := range mt.Squares {
		switch {
		case sq.Number > 0 && !numeric:
			return false
		case sq.Number == 0 && (sq.File > board.Width || sq.Rank > board.Height):
			return false
		}
	}
	return true
}

// appendMoves appends ms to list, numbering unnumbered moves from the move
// before them and reporting numbers that do not follow (6.2.14).
func (p *parser) appendMoves(n int, list, ms []Move) []Move {
	for _, m := range ms {
		if len(list) > 0 {
			prev := list[len(list)-1]
			switch {
			case m.Number == 0 && prev.Number > 0:
				m.Number, m.Black = prev.Number, true
				if prev.Black {
					m.Number, m.Black = prev.Number+1, false
				}
			case !follows(prev, m):
				p.report(KindMoveNumber, n, m.String(), prev.String())
			}
		}
		list = append(list, m)
	}
	return list
}
