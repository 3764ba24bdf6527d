package main

import (
	"encoding/json"
	"io"
)

// writeJSON prints v as the one indented JSON object a command's --json promises.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
