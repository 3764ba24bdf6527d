package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestArchive_StoresOrTellsWithoutBlockingTheFetch: bareArchive's store
// keeps every letter fetched, 256 a transaction; when storing fails it
// still reads the fetch to its end, so that the benchmark fails with the
// error instead of hanging on a fetch blocked on a full channel.
func TestArchive_StoresOrTellsWithoutBlockingTheFetch(t *testing.T) {
	for _, c := range []struct {
		name   string
		schema string
		fails  bool
	}{
		{"Stored", `CREATE TABLE letters (id INTEGER PRIMARY KEY, sha256 TEXT NOT NULL UNIQUE, raw BLOB NOT NULL)`, false},
		{"Failed", `CREATE TABLE other (id INTEGER PRIMARY KEY)`, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			db := bareStore(t)
			defer db.Close()
			_, err := db.Exec(c.schema)
			require.NoError(t, err)
			const batches, each = 10, 100 // more batches than the channel holds
			fetched := make(chan [][]byte, 4)
			stored := make(chan error, 1)
			go func() { stored <- archive(db, fetched) }()
			fed := make(chan struct{})
			go func() {
				defer close(fed)
				for b := range batches {
					raws := make([][]byte, each)
					for i := range raws {
						raws[i] = fmt.Appendf(nil, "letter %d.%d", b, i)
					}
					fetched <- raws
				}
				close(fetched)
			}()
			select {
			case <-fed:
			case <-time.After(10 * time.Second): // a guard against the hang
				t.Fatal("the fetch is blocked: the store stopped reading it")
			}
			err = <-stored
			if c.fails {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			var n int
			require.NoError(t, db.QueryRow(`SELECT count(*) FROM letters`).Scan(&n))
			assert.Equal(t, batches*each, n)
		})
	}
}
