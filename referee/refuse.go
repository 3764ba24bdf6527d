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
	return r.keep(ctx, l, nil, storage.Refused, reason)
}
