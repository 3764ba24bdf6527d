package main

import (
	"flag"
	"zaochnik/corr/letter"
)

// parseInterleaved parses fs from args and returns the positional arguments
// in order, letting flags follow them ("letter parse FILE --json", as the
// README writes it), which flag.Parse alone would take for file names. A
// "--" ends the flags: what follows is positional.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			break
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
	return pos, nil
}

// validLang reports whether a --lang flag names a language the server
// writes (letter.ParseLang: ru or en).
func validLang(s string) bool {
	_, ok := letter.ParseLang(s)
	return ok
}
