package tables

import (
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"sync"
	"sync/atomic"

	"zaochnik/corr/draughts"
)

// slice is the solved table of one material.
type slice struct {
	layout
	val []uint8
}

// Set is the tables of one variant for every material of up to Pieces
// pieces, each side having at least one piece. A table not in memory is
// read, when first needed, through the set's loader.
type Set struct {
	b      *board
	pieces int
	load   func(m Material, size int) ([]byte, error)
	mu     sync.Mutex // held while loading
	// failed is the first table that could not be read though its file is
	// there (corrupt, truncated, of another build): see Err.
	failed atomic.Pointer[error]
	slices [maxSide + 1][maxSide + 1][maxSide + 1][maxSide + 1]atomic.Pointer[slice]
}

// NewSet returns the tables of v up to pieces pieces, none solved yet:
// BuildSlice solves them, and load, if not nil, reads one written before
// (the bytes of MarshalSlice), which are size bytes: a loader reading a
// compressed file stops there (ReadCompressed).
func NewSet(v draughts.Variant, pieces int, load func(m Material, size int) ([]byte, error)) (*Set, error) {
	if v != draughts.Russian && v != draughts.International && v != draughts.EightySquare {
		return nil, fmt.Errorf("tables: variant %v: only russian, 10x8 and international have tables", v)
	}
	if pieces < 2 || pieces > MaxPieces {
		return nil, fmt.Errorf("tables: %d pieces: give 2 to %d", pieces, MaxPieces)
	}
	return &Set{b: newBoard(v), pieces: pieces, load: load}, nil
}

// Variant is the variant the tables were built for.
func (s *Set) Variant() draughts.Variant { return s.b.v }

// Pieces is the most pieces a position of the tables has.
func (s *Set) Pieces() int { return s.pieces }

// Positions is the number of entries (positions, one byte each) of all
// the tables.
func (s *Set) Positions() int {
	n := 0
	for _, m := range Materials(s.pieces) {
		n += s.Entries(m)
	}
	return n
}

// Drop forgets m's table (the loader reads it again when needed), to
// bound the memory of a build.
func (s *Set) Drop(m Material) {
	if c := s.cell(m); c != nil {
		c.Store(nil)
	}
}

func (s *Set) put(t *slice) { s.cell(t.m).Store(t) }

// cell is m's place in the set, nil for a material not in it.
func (s *Set) cell(m Material) *atomic.Pointer[slice] {
	c := m.counts()
	for _, x := range c {
		if x < 0 || x > maxSide {
			return nil
		}
	}
	if m.Pieces() > s.pieces || m.WhiteMen+m.WhiteKings == 0 || m.BlackMen+m.BlackKings == 0 {
		return nil
	}
	return &s.slices[m.WhiteMen][m.WhiteKings][m.BlackMen][m.BlackKings]
}

// errMissing: a table not in the set and no loader to read it.
var errMissing = errors.New("not built")

// slice returns m's table, loading it if need be; nil if m is not in the
// set or cannot be read.
func (s *Set) slice(m Material) (*slice, error) {
	c := s.cell(m)
	if c == nil {
		return nil, fmt.Errorf("tables: %v is not a material of the %d-piece tables", m, s.pieces)
	}
	if t := c.Load(); t != nil {
		return t, nil
	}
	if s.load == nil {
		return nil, errMissing
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := c.Load(); t != nil {
		return t, nil
	}
	data, err := s.load(m, s.fileSize(m))
	if err != nil {
		return nil, err
	}
	t, err := s.unmarshalSlice(m, data)
	if err != nil {
		return nil, fmt.Errorf("tables: the %v table: %w (delete its file and build again)", m, err)
	}
	c.Store(t)
	return t, nil
}

// noteFailure keeps err as the set's first read failure, unless it only
// says that the table's file is absent (a set may stop short of a material).
func (s *Set) noteFailure(err error) {
	if err == nil || errors.Is(err, errMissing) || errors.Is(err, fs.ErrNotExist) {
		return
	}
	s.failed.CompareAndSwap(nil, &err)
}

// Err is the first table that could not be read though it should have
// been (a corrupt or truncated file), or nil. A probe treats such a table
// as absent, so whoever reports a proof from the set must check Err: an
// answer given without a table that is there but unreadable is not the
// tables' answer.
func (s *Set) Err() error {
	if e := s.failed.Load(); e != nil {
		return *e
	}
	return nil
}

func defaultWorkers() int { return runtime.GOMAXPROCS(0) }
