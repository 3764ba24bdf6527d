package referee

import (
	"context"
	"fmt"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// Answer queues the secretary's own letter to the sender of stored letter
// id, with an event for the record, in the tournament the letter is of by
// the rule a received letter follows (corr.PickTournament: the only one
// its sender plays in, else the one it names, else the only one there
// is): the store keeps letters within a tournament, so a letter of none is
// refused with what to do.
func (r *Referee) Answer(ctx context.Context, id int64, subject, body string) (corr.Outgoing, error) {
	l, err := r.DB.Letter(ctx, id)
	if err != nil {
		return corr.Outgoing{}, err
	}
	mine, all, err := r.DB.SenderCiphers(ctx, l.From)
	if err != nil {
		return corr.Outgoing{}, err
	}
	sub, text := Text(l)
	cipher := corr.PickTournament(mine, all, sub, text)
	if cipher == "" {
		return corr.Outgoing{}, fmt.Errorf("letter %d from %s names none of the %d tournaments it could be of, and the store keeps a letter only within a tournament: answer from your own mail",
			id, l.From, len(mine)+len(all))
	}
	st, err := r.DB.State(ctx, cipher)
	if err != nil {
		return corr.Outgoing{}, err
	}
	day := timecontrol.DateOf(r.DB.Now().In(st.Tournament.Location()))
	o := corr.Outgoing{To: l.From, Kind: "secretary", Subject: subject, Body: body, InReplyTo: l.MessageID}
	_, err = r.deskChange(ctx, cipher, day, false, keepState(func(d adjudication.Desk, _ corr.State) (adjudication.Desk, corr.Outcome, error) {
		return d, corr.Outcome{Accepted: true, Events: []corr.Event{{Date: day, Kind: "secretary-answer", Detail: fmt.Sprintf("letter %d, to %s", id, l.From)}},
			Out: []corr.Outgoing{o}}, nil
	}))
	return o, err
}
