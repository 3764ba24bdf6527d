package tables

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/corr/draughts"
)

// gz compresses b.
func gz(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, err := zw.Write(b)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// A table file is read no further than the size of its table (computed
// from the index): a small file that decompresses beyond it (a gzip bomb)
// is refused naming the file, and the set keeps the failure as its Err,
// the position unproven.
func TestReadCompressed_StopsAtTheTablesSize(t *testing.T) {
	s, err := Build(draughts.Russian, 2, nil)
	require.NoError(t, err)
	m := Material{WhiteKings: 1, BlackKings: 1}
	table, ok := s.MarshalSlice(m)
	require.True(t, ok)
	size := s.fileSize(m)
	require.Equal(t, len(table), size, "the size computed from the index is the file's")

	// 64 MiB of zeros in 64 KiB, cut in half: read to its end it fails as
	// truncated, so only a reader that stops at size reports the size.
	bomb := gz(t, make([]byte, 64<<20))
	require.Less(t, len(bomb), 128<<10)
	bomb = bomb[:len(bomb)/2]
	tests := []struct {
		name    string
		file    []byte
		want    []byte
		wantErr string
	}{
		{"Table", gz(t, table), table, ""},
		{"Bomb", bomb, nil, fmt.Sprintf("wm0wk1bm0bk1.zkt.gz: decompresses to more than the %d bytes of its table", size)},
		{"OneByteTooMany", gz(t, append(append([]byte(nil), table...), 0)), nil, "decompresses to more than"},
		{"NotGzip", table, nil, "wm0wk1bm0bk1.zkt.gz: gzip: invalid header (not a file of zaochnik tables build"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadCompressed(bytes.NewReader(tt.file), m.String()+".zkt.gz", size)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				assert.Nil(t, got)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}

	t.Run("SetErr", func(t *testing.T) {
		u, err := NewSet(draughts.Russian, 2, func(m Material, size int) ([]byte, error) {
			return ReadCompressed(bytes.NewReader(bomb), m.String()+".zkt.gz", size)
		})
		require.NoError(t, err)
		p, err := draughts.ParseFEN(draughts.Russian, "W:WKc1:BKh8")
		require.NoError(t, err)
		_, ok := u.Probe(p)
		assert.False(t, ok, "no answer from a table that could not be read")
		require.ErrorContains(t, u.Err(), "wm0wk1bm0bk1.zkt.gz: decompresses to more than")
	})
}
