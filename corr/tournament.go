// Package corr is the referee of correspondence play: tournaments, games, and
// what a letter does to a game (section VI of the rules). It decides and
// returns values; the shell (storage, mailbox) carries out what it decided.
package corr

import (
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"sort"
	"strings"
	"time"
	"zaochnik/corr/letter"

	"github.com/BurntSushi/toml"

	"zaochnik/corr/swiss"
	"zaochnik/timecontrol"
)

// Variant names the game played in a tournament.
type Variant string

// The variants a tournament may play.
const (
	Russian       Variant = "russian"
	International Variant = "international"
	Giveaway      Variant = "giveaway"
	// EightySquare is 80-square draughts, 10x8 (6.1.4), by the Russian rules.
	EightySquare Variant = "10x8"
)

// Person is a tournament official: the secretary or the judge.
type Person struct {
	Name  string
	Email string
	// Language is "ru" (the default, also when empty) or "en": the language
	// of the server's letters and reports to them.
	Language string
}

// Player is one entrant, known by start number.
type Player struct {
	Number   int
	Name     string
	Email    string
	Language string // "ru" (default) or "en": the language of the server's letters to them
	Rating   int    // the rating that classifies a Swiss field (1.15.5.1); 0 for none
}

// Pairing is one game of the tournament by start numbers.
type Pairing struct {
	White, Black int
}

// Tournament is a validated tournament file.
type Tournament struct {
	Cipher   string
	Name     string
	Variant  Variant
	Start    timecontrol.Date // start of play, as in the start list (6.3.2)
	End      timecontrol.Date // end of play (6.3.2)
	Timezone string           // IANA zone in which timestamps become dates
	// Days and Moves are the time control: Days for every Moves moves (6.3.1).
	Days, Moves int
	Secretary   Person
	Judge       Person
	Players     []Player
	// Games lists the pairings: those of the file, or the round robin (see
	// RoundRobin), or in a Swiss tournament the first round's draw; with
	// GamesPerPair 2 each pair plays both colours at once.
	Games []Pairing
	// Swiss is set for a Swiss tournament (1.15), nil for a round robin.
	Swiss *Swiss
	// GamesPerPair is 1, or 2 for micro-matches of two games, one with each
	// colour, started together (1.11).
	GamesPerPair int
	// ScoreBy says whether the table counts games or micro-matches (1.12.1).
	ScoreBy ScoreBy
}

// Swiss is the [swiss] table of a tournament file: how its rounds are drawn.
type Swiss struct {
	swiss.Config
	// Rounds is the number of rounds; RoundDays the days a round lasts.
	Rounds, RoundDays int
}

// ScoreBy names what the crosstable counts: games, or micro-matches (1.11, 1.12.1).
type ScoreBy string

// The ways of counting.
const (
	ByGames   ScoreBy = "games"
	ByMatches ScoreBy = "matches"
)

// Entrants returns the players as the Swiss draw sees them.
func (t Tournament) Entrants() []swiss.Entrant {
	es := make([]swiss.Entrant, len(t.Players))
	for i, p := range t.Players {
		es[i] = swiss.Entrant{Number: p.Number, Rating: p.Rating}
	}
	return es
}

// Player returns the player with start number n.
func (t Tournament) Player(n int) (Player, bool) {
	for _, p := range t.Players {
		if p.Number == n {
			return p, true
		}
	}
	return Player{}, false
}

// PlayerByEmail returns the player whose address is addr (case-insensitive).
func (t Tournament) PlayerByEmail(addr string) (Player, bool) {
	for _, p := range t.Players {
		if strings.EqualFold(p.Email, addr) {
			return p, true
		}
	}
	return Player{}, false
}

// Location returns the tournament's time zone.
func (t Tournament) Location() *time.Location {
	loc, err := time.LoadLocation(t.Timezone)
	if err != nil {
		return time.UTC // Validate rejected it already; UTC only for a hand-built value
	}
	return loc
}

// tournamentFile mirrors the TOML layout; dates are read by fileDate.
type tournamentFile struct {
	Cipher      string   `toml:"cipher"`
	Name        string   `toml:"name"`
	Variant     string   `toml:"variant"`
	Start       fileDate `toml:"start"`
	End         fileDate `toml:"end"`
	Timezone    string   `toml:"timezone"`
	TimeControl struct {
		Days  int `toml:"days"`
		Moves int `toml:"moves"`
	} `toml:"time_control"`
	Secretary    personFile   `toml:"secretary"`
	Judge        personFile   `toml:"judge"`
	Players      []playerFile `toml:"players"`
	GamesPerPair int          `toml:"games_per_pair"`
	ScoreBy      string       `toml:"score_by"`
	Swiss        *struct {
		System         string `toml:"system"`
		Rounds         int    `toml:"rounds"`
		RoundDays      int    `toml:"round_days"`
		Classification string `toml:"classification"`
		FirstColour    string `toml:"first_colour"`
		Seed           *int64 `toml:"seed"`
	} `toml:"swiss"`
	Games []struct {
		White int `toml:"white"`
		Black int `toml:"black"`
	} `toml:"games"`
}

type personFile struct {
	Name     string `toml:"name"`
	Email    string `toml:"email"`
	Language string `toml:"language"`
}

type playerFile struct {
	Number   int    `toml:"number"`
	Name     string `toml:"name"`
	Email    string `toml:"email"`
	Language string `toml:"language"`
	Rating   int    `toml:"rating"`
}

// ParseTournament reads and validates a tournament file. Errors name the key
// and the line; all problems found are reported together.
func ParseTournament(data []byte) (Tournament, error) {
	var f tournamentFile
	md, err := decodeLenient(data, &f)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return Tournament{}, fmt.Errorf("tournament file, line %d: %s", pe.Position.Line, pe.Message)
		}
		return Tournament{}, fmt.Errorf("tournament file: %v", err)
	}
	lines := keyLines(data)
	var errs []error
	bad := func(key string, index int, format string, args ...any) {
		errs = append(errs, fmt.Errorf("tournament file, %s: %s: %s", where(lines.line(key, index)), displayKey(key, index), fmt.Sprintf(format, args...)))
	}
	for _, k := range md.Undecoded() {
		key := k.String()
		errs = append(errs, fmt.Errorf("tournament file, %s: unknown key %q; the keys are listed in testdata/tournaments/example.toml", where(lines.firstLine(key)), key))
	}

	t := Tournament{
		Cipher: strings.TrimSpace(f.Cipher), Name: strings.TrimSpace(f.Name),
		Variant: Variant(f.Variant), Timezone: f.Timezone,
		Days: f.TimeControl.Days, Moves: f.TimeControl.Moves,
		Secretary: Person(f.Secretary), Judge: Person(f.Judge),
	}
	if t.Cipher == "" {
		bad("cipher", -1, "the tournament cipher is required")
	}
	if t.Name == "" {
		bad("name", -1, "the tournament name is required")
	}
	switch t.Variant {
	case Russian, International, Giveaway, EightySquare:
	default:
		bad("variant", -1, "%q is not a variant; write russian, international, giveaway or 10x8", f.Variant)
	}
	t.Start, t.End = f.Start.date, f.End.date
	for _, d := range []struct {
		key     string
		written string
		zero    bool
	}{{"start", f.Start.written, t.Start.IsZero()}, {"end", f.End.written, t.End.IsZero()}} {
		switch {
		case d.written != "":
			bad(d.key, -1, "%q is not a date; write it as %s = 2027-01-10 (or \"10.01.2027\")", d.written, d.key)
		case d.zero:
			bad(d.key, -1, "the date is required (%s = 2027-01-10)", d.key)
		}
	}
	if !t.Start.IsZero() && !t.End.IsZero() && !t.Start.Before(t.End) {
		bad("end", -1, "the end of play %s is not after the start %s", t.End, t.Start)
	}
	if t.Timezone == "" {
		bad("timezone", -1, "the time zone is required (timezone = \"Europe/Moscow\")")
	} else if _, err := time.LoadLocation(t.Timezone); err != nil {
		bad("timezone", -1, "%q is not a known time zone", t.Timezone)
	}
	if !md.IsDefined("time_control") {
		t.Days, t.Moves = 50, 10 // 6.3.1
	} else {
		if t.Days <= 0 {
			bad("time_control.days", -1, "must be a positive number of days, not %d", t.Days)
		}
		if t.Moves <= 0 {
			bad("time_control.moves", -1, "must be a positive number of moves, not %d", t.Moves)
		}
	}
	for _, o := range []struct {
		key string
		p   Person
	}{{"secretary", t.Secretary}, {"judge", t.Judge}} {
		if o.p.Name == "" {
			bad(o.key+".name", -1, "the %s's name is required", o.key)
		}
		if !validEmail(o.p.Email) {
			bad(o.key+".email", -1, "%q is not an email address", o.p.Email)
		}
		if _, ok := letter.ParseLang(o.p.Language); o.p.Language != "" && !ok {
			bad(o.key+".language", -1, "%q is not a language zaochnik writes; write ru or en", o.p.Language)
		}
	}

	numbers := map[int]bool{}
	emails := map[string]int{}
	for i, p := range f.Players {
		pl := Player{Number: p.Number, Name: strings.TrimSpace(p.Name), Email: strings.TrimSpace(p.Email), Language: p.Language, Rating: p.Rating}
		if pl.Rating < 0 {
			bad("players.rating", i, "a rating is a positive number, or left out for none; not %d", pl.Rating)
		}
		if pl.Language == "" {
			pl.Language = "ru"
		}
		switch {
		case pl.Number <= 0:
			bad("players.number", i, "a start number is a positive integer, not %d", pl.Number)
		case numbers[pl.Number]:
			bad("players.number", i, "start number %d is given twice", pl.Number)
		}
		numbers[pl.Number] = true
		if pl.Name == "" {
			bad("players.name", i, "the player's name is required")
		}
		if !validEmail(pl.Email) {
			bad("players.email", i, "%q is not an email address", pl.Email)
		} else if n, dup := emails[strings.ToLower(pl.Email)]; dup {
			bad("players.email", i, "%s is already the address of player %d; each player needs an address of their own", pl.Email, n)
		}
		emails[strings.ToLower(pl.Email)] = pl.Number
		if _, ok := letter.ParseLang(pl.Language); !ok {
			bad("players.language", i, "%q is not a language zaochnik writes; write ru or en", p.Language)
		}
		t.Players = append(t.Players, pl)
	}
	if len(t.Players) < 2 {
		errs = append(errs, fmt.Errorf("tournament file, %s: players: a tournament needs at least two [[players]]", where(lines.firstLine("players"))))
	}
	sort.Slice(t.Players, func(i, j int) bool { return t.Players[i].Number < t.Players[j].Number })

	t.GamesPerPair = f.GamesPerPair
	if !md.IsDefined("games_per_pair") {
		t.GamesPerPair = 1
	} else if t.GamesPerPair != 1 && t.GamesPerPair != 2 {
		bad("games_per_pair", -1, "write 1, or 2 for a micro-match of two games with both colours (1.11), not %d", t.GamesPerPair)
	}
	switch t.ScoreBy = ScoreBy(f.ScoreBy); t.ScoreBy {
	case "":
		t.ScoreBy = ByGames
	case ByGames, ByMatches:
	default:
		bad("score_by", -1, "%q: write games (every game counts) or matches (every micro-match counts, 1.12.1)", f.ScoreBy)
	}
	if t.ScoreBy == ByMatches && t.GamesPerPair == 1 {
		bad("score_by", -1, "counting by matches needs micro-matches: write games_per_pair = 2 as well")
	}
	if f.Swiss != nil {
		t.Swiss = parseSwiss(f, bad)
		t.Swiss.GamesPerPair, t.Swiss.ByMatches = t.GamesPerPair, t.ScoreBy == ByMatches
		if len(f.Games) > 0 {
			bad("games", 0, "a Swiss tournament draws its rounds (1.15); leave out [[games]]")
		}
	}

	seen := map[[2]int]int{}
	for i, g := range f.Games {
		ok := true
		for _, side := range []struct {
			key string
			n   int
		}{{"games.white", g.White}, {"games.black", g.Black}} {
			if !numbers[side.n] {
				bad(side.key, i, "there is no player with start number %d", side.n)
				ok = false
			}
		}
		if ok && g.White == g.Black {
			bad("games.black", i, "player %d cannot play themself", g.White)
			ok = false
		}
		pair := [2]int{min(g.White, g.Black), max(g.White, g.Black)}
		switch {
		case !ok:
		case seen[pair] >= t.GamesPerPair:
			bad("games.white", i, "players %d and %d are already paired (games_per_pair = %d)", g.White, g.Black, t.GamesPerPair)
			ok = false
		case seen[pair] == 1 && slices.Contains(t.Games, Pairing{White: g.White, Black: g.Black}):
			bad("games.white", i, "players %d and %d already have a game with %d White; the second game of a micro-match is with the other colours (1.11)", g.White, g.Black, g.White)
			ok = false
		}
		seen[pair]++
		if ok {
			t.Games = append(t.Games, Pairing{White: g.White, Black: g.Black})
		}
	}
	if len(errs) > 0 {
		return Tournament{}, errors.Join(errs...)
	}
	switch {
	case t.Swiss != nil:
		r, err := swiss.Draw(t.Entrants(), swiss.History{}, t.Swiss.Config)
		if err != nil {
			return Tournament{}, fmt.Errorf("tournament file, [swiss]: round 1: %w", err)
		}
		for _, p := range r.Pairs {
			t.Games = append(t.Games, Pairing{White: p.White, Black: p.Black})
		}
		t.Games = bothColours(t.Games, t.GamesPerPair)
	case len(f.Games) == 0:
		t.Games = bothColours(RoundRobin(t.Players), t.GamesPerPair)
	}
	return t, nil
}

// bothColours adds, for micro-matches of two games, each pair's game with
// the colours reversed, right after it (1.11: "с переменой цвета").
func bothColours(games []Pairing, perPair int) []Pairing {
	if perPair < 2 {
		return games
	}
	out := make([]Pairing, 0, 2*len(games))
	for _, g := range games {
		out = append(out, g, Pairing{White: g.Black, Black: g.White})
	}
	return out
}

// parseSwiss reads the [swiss] table.
func parseSwiss(f tournamentFile, bad func(key string, index int, format string, args ...any)) *Swiss {
	w := f.Swiss
	s := &Swiss{Rounds: w.Rounds, RoundDays: w.RoundDays}
	var err error
	if s.System, err = swiss.ParseSystem(w.System); err != nil {
		bad("swiss.system", -1, "%v", err)
	}
	if w.Classification == "" {
		w.Classification = string(swiss.ByRating)
	}
	if s.Classification, err = swiss.ParseClassification(w.Classification); err != nil {
		bad("swiss.classification", -1, "%v", err)
	}
	if w.FirstColour == "" {
		w.FirstColour = string(swiss.FirstLot)
	}
	if s.FirstColour, err = swiss.ParseFirstColour(w.FirstColour); err != nil {
		bad("swiss.first_colour", -1, "%v", err)
	}
	players := len(f.Players)
	if s.Rounds <= 0 || (players >= 2 && s.Rounds >= players) {
		bad("swiss.rounds", -1, "the number of rounds must be at least 1 and fewer than the %d players (a Swiss tournament has fewer rounds than a round robin, 1.15.1), not %d", players, s.Rounds)
	}
	if s.RoundDays <= 0 {
		bad("swiss.round_days", -1, "the days a round lasts are required, a positive number (round_days = 180), not %d", s.RoundDays)
	}
	if start, end := f.Start.date, f.End.date; s.Rounds > 0 && s.RoundDays > 0 && !start.IsZero() && !end.IsZero() {
		if last := start.AddDays(s.Rounds * s.RoundDays); last.After(end) {
			bad("swiss.round_days", -1, "%d rounds of %d days end on %s, after the end of play %s; shorten the rounds or move the end", s.Rounds, s.RoundDays, last, end)
		}
	}
	switch {
	case w.Seed != nil:
		s.Seed = uint64(*w.Seed)
	case s.NeedsLot():
		bad("swiss.seed", -1, "the lot (1.15.5.1, the first colour, 1.15.4) is drawn from a seed kept in the file, so the draw can be re-run: write any whole number, as seed = 20260301")
	}
	return s
}

func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s
}

func displayKey(key string, index int) string {
	if index < 0 {
		return key
	}
	table, field, _ := strings.Cut(key, ".")
	return fmt.Sprintf("%s[%d].%s", table, index+1, field)
}
