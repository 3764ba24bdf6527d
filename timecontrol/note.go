package timecontrol

import "fmt"

// NoteKind says which rule a Note explains.
type NoteKind int8

// The explanations a ledger line or a break verdict can carry.
const (
	NoteFirstMoveFree     NoteKind = iota + 1 // 6.3.2: first move sent by the start: no days
	NoteLateStartList                         // 6.3.2: start list received late: play starts the next day (A = receipt)
	NoteEndOfPlay                             // 6.3.2: move received on or after the end of play (A = end)
	NoteBreakDays                             // 6.4.3: Days removed by Player's break A..B
	NotePostmarkCorrected                     // 6.3.1: written A, postmark B, corrected by Days
	NotePostmarkKept                          // 6.3.1: written A, postmark B, not corrected in the next reply
	NoteReceiptEstimated                      // 6.3.3: receipt date missing; A = estimate, Days = average transit over N letters; M = 1 when held to the reply's date
	NoteReceiptNoHistory                      // 6.3.3: receipt date missing, no earlier letters: A = posting date
	NotePenalty                               // Clause: Days penalty days on A for Text
	NoteVariantMoves                          // 6.3.5: N moves through an accepted variant, not counted
	NoteOverstep                              // 6.3.5: total Days exceeds the limit N of move M
	NoteBreakLate                             // 6.4.2: announced A, after the first day: counts from A
	NoteBreakNotAnnounced                     // 6.4.2: never announced to this opponent: does not count
	NoteBreakTooLong                          // 6.4.1: Days long, more than 30: counts A..B only
	NoteBreakSecondInYear                     // 6.4.1: second break in year N (the first: A..B)
	NoteBreakDatesDiffer                      // 6.4.1: dates differ from the break in game Text (A..B)
	NoteBreakGranted                          // 6.4.5: granted by the judge
)

// Note explains one decision of the ledger, with the clause it follows. The
// fields a kind uses are listed beside the kind.
type Note struct {
	Kind   NoteKind
	Clause string
	Player Color
	Days   int
	N, M   int
	A, B   Date
	Text   string
	// TextEn is Text in English, when it differs (a penalty's reason).
	TextEn string
}

// String returns the note in Russian, the ledger's default language.
func (n Note) String() string { return n.Format(Russian) }

// Format returns the note as a sentence in lang, ending with its clause.
func (n Note) Format(lang Lang) string {
	ru, en := n.texts()
	if lang == English {
		return en + " (" + n.Clause + ")"
	}
	return ru + " (п. " + n.Clause + ")"
}

// texts returns the Russian and English wording of n.
func (n Note) texts() (ru, en string) {
	a, b := n.A.Russian(), n.B.Russian()
	switch n.Kind {
	case NoteFirstMoveFree:
		return "первый ход отправлен не позже начала игры: время не начисляется",
			"first move sent by the start of play: no days"
	case NoteLateStartList:
		return fmt.Sprintf("стартовый лист получен %s, после начала турнира: игра для игрока начинается %s", a, n.A.AddDays(1).Russian()),
			fmt.Sprintf("start list received %s, after the start: play starts for this player on %s", a, n.A.AddDays(1).Russian())
	case NoteEndOfPlay:
		return fmt.Sprintf("ход получен в день окончания игры (%s) или позже: время больше не начисляется", a),
			fmt.Sprintf("move received on or after the end of play (%s): no more days", a)
	case NoteBreakDays:
		return fmt.Sprintf("перерыв (%s) с %s по %s: не засчитано %s", n.Player.Name(Russian), a, b, daysRU(n.Days)),
			fmt.Sprintf("break (%s) %s to %s: %s not counted", n.Player.Name(English), a, b, daysEN(n.Days))
	case NotePostmarkCorrected:
		return fmt.Sprintf("отправление указано %s, по штемпелю %s: время исправлено партнером (%+d дн.)", a, b, n.Days),
			fmt.Sprintf("sent written %s, postmark %s: corrected by the opponent (%+d days)", a, b, n.Days)
	case NotePostmarkKept:
		return fmt.Sprintf("отправление указано %s, по штемпелю %s: партнер не исправил время в очередном ответе, оно остается", a, b),
			fmt.Sprintf("sent written %s, postmark %s: the opponent did not correct it in the next reply, so it stands", a, b)
	case NoteReceiptEstimated:
		if n.M == 1 {
			return fmt.Sprintf("дата получения не указана: средний пробег писем %s (учтено писем: %d) дал бы дату позже ответа, взята дата ответа %s", daysRU(n.Days), n.N, a),
				fmt.Sprintf("receipt date missing: the average transit of %s (over %s) would fall after the reply, so the reply's date %s is taken", daysEN(n.Days), lettersEN(n.N), a)
		}
		return fmt.Sprintf("дата получения не указана: взята %s по среднему пробегу писем %s (учтено писем: %d)", a, daysRU(n.Days), n.N),
			fmt.Sprintf("receipt date missing: taken as %s from the average transit of %s (over %s)", a, daysEN(n.Days), lettersEN(n.N))
	case NoteReceiptNoHistory:
		return fmt.Sprintf("дата получения не указана, а пробега писем еще нет: взята дата отправления хода партнером %s", a),
			fmt.Sprintf("receipt date missing and no earlier letters to average: taken as the opponent's posting date %s", a)
	case NotePenalty:
		// The line the note belongs to names the player already.
		en := n.TextEn
		if en == "" {
			en = n.Text
		}
		return fmt.Sprintf("%d %s с %s: %s", n.Days, RussianPlural(n.Days, "штрафной день", "штрафных дня", "штрафных дней"), a, n.Text),
			fmt.Sprintf("%s from %s: %s", plainPlural(n.Days, "penalty day"), a, en)
	case NoteVariantMoves:
		return fmt.Sprintf("%d %s по принятому варианту не %s", n.N, RussianPlural(n.N, "ход", "хода", "ходов"), RussianPlural(n.N, "учитывается", "учитываются", "учитываются")),
			fmt.Sprintf("%s through an accepted variant not counted", plainPlural(n.N, "move"))
	case NoteOverstep:
		return fmt.Sprintf("просрочка: %s на %d %s и менее при норме %s", daysRU(n.Days), n.M, RussianPlural(n.M, "ход", "хода", "ходов"), daysRU(n.N)),
			fmt.Sprintf("overstep: %s for %d moves or fewer, limit %s", daysEN(n.Days), n.M, daysEN(n.N))
	case NoteBreakLate:
		return fmt.Sprintf("перерыв объявлен %s, после его начала: засчитывается со дня объявления", a),
			fmt.Sprintf("break announced %s, after its first day: counts from the announcement", a)
	case NoteBreakNotAnnounced:
		return "о перерыве партнеру не сообщено: в этой партии он не засчитывается",
			"the opponent was not told of the break: it does not count in this game"
	case NoteBreakTooLong:
		return fmt.Sprintf("перерыв %s, больше 30: засчитываются только дни с %s по %s", daysRU(n.Days), a, b),
			fmt.Sprintf("break of %s, more than 30: only %s to %s count", daysEN(n.Days), a, b)
	case NoteBreakSecondInYear:
		return fmt.Sprintf("второй перерыв в %d году (первый с %s по %s): не засчитывается", n.N, a, b),
			fmt.Sprintf("second break in %d (the first ran %s to %s): does not count", n.N, a, b)
	case NoteBreakDatesDiffer:
		return fmt.Sprintf("сроки перерыва отличаются от перерыва в партии %s (с %s по %s): перерыв берется одновременно во всех партиях; не засчитывается", n.Text, a, b),
			fmt.Sprintf("dates differ from the break in game %s (%s to %s): a break is taken at once in all games; does not count", n.Text, a, b)
	case NoteBreakGranted:
		return "перерыв назначен судьей: засчитывается полностью",
			"break granted by the judge: counts in full"
	}
	return fmt.Sprintf("примечание %d", n.Kind), fmt.Sprintf("note %d", n.Kind)
}

func daysRU(n int) string { return fmt.Sprintf("%d дн.", n) }

func daysEN(n int) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d day", n)
	}
	return fmt.Sprintf("%d days", n)
}

func lettersEN(n int) string {
	if n == 1 {
		return "1 letter"
	}
	return fmt.Sprintf("%d letters", n)
}
