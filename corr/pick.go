package corr

import "strings"

// PickTournament picks the tournament of a letter among ciphers: the
// sender's (mine), the only one he plays in, else the one whose cipher the
// subject or text names; for a stranger (no tournament of his) the one of
// all the letter names, or the only tournament there is. "" when none fits.
func PickTournament(mine, all []string, subject, text string) string {
	if len(mine) == 1 {
		return mine[0]
	}
	cs := mine
	if len(mine) == 0 {
		cs = all
	}
	for _, c := range cs {
		if strings.Contains(subject, c) || strings.Contains(text, c) {
			return c
		}
	}
	if len(cs) == 1 {
		return cs[0]
	}
	return ""
}
