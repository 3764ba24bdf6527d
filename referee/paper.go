package referee

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"zaochnik/corr"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// PaperLetter is a letter that came by post, as the secretary enters it.
type PaperLetter struct {
	Game   string // the game's code, "ЧР 1-2"
	Player int    // the sender's start number
	// Posted is the posting date on the sender's postmark (6.3.1: the days
	// of a reply run to it); Received the date on the arrival postmark.
	Posted, Received timecontrol.Date
	Text             string // the letter as typed
}

// paperPrefix starts the Message-ID of a paper letter: it has no MIME to
// read (see Text).
const paperPrefix = "<paper-"

// EnterPaperLetter applies the secretary's paper letter p: it is stored as
// received at noon of its arrival date in the tournament's zone, and its
// posting date is the sent date of 6.3.1. The secretary holds the letter
// and its postmarks, so she vouches for it (corr.AuthDesk). Its Message-ID
// is derived from its contents: the same letter entered twice is applied
// once, and the second entry is ErrConflict.
func (r *Referee) EnterPaperLetter(ctx context.Context, p PaperLetter) (corr.Outcome, error) {
	cipher, _, err := corr.ParseGameCode(p.Game)
	if err != nil {
		return corr.Outcome{}, fmt.Errorf("game %q: %v: %w", p.Game, err, ErrNotFound)
	}
	st, err := r.DB.State(ctx, cipher)
	if err != nil {
		return corr.Outcome{}, err
	}
	if _, ok := st.Game(p.Game); !ok {
		return corr.Outcome{}, fmt.Errorf("game %q: %w", p.Game, ErrNotFound)
	}
	pl, ok := st.Tournament.Player(p.Player)
	if !ok {
		return corr.Outcome{}, fmt.Errorf("player %d in %s: %w", p.Player, cipher, ErrNotFound)
	}
	if p.Posted.After(p.Received) {
		return corr.Outcome{}, fmt.Errorf("posted on %s, after its arrival on %s: give the dates of the two postmarks: %w", p.Posted, p.Received, ErrConflict)
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d\x00%s\x00%s\x00%s", p.Game, p.Player, p.Posted, p.Received, p.Text))
	noon := time.Date(p.Received.Year(), p.Received.Month(), p.Received.Day(), 12, 0, 0, 0, st.Tournament.Location())
	res, err := r.ReceiveDecoded(ctx, storage.Received{
		Incoming: storage.Incoming{MessageID: paperPrefix + hex.EncodeToString(sum[:12]) + "@zaochnik.invalid>", Raw: []byte(p.Text), Postmark: noon, From: pl.Email},
		Subject:  p.Game, Text: p.Text, Posted: p.Posted,
		Auth: corr.Auth{Method: corr.AuthDesk, Detail: "paper letter entered at the desk"},
	})
	if err != nil {
		return corr.Outcome{}, err
	}
	if !res.Fresh {
		return corr.Outcome{}, fmt.Errorf("this paper letter was entered before (letter %d); it is not applied twice: %w", res.LetterID, ErrConflict)
	}
	return res.Outcome, nil
}

// isPaper reports whether a stored letter was entered from paper.
func isPaper(messageID string) bool { return strings.HasPrefix(messageID, paperPrefix) }
