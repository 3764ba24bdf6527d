package draughts

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// Variant tells which game a PDN game is played under:
//
//   - the GameType tag: 20 is international draughts, 25 Russian draughts,
//     41 (Spantsiretti, 10x8) 80-square draughts with the Russian rules;
//   - PDN has no code for giveaway (обратные шашки): zaochnik writes it as
//     GameType 25 with the extra tag [Variant "giveaway"], and reads that tag
//     (any name ParseVariant knows), which must agree with the GameType's board;
//   - without either, the squares tell: moves written with letters (c3-d4)
//     are Russian whatever the FEN's squares say (old Russian files give the
//     FEN in numbers 1-32 and the moves in letters); else a FEN written with
//     letters is Russian, with numbers international; a game with neither is
//     international. (PDN's default is 20, but Russian files seldom carry the
//     tag.)
//
// The GameType's notation digit (where square 1 or a1 lies) is honoured by
// Start and Replay.
func (g PDNGame) Variant() (Variant, error) {
	byType, typed, err := g.gameTypeVariant()
	if err != nil {
		return 0, err
	}
	name, named := g.Tag("Variant")
	if !named || strings.TrimSpace(name) == "" {
		if typed {
			return byType, nil
		}
		return g.guessVariant(), nil
	}
	v, err := ParseVariant(name)
	if err != nil {
		return 0, fmt.Errorf("PDN game at line %d: tag Variant %q is not a game zaochnik plays: use giveaway, russian, international or 10x8", g.Line, name)
	}
	if typed && (v.Width() != byType.Width() || v.Height() != byType.Height()) {
		return 0, fmt.Errorf("PDN game at line %d: tag Variant %q (%dx%d) contradicts the GameType (%s, %dx%d); giveaway is GameType 25", g.Line, name, v.Width(), v.Height(), byType, byType.Width(), byType.Height())
	}
	return v, nil
}

// gameTypeVariant reads the GameType tag, if any.
func (g PDNGame) gameTypeVariant() (v Variant, ok bool, err error) {
	gt, ok := g.Tag("GameType")
	if !ok {
		return 0, false, nil
	}
	t, err := ParseGameType(gt)
	if err != nil {
		return 0, false, fmt.Errorf("PDN game at line %d: %w", g.Line, err)
	}
	switch t.Code {
	case 20:
		v = International
	case 25:
		v = Russian
	case 41:
		v = EightySquare
	default:
		return 0, false, fmt.Errorf("PDN game at line %d: GameType %d (%s draughts) is not played here; zaochnik plays 20 (international), 25 (Russian), 41 (10x8) and giveaway (25 with [Variant \"giveaway\"])", g.Line, t.Code, t.Name())
	}
	if t.Width != 0 && (t.Width != v.Width() || t.Height != v.Height()) {
		return 0, false, fmt.Errorf("PDN game at line %d: GameType %q gives a %dx%d board, but %s draughts is played on %dx%d", g.Line, gt, t.Width, t.Height, v, v.Width(), v.Height())
	}
	return v, true, nil
}

// guessVariant reads the variant from how the squares are written: letters
// in a move, else letters in the FEN's piece lists (after each list's
// colour, other than the K of a king).
func (g PDNGame) guessVariant() Variant {
	for _, m := range g.Moves {
		if len(m.Text.Squares) > 0 && !m.Text.Squares[0].Numeric() {
			return Russian
		}
	}
	if fen, ok := g.Tag("FEN"); ok {
		for _, f := range strings.Split(fen, ":")[1:] {
			f = strings.TrimSpace(f)
			if f == "" {
				continue
			}
			for _, r := range f[1:] {
				if unicode.IsLetter(r) && r != 'K' && r != 'k' {
					return Russian
				}
			}
		}
	}
	return International
}

// Start returns the position the game starts from: its FEN tag, or the
// initial position. A FEN whose side to move is "?" (unknown) is taken as
// White to move, or Black if the first move is numbered as Black's ("1...").
// Its squares are read in the numbering the GameType's notation digit gives.
func (g PDNGame) Start() (Position, error) {
	v, err := g.Variant()
	if err != nil {
		return Position{}, err
	}
	return g.renumbered(v, g.numbering()).start(v)
}

// start reads the FEN of g, whose squares are numbered as standard.
func (g PDNGame) start(v Variant) (Position, error) {
	fen, ok := g.Tag("FEN")
	if !ok || strings.TrimSpace(fen) == "" {
		return Initial(v), nil
	}
	fen = strings.TrimSpace(fen)
	if strings.HasPrefix(fen, "?") {
		side := "W"
		if len(g.Moves) > 0 && g.Moves[0].Black {
			side = "B"
		}
		fen = side + fen[1:]
	}
	p, err := ParseFEN(v, fen)
	if err != nil {
		return Position{}, fmt.Errorf("PDN game at line %d: %w", g.Line, err)
	}
	return p, nil
}

// ReplayError is the first move of a PDN game that is not legal.
type ReplayError struct {
	// Ply is the 1-based index of the move in the game; Label numbers it as
	// the record does ("12." or "12...").
	Ply   int
	Label string
	// Text is the move as written (canonically: "b6:d4").
	Text string
	// Line and Col locate it in the file.
	Line, Col int
	// Legal lists every legal move of the position, in full notation.
	Legal []string
	// Err is why the move was refused (a *MoveError).
	Err error
}

func (e *ReplayError) Error() string {
	msg := fmt.Sprintf("move %s %s (line %d, column %d) is not legal: %v", e.Label, e.Text, e.Line, e.Col, e.Err)
	var me *MoveError
	switch {
	case len(e.Legal) == 0:
		return msg + "; there is no legal move: the game is over"
	case errors.As(e.Err, &me) && len(me.Options) == len(e.Legal):
		return msg // the cause lists them already
	}
	return msg + "; legal moves there: " + strings.Join(e.Legal, " ")
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Replay plays the game's moves from its start position and returns the
// record. Captures written by their ends only are accepted when unambiguous
// (Position.Resolve), and the semi-short moves of Russian game records
// ("cd4", "b:d4") are resolved too (Position.ResolveAbbreviated), since real
// files use them. A capture that several paths fit, as "36x16" in a file
// that wrote only the ends, is read the one way that lets the rest of the
// game be played; if more than one way or none does, it is an error. The
// first move that is not legal stops the replay with a *ReplayError; the
// record holds the moves before it.
//
// Squares are read in the numbering of the GameType's notation digit ("N0":
// square 1 bottom-left; "A2": a1 top-left). Some files write a digit their
// moves do not follow; a game that does not replay so but replays in the
// standard numbering is read in the standard one.
func (g PDNGame) Replay() (Record, error) {
	v, err := g.Variant()
	if err != nil {
		return Record{}, err
	}
	n := g.numbering()
	r, err := g.renumbered(v, n).replay(v)
	if err != nil && n != standardNumbering {
		// Some files write a notation digit their moves do not follow
		// (kurnik: "20,W,10,10,N1,0" over moves numbered from the top-left).
		if std, serr := g.replay(v); serr == nil {
			return std, nil
		}
	}
	return r, err
}

// replay plays g, whose squares are numbered as standard.
func (g PDNGame) replay(v Variant) (Record, error) {
	start, err := g.start(v)
	if err != nil {
		return Record{}, err
	}
	r := NewRecord(start)
	budget := maxReadings
	err = g.replayFrom(&r, start, &budget)
	return r, err
}

// maxReadings bounds the readings of ambiguous captures one replay tries, so
// that a file made of ambiguous moves cannot make it run for ever.
const maxReadings = 256

// replayFrom appends to r the moves of g from ply len(r.Moves), p being the
// position there; budget counts the readings of ambiguous moves left.
func (g PDNGame) replayFrom(r *Record, p Position, budget *int) error {
	var buf [64]Move
	for i := len(r.Moves); i < len(g.Moves); i++ {
		pm := g.Moves[i]
		m, err := p.ResolveAbbreviated(pm.Text)
		var me *MoveError
		if errors.As(err, &me) && me.Kind == MoveAmbiguous {
			m, err = g.disambiguate(*r, p, me, budget)
		}
		if err != nil {
			e := &ReplayError{Ply: i + 1, Label: r.MoveLabel(i + 1), Text: pm.Text.String(), Line: pm.Line, Col: pm.Col, Err: err}
			for _, l := range p.LegalMoves(buf[:0]) {
				e.Legal = append(e.Legal, p.Notation(l))
			}
			return e
		}
		r.Moves = append(r.Moves, m)
		p = p.Play(m)
	}
	return nil
}

// disambiguate picks, among the candidates of an ambiguous capture, the one
// with which the rest of the game replays.
func (g PDNGame) disambiguate(r Record, p Position, me *MoveError, budget *int) (Move, error) {
	var ok []Move
	for _, m := range me.Moves {
		if *budget <= 0 {
			return Move{}, me
		}
		*budget--
		try := Record{Start: r.Start, Moves: append(r.Moves[:len(r.Moves):len(r.Moves)], m)}
		if g.replayFrom(&try, p.Play(m), budget) == nil {
			ok = append(ok, m)
		}
	}
	if len(ok) == 1 {
		return ok[0], nil
	}
	return Move{}, me
}
