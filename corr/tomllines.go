package corr

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"
)

// keyLineIndex maps the keys of a TOML file to the lines that set them, so a
// validation error can say where to look. The TOML library reports positions
// only for syntax errors; this scan covers the flat layout of our files
// (tables, arrays of tables, key = value), which is all a position needs.
type keyLineIndex struct {
	// at maps "table.key#n" (n-th element of an array of tables, from 0) to a line.
	at    map[string]int
	first map[string]int // first line of a key or table path, any element
}

func keyLines(data []byte) keyLineIndex {
	idx := keyLineIndex{at: map[string]int{}, first: map[string]int{}}
	counts := map[string]int{}
	table, elem := "", -1
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), len(data)+1)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "[["):
			table = strings.TrimSpace(strings.Trim(strings.SplitN(line, "]]", 2)[0], "[ "))
			elem = counts[table]
			counts[table]++
			idx.note(table, elem, n)
		case strings.HasPrefix(line, "["):
			table = strings.TrimSpace(strings.Trim(strings.SplitN(line, "]", 2)[0], "[ "))
			elem = -1
			idx.note(table, elem, n)
		default:
			key, _, ok := strings.Cut(line, "=")
			if !ok || strings.HasPrefix(line, "#") {
				continue
			}
			key = strings.Trim(strings.TrimSpace(key), `"'`)
			if table != "" {
				key = table + "." + key
			}
			idx.note(key, elem, n)
		}
	}
	return idx
}

func (x keyLineIndex) note(key string, elem, line int) {
	x.at[key+"#"+itoa(elem)] = line
	if _, ok := x.first[key]; !ok {
		x.first[key] = line
	}
}

// line returns the line of key in element elem of its array of tables (-1:
// not in an array), falling back to the element's header, then to any line
// of key; 0 when the file never mentions it (a missing required key).
func (x keyLineIndex) line(key string, elem int) int {
	if l, ok := x.at[key+"#"+itoa(elem)]; ok {
		return l
	}
	if table, _, ok := strings.Cut(key, "."); ok {
		if l, ok := x.at[table+"#"+itoa(elem)]; ok {
			return l
		}
	}
	return x.firstLine(key)
}

// firstLine returns the first line mentioning key, or its table, or 0.
func (x keyLineIndex) firstLine(key string) int {
	for k := key; k != ""; {
		if l, ok := x.first[k]; ok {
			return l
		}
		i := strings.LastIndexByte(k, '.')
		if i < 0 {
			break
		}
		k = k[:i]
	}
	return 0
}

func itoa(n int) string {
	if n < 0 {
		return "-"
	}
	return strconv.Itoa(n)
}

// where says where in the file a key is: "line N", or "missing" for 0.
func where(line int) string {
	if line == 0 {
		return "missing key"
	}
	return "line " + strconv.Itoa(line)
}
