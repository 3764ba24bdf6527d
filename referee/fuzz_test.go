package referee_test

import (
	"testing"

	"zaochnik/mailbox"
	"zaochnik/referee"
)

// FuzzKeys: any token and address, and any letter, are read without a
// panic; a token verifies only for the address it was made for.
func FuzzKeys(f *testing.F) {
	k := referee.Keys{Secret: []byte("0123456789abcdef0123456789abcdef"), Address: "turnir@zaochnik.test"}
	f.Add(k.Person("a@example.org", 1, 2), "a@example.org", []byte("To: turnir+x@zaochnik.test\r\nSubject: (z-abc)\r\n\r\n"))
	f.Add(k.Confirm("a@example.org", 7), "b@example.org", []byte("Subject: (z-\r\n\r\n"))
	f.Add("", "", []byte(""))
	f.Fuzz(func(t *testing.T, token, from string, raw []byte) {
		if key, ok := k.Verify(token, from); ok {
			var again string
			if key.Confirm {
				again = k.Confirm(from, key.A)
			} else {
				again = k.Person(from, key.A, key.B)
			}
			if again != token {
				t.Fatalf("token %q verified for %q but is not the key made for its scope (%q)", token, from, again)
			}
		}
		if in, err := mailbox.Decode(raw); err == nil {
			for _, tok := range k.Find(in) {
				k.Verify(tok, in.From.Addr)
			}
		}
	})
}
