package letter

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/timecontrol"
)

// read parses a letter as the server would on 16 March 2026.
func read(text string) Letter { return Parse(text, goldenOptions()) }

// kinds lists the kinds of a letter's problems, in order.
func kinds(l Letter) []Kind {
	var ks []Kind
	for _, p := range l.Problems {
		ks = append(ks, p.Kind)
	}
	return ks
}

// problemOf returns the first problem of kind k, and whether there is one.
func problemOf(l Letter, k Kind) (Problem, bool) {
	for _, p := range l.Problems {
		if p.Kind == k {
			return p, true
		}
	}
	return Problem{}, false
}

const tail = "\nДаты: 12.03.2026 / 14.03.2026 / 15.03.2026\nВремя: 12/15\n"

func TestParse_6_2_2_FullNotationAndLookAlikes(t *testing.T) {
	tests := []struct {
		written, want string
	}{
		{"6.c3-d4", "6.c3-d4"},
		{"6.C3-D4", "6.c3-d4"},
		{"6.с3-д4", "6.c3-d4"},    // Cyrillic с and д
		{"6. c3 - d4", "6.c3-d4"}, // spaces
		{"6.c3—d4", "6.c3-d4"},    // em dash
		{"6.e3:c5", "6.e3:c5"},
		{"6.Е3хС5", "6.e3:c5"}, // capital Cyrillic Е, х for the capture
		{"6.c3:e5:g7", "6.c3:e5:g7"},
		{"6.32-28", "6.32-28"},
		{"6.47x24x8", "6.47:24:8"},
	}
	for _, tt := range tests {
		t.Run(tt.written, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ 1-2\nМой ход: " + tt.written + tail)
			require.Len(t, l.Moves, 1, Describe(l))
			assert.Equal(t, tt.want, l.Moves[0].String())
			assert.Empty(t, l.Problems)
		})
	}
}

func TestParse_6_2_2_AbbreviatedIsImpossible(t *testing.T) {
	for _, written := range []string{"6.cd4", "6.b:d4", "6.e:c5"} {
		t.Run(written, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ 1-2\nМой ход: " + written + tail)
			require.Len(t, l.Moves, 1, "the move is kept for the referee (6.2.10)")
			assert.True(t, l.Moves[0].Text.Abbreviated)
			p, ok := problemOf(l, KindAbbreviated)
			require.True(t, ok)
			assert.Equal(t, "6.2.2", p.Clause)
			assert.Equal(t, 2, p.Line)
			assert.Contains(t, p.Ru, "полной нотацией")
			assert.Contains(t, p.En, "full notation")
		})
	}
}

func TestParse_6_2_10_CorrectionNamesTheReplacedMove(t *testing.T) {
	for _, written := range []string{
		"Мой ход: 6.c3-d4 (вместо невозможного 6.c3-c4)",
		"Мой ход: 6.c3-d4 вместо 6.cd4",
		"Вместо 6.c3-c4 играю 6.c3-d4",
		"My move: 6.c3-d4 (instead of the impossible 6.c3-c4)",
	} {
		t.Run(written, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ 1-2\n" + written + tail)
			require.Len(t, l.Moves, 1, Describe(l))
			assert.Equal(t, "6.c3-d4", l.Moves[0].String())
			assert.Empty(t, l.Repeated)
			assert.Empty(t, l.Problems, "the replaced move is understood, and no comment")
		})
	}
}

func TestParse_6_2_2_UnreadableMove(t *testing.T) {
	for _, written := range []string{"6.c3-k4", "6.c3-d44", "6.c9-d10"} {
		t.Run(written, func(t *testing.T) {
			l := Parse("ЧР-2026-ЗФ 1-2\nМой ход: "+written+tail, Options{Board: Board{Width: 8, Height: 8}})
			assert.Empty(t, l.Moves)
			p, ok := problemOf(l, KindUnreadableMove)
			require.True(t, ok, Describe(l))
			assert.Equal(t, "6.2.2", p.Clause)
			assert.Contains(t, p.Text, strings.TrimPrefix(written, "6."))
		})
	}
}

// On the 80-square board (10x8, 6.1.4) moves are written with letters a-j
// and ranks 1-8: the files i and j read, rank 9 and numbers do not.
func TestParse_6_2_2_EightySquareBoard(t *testing.T) {
	board := Board{Width: 10, Height: 8}
	for written, want := range map[string]string{"6.i3-j4": "6.i3-j4", "6.j6:h4": "6.j6:h4", "6.с3-д4": "6.c3-d4"} {
		l := Parse("ЧР-2026-ЗФ 1-2\nМой ход: "+written+tail, Options{Board: board})
		require.Len(t, l.Moves, 1, Describe(l))
		assert.Equal(t, want, l.Moves[0].String())
	}
	for _, written := range []string{"6.i8-j9", "6.32-28", "6.k3-j4"} {
		l := Parse("ЧР-2026-ЗФ 1-2\nМой ход: "+written+tail, Options{Board: board})
		assert.Empty(t, l.Moves, written)
		_, ok := problemOf(l, KindUnreadableMove)
		assert.True(t, ok, "%s: %s", written, Describe(l))
	}
	// The same j-file move is no move on 8x8.
	l := Parse("ЧР-2026-ЗФ 1-2\nМой ход: 6.i3-j4"+tail, Options{Board: Board{Width: 8, Height: 8}})
	assert.Empty(t, l.Moves)
}

func TestParse_6_2_3_GameReference(t *testing.T) {
	tests := []struct {
		name, subject, body string
		want                GameRef
	}{
		{"code in subject", "Re: [ЧР-2026-ЗФ #1-2] Ход партнёра", "Мой ход: 6.c3-d4", GameRef{Cipher: "ЧР-2026-ЗФ", White: 1, Black: 2, Code: true}},
		{"code without #", "Re: [ЧР-2026-ЗФ 3-4]", "Мой ход: 6.c3-d4", GameRef{Cipher: "ЧР-2026-ЗФ", White: 3, Black: 4, Code: true}},
		{"cipher label and numbers", "", "Шифр: ЧР-2026-ЗФ, партия 5-6", GameRef{Cipher: "ЧР-2026-ЗФ", White: 5, Black: 6}},
		{"cipher shape and surnames", "", "ЧР-2026-ЗФ Иванов – Петров", GameRef{Cipher: "ЧР-2026-ЗФ", Names: []string{"Иванов", "Петров"}}},
		{"english", "", "Cipher: KM-25, game 2-7", GameRef{Cipher: "KM-25", White: 2, Black: 7}},
		{"game number only", "", "Партия №3-1", GameRef{White: 3, Black: 1}},
		{"names on their own line", "", "ЧР-2026-ЗФ\nИванов (б) – Петров (ч)", GameRef{Cipher: "ЧР-2026-ЗФ", Names: []string{"Иванов", "Петров"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := Parse(tt.body, Options{Subject: tt.subject})
			assert.Equal(t, tt.want, l.Game)
			_, missing := problemOf(l, KindNoGame)
			assert.False(t, missing)
		})
	}
	l := read("Мой ход: 6.c3-d4" + tail)
	p, ok := problemOf(l, KindNoGame)
	require.True(t, ok)
	assert.Equal(t, "6.2.3", p.Clause)
}

func TestParse_6_2_3_KnownCipher(t *testing.T) {
	l := Parse("кубок 2026 1-2\nМой ход: 6.c3-d4"+tail, Options{Ciphers: []string{"Кубок 2026"}})
	assert.Equal(t, GameRef{Cipher: "Кубок 2026", White: 1, Black: 2}, l.Game)
	// Asked for the game, the sender is shown their own tournament's cipher.
	l = Parse("Мой ход: 6.c3-d4"+tail, Options{Ciphers: []string{"Кубок 2026"}})
	p, ok := problemOf(l, KindNoGame)
	require.True(t, ok)
	assert.Contains(t, p.Ru, "«Кубок 2026, 1-2»")
	assert.NotContains(t, p.Ru+p.En, "ЧР-2026-ЗФ")
}

func TestParse_6_2_3_RepetitionThenOwnMove(t *testing.T) {
	tests := []struct {
		name, body     string
		sender         Side
		repeated, mine string
	}{
		{"labelled", "Ваш ход 5...f6-g5\nМой ход 6.c3-d4", SideUnknown, "5...f6-g5", "6.c3-d4"},
		{"labelled on one line", "Ваш ход 5...f6-g5, мой ход 6.c3-d4", SideUnknown, "5...f6-g5", "6.c3-d4"},
		{"headings", "Ваш ход:\n5...f6-g5\nМой ответ:\n6.c3-d4", SideUnknown, "5...f6-g5", "6.c3-d4"},
		{"bare run, first is repeated", "5...f6-g5 6.c3-d4", SideUnknown, "5...f6-g5", "6.c3-d4"},
		{"bare run split by the sender's colour", "5...f6-g5 6.c3-d4 g5:e3 7.f2:d4", White, "5...f6-g5", "6.c3-d4 g5:e3 7.f2:d4"},
		{"bare single move is own", "6.c3-d4", SideUnknown, "", "6.c3-d4"},
		{"english", "Your move: 5...f6-g5\nMy move: 6.c3-d4", SideUnknown, "5...f6-g5", "6.c3-d4"},
		{"after a draw offer", "Предлагаю ничью, ваш ход 5...f6-g5, мой ход 6.c3-d4", SideUnknown, "5...f6-g5", "6.c3-d4"},
		{"number then dots", "Ваш ход 14. ... e7-d6\nМой ход 15. c3-b4", SideUnknown, "14...e7-d6", "15.c3-b4"},
		{"several repeated", "Ваши ходы: 5...f6-g5 6.c3-d4 g5:e3\nМой ход: 7.f2:d4", SideUnknown, "5...f6-g5 6.c3-d4 g5:e3", "7.f2:d4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := Parse("ЧР-2026-ЗФ 1-2\n"+tt.body+tail, Options{Sender: tt.sender})
			assert.Equal(t, tt.repeated, sequenceString(l.Repeated))
			assert.Equal(t, tt.mine, sequenceString(l.Moves))
			assert.Empty(t, l.Problems, Describe(l))
		})
	}
}

func TestParse_6_2_4_ForcedRepliesWrittenByTheMover(t *testing.T) {
	l := read("ЧР-2026-ЗФ 1-2\nВаш ход: 11...f6-e5\nМой ход: 12.c3:e5 f6:d4 (вынужденно) 13.e3:c5" + tail)
	require.Len(t, l.Moves, 3, Describe(l))
	assert.Equal(t, "12.c3:e5 f6:d4 13.e3:c5", sequenceString(l.Moves))
	assert.Equal(t, []bool{false, true, false}, []bool{l.Moves[0].Forced, l.Moves[1].Forced, l.Moves[2].Forced})
	assert.True(t, l.Moves[1].Black)
	assert.Empty(t, l.Problems)
}

func TestParse_6_2_6_CommentsAreNotForwarded(t *testing.T) {
	l := read("ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4\nДумаю, у белых перевес.\nКак погода?" + tail)
	require.Equal(t, []Line{{3, "Думаю, у белых перевес."}, {4, "Как погода?"}}, l.Unknown)
	assert.Equal(t, []Kind{KindUnknownLine, KindUnknownLine}, kinds(l))
	assert.Equal(t, "6.2.6", l.Problems[0].Clause)
	assert.Equal(t, 3, l.Problems[0].Line)
	fwd := Forward{Envelope: Envelope{Cipher: "ЧР-2026-ЗФ", White: 1, Black: 2}, Letter: l}.Render()
	assert.NotContains(t, fwd.Body, "перевес")
}

// A comment that mentions a move is still a comment: it is not a heading
// ("Ход:") that swallows the line, and the sender is told it was dropped.
func TestParse_6_2_6_CommentAboutAMoveIsNoHeading(t *testing.T) {
	tests := []struct {
		line     string
		unknown  bool
		repeated string
	}{
		{"Хороший ход, правда?", true, "5...f6-g5"},
		{"Ход сильный, но рискованный", true, "5...f6-g5"},
		{"Nice move indeed", true, "5...f6-g5"},
		{"Мой следующий ход", false, ""},
		{"Here is my move", false, ""},
		{"Ход белых", false, ""},
		{"Мой ход будет такой", false, ""},
		{"My move will be", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ 1-2\n" + tt.line + "\n5...f6-g5 6.c3-d4" + tail)
			if tt.unknown {
				assert.Equal(t, []Line{{2, tt.line}}, l.Unknown)
				assert.Equal(t, []Kind{KindUnknownLine}, kinds(l))
			} else {
				assert.Empty(t, l.Unknown)
				assert.Empty(t, l.Problems)
			}
			assert.Equal(t, tt.repeated, sequenceString(l.Repeated), Describe(l))
		})
	}
}

func TestParse_6_2_7_Variants(t *testing.T) {
	tests := []struct {
		name, body string
		want       []string // label: moves
	}{
		{"если ..., то ...", "Если 6...g5-h4, то 7.d4-c5", []string{": 6...g5-h4 7.d4-c5"}},
		{"chain", "Если 6...g5-h4, то 7.d4-c5, если 7...b6:d4, то 8.e3:c5", []string{": 6...g5-h4 7.d4-c5 b6:d4 8.e3:c5"}},
		{"two alternatives on one line", "Если 6...g5-h4, то 7.d4-c5. Если 6...b6-a5, то 7.b2-c3.", []string{": 6...g5-h4 7.d4-c5", ": 6...b6-a5 7.b2-c3"}},
		{"на ... предлагаю ...", "На 6...g5-h4 предлагаю 7.d4-c5", []string{": 6...g5-h4 7.d4-c5"}},
		{"предлагаю вариант", "Предлагаю вариант 6...g5-h4 7.d4-c5 b6:d4 8.e3:c5", []string{": 6...g5-h4 7.d4-c5 b6:d4 8.e3:c5"}},
		{"labelled А Б", "Вариант А: 6...g5-h4 7.d4-c5\nВариант Б: если 6...b6-a5, то 7.b2-c3", []string{"А: 6...g5-h4 7.d4-c5", "Б: 6...b6-a5 7.b2-c3"}},
		{"heading and letters", "Варианты:\nа) 6...g5-h4 7.d4-c5\nб) 6...b6-a5 7.b2-c3", []string{"А: 6...g5-h4 7.d4-c5", "Б: 6...b6-a5 7.b2-c3"}},
		{"english", "Variant A: if 6...g5-h4 then 7.d4-c5\nVariant B: on 6...b6-a5 I propose 7.b2-c3", []string{"A: 6...g5-h4 7.d4-c5", "B: 6...b6-a5 7.b2-c3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4\n" + tt.body + tail)
			var got []string
			for _, v := range l.Variants {
				got = append(got, v.Label+": "+sequenceString(v.Moves))
			}
			assert.Equal(t, tt.want, got, Describe(l))
			assert.Equal(t, "6.c3-d4", sequenceString(l.Moves))
			assert.Empty(t, l.Problems)
		})
	}
}

func TestParse_6_2_12_UnreadableMoveCutsTheVariant(t *testing.T) {
	tests := []struct {
		name, line, moves, cut string
	}{
		{"unreadable", "Вариант А: 6...g5-h4 7.d4-c5 b6-z9 8.c5:a7", "6...g5-h4 7.d4-c5", "b6-z9"},
		{"abbreviated", "Вариант А: 6...g5-h4 7.dc5 b6:d4", "6...g5-h4", "dc5"},
		{"first move", "Вариант А: 6...g5-k4 7.d4-c5", "", "6...g5-k4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4\n" + tt.line + tail)
			require.Len(t, l.Variants, 1, Describe(l))
			assert.Equal(t, tt.moves, sequenceString(l.Variants[0].Moves))
			assert.Contains(t, l.Variants[0].Cut, tt.cut)
			p, ok := problemOf(l, KindVariantCut)
			require.True(t, ok)
			assert.Equal(t, "6.2.12", p.Clause)
			assert.Equal(t, []Kind{KindVariantCut}, kinds(l), "no other problem: an error in a variant is not penalised")
		})
	}
}

func TestParse_6_2_13_Acceptance(t *testing.T) {
	tests := []struct {
		name, line     string
		label, until   string
		moves, ownMove string
	}{
		{"whole, labelled", "Принимаю вариант А", "А", "", "", "7...b6-a5"},
		{"whole with its moves", "Принимаю вариант Б: 6...g5-h4 7.d4-c5", "Б", "", "6...g5-h4 7.d4-c5", "7...b6-a5"},
		{"until a move", "Вариант принят до 7...ba5", "", "7...ba5", "", "7...b6-a5"},
		{"english until", "Variant A accepted until 7...b6-c5", "A", "7...b6-c5", "", "7...b6-a5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ 1-2\n" + tt.line + "\nМой ход: 7...b6-a5" + tail)
			require.NotNil(t, l.Accepted, Describe(l))
			assert.Equal(t, tt.label, l.Accepted.Label)
			if tt.until == "" {
				assert.Nil(t, l.Accepted.Until)
			} else {
				require.NotNil(t, l.Accepted.Until)
				assert.Equal(t, tt.until, l.Accepted.Until.String())
			}
			assert.Equal(t, tt.moves, sequenceString(l.Accepted.Moves))
			assert.Equal(t, tt.ownMove, sequenceString(l.Moves))
			assert.Empty(t, l.Problems, "the reference of an acceptance is not a move played")
		})
	}
}

func TestParse_6_2_13_AcceptanceUpToNoMoveIsNotGuessed(t *testing.T) {
	for _, line := range []string{"Вариант А принимаю до 7-го хода", "Variant A accepted up to move seven"} {
		t.Run(line, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ 1-2\n" + line + "\nМой ход: 7...b6-a5" + tail)
			assert.Nil(t, l.Accepted, "accepting the whole variant would be a guess")
			p, ok := problemOf(l, KindAcceptanceUnclear)
			require.True(t, ok, Describe(l))
			assert.Equal(t, "6.2.13", p.Clause)
			assert.Equal(t, 2, p.Line)
		})
	}
}

func TestParse_6_2_14_MoveNumbers(t *testing.T) {
	tests := []struct {
		name, body string
		wrong      bool
	}{
		{"follows", "Ваш ход 5...f6-g5\nМой ход 6.c3-d4 g5:e3 (вынужденно) 7.f2:d4", false},
		{"skips a number", "Ваш ход 5...f6-g5\nМой ход 7.c3-d4", true},
		{"wrong inside a run", "Мой ход 6.c3-d4 g5:e3 8.f2:d4", true},
		{"unnumbered is fine", "Ваш ход f6-g5\nМой ход c3-d4", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ 1-2\n" + tt.body + tail)
			p, ok := problemOf(l, KindMoveNumber)
			assert.Equal(t, tt.wrong, ok, Describe(l))
			if ok {
				assert.Equal(t, "6.2.14", p.Clause)
				assert.NotEmpty(t, l.Moves, "a wrong number does not stop play")
			}
		})
	}
}

func TestParse_6_3_1_ThreeDates(t *testing.T) {
	d := timecontrol.MustDate
	full := Dates{OpponentSent: d("2026-03-12"), Received: d("2026-03-14"), Sent: d("2026-03-15")}
	tests := []struct {
		name, line string
		want       Dates
	}{
		{"slashes", "12.03.2026 / 14.03.2026 / 15.03.2026", full},
		{"two-digit years", "12.03.26 / 14.03.26 / 15.03.26", full},
		{"no spaces", "12.03/14.03/15.03", full},
		{"dashes", "12.03.2026 - 14.03.2026 - 15.03.2026", full},
		{"iso", "2026-03-12, 2026-03-14, 2026-03-15", full},
		{"day-month-year with dashes", "12-03-2026 / 14-03-2026 / 15-03-2026", full},
		{"joined by dashes", "12.03.2026-14.03.2026-15.03.2026", full},
		{"joined by dashes, no year", "12.03-14.03-15.03", full},
		{"labelled out of order", "Отправлено 15.03.2026, получено 14.03.2026, дата отправления хода партнёром 12.03.2026", full},
		{"labelled lines", "Ваш ход отправлен: 12.03.2026\nПолучен: 14.03.2026\nМой ответ: 15.03.2026", full},
		{"english", "Your move sent 12.03.2026, received 14.03.2026, sent 15.03.2026", full},
		{"month names", "Ваш ход отправлен 12 марта 2026 г., получен 14 марта 2026 г., ответ 15 марта 2026 г.", full},
		{"english month names", "Your move sent March 12, 2026; received 14 March 2026; sent Mar 15 2026", full},
		{"labels after the dates", "Даты: 12.03.2026 (отпр. партнёром), 14.03.2026 (получено), 15.03.2026 (отправлено)", full},
		{"received and sent only", "получено 14.03.2026, отправлено 15.03.2026", Dates{Received: d("2026-03-14"), Sent: d("2026-03-15")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ 1-2\nМой ход 6.c3-d4\n" + tt.line + "\nВремя: 12/15")
			assert.Equal(t, tt.want, l.Dates, Describe(l))
		})
	}
}

func TestParse_6_3_1_DateWithoutYearTakesTheNearestYear(t *testing.T) {
	tests := []struct {
		postmark, written, want string
	}{
		{"2026-03-16", "12.03", "2026-03-12"},
		{"2026-01-04", "28.12", "2025-12-28"},
		{"2025-12-30", "02.01", "2026-01-02"},
		{"2028-03-01", "29.02", "2028-02-29"},
	}
	for _, tt := range tests {
		t.Run(tt.postmark+" "+tt.written, func(t *testing.T) {
			l := Parse("ЧР-2026-ЗФ 1-2\nМой ход 6.c3-d4\nОтправлено "+tt.written, Options{Postmark: timecontrol.MustDate(tt.postmark)})
			assert.Equal(t, tt.want, l.Dates.Sent.String())
			p, ok := problemOf(l, KindYearGuessed)
			require.True(t, ok, "the reader says which year it chose")
			assert.True(t, p.IsNote())
			assert.Contains(t, p.Ru, timecontrol.MustDate(tt.want).Russian())
		})
	}
	l := Parse("ЧР-2026-ЗФ 1-2\nМой ход 6.c3-d4\nОтправлено 15.03", Options{})
	assert.True(t, l.Dates.Sent.IsZero(), "without a postmark no year can be chosen")
	_, bad := problemOf(l, KindBadDate)
	assert.True(t, bad)
}

func TestParse_6_3_1_DatesWithoutYearTakeTheLinesYear(t *testing.T) {
	tests := []struct {
		name, postmark, line string
		want                 [3]string
	}{
		{"month names", "2026-03-16", "12 марта / 14 марта / 15 марта 2026", [3]string{"2026-03-12", "2026-03-14", "2026-03-15"}},
		{"no postmark", "", "12.03 / 14.03 / 15.03.2026", [3]string{"2026-03-12", "2026-03-14", "2026-03-15"}},
		{"across new year", "2027-01-03", "28.12 / 30.12 / 02.01.2027", [3]string{"2026-12-28", "2026-12-30", "2027-01-02"}},
		{"postmark a year off", "2027-03-16", "12.03 / 14.03 / 15.03.2026", [3]string{"2026-03-12", "2026-03-14", "2026-03-15"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var opts Options
			if tt.postmark != "" {
				opts.Postmark = timecontrol.MustDate(tt.postmark)
			}
			l := Parse("ЧР-2026-ЗФ 1-2\nМой ход 6.c3-d4\n"+tt.line, opts)
			assert.Equal(t, tt.want, [3]string{l.Dates.OpponentSent.String(), l.Dates.Received.String(), l.Dates.Sent.String()})
			_, guessed := problemOf(l, KindYearGuessed)
			assert.False(t, guessed, "the year is the letter's own, not a guess: %s", Describe(l))
		})
	}
}

func TestParse_6_3_1_BadAndExtraDates(t *testing.T) {
	l := read("ЧР-2026-ЗФ 1-2\nМой ход 6.c3-d4\n12.03.2026 / 31.02.2026 / 15.03.2026\nВремя: 12/15")
	assert.Equal(t, []Kind{KindBadDate, KindMissingDates}, kinds(l)[:2])
	assert.Equal(t, "31.02.2026", l.Problems[0].Text)
	l = read("ЧР-2026-ЗФ 1-2\nМой ход 6.c3-d4\n12.03.2026 / 14.03.2026 / 15.03.2026 / 16.03.2026\nВремя: 12/15")
	assert.Equal(t, []Kind{KindExtraDate}, kinds(l))
	l = read("ЧР-2026-ЗФ 1-2\nМой ход 6.c3-d4\n12.03.2026 / 14.03.2026 / 15.03.2026\nВремя: 12/15\nИванов И.И., 15.03.2026")
	assert.Empty(t, l.Problems, "the reply's date again under the signature is no extra date")
}

func TestParse_6_3_1_TimeFraction(t *testing.T) {
	for _, line := range []string{"Время: 12/15", "время 12 / 15 дн.", "12/15", "Time: 12/15 days", "Затрачено: 12/15",
		"Время: белые 12, чёрные 15", "Time: White 12, Black 15", "Время: 12-15"} {
		t.Run(line, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ 1-2\nМой ход 6.c3-d4\n12.03.2026 / 14.03.2026 / 15.03.2026\n" + line)
			require.NotNil(t, l.Time, Describe(l))
			assert.Equal(t, TimeFraction{White: 12, Black: 15}, *l.Time)
			assert.Empty(t, l.Problems)
		})
	}
}

func TestParse_6_3_3_MissingDatesOrTime(t *testing.T) {
	l := read("ЧР-2026-ЗФ 1-2\nМой ход 6.c3-d4\nОтправлено 15.03.2026")
	assert.Equal(t, []Kind{KindMissingDates, KindMissingTime}, kinds(l))
	assert.Equal(t, "6.3.3", l.Problems[0].Clause)
	assert.Contains(t, l.Problems[0].Ru, "1 из трёх")
	// White's first move answers nothing: its sending date is enough, and
	// only it is asked for when missing.
	l = read("ЧР-2026-ЗФ 1-2\nМой ход 1.c3-d4\n01.03.2026\nВремя 0/0")
	assert.Empty(t, l.Problems, Describe(l))
	first := read("ЧР-2026-ЗФ 1-2\nМой ход 1.c3-d4\nВремя 0/0")
	require.Equal(t, []Kind{KindMissingDates}, kinds(first))
	assert.Contains(t, first.Problems[0].Ru, "Нет даты отправления хода")
	assert.NotContains(t, first.Problems[0].Ru+first.Problems[0].En, "of the three", "no three dates asked of a first move")
	assert.NotContains(t, first.Problems[0].Ru, "из трёх")
	assert.Equal(t, "2026-03-01", l.Dates.Sent.String())
}

func TestParse_6_4_3_BreakPhrase(t *testing.T) {
	tests := []struct {
		line, from, to string
	}{
		{"Беру перерыв с 10.10.26 по 25.10.26", "2026-10-10", "2026-10-25"},
		{"беру перерыв с 10.10.2026 по 25.10.2026.", "2026-10-10", "2026-10-25"},
		{"Я беру перерыв с 28.12.2026 по 10.01.2027 во всех партиях", "2026-12-28", "2027-01-10"},
		{"I take a break from 01.07.2026 to 20.07.2026", "2026-07-01", "2026-07-20"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ\n" + tt.line)
			require.NotNil(t, l.Break, Describe(l))
			assert.Equal(t, tt.from, l.Break.From.String())
			assert.Equal(t, tt.to, l.Break.To.String())
			assert.Empty(t, l.Problems)
		})
	}
}

// A break's date written without a year takes the other date's year; with
// neither written, the break is the coming one, not last year's (breaks are
// announced ahead, 6.4.3), unless it ended less than a month ago (announced
// late, 6.4.2). A day alone shares the other date's month ("с 10 по 25
// октября"). Letters are posted on 16.03.2026.
// A break named in the cipher's sentence: the cipher line ends at the
// full stop, and the words after it are no surnames (6.4.1).
func TestParse_6_4_1_BreakOnTheCiphersLine(t *testing.T) {
	for _, text := range []string{
		"Турнир ЗЧ-2026-П5. Беру перерыв с 10.04.2026 по 20.04.2026.",
		"ЧР-2026-ЗФ. Беру перерыв с 10.04.2026 по 20.04.2026",
		"Шифр ЧР-2026-ЗФ. Беру перерыв с 10.04.2026 по 20.04.2026",
	} {
		t.Run(text, func(t *testing.T) {
			l := read(text)
			require.NotNil(t, l.Break, Describe(l))
			assert.Equal(t, "2026-04-10", l.Break.From.String())
			assert.Equal(t, "2026-04-20", l.Break.To.String())
			assert.Empty(t, l.Game.Names)
			assert.NotEmpty(t, l.Game.Cipher)
			assert.Empty(t, l.Problems)
		})
	}
}

func TestParse_6_4_3_BreakDatesWithoutYear(t *testing.T) {
	tests := []struct {
		line, from, to string
		guessed        int
	}{
		{"Беру перерыв с 10 октября по 25 октября 2026 г.", "2026-10-10", "2026-10-25", 0},
		{"Беру перерыв с 10.10 по 25.10", "2026-10-10", "2026-10-25", 2},
		{"Беру перерыв с 01.03 по 20.03", "2026-03-01", "2026-03-20", 2},
		{"Беру перерыв с 20.12 по 05.01", "2026-12-20", "2027-01-05", 2},
		{"Беру перерыв с 20.12 по 05.01.2027", "2026-12-20", "2027-01-05", 0},
		{"Беру перерыв с 20.12.2026 по 05.01", "2026-12-20", "2027-01-05", 0},
		{"Беру перерыв с 10 по 25 октября", "2026-10-10", "2026-10-25", 2},
		{"Беру перерыв с 28 по 3 января 2027 г.", "2026-12-28", "2027-01-03", 0},
		{"I take a break from 10 to 25 October 2026", "2026-10-10", "2026-10-25", 0},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ\n" + tt.line)
			require.NotNil(t, l.Break, Describe(l))
			assert.Equal(t, tt.from, l.Break.From.String())
			assert.Equal(t, tt.to, l.Break.To.String())
			var guessed int
			for _, k := range kinds(l) {
				require.Equal(t, KindYearGuessed, k, Describe(l))
				guessed++
			}
			assert.Equal(t, tt.guessed, guessed)
		})
	}
	l := read("ЧР-2026-ЗФ\nБеру перерыв с 28.11 по 03.11")
	assert.Nil(t, l.Break, "a break that ends before it starts is a slip, not a year-long break")
	assert.Contains(t, kinds(l), KindBreakDates)
}

// An earlier letter quoted under Outlook's "От: / Тема:" block, without
// "-----Original Message-----", is not read: its «Сдаюсь» is not ours.
func TestParse_QuotedOutlookHeaderEndsTheLetter(t *testing.T) {
	for _, quote := range []string{
		"От: Петров П.\nОтправлено: 10 марта 2026 г. 10:00\nКому: turnir@example.org\nТема: ЧР-2026-ЗФ 1-2\nСдаюсь\nБеру перерыв с 01.04.26 по 10.04.26",
		"From: Peter <peter@example.org>\nSent: Tuesday, March 10, 2026 10:00 AM\nSubject: RE: game 1-2\nI resign",
	} {
		l := read("ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4" + tail + "\n" + quote)
		assert.Equal(t, "6.c3-d4", sequenceString(l.Moves))
		assert.False(t, l.Resign, Describe(l))
		assert.Nil(t, l.Break)
		assert.Empty(t, l.Problems, Describe(l))
	}
	l := read("ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4\nОтправлено: 15.03.2026\nПолучено: 14.03.2026\nДата отправления хода партнёром: 12.03.2026\nВремя: 12/15")
	assert.Equal(t, 3, l.Dates.Count(), "our own date labels are no quoted header")
	l = read("От: Иванов И.И.\nТема: ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4" + tail)
	assert.Equal(t, "6.c3-d4", sequenceString(l.Moves), "a heading at the top is the writer's own")
}

func TestParse_6_4_3_OtherPhrasingIsAnsweredWithTheRightOne(t *testing.T) {
	tests := []struct {
		line, suggestion string
	}{
		{"Ухожу в отпуск с 10.10.26 по 25.10.26", "«беру перерыв с 10.10.26 по 25.10.26»"},
		{"Прошу перерыв с 10.10.26 до 25.10.26", "«беру перерыв с 10.10.26 по 25.10.26»"},
		{"Перерыв: 10.10.26 - 25.10.26", "«беру перерыв с 10.10.26 по 25.10.26»"},
		{"Беру перерыв на две недели", "«беру перерыв с ДД.ММ.ГГ по ДД.ММ.ГГ»"},
		{"I am on holiday from 01.07.2026 until 20.07.2026", "«беру перерыв с 01.07.2026 по 20.07.2026»"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ\n" + tt.line)
			assert.Nil(t, l.Break)
			p, ok := problemOf(l, KindBreakPhrasing)
			require.True(t, ok, Describe(l))
			assert.Equal(t, "6.4.3", p.Clause)
			assert.Contains(t, p.Ru, tt.suggestion)
			assert.Contains(t, p.En, "I take a break from")
		})
	}
	l := read("ЧР-2026-ЗФ\nБеру перерыв с 25.10.26 по 10.10.26")
	assert.Nil(t, l.Break)
	_, ok := problemOf(l, KindBreakDates)
	assert.True(t, ok)
}

func TestParse_Statements(t *testing.T) {
	tests := []struct {
		line  string
		check func(Letter) bool
	}{
		{"Предлагаю ничью.", func(l Letter) bool { return l.Draw == DrawOffer }},
		{"I offer a draw", func(l Letter) bool { return l.Draw == DrawOffer }},
		{"Согласен", func(l Letter) bool { return l.Draw == DrawAccept }},
		{"Согласен на ничью", func(l Letter) bool { return l.Draw == DrawAccept }},
		{"I accept the draw", func(l Letter) bool { return l.Draw == DrawAccept }},
		{"Не согласен", func(l Letter) bool { return l.Draw == DrawDecline }},
		{"От ничьей отказываюсь", func(l Letter) bool { return l.Draw == DrawDecline }},
		{"Сдаюсь.", func(l Letter) bool { return l.Resign }},
		{"I resign", func(l Letter) bool { return l.Resign }},
		{"Заявляю просрочку", func(l Letter) bool { return l.OverstepClaim }},
		{"I claim an overstep", func(l Letter) bool { return l.OverstepClaim }},
		{"Протест: ход был отправлен вовремя", func(l Letter) bool { return l.Protest == "ход был отправлен вовремя" }},
		{"Прошу график времени", func(l Letter) bool { return l.LedgerRequest }},
		{"Please send me the time ledger", func(l Letter) bool { return l.LedgerRequest }},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ 1-2\n" + tt.line)
			assert.True(t, tt.check(l), Describe(l))
			assert.Empty(t, l.Problems)
		})
	}
}

func TestParse_MoveShapedWordsAreNoMoves(t *testing.T) {
	l := read("ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4 (это мой 6-й ход)" + tail)
	assert.Equal(t, "6.c3-d4", sequenceString(l.Moves))
	assert.Empty(t, l.Problems)
}

func TestParse_HeadingLineThenMoves(t *testing.T) {
	l := read("ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4\nВариант А:\n6...g5-h4 7.d4-c5\nВариант Б:\nесли 6...b6-a5, то 7.b2-c3" + tail)
	require.Len(t, l.Variants, 2, Describe(l))
	assert.Equal(t, "А", l.Variants[0].Label)
	assert.Equal(t, "6...g5-h4 7.d4-c5", sequenceString(l.Variants[0].Moves))
	assert.Equal(t, "Б", l.Variants[1].Label)
	assert.Equal(t, "6...b6-a5 7.b2-c3", sequenceString(l.Variants[1].Moves))
	assert.Empty(t, l.Problems)
}

func TestParse_CommentsAreNoStatements(t *testing.T) {
	for _, line := range []string{"Думаю, здесь ничья", "Я не сдаюсь!", "Просрочку пока не заявляю", "I will never resign",
		"Ничью не предлагаю", "Я не предлагаю ничью", "I do not offer a draw", "I won't offer a draw yet"} {
		t.Run(line, func(t *testing.T) {
			l := read("ЧР-2026-ЗФ 1-2\n" + line)
			assert.Empty(t, l.Draw)
			assert.False(t, l.Resign)
			assert.False(t, l.OverstepClaim)
			assert.Equal(t, []Line{{2, line}}, l.Unknown)
		})
	}
}

func TestParse_Tolerance(t *testing.T) {
	tests := []struct{ name, text string }{
		{"quoted reply skipped", "ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4" + tail + "\nИван пишет:\n> Мой ход: 5.b2-c3\n> Беру перерыв с 01.04.26 по 10.04.26"},
		{"HTML reply quoted without '>'", "ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4" + tail + "\nПн, 16 мар. 2026 г. в 10:00, Иван <ivan@example.org>:\n16.03.2026 Иван пишет:\nМой ход: 5.b2-c3\nБеру перерыв с 01.04.26 по 10.04.26"},
		{"original message skipped", "ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4" + tail + "-----Original Message-----\nМой ход: 5.b2-c3"},
		{"signature skipped", "ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4" + tail + "-- \nИванов, тел. 8-846-123-45-67, кв. 5-12"},
		{"sign-off then address", "ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4" + tail + "С уважением,\nИванов\n443001 Самара, ул. Садовая 5-12"},
		{"ё and look-alikes in words", "ЧР-2026-ЗФ 1-2\nМoй xoд: 6.c3-d4\nДаты: 12.03.2026 / 14.03.2026 / 15.03.2026\nBpeмя: 12/15"},
		{"greeting and name", "Здравствуйте, Пётр!\nЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4" + tail + "Иванов"},
		{"html", "<html><body><p>ЧР-2026-ЗФ 1-2</p><p>Мой ход: 6.c3&#8209;d4<br>Даты: 12.03.2026 / 14.03.2026 / 15.03.2026<br>Время: 12/15</p><blockquote>Мой ход: 5.b2-c3</blockquote></body></html>"},
		{"rules between paragraphs", "ЧР-2026-ЗФ 1-2\n-----------\nМой ход: 6.c3-d4\n* * *" + tail},
		{"CRLF", strings.ReplaceAll("ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4"+tail, "\n", "\r\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := read(tt.text)
			assert.Equal(t, "6.c3-d4", sequenceString(l.Moves), Describe(l))
			assert.Nil(t, l.Break)
			assert.Empty(t, l.Problems, Describe(l))
			assert.Equal(t, 3, l.Dates.Count())
		})
	}
}

func TestParse_Language(t *testing.T) {
	assert.Equal(t, English, read("Cipher ЧР-2026-ЗФ, game 1-2\nMy move: 6.c3-d4").Language)
	assert.Equal(t, Russian, read("Шифр ЧР-2026-ЗФ, 1-2\nМой ход: 6.c3-d4").Language)
	assert.Equal(t, English, Parse("Шифр ЧР-2026-ЗФ", Options{Language: English}).Language)
}

func TestParse_NothingToActOn(t *testing.T) {
	l := read("Шифр ЧР-2026-ЗФ, 1-2\nИзвините за задержку.")
	assert.Equal(t, []Kind{KindUnknownLine, KindNoMove}, kinds(l))
	assert.Equal(t, 0, l.Problems[1].Line, "a problem of the whole letter has no line")
}

func TestGameCode_RoundTrip(t *testing.T) {
	tests := []struct {
		cipher       string
		white, black int
		want         string
	}{
		{"ЧР-2026-ЗФ", 1, 2, "ЧР-2026-ЗФ"},
		{"KM-25/3", 12, 7, "KM-25/3"},
		{"Кубок 2026", 3, 4, "Кубок_2026"},
	}
	for _, tt := range tests {
		code := FormatGameCode(tt.cipher, tt.white, tt.black)
		ref, ok := ParseGameCode("Re: Re: " + code + " Ход партнёра")
		require.True(t, ok, code)
		assert.Equal(t, GameRef{Cipher: tt.want, White: tt.white, Black: tt.black, Code: true}, ref)
	}
	for _, bad := range []string{"[ЧР-2026-ЗФ]", "[#1-2]", "[ЧР #1-1]", "[ЧР #a-b]", "ЧР #1-2", "[[[["} {
		_, ok := ParseGameCode(bad)
		assert.False(t, ok, bad)
	}
}

func TestHTMLToText(t *testing.T) {
	tests := []struct{ html, want string }{
		{"<p>a</p><p>b</p>", "\na\n\nb\n"},
		{"a<br>b<br/>c", "a\nb\nc"},
		{"<div>x &amp; y &lt;z&gt; &#1093; &#x445; &nbsp;q&bogus; &</div>", "\nx & y <z> х х q&bogus; &\n"},
		{"<head><title>t</title></head><style>p{}</style><script>1<2</script>ok", "ok"},
		{"<blockquote>old <b>letter</b></blockquote>new", "new"},
		{"broken <b", "broken"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, HTMLToText(tt.html), tt.html)
	}
}

// Only a run of moves without a label is split by the sender's colour, and
// only then does the referee read the letter a second time (6.2.3).
func TestParse_6_2_3_SplitRunOnlyWithoutLabel(t *testing.T) {
	cases := []struct {
		text  string
		split bool
	}{
		{"ЧР-2026-ЗФ 1-2\nВаш ход: 1.c3-d4\nМой ход: 1...f6-g5", false},
		{"ЧР-2026-ЗФ 1-2\nпредлагаю ничью", false},
		{"ЧР-2026-ЗФ 1-2\n1.c3-d4 f6-g5", true},
	}
	for _, c := range cases {
		l := Parse(c.text, Options{})
		assert.Equal(t, c.split, l.SplitRun, c.text)
		if c.split {
			black := Parse(c.text, Options{Sender: Black})
			assert.NotEqual(t, len(l.Moves), len(black.Moves), "the sender's colour changes the split: %s", c.text)
		}
	}
}

// A long letter is read whole: the dates and the time after 500 lines are
// found, and the problems past the listed ones are counted, never dropped
// unsaid (6.2.6, 6.3.3).
func TestParse_6_3_3_LongLetterReadWhole(t *testing.T) {
	var b strings.Builder
	b.WriteString("ЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4\n")
	for i := range 500 {
		fmt.Fprintf(&b, "Вариант %d: если 6...f6-g5, то 7.g3-f4\n", i+1)
	}
	for range 70 {
		b.WriteString("Погода прекрасная\n")
	}
	b.WriteString(tail)
	l := read(b.String())
	assert.Len(t, l.Variants, 500)
	assert.Equal(t, 3, l.Dates.Count())
	require.NotNil(t, l.Time)
	p, ok := problemOf(l, KindMoreProblems)
	require.True(t, ok, Describe(l))
	assert.Contains(t, p.Ru, "ещё 10 замечаний")
	assert.Contains(t, p.En, "10 more remarks")
	assert.Len(t, l.Problems, maxProblems+1)
}

// A greeting with the addressee's name first is a greeting, not a comment
// (6.2.6).
func TestParse_6_2_6_GreetingAfterTheName(t *testing.T) {
	for _, g := range []string{"Иван Иванович, добрый день!", "Уважаемый Иван Иванович!", "Dear Petr,", "Пётр Петрович, здравствуйте!"} {
		t.Run(g, func(t *testing.T) {
			l := read(g + "\nЧР-2026-ЗФ 1-2\nМой ход: 6.c3-d4" + tail)
			assert.Equal(t, g, l.Greeting)
			assert.Empty(t, l.Unknown)
		})
	}
}
