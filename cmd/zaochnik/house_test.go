package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// houseLevels ranks the house's packages as README's "The house in one
// picture" lists them: a package imports only packages of a lower level.
var houseLevels = map[string]int{
	"cmd/zaochnik":     10,
	"web/storeadapter": 9,
	"web":              8,
	"referee":          7,
	"mailbox":          6, "mailbox/localmail": 6, "mailbox/mailtest": 6, "storage": 6,
	"adjudication":        5,
	"adjudication/engine": 4,
	"adjudication/tables": 3, "adjudication/diagram": 3,
	"corr":       2,
	"corr/swiss": 1, "corr/letter": 1,
	"corr/draughts": 0, "timecontrol": 0,
}

// Imports point one way (README, "The house in one picture"): no package
// of the module imports one of its own level or above (nothing imports
// cmd; web neither referee nor storage; mailbox and storage neither
// referee nor each other), and every package has its place in the list.
func TestHouse_ImportsPointOneWay(t *testing.T) {
	root := filepath.Join("..", "..")
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		require.NoError(t, err)
		pkg := filepath.ToSlash(rel)
		seen[pkg] = true
		level, ok := houseLevels[pkg]
		if !assert.True(t, ok, "package %s has no place in the house (README, houseLevels)", pkg) {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		require.NoError(t, err)
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			require.NoError(t, err)
			dep, ok := strings.CutPrefix(p, "zaochnik/")
			if !ok {
				continue
			}
			assert.Less(t, houseLevels[dep], level, "%s imports %s, which is not below it", path, p)
		}
		return nil
	})
	require.NoError(t, err)
	for pkg := range houseLevels {
		assert.True(t, seen[pkg], "houseLevels names %s, which is gone", pkg)
	}
}

// storage's exported API is the house's: each exported function and method
// of storage is called from code that is not a test (a helper only tests
// need lives in storage's export_test.go). Methods are matched by name, so
// a name two of its types share counts as used when either is; the methods
// the standard library calls (String, Error, Scan, Value) are the
// library's. testOnlyStorage may only shrink.
func TestHouse_StorageHasNoTestOnlyAPI(t *testing.T) {
	root := filepath.Join("..", "..")
	declared := map[string]string{} // name: where
	used := map[string]bool{"String": true, "Error": true, "Unwrap": true, "Scan": true, "Value": true}
	for name := range testOnlyStorage {
		used[name] = true
	}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			if err == nil && path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return err
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		inStorage := filepath.ToSlash(filepath.Dir(path)) == filepath.ToSlash(filepath.Join(root, "storage"))
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if inStorage && n.Name.IsExported() && (n.Recv == nil || receiverExported(n.Recv)) {
					declared[n.Name.Name] = fset.Position(n.Pos()).String()
				}
			case *ast.SelectorExpr:
				used[n.Sel.Name] = true
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && inStorage {
					used[id.Name] = true
				}
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, declared, "the walk found storage")
	for name, where := range declared {
		assert.True(t, used[name], "storage.%s (%s) is called only by tests: move it to storage's export_test.go, or let the tests use the house's API", name, where)
	}
}

// testOnlyStorage is storage's API that only tests call yet, with why it
// stays.
var testOnlyStorage = map[string]string{
	"OutboxFiles": "cmd's judge-desk tests read the documents of a letter the replay already sent; nothing else reads a sent letter's files",
}

// receiverExported reports whether a method's receiver type is exported.
func receiverExported(recv *ast.FieldList) bool {
	typ := recv.List[0].Type
	if s, ok := typ.(*ast.StarExpr); ok {
		typ = s.X
	}
	id, ok := typ.(*ast.Ident)
	return ok && id.IsExported()
}
