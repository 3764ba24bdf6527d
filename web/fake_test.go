package web

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"zaochnik/corr/letter"

	"github.com/stretchr/testify/require"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// fakeStore is an in-memory store satisfying every interface of the desk.
// Rulings and letters go through the real referee (corr.Rule, corr.Apply).
type fakeStore struct {
	mu           sync.Mutex
	order        []string
	states       map[string]corr.State
	rulings      map[string]adjudication.Rulings
	letters      []Letter
	adjournments map[string][]Adjournment
	sent         []corr.Outgoing
	// down makes every read fail, as a store that is not answering.
	down     error
	sessions map[string]StoredSession
}

var _ Sessions = (*fakeStore)(nil)

func (f *fakeStore) CreateSession(_ context.Context, s StoredSession) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sessions == nil {
		f.sessions = map[string]StoredSession{}
	}
	f.sessions[s.ID] = s
	return nil
}

func (f *fakeStore) Session(_ context.Context, id string) (StoredSession, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.sessions[id]
	return s, ok, nil
}

func (f *fakeStore) TouchSession(_ context.Context, id string, seen time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if s, ok := f.sessions[id]; ok {
		s.LastSeen = seen
		f.sessions[id] = s
	}
	return nil
}

func (f *fakeStore) EndSession(_ context.Context, id string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.sessions, id)
	return nil
}

func (f *fakeStore) AccountSessions(_ context.Context, account string) ([]StoredSession, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []StoredSession
	for _, s := range f.sessions {
		if s.Account == account {
			out = append(out, s)
		}
	}
	return out, nil
}

func (f *fakeStore) Ciphers(ctx context.Context) ([]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.order), f.down
}

func (f *fakeStore) State(ctx context.Context, cipher string) (corr.State, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	st, ok := f.states[cipher]
	if !ok {
		return corr.State{}, fmt.Errorf("tournament %q: %w", cipher, ErrNotFound)
	}
	return st, f.down
}

func (f *fakeStore) StateWithRulings(ctx context.Context, cipher string) (corr.State, adjudication.Rulings, error) {
	st, err := f.State(ctx, cipher)
	f.mu.Lock()
	defer f.mu.Unlock()
	return st, f.rulings[cipher], err
}

func (f *fakeStore) GameLetters(ctx context.Context, game string) ([]Letter, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Letter
	for _, l := range f.letters {
		if l.Game == game {
			out = append(out, l)
		}
	}
	return out, f.down
}

func (f *fakeStore) Queue(ctx context.Context) ([]Letter, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Letter
	for _, l := range f.letters {
		if !l.Out && (l.Game == "" || l.Disposition == "refused") {
			out = append(out, l)
		}
	}
	return out, f.down
}

func (f *fakeStore) Letter(ctx context.Context, id int64) (Letter, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, l := range f.letters {
		if !l.Out && l.ID == id {
			return l, nil
		}
	}
	return Letter{}, fmt.Errorf("letter %d: %w", id, ErrNotFound)
}

// game returns the state holding game code.
func (f *fakeStore) game(code string) (string, corr.State, error) {
	cipher, _, err := corr.ParseGameCode(code)
	if err != nil {
		return "", corr.State{}, err
	}
	st, ok := f.states[cipher]
	if _, found := st.Game(code); !ok || !found {
		return "", corr.State{}, fmt.Errorf("game %q: %w", code, ErrNotFound)
	}
	return cipher, st, nil
}

// record keeps what the referee decided: the new state and the letters.
func (f *fakeStore) record(cipher string, st corr.State, out corr.Outcome, day timecontrol.Date) {
	f.states[cipher] = st
	for _, o := range out.Out {
		f.sent = append(f.sent, o)
		f.letters = append(f.letters, Letter{ID: int64(len(f.letters) + 1), Out: true, To: o.To, Kind: o.Kind, Subject: o.Subject,
			Game: o.Game, Text: o.Body, Date: day.Time()})
	}
}

func (f *fakeStore) apply(code string, text string, obs corr.Observation) (corr.Outcome, error) {
	cipher, st, err := f.game(code)
	if err != nil {
		return corr.Outcome{}, err
	}
	st, out := corr.Apply(st, st.ReadAhead(nil, text, obs), obs)
	f.record(cipher, st, out, obs.Postmark)
	return out, nil
}

func (f *fakeStore) Assign(ctx context.Context, id int64, game string, day timecontrol.Date) (corr.Outcome, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	i := slices.IndexFunc(f.letters, func(l Letter) bool { return !l.Out && l.ID == id })
	if i < 0 {
		return corr.Outcome{}, fmt.Errorf("letter %d: %w", id, ErrNotFound)
	}
	l := f.letters[i]
	out, err := f.apply(game, l.Text, corr.Observation{From: l.From, Postmark: timecontrol.DateOf(l.Date), MessageID: l.MessageID, Subject: game})
	if err == nil {
		f.letters[i].Game, f.letters[i].Disposition = game, "processed"
	}
	return out, err
}

func (f *fakeStore) Answer(ctx context.Context, id int64, subject, body string) (corr.Outgoing, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, l := range f.letters {
		if !l.Out && l.ID == id {
			o := corr.Outgoing{To: l.From, Kind: "secretary", Subject: subject, Body: body, InReplyTo: l.MessageID}
			f.sent = append(f.sent, o)
			return o, nil
		}
	}
	return corr.Outgoing{}, fmt.Errorf("letter %d: %w", id, ErrNotFound)
}

func (f *fakeStore) EnterPaper(ctx context.Context, p PaperLetter) (corr.Outcome, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, st, err := f.game(p.Game)
	if err != nil {
		return corr.Outcome{}, err
	}
	pl, _ := st.Tournament.Player(p.Player)
	id := int64(len(f.letters) + 1)
	f.letters = append(f.letters, Letter{ID: id, From: pl.Email, Game: p.Game, Disposition: "processed", Text: p.Text, Date: p.Received.Time(), Subject: "бумажное письмо"})
	return f.apply(p.Game, p.Text, corr.Observation{From: pl.Email, Postmark: p.Received, MessageID: fmt.Sprintf("paper-%d", id), Subject: p.Game})
}

func (f *fakeStore) Rule(ctx context.Context, game string, seq int, confirm bool, note string, day timecontrol.Date) (corr.Outcome, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	cipher, st, err := f.game(game)
	if err != nil {
		return corr.Outcome{}, err
	}
	st, out, err := corr.Rule(st, game, seq, confirm, note, day)
	if err != nil {
		return corr.Outcome{}, err
	}
	f.record(cipher, st, out, day)
	return out, nil
}

// Appeals lists the protested rulings of the claims in the states, as the store does.
func (f *fakeStore) Appeals(ctx context.Context) ([]Appeal, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Appeal
	for _, c := range f.order {
		for _, a := range adjudication.Appeals(f.states[c]) {
			if !a.Filed.IsZero() {
				out = append(out, Appeal{Cipher: c, Appeal: a})
			}
		}
	}
	return out, f.down
}

// Appeal decides through the real desk (adjudication.Desk.AppealDecision).
func (f *fakeStore) Appeal(ctx context.Context, game string, upheld bool, note string, day timecontrol.Date) (corr.Outcome, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	cipher, st, err := f.game(game)
	if err != nil {
		return corr.Outcome{}, err
	}
	_, st, out, err := adjudication.Desk{}.AppealDecision(st, game, upheld, note, day)
	if err != nil {
		return corr.Outcome{}, err
	}
	f.record(cipher, st, out, day)
	return out, nil
}

func (f *fakeStore) Adjournments(ctx context.Context, cipher string) ([]Adjournment, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.adjournments[cipher]), f.down
}

func (f *fakeStore) Adjudicate(ctx context.Context, game string, r adjudication.Ruling, day timecontrol.Date) (corr.Outcome, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	cipher, st, err := f.game(game)
	if err != nil {
		return corr.Outcome{}, err
	}
	as := f.adjournments[cipher]
	i := slices.IndexFunc(as, func(a Adjournment) bool { return a.Game == game })
	if i < 0 {
		return corr.Outcome{}, fmt.Errorf("adjournment %q: %w", game, ErrNotFound)
	}
	as[i].Ruling, as[i].Ruled = &r, day
	g, _ := st.Game(game)
	out := corr.Outcome{Accepted: true, Game: game}
	for _, side := range r.Tell {
		n := g.White
		if side == adjudication.Black {
			n = g.Black
		}
		p, _ := st.Tournament.Player(n)
		out.Out = append(out.Out, corr.Outgoing{To: p.Email, Kind: "adjudication", Game: game, Subject: "присуждение партии " + game, Body: "Результат: " + r.Result.String()})
	}
	f.record(cipher, st, out, day)
	return out, nil
}

// fixtureTOML is the tournament of the fixture: player 3's name is markup,
// which every page must show as text.
const fixtureTOML = `
cipher = "ТЕСТ-2026"
name = "Кубок <b>клуба</b> по переписке"
variant = "russian"
start = 2026-03-01
end = 2027-03-01
timezone = "Europe/Moscow"
[time_control]
days = 50
moves = 10
[secretary]
name = "Сидорова Анна"
email = "secretary@example.org"
[judge]
name = "Кузнецов Олег"
email = "judge@example.org"
[[players]]
number = 1
name = "Иванов Иван"
email = "ivanov@example.org"
[[players]]
number = 2
name = "Петров Пётр"
email = "petrov@example.org"
[[players]]
number = 3
name = '<script>alert("x")</script>'
email = "script@example.org"
[[games]]
white = 1
black = 2
[[games]]
white = 3
black = 1
[[games]]
white = 2
black = 3
`

// fixtureNow is the fake clock: a day inside the fixture's play.
var fixtureNow = time.Date(2026, time.May, 20, 10, 0, 0, 0, time.UTC)

// opening is the move sequence of game 1-2; Black thinks slowly.
var opening = []string{"c3-d4", "f6-g5", "b2-c3", "g7-f6", "a1-b2", "h8-g7", "g3-f4", "b6-a5"}

// plies plays texts from the initial position.
func plies(t testing.TB, v draughts.Variant, texts []string) []corr.Ply {
	p := draughts.Initial(v)
	var out []corr.Ply
	for _, s := range texts {
		mt, err := draughts.ParseMoveText(s)
		require.NoError(t, err, s)
		m, err := p.Resolve(mt)
		require.NoError(t, err, s)
		out = append(out, corr.Ply{Move: m, Text: s})
		p = p.Play(m)
	}
	return out
}

// movesFrom plays texts from p and returns the moves.
func movesFrom(t testing.TB, p draughts.Position, texts ...string) []draughts.Move {
	var out []draughts.Move
	for _, s := range texts {
		mt, err := draughts.ParseMoveText(s)
		require.NoError(t, err, s)
		m, err := p.Resolve(mt)
		require.NoError(t, err, s)
		out = append(out, m)
		p = p.Play(m)
	}
	return out
}

// newFixture returns a store with one tournament: game 1-2 suspended on a
// claim against Black (who also took a break and was penalised), game 3-1
// unfinished before the judge, game 2-3 drawn; a letter in the queue.
func newFixture(t testing.TB) *fakeStore {
	tour, err := corr.ParseTournament([]byte(fixtureTOML))
	require.NoError(t, err)
	st := corr.State{Tournament: tour, Started: tour.Start, Checked: timecontrol.DateOf(fixtureNow)}
	d := timecontrol.MustDate

	g12 := corr.NewGame(tour, corr.Pairing{White: 1, Black: 2})
	g12.Plies = plies(t, draughts.Russian, opening)
	g12.Status = corr.Suspended
	day := d("2026-03-01")
	for i, p := range g12.Plies {
		side := timecontrol.Color(i % 2)
		think := 1
		if side == timecontrol.Black {
			think = 14
		}
		r := timecontrol.Reply{Player: side, Received: day, Sent: day.AddDays(think), Moves: 1, Text: p.Text}
		if i == 0 {
			r.Sent = day
		}
		if i == 2 {
			r.Postmark, r.Corrected = r.Sent.AddDays(1), true
		}
		g12.Replies = append(g12.Replies, r)
		day = r.Sent.AddDays(2)
		g12.Letters[i%2] = append(g12.Letters[i%2], fmt.Sprintf("<m%d@example.org>", i+1))
	}
	// Black proposes: if 5.c3-b4, then 5...a5:g3 (6.2.7).
	g12.Variants = []corr.ProposedVariant{{By: draughts.Black, Label: "А", Line: movesFrom(t, g12.Position(draughts.Russian), "c3-b4", "a5:g3")}}
	g12.Penalties = []timecontrol.Penalty{{Player: timecontrol.Black, Days: 6, Date: d("2026-04-02"), Clause: "6.2.11", Reason: "неверно повторен ход партнера"}}
	g12.Claims = []corr.Claim{{Seq: 1, Against: draughts.Black, Filed: d("2026-05-14"), Status: corr.ClaimPending, Total: 60, Limit: 50, Move: 4, Letters: g12.Letters[1],
		Protest: corr.ProtestWindow{Due: d("2026-05-24")}}}
	st.Breaks = []corr.PlayerBreak{{Player: 2, From: d("2026-03-20"), To: d("2026-03-24"), Announced: d("2026-03-15")}}

	g31 := corr.NewGame(tour, corr.Pairing{White: 3, Black: 1})
	g31.Plies = plies(t, draughts.Russian, []string{"c3-b4", "f6-g5", "b4-a5", "g7-f6"})
	g31.Status = corr.Unfinished

	g23 := corr.NewGame(tour, corr.Pairing{White: 2, Black: 3})
	g23.Status, g23.Result = corr.Finished, "1/2-1/2"
	st.Games = []*corr.Game{&g12, &g31, &g23}

	f := &fakeStore{order: []string{tour.Cipher}, states: map[string]corr.State{tour.Cipher: st},
		rulings: map[string]adjudication.Rulings{tour.Cipher: {Sanctions: []adjudication.Sanction{{Player: 3, Kind: adjudication.Remark,
			Clauses: []string{"6.2.6"}, Reason: "комментарии <i>к партии</i> в письме", Date: d("2026-04-10"), By: adjudication.Secretary}}}},
		adjournments: map[string][]Adjournment{tour.Cipher: {{Game: g31.Code,
			Adjournment: adjudication.Adjournment{EndOfPlay: d("2026-05-01"),
				White: adjudication.Submission{Evaluation: adjudication.WinForWhite, Analysis: true, Received: d("2026-05-05")},
				Black: adjudication.Submission{Evaluation: adjudication.DrawnPosition, Analysis: true, Received: d("2026-05-08")}},
			Analyses: [2]string{"1.ba5 ... белые выигрывают шашку", "После 1...gh4 позиция <b>ничейная</b>"}}}},
	}
	for i, p := range g12.Plies {
		from := "ivanov@example.org"
		if i%2 == 1 {
			from = "petrov@example.org"
		}
		f.letters = append(f.letters, Letter{ID: int64(len(f.letters) + 1), MessageID: fmt.Sprintf("<m%d@example.org>", i+1), From: from,
			Game: g12.Code, Disposition: "processed", Subject: g12.Code, Date: g12.Replies[i].Sent.Time(),
			Text: fmt.Sprintf("%s\nХод: %s\n<script>alert('letter')</script>", g12.Code, p.Text)})
	}
	intl, err := corr.ParseTournament([]byte(strings.NewReplacer(`"ТЕСТ-2026"`, `"МЕЖД-2026"`, `"russian"`, `"international"`).Replace(fixtureTOML)))
	require.NoError(t, err)
	gi := corr.NewGame(intl, corr.Pairing{White: 1, Black: 2})
	gi.Plies = plies(t, draughts.International, []string{"32-28", "19-23", "28:19", "14:23"})
	f.order = append(f.order, intl.Cipher)
	f.states[intl.Cipher] = corr.State{Tournament: intl, Started: intl.Start, Games: []*corr.Game{&gi}}
	f.letters = append(f.letters, Letter{ID: int64(len(f.letters) + 1), MessageID: "<stray@example.org>", From: "stranger@example.org",
		Disposition: "refused", Reason: letter.RuleReason(letter.GameNotFound("ТЕСТ-2026")), Subject: "ход",
		Date: fixtureNow.Add(-24 * time.Hour), Text: "Мой ход c3-d4 <img src=x onerror=alert(1)>"})
	return f
}

func (f *fakeStore) Redraw(ctx context.Context, cipher, reason string, day timecontrol.Date) (corr.Outcome, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	st, ok := f.states[cipher]
	if !ok {
		return corr.Outcome{}, fmt.Errorf("tournament %q: %w", cipher, ErrNotFound)
	}
	next, out, err := adjudication.Desk{Withdrawals: f.rulings[cipher].Withdrawals}.Redraw(st, day, reason)
	if err != nil {
		return out, fmt.Errorf("%w: %v", ErrConflict, err)
	}
	f.states[cipher] = next
	f.sent = append(f.sent, out.Out...)
	return out, f.down
}
