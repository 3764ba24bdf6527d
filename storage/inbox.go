package storage

import (
	"time"
)

// Decoded is what the mail shell reads of a raw letter, for the desk that
// re-applies a stored letter (DB.Decode).
type Decoded struct {
	MessageID string
	From      string // sender's address
	Subject   string
	Text      string
	Postmark  time.Time // the topmost Received date, else Date
	// InReplyTo and References name the letters it answers: a letter of
	// the server's there places it in its game's thread.
	InReplyTo []string
}
