package referee

import (
	"errors"

	"zaochnik/storage"
)

// The errors a use case wraps, so that each edge (the desk's HTTP status,
// a command's exit status) maps them once.
var (
	// ErrNotFound: the tournament, game, claim or letter does not exist.
	ErrNotFound = storage.ErrNotFound
	// ErrConflict: the thing asked cannot be done now (a letter that
	// waits for its sender's confirmation, a paper letter entered twice).
	ErrConflict = errors.New("not possible now")
)
