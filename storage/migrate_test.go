package storage

import (
	"io/fs"
	"sort"
	"strings"
	"testing"
)

// TestMigrations_NumberedInTurn: the embedded migrations are numbered 1,
// 2, 3... each once, and a set that repeats or skips a number is refused
// before any store is touched.
func TestMigrations_NumberedInTurn(t *testing.T) {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	if err := numberedInTurn(names); err != nil {
		t.Fatalf("the embedded migrations: %v", err)
	}
	for _, c := range []struct {
		name  string
		files []string
		want  string // in the error; "" for none
	}{
		{"inTurn", []string{"0001_a.sql", "0002_b.sql"}, ""},
		{"twice", []string{"0001_a.sql", "0002_b.sql", "0002_c.sql"}, "0002_c.sql: numbered 2 where 3 is due"},
		{"gap", []string{"0001_a.sql", "0003_c.sql"}, "0003_c.sql: numbered 3 where 2 is due"},
		{"notFromOne", []string{"0002_b.sql"}, "numbered 2 where 1 is due"},
		{"noNumber", []string{"0001_a.sql", "b.sql"}, "b.sql: the name must start with its number"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := numberedInTurn(c.files)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("got %v, want an error saying %q", err, c.want)
			}
		})
	}
}
