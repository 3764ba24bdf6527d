package web

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// Login throttling. After throttleFree failed logins the next attempt waits
// throttleBase, doubling with each further failure up to throttleMax. The
// count is kept per address and per account; an account's count holds back
// only addresses that have failed before, so a password guessed at from
// elsewhere never locks out its owner at her usual address. An attempt in
// progress counts as a failure until it ends: many at once from one address
// are refused before the password hash is computed (bcrypt costs ~0.1 s of
// CPU each).
const (
	throttleFree = 5
	throttleBase = time.Second
	throttleMax  = 15 * time.Minute
	// throttleForget drops the count of a key this long after its last failure.
	throttleForget = time.Hour
)

// throttle counts failed logins; the zero value is ready.
type throttle struct {
	mu   sync.Mutex
	keys map[string]*failures
}

// failures are one key's failed logins.
type failures struct {
	n       int       // failed logins
	pending int       // attempts in progress
	last    time.Time // the last failure
}

// wait is how long key must wait at now before its next attempt.
func (f *failures) wait(now time.Time) time.Duration {
	if f == nil || f.n+f.pending < throttleFree {
		return 0
	}
	if f.n < throttleFree { // attempts in progress fill the free ones
		return throttleBase
	}
	d := throttleBase
	for i := throttleFree; i < f.n && d < throttleMax; i++ {
		d *= 2
	}
	return max(0, f.last.Add(min(d, throttleMax)).Sub(now))
}

// begin reserves an attempt of account from ip at now, or returns how long
// to wait. Every begin that returns 0 must be followed by end.
func (t *throttle) begin(ip, account string, now time.Time) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.keys == nil {
		t.keys = map[string]*failures{}
	}
	t.forget(now)
	byIP, byAccount := t.keys["ip "+ip], t.keys["account "+account]
	w := byIP.wait(now)
	if byIP != nil && byIP.n > 0 {
		w = max(w, byAccount.wait(now))
	}
	if w > 0 {
		return w
	}
	for _, k := range []string{"ip " + ip, "account " + account} {
		if t.keys[k] == nil {
			t.keys[k] = &failures{}
		}
		t.keys[k].pending++
	}
	return 0
}

// end closes an attempt: a success clears the address's and the account's
// counts, a failure adds to both.
func (t *throttle) end(ip, account string, ok bool, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, k := range []string{"ip " + ip, "account " + account} {
		f := t.keys[k]
		if f == nil {
			continue
		}
		f.pending = max(0, f.pending-1)
		if ok {
			f.n = 0
		} else {
			f.n++
			f.last = now
		}
	}
}

// forget drops the keys idle for throttleForget, so the map stays small.
func (t *throttle) forget(now time.Time) {
	for k, f := range t.keys {
		if f.pending == 0 && now.Sub(f.last) > throttleForget {
			delete(t.keys, k)
		}
	}
}

// clientIP is the address of the request's peer, without the port.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
