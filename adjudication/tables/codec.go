package tables

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
)

// magic opens the bytes of one table.
const magic = "ZKT2"

// MarshalSlice returns m's table as bytes: the magic, the variant, the
// four counts of the material, then the entries; false when it is not
// solved.
func (s *Set) MarshalSlice(m Material) ([]byte, bool) {
	c := s.cell(m)
	if c == nil || c.Load() == nil {
		return nil, false
	}
	return append(s.header(m), c.Load().val...), true
}

// header is the bytes before the entries of m's table.
func (s *Set) header(m Material) []byte {
	return append([]byte(magic), byte(s.b.v), byte(m.WhiteMen), byte(m.WhiteKings), byte(m.BlackMen), byte(m.BlackKings))
}

// WriteSlice writes the bytes of MarshalSlice to w without copying the
// table (a 6-piece table has up to hundreds of megabytes); false when m
// is not solved.
func (s *Set) WriteSlice(w io.Writer, m Material) (bool, error) {
	c := s.cell(m)
	if c == nil || c.Load() == nil {
		return false, nil
	}
	t := c.Load()
	if _, err := w.Write(s.header(m)); err != nil {
		return true, err
	}
	_, err := w.Write(t.val)
	return true, err
}

// fileSize is the bytes of m's table as MarshalSlice writes them: the
// header and an entry a position of the index.
func (s *Set) fileSize(m Material) int {
	return len(magic) + 5 + s.Entries(m)
}

// ReadCompressed reads a table file of zaochnik tables build (the bytes of
// MarshalSlice, gzip-compressed) from r, named name in its errors, of size
// bytes (what the set asks its loader for). It reads no further than
// size: a file that decompresses to more (a gzip bomb, or no table file)
// is refused, as it is read, before it takes more memory or time than its
// table would.
func ReadCompressed(r io.Reader, name string, size int) ([]byte, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w (not a file of zaochnik tables build: delete it and build again)", name, err)
	}
	// Read into the table's size and one byte more, allocated once.
	data, n := make([]byte, size+1), 0
	for n < len(data) {
		k, err := zr.Read(data[n:])
		n += k
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w (delete it and build again)", name, err)
		}
	}
	data = data[:n]
	if len(data) > size {
		return nil, fmt.Errorf("%s: decompresses to more than the %d bytes of its table (not a file of zaochnik tables build: delete it and build again)", name, size)
	}
	return data, nil
}

// unmarshalSlice reads m's table made by MarshalSlice. It checks the
// header and the length; the entries are trusted (the files are written
// whole or not at all).
func (s *Set) unmarshalSlice(m Material, data []byte) (*slice, error) {
	const head = len(magic) + 5
	if len(data) < head || string(data[:len(magic)]) != magic {
		return nil, errors.New("tables: not a table file (bad header): build it again with zaochnik tables build")
	}
	h := data[len(magic):head]
	got := Material{int(h[1]), int(h[2]), int(h[3]), int(h[4])}
	if int(h[0]) != int(s.b.v) || got != m {
		return nil, fmt.Errorf("tables: the file holds %d %v, not %v %v: build it again", h[0], got, s.b.v, m)
	}
	t := &slice{layout: s.b.layout(m)}
	if n := t.entries(); len(data)-head != n {
		return nil, fmt.Errorf("tables: %v has %d entries, want %d: build it again", m, len(data)-head, n)
	}
	t.val = data[head:]
	return t, nil
}

// LoadSlice reads m's table from bytes made by MarshalSlice into the set.
func (s *Set) LoadSlice(m Material, data []byte) error {
	c := s.cell(m)
	if c == nil {
		return fmt.Errorf("tables: %v is not a material of the %d-piece tables", m, s.pieces)
	}
	t, err := s.unmarshalSlice(m, data)
	if err != nil {
		return err
	}
	c.Store(t)
	return nil
}
