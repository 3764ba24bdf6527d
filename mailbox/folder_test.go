package mailbox_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
)

// TestReadFolders_Oversized: ReadFolders hands the letters
// over in the order of their arrival (the topmost Received date), not of
// their UIDs, one batch at a time (the last letter's body is not fetched
// before the first letter is handed over), and of a letter over
// MaxLetterSize its header only, as the reader takes it: by its
// RFC822.SIZE, or, when the server understates that, by what came, its
// body discarded as it arrives.
func TestReadFolders_Oversized(t *testing.T) {
	const limit = 16 << 10
	const mark = "THE-LAST-LETTER-BODY\r\n"
	received := func(day string) string {
		return "Received: from mx.example.ru by zaochnik.test; " + day + " Jan 2026 10:00:00 +0300\r\n"
	}
	last := append([]byte(received("07")), letter("c@example.ru", "3")...)
	last = append(last, mark...)
	big := append([]byte(received("05")), letter("big@example.ru", "1")...)
	big = append(big, bytes.Repeat([]byte("BODY-OF-THE-BIG-LETTER\r\n"), 2000)...)
	middle := append([]byte(received("06")), letter("b@example.ru", "2")...)
	for _, understate := range []bool{false, true} {
		name := map[bool]string{false: "Told", true: "Understated"}[understate]
		t.Run(name, func(t *testing.T) {
			eachServer(t, func(t *testing.T, s server) {
				appendLetters(t, s.addr, last, big, middle) // as they are, with their Received dates
				p := newProxy(t, s.addr)
				p.understate.Store(understate)
				p.watched.Store(ptr(mark))
				var got []mailbox.KeptLetter
				err := mailbox.ReadFolders(context.Background(), mailbox.ReaderOptions{Addr: p.addr(), Security: mailbox.SecurityPlain,
					Username: tournament, Password: secret, MaxLetterSize: limit, BatchSize: 1, Logger: testLogger(t)}, []string{"INBOX"},
					func(l mailbox.KeptLetter) error {
						if len(got) == 0 {
							assert.Zero(t, p.seen.Load(), "the last letter is fetched after the first was handed over")
						}
						got = append(got, l)
						return nil
					})
				require.NoError(t, err)
				require.Len(t, got, 3)
				ids := make([]string, len(got))
				for i, l := range got {
					in, err := mailbox.Decode(l.Raw)
					require.NoError(t, err)
					ids[i] = in.MessageID
					assert.Equal(t, "INBOX", l.Folder)
					assert.Equal(t, 5+i, l.Arrived.Day(), "arrived on its Received date")
				}
				assert.Equal(t, []string{"big@example.ru", "b@example.ru", "c@example.ru"}, ids, "in the order of arrival")
				assert.True(t, got[0].Oversized)
				assert.NotContains(t, string(got[0].Raw), "BODY-OF-THE-BIG-LETTER", "its header only")
				assert.GreaterOrEqual(t, got[0].Size, int64(len(big)), "its size, the one that came when the server understated it")
				assert.False(t, got[1].Oversized)
				assert.Equal(t, string(middle), string(got[1].Raw), "whole")
				assert.Equal(t, string(last), string(got[2].Raw))
				assert.EqualValues(t, 1, p.seen.Load(), "each body fetched once")
			})
		})
	}
}

// TestReadFolders_HostileServerStops: a server's answer past the bound of
// a response stops ReadFolders with the frame's error, naming the server
// and the bound, before any letter is handed over.
func TestReadFolders_HostileServerStops(t *testing.T) {
	eachServer(t, func(t *testing.T, s server) {
		appendLetters(t, s.addr, letter("a@example.ru", "1"))
		p := newProxy(t, s.addr)
		p.poison.Store(&poison{"* 1 FETCH (UID 1 BODY[] \"From: x\r\n", "line\r\n"})
		handed := 0
		err := mailbox.ReadFolders(context.Background(), mailbox.ReaderOptions{Addr: p.addr(), Security: mailbox.SecurityPlain,
			Username: tournament, Password: secret, MaxLetterSize: 16 << 10, Logger: testLogger(t)}, []string{"INBOX"},
			func(mailbox.KeptLetter) error { handed++; return nil })
		require.Error(t, err)
		assert.Contains(t, err.Error(), p.addr(), "the server named")
		assert.Contains(t, err.Error(), "a response may hold 81920 bytes", "the bound named")
		assert.Contains(t, err.Error(), "quoted string")
		assert.Zero(t, handed)
	})
}

// TestReadFolders_CutLetter: a letter whose literal stops coming in the
// middle (the connection lost) stops ReadFolders with an error naming
// that letter, the letters before it handed over; the FETCH is not read
// further (go-imap would read the rest of the literal again to discard it
// while its decoder reads on: a data race, go test -race).
func TestReadFolders_CutLetter(t *testing.T) {
	const mark = "BODY-OF-THE-CUT-LETTER-BEGINS\r\n"
	eachServer(t, func(t *testing.T, s server) {
		cut := append(letter("cut@example.ru", "2"), mark...)
		cut = append(cut, bytes.Repeat([]byte("THE-REST-OF-THE-CUT-LETTER\r\n"), 2000)...)
		appendLetters(t, s.addr, letter("a@example.ru", "1"), cut, letter("c@example.ru", "3"))
		p := newProxy(t, s.addr)
		p.watched.Store(ptr(mark))
		p.atWatched.Store(ptr(p.cut))
		var handed []string
		err := mailbox.ReadFolders(context.Background(), mailbox.ReaderOptions{Addr: p.addr(), Security: mailbox.SecurityPlain,
			Username: tournament, Password: secret, BatchSize: 1, Logger: testLogger(t)}, []string{"INBOX"},
			func(l mailbox.KeptLetter) error {
				in, err := mailbox.Decode(l.Raw)
				require.NoError(t, err)
				handed = append(handed, in.MessageID)
				return nil
			})
		require.Error(t, err)
		assert.Contains(t, err.Error(), "fetching letter 2:", "the letter named")
		assert.Equal(t, []string{"a@example.ru"}, handed, "the letters before it handed over")
	})
}
