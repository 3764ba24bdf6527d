package referee

import (
	"runtime"
	"slices"
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
// (aheadBook), and a goroutine of each ReceiveAll, over all its groups
// (readAhead), reads each later letter of a sender it knows under the
// options his tournament would read it with, beside the chain; the chain
// takes a reading only when it was read under the very options the
// letter's case reads it with (corr.State.ReadAhead), and reads the
// letter itself otherwise, so every letter is decided as if read in the
// chain.

// aheadTournaments bounds the tournaments kept for reading ahead: past
// it the book starts over (a store of many tournaments with few letters
// each gains little from it).
const aheadTournaments = 64

// aheadBook is the tournaments the chain read, by their ciphers and by
// their players' addresses (lower case), for reading ahead. Its zero
// value is empty.
type aheadBook struct {
	mu       sync.Mutex
	ciphers  map[string]*aheadTournament
	bySender map[string]*aheadTournament
}

// aheadTournament is a tournament as kept for reading ahead.
type aheadTournament struct {
	t   corr.Tournament
	loc *time.Location
}

// options are the options letter c would be read with in t.
func (t *aheadTournament) options(c checked) letter.Options {
	opts, _, _ := t.t.ReadOptions(c.From, c.Subject, timecontrol.DateOf(c.Postmark.In(t.loc)))
	return opts
}

// readsAs reports whether tournaments t and u read a letter alike
// (corr.Tournament.ReadOptions, and the zone of its postmark's day): the
// same zone, variant, and players' addresses and languages. A tournament
// edited since it was kept (a player replaced, his address or language
// changed) is learned again.
func readsAs(t, u corr.Tournament) bool {
	return t.Timezone == u.Timezone && t.Variant == u.Variant &&
		slices.EqualFunc(t.Players, u.Players, func(p, q corr.Player) bool {
			return p.Email == q.Email && p.Language == q.Language
		})
}

// learn keeps the tournament of case c, with loc its zone as the store
// loaded it (storage.Scene.Zone), unless the one kept under its cipher
// reads letters alike (readsAs), and returns the one kept; nil for a
// case of no tournament.
func (b *aheadBook) learn(c adjudication.Case, loc *time.Location) *aheadTournament {
	if c.Cipher == "" || c.State.Tournament.Cipher != c.Cipher {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	old := b.ciphers[c.Cipher]
	if old != nil && readsAs(old.t, c.State.Tournament) {
		return old
	}
	if old == nil && (len(b.ciphers) >= aheadTournaments || b.ciphers == nil) {
		b.ciphers, b.bySender = map[string]*aheadTournament{}, map[string]*aheadTournament{}
	}
	t := &aheadTournament{t: c.State.Tournament, loc: loc}
	b.ciphers[c.Cipher] = t
	if old != nil {
		for _, p := range old.t.Players {
			if sender := strings.ToLower(p.Email); b.bySender[sender] == old {
				delete(b.bySender, sender)
			}
		}
	}
	for _, p := range t.t.Players {
		b.bySender[strings.ToLower(p.Email)] = t
	}
	return t
}

// tournament is the tournament last kept of which sender (lower case) is
// a player, nil for none.
func (b *aheadBook) tournament(sender string) *aheadTournament {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.bySender[sender]
}

// readAhead reads the letters of one ReceiveAll ahead of its chain.
type readAhead struct {
	book *aheadBook
	cs   []checked
	mu   sync.Mutex
	// moved is signalled when the chain learns a tournament (fresh), a
	// reading is done or reading ahead stops.
	moved sync.Cond
	fresh []*aheadTournament
	told  map[*aheadTournament]bool // the tournaments the chain learned
	// seen is, by cipher, the copy of each tournament the chain learned
	// in this call (learn); the chain's alone, not under mu.
	seen    map[string]aheadSeen
	reading []bool          // the letter is being read ahead
	read    []*letter.Ahead // the letter's reading, once done
	taking  int             // the letter the chain takes, -1 before the first
	stop    bool
	done    chan struct{}
	// unyielded counts the letters read since the reader last yielded
	// (its own).
	unyielded int
}

// readAhead starts reading ahead the letters cs, which the chain takes in
// order; nil for a lone letter.
func (r *Referee) readAhead(cs []checked) *readAhead {
	if len(cs) < 2 {
		return nil
	}
	ra := &readAhead{book: &r.ahead, cs: cs, reading: make([]bool, len(cs)), read: make([]*letter.Ahead, len(cs)),
		told: map[*aheadTournament]bool{}, seen: map[string]aheadSeen{}, taking: -1, done: make(chan struct{})}
	ra.moved.L = &ra.mu
	go ra.run()
	return ra
}

// run reads, in order, each letter whose sender's tournament is known,
// then, each time the chain learns a tournament, the letters of its
// players that wait, until it is stopped; the letters the chain reached
// first are left to it. Each letter's sender is looked up once, and once
// more for each tournament learned of which he is a player, so reading
// ahead costs about as much for letters of a hundred tournaments as of
// one.
func (ra *readAhead) run() {
	defer close(ra.done)
	waiting := map[string][]int{} // unknown senders' letters
	for i, c := range ra.cs {
		if c.keep != "" {
			continue // kept unread
		}
		sender := strings.ToLower(c.From)
		t := ra.book.tournament(sender)
		if t == nil {
			waiting[sender] = append(waiting[sender], i)
			continue
		}
		if !ra.readOne(i, t) {
			return
		}
	}
	for {
		ra.mu.Lock()
		for len(ra.fresh) == 0 && !ra.stop {
			ra.moved.Wait()
		}
		fresh, stop := ra.fresh, ra.stop
		ra.fresh = nil
		ra.mu.Unlock()
		if stop {
			return
		}
		for _, t := range fresh {
			var now []int
			for _, p := range t.t.Players {
				sender := strings.ToLower(p.Email)
				now = append(now, waiting[sender]...)
				delete(waiting, sender)
			}
			slices.Sort(now)
			for _, i := range now {
				if !ra.readOne(i, t) {
					return
				}
			}
		}
	}
}

// readOne reads letter i ahead for tournament t unless the chain reached
// it (run offers each letter once); it reports false when reading ahead
// stopped. It holds the lock only to mark the letter and to hand its
// reading over, not while the letter is read (only the chain's claim of
// this very letter waits for it); it yields every aheadYield letters.
func (ra *readAhead) readOne(i int, t *aheadTournament) bool {
	c := ra.cs[i]
	ra.mu.Lock()
	if ra.stop {
		ra.mu.Unlock()
		return false
	}
	if i <= ra.taking {
		ra.mu.Unlock()
		return true
	}
	ra.reading[i] = true
	ra.mu.Unlock()
	a := letter.ReadAhead(c.Text, t.options(c))
	ra.mu.Lock()
	ra.reading[i], ra.read[i] = false, a
	ra.moved.Broadcast()
	ra.mu.Unlock()
	// Let the chain have this core if it waits for one (back from the
	// commit's sync, say), every few letters: a run of letters read ahead
	// must not hold it up until the scheduler preempts the reader, 10 ms
	// later, nor should the reader queue behind every other goroutine
	// after each letter.
	if ra.unyielded++; ra.unyielded == aheadYield {
		ra.unyielded = 0
		runtime.Gosched()
	}
	return true
}

// aheadYield is how many letters the reading ahead reads between two
// yields: about 0.1 ms of reading.
const aheadYield = 8

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

// aheadSeen is a tournament's copy as the chain learned it: its players
// (the store's slice, compared by identity), zone and variant, and the
// zone the store loaded.
type aheadSeen struct {
	players []corr.Player
	tz      string
	variant corr.Variant
	loc     *time.Location
}

// seenAs is the copy of tournament t with zone loc as aheadSeen keeps it.
func seenAs(t corr.Tournament, loc *time.Location) aheadSeen {
	return aheadSeen{players: t.Players, tz: t.Timezone, variant: t.Variant, loc: loc}
}

// same reports whether s and u are one copy as loaded: the same players'
// slice, zone and variant, and the same zone loaded (a store loads it
// once for each tournament file it reads, storage.Scene.Zone). What
// readsAs compares is then the same, without a comparison of the players.
func (s aheadSeen) same(u aheadSeen) bool {
	return s.loc == u.loc && s.tz == u.tz && s.variant == u.variant && len(s.players) == len(u.players) &&
		(len(s.players) == 0 || &s.players[0] == &u.players[0])
}

// learn keeps the tournament of case c, with loc its zone as the store
// loaded it, in book (aheadBook.learn) and tells the reader (learned),
// unless the chain learned this very copy of it in this call already:
// the letters of one tournament, most of a group, find it as it was and
// take neither the book's lock nor its comparison again. It is only
// learned when it changed (another copy, an edited tournament). Without
// reading ahead (nil), a lone letter, it is learned for the calls after.
func (ra *readAhead) learn(book *aheadBook, c adjudication.Case, loc *time.Location) {
	if ra == nil {
		book.learn(c, loc)
		return
	}
	now := seenAs(c.State.Tournament, loc)
	if was, ok := ra.seen[c.Cipher]; ok && was.same(now) {
		return
	}
	t := book.learn(c, loc)
	if t == nil {
		return
	}
	ra.seen[c.Cipher] = now
	ra.learned(t)
}

// learned tells that the chain learned tournament t (nil: none), newly
// or before this call: the letters of its players that wait are read
// once in this call.
func (ra *readAhead) learned(t *aheadTournament) {
	if ra == nil || t == nil {
		return
	}
	ra.mu.Lock()
	defer ra.mu.Unlock()
	if ra.told[t] {
		return
	}
	ra.told[t] = true
	ra.fresh = append(ra.fresh, t)
	ra.moved.Broadcast()
}

// claim is letter i's reading ahead, nil when it was not read; it waits
// for a reading under way, and lets the reading go: the chain takes a
// letter again only when a later letter failed and rolled their group
// back (receiveGroup), rarely, and the decision then reads it itself, the
// same either way (adjudication.Letter.Ahead).
func (ra *readAhead) claim(i int) *letter.Ahead {
	if ra == nil {
		return nil
	}
	ra.mu.Lock()
	defer ra.mu.Unlock()
	for ra.reading[i] {
		ra.moved.Wait()
	}
	a := ra.read[i]
	ra.read[i] = nil
	return a
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
