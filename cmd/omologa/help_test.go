package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestHelpGolden: what -h prints for every command, group and verb, word
// for word (the usage, each flag with its default and help) and its exit
// code, so that the table of commands and the flags they share change no
// command's help.
func TestHelpGolden(t *testing.T) {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	lines := [][]string{{"-h"}}
	for _, n := range names {
		lines = append(lines, []string{n, "-h"})
		for _, s := range commands[n].subs {
			lines = append(lines, []string{n, s.name, "-h"})
		}
	}
	lines = append(lines, []string{"tournament", "show", "-h"}, []string{"verdict", "accept", "-h"}, []string{"user", "add", "-h"})
	var b strings.Builder
	for _, args := range lines {
		code, out, errs := runCmd(t, args...)
		fmt.Fprintf(&b, "$ omologa %s\n%s%s(exit %d)\n\n", strings.Join(args, " "), out, errs, code)
	}
	path := filepath.Join("testdata", "golden", "help.txt")
	if updateGolden() {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run HelpGolden -update to write it)", err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("the help changed (go test -run HelpGolden -update rewrites %s, then read the diff):\n%s", path, got)
	}
}
