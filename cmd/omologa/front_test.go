package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"omologa/internal/testkit/testenv"
)

// The lite front (front_lite.go, issue 31 item 1): what it links, and
// that it runs the light commands itself and hands the others to
// omologa-full beside it.

// heavyDeps are the libraries the front must not link: the store, the
// metrics, the mail, the web, the charts and tables.
var heavyDeps = regexp.MustCompile(`^(modernc\.org/sqlite|github\.com/prometheus/|github\.com/emersion/go-imap|github\.com/emersion/go-smtp|net/http$|github\.com/go-gota/|github\.com/wcharczuk/go-chart|golang\.org/x/net/html)`)

func goTool(t *testing.T) string {
	t.Helper()
	g, err := exec.LookPath("go")
	if err != nil {
		testenv.Missing(t, "the go tool is not on PATH: %v", err)
	}
	return g
}

func TestLiteFrontDeps(t *testing.T) {
	out, err := exec.Command(goTool(t), "list", "-tags", "lite", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -tags lite -deps: %v", err)
	}
	var bad []string
	for _, p := range strings.Fields(string(out)) {
		if heavyDeps.MatchString(p) {
			bad = append(bad, p)
		}
	}
	if len(bad) > 0 {
		t.Errorf("the lite front links %s: a light command (check, gen, parse, rate, list close, fide preview) reaches a package of the store, web or mail", strings.Join(bad, ", "))
	}
}

// runBin runs bin with args and returns its stdout, stderr and exit code.
func runBin(t *testing.T, bin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = filepath.Join("..", "..")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("%s %v: %v", bin, args, err)
	}
	return stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()
}

func TestLiteFrontHandsOver(t *testing.T) {
	g := goTool(t)
	dir := t.TempDir()
	front, full := filepath.Join(dir, "omologa"), filepath.Join(dir, "omologa-full")
	for _, b := range [][]string{{"build", "-o", full, "."}, {"build", "-tags", "lite", "-o", front, "."}} {
		if out, err := exec.Command(g, b...).CombinedOutput(); err != nil {
			t.Fatalf("go %v: %v\n%s", b, err, out)
		}
	}
	same := func(args ...string) (string, string, int) {
		t.Helper()
		o1, e1, c1 := runBin(t, front, args...)
		o2, e2, c2 := runBin(t, full, args...)
		if o1 != o2 || e1 != e2 || c1 != c2 {
			t.Errorf("omologa %v: the front gives exit %d\n%s%s\nthe full program exit %d\n%s%s", args, c1, o1, e1, c2, o2, e2)
		}
		return o1, e1, c1
	}
	if _, help, code := same("-h"); code != 0 || !strings.Contains(help, "  status ") {
		t.Errorf("omologa -h: exit %d, without the status command:\n%s", code, help)
	}
	// A light command, in process: the same verdict from both.
	out, _, code := same("check", "--rules", "rules.yaml", "--json", "--received", "2026-11-23T10:00:00Z", "samples/drop/open_novara_2026.trf")
	if code != 0 || !strings.Contains(out, "\"verdict\"") {
		t.Errorf("check of the sample: exit %d\n%s", code, out)
	}
	// A heavy command, handed over: the usage only the full program has.
	if _, usage, code := same("status", "--help"); code != 0 || !strings.Contains(usage, "usage: omologa status") {
		t.Errorf("status --help through the front: exit %d\n%s", code, usage)
	}
	// Without the full program beside it, the front says where it looked.
	if err := os.Remove(full); err != nil {
		t.Fatal(err)
	}
	_, msg, code := runBin(t, front, "status")
	if code != exitUsage || !strings.Contains(msg, full) {
		t.Errorf("status without %s: exit %d, want 2 naming the path:\n%s", full, code, msg)
	}
	// The light commands run in the front itself.
	for _, args := range [][]string{{"-h"}, {"list", "close", "-h"}, {"fide", "preview", "-h"}, {"rate", "-h"}, {"gen", "-h"}, {"parse", "-h"}} {
		if _, msg, code := runBin(t, front, args...); code != 0 {
			t.Errorf("omologa %v without %s: exit %d\n%s", args, full, code, msg)
		}
	}
}
