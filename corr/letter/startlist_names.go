package letter

import "zaochnik/corr/draughts"

// VariantName is the game as a player reads it in a start list, in lang.
func VariantName(v draughts.Variant, lang Lang) string {
	w := &writer{lang: lang.orDefault()}
	switch v {
	case draughts.International:
		return w.t("международные шашки", "international draughts")
	case draughts.Giveaway:
		return w.t("обратные шашки (поддавки)", "giveaway draughts")
	case draughts.EightySquare:
		return w.t("восьмидесятиклеточные шашки (10×8)", "80-square draughts (10x8)")
	}
	return w.t("русские шашки", "Russian draughts")
}
