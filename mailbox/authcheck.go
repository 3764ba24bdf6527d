package mailbox

import (
	"fmt"
	"strings"

	"github.com/emersion/go-msgauth/authres"
)

// CheckAuthResults refuses a letter whose sender authentication failed, as
// recorded by the receiving server in Authentication-Results (RFC 8601).
// Only headers whose authserv-id is authservID are trusted: anything else
// may have been written by the sender. An empty authservID turns the check
// off (nil).
//
// The letter is refused when, for the From domain, DMARC failed, a DKIM
// signature of that domain failed, or SPF failed for an envelope sender of
// that domain. "softfail", "neutral", "none", "permerror" (a broken record
// at the sender's provider) and "temperror" are not failures: a player whose provider signs nothing can still play.
func CheckAuthResults(in *Incoming, authservID string) error {
	if authservID == "" {
		return nil
	}
	_, domain, ok := strings.Cut(in.From.Addr, "@")
	if !ok {
		return errNoFrom
	}
	for _, v := range in.AuthResults {
		id, results, err := authres.Parse(v)
		if err != nil || !strings.EqualFold(id, authservID) {
			continue
		}
		for _, r := range results {
			if reason := authFailure(r, domain); reason != "" {
				return fmt.Errorf("mailbox: the letter from %s failed sender authentication at %s (%s); it may be forged, so it was not accepted: send it again from your own mail account", in.From.Addr, authservID, reason)
			}
		}
	}
	return nil
}

// authFailure describes r when it is a failure for the From domain.
func authFailure(r authres.Result, domain string) string {
	failed := func(v authres.ResultValue) bool {
		return v == authres.ResultFail || v == authres.ResultHardFail
	}
	switch r := r.(type) {
	case *authres.DMARCResult:
		if failed(r.Value) && (r.From == "" || strings.EqualFold(r.From, domain)) {
			return "dmarc=" + string(r.Value)
		}
	case *authres.DKIMResult:
		d := r.Domain
		if d == "" {
			_, d, _ = strings.Cut(r.Identifier, "@")
		}
		if failed(r.Value) && strings.EqualFold(d, domain) {
			return "dkim=" + string(r.Value) + " header.d=" + d
		}
	case *authres.SPFResult:
		from := r.From
		if i := strings.LastIndexByte(from, '@'); i >= 0 {
			from = from[i+1:]
		}
		if failed(r.Value) && strings.EqualFold(from, domain) {
			return "spf=" + string(r.Value) + " smtp.mailfrom=" + r.From
		}
	}
	return ""
}
