package main

import (
	"context"
	"io"
	"path/filepath"
	"testing"
)

// BenchmarkCheckCommand is one whole `omologa check FILE` as the process
// runs it after start-up: flags, rules.yaml read and checked, the file
// judged and printed. The process's own start-up (package init) is not in
// it: measure that from outside (docs/reference.md, Measurements).
func BenchmarkCheckCommand(b *testing.B) {
	dir := corpusDir(b)
	file := filepath.Join(dir, "OttoMilvang__TieBreakServer__tests_fixtures_held_swiss_9.trf")
	args := []string{"check", "--rules", "../../rules.yaml", "--received", "2024-09-01T10:00:00Z", file}
	for b.Loop() {
		if code := runMain(context.Background(), args, io.Discard, io.Discard); code > exitRejected {
			b.Fatalf("exit %d", code)
		}
	}
}
