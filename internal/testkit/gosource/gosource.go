// Package gosource reads the module's production Go files, for the tests
// that guard the code itself (a concept's one home, the one text
// catalogue): not tests, test data, test tools, integration tests or
// generated files.
package gosource

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// Each calls do with every production Go file below the repository root
// (relative to the calling test's folder), named by its slash path
// relative to the root, parsed with its comments.
func Each(t testing.TB, root string, do func(rel string, fset *token.FileSet, f *ast.File)) {
	t.Helper()
	root, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch {
			case rel != "." && strings.HasPrefix(d.Name(), "."), d.Name() == "testdata",
				rel == "internal/testkit", rel == "integration":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if !ast.IsGenerated(f) {
			do(rel, fset, f)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Read is the string literals of f that are words read, not written:
// the cases of a switch, the keys of a composite literal (a map's), the
// arguments of a call to regexp or to one of calls (a form's field
// named to FormValue), the imports' paths and the fields' tags. The
// guards against prose outside the text catalogue leave them alone.
func Read(f ast.Node, calls map[string]bool) map[*ast.BasicLit]bool {
	read := map[*ast.BasicLit]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CaseClause:
			for _, e := range x.List {
				if b, ok := e.(*ast.BasicLit); ok {
					read[b] = true
				}
			}
		case *ast.KeyValueExpr:
			if b, ok := x.Key.(*ast.BasicLit); ok {
				read[b] = true
			}
		case *ast.CallExpr:
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "regexp" || calls[sel.Sel.Name] {
					for _, a := range x.Args {
						if b, ok := a.(*ast.BasicLit); ok {
							read[b] = true
						}
					}
				}
			}
		case *ast.ImportSpec:
			read[x.Path] = true
		case *ast.Field:
			if x.Tag != nil {
				read[x.Tag] = true
			}
		}
		return true
	})
	return read
}

// WordIn is the first word of s (lower-cased, split at anything not a
// letter) in words, "" when it holds none: a guard's heuristic for
// prose of a language ("il", "non", "torneo" are Italian).
func WordIn(s string, words map[string]bool) string {
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if words[w] {
			return w
		}
	}
	return ""
}
