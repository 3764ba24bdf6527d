package mailbox_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/emersion/go-smtp"

	"zaochnik/mailbox"
	"zaochnik/mailbox/localmail"
)

// letterState is where a queued letter is: waiting to go, in flight (handed
// to the sender, its outcome not recorded yet) or done.
type letterState uint8

const (
	waiting letterState = iota
	inFlight
	done
)

// exampleStore is the smallest store that wires a Reader to a Sender: it
// answers every letter from a person with an acknowledgement.
type exampleStore struct {
	mu       sync.Mutex
	validity uint32
	last     uint32
	seen     map[string]bool
	out      []mailbox.Outgoing // queued letters; state[i] tells what became of each
	state    []letterState
	sender   *mailbox.Sender
}

func (s *exampleStore) Watermark(context.Context, string) (uint32, uint32, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.validity, s.last, nil
}

func (s *exampleStore) Oversized(_ context.Context, _ string, validity uint32, header mailbox.Fetched, _ int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.validity, s.last = validity, max(s.last, header.UID)
	return nil // stored refused with its header, the secretary told, in a real store
}

func (s *exampleStore) Accept(ctx context.Context, mbox string, validity uint32, letters []mailbox.Fetched) ([]bool, error) {
	return oneByOne(ctx, mbox, validity, letters, s.accept)
}

func (s *exampleStore) accept(_ context.Context, _ string, validity uint32, l mailbox.Fetched) (bool, error) {
	uid, in := l.UID, l.Mail // read by the reader under its Reading
	if in == nil {
		return true, nil // stored and refused, in a real store
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.validity, s.last = validity, max(s.last, uid)
	if s.seen[in.MessageID] {
		return false, nil
	}
	s.seen[in.MessageID] = true
	if in.Automatic != "" {
		return false, nil
	}
	reply := mailbox.Outgoing{
		From: mailbox.Address{Addr: "tournament@zaochnik.test"}, To: []mailbox.Address{in.From},
		Subject: "Re: " + in.Subject, Text: "Получено: " + in.Text,
		Date: time.Date(2026, 1, 6, 10, 0, 0, 0, time.UTC), MessageID: fmt.Sprintf("ack.%d@zaochnik.test", uid),
		InReplyTo: []string{in.MessageID}, References: []string{in.MessageID},
	}
	s.out, s.state = append(s.out, reply), append(s.state, waiting)
	s.sender.Kick() // after the commit, in a real store
	return false, nil
}

func (s *exampleStore) NextDue(context.Context) (time.Time, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, st := range s.state {
		if st == waiting {
			return time.Time{}, true, nil // due at once
		}
	}
	return time.Time{}, false, nil
}

// Claim records the last batch's outcomes and hands over the next, in one
// transaction in a real store.
func (s *exampleStore) Claim(_ context.Context, outcomes []mailbox.Outcome, _, _ time.Time, max int) ([]mailbox.Attempt, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, o := range outcomes {
		s.state[o.ID] = done // a real store retries a mailbox.Retry later and an Unattempted at once
	}
	var batch []mailbox.Attempt
	for i, st := range s.state {
		if st == waiting && len(batch) < max {
			s.state[i] = inFlight
			batch = append(batch, mailbox.Attempt{ID: int64(i), Number: 1, Letter: s.out[i]})
		}
	}
	return batch, nil
}

// Example wires the embedded mail server, a Reader and a Sender: a player
// writes to the tournament, the server answers, the player gets the answer.
func Example() {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	lm, err := localmail.Start(localmail.Options{Domain: "zaochnik.test", Logger: quiet})
	if err != nil {
		panic(err)
	}
	defer lm.Close()
	_ = lm.AddUser("tournament@zaochnik.test", "secret")
	_ = lm.AddUser("ivanov@example.ru", "secret")

	store := &exampleStore{seen: map[string]bool{}}
	reader, _ := mailbox.NewReader(mailbox.ReaderOptions{Addr: lm.IMAPAddr, Security: mailbox.SecurityPlain,
		Username: "tournament@zaochnik.test", Password: "secret", Inbox: store, Logger: quiet,
		Reading: mailbox.Reading{Own: []string{"tournament@zaochnik.test"}}})
	store.sender, _ = mailbox.NewSender(mailbox.SenderOptions{Addr: lm.SMTPAddr, Security: mailbox.SecurityPlain,
		Username: "tournament@zaochnik.test", Password: "secret", Outbox: store, Logger: quiet})
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { _ = reader.Run(ctx) })
	wg.Go(func() { _ = store.sender.Run(ctx) })
	defer wg.Wait()
	defer cancel()

	// The player sends a move from any mail client.
	letter := "From: Ivanov <ivanov@example.ru>\r\nTo: tournament@zaochnik.test\r\nSubject: Game 7\r\n" +
		"Message-ID: <m1@example.ru>\r\n\r\n1. c3-d4\r\n"
	c, err := smtp.Dial(lm.SMTPAddr)
	if err != nil {
		panic(err)
	}
	if err := c.SendMail("ivanov@example.ru", []string{"tournament@zaochnik.test"}, bytes.NewReader([]byte(letter))); err != nil {
		panic(err)
	}
	c.Quit()

	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		for _, d := range lm.Deliveries() {
			if d.To[0] == "ivanov@example.ru" {
				in, _ := mailbox.Decode(d.Raw)
				fmt.Println(in.Subject)
				fmt.Println(in.Text)
				return
			}
		}
	}
	// Output:
	// Re: Game 7
	// Получено: 1. c3-d4
}
