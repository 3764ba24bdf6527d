package adjudication

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
	"zaochnik/corr/letter"
)

// Text renders the crosstable in fixed-width columns for the standings
// letter, with headers and notes in lang.
func (c Crosstable) Text(lang letter.Lang) string {
	en := lang.IsEnglish()
	header := []string{"№", pick(en, "Player", "Участник")}
	for _, r := range c.Rows {
		header = append(header, strconv.Itoa(r.Number))
	}
	header = append(header, pick(en, "Pts", "Очки"))
	for _, t := range c.TieBreaks {
		header = append(header, t.Header(lang))
	}
	header = append(header, pick(en, "Place", "Место"))

	lines := [][]string{header}
	for _, r := range c.Rows {
		name := r.Name
		switch {
		case r.Uncounted:
			name += pick(en, " (withdrew, not counted: 1.10.2)", " (выбыл, не засчитано: п. 1.10.2)")
		case r.Rule != "":
			name += fmt.Sprintf(pick(en, " (withdrew, counted: %s)", " (выбыл, засчитано: п. %s)"), r.Rule)
		case r.Withdrawal.Withdrawn():
			name += pick(en, " (withdrew)", " (выбыл)")
		}
		place := r.Place
		if r.Uncounted {
			place = "—"
		}
		line := []string{strconv.Itoa(r.Number), name}
		for _, cell := range r.Cells {
			line = append(line, cell.Mark)
		}
		line = append(line, FormatPoints(r.Points))
		for _, v := range r.TieBreaks {
			line = append(line, FormatPoints(v))
		}
		line = append(line, place)
		lines = append(lines, line)
	}

	width := make([]int, len(header))
	for _, l := range lines {
		for i, f := range l {
			width[i] = max(width[i], utf8.RuneCountInString(f))
		}
	}
	var b strings.Builder
	for _, l := range lines {
		var fields []string
		for i, f := range l {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(f))
			if i == 1 { // names align left, figures right
				fields = append(fields, f+pad)
			} else {
				fields = append(fields, pad+f)
			}
		}
		b.WriteString(strings.TrimRight(strings.Join(fields, " "), " "))
		b.WriteByte('\n')
	}

	b.WriteByte('\n')
	win, loss := FormatPoints(c.Points.Win), FormatPoints(c.Points.Loss)
	if en {
		fmt.Fprintf(&b, "+ and -: a win and a loss without play, scored %s and %s (rule 1.12.2); - on both sides: lost by both (6.5.8); *: unfinished.\n", win, loss)
	} else {
		fmt.Fprintf(&b, "+ и -: выигрыш и поражение без игры, считаются как %s и %s (п. 1.12.2); - у обоих: поражение обоим (п. 6.5.8); *: партия не закончена.\n", win, loss)
	}
	if c.ByMatches {
		b.WriteString(pick(en, "Every cell is a micro-match: the sum of its games decides it, equal sums draw it (1.11).\n",
			"Каждая клетка — микроматч: побеждает набравший больше очков в его партиях, при равенстве — ничья (п. 1.11).\n"))
	}
	if len(c.TieBreaks) > 0 {
		names := make([]string, len(c.TieBreaks))
		for i, t := range c.TieBreaks {
			names[i] = t.Header(lang)
		}
		fmt.Fprintf(&b, pick(en, "Equal points are separated by, in order: %s.\n", "При равенстве очков места распределяются по: %s.\n"), strings.Join(names, ", "))
	}
	for _, r := range c.Rows {
		if r.Uncounted {
			fmt.Fprintf(&b, pick(en, "%d %s withdrew having played fewer than half his games: his results stay in the table for the rating but count for no one, unplayed games are \"-\" on both sides (1.10.2).\n",
				"%d %s выбыл, сыграв меньше половины партий: его результаты остаются в таблице для подсчёта рейтинга, но не засчитываются, несыгранные партии отмечены «-» у обоих (п. 1.10.2).\n"), r.Number, r.Name)
		}
	}
	if len(c.Annulled) > 0 {
		var names []string
		for _, p := range c.Annulled {
			names = append(names, fmt.Sprintf("%d %s", p.Number, p.Name))
		}
		fmt.Fprintf(&b, pick(en, "Results annulled by the judge (6.5.3): %s.\n", "Результаты аннулированы решением судьи (п. 6.5.3): %s.\n"), strings.Join(names, "; "))
	}
	return b.String()
}
