package letter

import (
	"fmt"

	"zaochnik/timecontrol"
)

// The referee's reasons for refusing a letter and its findings in one, as
// Problems in both languages: corr decides, these say it. The kinds are
// the referee's own, apart from the reader's.
const (
	KindNotAPlayer      Kind = "not-a-player"
	KindNotStarted      Kind = "not-started"
	KindNotYourGame     Kind = "not-your-game"
	KindGameOver        Kind = "game-over"
	KindEndOfPlay       Kind = "end-of-play"
	KindSuspended       Kind = "suspended"
	KindNotYourMove     Kind = "not-your-move"
	KindDateDiffers     Kind = "date-differs"
	KindTimeDiffers     Kind = "time-differs"
	KindPenalty         Kind = "penalty"
	KindBreakLate       Kind = "break-late"
	KindDrawOfferRepeat Kind = "draw-offer-repeated"
	KindDrawByRule      Kind = "draw-by-rule"
)

func both(kind Kind, clause, ru, en string) Problem {
	return Problem{Kind: kind, Clause: clause, Ru: ru, En: en}
}

// NotAPlayer refuses a letter from an address no player of the tournament
// has (6.2.3).
func NotAPlayer(address, cipher string) Problem {
	return both(KindNotAPlayer, "6.2.3",
		fmt.Sprintf("адрес %s не принадлежит ни одному участнику турнира %s; пишите с адреса, указанного в стартовом листе", address, cipher),
		fmt.Sprintf("the address %s belongs to no player of tournament %s; write from the address in the start list", address, cipher))
}

// NotStarted refuses a letter to a tournament whose start list has not gone out (6.3.2).
func NotStarted() Problem {
	return both(KindNotStarted, "6.3.2", "турнир ещё не начат: стартовый лист не разослан", "the tournament has not started: the start list has not been sent")
}

// WrongCipher refuses a letter that names another tournament's cipher (6.2.3).
func WrongCipher(written, cipher string) Problem {
	return both(KindNoGame, "6.2.3",
		fmt.Sprintf("шифр %s не совпадает с шифром турнира %s", written, cipher),
		fmt.Sprintf("cipher %s is not the tournament's cipher %s", written, cipher))
}

// NoSuchGame refuses a letter naming start numbers of no game (6.2.3).
func NoSuchGame(cipher string, white, black int) Problem {
	return both(KindNoGame, "6.2.3",
		fmt.Sprintf("в турнире нет партии %s", FormatGameCode(cipher, white, black)),
		fmt.Sprintf("the tournament has no game %s", FormatGameCode(cipher, white, black)))
}

// GameNotFound refuses a letter whose game cannot be told (6.2.3), with an
// example of how to name it.
func GameNotFound(cipher string) Problem {
	return both(KindNoGame, "6.2.3",
		"не удалось определить партию; укажите шифр турнира и номера партии (например, "+FormatGameCode(cipher, 1, 2)+") или фамилию партнёра",
		"the game could not be found; give the tournament cipher and the game's start numbers (e.g. "+FormatGameCode(cipher, 1, 2)+") or your opponent's surname")
}

// NotYourGame refuses a letter about a game its sender does not play (6.2.3).
func NotYourGame(cipher string, white, black int) Problem {
	code := FormatGameCode(cipher, white, black)
	return both(KindNotYourGame, "6.2.3",
		fmt.Sprintf("вы не играете в партии %s; укажите шифр турнира и номера своей партии", code),
		fmt.Sprintf("you do not play in game %s; give the tournament cipher and your own game's numbers", code))
}

// NoMoveWritten refuses a letter with nothing to play (6.2.3); withExample
// says how to write a move.
func NoMoveWritten(withExample bool) Problem {
	if withExample {
		return both(KindNoMove, "6.2.3", "в письме нет хода; пришлите свой ход полной нотацией, например c3-d4",
			"the letter has no move; send your move in full notation, e.g. c3-d4")
	}
	return both(KindNoMove, "6.2.3", "в письме нет хода", "the letter has no move")
}

// GameIsOver refuses a letter to a finished game (6.5.1); already says it
// ended before, by a resignation or a draw the letter also offers.
func GameIsOver(cipher string, white, black int, result string, already bool) Problem {
	code := FormatGameCode(cipher, white, black)
	if already {
		return both(KindGameOver, "6.5.1", fmt.Sprintf("партия %s уже окончена (%s)", code, result), fmt.Sprintf("game %s is already over (%s)", code, result))
	}
	return both(KindGameOver, "6.5.1", fmt.Sprintf("партия %s окончена (%s)", code, result), fmt.Sprintf("game %s is over (%s)", code, result))
}

// PlayEnded refuses a move after the end of play (6.3.2, 6.5.2).
func PlayEnded() Problem {
	return both(KindEndOfPlay, "6.3.2", "срок игры истёк; ход не принимается. До присуждения можно только принять ничью или сдаться; запись партии с анализом пришлите судье в течение 10 дней (п. 6.5.2)",
		"the time for play is over; no more moves. Until adjudication you may only accept a draw or resign; send the record with your analysis to the judge within 10 days (clause 6.5.2)")
}

// GameSuspended refuses a letter while the judge rules on a claim (6.3.6);
// byClaim names the overstep claim.
func GameSuspended(byClaim bool) Problem {
	if byClaim {
		return both(KindSuspended, "6.3.6", "партия приостановлена до решения судьи по заявлению о просрочке",
			"the game is suspended until the judge rules on the overstep claim")
	}
	return both(KindSuspended, "6.3.6", "партия приостановлена до решения судьи", "the game is suspended until the judge rules")
}

// SuspendedNotYourMove refuses a claimant's letter out of turn while the
// judge rules on the claim (6.3.6).
func SuspendedNotYourMove() Problem {
	return both(KindSuspended, "6.3.6", "партия приостановлена до решения судьи; ход сейчас не за вами",
		"the game is suspended until the judge rules, and it is not your move")
}

// NotYourMove refuses a move out of turn (6.2.8).
func NotYourMove() Problem {
	return both(KindNotYourMove, "6.2.8", "сейчас ход партнёра; отосланный ход изменить нельзя",
		"it is your opponent's move; a move once sent cannot be changed")
}

// DateDiffers notes a date written otherwise than the server saw it; the
// ledger uses the server's (6.3.1).
func DateDiffers(f DateField, written, actual timecontrol.Date) Problem {
	ru, en := "дата отправления ответа", "date you sent your reply"
	switch f {
	case DateOpponentSent:
		ru, en = "дата отправления хода партнёром", "date your opponent sent the move"
	case DateReceived:
		ru, en = "дата получения хода", "date you received the move"
	}
	return both(KindDateDiffers, "6.3.1",
		fmt.Sprintf("%s указана %s, по данным сервера %s; в графике стоит %s", ru, written.Russian(), actual.Russian(), actual.Russian()),
		fmt.Sprintf("the %s is written %s, the server's record is %s; the ledger uses %s", en, written.Russian(), actual.Russian(), actual.Russian()))
}

// PaperReceiptImpossible notes a paper letter's receipt date that cannot
// be: before the move was sent or after the reply was posted; the ledger
// takes the average transit (6.3.3).
func PaperReceiptImpossible(wrote, forwarded, posted timecontrol.Date) Problem {
	return both(KindDateDiffers, "6.3.3",
		fmt.Sprintf("дата получения хода указана %s, но ход отправлен вам %s, а ответ отправлен %s; в графике дата получения взята по среднему пробегу писем", wrote.Russian(), forwarded.Russian(), posted.Russian()),
		fmt.Sprintf("the date you received the move is written %s, but the move was sent to you on %s and your reply posted on %s; the ledger takes the average transit of letters instead", wrote.Russian(), forwarded.Russian(), posted.Russian()))
}

// TimeDiffers notes a time fraction other than the ledger's (6.3.1).
func TimeDiffers(written, ledger TimeFraction) Problem {
	return both(KindTimeDiffers, "6.3.1",
		fmt.Sprintf("суммарное время указано %d/%d, по графику %d/%d", written.White, written.Black, ledger.White, ledger.Black),
		fmt.Sprintf("the time is written %d/%d, the ledger says %d/%d", written.White, written.Black, ledger.White, ledger.Black))
}

// DatesMissingAgain notes the penalty for a second letter without the
// dates or the time (6.3.3).
func DatesMissingAgain(days int) Problem {
	return both(KindPenalty, "6.3.3",
		fmt.Sprintf("повторно не указаны три даты или суммарное время: начислено %d %s", days, penaltyDaysRu(days)),
		fmt.Sprintf("the three dates or the time are missing again: %d %s charged", days, penaltyDaysEn(days)))
}

// DatesMissingAgainReason is the ledger's reason for that penalty, in
// Russian and English.
func DatesMissingAgainReason() (ru, en string) {
	return "повторно не указаны три даты или суммарное время", "the three dates or the time are missing again"
}

// BreakAnnouncedLate notes a break announced after its first day: it
// counts from the announcement (6.4.2).
func BreakAnnouncedLate(announced, from timecontrol.Date) Problem {
	return both(KindBreakLate, "6.4.2",
		fmt.Sprintf("перерыв объявлен %s, после его начала %s: он засчитывается со дня объявления", announced.Russian(), from.Russian()),
		fmt.Sprintf("the break was announced on %s, after its first day %s: it counts from the announcement", announced.Russian(), from.Russian()))
}

// DrawOfferRepeated notes a draw offered again before the opponent used
// their right to offer (2.1.9.3).
func DrawOfferRepeated() Problem {
	return both(KindDrawOfferRepeat, "2.1.9.3",
		"повторно предлагать ничью можно только после того, как партнёр воспользуется своим правом; предложение не передано",
		"you may offer a draw again only after your opponent has used their right to offer; the offer was not passed on")
}

// penaltyDaysRu is "штрафной день" in the plural n asks for.
func penaltyDaysRu(n int) string {
	return timecontrol.RussianPlural(n, "штрафной день", "штрафных дня", "штрафных дней")
}

// penaltyDaysEn is "penalty day" in the plural n asks for.
func penaltyDaysEn(n int) string {
	if n == 1 {
		return "penalty day"
	}
	return "penalty days"
}

// penaltyDays writes n penalty days in the writer's language: "6 штрафных дней".
func (w *writer) penaltyDays(n int) string {
	return itoa(n) + " " + w.t(penaltyDaysRu(n), penaltyDaysEn(n))
}
