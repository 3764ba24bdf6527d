package referee

import (
	"context"

	"zaochnik/corr"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// Ruling is the judge's ruling on an overstep claim (6.3.7).
type Ruling struct {
	// Claim is the claim's id; when 0, Game and Seq name it.
	Claim   int64
	Game    string
	Seq     int
	Confirm bool   // confirm: the offender loses; reject: play resumes
	Note    string // the judge's reasons, sent with the ruling
	// Day is the date of the ruling; zero is today in the tournament's zone.
	Day timecontrol.Date
}

// Rule applies the judge's ruling on one claim (6.3.7): a confirmed claim
// scores the game as the offender's loss; a rejected one resumes play,
// forwards the claimant's held reply and charges 6 penalty days to a player
// who claimed by letter. The claim is looked up by its id (or its game and
// number); one not found is ErrNotFound.
func (r *Referee) Rule(ctx context.Context, x Ruling) (Done, error) {
	var c storage.ClaimRow
	var err error
	if x.Claim != 0 {
		c, err = r.DB.Claim(ctx, x.Claim)
	} else {
		c, err = r.DB.ClaimOf(ctx, x.Game, x.Seq)
	}
	if err != nil {
		return Done{}, err
	}
	day, err := r.dayOf(ctx, c.Cipher, x.Day)
	if err != nil {
		return Done{}, err
	}
	out, err := r.change(ctx, c.Cipher, day, func(_ *storage.Tx, t storage.Tournament) (corr.State, corr.Outcome, bool, error) {
		next, out, err := corr.Rule(t.State, c.Game, c.Seq, x.Confirm, x.Note, day)
		return next, out, false, err
	})
	return Done{Day: day, Outcome: out}, err
}
