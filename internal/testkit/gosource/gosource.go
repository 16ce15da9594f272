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
