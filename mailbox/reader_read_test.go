package mailbox

import (
	"io"
	"log/slog"
	"runtime"
	"strings"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox/localmail"
)

const readAuthserv = "mx.zaochnik.test"

// readLetters are a person's letter its trusted Authentication-Results
// vouch for, one of the server's own come back, and one whose header is
// too large to read.
var readLetters = [][]byte{
	[]byte("Authentication-Results: " + readAuthserv + "; dmarc=pass header.from=example.ru\r\n" +
		"From: ivanov@example.ru\r\nSubject: 1.c3-d4\r\nMessage-ID: <p@example.ru>\r\n\r\n1.c3-d4\r\n"),
	[]byte("From: tournament@zaochnik.test\r\nSubject: back\r\nMessage-ID: <own@zaochnik.test>\r\n\r\nx\r\n"),
	[]byte("Content-Type: multipart/mixed; boundary=Z\r\nX-Long: " + strings.Repeat("a", 2<<20) + "\r\n\r\nx\r\n"),
}

// wantRead checks that f is readLetters[i] read under readerReading.
func wantRead(t *testing.T, i int, f Fetched) {
	t.Helper()
	if i == 2 {
		assert.Nil(t, f.Mail)
		assert.Error(t, f.Unreadable, "the reason a letter cannot be read goes with it")
		return
	}
	require.NoError(t, f.Unreadable)
	require.NotNil(t, f.Mail)
	assert.True(t, f.Mail.Read(), "read under the Reading, not built by hand")
	if i == 0 {
		assert.Equal(t, "p@example.ru", f.Mail.MessageID)
		assert.Equal(t, AuthDMARC, f.Mail.Auth.Method, "the trusted Authentication-Results are the Reading's")
		assert.Empty(t, f.Mail.Automatic)
	} else {
		assert.NotEmpty(t, f.Mail.Automatic, "the server's own address is the Reading's")
	}
}

var readerReading = Reading{Auth: AuthPolicy{AuthservID: readAuthserv}, Own: []string{"tournament@zaochnik.test"}}

// TestReader_ReadsUnderItsReading: the Reader hands the Inbox each letter
// read under ReaderOptions.Reading (its automatic status and trusted
// Authentication-Results with it), an unreadable one with why, and one
// over MaxLetterSize unread.
func TestReader_ReadsUnderItsReading(t *testing.T) {
	r := &Reader{o: ReaderOptions{Reading: readerReading, MaxLetterSize: int64(len(readLetters[2]))}}
	for i, raw := range readLetters {
		wantRead(t, i, r.read(uint32(i+1), raw))
	}
	r.o.MaxLetterSize = int64(len(readLetters[0])) - 1
	f := r.read(9, readLetters[0])
	assert.Equal(t, Fetched{UID: 9, Raw: readLetters[0]}, f, "a letter over the limit is not read")
}

// TestReader_FetchReadsEachLetter: the letters are read in the fetch
// stage, before they are queued for the Inbox, so their reading runs
// beside the store's work on the letters before, not in its serial chain.
func TestReader_FetchReadsEachLetter(t *testing.T) {
	c, addr := selectedWith(t, readLetters)
	r, err := NewReader(ReaderOptions{Addr: addr, Username: "tournament@zaochnik.test", Inbox: nopInbox{}, Reading: readerReading})
	require.NoError(t, err)
	arrived := make(chan arrival, len(readLetters)+1)
	big := map[imap.UID]int64{}
	require.NoError(t, r.fetch(c, []imap.UID{1, 2, 3}, arrived, newBudget(1<<30), big))
	close(arrived)
	assert.Empty(t, big)
	var got []Fetched
	for a := range arrived {
		if !a.end {
			got = append(got, a.f)
		}
	}
	require.Len(t, got, len(readLetters))
	for i, f := range got {
		wantRead(t, i, f)
	}
}

// nopInbox is an Inbox for a Reader whose Run is never called.
type nopInbox struct{ Inbox }

// selectedWith is a client of a fresh embedded server whose INBOX holds
// raws (appended as they are: no delivery adds a header), selected, and
// the server's IMAP address.
func selectedWith(t *testing.T, raws [][]byte) (*imapclient.Client, string) {
	t.Helper()
	lm, err := localmail.Start(localmail.Options{Domain: "zaochnik.test", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	require.NoError(t, err)
	t.Cleanup(func() { lm.Close() })
	require.NoError(t, lm.AddUser("tournament@zaochnik.test", "secret"))
	c, err := imapclient.DialInsecure(lm.IMAPAddr, nil)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	require.NoError(t, c.Login("tournament@zaochnik.test", "secret").Wait())
	for _, raw := range raws {
		cmd := c.Append("INBOX", int64(len(raw)), nil)
		_, err := cmd.Write(raw)
		require.NoError(t, err)
		require.NoError(t, cmd.Close())
		_, err = cmd.Wait()
		require.NoError(t, err)
	}
	_, err = c.Select("INBOX", nil).Wait()
	require.NoError(t, err)
	return c, lm.IMAPAddr
}

// literal is a literal of the given announced size over data.
type literal struct {
	*strings.Reader
	size int64
}

func (l literal) Size() int64 { return l.size }

// TestReadLiteral_OneBufferOfItsSize: a fetched letter is read into one
// buffer of the literal's size (io.ReadAll grew one from 512 bytes,
// copying the letter at every step); a literal over the limit is not
// kept, only its size told.
func TestReadLiteral_OneBufferOfItsSize(t *testing.T) {
	letter := strings.Repeat("x", 5000)
	tests := []struct {
		name     string
		data     string
		size     int64
		want     string
		wantOver int64
		wantErr  bool
	}{
		{"a letter", letter, 5000, letter, 0, false},
		{"empty, not nil", "", 0, "", 0, false},
		{"over the limit: discarded", letter, 5000 << 10, "", 5000 << 10, false},
		{"no size announced: over the limit", letter, -1, "", 1<<20 + 1, false},
		{"shorter than announced", "abc", 5, "", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, over, err := readLiteral(literal{strings.NewReader(tt.data), tt.size}, 1<<20, nil)
			if tt.wantErr {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.wantOver, over)
			if tt.wantOver > 0 {
				assert.Nil(t, b)
				return
			}
			assert.NotNil(t, b)
			assert.Equal(t, tt.want, string(b))
		})
	}
	lit := &literal{strings.NewReader(""), 5000}
	allocs := testing.AllocsPerRun(20, func() {
		lit.Reset(letter)
		if _, _, err := readLiteral(lit, 1<<20, nil); err != nil {
			t.Fatal(err)
		}
	})
	assert.Equal(t, 1.0, allocs, "the letter's buffer alone")
}

// endless is a literal of size bytes made as they are read, none kept.
type endless struct{ left, size int64 }

func (e *endless) Read(b []byte) (int, error) {
	if e.left == 0 {
		return 0, io.EOF
	}
	n := min(int64(len(b)), e.left)
	clear(b[:n])
	e.left -= n
	return int(n), nil
}

func (e *endless) Size() int64 { return e.size }

// TestReadLiteral_OverTheLimitNotRead: a literal larger than the limit,
// whatever the server said of it before, is hostile input: it is not read
// nor held, its size is told as soon as it is announced (a connection lost
// while it is discarded does not make the reader forget it), and
// go-imap's next item reads it to its end (TestReader_UnderstatedSizeNotBuffered:
// the connection goes on).
func TestReadLiteral_OverTheLimitNotRead(t *testing.T) {
	const size, limit = 64 << 20, 1 << 20
	lit := &endless{left: size, size: size}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	raw, over, err := readLiteral(lit, limit, nil)
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	assert.Nil(t, raw)
	assert.Equal(t, int64(size), over)
	assert.EqualValues(t, size, lit.left, "not read")
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(limit), "allocated for a literal of %d bytes", size)
}

// TestReadLiteral_Progress: ReaderOptions.Progress is told of each
// progressStep of a literal as its bytes arrive, so that a slow letter
// that keeps coming shows the reader alive (/healthz), and of nothing
// once they stop: a literal whose connection goes silent or is lost is
// told only of what came.
func TestReadLiteral_Progress(t *testing.T) {
	tests := []struct {
		name      string
		size      int64
		came      int64 // bytes that come before the connection fails; size for all
		wantCalls int
	}{
		{"under one step: none", progressStep - 1, progressStep - 1, 0},
		{"one step", progressStep, progressStep, 1},
		{"ten steps and a half", 10*progressStep + progressStep/2, 10*progressStep + progressStep/2, 10},
		{"stopped in the third step", 10 * progressStep, 2*progressStep + 100, 2},
		{"stopped before the first", 10 * progressStep, progressStep - 1, 0},
		{"over the limit: not read", 1<<30 + 1, 1<<30 + 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			lit := &endless{left: tt.came, size: tt.size}
			_, _, err := readLiteral(lit, 1<<30, func() { calls++ })
			assert.Equal(t, tt.came < tt.size, err != nil, "failed: %v", err)
			assert.Equal(t, tt.wantCalls, calls)
		})
	}
}
