package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"omologa/internal/publishing/fideexport"
)

// The TRF files forwarded to FIDE carry birth dates, sex and FIDE ids:
// by default they go to the office's folder beside the store, never to
// the public one (regs §4b Publication, RAPID 5.3).
func TestFideExportDefaultFolderIsNotPublic(t *testing.T) {
	dir := t.TempDir()
	cfg := demoConfig(t, dir)
	if code, _, errs := runCmd(t, "watch", "--config", cfg, "--once"); code != exitOK {
		t.Fatalf("watch: exit %d\n%s", code, errs)
	}
	players, _ := registeredPlayers(t, dir)
	cfg = withPlayersRegister(t, cfg, players)
	code, res := fideExport(t, "--config", cfg, "--period", "2026-12")
	if res.Count(fideexport.Forwarded) == 0 {
		t.Fatalf("exit %d, %+v", code, res.Items)
	}
	for _, it := range res.Items {
		if it.State == fideexport.Forwarded && filepath.Dir(it.Path) != filepath.Join(dir, "office", "fide-2026-12") {
			t.Errorf("%s written to %s, not to the office's folder", it.Source, it.Path)
		}
	}
	// The text says dates as the office does (dd/mm/yyyy), times in
	// Europe/Rome.
	_, text, _ := runCmd(t, "fide", "export", "--config", cfg, "--period", "2026-12", "--again")
	for _, want := range []string{"FIDE list of December 2026 (cut-off 24/11/2026, FIDE-RR 7.13)", "18/11/2026", "before: list 2026-12 by "} {
		if !strings.Contains(text, want) {
			t.Errorf("the export's text lacks %q:\n%s", want, text)
		}
	}
	if _, st, _ := runCmd(t, "status", "--config", cfg); !regexp.MustCompile(`to FIDE for list 2026-12 by \S+ on \d\d/\d\d/\d{4} \d\d:\d\d\)`).MatchString(st) {
		t.Errorf("status does not say when in dd/mm/yyyy hh:mm:\n%s", st)
	}
	if strings.Contains(text, "2026-11-18") {
		t.Errorf("an ISO date in the export's text:\n%s", text)
	}
	if _, err := os.Stat(filepath.Join(dir, "publish")); err == nil {
		t.Errorf("fide export wrote under the public folder %s", filepath.Join(dir, "publish"))
	}
}
