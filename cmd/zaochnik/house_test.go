package main

import (
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
