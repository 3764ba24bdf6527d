package mailbox

import (
	"net/netip"
	"strings"

	"github.com/emersion/go-msgauth/authres"
)

// The methods by which the receiving server authenticated a letter's From
// domain, as Authenticate reports them.
const (
	AuthDMARC = "dmarc"
	AuthDKIM  = "dkim"
	AuthSPF   = "spf"
	AuthNone  = "none"
)

// AuthPolicy says which Authentication-Results a reader may believe.
type AuthPolicy struct {
	// AuthservID is the authserv-id the receiving server writes its
	// results under (RFC 8601 section 2.5). Empty: no header is believed.
	AuthservID string
	// TrustedHosts name the hosts of the receiving side: a Received
	// header whose "by" host is one of them (or a subdomain) was written
	// by them. Empty means AuthservID alone.
	TrustedHosts []string
}

// Authentication is what the receiving server's trusted headers say of the
// letter's From domain.
type Authentication struct {
	// Method is AuthDMARC, AuthDKIM or AuthSPF when that method passed
	// aligned with the From domain (the strongest is named), else AuthNone.
	Method string
	// Detail says what was found, for the store and the log.
	Detail string
}

// Authenticate reads the letter's trace (Received and
// Authentication-Results, top down) as RFC 8601 section 5 asks: only the
// results written under p.AuthservID above the first Received header that
// our side did not write count, since anything lower may have been written
// by the sender. DMARC pass for the From domain, a DKIM signature that
// passed for a domain aligned with it, or SPF pass for an envelope sender
// aligned with it authenticates; a DMARC failure for the From domain
// outweighs any pass. Anything else, including no header at all, is
// AuthNone: the caller must fail closed.
//
// Alignment is relaxed (RFC 7489 section 3.1) approximated without a
// public-suffix list: the two domains are equal or one is a subdomain of
// the other.
func Authenticate(in *Incoming, p AuthPolicy) Authentication {
	none := Authentication{Method: AuthNone}
	_, domain, ok := strings.Cut(in.From.Addr, "@")
	if p.AuthservID == "" {
		none.Detail = "no authserv-id configured: Authentication-Results are not read"
		return none
	}
	if !ok || domain == "" {
		none.Detail = "no readable From address"
		return none
	}
	trusted := p.TrustedHosts
	if len(trusted) == 0 {
		trusted = []string{p.AuthservID}
	}
	best, failed := "", ""
	seen := 0
	for _, f := range in.Trace {
		if strings.EqualFold(f.Name, "Received") {
			if !ourReceived(f.Value, trusted) {
				break
			}
			continue
		}
		id, results, err := authres.Parse(f.Value)
		if err != nil || !strings.EqualFold(id, p.AuthservID) {
			continue
		}
		seen++
		for _, r := range results {
			m, fail := judge(r, domain)
			if fail != "" && failed == "" {
				failed = fail
			}
			if rank(m) > rank(best) {
				best = m
			}
		}
	}
	switch {
	case failed != "":
		none.Detail = failed + " at " + p.AuthservID
	case best != "":
		return Authentication{Method: best, Detail: best + "=pass aligned with " + domain + " at " + p.AuthservID}
	case seen == 0:
		none.Detail = "no Authentication-Results of " + p.AuthservID + " above the first foreign Received header"
	default:
		none.Detail = "no DMARC, DKIM or SPF pass aligned with " + domain + " at " + p.AuthservID
	}
	return none
}

// rank orders the methods by strength.
func rank(m string) int {
	switch m {
	case AuthDMARC:
		return 3
	case AuthDKIM:
		return 2
	case AuthSPF:
		return 1
	}
	return 0
}

// judge reads one result for the From domain: the method it authenticates
// with, or a DMARC failure.
func judge(r authres.Result, domain string) (method, failure string) {
	switch r := r.(type) {
	case *authres.DMARCResult:
		if !strings.EqualFold(r.From, domain) {
			return "", ""
		}
		switch r.Value {
		case authres.ResultPass:
			return AuthDMARC, ""
		case authres.ResultFail:
			return "", "dmarc=fail header.from=" + r.From
		}
	case *authres.DKIMResult:
		d := r.Domain
		if d == "" {
			_, d, _ = strings.Cut(r.Identifier, "@")
		}
		if r.Value == authres.ResultPass && aligned(d, domain) {
			return AuthDKIM, ""
		}
	case *authres.SPFResult:
		from := r.From
		if i := strings.LastIndexByte(from, '@'); i >= 0 {
			from = from[i+1:]
		}
		if r.Value == authres.ResultPass && aligned(from, domain) {
			return AuthSPF, ""
		}
	}
	return "", ""
}

// aligned reports relaxed alignment of an authenticated domain d with the
// From domain.
func aligned(d, from string) bool {
	d, from = strings.ToLower(strings.TrimSuffix(d, ".")), strings.ToLower(from)
	return d != "" && (d == from || strings.HasSuffix(from, "."+d) || strings.HasSuffix(d, "."+from))
}

// ourReceived reports whether a Received header was written by the
// receiving side: its "by" host is trusted, or an address literal or
// absent (the internal hops of large providers name no host).
func ourReceived(v string, trusted []string) bool {
	by := receivedBy(v)
	if by == "" {
		return true
	}
	if isAddrLiteral(strings.Trim(by, "[]")) {
		return true
	}
	for _, t := range trusted {
		t = strings.ToLower(strings.TrimSuffix(t, "."))
		if by == t || strings.HasSuffix(by, "."+t) {
			return true
		}
	}
	return false
}

// isAddrLiteral reports whether s is an IP address as netip.ParseAddr
// reads one, asking it only when s could be one: an IPv4 address starts
// with a digit, an IPv6 one has a colon; a host name, nearly every "by",
// is told at once, without the error ParseAddr builds for it
// (FuzzIsAddrLiteral).
func isAddrLiteral(s string) bool {
	if s == "" || (s[0] < '0' || s[0] > '9') && strings.IndexByte(s, ':') < 0 {
		return false
	}
	_, err := netip.ParseAddr(s)
	return err == nil
}

// receivedBy is the lower-case host of a Received header's "by" clause:
// the field after the first field "by" (in any case), fields split at
// white space as strings.Fields splits them, without the slice
// (FuzzReceivedBy).
func receivedBy(v string) string {
	if i := strings.LastIndexByte(v, ';'); i >= 0 {
		v = v[:i]
	}
	by := false
	for f := range strings.FieldsSeq(v) {
		if by {
			return strings.ToLower(strings.TrimSuffix(f, "."))
		}
		by = strings.EqualFold(f, "by")
	}
	return ""
}
