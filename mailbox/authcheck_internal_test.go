package mailbox

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// FuzzReceivedBy: the "by" host is found as in the fields strings.Fields
// splits the header into.
func FuzzReceivedBy(f *testing.F) {
	for _, v := range []string{"from mx by mx.zaochnik.test; Tue, 6 Jan 2026", "by", "BY Host.Example. ", "from a\tby\u00a0b c", "by by x", "x by\u2028y; z", "\xffby x"} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		clause := v
		if i := strings.LastIndexByte(v, ';'); i >= 0 {
			clause = v[:i]
		}
		want := ""
		fields := strings.Fields(clause)
		for i, fl := range fields {
			if strings.EqualFold(fl, "by") && i+1 < len(fields) {
				want = strings.ToLower(strings.TrimSuffix(fields[i+1], "."))
				break
			}
		}
		assert.Equal(t, want, receivedBy(v))
	})
}

// FuzzIsAddrLiteral: an address literal is told as netip.ParseAddr tells it.
func FuzzIsAddrLiteral(f *testing.F) {
	for _, v := range []string{"", "127.0.0.1", "::1", "fe80::1%eth0", "mx.example.ru", "1host", "0x1.2.3.4", "::ffff:1.2.3.4", "a:b"} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		_, err := netip.ParseAddr(v)
		assert.Equal(t, err == nil, isAddrLiteral(v))
	})
}

// TestOurReceived_NoAllocations: telling whose a Received header is
// splits no fields into a slice and asks netip for no error about a host
// name (two allocations a header before).
func TestOurReceived_NoAllocations(t *testing.T) {
	trusted := []string{"mx.zaochnik.test"}
	for _, v := range []string{
		"from mail.example.ru by mx.zaochnik.test; Mon, 2 Mar 2026 10:00:00 +0300",
		"from pc by mail.example.ru; Mon, 2 Mar 2026 09:59:00 +0300",
	} {
		assert.Zero(t, testing.AllocsPerRun(20, func() { ourReceived(v, trusted) }), v)
	}
}
