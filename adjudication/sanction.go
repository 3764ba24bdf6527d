package adjudication

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"zaochnik/corr/letter"
	"zaochnik/timecontrol"
)

// Authority is who takes a decision in a correspondence tournament (6.1.6-6.1.8).
type Authority int

// The authorities, from the lowest.
const (
	// Secretary: the secretary (играющий судья-секретарь), 6.1.8.
	Secretary Authority = iota + 1
	// Judge: the judge, 6.1.7.
	Judge
	// Organiser: the organisation that holds the tournament, 6.1.6; its decision is final (6.1.12, 6.5.7).
	Organiser
)

var authorityNames = [...]struct{ id string }{
	Secretary: {"secretary"},
	Judge:     {"judge"},
	Organiser: {"organiser"},
}

// String returns the authority as configuration and JSON write it.
func (a Authority) String() string {
	if a < Secretary || a > Organiser {
		return fmt.Sprintf("Authority(%d)", int(a))
	}
	return authorityNames[a].id
}

// ParseAuthority reads an authority written by String.
func ParseAuthority(s string) (Authority, error) {
	for a := Secretary; a <= Organiser; a++ {
		if a.String() == s {
			return a, nil
		}
	}
	return 0, fmt.Errorf("adjudication: %q is not an authority; write secretary, judge or organiser", s)
}

// AppealTo returns who hears an appeal against a's decision: the judge for
// the secretary's, the organiser for the judge's (6.1.12); false for the
// organiser's, which is final.
func (a Authority) AppealTo() (Authority, bool) {
	switch a {
	case Secretary:
		return Judge, true
	case Judge:
		return Organiser, true
	}
	return 0, false
}

// SanctionKind is one of the sanctions of 6.1.9 and 6.5.9.
type SanctionKind int

// The sanctions, from the mildest.
const (
	// Remark: замечание (6.1.9).
	Remark SanctionKind = iota + 1
	// Reprimand: выговор (6.1.9).
	Reprimand
	// LossOfCurrentInformation: лишение текущей информации, the periodic
	// standings are not sent to the player (6.1.9; 6.5.1 for missing records).
	LossOfCurrentInformation
	// LossOfFinalInformation: лишение итоговой информации, for a player who
	// sent no record of at least one game (6.5.9).
	LossOfFinalInformation
	// LossOfGame: поражение в партии, imposed by the judge only (6.1.9).
	LossOfGame
	// Exclusion: исключение из турнира, by the organiser at the judge's
	// petition (6.1.9); the player is withdrawn and 6.5.3 applies.
	Exclusion
)

// sanctionKinds describes each kind: its name, the clause that provides it,
// and who may impose it; corr/letter names it in letters.
var sanctionKinds = [...]struct {
	id, clause string
	by         []Authority
}{
	Remark:                   {"remark", "6.1.9", []Authority{Secretary, Judge}},
	Reprimand:                {"reprimand", "6.1.9", []Authority{Secretary, Judge}},
	LossOfCurrentInformation: {"loss-of-current-information", "6.1.9", []Authority{Secretary, Judge}},
	LossOfFinalInformation:   {"loss-of-final-information", "6.5.9", []Authority{Judge}},
	LossOfGame:               {"loss-of-game", "6.1.9", []Authority{Judge}},
	Exclusion:                {"exclusion", "6.1.9", []Authority{Organiser}},
}

func (k SanctionKind) valid() bool { return k >= Remark && k <= Exclusion }

// String returns the kind as configuration and JSON write it.
func (k SanctionKind) String() string {
	if !k.valid() {
		return fmt.Sprintf("SanctionKind(%d)", int(k))
	}
	return sanctionKinds[k].id
}

// ParseSanctionKind reads a kind written by String.
func ParseSanctionKind(s string) (SanctionKind, error) {
	for k := Remark; k <= Exclusion; k++ {
		if k.String() == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("adjudication: %q is not a sanction; write remark, reprimand, loss-of-current-information, loss-of-final-information, loss-of-game or exclusion", s)
}

// Clause returns the clause of the rules that provides the sanction.
func (k SanctionKind) Clause() string {
	if !k.valid() {
		return ""
	}
	return sanctionKinds[k].clause
}

// ImposedBy returns who may impose the sanction (6.1.9).
func (k SanctionKind) ImposedBy() []Authority {
	if !k.valid() {
		return nil
	}
	return append([]Authority(nil), sanctionKinds[k].by...)
}

// Sanction is one entry of the sanctions register.
type Sanction struct {
	// Player is the start number of the player sanctioned.
	Player int          `json:"player"`
	Kind   SanctionKind `json:"kind"`
	// Clauses are the clauses of the rules the player broke, e.g. "6.2.6";
	// at least one (6.1.10).
	Clauses []string `json:"clauses"`
	// Reason says what the player did, in words the player will read.
	Reason string           `json:"reason"`
	Date   timecontrol.Date `json:"date"`
	By     Authority        `json:"by"`
	// Game is the game lost, for LossOfGame only; the player is one of its two.
	Game Pair `json:"game,omitzero"`
}

// clauseRE is a clause number of the rules: "6.2.6", "6.1.9.", "1.12.2".
var clauseRE = regexp.MustCompile(`^[1-9][0-9]?(\.[0-9]{1,2}){1,4}\.?$`)

// Validate checks the entry; all problems are reported together.
func (s Sanction) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if s.Player <= 0 {
		bad("the player's start number is required, not %d", s.Player)
	}
	if !s.Kind.valid() {
		bad("%v is not a sanction", s.Kind)
	}
	if len(s.Clauses) == 0 {
		bad("name the clauses of the rules the player broke (6.1.10)")
	}
	for _, c := range s.Clauses {
		if !clauseRE.MatchString(c) {
			bad("%q is not a clause number; write it as 6.2.6", c)
		}
	}
	if strings.TrimSpace(s.Reason) == "" {
		bad("say what the player did: the reason is sent to the player (6.1.10)")
	}
	if s.Date.IsZero() {
		bad("the date of the decision is required")
	}
	if s.Kind.valid() {
		by := s.Kind.ImposedBy()
		allowed := false
		for _, a := range by {
			allowed = allowed || a == s.By
		}
		if !allowed {
			bad("%s cannot be imposed by %v: %s imposes it (%s)", s.Kind, s.By, authorityList(by), s.Kind.Clause())
		}
		switch {
		case s.Kind == LossOfGame && s.Game.White != s.Player && s.Game.Black != s.Player:
			bad("name the game lost: player %d does not play in game %d-%d", s.Player, s.Game.White, s.Game.Black)
		case s.Kind != LossOfGame && s.Game != (Pair{}):
			bad("only a loss of a game names a game")
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("adjudication: sanction on player %d: %w", s.Player, errors.Join(errs...))
	}
	return nil
}

func authorityList(as []Authority) string {
	names := make([]string, len(as))
	for i, a := range as {
		names[i] = a.String()
	}
	return strings.Join(names, " or ")
}

// AppealDue returns the last day for appealing the sanction, which the
// player received on received (6.1.12: ten days), and who hears it; false
// when the decision is final (the organiser's).
func (s Sanction) AppealDue(received timecontrol.Date) (timecontrol.Date, Authority, bool) {
	to, ok := s.By.AppealTo()
	if !ok {
		return timecontrol.Date{}, 0, false
	}
	return tenDaysFrom(received), to, true
}

// ApplySanctions carries out the register on the table's inputs and returns
// new slices: a loss of a game makes that game a win for the opponent (a
// loss for both if both lost it), an exclusion withdraws the player, whose
// games then wait for the judge's 6.5.3 ruling. The other sanctions leave
// the table as it is. Entries are validated first.
func ApplySanctions(players []Player, games []Game, register []Sanction) ([]Player, []Game, error) {
	ps := append([]Player(nil), players...)
	gs := append([]Game(nil), games...)
	lost := map[int][2]bool{} // game index -> White lost, Black lost
	for i, s := range register {
		if err := s.Validate(); err != nil {
			return nil, nil, fmt.Errorf("sanctions register, entry %d: %w", i+1, err)
		}
		switch s.Kind {
		case Exclusion:
			found := false
			for j := range ps {
				if ps[j].Number == s.Player {
					found = true
					if ps[j].Withdrawal == Playing {
						ps[j].Withdrawal = WithdrawnPending
					}
				}
			}
			if !found {
				return nil, nil, fmt.Errorf("sanctions register, entry %d: there is no player %d", i+1, s.Player)
			}
		case LossOfGame:
			j := gameIndex(gs, s.Game)
			if j < 0 {
				return nil, nil, fmt.Errorf("sanctions register, entry %d: there is no game %d-%d (White first)", i+1, s.Game.White, s.Game.Black)
			}
			l := lost[j]
			l[pick(s.Player == s.Game.White, 0, 1)] = true
			lost[j] = l
		}
	}
	for j, l := range lost {
		switch {
		case l[0] && l[1]:
			gs[j].Result = BothLose
		case l[0]:
			gs[j].Result = BlackWins
		default:
			gs[j].Result = WhiteWins
		}
		gs[j].Adjudicated = false
	}
	return ps, gs, nil
}

func gameIndex(games []Game, p Pair) int {
	for i, g := range games {
		if g.Pair() == p {
			return i
		}
	}
	return -1
}

// Notice is the letter telling the player of the sanction, addressed by
// e; the secretary's copy quotes it. The letter cites the clauses broken
// (6.1.10) and says to whom and how long the player may appeal (6.1.12).
func (s Sanction) Notice(e letter.Envelope) letter.SanctionNotice {
	n := letter.SanctionNotice{Envelope: e, Kind: letter.SanctionKind(s.Kind.String()),
		By: letter.Authority(s.By.String()), Date: s.Date, Clauses: s.Clauses, Reason: s.Reason}
	if s.Kind == LossOfGame {
		n.Lost = fmt.Sprintf("%d-%d", s.Game.White, s.Game.Black)
	}
	if to, ok := s.By.AppealTo(); ok {
		n.AppealTo = letter.Authority(to.String())
	}
	return n
}

// MarshalText implements encoding.TextMarshaler with String.
func (a Authority) MarshalText() ([]byte, error) {
	if a < Secretary || a > Organiser {
		return nil, fmt.Errorf("adjudication: no such authority %d", int(a))
	}
	return []byte(a.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseAuthority.
func (a *Authority) UnmarshalText(b []byte) error {
	v, err := ParseAuthority(string(b))
	if err == nil {
		*a = v
	}
	return err
}

// MarshalText implements encoding.TextMarshaler with String.
func (k SanctionKind) MarshalText() ([]byte, error) {
	if !k.valid() {
		return nil, fmt.Errorf("adjudication: no such sanction %d", int(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseSanctionKind.
func (k *SanctionKind) UnmarshalText(b []byte) error {
	v, err := ParseSanctionKind(string(b))
	if err == nil {
		*k = v
	}
	return err
}
