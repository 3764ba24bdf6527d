package referee

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/corr/letter"
	"zaochnik/storage"
	"zaochnik/timecontrol"
)

// aheadCase is the tournament of testdata/replay/two.toml as a case of
// the store.
func aheadCase(t *testing.T) adjudication.Case {
	tr, _ := twoTournament(t)
	return adjudication.Case{Cipher: tr.Cipher, State: corr.State{Tournament: tr}}
}

// twoTournament is the tournament of testdata/replay/two.toml, and its
// file.
func twoTournament(t *testing.T) (corr.Tournament, []byte) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "replay", "two.toml"))
	require.NoError(t, err)
	tr, err := corr.ParseTournament(src)
	require.NoError(t, err)
	return tr, src
}

// aheadLetter is a checked letter from from, kept unread when keep is set.
func aheadLetter(from, text string, keep storage.Disposition) checked {
	in := storage.Incoming{From: from, Postmark: time.Date(2026, 3, 4, 22, 30, 0, 0, time.UTC)}
	return checked{Arrival: storage.Arrival{Received: storage.Received{Incoming: in, Subject: "ТЕСТ-2026 1-2", Text: text}}, keep: keep}
}

// TestReadAhead_ReadsTheLettersOfKnownSenders: the letters of the
// players of a tournament the chain read are read ahead under the
// options their case reads them with (so the decision takes the
// reading), a stranger's and a letter kept unread are not, nor a letter
// the chain reached before its sender's tournament was known.
func TestReadAhead_ReadsTheLettersOfKnownSenders(t *testing.T) {
	c := aheadCase(t)
	text := "ТЕСТ-2026 1-2\nYour move: 1.c3-d4\nMy move: 1...f6-g5\n01.03.2026 / 01.03.2026 / 05.03.2026\nTime: 0/3"
	cs := []checked{
		aheadLetter("ivanov@example.org", text, ""),
		aheadLetter("stranger@example.net", text, ""),
		aheadLetter("Petrov@Example.org", text, ""),
		aheadLetter("petrov@example.org", text, storage.Refused),
	}
	loc := c.State.Tournament.Location()                   // as the store gives it (storage.Scene.Zone)
	postmark := timecontrol.DateOf(cs[0].Postmark.In(loc)) // 5 March in Moscow
	t.Run("the tournament known", func(t *testing.T) {
		r := &Referee{}
		kept := r.ahead.learn(c, loc)
		require.NotNil(t, kept)
		require.Same(t, kept, r.ahead.learn(c, loc), "kept once")
		ra := r.readAhead(cs)
		require.Eventually(t, func() bool { return readOf(ra, 2) != nil }, 10*time.Second, time.Millisecond)
		ra.end() // the chain at none of them: read all it could, in order
		for i, want := range []bool{true, false, true, false} {
			a := ra.claim(i)
			assert.Nil(t, readOf(ra, i), "letter %d: its reading let go once claimed", i)
			if !want {
				assert.Nil(t, a, "letter %d", i)
				continue
			}
			require.NotNil(t, a, "letter %d", i)
			obs := corr.Observation{From: cs[i].From, Subject: cs[i].Subject, Postmark: postmark}
			opts, _, _ := c.State.Tournament.ReadOptions(obs.From, obs.Subject, obs.Postmark)
			assert.Equal(t, opts, a.Options, "letter %d read under its case's options", i)
			a.Letter.Greeting = "taken"
			assert.Equal(t, "taken", c.State.ReadAhead(a, text, obs).Greeting, "letter %d: the decision takes the reading", i)
		}
	})
	t.Run("learned once the chain passed a letter", func(t *testing.T) {
		r := &Referee{}
		ra := r.readAhead(cs)
		ra.at(1)
		ra.learned(r.ahead.learn(c, loc))
		require.Eventually(t, func() bool { return readOf(ra, 2) != nil }, 10*time.Second, time.Millisecond,
			"read once its sender's tournament was learned")
		ra.end()
		assert.Nil(t, ra.claim(0))
		assert.Nil(t, ra.claim(1))
	})
	t.Run("a lone letter", func(t *testing.T) {
		r := &Referee{}
		r.ahead.learn(c, loc)
		ra := r.readAhead(cs[:1])
		assert.Nil(t, ra)
		assert.Nil(t, ra.claim(0))
		ra.end()
	})
}

// TestAheadBook_LearnsAnEditedTournamentAgain: a tournament kept is kept
// again once it reads letters otherwise (a player's address or language,
// the variant, the zone changed): its new players' letters are read
// ahead, the old addresses no longer; any other change keeps the copy.
func TestAheadBook_LearnsAnEditedTournamentAgain(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(*corr.Tournament)
		again bool
	}{
		{"unchanged", func(*corr.Tournament) {}, false},
		{"renamed", func(t *corr.Tournament) { t.Name = "Другой" }, false},
		{"a player's address", func(t *corr.Tournament) { t.Players[1].Email = "sidorov@example.org" }, true},
		{"a player's language", func(t *corr.Tournament) { t.Players[1].Language = "ru" }, true},
		{"a player added", func(t *corr.Tournament) {
			t.Players = append(t.Players, corr.Player{Number: 3, Email: "sidorov@example.org"})
		}, true},
		{"the variant", func(t *corr.Tournament) { t.Variant = corr.International }, true},
		{"the zone", func(t *corr.Tournament) { t.Timezone = "Asia/Vladivostok" }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := aheadCase(t)
			var b aheadBook
			old := b.learn(c, c.State.Tournament.Location())
			c.State.Tournament.Players = slices.Clone(c.State.Tournament.Players)
			tt.edit(&c.State.Tournament)
			loc := c.State.Tournament.Location()
			got := b.learn(c, loc)
			assert.Equal(t, tt.again, got != old, "learned again")
			assert.Same(t, got, b.ciphers[c.Cipher])
			for _, p := range c.State.Tournament.Players {
				assert.Same(t, got, b.tournament(strings.ToLower(p.Email)), p.Email)
			}
			if tt.again {
				assert.Equal(t, c.State.Tournament, got.t)
				assert.Same(t, loc, got.loc, "the zone the store loaded")
			}
			if c.State.Tournament.Players[1].Email != "petrov@example.org" {
				assert.Nil(t, b.tournament("petrov@example.org"), "the old address forgotten")
			}
		})
	}
}

// TestReadAhead_ToldOfATournamentOnce: the chain tells the reader of its
// tournament at each letter; the reader hears of it once a call.
func TestReadAhead_ToldOfATournamentOnce(t *testing.T) {
	c := aheadCase(t)
	loc := c.State.Tournament.Location()
	cs := []checked{aheadLetter("stranger@example.net", "", ""), aheadLetter("stranger@example.net", "", "")}
	r := &Referee{}
	ra := r.readAhead(cs)
	ra.end() // no reader to take what it is told
	kept := r.ahead.learn(c, loc)
	ra.learned(kept)
	ra.learned(r.ahead.learn(c, loc))
	ra.learned(nil)
	assert.Equal(t, []*aheadTournament{kept}, ra.fresh)
}

// TestReadAhead_LearnsATournamentOnlyWhenItChanged: the chain learns the
// tournament of its letters once a call while the store gives the same
// copy of it (the book is not asked again: emptied here, it stays so);
// another copy, edited or loaded again, is learned, and so is each
// letter's tournament without reading ahead (a lone letter).
func TestReadAhead_LearnsATournamentOnlyWhenItChanged(t *testing.T) {
	c := aheadCase(t)
	loc := c.State.Tournament.Location()
	r := &Referee{}
	ra := r.readAhead([]checked{aheadLetter("stranger@example.net", "", ""), aheadLetter("stranger@example.net", "", "")})
	ra.end() // no reader to take what it is told
	ra.learn(&r.ahead, c, loc)
	kept := r.ahead.ciphers[c.Cipher]
	require.NotNil(t, kept)
	assert.Equal(t, []*aheadTournament{kept}, ra.fresh)

	r.ahead = aheadBook{}
	ra.learn(&r.ahead, c, loc)
	assert.Empty(t, r.ahead.ciphers, "the same copy is not learned again")

	tests := []struct {
		name string
		copy func(c adjudication.Case) (adjudication.Case, *time.Location)
	}{
		{"LoadedAgain", func(c adjudication.Case) (adjudication.Case, *time.Location) {
			c.State.Tournament.Players = slices.Clone(c.State.Tournament.Players)
			return c, c.State.Tournament.Location()
		}},
		{"APlayersAddress", func(c adjudication.Case) (adjudication.Case, *time.Location) {
			c.State.Tournament.Players = slices.Clone(c.State.Tournament.Players)
			c.State.Tournament.Players[1].Email = "sidorov@example.org"
			return c, loc
		}},
		{"TheZone", func(c adjudication.Case) (adjudication.Case, *time.Location) {
			c.State.Tournament.Timezone = "Asia/Vladivostok"
			return c, loc
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r.ahead = aheadBook{}
			other, otherLoc := tt.copy(c)
			ra.learn(&r.ahead, other, otherLoc)
			assert.NotNil(t, r.ahead.ciphers[c.Cipher], "another copy is learned")
			r.ahead = aheadBook{}
			ra.learn(&r.ahead, other, otherLoc)
			assert.Empty(t, r.ahead.ciphers, "and then kept")
			ra.learn(&r.ahead, c, loc) // back to the first copy for the next
		})
	}

	var lone *readAhead // no reading ahead: a lone letter
	r.ahead = aheadBook{}
	lone.learn(&r.ahead, c, loc)
	assert.NotNil(t, r.ahead.ciphers[c.Cipher], "learned for the calls after")
}

// TestAheadBook_StartsOverPastItsBound: the book keeps at most
// aheadTournaments tournaments.
func TestAheadBook_StartsOverPastItsBound(t *testing.T) {
	c := aheadCase(t)
	loc := c.State.Tournament.Location()
	var b aheadBook
	for i := range aheadTournaments + 1 {
		c.Cipher = letter.FormatGameCode("T", i, 0)
		c.State.Tournament.Cipher = c.Cipher
		require.NotNil(t, b.learn(c, loc))
	}
	assert.Len(t, b.ciphers, 1)
	assert.NotNil(t, b.tournament("ivanov@example.org"))
}

// readOf is letter i's reading ahead as it stands.
func readOf(ra *readAhead, i int) *letter.Ahead {
	ra.mu.Lock()
	defer ra.mu.Unlock()
	return ra.read[i]
}
