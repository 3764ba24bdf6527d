package timecontrol

import "fmt"

// RussianPlural returns the form of a Russian word that goes with n: one
// for 1, 21, 101 ("1 ход"), few for 2-4, 22-24 ("2 хода"), many for 0,
// 5-20, 25-30, 111-114 ("5 ходов", "11 ходов").
func RussianPlural(n int, one, few, many string) string {
	if n < 0 {
		n = -n
	}
	switch n10, n100 := n%10, n%100; {
	case n10 == 1 && n100 != 11:
		return one
	case n10 >= 2 && n10 <= 4 && (n100 < 12 || n100 > 14):
		return few
	}
	return many
}

// plainPlural writes n with an English noun: "1 move", "2 moves".
func plainPlural(n int, noun string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
