package referee

import (
	"zaochnik/mailbox"
	"zaochnik/storage"
)

// Text returns a stored letter's subject and text as a person reads them:
// decoded from MIME (a base64 or windows-1251 letter reads), or as typed
// for a paper letter. A letter that is no MIME is shown raw.
func Text(l storage.StoredLetter) (subject, text string) {
	if isPaper(l.MessageID) {
		return "", string(l.Raw)
	}
	in, err := mailbox.Decode(l.Raw)
	if err != nil {
		return "", string(l.Raw)
	}
	return in.Subject, in.Text
}
