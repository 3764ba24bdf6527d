package mailbox

// StoreError is a failure of the Inbox or the Outbox (the store), as the
// Reader and the Sender report it: the mail server is not at fault, and
// the letters wait (in the mailbox, or in the outbox) until the store
// answers again.
type StoreError struct{ Err error }

func (e *StoreError) Error() string { return "store: " + e.Err.Error() }

// Unwrap returns the store's own error.
func (e *StoreError) Unwrap() error { return e.Err }
