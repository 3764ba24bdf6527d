package timecontrol

import "sort"

// overlap returns how many days of s fall in (after, upto]: the days a
// letter received on after and answered on upto would be charged.
func (s span) overlap(after, upto Date) int {
	lo, hi := s.from, s.to
	if !lo.After(after) {
		lo = after.AddDays(1)
	}
	if upto.Before(hi) {
		hi = upto
	}
	if hi.Before(lo) {
		return 0
	}
	return hi.Sub(lo) + 1
}

// union merges spans into sorted, disjoint runs, so a day both players
// took as a break is removed once.
func union(ss []span) []span {
	out := append([]span(nil), ss...)
	sort.Slice(out, func(i, j int) bool { return out[i].from.Before(out[j].from) })
	merged := out[:0]
	for _, s := range out {
		if n := len(merged); n > 0 && !s.from.After(merged[n-1].to.AddDays(1)) {
			if s.to.After(merged[n-1].to) {
				merged[n-1].to = s.to
			}
			continue
		}
		merged = append(merged, s)
	}
	return merged
}

// ReplyDays returns the days a reply costs under 6.3.1: the days d with
// received < d <= sent that are not in any of breaks (each given as its
// first and last day, both included, 6.4.3). A same-day reply costs 0; the
// result is never negative.
func ReplyDays(received, sent Date, breaks ...[2]Date) int {
	ss := make([]span, len(breaks))
	for i, b := range breaks {
		ss[i] = span{b[0], b[1]}
	}
	days, _ := countDays(received, sent, union(ss))
	return days
}

// countDays returns the days of (after, upto] outside the disjoint spans u,
// and how many days the spans removed.
func countDays(after, upto Date, u []span) (days, removed int) {
	if !upto.After(after) {
		return 0, 0
	}
	for _, s := range u {
		removed += s.overlap(after, upto)
	}
	return upto.Sub(after) - removed, removed
}

// roundHalfDown divides sum by n (n > 0, sum >= 0) to the nearest whole
// number, an exact half going down.
func roundHalfDown(sum, n int) int {
	q, r := sum/n, sum%n
	if 2*r > n {
		q++
	}
	return q
}
