package adjudication

import (
	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/corr/letter"
)

// scene is the referee's state as the desk's letters need it: the
// tournament (its cipher, dates, officials and players), and the games the
// letters are about with what they show of them. A route of the desk
// reads it from corr first, as this plain value, and then decides and
// writes its letters from it, so that it passes corr once and does not
// come back while it writes (TestHouse_TheDesksRoutesPassCorrAsCounted
// walks the routes; the tournament's and the games' own helpers, such as
// Player and SideOf, read only the value).
type scene struct {
	corr.Tournament
	games []seen
}

// seen is a game as the desk's letters show it.
type seen struct {
	corr.Game
	// record is the game on the tournament's board, text its moves in
	// the notation of 6.5.1 ("" before the first), dossier its latest
	// claim's dossier as the referee has it (corr.State.Dossier): each
	// read only for the games a route's letters may show (show), not for
	// every game of the tournament.
	record  draughts.Record
	text    string
	dossier letter.ClaimDossier
}

// show says what a game's letters show beyond its players.
type show int

// What a letter shows of a game.
const (
	showRecord  show = 1 << iota // its final position or its PDN
	showText                     // its moves written out
	showDossier                  // its latest claim's dossier
)

// sceneOf is the tournament of s as the desk's letters name it, with no
// game yet (see adds them).
func sceneOf(s corr.State) scene { return scene{Tournament: s.Tournament} }

// see adds game code of state s to the scene, read as far as what
// shows, and returns it; false when s has no such game. A caller that
// holds the game found already gives it (found), so that it is not
// looked up again: it is taken when it is game code; nil, or another
// game, has game code looked up. One function either way, so that the
// game's lookup and its reading are one pass through corr
// (TestHouse_TheDesksRoutesPassCorrAsCounted).
func (sc *scene) see(s corr.State, code string, found *corr.Game, what show) (seen, bool) {
	var g corr.Game
	if found != nil && found.Code == code {
		g = *found
	} else {
		var ok bool
		if g, ok = s.Game(code); !ok {
			return seen{}, false
		}
	}
	x := seen{Game: g}
	if what != 0 {
		x.record = g.Record(s.Tournament.DraughtsVariant())
	}
	if what&showText != 0 && len(g.Plies) > 0 {
		x.text = corr.RecordText(x.record)
	}
	if n := len(g.Claims); what&showDossier != 0 && n > 0 {
		x.dossier = s.Dossier(g, g.Claims[n-1], letter.DossierFiled) // its occasion is the letter's
	}
	sc.games = append(sc.games, x)
	return x, true
}

// game returns the game code the scene holds.
func (sc scene) game(code string) (seen, bool) {
	for _, g := range sc.games {
		if g.Code == code {
			return g, true
		}
	}
	return seen{}, false
}
