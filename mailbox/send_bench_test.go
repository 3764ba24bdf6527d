package mailbox_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"zaochnik/mailbox"
	"zaochnik/mailbox/localmail"
)

// BenchmarkSend sends a backlog of letters (ZAOCHNIK_BENCH_LETTERS, else
// 2000; compose_test's letter, one recipient each) through a Sender, in
// batches of the default size, from an outbox in memory to the embedded
// server, which runs in a child process (this binary, TestMain) so
// that cpu-us/letter is the sender's own CPU: composing, the SMTP
// exchange, the outbox's bookkeeping (user and system time of this
// process, from the first claim until the last outcome is recorded).
func BenchmarkSend(b *testing.B) {
	n := benchLetters(b)
	addr := startSinkChild(b)
	var cpu, took time.Duration
	for b.Loop() {
		out := &benchOutbox{n: n, all: make(chan struct{})}
		s, err := mailbox.NewSender(mailbox.SenderOptions{Addr: addr, Security: mailbox.SecurityPlain,
			Username: tournament, Password: secret, Outbox: out, Logger: testLogger(b)})
		require.NoError(b, err)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error)
		cpu0, began := cpuTime(b), time.Now()
		go func() { done <- s.Run(ctx) }()
		<-out.all
		cpu, took = cpu+cpuTime(b)-cpu0, took+time.Since(began)
		cancel()
		require.NoError(b, <-done)
		require.Equal(b, n, out.sent)
	}
	letters := float64(n * b.N)
	b.ReportMetric(float64(cpu.Microseconds())/letters, "cpu-us/letter")
	b.ReportMetric(letters/took.Seconds(), "letters/s")
}

// benchOutbox hands out n letters, all due, and closes all once every one
// is recorded sent.
type benchOutbox struct {
	mu   sync.Mutex
	n    int
	next int64 // the letters handed out
	sent int
	all  chan struct{}
}

func (o *benchOutbox) NextDue(context.Context) (time.Time, bool, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return time.Time{}, int(o.next) < o.n, nil
}

func (o *benchOutbox) Claim(_ context.Context, done []mailbox.Outcome, _, _ time.Time, max int) ([]mailbox.Attempt, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, d := range done {
		if d.Fate != mailbox.Sent {
			return nil, fmt.Errorf("letter %d: %v %s", d.ID, d.Fate, d.Reason)
		}
		o.sent++
	}
	if o.sent == o.n && len(done) > 0 {
		close(o.all)
	}
	var batch []mailbox.Attempt
	for ; max > 0 && int(o.next) < o.n; max-- {
		l := outgoing()
		l.To = []mailbox.Address{{Name: "Иванов Пётр", Addr: player}}
		l.MessageID = fmt.Sprintf("g7.%d@zaochnik.test", o.next)
		batch = append(batch, mailbox.Attempt{ID: o.next, Number: 1, Letter: l})
		o.next++
	}
	return batch, nil
}

// cpuTime is this process's CPU time so far, user and system.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	require.NoError(tb, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// startSinkChild runs the embedded server in a child process
// (TestMain) until the benchmark ends and returns its SMTP address.
func startSinkChild(b *testing.B) string {
	b.Helper()
	child := exec.Command(os.Args[0])
	child.Env = append(os.Environ(), "ZAOCHNIK_SINK_CHILD=1")
	child.Stderr = os.Stderr
	stdin, err := child.StdinPipe()
	require.NoError(b, err)
	stdout, err := child.StdoutPipe()
	require.NoError(b, err)
	require.NoError(b, child.Start())
	b.Cleanup(func() {
		stdin.Close()
		child.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(b, err)
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "smtp ")
	require.True(b, ok, "the sink said %q", line)
	return addr
}

// TestMain runs this binary as BenchmarkSend's mail server when
// ZAOCHNIK_SINK_CHILD is set (startSinkChild), else the tests.
func TestMain(m *testing.M) {
	if os.Getenv("ZAOCHNIK_SINK_CHILD") != "" {
		if err := serveSink(); err != nil {
			fmt.Fprintln(os.Stderr, "the sink:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// serveSink serves the embedded server, prints "smtp ADDR" and runs until
// its stdin closes.
func serveSink() error {
	lm, err := localmail.Start(localmail.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		return err
	}
	defer lm.Close()
	for _, u := range []string{tournament, player} {
		if err := lm.AddUser(u, secret); err != nil {
			return err
		}
	}
	fmt.Printf("smtp %s\n", lm.SMTPAddr)
	os.Stdin.Read(make([]byte, 1)) // until the benchmark closes it
	return nil
}
