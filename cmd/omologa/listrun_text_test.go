package main

import (
	"strings"
	"testing"
)

// A preview says so in words, with the period by month and its days as
// dd/mm/yyyy, and an empty change table says "none" instead of a header
// over nothing.
func TestListRunPreviewText(t *testing.T) {
	dir := t.TempDir()
	cfg := demoConfig(t, dir)
	if code, _, errs := runCmd(t, "watch", "--config", cfg, "--once"); code != exitOK {
		t.Fatalf("watch: exit %d\n%s", code, errs)
	}
	code, out, errs := runCmd(t, "list", "run", "--config", cfg, "--kind", "rapid", "--period", "2027-01", "--as-of", "2026-12-31", "--preview")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	for _, want := range []string{"rapid list of January 2027: tournaments received 26/11/2026 to 25/12/2026; preview: nothing stored or published", "changes: none"} {
		if !strings.Contains(out, want) {
			t.Errorf("the preview lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "nowhere") || strings.Contains(out, "fsi_id") {
		t.Errorf("preview text:\n%s", out)
	}
}
