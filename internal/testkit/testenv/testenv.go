// Package testenv decides what a test does when a tool or a folder it
// needs is missing: locally it skips with a message saying how to get
// it; in CI (CI=true, as .ci/run is called) it fails, because .ci/run
// installs every tool and the clean clone has ../shared beside it, so a
// skip there would hide a broken set-up.
package testenv

import (
	"fmt"
	"os"
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
