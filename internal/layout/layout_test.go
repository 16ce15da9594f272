package layout

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "omologa/"

// imports reads the production (non-test) imports of every package of
// the module, by folder: folder → imported folders of the module.
func imports(t *testing.T) map[string]map[string]bool {
	t.Helper()
	root := filepath.Join("..", "..")
	out := map[string]map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		dir := filepath.ToSlash(rel)
		if out[dir] == nil {
			out[dir] = map[string]bool{}
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if q, ok := strings.CutPrefix(p, module); ok {
				out[dir][q] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 20 {
		t.Fatalf("only %d packages found: is the module root where the test thinks?", len(out))
	}
	return out
}

func under(pkg string, folders []string) (string, bool) {
	best := ""
	for _, f := range folders {
		if (pkg == f || strings.HasPrefix(pkg, f+"/")) && len(f) > len(best) {
			best = f
		}
	}
	return best, best != ""
}

// floorOf returns the floor index and folder of pkg, by the longest
// folder that holds it; -1 when it is on no floor.
func floorOf(pkg string) (int, string) {
	floor, folder := -1, ""
	for i, fl := range Floors {
		if f, ok := under(pkg, fl.Folders); ok && len(f) > len(folder) {
			floor, folder = i, f
		}
	}
	return floor, folder
}

// TestEveryPackageHasAPlace: a new folder is given its floor here, in
// Floors, and in docs/layout.md.
func TestEveryPackageHasAPlace(t *testing.T) {
	for pkg := range imports(t) {
		if i, _ := floorOf(pkg); i >= 0 {
			continue
		}
		if _, ok := under(pkg, Tests); ok {
			continue
		}
		if _, ok := under(pkg, Apart); ok {
			continue
		}
		t.Errorf("%s is on no floor: add it to layout.Floors (and to docs/layout.md)", pkg)
	}
}

// TestNoArrowUp: no package imports a floor above its own; production
// code imports no test tool (but the binary's omologa gen).
func TestNoArrowUp(t *testing.T) {
	for pkg, ims := range imports(t) {
		from, _ := floorOf(pkg)
		for im := range ims {
			if _, ok := under(im, Tests); ok {
				if _, test := under(pkg, Tests); !test && !strings.HasPrefix(pkg, "cmd/") {
					t.Errorf("%s imports the test tool %s", pkg, im)
				}
				continue
			}
			to, _ := floorOf(im)
			if from < 0 || to < 0 {
				continue
			}
			if to > from {
				t.Errorf("%s (floor %s) imports %s (floor %s): an arrow up", pkg, Floors[from].Name, im, Floors[to].Name)
			}
		}
	}
}

// TestNoCycleOnAFloor: the folders of one floor (fsi and tournament)
// do not import each other in a circle. (Packages cannot: the compiler
// says so.)
func TestNoCycleOnAFloor(t *testing.T) {
	edges := map[string]map[string]bool{}
	for pkg, ims := range imports(t) {
		from, ff := floorOf(pkg)
		for im := range ims {
			to, tf := floorOf(im)
			if from >= 0 && from == to && ff != tf {
				if edges[ff] == nil {
					edges[ff] = map[string]bool{}
				}
				edges[ff][tf] = true
			}
		}
	}
	// Depth-first search for a back edge.
	const (
		white = iota
		grey
		black
	)
	colour := map[string]int{}
	var path []string
	var visit func(n string)
	visit = func(n string) {
		colour[n] = grey
		path = append(path, n)
		next := make([]string, 0, len(edges[n]))
		for m := range edges[n] {
			next = append(next, m)
		}
		sort.Strings(next)
		for _, m := range next {
			switch colour[m] {
			case grey:
				i := slices.Index(path, m)
				t.Errorf("folders import each other in a circle: %s → %s", strings.Join(path[i:], " → "), m)
			case white:
				visit(m)
			}
		}
		path = path[:len(path)-1]
		colour[n] = black
	}
	for n := range edges {
		if colour[n] == white {
			visit(n)
		}
	}
}

// TestWebThroughTheOffice: the web application reads and acts through
// the office only (issue 19).
func TestWebThroughTheOffice(t *testing.T) {
	for pkg, ims := range imports(t) {
		if _, ok := under(pkg, Web); !ok {
			continue
		}
		for im := range ims {
			if _, bad := under(im, WebMustNot); bad {
				t.Errorf("%s imports %s: the web goes through the office (office.Queries, the office's acts)", pkg, im)
			}
		}
	}
}

// TestTheRootIsTheModule guards the walk: the test runs from its folder.
func TestTheRootIsTheModule(t *testing.T) {
	if _, err := os.Stat(filepath.Join("..", "..", "go.mod")); err != nil {
		t.Fatal(err)
	}
}

// maxCommandLines is the most a file of the binary holds: it parses
// flags, calls one function and prints (issue 19).
const maxCommandLines = 200

// TestCommandsAreThin: no file of cmd/omologa over maxCommandLines.
func TestCommandsAreThin(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "cmd", "omologa", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(data), "\n"); n > maxCommandLines {
			t.Errorf("cmd/omologa/%s has %d lines, more than %d: what is not flags and printing belongs to a package below", name, n, maxCommandLines)
		}
	}
}

// TestEveryFuzzTargetIsRun: `make fuzz` runs every fuzz test of the
// module (the Makefile's FUZZ_TARGETS, ./folder:FuzzName), so that one
// added to a package is not left out of the list written by hand.
func TestEveryFuzzTargetIsRun(t *testing.T) {
	root := filepath.Join("..", "..")
	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, f := range strings.Fields(string(mk)) {
		if strings.Contains(f, ":Fuzz") {
			listed[f] = true
		}
	}
	fuzz := regexp.MustCompile(`(?m)^func (Fuzz\w*)\(`)
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (n == "testdata" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		for _, m := range fuzz.FindAllStringSubmatch(string(data), -1) {
			if target := "./" + filepath.ToSlash(rel) + ":" + m[1]; !listed[target] {
				t.Errorf("%s is not in the Makefile's FUZZ_TARGETS: make fuzz leaves it out", target)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
