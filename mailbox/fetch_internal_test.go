package mailbox

import (
	"bufio"
	"io"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFetch_OnlyTheLettersAsked: a FETCH of letters 1 and 2 hands over
// each of them once and nothing else, however a hostile server answers:
// go-imap gives the command only the UIDs it asked, each once (a letter
// not asked for, one again, a body without its UID, flags are discarded),
// and a server sending those without end, the FETCH never ending, is
// dropped by the guard after CommandTimeout: the reader is not held in
// the FETCH for ever.
func TestFetch_OnlyTheLettersAsked(t *testing.T) {
	letter := func(seq, uid string) string {
		return "* " + seq + " FETCH (UID " + uid + " BODY[] {12}\r\nSubject: x\r\n)\r\n"
	}
	tests := []struct {
		name    string
		answer  string // after which, endless: again
		handed  []imap.UID
		dropped bool
	}{
		{"honest", letter("1", "1") + letter("2", "2"), []imap.UID{1, 2}, false},
		{"a letter not asked for", letter("1", "1") + letter("9", "9"), []imap.UID{1}, true},
		{"a letter twice", letter("1", "1") + letter("1", "1"), []imap.UID{1}, true},
		{"a body without its UID", letter("1", "1") + "* 2 FETCH (BODY[] {12}\r\nSubject: x\r\n)\r\n", []imap.UID{1}, true},
		{"flags without end", letter("1", "1") + "* 1 FETCH (FLAGS (\\Seen))\r\n", []imap.UID{1}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cli, srv := net.Pipe()
			defer srv.Close()
			go func() {
				io.WriteString(srv, "* OK [CAPABILITY IMAP4rev1] hi\r\n")
				line, err := bufio.NewReader(srv).ReadString('\n')
				if err != nil {
					return
				}
				tag, _, _ := strings.Cut(line, " ")
				if tt.dropped {
					for {
						if _, err := io.WriteString(srv, tt.answer); err != nil {
							return
						}
					}
				}
				io.WriteString(srv, tt.answer+tag+" OK done\r\n")
			}()
			c := imapclient.New(cli, nil)
			defer c.Close()
			r := &Reader{o: ReaderOptions{CommandTimeout: 300 * time.Millisecond, MaxLetterSize: 1 << 20, MinTransferRate: 16 << 10},
				log: slog.New(slog.DiscardHandler)}
			arrived := make(chan arrival, 1000)
			done := make(chan error, 1)
			go func() { done <- r.fetch(c, []imap.UID{1, 2}, arrived, newBudget(1<<30), map[imap.UID]int64{}) }()
			var err error
			select {
			case err = <-done:
			case <-time.After(30 * time.Second):
				t.Fatal("the FETCH did not end")
			}
			close(arrived)
			var handed []imap.UID
			for a := range arrived {
				if !a.end {
					handed = append(handed, imap.UID(a.f.UID))
				}
			}
			assert.Equal(t, tt.handed, handed)
			if tt.dropped {
				require.Error(t, err)
			} else {
				require.NoError(t, err)
			}
		})
	}
}

// TestListLetters_KeepsAtMostMax: the listing keeps the first max
// letters listed, their flags and sizes read; a server listing letters
// without end makes the reader hold no more of them, and is cut by the
// guard (here the test's own close).
func TestListLetters_KeepsAtMostMax(t *testing.T) {
	listed := func(i int) string {
		n := strconv.Itoa(i)
		flags := ""
		if i == 2 {
			flags = `\Seen $ZaochnikProcessed`
		}
		return "* " + n + " FETCH (UID " + n + "0 FLAGS (" + flags + ") RFC822.SIZE " + n + "00)\r\n"
	}
	for _, endless := range []bool{false, true} {
		cli, srv := net.Pipe()
		go func() {
			defer srv.Close()
			io.WriteString(srv, "* OK [CAPABILITY IMAP4rev1] hi\r\n")
			line, err := bufio.NewReader(srv).ReadString('\n')
			if err != nil {
				return
			}
			tag, _, _ := strings.Cut(line, " ")
			for i := 1; endless || i <= 10; i++ {
				if _, err := io.WriteString(srv, listed(i)); err != nil {
					return
				}
			}
			io.WriteString(srv, tag+" OK done\r\n")
		}()
		c := imapclient.New(cli, nil)
		if endless {
			cut := time.AfterFunc(300*time.Millisecond, func() { c.Close() })
			defer cut.Stop()
		}
		r := &Reader{log: slog.New(slog.DiscardHandler)}
		ls, err := r.listLetters(c, 3)
		c.Close()
		assert.Equal(t, []listedLetter{{UID: 10, RFC822Size: 100}, {UID: 20, RFC822Size: 200, processed: true}, {UID: 30, RFC822Size: 300}}, ls, "endless %v", endless)
		if endless {
			assert.Error(t, err)
		} else {
			assert.NoError(t, err)
		}
	}
}
