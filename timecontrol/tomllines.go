package timecontrol

import "strings"

// lineIndex finds the line of a key in the file: the decoder keeps only the
// last line of a key repeated in [[reply]] tables, so the reader tracks the
// table headers itself. It is a locator for messages, not a parser: a line
// it cannot place is reported as 0.
type lineIndex []keyLine

// keyLine is a key (or, with Key "", a table header) and its line.
type keyLine struct {
	Section string
	Index   int // the n-th [[section]], 0 for a plain [section]
	Key     string
	Line    int
}

func indexLines(src string) lineIndex {
	var li lineIndex
	count := map[string]int{}
	section, index := "", 0
	for i, line := range strings.Split(src, "\n") {
		s := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(s, "[["):
			name, _, _ := strings.Cut(strings.TrimPrefix(s, "[["), "]]")
			section = strings.TrimSpace(name)
			count[section]++
			index = count[section]
			li = append(li, keyLine{section, index, "", i + 1})
		case strings.HasPrefix(s, "["):
			name, _, _ := strings.Cut(strings.TrimPrefix(s, "["), "]")
			section, index = strings.TrimSpace(name), 0
			li = append(li, keyLine{section, 0, "", i + 1})
		case !strings.HasPrefix(s, "#"):
			if key, _, ok := strings.Cut(s, "="); ok {
				li = append(li, keyLine{section, index, strings.Trim(strings.TrimSpace(key), `"'`), i + 1})
			}
		}
	}
	return li
}

// find returns the line of key in section #index, else the line of the
// section's header, else 0.
func (li lineIndex) find(section string, index int, key string) int {
	header := 0
	for _, k := range li {
		if k.Section != section || k.Index != index {
			continue
		}
		if k.Key == key {
			return k.Line
		}
		if k.Key == "" && header == 0 {
			header = k.Line
		}
	}
	return header
}

// nthWith returns the n-th (from 0) entry of section that has key (with
// key "", the section's header), and its line.
func (li lineIndex) nthWith(section, key string, n int) (index, line int) {
	for _, k := range li {
		if k.Section == section && k.Key == key {
			if n == 0 {
				return k.Index, k.Line
			}
			n--
		}
	}
	return 0, 0
}
