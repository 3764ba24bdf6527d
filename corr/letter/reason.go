package letter

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"zaochnik/timecontrol"
)

// Reason is why the server did not apply a letter it received, or what
// became of it: a code and its arguments, decided by the referee, stored
// with the letter and written in the reader's language wherever it is
// shown (the secretary's digest, the web desk, the command line). The zero
// Reason is none.
type Reason struct {
	Code ReasonCode `json:"code,omitempty"`
	// Args are the code's arguments, in the order its constant lists them.
	Args []string `json:"args,omitempty"`
	// Rule is the refusal under the rules (ReasonRules): what the sender
	// was written, in both languages, with its clause.
	Rule *Problem `json:"rule,omitempty"`
	// Text is a reason the store kept as free text before reasons were
	// typed (no Code); it is shown as it was written.
	Text string `json:"text,omitempty"`
}

// ReasonCode names a reason; its arguments follow it in Reason.Args.
type ReasonCode string

// The reasons. The letters kept unread and unanswered first, then those
// held for their sender's confirmation (see corr.Trusted), then what the
// secretary or a confirmation made of a letter.
const (
	ReasonRules         ReasonCode = "rules"          // refused under the rules: Reason.Rule
	ReasonTooLarge      ReasonCode = "too-large"      // size, limit (bytes): not read
	ReasonOversized     ReasonCode = "oversized"      // size, limit (bytes): not read, only its header fetched
	ReasonUnreadable    ReasonCode = "unreadable"     // the reader's error: not readable as mail
	ReasonNoPostmark    ReasonCode = "no-postmark"    // a replayed file with neither Received nor Date
	ReasonAutomatic     ReasonCode = "automatic"      // the header that says so: an automatic letter (RFC 3834)
	ReasonNoSender      ReasonCode = "no-sender"      // neither From nor Return-Path read
	ReasonNoTournament  ReasonCode = "no-tournament"  // its sender plays nowhere here and it names no tournament
	ReasonStranger      ReasonCode = "stranger"       // sender, cipher: no person of the tournament
	ReasonOrganiser     ReasonCode = "organiser"      // sender, cipher: the desk's organiser, not vouched for (6.1.12)
	ReasonNotVouched    ReasonCode = "not-vouched"    // the check's detail: nothing authenticates the sender
	ReasonSPFOfficial   ReasonCode = "spf-official"   // SPF alone for the judge or the secretary
	ReasonKeyTournament ReasonCode = "key-tournament" // the key's cipher: a reply key of another tournament
	ReasonKeyGame       ReasonCode = "key-game"       // the key's game, the letter's game
	ReasonDeclined      ReasonCode = "declined"       // held, its sender answered he did not send it
	ReasonExpired       ReasonCode = "expired"        // days: held, no confirmation came in time
	ReasonAssigned      ReasonCode = "assigned"       // game, letter id: set aside, a copy applied to the game
	ReasonConfirms      ReasonCode = "confirms"       // Message-ID: a confirmation of that held letter
	ReasonAnsweredLate  ReasonCode = "answered-late"  // Message-ID, its status: an answer about a letter no longer held
	ReasonDeclines      ReasonCode = "declines"       // Message-ID: its sender's "no" to that held letter
)

// Because is the reason code with its arguments, each written as fmt's %v
// writes it.
func Because(code ReasonCode, args ...any) Reason {
	r := Reason{Code: code}
	for _, a := range args {
		r.Args = append(r.Args, fmt.Sprint(a))
	}
	return r
}

// RuleReason is the refusal under the rules that p says.
func RuleReason(p Problem) Reason { return Reason{Code: ReasonRules, Rule: &p} }

// IsZero reports whether r gives no reason.
func (r Reason) IsZero() bool { return r.Code == "" && r.Text == "" && r.Rule == nil }

// String is the reason in English, for logs.
func (r Reason) String() string { return r.In(English) }

// In writes the reason in lang; a code it does not know is written with
// its arguments as they are.
func (r Reason) In(lang Lang) string {
	w := &writer{lang: lang.orDefault()}
	arg := func(i int) string {
		if i < len(r.Args) {
			return r.Args[i]
		}
		return ""
	}
	num := func(i int) int64 {
		n, _ := strconv.ParseInt(arg(i), 10, 64)
		return n
	}
	switch r.Code {
	case "":
		return r.Text
	case ReasonRules:
		if r.Rule == nil {
			return ""
		}
		m := r.Rule.Message(lang)
		if r.Rule.Clause == "" || citesClause.MatchString(m) {
			return m
		}
		return m + w.f(" (п. %s)", " (%s)", r.Rule.Clause)
	case ReasonTooLarge:
		size, limit := w.sizes(num(0), num(1))
		return w.f("письмо в %s больше предела в %s и не прочитано", "a letter of %s, over the limit of %s: not read", size, limit)
	case ReasonOversized:
		size, limit := w.sizes(num(0), num(1))
		return w.f("письмо в %s больше предела в %s и не прочитано (сохранён только его заголовок)",
			"a letter of %s, over the limit of %s: not read (only its header is kept)", size, limit)
	case ReasonUnreadable:
		// The reader's error is English, for the log and the command line.
		if w.lang != English {
			return "письмо не читается как почта; оно сохранено как есть"
		}
		return fmt.Sprintf("the letter cannot be read as mail (%s)", arg(0))
	case ReasonNoPostmark:
		return w.t("нет заголовков Received и Date: дата получения неизвестна (п. 6.3.1)", "no Received or Date header: the postmark is unknown (6.3.1)")
	case ReasonAutomatic:
		return w.f("автоматическое письмо (%s): на такие письма сервер не отвечает (RFC 3834)", "an automatic letter (%s): the server does not answer these (RFC 3834)", arg(0))
	case ReasonNoSender:
		return w.t("адрес отправителя не прочитан (нет ни From, ни Return-Path): ответить некому",
			"the sender's address could not be read (neither From nor Return-Path): there is nobody to answer")
	case ReasonNoTournament:
		return w.t("отправитель не играет ни в одном турнире сервера, а письмо не называет турнир: оставлено без ответа",
			"the sender plays in no tournament here and the letter names none: not answered")
	case ReasonStranger:
		return w.f("%s — не участник, не судья и не секретарь турнира %s: оставлено без ответа",
			"%s is no player, judge or secretary of %s: not answered", arg(0), arg(1))
	case ReasonOrganiser:
		return w.f("письмо организатора турнира %[2]s (%[1]s), но его не подтверждают ни ключ ответа, ни DMARC, ни DKIM: не применено; внесите решение за столом судьи (п. 6.1.12)",
			"from %[1]s, the organiser of %[2]s, but no reply key, DMARC or DKIM vouches for it: not applied; please record the decision at the desk (6.1.12)", arg(0), arg(1))
	case ReasonNotVouched:
		// The mail check's detail is English, for the log and the command line.
		if arg(0) == "" || w.lang != English {
			return w.t("отправитель не подтверждён: ни ключ ответа, ни проверка почтового сервера (DMARC, DKIM, SPF) не подтверждают его адрес",
				"the sender is not authenticated")
		}
		return fmt.Sprintf("the sender is not authenticated (mail check: %s)", arg(0))
	case ReasonSPFOfficial:
		return w.t("одного SPF недостаточно для письма судьи или секретаря (нужен ключ ответа, DMARC или DKIM)",
			"SPF alone does not vouch for a letter of the judge or the secretary (a reply key, DMARC or DKIM does)")
	case ReasonKeyTournament:
		return w.f("ключ ответа выдан для турнира %s", "the reply key was made for tournament %s", arg(0))
	case ReasonKeyGame:
		return w.f("ключ ответа выдан для партии %s, а не %s", "the reply key was made for game %s, not %s", arg(0), arg(1))
	case ReasonDeclined:
		return w.t("не применено: отправитель ответил, что не писал его", "not applied: its sender answered that he did not send it")
	case ReasonExpired:
		return w.f("не применено: подтверждение не пришло %s", "not applied: no confirmation came %s", w.withinDays(int(num(0))))
	case ReasonAssigned:
		return w.f("секретарь применил его к партии %s (письмо %s)", "re-applied by the secretary to game %s (letter %s)", arg(0), arg(1))
	case ReasonConfirms:
		return w.f("подтверждает задержанное письмо %s", "confirms held letter %s", arg(0))
	case ReasonAnsweredLate:
		return w.f("ответ на запрос о письме %s, которое уже %s", "answers the confirmation request of letter %s, which was %s already", arg(0), w.holdStatus(arg(1)))
	case ReasonDeclines:
		return w.f("отклоняет задержанное письмо %s: отправитель его не писал", "refuses held letter %s: its sender did not write it", arg(0))
	}
	return strings.TrimSpace(string(r.Code) + " " + strings.Join(r.Args, " "))
}

// citesClause finds a clause of the rules cited in a text ("6.5.2").
var citesClause = regexp.MustCompile(`\b\d+\.\d+\.\d+\b`)

// holdStatus names what became of a held letter (storage's status).
func (w *writer) holdStatus(s string) string {
	switch s {
	case "confirmed":
		return w.t("подтверждено", "confirmed")
	case string(HoldDeclined):
		return w.t("отклонено отправителем", "declined by its sender")
	case string(HoldExpired):
		return w.t("не дождалось подтверждения", "expired unconfirmed")
	}
	return s
}

// size writes n bytes: in MiB from one MiB up ("12.0 MiB"), else in bytes.
func (w *writer) size(n int64) string {
	if n >= 1<<20 {
		return formatMiB(n)
	}
	return w.bytes(n)
}

// sizes writes a letter's size and the limit it is over (size), each in
// bytes when the two would read the same ("10.0 MiB при пределе 10.0
// MiB" tells the reader nothing).
func (w *writer) sizes(size, limit int64) (string, string) {
	s, l := w.size(size), w.size(limit)
	if s == l {
		return w.bytes(size), w.bytes(limit)
	}
	return s, l
}

// bytes writes n bytes, its digits grouped by three: "10 485 761 байт",
// "10,485,761 bytes".
func (w *writer) bytes(n int64) string {
	sep := " "
	if w.lang == English {
		if n == 1 {
			return "1 byte"
		}
		sep = ","
	}
	digits := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, d := range digits {
		if i > 0 && n >= 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(d)
	}
	if w.lang == English {
		return b.String() + " bytes"
	}
	return b.String() + " " + timecontrol.RussianPlural(int(n%100), "байт", "байта", "байт")
}

// withinDays writes "within n days" in the writer's language: "в течение
// 7 дней", "в течение 1 дня", "within 1 day".
func (w *writer) withinDays(n int) string {
	if w.lang == English {
		if n == 1 {
			return "within 1 day"
		}
		return fmt.Sprintf("within %d days", n)
	}
	return fmt.Sprintf("в течение %d %s", n, timecontrol.RussianPlural(n, "дня", "дней", "дней"))
}
