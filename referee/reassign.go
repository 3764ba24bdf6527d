package referee

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/storage"
)

// Reassign applies stored letter id again as if its subject named game:
// the secretary's answer to a letter the referee refused or ignored for
// want of a game. The stored raw letter is decoded here, at the edge; a
// copy under a derived Message-ID goes to the store with the game's code in
// its subject and the letter's own postmark (the day of the secretary's
// action does not change the receipt date, 6.3.1), vouched for by the desk
// (corr.AuthDesk), and the original is set aside (storage.Assigned) with a
// note saying where it went, in the same transaction. A letter whose text names another game by
// cipher and numbers is still read as naming that game.
//
// A held letter is ErrConflict: it waits for its sender's confirmation,
// and nobody vouches for it before. Assigning the same letter to the same
// game twice applies it once; the second time is ErrConflict.
func (r *Referee) Reassign(ctx context.Context, id int64, game string) (corr.Outcome, error) {
	cipher, p, err := corr.ParseGameCode(game)
	if err != nil {
		return corr.Outcome{}, fmt.Errorf("game %q: %v: %w", game, err, ErrNotFound)
	}
	l, err := r.DB.Letter(ctx, id)
	if err != nil {
		return corr.Outcome{}, err
	}
	if l.Disposition == storage.Held {
		return corr.Outcome{}, fmt.Errorf("letter %d waits for its sender's confirmation (nothing authenticated it); it is applied when he confirms it: %w", id, ErrConflict)
	}
	in, err := r.Reading.Decode(l.Raw)
	if err != nil {
		return corr.Outcome{}, fmt.Errorf("letter %d does not read as mail (%v); enter it as a paper letter: %w", id, err, ErrConflict)
	}
	sum := sha256.Sum256([]byte(game))
	rec := storage.Received{
		Incoming: storage.Incoming{MessageID: fmt.Sprintf("<assigned-%d-%s@zaochnik.invalid>", id, hex.EncodeToString(sum[:6])), Raw: l.Raw, Postmark: l.Postmark, From: l.From},
		Subject:  letter.FormatGameCode(cipher, p.White, p.Black) + " " + in.Subject, Text: in.Text,
		Auth: corr.Auth{Method: corr.AuthDesk, Detail: fmt.Sprintf("letter %d assigned to %s by the secretary", id, game)},
	}
	rec.Incoming = rec.Named()
	var res storage.Result
	var n note
	// The copy applied and the original set aside in one transaction: a
	// crash between them would leave the letter applied and still offered
	// for assignment, or set aside and never applied.
	err = r.DB.Update(ctx, func(tx *storage.Tx) error {
		o, line, err := r.take(ctx, tx, checked{Arrival: storage.Arrival{Received: rec}}, nil, 0)
		if err != nil {
			return err
		}
		res, n = o.Result, line
		return tx.SetDisposition(ctx, id, storage.Assigned, letter.Because(letter.ReasonAssigned, game, res.LetterID))
	})
	if err != nil {
		return corr.Outcome{}, fmt.Errorf("referee: assign letter %d to game %s: %w", id, game, err)
	}
	r.write(n)
	if !res.Fresh {
		return corr.Outcome{}, fmt.Errorf("letter %d was assigned to game %s before (letter %d); it is not applied twice: %w", id, game, res.LetterID, ErrConflict)
	}
	return res.Outcome, nil
}
