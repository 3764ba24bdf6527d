package mailbox

// Reading is how the edge reads the letters it decodes: which
// Authentication-Results to believe and which addresses are the server's
// own. Whoever wires the reader gives it; the letter then leaves Decode
// with everything the referee decides from (Incoming.Automatic,
// Incoming.Auth), and nothing downstream reads the mail again.
type Reading struct {
	// Auth says which Authentication-Results to believe.
	Auth AuthPolicy
	// Own lists the server's own addresses: a letter from one is one of
	// ours come back, automatic.
	Own []string
}

// Decode decodes raw (Decode) and reads it under r: whether it is
// automatic (IsAutomatic with r.Own) and what its trusted
// Authentication-Results say of its sender (Authenticate with r.Auth).
func (r Reading) Decode(raw []byte) (*Incoming, error) {
	in, err := decode(raw)
	if err != nil {
		return in, err
	}
	_, in.Automatic = in.IsAutomatic(r.Own...)
	in.Auth = Authenticate(in, r.Auth)
	in.read = true
	return in, nil
}

// DecodeWithin is Decode of raw unless raw is longer than max bytes: what
// is too large to take is too large to read (nil, nil).
func (r Reading) DecodeWithin(raw []byte, max int64) (*Incoming, error) {
	if int64(len(raw)) > max {
		return nil, nil
	}
	return r.Decode(raw)
}
