package mailbox

import "strings"

// IsAutomatic reports whether the letter was sent by a program rather than a
// person, so that the server never answers it (RFC 3834 section 2: no
// automatic response to automatic mail, which is how mail loops start),
// and the header line that says so ("Return-Path: <>"), quoted as the
// letter has it so that it reads the same in any language.
// own lists the server's own addresses: a letter from one of them is a
// letter of ours come back.
//
// Automatic means: Auto-Submitted other than "no" (RFC 3834 section 5), a
// null Return-Path (a bounce), a multipart/report (a delivery or
// disposition notification, RFC 6522), a mailing list (List-Id, RFC 2919),
// Precedence bulk, list or junk (not standard, but honoured by every
// responder), the vendors' markers (X-Autoreply, X-Autorespond,
// X-Auto-Response-Suppress), the subject of an out-of-office reply or a
// delivery report in Russian or English, or one of the own addresses in From.
func (in *Incoming) IsAutomatic(own ...string) (bool, string) {
	switch {
	case in.AutoSubmitted != "" && !strings.EqualFold(firstWord(in.AutoSubmitted), "no"):
		return true, "Auto-Submitted: " + in.AutoSubmitted
	case in.AutoReply != "":
		return true, in.AutoReply
	case in.NullReturnPath:
		return true, "Return-Path: <>"
	case in.ContentType == "multipart/report":
		return true, "Content-Type: multipart/report"
	case in.ListID != "":
		return true, "List-Id: " + in.ListID
	}
	switch strings.ToLower(in.Precedence) {
	case "bulk", "list", "junk":
		return true, "Precedence: " + in.Precedence
	}
	if automaticSubject(in.Subject) {
		return true, "Subject: " + in.Subject
	}
	for _, a := range own {
		if a != "" && strings.EqualFold(a, in.From.Addr) {
			return true, "From: " + in.From.Addr
		}
	}
	return false, ""
}

// automaticSubjects begin the subjects responders and mail servers give
// their letters (compared in lower case); a person's answer to one starts
// with "Re:" and is not among them.
var automaticSubjects = []string{
	"auto:", "autoreply", "auto-reply", "auto reply", "automatic reply", "out of office", "out of the office",
	"undeliverable:", "undelivered mail", "delivery status notification", "mail delivery failed", "returned mail:",
	"автоответ", "автоматический ответ", "нет на месте", "вне офиса", "не в офисе",
	"недоставленное сообщение", "не доставлено:", "сообщение не доставлено",
}

// automaticSubject reports the subject of an automatic reply or report.
func automaticSubject(subject string) bool {
	s := strings.ToLower(strings.TrimSpace(subject))
	for _, p := range automaticSubjects {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// firstWord is a header value without its parameters ("auto-replied;
// owner-email=..." -> "auto-replied").
func firstWord(v string) string {
	if i := strings.IndexAny(v, "; \t("); i >= 0 {
		v = v[:i]
	}
	return strings.TrimSpace(v)
}
