package letter

import (
	"strings"
	"time"

	"zaochnik/timecontrol"
)

// Digest is the secretary's weekly report on a tournament: the letters
// applied, those refused or ignored and why, the claims waiting for the
// judge, the letters that could not be delivered.
type Digest struct {
	Envelope
	Until      timecontrol.Date // the week's last day
	Applied    int
	NotApplied []DigestLetter
	Claims     []DigestClaim
	Dead       []Undelivered
}

// DigestLetter is a letter the week did not apply.
type DigestLetter struct {
	Day         timecontrol.Date
	From        string
	Disposition string
	Reason      Reason // written in the digest's language
}

// disposition names what became of a letter (storage's disposition:
// "refused", "ignored", ...) in the reader's language; one it does not
// know is written as it is.
func (w *writer) disposition(d string) string {
	switch d {
	case "refused":
		return w.t("отклонено", "refused")
	case "ignored":
		return w.t("оставлено без ответа", "ignored")
	case "held":
		return w.t("ждёт подтверждения отправителя", "awaiting its sender's confirmation")
	case "assigned":
		return w.t("передано секретарём в партию", "assigned to a game by the secretary")
	case "pending":
		return w.t("не обработано", "not yet decided")
	}
	return d
}

// DigestClaim is an overstep claim waiting for the judge.
type DigestClaim struct {
	ID           int64
	White, Black int    // the game's start numbers
	Filed        string // the day it was filed, as the store keeps it
	Against      int    // the start number of the player charged
}

// Undelivered is a letter the mail server refused for good, or one of
// uncertain fate, with what the secretary needs to check it and send it by
// hand.
type Undelivered struct {
	To, Subject, Reason string
	// Uncertain is a letter the server stopped while handing it to the
	// mail server: it may have arrived, and it is not sent again (Reason
	// is not shown).
	Uncertain bool
	// White and Black are the start numbers of the game it is about (of
	// the envelope's tournament), 0 for none.
	White, Black int
	// Queued is when the server wrote it and Attempted when it last tried
	// to send it, in the tournament's zone; zero when not known.
	Queued, Attempted time.Time
	// Body is the letter's text, to send again by hand; Attached counts
	// the letters and files that went with it.
	Body     string
	Attached int
}

// Render writes the digest.
func (d Digest) Render() Message {
	w := newWriter(d.Envelope)
	w.line(w.f("Сводка турнира %s за неделю по %s.\n\nПринято писем: %d. Не принято: %d.", "The week's digest of %s up to %s.\n\nLetters applied: %d. Not applied: %d.",
		d.Cipher, date(d.Until), d.Applied, len(d.NotApplied)))
	for _, l := range d.NotApplied {
		w.line("  " + date(l.Day) + "  " + l.From + "  " + w.disposition(l.Disposition) + ": " + l.Reason.In(w.lang))
	}
	for i, c := range d.Claims {
		if i == 0 {
			w.line("")
			w.line(w.t("Заявления о просрочке ждут решения судьи (6.3.6-6.3.7):", "Overstep claims waiting for the judge (6.3.6-6.3.7):"))
		}
		w.line(w.f("  №%d  партия %s, подано %s, против участника %d", "  No. %d  game %s, filed %s, against player %d",
			c.ID, FormatGameCode(d.Cipher, c.White, c.Black), c.Filed, c.Against))
	}
	for _, u := range d.Dead {
		w.line("")
		game := ""
		if u.White > 0 {
			game = w.f(", партия %s", ", game %s", FormatGameCode(d.Cipher, u.White, u.Black))
		}
		if u.Uncertain {
			w.line(w.f("Возможно, не доставлено (сервер остановился, передавая его): %s%s, «%s»", "Possibly not delivered (the server stopped while handing it over): %s%s, “%s”", u.To, game, u.Subject))
			continue
		}
		w.line(w.f("Не доставлено: %s%s, «%s»: %s", "Not delivered: %s%s, “%s”: %s", u.To, game, u.Subject, u.Reason))
	}
	return w.close(d.Envelope, w.t("Сводка за неделю", "Weekly digest"))
}

// DeadLetter tells the secretary that a letter could not be delivered, so
// that the addressee is reached another way.
type DeadLetter struct {
	Envelope
	Letter Undelivered
}

// Render writes the notice: what happened, then the letter as it was to
// go (addressee, game, subject, when), and its text to send by hand.
func (d DeadLetter) Render() Message {
	w := newWriter(d.Envelope)
	u := d.Letter
	subject := w.t("Письмо не доставлено: ", "Letter not delivered: ") + u.Subject
	if u.Uncertain {
		w.line(w.f("Письмо для %s («%s»), возможно, не доставлено: сервер турнира остановился, когда передавал его почтовому серверу, и не отправляет его снова, чтобы не отправить дважды. "+
			"Пожалуйста, спросите адресата и, если письмо не пришло, перешлите его вручную: оно приведено ниже.",
			"The letter to %s (“%s”) may not have been delivered: the tournament server stopped while handing it to the mail server, and does not send it again, so as never to send it twice. "+
				"Please ask the addressee and, if it did not arrive, send it by hand: it is copied below.", u.To, u.Subject))
		subject = w.t("Письмо, возможно, не доставлено: ", "Letter possibly not delivered: ") + u.Subject
	} else {
		w.line(w.f("Письмо для %s («%s») не доставлено: %s. Пожалуйста, свяжитесь с адресатом другим способом: письмо приведено ниже.",
			"The letter to %s (“%s”) was not delivered: %s. Please reach the addressee another way: the letter is copied below.", u.To, u.Subject, u.Reason))
	}
	w.line("")
	w.line(w.t("Кому: ", "To: ") + u.To)
	if u.White > 0 {
		w.line(w.t("Партия: ", "Game: ") + FormatGameCode(d.Cipher, u.White, u.Black))
	}
	w.line(w.t("Тема: ", "Subject: ") + u.Subject)
	if !u.Queued.IsZero() {
		w.line(w.t("Написано сервером: ", "Written by the server: ") + u.Queued.Format("02.01.2006 15:04 MST"))
	}
	if !u.Attempted.IsZero() {
		w.line(w.t("Последняя попытка отправки: ", "Last attempt to send it: ") + u.Attempted.Format("02.01.2006 15:04 MST"))
	}
	if u.Attached > 0 {
		w.line(w.f("Вложений: %d (они хранятся на сервере турнира и в этой копии не повторены).", "Attachments: %d (kept on the tournament server, not repeated in this copy).", u.Attached))
	}
	if u.Body != "" {
		w.line("")
		w.line(w.t("Текст письма:", "The letter's text:"))
		w.line("-----")
		w.b.WriteString(strings.TrimRight(u.Body, "\n") + "\n")
		w.line("-----")
	}
	return w.close(d.Envelope, subject)
}

// Standings sends a player or the secretary the crosstable (the text
// adjudication renders in the addressee's language).
type Standings struct {
	Envelope
	Name  string // the tournament's name
	Table string
}

// Render writes the standings letter.
func (s Standings) Render() Message {
	w := newWriter(s.Envelope)
	w.line(s.Cipher + " — " + s.Name)
	w.line("")
	w.b.WriteString(s.Table)
	return w.close(s.Envelope, w.t("Турнирная таблица", "Standings"))
}

// RoundUndrawable tells the judge, once, that a Swiss round cannot be
// drawn by the pairing rules (1.15.2) and that the round waits for his
// decision (1.15.9).
type RoundUndrawable struct {
	Envelope
	Round int
	Name  string // the tournament's name
	Why   string // what the pairing found
}

// Render writes the letter.
func (r RoundUndrawable) Render() Message {
	w := newWriter(r.Envelope)
	w.line(w.f("Тур %d турнира «%s» не удаётся составить по правилам жеребьёвки (п. 1.15.2): %s.", "Round %d of “%s” cannot be drawn by the pairing rules (1.15.2): %s.", r.Round, r.Name, r.Why))
	w.line("")
	w.line(w.t("Решите, как провести тур (п. 1.15.9: иной порядок жеребьёвки по Положению или Регламенту), "+
		"или измените результаты, от которых зависит жеребьёвка (решения по партиям, выбывшие участники): "+
		"сервер пробует составить тур каждый день и начнёт его, как только это станет возможно. Это письмо приходит один раз.",
		"Decide how to hold the round (1.15.9: another pairing order under the tournament's rules), "+
			"or change the results the pairing depends on (rulings on games, withdrawn players): "+
			"the server tries to draw the round every day and starts it as soon as it can. This letter comes once."))
	return w.close(r.Envelope, w.f("Тур %d не составлен (п. 1.15.9)", "Round %d not drawn (1.15.9)", r.Round))
}
