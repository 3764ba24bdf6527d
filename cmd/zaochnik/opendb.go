package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"zaochnik/storage"
)

// openExisting opens the store at path for a command that reads it or works
// on what is there. storage.Open would create a missing file: a mistyped
// --db would then answer "not found" from an empty new database and leave
// it behind. Only the commands that create a tournament from its file
// (tournament create, demo, replay, rebuild) create a store.
func openExisting(path string) (*storage.DB, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no database at %s; create it with zaochnik tournament create FILE --db %s, or give the right --db", path, path)
	}
	return storage.OpenExisting(path)
}
