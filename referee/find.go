package referee

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"zaochnik/corr"
	"zaochnik/corr/letter"
)

// OnlyTournament returns cipher, or the store's only tournament when it is
// "" (a store of several needs the cipher named).
func (r *Referee) OnlyTournament(ctx context.Context, cipher string) (string, error) {
	if cipher != "" {
		return cipher, nil
	}
	cs, err := r.DB.Ciphers(ctx)
	if err != nil {
		return "", err
	}
	if len(cs) != 1 {
		return "", fmt.Errorf("the store holds %d tournaments (%s); name one with --tournament", len(cs), strings.Join(cs, ", "))
	}
	return cs[0], nil
}

// FindGame reads a game as a person writes it: "[CIPHER #1-2]" as in the
// letters' subjects, "CIPHER 1-2", or "1-2" in tournament cipher (""
// is the store's only one). It returns the store's code of the game and
// its tournament; a game not stored is ErrNotFound.
func (r *Referee) FindGame(ctx context.Context, ref, cipher string) (code, tournament string, err error) {
	if g, ok := letter.ParseGameCode(ref); ok {
		ref = g.Cipher + " " + strconv.Itoa(g.White) + "-" + strconv.Itoa(g.Black)
	}
	if !strings.Contains(strings.TrimSpace(ref), " ") {
		c, err := r.OnlyTournament(ctx, cipher)
		if err != nil {
			return "", "", err
		}
		ref = c + " " + strings.TrimSpace(ref)
	}
	c, p, err := corr.ParseGameCode(ref)
	if err != nil {
		return "", "", fmt.Errorf("game %q: %v; write it as in the letters' subjects, e.g. \"[ТЕСТ-2026 #1-2]\"", ref, err)
	}
	code = corr.GameCode(c, p)
	tournament, err = r.DB.GameTournament(ctx, code)
	return code, tournament, err
}
