package letter

import (
	"go/ast"
	goparser "go/parser"
	gotoken "go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// notLetters are the files outside corr/letter whose Go strings hold
// Russian, and why none of it is a letter the server writes. The list may
// only shrink: a new file with Russian strings is a letter written in a
// second place (or needs its reason here), and a file that no longer has
// any must leave the list.
var notLetters = map[string]string{
	// Words the readers recognise, not write.
	"corr/hold.go":                "a player's «нет» declining a held letter",
	"corr/draughts/variant.go":    "the variants' names a tournament file may use",
	"mailbox/automatic.go":        "auto-reply markers in subjects",
	"adjudication/decision.go":    "the evaluations a player may write",
	"adjudication/reply.go":       "the judge's answers the desk reads",
	"corr/pairing.go":             "an example game code in an error for the command line",
	"storage/desk.go":             "an example game code in an error for the command line",
	"referee/find.go":             "an example game code in an error for the command line",
	"cmd/zaochnik/letter.go":      "an example game code in the command's help",
	"cmd/zaochnik/demo.go":        "the demo's own player letters",
	"cmd/zaochnik/simulate.go":    "the simulated players' letters",
	"cmd/zaochnik/pair.go":        "the pairing command's table on the terminal",
	"cmd/zaochnik/analyse.go":     "the analysis command's output on the terminal",
	"cmd/zaochnik/ledger.go":      "the ledger command's output on the terminal",
	"cmd/zaochnik/ledger_game.go": "the ledger command's output on the terminal",
	// Content rendered by the core and quoted inside letters.
	"corr/draughts/draw.go":           "the draw rules' descriptions (DrawClaim.Describe)",
	"corr/draughts/draw_endings.go":   "the draw rules' descriptions (DrawClaim.Describe)",
	"timecontrol/color.go":            "the ledger's side names",
	"timecontrol/note.go":             "the ledger's notes, quoted in letters",
	"timecontrol/render.go":           "the ledger's table, quoted in letters",
	"adjudication/crosstable_text.go": "the crosstable, quoted in the standings letter",
	"adjudication/tiebreak.go":        "the tie-breaks' column heads",
	"adjudication/engine/describe.go": "the engine's view, quoted in the adjudication letter",
	"adjudication/diagram/text.go":    "the text board's labels",
	"adjudication/pdn.go":             "the PDN Site tag",
	// Web pages, not letters.
	"web/access.go": "page", "web/adjudicate.go": "page", "web/appeals.go": "page", "web/board.go": "page",
	"web/claims.go": "page", "web/game.go": "page", "web/ledger.go": "page", "web/names.go": "page",
	"web/pdn.go": "page", "web/queue.go": "page", "web/render.go": "page", "web/sessions.go": "page",
	"web/tournament.go": "page",
}

// Every letter the server writes is written here: no Go string outside
// corr/letter holds Russian but for the files listed with their reason.
func TestNotices_LettersAreWrittenInOnePlace(t *testing.T) {
	var found []string
	goFiles(t, func(rel string, f *ast.File) {
		russian := false
		ast.Inspect(f, func(n ast.Node) bool {
			if l, ok := n.(*ast.BasicLit); ok && l.Kind == gotoken.STRING && strings.ContainsFunc(l.Value, isCyrillic) {
				russian = true
			}
			return !russian
		})
		if russian {
			found = append(found, rel)
		}
	})
	for _, f := range found {
		_, ok := notLetters[f]
		assert.True(t, ok, "%s writes Russian: a letter belongs in corr/letter as a typed notice", f)
	}
	for f := range notLetters {
		assert.True(t, slices.Contains(found, f), "%s has no Russian any more: take it off the list", f)
	}
}

// goFiles calls fn with every Go file of the module outside corr/letter
// but for tests and testdata, by its path from the module's root.
func goFiles(t *testing.T, fn func(rel string, f *ast.File)) {
	t.Helper()
	root := filepath.Join("..", "..")
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel != "." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) || rel == filepath.Join("corr", "letter") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := goparser.ParseFile(gotoken.NewFileSet(), path, nil, goparser.SkipObjectResolution)
		if err != nil {
			return err
		}
		n++
		fn(filepath.ToSlash(rel), f)
		return nil
	})
	require.NoError(t, err)
	require.NotZero(t, n, "the walk found the module")
}

func isCyrillic(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }
