// Package testenv is what tests read of their environment. It decides
// what a test does when a tool or a folder it needs is missing: locally
// it skips with a message saying how to get it; in CI (CI=true, as
// .ci/run is called) it fails, because .ci/run installs every tool and
// the clean clone has ../shared beside it, so a skip there would hide a
// broken set-up. And it reads the sizes benchmarks are run at (Int).
package testenv

import (
	"fmt"
	"os"
	"strconv"
	"testing"
)

// InCI reports whether the tests run in CI.
func InCI() bool { return os.Getenv("CI") == "true" }

// Missing skips t (or fails it in CI) because something it needs is
// absent; the message says what and how to get it.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if InCI() {
		t.Fatalf("%s (CI must have it: see .ci/run)", msg)
	}
	t.Skip(msg)
}

// Int is the environment variable name as a positive number, def when
// it is unset or not one: the size a benchmark runs at (the make
// targets set it large, `make test` leaves it small).
func Int(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}
