package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A rejected tournament is never forwarded to FIDE: its report has no
// FIDE rating preview, while an accepted FIDE-rated one keeps it.
func TestReportFidePreviewOnlyWhenNotRejected(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r")
	args := append([]string{"report", "--rules", filepath.Join(repoRoot(), "rules.yaml"), "--lang", "it",
		"--received", samplesReceived.Format(time.RFC3339), "--out", out}, sampleRegisterArgs()...)
	for name, want := range map[string]bool{"open_ognissanti_rimini.trf": false, "open_novara_2026.trf": true} {
		if code, _, errs := runCmd(t, append(args, filepath.Join(repoRoot(), "samples", "drop", name))...); code != exitOK {
			t.Fatalf("%s: exit %d\n%s", name, code, errs)
		}
		page, err := os.ReadFile(filepath.Join(out, strings.TrimSuffix(name, ".trf")+".html"))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(page), "Anteprima del rating FIDE"); got != want {
			t.Errorf("%s: FIDE preview shown %v, want %v", name, got, want)
		}
	}
}
