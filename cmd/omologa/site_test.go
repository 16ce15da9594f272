package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"omologa/internal/publishing/site"
	"omologa/internal/publishing/statistics"
)

// TestSiteAndStats: a list run writes the public site; `site build`
// then rewrites nothing; `stats` prints the year's tables, as JSON and
// as CSV for Excel; bad usage exits 2.
func TestSiteAndStats(t *testing.T) {
	dir := t.TempDir()
	cfg := chainConfig(t, dir)
	nov, err := os.ReadFile(filepath.Join(repoRoot(), "samples", "drop", "rapid_vercelli_2026.trf"))
	if err != nil {
		t.Skip("samples missing:", err)
	}
	recordSubmission(t, cfg, "rapid_vercelli_2026.trf", nov, cet(2026, 11, 23, 10))
	code, run, errs := listRun(t, "--config", cfg, "--kind", "rapid", "--period", "2026-12")
	if code != exitOK {
		t.Fatalf("list run: exit %d\n%s", code, errs)
	}
	siteDir := filepath.Join(dir, "publish", "site")
	if run.Site != siteDir {
		t.Fatalf("the list run wrote the site into %q, want %q (warnings %v)", run.Site, siteDir, run.Warnings)
	}
	code, out, errs := runCmd(t, "site", "build", "--config", cfg, "--json")
	if code != exitOK {
		t.Fatalf("site build: exit %d\n%s", code, errs)
	}
	var r site.Result
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Written) != 0 || r.Kept != r.Files || r.Tourns != 1 || r.Players == 0 {
		t.Errorf("site build after the list run: %+v", r)
	}
	csvDir := filepath.Join(dir, "csv")
	code, out, errs = runCmd(t, "stats", "--config", cfg, "--year", "2026", "--json", "--csv", csvDir)
	if code != exitOK {
		t.Fatalf("stats: exit %d\n%s", code, errs)
	}
	var st statistics.Result
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatal(err)
	}
	if tot := st.Table("province").Total; st.Year != 2026 || tot[1] != float64(1) {
		t.Errorf("stats: year %d, provinces' total %v", st.Year, tot)
	}
	b, err := os.ReadFile(filepath.Join(csvDir, "2026-province.csv"))
	if err != nil || !strings.HasPrefix(string(b), "\uFEFFProvincia;Tornei;Partite;Giocatori\r\n") {
		t.Errorf("CSV: %v\n%q", err, b)
	}
	code, out, _ = runCmd(t, "stats", "--config", cfg, "--year", "2026")
	if code != exitOK || !strings.Contains(out, "Attività per provincia") || !strings.Contains(out, "novembre 2026") {
		t.Errorf("stats as text: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "stats", "--config", cfg, "--year", "2026", "--lang", "en", "--csv", csvDir)
	if code != exitOK || !strings.Contains(out, "Statistics 2026") || !strings.Contains(out, "Activity by province") || !strings.Contains(out, "November 2026") {
		t.Errorf("stats in English: exit %d\n%s", code, out)
	}
	if b, err := os.ReadFile(filepath.Join(csvDir, "2026-province.csv")); err != nil || !strings.HasPrefix(string(b), "\uFEFFProvince;Tournaments;Games;Players\r\n") {
		t.Errorf("CSV asked in English: %v\n%q", err, b)
	}
	for _, args := range [][]string{{"stats"}, {"stats", "--year", "26"}, {"stats", "--year", "2026", "--lang", "fr"}, {"site"}, {"site", "rebuild"}, {"site", "build", "x"}} {
		if code, _, errs := runCmd(t, append(args, "--config", cfg)...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d\n%s", args, code, exitUsage, errs)
		}
	}
}
