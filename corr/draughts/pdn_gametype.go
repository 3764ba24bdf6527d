package draughts

import (
	"fmt"
	"strconv"
	"strings"
)

// GameType is the value of the PDN GameType tag:
// "Type[,StartColour,Width,Height,Notation[,Invert]]", e.g. "20",
// "20,W,10,10,N2,0", "25,W,8,8,A0,0".
type GameType struct {
	// Code is the game's number: 20 international, 21 English, 25 Russian,
	// 26 Brazilian, 29 Czech, 40 Frisian, 41 Spantsiretti...
	Code int
	// StartColour is 'W' or 'B' when written, 0 when not.
	StartColour byte
	// Width and Height are the board's size, 0 when not written.
	Width, Height int
	// Notation is 'A' (alphanumeric) or 'N' (numeric), 0 when not written.
	Notation byte
	// Corner says where square 1 (or a1) lies for the first player:
	// 0 bottom-left, 1 bottom-right, 2 top-left, 3 top-right.
	Corner int
	// Invert is set when the board is shown inverted.
	Invert bool
}

// gameTypeNames names the PDN game codes for error messages.
var gameTypeNames = map[int]string{
	20: "international", 21: "English", 22: "Italian", 23: "American pool",
	24: "Spanish", 25: "Russian", 26: "Brazilian", 27: "Canadian",
	28: "Portuguese", 29: "Czech", 30: "Turkish", 31: "Thai",
	40: "Frisian", 41: "Spantsiretti",
}

// ParseGameType reads a GameType tag value. Only the code is required.
func ParseGameType(s string) (GameType, error) {
	fields := strings.Split(strings.TrimSpace(s), ",")
	for i := range fields {
		fields[i] = strings.TrimSpace(fields[i])
	}
	bad := func(what string) (GameType, error) {
		return GameType{}, fmt.Errorf("GameType %q: %s; write it as 20 or 20,W,10,10,N2,0", s, what)
	}
	var t GameType
	code, err := strconv.Atoi(fields[0])
	if err != nil || code < 0 || code > 99 {
		return bad("the game code is not a number 0-99")
	}
	t.Code = code
	if len(fields) == 1 {
		return t, nil
	}
	if len(fields) != 5 && len(fields) != 6 {
		return bad("it has one field or five or six, separated by commas")
	}
	switch strings.ToUpper(fields[1]) {
	case "W":
		t.StartColour = 'W'
	case "B":
		t.StartColour = 'B'
	default:
		return bad("the start colour is W or B")
	}
	if t.Width, err = strconv.Atoi(fields[2]); err != nil || t.Width < 4 || t.Width > 26 {
		return bad("the width is a number 4-26")
	}
	if t.Height, err = strconv.Atoi(fields[3]); err != nil || t.Height < 4 || t.Height > 26 {
		return bad("the height is a number 4-26")
	}
	nf := strings.ToUpper(fields[4])
	if len(nf) != 2 || (nf[0] != 'A' && nf[0] != 'N') || nf[1] < '0' || nf[1] > '3' {
		return bad("the notation is A or N followed by a corner 0-3")
	}
	t.Notation, t.Corner = nf[0], int(nf[1]-'0')
	if len(fields) == 6 {
		switch fields[5] {
		case "0":
		case "1":
			t.Invert = true
		default:
			return bad("the invert flag is 0 or 1")
		}
	}
	return t, nil
}

// String writes the tag value back: the code alone when nothing else was
// given, else all six fields.
func (t GameType) String() string {
	if t.StartColour == 0 {
		return strconv.Itoa(t.Code)
	}
	inv := 0
	if t.Invert {
		inv = 1
	}
	return fmt.Sprintf("%d,%c,%d,%d,%c%d,%d", t.Code, t.StartColour, t.Width, t.Height, t.Notation, t.Corner, inv)
}

// Name is the game's usual name, or "GameType N" for an unknown code.
func (t GameType) Name() string {
	if n, ok := gameTypeNames[t.Code]; ok {
		return n
	}
	return "GameType " + strconv.Itoa(t.Code)
}
