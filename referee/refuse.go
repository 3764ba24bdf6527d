package referee

import (
	"context"

	"zaochnik/corr/letter"
	"zaochnik/storage"
)

// Refuse keeps letter l refused, unread, with the reason: a letter its
// fetcher already found unusable (replay's file without a postmark, say).
// Like Receive it is idempotent: a letter stored before keeps what became
// of it.
func (r *Referee) Refuse(ctx context.Context, l Letter, reason letter.Reason) (Outcome, error) {
	l.Mail = nil
	outs, err := r.takeAll(ctx, []checked{{Arrival: storage.Arrival{Received: storage.Received{Incoming: r.incoming(l)}}, keep: storage.Refused, why: reason}})
	if len(outs) == 0 {
		return Outcome{}, err
	}
	return outs[0], err
}
