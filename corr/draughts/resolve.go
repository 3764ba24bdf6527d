package draughts

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// MoveErrorKind says why a written move is not a legal move of the position.
type MoveErrorKind uint8

// The kinds of MoveError.
const (
	// MoveBadSquare: a square written is not a dark square of the board.
	MoveBadSquare MoveErrorKind = iota + 1
	// MoveNoPiece: the origin square is empty.
	MoveNoPiece
	// MoveNotYourPiece: the origin holds a piece of the side not to move.
	MoveNotYourPiece
	// MoveCaptureCompulsory: a step written while a capture is possible (2.1.5.3).
	MoveCaptureCompulsory
	// MoveNotMaximum: a capture taking fewer pieces than another one can (3.4.1).
	MoveNotMaximum
	// MoveIncompleteCapture: a capture stopped where it must go on (2.1.5.5, 2.1.5.6).
	MoveIncompleteCapture
	// MoveIllegal: the piece cannot make that move.
	MoveIllegal
	// MoveAmbiguous: several legal captures fit what is written; the
	// intermediate squares must be added (2.1.6.2).
	MoveAmbiguous
	// MoveAbbreviated: written in the short form ("cd4"), which a move letter
	// may not use: an impossible move (6.2.2).
	MoveAbbreviated
)

var moveErrorKindNames = [...]string{
	MoveBadSquare: "bad square", MoveNoPiece: "no piece", MoveNotYourPiece: "not your piece",
	MoveCaptureCompulsory: "capture compulsory", MoveNotMaximum: "must take the maximum",
	MoveIncompleteCapture: "capture incomplete", MoveIllegal: "illegal", MoveAmbiguous: "ambiguous",
	MoveAbbreviated: "abbreviated",
}

// String names the kind in a few English words.
func (k MoveErrorKind) String() string {
	if int(k) < len(moveErrorKindNames) && moveErrorKindNames[k] != "" {
		return moveErrorKindNames[k]
	}
	return fmt.Sprintf("MoveErrorKind(%d)", k)
}

// MoveError is why Resolve refused a written move. Get it with errors.As.
type MoveError struct {
	Kind MoveErrorKind
	// Text is the move as written, canonically ("c3-d4").
	Text string
	// Square is the square the error is about, in the variant's notation
	// (the origin, or the bad square); empty when none applies.
	Square string
	// Side is the side to move.
	Side Color
	// Moves are the legal moves that matter: those of the origin square
	// (6.2.10), the captures that are compulsory, or the candidates of an
	// ambiguous move. Options writes them in full notation, in the same order.
	Moves   []Move
	Options []string
}

// Error says what is wrong, where, and what is legal instead.
func (e *MoveError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "move %s: ", e.Text)
	switch e.Kind {
	case MoveBadSquare:
		fmt.Fprintf(&b, "%s is not a dark square of the board", e.Square)
	case MoveNoPiece:
		fmt.Fprintf(&b, "there is no piece on %s", e.Square)
	case MoveNotYourPiece:
		fmt.Fprintf(&b, "the piece on %s is %s's, and %s is to move", e.Square, e.Side.Opponent(), e.Side)
	case MoveCaptureCompulsory:
		b.WriteString("a capture is compulsory")
	case MoveNotMaximum:
		b.WriteString("the capture taking the most pieces is compulsory")
	case MoveIncompleteCapture:
		fmt.Fprintf(&b, "the capture from %s must go on", e.Square)
	case MoveIllegal:
		if e.Square == "" {
			b.WriteString("no square is written")
			return b.String()
		}
		if len(e.Options) == 0 {
			fmt.Fprintf(&b, "the piece on %s has no legal move", e.Square)
			return b.String()
		}
		fmt.Fprintf(&b, "the piece on %s cannot move so", e.Square)
	case MoveAmbiguous:
		b.WriteString("several captures end there; write the squares where it turns")
	case MoveAbbreviated:
		b.WriteString("written in short notation; a move is written in full, origin and destination squares (6.2.2)")
		if len(e.Options) == 1 {
			fmt.Fprintf(&b, ", here %s", e.Options[0])
			return b.String()
		}
	default:
		b.WriteString(e.Kind.String())
	}
	switch {
	case len(e.Options) > 0 && e.Kind == MoveAmbiguous:
		fmt.Fprintf(&b, ": one of %s", strings.Join(e.Options, ", "))
	case len(e.Options) > 0 && e.Square != "" && e.Kind != MoveCaptureCompulsory && e.Kind != MoveNotMaximum:
		fmt.Fprintf(&b, "; legal from %s: %s", e.Square, strings.Join(e.Options, ", "))
	case len(e.Options) > 0:
		fmt.Fprintf(&b, "; legal: %s", strings.Join(e.Options, ", "))
	}
	return b.String()
}

// Resolve turns a move as written in full notation into the legal move it
// names: the origin and destination, with or without landing squares
// between (those written must be squares the capture may land on, in
// order, any of them where a king goes on straight over the next piece; a
// capture written by its ends only is accepted when no other legal capture
// shares them). The ':' or '-' written is not checked. The error is a
// *MoveError: an abbreviated move is of kind MoveAbbreviated (6.2.2; see
// ResolveAbbreviated for game records).
func (p Position) Resolve(mt MoveText) (Move, error) {
	m, _, err := p.resolveWritten(mt, false)
	return m, err
}

// ResolveWritten is Resolve, with the move as Written writes it: what a
// letter's move is read into, the legal moves listed once for both.
func (p Position) ResolveWritten(mt MoveText) (Move, string, error) {
	return p.resolveWritten(mt, true)
}

func (p Position) resolveWritten(mt MoveText, write bool) (Move, string, error) {
	m, moves, landings, err := p.resolve(mt)
	if e, ok := err.(*MoveError); ok {
		e.Text, e.Side = mt.String(), p.side
	}
	if err != nil || !write {
		return m, "", err
	}
	return m, p.writtenIn(m, moves, landings), nil
}

// resolve is Resolve; it returns the legal moves and their paths it
// listed (movePaths), none for an abbreviated move.
func (p Position) resolve(mt MoveText) (Move, []Move, [][]Square, error) {
	if mt.Abbreviated {
		m, err := p.ResolveAbbreviated(mt)
		e := &MoveError{Kind: MoveAbbreviated}
		if err == nil {
			e.Moves, e.Options = []Move{m}, []string{p.Notation(m)}
		}
		return Move{}, nil, nil, e
	}
	var written [16]Square // the squares of a move as written, on the stack
	squares, err := p.squaresOf(written[:0], mt)
	if err != nil {
		return Move{}, nil, nil, err
	}
	moves, landings := p.movePaths()
	var m Move
	if len(squares) > 1 {
		m, err = p.resolveIn(squares[0], squares[1:], moves, landings)
	} else {
		err = &MoveError{Kind: MoveIllegal}
	}
	if e, ok := err.(*MoveError); ok {
		p.diagnose(e, squares, moves, landings)
	}
	return m, moves, landings, err
}

// squaresOf appends the written squares, converted to the board's, to out.
func (p Position) squaresOf(out []Square, mt MoveText) ([]Square, error) {
	if len(mt.Squares) == 0 {
		return nil, &MoveError{Kind: MoveIllegal, Text: mt.String(), Side: p.side}
	}
	for _, t := range mt.Squares {
		s, err := p.v.SquareOf(t)
		if err != nil {
			return nil, &MoveError{Kind: MoveBadSquare, Text: mt.String(), Side: p.side, Square: t.String()}
		}
		out = append(out, s)
	}
	return out, nil
}

// resolveIn finds the legal move from origin through the landing squares
// written (the last one its destination) among moves and their paths.
func (p Position) resolveIn(from Square, written []Square, moves []Move, landings [][]Square) (Move, error) {
	return p.match(written, moves, landings, func(m Move) bool { return m.From == from })
}

// match returns the one legal move whose origin passes fromOK, whose
// destination is the last written square and whose path lands on the
// others in order (on any square a king may stop on, landingOptions).
// Should several fit, one that turns exactly at the squares written wins,
// else one whose every landing is written; otherwise the move is ambiguous.
func (p Position) match(written []Square, moves []Move, landings [][]Square, fromOK func(Move) bool) (Move, error) {
	to, between := written[len(written)-1], written[:len(written)-1]
	// The lists in arrays of the stack: one move fits, nearly always.
	var fitOf, exactOf, completeOf [4]Move
	fit, exact, complete := fitOf[:0], exactOf[:0], completeOf[:0]
	var options [32]Bitboard // a capture takes at most 32 pieces
	var turnsOf [32]Square
	for i, m := range moves {
		path := landings[i]
		if !fromOK(m) || m.To != to {
			continue
		}
		fits, all := writtenOn(between, p.landingOptions(options[:0], m.From, path))
		if !fits {
			continue
		}
		fit = addMove(fit, m)
		if t := p.v.appendTurns(turnsOf[:0], m.From, path); equalSquares(t[:len(t)-1], between) {
			exact = addMove(exact, m)
		}
		if all {
			complete = addMove(complete, m)
		}
	}
	switch {
	case len(fit) == 1:
		return fit[0], nil
	case len(exact) == 1:
		return exact[0], nil
	case len(complete) == 1:
		return complete[0], nil
	case len(fit) == 0:
		return Move{}, &MoveError{Kind: MoveIllegal}
	}
	e := &MoveError{Kind: MoveAmbiguous, Moves: slices.Clone(fit)}
	for _, m := range fit {
		e.Options = append(e.Options, p.v.write(m, m.From, p.v.turns(m.From, pathOf(m, moves, landings)), false))
	}
	return Move{}, e
}

// diagnose fills in why no legal move fits what was written.
func (p Position) diagnose(e *MoveError, squares []Square, moves []Move, landings [][]Square) {
	if e.Kind != MoveIllegal {
		return
	}
	from, to := squares[0], squares[len(squares)-1]
	e.Square = p.v.SquareText(from)
	c, _, ok := p.Piece(from)
	switch {
	case !ok:
		e.Kind = MoveNoPiece
		return
	case c != p.side:
		e.Kind = MoveNotYourPiece
		return
	}
	e.setMoves(p, distinct(moves, func(m Move) bool { return m.From == from }))
	captures := len(moves) > 0 && moves[0].IsCapture()
	if captures {
		// Stopped on a square its path lands on before the end?
		for i, m := range moves {
			if m.From != from {
				continue
			}
			options := p.landingOptions(nil, from, landings[i])
			for _, o := range options[:len(options)-1] {
				if o.Has(to) {
					e.Kind = MoveIncompleteCapture
					return
				}
			}
		}
	}
	// What the piece could do were captures optional, or the majority rule off.
	if captures {
		for _, m := range p.generate(nil, genOptions{noMajority: true}) {
			if m.From == from && m.To == to {
				if p.v.rules().majority {
					e.Kind = MoveNotMaximum
					e.setMoves(p, distinct(moves, func(Move) bool { return true }))
				}
				return
			}
		}
	}
	if captures {
		g := p.v.rules().geo
		for _, m := range p.steps(nil, g, p.us, g.valid&^(p.us|p.them)) {
			if m.From == from && m.To == to {
				e.Kind = MoveCaptureCompulsory
				e.setMoves(p, distinct(moves, func(Move) bool { return true }))
				return
			}
		}
	}
}

// setMoves lists moves in e, ordered by their notation.
func (e *MoveError) setMoves(p Position, moves []Move) {
	e.Moves, e.Options = moves, make([]string, len(moves))
	for i, m := range moves {
		e.Options[i] = p.Notation(m)
	}
	sort.Sort(byText{e.Moves, e.Options})
}

// byText sorts moves and their notation together.
type byText struct {
	moves []Move
	text  []string
}

func (b byText) Len() int           { return len(b.moves) }
func (b byText) Less(i, j int) bool { return b.text[i] < b.text[j] }
func (b byText) Swap(i, j int) {
	b.moves[i], b.moves[j] = b.moves[j], b.moves[i]
	b.text[i], b.text[j] = b.text[j], b.text[i]
}

// ResolveAbbreviated reads a move of a game record in the semi-short
// notation of 6.5.1 ("cd4", "b:d4", "d:h6:a7": the origin's file, landing
// squares, the destination): the one legal move from that file to that
// destination. A move in full notation is passed to Resolve.
func (p Position) ResolveAbbreviated(mt MoveText) (Move, error) {
	if !mt.Abbreviated {
		return p.Resolve(mt)
	}
	squares, err := p.squaresOf(nil, mt)
	if err != nil {
		return Move{}, err
	}
	moves, landings := p.movePaths()
	m, err := p.resolveAbbreviatedIn(mt.FromFile, squares, moves, landings)
	if e, ok := err.(*MoveError); ok {
		e.Text, e.Side = mt.String(), p.side
		if e.Kind == MoveIllegal {
			e.setMoves(p, distinct(moves, func(m Move) bool { f, _ := p.v.FileRank(m.From); return f == mt.FromFile }))
		}
	}
	return m, err
}

func (p Position) resolveAbbreviatedIn(file int, written []Square, moves []Move, landings [][]Square) (Move, error) {
	return p.match(written, moves, landings, func(m Move) bool { f, _ := p.v.FileRank(m.From); return f == file })
}

// distinct returns the moves passing keep, each once.
func distinct(moves []Move, keep func(Move) bool) []Move {
	var out []Move
	for _, m := range moves {
		if keep(m) {
			out = addMove(out, m)
		}
	}
	return out
}

func addMove(ms []Move, m Move) []Move {
	for _, x := range ms {
		if x == m {
			return ms
		}
	}
	return append(ms, m)
}

func equalSquares(a, b []Square) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
