package engine

import "zaochnik/corr/draughts"

// The draw rules that count moves (the drawn endings and the king-only
// moves) are followed along every line by a draughts.DrawCounter, the same
// counts DrawClaims applies to a finished record: the search can then prove
// a draw by those rules.

// rulesHash mixes the running ending counts into a table key: two lines
// reaching the same position with different counts are different states.
// The king-only count is left out of the main table's key (confirm accounts
// for it); the bound searches add it (quietHash).
func rulesHash(c draughts.DrawCounter) uint64 {
	h := c.Tally()
	if h == 0 {
		return 0
	}
	h ^= 0x9e3779b97f4a7c15
	h = (h ^ h>>30) * 0xbf58476d1ce4e5b9
	h = (h ^ h>>27) * 0x94d049bb133111eb
	return h ^ h>>31
}
