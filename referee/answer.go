package referee

import (
	"context"
	"fmt"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// Answer queues the secretary's own letter to the sender of stored letter
// id, with an event for the record, in the tournament the sender plays in
// (or the only tournament there is): the store keeps letters within a
// tournament, so a sender of none of several is refused with what to do.
func (r *Referee) Answer(ctx context.Context, id int64, subject, body string) (corr.Outgoing, error) {
	l, err := r.DB.Letter(ctx, id)
	if err != nil {
		return corr.Outgoing{}, err
	}
	st, err := r.senderTournament(ctx, l.From)
	if err != nil {
		return corr.Outgoing{}, err
	}
	day := timecontrol.DateOf(r.DB.Now().In(st.Tournament.Location()))
	o := corr.Outgoing{To: l.From, Kind: "secretary", Subject: subject, Body: body, InReplyTo: l.MessageID}
	_, err = r.deskChange(ctx, st.Tournament.Cipher, day, false, keepState(func(d adjudication.Desk, _ corr.State) (adjudication.Desk, corr.Outcome, error) {
		return d, corr.Outcome{Accepted: true, Events: []corr.Event{{Date: day, Kind: "secretary-answer", Detail: fmt.Sprintf("letter %d, to %s", id, l.From)}},
			Out: []corr.Outgoing{o}}, nil
	}))
	return o, err
}

// senderTournament returns the tournament addr plays in, or the only one.
func (r *Referee) senderTournament(ctx context.Context, addr string) (corr.State, error) {
	ciphers, err := r.DB.Ciphers(ctx)
	if err != nil {
		return corr.State{}, err
	}
	var only corr.State
	for _, c := range ciphers {
		st, err := r.DB.State(ctx, c)
		if err != nil {
			return corr.State{}, err
		}
		if _, ok := st.Tournament.PlayerByEmail(addr); ok {
			return st, nil
		}
		only = st
	}
	if len(ciphers) == 1 {
		return only, nil
	}
	return corr.State{}, fmt.Errorf("%s plays in none of the %d tournaments here, and the store keeps a letter only within a tournament: answer from your own mail", addr, len(ciphers))
}
