package corr

import (
	"strings"

	"zaochnik/corr/letter"
)

// senderGames lists the codes of the sender's games, for a letter that
// names none of them.
func (a *applier) senderGames() []string {
	var codes []string
	for _, g := range a.s.Games {
		if _, ok := g.SideOf(a.from.Number); ok {
			codes = append(codes, letter.FormatGameCode(a.s.Tournament.Cipher, g.White, g.Black))
		}
	}
	return codes
}

// findGame finds the game a letter is about: the game code or the cipher
// with start numbers, the thread it answers, the opponent's surname, or else
// the sender's only game in which it is their move. It returns the reason
// when there is none.
func (a *applier) findGame() (*Game, letter.Problem) {
	ref := a.l.Game
	if ref.White == 0 { // the subject's code read only when the letter names no game
		if code, ok := letter.ParseGameCode(a.obs.Subject); ok {
			ref = code
		}
	}
	t := a.s.Tournament
	if ref.Cipher != "" && !strings.EqualFold(ref.Cipher, t.Cipher) {
		return nil, letter.WrongCipher(ref.Cipher, t.Cipher)
	}
	if ref.White != 0 && ref.Black != 0 {
		if g := a.s.gameOf(t.Cipher, Pairing{White: ref.White, Black: ref.Black}); g != nil {
			return g, letter.Problem{}
		}
		if g := a.s.gameOf(t.Cipher, Pairing{White: ref.Black, Black: ref.White}); g != nil {
			return g, letter.Problem{}
		}
		return nil, letter.NoSuchGame(t.Cipher, ref.White, ref.Black)
	}
	if g := a.s.game(a.obs.Thread); g != nil {
		return g, letter.Problem{}
	}
	mine := func(keep func(g *Game) bool) []*Game {
		var gs []*Game
		for i := range a.s.Games {
			g := a.s.Games[i]
			if _, ok := g.SideOf(a.from.Number); ok && keep(g) {
				gs = append(gs, g)
			}
		}
		return gs
	}
	if len(ref.Names) > 0 {
		gs := mine(func(g *Game) bool {
			side, _ := g.SideOf(a.from.Number)
			opp, _ := t.Player(g.Number(side.Opponent()))
			for _, n := range ref.Names {
				if n != "" && strings.Contains(strings.ToLower(opp.Name), strings.ToLower(n)) {
					return true
				}
			}
			return false
		})
		if len(gs) == 1 {
			return gs[0], letter.Problem{}
		}
	}
	onMove := mine(func(g *Game) bool {
		side, _ := g.SideOf(a.from.Number)
		return (g.Status == Playing && g.ToMove() == side) || g.Status == Suspended
	})
	if len(onMove) == 1 {
		return onMove[0], letter.Problem{}
	}
	return nil, letter.GameNotFound(t.Cipher)
}

// identify finds the sender among the players, the tournament started,
// the game and the sender's side in it (6.2.3); a break alone needs no game
// (6.4.1). It reports whether the letter goes on.
func (a *applier) identify() bool {
	p, ok := a.s.Tournament.PlayerByEmail(a.obs.From)
	if !ok {
		a.refuse(letter.NotAPlayer(a.obs.From, a.s.Tournament.Cipher))
		return false
	}
	a.from = p
	if a.s.Started.IsZero() {
		a.refuse(letter.NotStarted())
		return false
	}
	g, why := a.findGame()
	if g == nil && a.breakAlone() {
		// A break is taken in all the player's games at once (6.4.1) and
		// told to every partner (6.4.2): it needs no game.
		a.out.Accepted = true
		a.announceBreak()
		return false
	}
	if g == nil {
		a.refusal = &letter.Refusal{Reason: letter.RefuseUnknownGame, Games: a.senderGames()}
		a.refuse(why)
		return false
	}
	a.g = a.s.own(g) // the only game a letter changes
	a.out.Game = g.Code
	side, ok := g.SideOf(p.Number)
	if !ok {
		a.refuse(letter.NotYourGame(a.s.Tournament.Cipher, g.White, g.Black))
		return false
	}
	a.side = side
	a.out.Accepted = true
	return true
}

// breakAlone reports a letter that announces a break and does nothing
// else, in this tournament (its cipher, when written, is this one's).
func (a *applier) breakAlone() bool {
	l := a.l
	if c := l.Game.Cipher; c != "" && !strings.EqualFold(c, a.s.Tournament.Cipher) {
		return false
	}
	return l.Break != nil && len(l.Moves) == 0 && len(l.Repeated) == 0 && l.Accepted == nil && len(l.Variants) == 0 &&
		l.Draw == "" && !l.Resign && !l.OverstepClaim && l.Protest == "" && !l.LedgerRequest
}
