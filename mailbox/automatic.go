package mailbox

import "strings"

// IsAutomatic reports whether the letter was sent by a program rather than a
// person, and why, so that the server never answers it (RFC 3834 section 2:
// no automatic response to automatic mail, which is how mail loops start).
// own lists the server's own addresses: a letter from one of them is a
// letter of ours come back.
//
// Automatic means: Auto-Submitted other than "no" (RFC 3834 section 5), a
// null Return-Path (a bounce), a multipart/report (a delivery or
// disposition notification, RFC 6522), a mailing list (List-Id, RFC 2919),
// Precedence bulk, list or junk (not standard, but honoured by every
// responder), or one of the own addresses in From.
func (in *Incoming) IsAutomatic(own ...string) (bool, string) {
	switch {
	case in.AutoSubmitted != "" && !strings.EqualFold(firstWord(in.AutoSubmitted), "no"):
		return true, "Auto-Submitted: " + in.AutoSubmitted
	case in.NullReturnPath:
		return true, "null Return-Path (a bounce)"
	case in.ContentType == "multipart/report":
		return true, "multipart/report (a delivery or read notification)"
	case in.ListID != "":
		return true, "List-Id: " + in.ListID
	}
	switch strings.ToLower(in.Precedence) {
	case "bulk", "list", "junk":
		return true, "Precedence: " + in.Precedence
	}
	for _, a := range own {
		if a != "" && strings.EqualFold(a, in.From.Addr) {
			return true, "sent by this server (" + a + ")"
		}
	}
	return false, ""
}

// firstWord is a header value without its parameters ("auto-replied;
// owner-email=..." -> "auto-replied").
func firstWord(v string) string {
	if i := strings.IndexAny(v, "; \t("); i >= 0 {
		v = v[:i]
	}
	return strings.TrimSpace(v)
}
