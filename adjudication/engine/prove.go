package engine

import (
	endgame "zaochnik/adjudication/tables"
	"zaochnik/corr/draughts"
)

// The bound searches that prove a result. Their values, from the side to
// move's point of view, are -2 (lost), 0 (drawn by a rule), +2 (won), and
// ±1 for a line left unresolved at the horizon, counted as good for the
// optimist: just short of a win for it, just short of a loss for the other
// side. With White as the optimist the search gives an upper bound of the
// true result from White's view, with Black a lower bound; where the two
// meet, the result is proven.
const (
	proofWin     = 2
	proofUnknown = 1
)

// saltOf keeps the two bound searches' entries apart in their table.
var saltOf = [2]uint64{0x5be0cd19137e2179, 0x1f83d9abfb41bd6b}

// prove is the bound search with the given optimist; rs and ply as in
// search. Repetitions are not looked for: a defender cannot force one.
func (s *searcher) prove(p draughts.Position, rs draughts.DrawCounter, depth, ply, alpha, beta int, optimist draughts.Color) int {
	if s.stop() {
		return 0
	}
	s.nodes++
	moves := p.LegalMoves(s.moves[ply][:0])
	s.moves[ply] = moves
	if len(moves) == 0 {
		if p.Variant() == draughts.Giveaway {
			return proofWin
		}
		return -proofWin
	}
	if _, drawn := rs.Drawn(); drawn {
		return 0
	}
	if v, ok := s.tableValue(p, rs); ok {
		switch v.Outcome {
		case endgame.Win:
			return proofWin
		case endgame.Loss:
			return -proofWin
		}
		return 0
	}
	if ply >= maxPly-1 || (depth <= 0 && !moves[0].IsCapture()) {
		if p.SideToMove() == optimist {
			return proofUnknown
		}
		return -proofUnknown
	}
	depth = max(depth, 0)
	key := p.Key() ^ rulesHash(rs) ^ saltOf[optimist] ^ quietHash(rs.KingMoves())
	best := -1
	if e, ok := s.proofs.probe(key); ok {
		best = int(e.move) - 1
		if int(e.depth) >= depth {
			sc := int(e.score)
			switch e.bound {
			case boundExact:
				return sc
			case boundLower:
				alpha = max(alpha, sc)
			case boundUpper:
				beta = min(beta, sc)
			}
			if alpha >= beta {
				return sc
			}
		}
	}
	forced := len(moves) == 1 // needs no ordering
	if !forced {
		s.score(p, ply, moves, best)
	}
	alpha0, bestScore := alpha, -infinity
	kings := p.Kings(draughts.White) | p.Kings(draughts.Black)
	for n := range moves {
		i := 0
		if !forced {
			i = s.pick(ply, n)
		}
		m := moves[i]
		q := p.Play(m)
		sc := -s.prove(q, stepped(rs, kings, m, q), depth-1, ply+1, -beta, -alpha, optimist)
		if s.stopped {
			return 0
		}
		if sc > bestScore {
			bestScore, best = sc, i
		}
		alpha = max(alpha, sc)
		if alpha >= beta {
			break
		}
	}
	b := boundOf(bestScore, alpha0, beta)
	if best > 254 {
		best = -1
	}
	s.proofs.store(key, bestScore, depth, b, best)
	return bestScore
}

// atLeast reports whether the bound search with the given optimist values p
// at v or more from White's view, by a null-window search.
func (s *searcher) atLeast(p draughts.Position, rs draughts.DrawCounter, depth int, optimist draughts.Color, v int) bool {
	s.proofs.used = true
	if p.SideToMove() == draughts.White {
		return s.prove(p, rs, depth, 0, v-1, v, optimist) >= v
	}
	return s.prove(p, rs, depth, 0, -v, -v+1, optimist) <= -v
}

// quietHash tells apart, in the proof table, the same position reached with
// different counts of king moves: only their number matters to 2.1.9.1.8.
func quietHash(quiet int) uint64 {
	return uint64(quiet) * 0x9e3779b97f4a7c15
}
