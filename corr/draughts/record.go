package draughts

import (
	"fmt"
	"strconv"
	"strings"
)

// Record is a game as played: the starting position and the legal moves
// from it. It is what a game record (запись партии) holds, whatever notation
// prints it; the position after any ply is replayed from Start.
type Record struct {
	// Start is the position before the first move.
	Start Position
	// Moves are the moves in order; Moves[i] is played from the position
	// after i plies.
	Moves []Move
}

// NewRecord returns an empty record starting from start.
func NewRecord(start Position) Record { return Record{Start: start} }

// Variant is the game the record is played under.
func (r Record) Variant() Variant { return r.Start.Variant() }

// Plies is the number of moves of both sides played.
func (r Record) Plies() int { return len(r.Moves) }

// Play appends m after checking that it is legal in the final position.
func (r *Record) Play(m Move) error {
	p := r.Final()
	for _, l := range p.LegalMoves(nil) {
		if l == m {
			r.Moves = append(r.Moves, m)
			return nil
		}
	}
	v := r.Variant()
	return fmt.Errorf("draughts: a move from %s to %s is not legal at ply %d (move %s)", v.SquareText(m.From), v.SquareText(m.To), len(r.Moves)+1, r.MoveLabel(len(r.Moves)+1))
}

// Position returns the position after ply moves (0 is Start).
func (r Record) Position(ply int) (Position, error) {
	if ply < 0 || ply > len(r.Moves) {
		return Position{}, fmt.Errorf("draughts: ply %d is outside the record, which has plies 0-%d", ply, len(r.Moves))
	}
	p := r.Start
	for _, m := range r.Moves[:ply] {
		p = p.Play(m)
	}
	return p, nil
}

// Positions returns every position of the game: Start, then the position
// after each move (Plies()+1 positions).
func (r Record) Positions() []Position {
	out := make([]Position, 0, len(r.Moves)+1)
	p := r.Start
	out = append(out, p)
	for _, m := range r.Moves {
		p = p.Play(m)
		out = append(out, p)
	}
	return out
}

// Final is the position after the last move.
func (r Record) Final() Position {
	p, _ := r.Position(len(r.Moves))
	return p
}

// MoveNumber gives the move number of the ply-th move (1-based) and whether
// Black made it. Numbering starts at 1 with the side to move in Start, so a
// record starting with Black to move opens "1...".
func (r Record) MoveNumber(ply int) (number int, black bool) {
	k := ply - 1
	if r.Start.SideToMove() == Black {
		k++
	}
	return k/2 + 1, k%2 == 1
}

// MoveLabel writes the number of the ply-th move as a record shows it:
// "12." for White, "12..." for Black.
func (r Record) MoveLabel(ply int) string {
	n, black := r.MoveNumber(ply)
	if black {
		return strconv.Itoa(n) + "..."
	}
	return strconv.Itoa(n) + "."
}

// Texts returns each move as written in its position: in full notation
// (Position.Written: "c3-d4", "d2:f4:h6", "32-28"), or semi-short when
// semiShort is set (Position.SemiShort: "cd4", "b:d4"; numeric boards have
// no short form).
func (r Record) Texts(semiShort bool) []string {
	out := make([]string, len(r.Moves))
	p := r.Start
	for i, m := range r.Moves {
		if semiShort {
			out[i] = p.SemiShort(m)
		} else {
			out[i] = p.Written(m)
		}
		p = p.Play(m)
	}
	return out
}

// FullNotation writes the game as a numbered line in full notation:
// "1.c3-d4 f6-g5 2.d4-c5 b6:d4 3.e3:c5".
func (r Record) FullNotation() string { return r.line(r.Texts(false)) }

// SemiShort writes the game in the semi-short notation that clause 6.5.1
// asks of the records sent to the secretary: "1.cd4 fg5 2.dc5 b:d4 3.e:c5".
func (r Record) SemiShort() string { return r.line(r.Texts(true)) }

// line numbers the moves: "1.x y 2.x y", or "1...y 2.x y" when Black starts.
func (r Record) line(texts []string) string {
	var b strings.Builder
	for i, t := range texts {
		n, black := r.MoveNumber(i + 1)
		switch {
		case !black:
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(n) + ".")
		case i == 0:
			b.WriteString(strconv.Itoa(n) + "...")
		default:
			b.WriteByte(' ')
		}
		b.WriteString(t)
	}
	return b.String()
}
