package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The start-up budget (issue 31): what omologa's own packages allocate
// before main runs, as the runtime counts it (GODEBUG=inittrace=1), in a
// child process that runs no test. Counted in bytes, not timed: a
// catalogue, template, table or regular expression built at package
// initialisation instead of on first use shows here at once (the
// catalogue alone was 539 KB).
const (
	initBudgetBytes = 128 << 10
	initBudgetOne   = 48 << 10 // any one package
)

var initLine = regexp.MustCompile(`^init (\S+) @\S+ ms, \S+ ms clock, (\d+) bytes, (\d+) allocs`)

func TestInitBudget(t *testing.T) {
	if os.Getenv("OMOLOGA_INIT_CHILD") != "" {
		return // the child: its package initialisation is all it was for
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestInitBudget$")
	cmd.Env = append(os.Environ(), "OMOLOGA_INIT_CHILD=1", "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("child: %v\n%s", err, stderr.String())
	}
	total, seen := 0, 0
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		m := initLine.FindStringSubmatch(sc.Text())
		// Only the office's own packages: the test binary's main package
		// (this one, with its tests) and the libraries are not ours to
		// budget here.
		if m == nil || !strings.HasPrefix(m[1], "omologa/internal/") {
			continue
		}
		seen++
		n, _ := strconv.Atoi(m[2])
		total += n
		if n > initBudgetOne {
			t.Errorf("package %s allocates %d bytes at initialisation (budget %d a package): build it on first use (sync.OnceValue)", m[1], n, initBudgetOne)
		}
	}
	if seen == 0 {
		t.Fatalf("no init line from the child (GODEBUG=inittrace=1):\n%s", stderr.String())
	}
	t.Logf("omologa's packages allocate %d bytes at initialisation (budget %d)", total, initBudgetBytes)
	if total > initBudgetBytes {
		t.Errorf("omologa's packages allocate %d bytes at initialisation, budget %d", total, initBudgetBytes)
	}
}
