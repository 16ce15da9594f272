package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestTakeProfileFlags(t *testing.T) {
	for _, tc := range []struct {
		args, rest []string
		want       profiles
		bad        bool
	}{
		{args: []string{"--json", "f.trf"}, rest: []string{"--json", "f.trf"}},
		{args: []string{"--cpuprofile", "c", "f.trf"}, rest: []string{"f.trf"}, want: profiles{cpu: "c"}},
		{args: []string{"-memprofile=m", "--json"}, rest: []string{"--json"}, want: profiles{mem: "m"}},
		{args: []string{"--cpuprofile=c", "--memprofile", "m"}, rest: []string{}, want: profiles{cpu: "c", mem: "m"}},
		// After "--" everything is an argument.
		{args: []string{"--", "--cpuprofile", "c"}, rest: []string{"--", "--cpuprofile", "c"}},
		{args: []string{"--cpuprofile"}, bad: true},
		{args: []string{"--memprofile="}, bad: true},
	} {
		rest, p, err := takeProfileFlags(tc.args)
		if tc.bad {
			if err == nil {
				t.Errorf("%q: no error", tc.args)
			}
			continue
		}
		if err != nil || p != tc.want || !slices.Equal(rest, tc.rest) {
			t.Errorf("%q: %q %+v %v, want %q %+v", tc.args, rest, p, err, tc.rest, tc.want)
		}
	}
}

// A command run with both flags writes both profiles.
func TestProfilesWritten(t *testing.T) {
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "mem.prof")
	file := filepath.Join(corpusDir(t), "OttoMilvang__TieBreakServer__tests_fixtures_held_swiss_9.trf")
	args := []string{"check", "--cpuprofile", cpu, "--memprofile=" + mem, "--rules", "../../rules.yaml", "--received", "2024-09-01T10:00:00Z", file}
	if code := runMain(context.Background(), args, io.Discard, io.Discard); code > exitRejected {
		t.Fatalf("exit %d", code)
	}
	for _, p := range []string{cpu, mem} {
		if fi, err := os.Stat(p); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", p, err)
		}
	}
}
