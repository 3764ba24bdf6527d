package letter

import (
	"fmt"
	"strconv"
	"strings"

	"zaochnik/timecontrol"
)

// maxQuoteLines bounds what a confirmation request quotes of a held letter.
const maxQuoteLines = 40

// ConfirmRequest asks the registered address of a player, the judge or the
// secretary whether they sent a letter that arrived under their address
// but that nothing authenticated (no reply key, no DMARC or DKIM pass): the
// letter is held until they answer. It goes to the registered address only.
type ConfirmRequest struct {
	Envelope
	Arrived  timecontrol.Date // the day the held letter arrived: it counts from then (6.3.1)
	Subject  string           // the held letter's subject
	Text     string           // the held letter's text, quoted
	Deadline timecontrol.Date // the last day a confirmation is taken
}

// Render writes the request.
func (c ConfirmRequest) Render() Message {
	w := newWriter(c.Envelope)
	w.cipherLine(c.Envelope)
	w.line(w.f("%s на адрес турнира пришло письмо от вашего имени, но ваш почтовый сервер не подтвердил, что его отправили вы "+
		"(нет ни ключа ответа, ни подписи DKIM/DMARC вашего домена). Поэтому письмо пока не применено.",
		"On %s a letter under your address reached the tournament, but your mail server did not confirm that you sent it "+
			"(it carries neither a reply key nor a DKIM/DMARC pass of your domain), so it has not been applied yet.", date(c.Arrived)))
	w.line("")
	if c.Subject != "" {
		w.line(w.t("Тема: ", "Subject: ") + c.Subject)
	}
	for _, l := range quote(c.Text) {
		w.line(l)
	}
	w.line("")
	w.line(w.f("Если это письмо отправили вы, ответьте на это сообщение (кнопкой «Ответить»; писать ничего не нужно): письмо будет применено "+
		"с датой получения %s, дни на подтверждение вам не засчитываются (п. 6.3.1).",
		"If you sent it, reply to this message (with your mail program's Reply; nothing needs to be written): the letter will be applied "+
			"as received on %s, and the days of this confirmation are not counted against you (6.3.1).", date(c.Arrived)))
	w.line(w.f("Если вы его не отправляли, ответьте одним словом «нет». Без ответа до %s включительно письмо не будет применено, а секретарь турнира будет извещён.",
		"If you did not send it, reply with the single word \"no\". Without an answer by %s the letter is dropped and the tournament secretary is told.", date(c.Deadline)))
	w.line(w.t("Чтобы письма применялись сразу, отвечайте на письма сервера кнопкой «Ответить»: в адресе ответа есть ваш личный ключ.",
		"To have your letters applied at once, answer the server's letters with Reply: the reply address carries your personal key."))
	return w.close(c.Envelope, w.t("Подтвердите, что письмо отправили вы", "Please confirm you sent this letter"))
}

// quote prefixes the non-empty lines of text with "> ", at most
// maxQuoteLines of them.
func quote(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, " \t\r")
		if l == "" {
			continue
		}
		if len(out) == maxQuoteLines {
			out = append(out, "> …")
			break
		}
		out = append(out, "> "+l)
	}
	return out
}

// HoldOutcome is why a held letter was not applied.
type HoldOutcome string

// The ends of a held letter that was not applied.
const (
	HoldDeclined HoldOutcome = "declined" // its sender answered "no"
	HoldExpired  HoldOutcome = "expired"  // no confirmation came in time
)

// HoldDropped tells the secretary that a held letter was not applied.
type HoldDropped struct {
	Envelope
	From     string // the address the letter claimed
	Arrived  timecontrol.Date
	Subject  string
	Outcome  HoldOutcome
	HoldDays int
}

// Render writes the notice.
func (h HoldDropped) Render() Message {
	w := newWriter(h.Envelope)
	w.cipherLine(h.Envelope)
	w.line(w.f("Письмо, пришедшее %s от имени %s (тема: «%s»), не было подтверждено отправителем и не применено:",
		"The letter that arrived on %s under the address %s (subject: \"%s\") was not confirmed by its sender and was not applied:",
		date(h.Arrived), h.From, h.Subject))
	if h.Outcome == HoldDeclined {
		w.line(w.t("владелец адреса ответил, что не отправлял его. Возможно, это подделка.",
			"the owner of the address answered that he did not send it. It may be forged."))
	} else {
		w.line(w.f("ответа на запрос подтверждения не было %s.", "no answer to the confirmation request came %s.", w.withinDays(h.HoldDays)))
	}
	w.line(w.t("Письмо хранится в очереди стола секретаря.", "The letter is kept in the queue of the secretary's desk."))
	return w.close(h.Envelope, w.t("Неподтверждённое письмо не применено", "An unconfirmed letter was not applied"))
}

// Oversized tells the secretary, and the sender if he is a player, that a
// letter was larger than the server reads; it was filed unread.
type Oversized struct {
	Envelope
	From          string // the sender as the envelope names him
	Subject       string
	Size, Limit   int64 // bytes
	ToSender      bool  // the letter goes to the sender (else to the secretary)
	ArrivedOnDate timecontrol.Date
	// Unfiled is set when nothing names the letter's tournament (its
	// header did not come) and the mailbox serves several: the secretary
	// of each is told, under none.
	Unfiled bool
	// Nth is the letter's number among its sender's letters too large of
	// that day (0 or 1: the first). Only the 1st, 2nd, 4th, 8th... are
	// told (Told), each with its number, so that many do not flood anyone.
	Nth int
}

// ordinal writes n as an ordinal of a letter (письмо): "4-е", "2nd",
// "11th", "22nd".
func (w *writer) ordinal(n int) string {
	if w.lang != English {
		return strconv.Itoa(n) + "-е"
	}
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// Told reports whether the nth letter too large of a sender on a day is
// told of: the first, then each time their number doubles. Every one is
// kept all the same.
func Told(nth int) bool { return nth <= 1 || nth&(nth-1) == 0 }

// Render writes the notice.
func (o Oversized) Render() Message {
	w := newWriter(o.Envelope)
	w.cipherLine(o.Envelope)
	// A letter of no subject, or whose header did not come, names none.
	subject := w.f(" (тема: «%s»)", " (subject: \"%s\")", o.Subject)
	if o.Subject == "" {
		subject = ""
	}
	size, limit := w.sizes(o.Size, o.Limit)
	if o.ToSender {
		w.line(w.f("Ваше письмо от %s%s весит %s, а сервер турнира читает письма не больше %s. Оно не прочитано и не применено.",
			"Your letter of %s%s is %s, and the tournament server reads letters of at most %s. It was not read or applied.",
			date(o.ArrivedOnDate), subject, size, limit))
		w.line(w.t("Пришлите, пожалуйста, ход обычным текстовым письмом без вложений.", "Please send your move again as a plain text letter without attachments."))
		if o.Nth > 1 {
			w.line(w.f("Это уже %s такое ваше письмо за %s; следующее уведомление придёт, когда их станет %d.",
				"This is the %s letter too large you have sent on %s; the next notice comes when there are %d.",
				w.ordinal(o.Nth), date(o.ArrivedOnDate), 2*o.Nth))
		}
	} else {
		// A letter whose header did not come names no sender.
		from := w.f("от %s ", "from %s ", o.From)
		if o.From == "" {
			from = w.t("неизвестного отправителя ", "from an unknown sender ")
		}
		w.line(w.f("Письмо %sот %s%s весит %s при пределе %s; оно не прочитано и перенесено в папку отказов.",
			"A letter %sof %s%s is %s, over the limit of %s; it was not read and was moved to the refused folder.",
			from, date(o.ArrivedOnDate), subject, size, limit))
		if o.Unfiled {
			w.line(w.t("Ни к одному турниру его отнести нельзя; об этом письме сообщено секретарям всех турниров, письма которых приходят в этот почтовый ящик.",
				"It cannot be put under any tournament; the secretaries of every tournament whose letters come to this mailbox were told of it."))
		}
		if o.Nth > 1 {
			w.line(w.f("Это уже %s такое письмо этого отправителя за %s. Все они хранятся в очереди стола секретаря; следующее уведомление придёт, когда их станет %d.",
				"This is the %s letter too large from this sender on %s. Each is kept in the queue of the secretary's desk; the next notice comes when there are %d.",
				w.ordinal(o.Nth), date(o.ArrivedOnDate), 2*o.Nth))
		}
	}
	return w.close(o.Envelope, w.t("Слишком большое письмо", "Letter too large"))
}

// formatMiB writes a size in MiB with one decimal.
func formatMiB(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
