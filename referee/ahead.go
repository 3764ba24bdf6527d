package referee

import (
	"strings"
	"sync"
	"time"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// Reading ahead. A letter's text is read (letter.Parse) for its
// tournament (cipher, board, zone, the sender's language), which only the
// store knows, so it cannot be read before the serial chain of a group
// reads its case. But the tournaments the chain read are kept
// (aheadBook), and a goroutine of the group (readAhead) reads each later
// letter of a sender it knows under the options his tournament would read
// it with, beside the chain, on the other core; the chain takes a reading
// only when it was read under the very options the letter's case reads it
// with (corr.State.ReadAhead), and reads the letter itself otherwise, so
// every letter is decided as if read in the chain.

// aheadTournaments bounds the tournaments kept for reading ahead: past
// it the book starts over (a store of many tournaments with few letters
// each gains little from it).
const aheadTournaments = 64

// aheadBook is the tournaments the chain read, by their players'
// addresses (lower case), for reading ahead. Its zero value is empty.
type aheadBook struct {
	mu       sync.Mutex
	ciphers  map[string]bool
	bySender map[string]*aheadTournament
}

// aheadTournament is a tournament as kept for reading ahead.
type aheadTournament struct {
	t   corr.Tournament
	loc *time.Location
}

// learn keeps the tournament of case c, unless it is kept already; it
// reports whether it kept it now.
func (b *aheadBook) learn(c adjudication.Case) bool {
	if c.Cipher == "" || c.State.Tournament.Cipher != c.Cipher {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ciphers[c.Cipher] {
		return false
	}
	if len(b.ciphers) >= aheadTournaments || b.ciphers == nil {
		b.ciphers, b.bySender = map[string]bool{}, map[string]*aheadTournament{}
	}
	t := &aheadTournament{t: c.State.Tournament, loc: c.State.Tournament.Location()}
	b.ciphers[c.Cipher] = true
	for _, p := range t.t.Players {
		b.bySender[strings.ToLower(p.Email)] = t
	}
	return true
}

// options are the options letter c would be read with in its sender's
// tournament last kept, if any.
func (b *aheadBook) options(c checked) (letter.Options, bool) {
	b.mu.Lock()
	t := b.bySender[strings.ToLower(c.From)]
	b.mu.Unlock()
	if t == nil {
		return letter.Options{}, false
	}
	opts, _, _ := t.t.ReadOptions(c.From, c.Subject, timecontrol.DateOf(c.Postmark.In(t.loc)))
	return opts, true
}

// readAhead reads the letters of one ReceiveAll ahead of its chain.
type readAhead struct {
	book *aheadBook
	cs   []checked
	mu   sync.Mutex
	// moved is signalled when the chain learns a tournament (learnt
	// counts them), a reading is done or reading ahead stops.
	moved   sync.Cond
	learnt  int
	reading []bool          // the letter is being read ahead
	read    []*letter.Ahead // the letter's reading, once done
	taking  int             // the letter the chain takes, -1 before the first
	stop    bool
	done    chan struct{}
}

// readAhead starts reading ahead the letters cs, which the chain takes in
// order; nil for a lone letter.
func (r *Referee) readAhead(cs []checked) *readAhead {
	if len(cs) < 2 {
		return nil
	}
	ra := &readAhead{book: &r.ahead, cs: cs, reading: make([]bool, len(cs)), read: make([]*letter.Ahead, len(cs)),
		taking: -1, done: make(chan struct{})}
	ra.moved.L = &ra.mu
	go ra.run()
	return ra
}

// run reads, in order, each letter the chain has not reached whose
// sender's tournament is known, and passes over them again each time the
// chain learns a tournament, until it is stopped. It holds the lock only
// to mark a letter and to hand its reading over: the chain's calls wait
// for no options worked out nor letter read.
func (ra *readAhead) run() {
	defer close(ra.done)
	for {
		ra.mu.Lock()
		learnt, i := ra.learnt, ra.taking+1
		ra.mu.Unlock()
		for ; i < len(ra.cs); i++ {
			c := ra.cs[i]
			if ra.read[i] != nil || c.keep != "" {
				continue // read (by this goroutine), or kept unread
			}
			opts, ok := ra.book.options(c)
			if !ok {
				continue
			}
			ra.mu.Lock()
			if ra.stop {
				ra.mu.Unlock()
				return
			}
			if i <= ra.taking {
				i = ra.taking // the chain's already, and those before it
				ra.mu.Unlock()
				continue
			}
			ra.reading[i] = true
			ra.mu.Unlock()
			a := letter.ReadAhead(c.Text, opts)
			ra.mu.Lock()
			ra.reading[i], ra.read[i] = false, a
			ra.moved.Broadcast()
			ra.mu.Unlock()
		}
		ra.mu.Lock()
		for ra.learnt == learnt && !ra.stop {
			ra.moved.Wait()
		}
		stop := ra.stop
		ra.mu.Unlock()
		if stop {
			return
		}
	}
}

// at tells that the chain takes letter i now: it is not read ahead
// unless it is being read already.
func (ra *readAhead) at(i int) {
	if ra == nil {
		return
	}
	ra.mu.Lock()
	ra.taking = i
	ra.mu.Unlock()
}

// learned tells that the chain learned a tournament.
func (ra *readAhead) learned() {
	if ra == nil {
		return
	}
	ra.mu.Lock()
	ra.learnt++
	ra.moved.Broadcast()
	ra.mu.Unlock()
}

// claim is letter i's reading ahead, nil when it was not read; it waits
// for a reading under way.
func (ra *readAhead) claim(i int) *letter.Ahead {
	if ra == nil {
		return nil
	}
	ra.mu.Lock()
	defer ra.mu.Unlock()
	for ra.reading[i] {
		ra.moved.Wait()
	}
	return ra.read[i]
}

// end stops reading ahead and waits for the reader to go.
func (ra *readAhead) end() {
	if ra == nil {
		return
	}
	ra.mu.Lock()
	ra.stop = true
	ra.moved.Broadcast()
	ra.mu.Unlock()
	<-ra.done
}
