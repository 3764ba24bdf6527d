package letter

import (
	"fmt"
	"strings"

	"zaochnik/timecontrol"
)

// PenaltyReason is what penalty days are charged for; each names its clause.
type PenaltyReason string

// Reasons for penalty days.
const (
	// PenaltyRepetition: a wrong or missing repetition stopped the game (6.2.9, 6.2.11).
	PenaltyRepetition PenaltyReason = "repetition"
	// PenaltyImpossible: an impossible move stopped the game (6.2.10, 6.2.11).
	PenaltyImpossible PenaltyReason = "impossible"
	// PenaltyDates: the dates or the time were missing again (6.3.3).
	PenaltyDates PenaltyReason = "dates"
	// PenaltyWrongClaim: an overstep claimed that the judge found wrong (6.3.7).
	PenaltyWrongClaim PenaltyReason = "wrong-claim"
)

// Clause returns the clause that charges the penalty.
func (r PenaltyReason) Clause() string {
	switch r {
	case PenaltyDates:
		return "6.3.3"
	case PenaltyWrongClaim:
		return "6.3.7"
	}
	return "6.2.11"
}

func (r PenaltyReason) text(w *writer) string {
	switch r {
	case PenaltyRepetition:
		return w.t("остановка игры из-за неверного повторения ходов (п. 6.2.9)", "play stopped for a wrong repetition of moves (6.2.9)")
	case PenaltyImpossible:
		return w.t("остановка игры из-за невозможного хода (п. 6.2.10)", "play stopped for an impossible move (6.2.10)")
	case PenaltyDates:
		return w.t("повторное отсутствие дат или суммарного времени (п. 6.3.3)", "dates or the total time missing again (6.3.3)")
	case PenaltyWrongClaim:
		return w.t("неверно объявленная просрочка, задержка игры (п. 6.3.7)", "an overstep claimed wrongly, delaying play (6.3.7)")
	}
	return string(r)
}

// Penalty tells a player (and, as a copy, the opponent) of penalty days.
type Penalty struct {
	Envelope
	Player string        // who is charged
	Days   int           // how many penalty days
	Reason PenaltyReason // what for, with its clause (6.2.11: say what for)
	// Total is the player's time after the penalty.
	Total int
}

// Render writes the penalty notice.
func (p Penalty) Render() Message {
	w := newWriter(p.Envelope)
	w.cipherLine(p.Envelope)
	w.line(w.f("Игроку %s начислено %s (п. %s): %s.", "%s is charged %s (%s): %s.",
		p.Player, w.penaltyDays(p.Days), p.Reason.Clause(), p.Reason.text(w)))
	if p.Total > 0 {
		w.line(w.f("Суммарное время с учётом штрафа: %d дн.", "Total time including the penalty: %d days.", p.Total))
	}
	return w.close(p.Envelope, w.t("Штрафные дни", "Penalty days"))
}

// AutoCorrected tells both players that an impossible move was replaced by
// the single move of the piece on its square (6.2.10), with the penalty.
type AutoCorrected struct {
	Envelope
	Player      string // who wrote the impossible move
	Written     Move   // the move as written
	Played      Move   // the single move of the piece, played instead
	PenaltyDays int    // penalty days charged (6.2.11), 0 when none
}

// Render writes the notice.
func (a AutoCorrected) Render() Message {
	w := newWriter(a.Envelope)
	w.cipherLine(a.Envelope)
	w.line(w.f("Ход %s игрока %s невозможен. Шашка на поле имеет единственный ход, и он засчитан: %s (п. 6.2.10).",
		"The move %s of %s is impossible. The piece on that square has a single move, and it has been played: %s (6.2.10).",
		a.Written.String(), a.Player, a.Played.String()))
	if a.PenaltyDays > 0 {
		w.line(w.f("Начислено штрафных дней: %d (п. 6.2.11).", "Penalty days charged: %d (6.2.11).", a.PenaltyDays))
	}
	return w.close(a.Envelope, w.t("Невозможный ход исправлен", "Impossible move corrected"))
}

// DateField names one of the three dates of a letter.
type DateField string

// The three dates of 6.3.1.
const (
	DateOpponentSent DateField = "opponent-sent"
	DateReceived     DateField = "received"
	DateSent         DateField = "sent"
)

func (f DateField) text(w *writer) string {
	switch f {
	case DateOpponentSent:
		return w.t("дата отправления хода партнёром", "the date your opponent sent the move")
	case DateReceived:
		return w.t("дата получения хода", "the date you received the move")
	}
	return w.t("дата отправления ответа", "the date you sent your reply")
}

// DateCorrection tells a player that a date written differs from the
// server's observation, which counts (6.3.1), and the time as corrected.
type DateCorrection struct {
	Envelope
	Field           DateField        // which of the three dates
	Written, Actual timecontrol.Date // as the player wrote it, and as observed
	// Time is the fraction after the correction; nil when unchanged.
	Time *TimeFraction
}

// Render writes the notice.
func (d DateCorrection) Render() Message {
	w := newWriter(d.Envelope)
	w.cipherLine(d.Envelope)
	w.line(w.f("В вашем письме %s указана %s, а по отметке сервера — %s. Принята дата сервера (п. 6.3.1).",
		"Your letter gives %s as %s; the server's postmark says %s, and the postmark counts (6.3.1).",
		d.Field.text(w), date(d.Written), date(d.Actual)))
	if d.Time != nil {
		w.line(w.f("Суммарное время после исправления (белые/чёрные): %d/%d", "Total time after the correction (White/Black): %d/%d", d.Time.White, d.Time.Black))
	}
	return w.close(d.Envelope, w.t("Исправление даты", "Date corrected"))
}

// BreakNotice announces a player's break to an opponent or the secretary (6.4.2).
type BreakNotice struct {
	Envelope
	Player   string           // who takes the break
	From, To timecontrol.Date // its first and last days, both included
	// Effective is the first day that counts, when the break was announced
	// late in this game (6.4.2: from the announcement); zero when on time.
	Effective timecontrol.Date
	// Secretary is true for the secretary's copy.
	Secretary bool
}

// Render writes the notice.
func (b BreakNotice) Render() Message {
	w := newWriter(b.Envelope)
	w.cipherLine(b.Envelope)
	days := b.To.Sub(b.From) + 1
	w.line(w.f("Игрок %s берёт перерыв с %s по %s (%d дн., оба дня включительно, п. 6.4.3).",
		"%s takes a break from %s to %s (%d days, both days included, 6.4.3).", b.Player, date(b.From), date(b.To), days))
	if !b.Effective.IsZero() && b.Effective.After(b.From) {
		w.line(w.f("О перерыве сообщено с опозданием: в этой партии он засчитывается с %s (п. 6.4.2).",
			"The break was announced late: in this game it counts from %s (6.4.2).", date(b.Effective)))
	}
	if b.Secretary {
		w.line(w.t("Перерыв объявлен во всех незаконченных партиях игрока.", "The break is announced in all the player's unfinished games."))
	} else {
		w.line(w.t("Дни перерыва никому не засчитываются в обдумывание (п. 6.4.2).", "Break days count for neither player (6.4.2)."))
	}
	return w.close(b.Envelope, w.t("Перерыв", "Break"))
}

// Reminder warns a player whose move it is: the days used and the limit,
// or, with FirstMove, the 30-day inquiry for a missing first move (6.3.4).
type Reminder struct {
	Envelope
	// Used and Limit are the player's days so far and the limit of the move
	// being thought about (6.3.5); Deadline is the last day without overstep.
	Used, Limit int
	Deadline    timecontrol.Date // the last day to send without overstep
	// FirstMove asks for a first move not received (6.3.4).
	FirstMove bool
}

// Render writes the reminder.
func (r Reminder) Render() Message {
	w := newWriter(r.Envelope)
	w.cipherLine(r.Envelope)
	if r.FirstMove {
		w.line(w.t("Первый ход в партии не получен в течение 30 дней после начала турнира (п. 6.3.4). Пришлите, пожалуйста, ваш ход.",
			"No first move has arrived within 30 days of the start (6.3.4). Please send your move."))
	} else {
		w.line(w.f("Напоминаем: ход за вами. Затрачено %d дн. из %d (п. 6.3.5).", "A reminder: it is your move. You have used %d of %d days (6.3.5).", r.Used, r.Limit))
	}
	if !r.Deadline.IsZero() {
		w.line(w.f("Чтобы не просрочить время, отправьте ход не позднее %s.", "To avoid an overstep, send your move by %s.", date(r.Deadline)))
	}
	return w.close(r.Envelope, w.t("Напоминание о ходе", "Move reminder"))
}

// OverstepNotice tells of an overstep (6.3.6): to the offender, to the
// opponent, or to the secretary. The game is suspended until the judge rules.
type OverstepNotice struct {
	Envelope
	Offender string // who overstepped
	// Used days after Moves counted moves, over the Limit (6.3.5).
	Used, Moves, Limit int
	// On is the day the time ran out.
	On timecontrol.Date
	// ByClaim is true when the opponent claimed it by letter.
	ByClaim bool
}

// Render writes the notice.
func (o OverstepNotice) Render() Message {
	w := newWriter(o.Envelope)
	w.cipherLine(o.Envelope)
	w.line(w.f("Игрок %[1]s просрочил время: на %[2]d %[6]s затрачено %[3]d дн. при норме %[4]d (п. 6.3.5); дата просрочки %[5]s.",
		"%[1]s has overstepped the time: %[3]d days for %[2]d %[7]s, over the limit of %[4]d (6.3.5); overstepped on %[5]s.",
		o.Offender, o.Moves, o.Used, o.Limit, date(o.On), timecontrol.RussianPlural(o.Moves, "ход", "хода", "ходов"), englishMoves(o.Moves)))
	if o.ByClaim {
		w.line(w.t("Просрочка заявлена партнёром.", "The overstep was claimed by the opponent."))
	}
	w.line(w.t("Игра приостановлена до решения судьи; материалы направлены судье (п. 6.3.6). Несогласный может в течение 10 дней направить судье обоснованный протест (п. 6.3.8).",
		"Play is suspended until the judge rules; the file has gone to the judge (6.3.6). A player who disagrees may send the judge a reasoned protest within 10 days (6.3.8)."))
	return w.close(o.Envelope, w.t("Просрочка времени", "Time overstep"))
}

// OverstepClaim files an overstep with the judge: who, when, and what the
// dossier holds (6.3.6).
type OverstepClaim struct {
	Envelope
	Claimant, Offender string           // who claims, and against whom
	Used, Moves, Limit int              // days used after Moves counted moves, over Limit
	On                 timecontrol.Date // the day the time ran out
	// Dossier lists what is attached: letters, the record with the held
	// reply, the ledger.
	Dossier []string
}

// Render writes the claim.
func (c OverstepClaim) Render() Message {
	w := newWriter(c.Envelope)
	w.cipherLine(c.Envelope)
	w.line(w.f("Заявление о просрочке времени (п. 6.3.6): игрок %[1]s, затрачено %[2]d дн. на %[3]d %[7]s при норме %[4]d, дата просрочки %[5]s. Заявитель: %[6]s.",
		"Overstep claim (6.3.6): %[1]s used %[2]d days for %[3]d %[8]s, over the limit of %[4]d, overstepped on %[5]s. Claimant: %[6]s.",
		c.Offender, c.Used, c.Moves, c.Limit, date(c.On), c.Claimant, timecontrol.RussianPlural(c.Moves, "ход", "хода", "ходов"), englishMoves(c.Moves)))
	if len(c.Dossier) > 0 {
		w.line(w.t("Материалы:", "Dossier:"))
		for _, d := range c.Dossier {
			w.line("- " + d)
		}
	}
	w.line(w.t("Ответный ход заявителя удержан до решения (п. 6.3.7). Решение: «zaochnik judge rule CLAIM confirm|reject».",
		"The claimant's reply is held until the ruling (6.3.7). Rule with “zaochnik judge rule CLAIM confirm|reject”."))
	return w.close(c.Envelope, w.t("Заявление о просрочке", "Overstep claim"))
}

// Ruling is a decision of the judge sent to both players and the secretary.
type Ruling struct {
	Envelope
	// Matter is what is ruled on ("просрочка времени", "protest", ...) in
	// the letter's language, with its clause.
	Matter, Clause string
	// Decision is the judge's decision in the letter's language.
	Decision string
	// Result is the game result as PDN writes it ("1-0"), empty when none.
	Result string
	// ProtestUntil is the last day for a protest (6.1.12: ten days); zero
	// when the decision is final.
	ProtestUntil timecontrol.Date
	// Note is the judge's reasoning, in the letter's language.
	Note string
}

// Render writes the ruling.
func (r Ruling) Render() Message {
	w := newWriter(r.Envelope)
	w.cipherLine(r.Envelope)
	w.line(w.f("Решение судьи по вопросу «%s» (п. %s): %s", "The judge's ruling on “%s” (%s): %s", r.Matter, r.Clause, r.Decision))
	if r.Result != "" {
		w.line(w.t("Результат партии: ", "Result of the game: ") + r.Result)
	}
	if r.Note != "" {
		w.line(r.Note)
	}
	if !r.ProtestUntil.IsZero() {
		w.line(w.f("Протест можно подать до %s включительно (п. 6.1.12).", "A protest may be filed until %s inclusive (6.1.12).", date(r.ProtestUntil)))
	}
	return w.close(r.Envelope, w.t("Решение судьи", "Judge's ruling"))
}

// StartList is the start documentation sent to each player (6.3.2): the
// tournament, its dates, the players and the addressee's games.
type StartList struct {
	Envelope
	Name       string           // the tournament's name
	Variant    string           // the game, as the addressee reads it ("русские шашки")
	Start, End timecontrol.Date // start and end of play
	// Days and Moves are the time control (6.3.1); zero means the rules'
	// 50 days per 10 moves.
	Days, Moves int
	Players     []StartPlayer // every player with the start number
	// Games are the addressee's games, with the code to keep in subjects.
	Games []StartGame
	// Official is set for the secretary's copy: Games are every game of
	// the tournament, not the addressee's own.
	Official bool
	// Round is the round of a Swiss tournament the list starts (1.15), 0
	// for a round robin; Bye marks the addressee as the player without an
	// opponent in it, credited a win without play (1.15.2).
	Round int
	Bye   bool
}

// StartPlayer is a line of the start list.
type StartPlayer struct {
	Number int    // start number
	Name   string // surname and name
}

// StartGame is one of the addressee's games.
type StartGame struct {
	White, Black int // start numbers
	// WhiteName and BlackName are the players' names.
	WhiteName, BlackName string
}

// Render writes the start list.
func (s StartList) Render() Message {
	w := newWriter(s.Envelope)
	w.line(w.f("Стартовый лист турнира «%s», шифр %s.", "Start list of “%s”, cipher %s.", s.Name, s.Cipher))
	if s.Round > 0 {
		w.line(w.f("Тур %d (швейцарская система, п. 1.15).", "Round %d (Swiss system, 1.15).", s.Round))
	}
	if s.Variant != "" {
		w.line(w.t("Вид шашек: ", "Game: ") + s.Variant)
	}
	w.line(w.f("Начало игры: %s. Окончание игры: %s.", "Play starts on %s and ends on %s.", date(s.Start), date(s.End)))
	days, moves := s.Days, s.Moves
	if days == 0 || moves == 0 {
		days, moves = 50, 10
	}
	if w.lang == English {
		w.line(fmt.Sprintf("Time control: %d days for every %d moves, accumulated (6.3.1).", days, moves))
	} else {
		w.line(fmt.Sprintf("Контроль времени: %d %s на каждые %d %s с накоплением (п. 6.3.1).", days,
			timecontrol.RussianPlural(days, "день", "дня", "дней"), moves, timecontrol.RussianPlural(moves, "ход", "хода", "ходов")))
	}
	w.line("")
	w.line(w.t("Участники:", "Players:"))
	for _, p := range s.Players {
		w.line("  " + itoa(p.Number) + ". " + p.Name)
	}
	if s.Bye {
		w.line("")
		w.line(w.t("В этом туре у вас нет партнёра: вам засчитывается выигрыш без игры (плюс, п. 1.15.2).",
			"You have no opponent in this round: you are credited a win without play (a bye, 1.15.2)."))
	}
	if len(s.Games) > 0 {
		w.line("")
		if s.Official {
			w.line(w.t("Партии турнира:", "The tournament's games:"))
		} else {
			w.line(w.t("Ваши партии (укажите код партии в теме письма):", "Your games (put the game's code in your subject):"))
		}
		for _, g := range s.Games {
			w.line("  " + FormatGameCode(s.Cipher, g.White, g.Black) + "  " + strings.TrimSpace(g.WhiteName+" — "+g.BlackName))
		}
	}
	w.line("")
	if s.Official {
		w.line(w.t("Игроку, получившему стартовый лист позже даты начала, началом игры считается следующий день после его получения (п. 6.3.2).",
			"For a player who receives the start list after the start date, play starts on the day after receiving it (6.3.2)."))
	} else {
		w.line(w.t("Если стартовый лист получен позже даты начала, началом игры для вас считается следующий день после его получения (п. 6.3.2).",
			"If this start list reaches you after the start date, play starts for you on the day after you receive it (6.3.2)."))
	}
	return w.close(s.Envelope, w.t("Стартовый лист", "Start list"))
}

// englishMoves is "move" or "moves" for n.
func englishMoves(n int) string {
	if n == 1 {
		return "move"
	}
	return "moves"
}

// RoundCancelled tells a player that the judge drew a Swiss round again
// (1.15.8) and that his game of it, in which no move was played, is
// cancelled; his new game, if any, comes in the round's start list.
type RoundCancelled struct {
	Envelope
	Round  int
	Reason string // the judge's reason, as he wrote it
}

// Render writes the notice of the cancelled game.
func (c RoundCancelled) Render() Message {
	w := newWriter(c.Envelope)
	w.cipherLine(c.Envelope)
	w.line(w.f("Судья провёл повторную жеребьёвку тура %d (п. 1.15.8). Партия %s, в которой не было сделано ни одного хода, отменена: не отвечайте в ней и не присылайте в ней ходов.",
		"The judge has drawn round %d again (1.15.8). Game %s, in which no move was played, is cancelled: do not answer or send moves in it.",
		c.Round, FormatGameCode(c.Cipher, c.White, c.Black)))
	w.line(w.t("Причина: ", "Reason: ") + c.Reason)
	w.line("")
	w.line(w.t("Новые пары тура — в стартовом листе тура, который приходит вместе с этим письмом.",
		"The round's new pairings are in its start list, which comes with this letter."))
	return w.close(c.Envelope, w.f("Тур %d: партия отменена", "Round %d: game cancelled", c.Round))
}
