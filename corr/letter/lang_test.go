package letter

import (
	"go/ast"
	gotoken "go/token"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"

	"zaochnik/timecontrol"
)

func TestLang_OfAPersonsCode(t *testing.T) {
	for _, tt := range []struct {
		code   string
		of     Lang // LangOf: a person's language, Russian by default
		parsed bool // ParseLang: a language the user wrote
		ledger timecontrol.Lang
	}{
		{"en", English, true, timecontrol.English},
		{"ru", Russian, true, timecontrol.Russian},
		{"", Russian, false, timecontrol.Russian},
		{"EN", Russian, false, timecontrol.Russian},
		{"de", Russian, false, timecontrol.Russian},
	} {
		t.Run(tt.code, func(t *testing.T) {
			assert.Equal(t, tt.of, LangOf(tt.code))
			assert.Equal(t, tt.ledger, LangOf(tt.code).Ledger())
			got, ok := ParseLang(tt.code)
			assert.Equal(t, tt.parsed, ok)
			if ok {
				assert.Equal(t, tt.of, got)
			} else {
				assert.Equal(t, Russian, got, "a language not understood reads as the default")
			}
		})
	}
}

// The ru/en choice is made here alone (LangOf, ParseLang): no Go file
// outside corr/letter compares a string with "ru" or "en".
func TestLang_ChosenInOnePlace(t *testing.T) {
	var found []string
	goFiles(t, func(rel string, f *ast.File) {
		isCode := func(e ast.Expr) bool {
			l, ok := e.(*ast.BasicLit)
			if !ok || l.Kind != gotoken.STRING {
				return false
			}
			s, _ := strconv.Unquote(l.Value)
			return s == "ru" || s == "en"
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				if (n.Op == gotoken.EQL || n.Op == gotoken.NEQ) && (isCode(n.X) || isCode(n.Y)) {
					found = append(found, rel)
				}
			case *ast.CaseClause:
				for _, e := range n.List {
					if isCode(e) {
						found = append(found, rel)
					}
				}
			}
			return true
		})
	})
	assert.Empty(t, found, "these files choose a language themselves: use letter.LangOf or letter.ParseLang")
}
