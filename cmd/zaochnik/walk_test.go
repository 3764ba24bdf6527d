package main

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stay is one function of the house entered on a walk: its package (the
// module's path without "zaochnik/") and file; state is set on corr's
// functions that take its State, as receiver or parameter.
type stay struct {
	pkg, file, name string
	state           bool
}

// walk follows adjudication's calls from one function in the order the code
// is written: every call of a function of the house is a stay, after the
// calls that make its arguments; a function of adjudication is walked
// into, each time it is called (a function already on the way is not
// entered again), a closure named by := or var where it is called, a
// function literal where it is passed (slices.DeleteFunc(s, func…)) or
// called in place; the other packages' functions are stays only.
type walk struct {
	info   *types.Info
	fset   *token.FileSet
	decls  map[*types.Func]*ast.FuncDecl
	lits   map[types.Object]*ast.FuncLit
	on     map[*types.Func]bool
	litsOn map[*ast.FuncLit]bool
	stays  []stay
}

// from walks fn's body.
func (w *walk) from(fn *types.Func) {
	d := w.decls[fn]
	w.on[fn] = true
	w.stays = append(w.stays, stay{"adjudication", filepath.Base(w.fset.Position(d.Pos()).Filename), fn.Name(), false})
	w.node(d.Body)
	delete(w.on, fn)
}

// node walks the calls under n in the order they run.
func (w *walk) node(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // walked where it is called or passed
		case *ast.AssignStmt:
			for i, r := range n.Rhs {
				if lit, ok := r.(*ast.FuncLit); ok && i < len(n.Lhs) {
					if id, ok := n.Lhs[i].(*ast.Ident); ok {
						w.lits[w.info.ObjectOf(id)] = lit
					}
				}
			}
		case *ast.ValueSpec: // var f = func…
			for i, v := range n.Values {
				if lit, ok := v.(*ast.FuncLit); ok && i < len(n.Names) {
					w.lits[w.info.ObjectOf(n.Names[i])] = lit
				}
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
				w.node(sel.X)
			}
			for _, a := range n.Args {
				if lit, ok := a.(*ast.FuncLit); ok {
					w.lit(lit) // the callee calls it: walked where it is passed
					continue
				}
				w.node(a)
			}
			w.call(n)
			return false
		}
		return true
	})
}

// lit walks a function literal's body, unless it is already on the way (a
// closure that calls itself).
func (w *walk) lit(l *ast.FuncLit) {
	if w.litsOn[l] {
		return
	}
	w.litsOn[l] = true
	w.node(l.Body)
	delete(w.litsOn, l)
}

// called is the name a call's function is known by: f, pkg.f, x.m, and
// their instances f[T], pkg.f[T], f[K, V], pkg.f[K, V]; nil for others.
func called(fun ast.Expr) *ast.Ident {
	switch f := fun.(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.IndexExpr:
		return called(f.X)
	case *ast.IndexListExpr:
		return called(f.X)
	case *ast.ParenExpr:
		return called(f.X)
	}
	return nil
}

// call enters the function call c calls.
func (w *walk) call(c *ast.CallExpr) {
	if l, ok := ast.Unparen(c.Fun).(*ast.FuncLit); ok { // func(){…}()
		w.lit(l)
		return
	}
	id := called(c.Fun)
	if id == nil {
		return
	}
	obj := w.info.Uses[id]
	if lit, ok := w.lits[obj]; ok {
		w.lit(lit)
		return
	}
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() == nil {
		return
	}
	fn = fn.Origin()
	pkg, ok := strings.CutPrefix(fn.Pkg().Path(), "zaochnik/")
	if fn.Pkg().Path() == "zaochnik/adjudication" {
		if _, ok := w.decls[fn]; ok && !w.on[fn] {
			w.from(fn)
			return
		}
		pkg = "adjudication"
	} else if !ok {
		return // the standard library's, a module's
	}
	file := ""
	if pos := w.fset.Position(fn.Pos()); pos.IsValid() {
		file = filepath.Base(pos.Filename)
	}
	w.stays = append(w.stays, stay{pkg, file, fn.Name(), pkg == "corr" && takesState(fn.Signature())})
}

// takesState reports whether a function of corr takes its State, by value
// or pointer, as receiver or parameter.
func takesState(sig *types.Signature) bool {
	vars := []*types.Var{sig.Recv()}
	for i := range sig.Params().Len() {
		vars = append(vars, sig.Params().At(i))
	}
	for _, v := range vars {
		if v == nil {
			continue
		}
		t := v.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg().Path() == "zaochnik/corr" && n.Obj().Name() == "State" {
			return true
		}
	}
	return false
}

// wayCount is what a walk counts: its stays, the files they are in, the
// returns (a stay in a file the walk had left), the climbs (a stay in a
// package above the one before it, houseLevels), and its passages through
// corr: the runs of corr's functions when the other packages' stays
// but adjudication's are left out, each with the functions it calls. A
// run starts where corr's State is read or asked to change (a function
// taking it); a helper of corr's on a plain value the route already
// holds (Game.SideOf, Tournament.Player, Claim.Ruling) reads no more of
// corr than a field would, and outside a run it is left out like the
// other packages' stays.
type wayCount struct {
	stays, files, returns, climbs int
	passes                        [][]string
}

// count counts stays.
func count(stays []stay) wayCount {
	var c wayCount
	files := map[string]bool{}
	last, lastPkg := "", ""
	for i, s := range stays {
		c.stays++
		key := s.pkg + "/" + s.file
		if key != last && files[key] {
			c.returns++
		}
		files[key], last = true, key
		if i > 0 && houseLevels[s.pkg] > houseLevels[stays[i-1].pkg] {
			c.climbs++
		}
		switch {
		case s.pkg == "corr" && lastPkg == "corr":
			c.passes[len(c.passes)-1] = append(c.passes[len(c.passes)-1], s.name)
		case s.pkg == "corr" && s.state:
			c.passes = append(c.passes, []string{s.name})
		case s.pkg != "adjudication":
			continue
		}
		lastPkg = s.pkg
	}
	c.files = len(files)
	return c
}

// A pass through corr starts where its State is read or asked to change;
// corr's helpers on plain values join a pass under way and are no pass of
// their own.
func TestCount_APassStartsAtCorrsState(t *testing.T) {
	adj := stay{"adjudication", "desk.go", "route", false}
	game := stay{"corr", "state.go", "Game", true}
	rule := stay{"corr", "claim.go", "Rule", true}
	sideOf := stay{"corr", "game.go", "SideOf", false}
	render := stay{"corr/letter", "notice.go", "Render", false}
	for _, c := range []struct {
		name   string
		stays  []stay
		passes [][]string
	}{
		{"the state read once", []stay{adj, game, adj}, [][]string{{"Game"}}},
		{"a helper in the pass", []stay{adj, game, sideOf, adj}, [][]string{{"Game", "SideOf"}}},
		{"a helper after the pass", []stay{adj, game, adj, sideOf, adj}, [][]string{{"Game"}}},
		{"a helper alone", []stay{adj, sideOf, adj, sideOf}, nil},
		{"another package between", []stay{adj, game, render, rule}, [][]string{{"Game", "Rule"}}},
		{"adjudication between", []stay{adj, game, adj, sideOf, rule}, [][]string{{"Game"}, {"Rule"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.passes, count(c.stays).passes)
		})
	}
}

// deskRoutes are the desk's routes from Decide (the judge's answer, the
// organiser's, an evaluation, the referee's change followed) and Decide
// itself, each branch in turn, with the times each may pass corr: a route
// reads what it needs of corr's state once, as a plain value (scene),
// before it decides and writes. A change asked of corr is a pass of its
// own, and so is the reading of the state it leaves: the judge's ruling
// on a claim (corr.Rule, then Follow reads) and his adjudication settled
// in the referee's game last (Settle), the walk taking both branches; the
// organiser's decision (the game read, corr.DecideAppeal and the game it
// leaves, then Follow). Decide adds the facts it routes by (the sender's
// games awaiting an evaluation, the letter read), the referee's change
// (corr.Apply) and a held letter's request. Only corr's functions that
// take its State start a pass (count): a helper on a value already read
// (the tournament's Player or RoleOf, a game's SideOf, a claim's Ruling,
// Trusted) is no pass of its own. The counts are exact, so a walker that
// misses calls fails as surely as a route that reads corr again: when a
// route's passes change on purpose, run the test with -v, check the
// passes it prints against the route and write the new count here (and
// the figures in docs/developers.md, "The letter's way, counted").
var deskRoutes = []struct {
	recv, name string
	corr       int
}{
	{"Desk", "JudgeAnswer", 4},
	{"Desk", "OrganiserAnswer", 4},
	{"Desk", "Submit", 1},
	{"Desk", "Follow", 1},
	{"", "Decide", 14},
}

// The desk's routes read corr's state once, as a plain value, and then
// decide and write their letters from it (issue 13; docs/developers.md,
// "The letter's way, counted"): walked call by call in the order the code
// is written, each route passes corr exactly deskRoutes' times. -v prints
// each route's way and its counts.
func TestHouse_TheDesksRoutesPassCorrAsCounted(t *testing.T) {
	info, fset, files := checkAdjudication(t)
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls[info.Defs[fd.Name].(*types.Func)] = fd
			}
		}
	}
	for _, r := range deskRoutes {
		var fn *types.Func
		for f := range decls {
			recv := ""
			if sig := f.Signature(); sig.Recv() != nil {
				recv = strings.TrimPrefix(types.TypeString(sig.Recv().Type(), func(*types.Package) string { return "" }), "*")
			}
			if f.Name() == r.name && recv == r.recv {
				fn = f
			}
		}
		require.NotNil(t, fn, "adjudication has no %s.%s", r.recv, r.name)
		w := walk{info: info, fset: fset, decls: decls, lits: map[types.Object]*ast.FuncLit{}, on: map[*types.Func]bool{}, litsOn: map[*ast.FuncLit]bool{}}
		w.from(fn)
		c := count(w.stays)
		var passes []string
		for _, p := range c.passes {
			passes = append(passes, "("+strings.Join(p, " ")+")")
		}
		t.Logf("%s.%s: %d stays in %d files, %d returns, %d climbs; corr passed %d times: %s",
			r.recv, r.name, c.stays, c.files, c.returns, c.climbs, len(c.passes), strings.Join(passes, " "))
		if testing.Verbose() {
			var b strings.Builder
			for _, s := range w.stays {
				fmt.Fprintf(&b, "  %s %s %s\n", s.pkg, s.file, s.name)
			}
			t.Log("\n" + b.String())
		}
		assert.Equal(t, r.corr, len(c.passes), "%s.%s passes corr %d times: more, read what the route needs of corr's state first, as a value; fewer, the walker misses calls or the route changed (deskRoutes says how to update)", r.recv, r.name, len(c.passes))
	}
}

// checkAdjudication type-checks adjudication's code (its tests left out)
// against the export data the go command built for its imports.
func checkAdjudication(t *testing.T) (*types.Info, *token.FileSet, []*ast.File) {
	t.Helper()
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}} {{.Export}}", "zaochnik/adjudication").Output()
	require.NoError(t, err)
	export := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), " "); ok {
			export[path] = file
		}
	}
	fset := token.NewFileSet()
	dir := filepath.Join("..", "..", "adjudication")
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		files = append(files, f)
	}
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		return os.Open(export[path])
	})
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	_, err = (&types.Config{Importer: imp}).Check("zaochnik/adjudication", fset, files, info)
	require.NoError(t, err)
	return info, fset, files
}
