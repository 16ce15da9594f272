package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/office"
	"omologa/internal/testkit/pipelinetest"
)

// chainConfig writes a configuration on dir with the samples' registers
// and a calendar that also authorises a December edition of the Vercelli
// rapid.
func chainConfig(t *testing.T, dir string) string {
	t.Helper()
	reg, err := filepath.Abs(filepath.Join(repoRoot(), "samples", "registers"))
	if err != nil {
		t.Fatal(err)
	}
	cal, err := os.ReadFile(filepath.Join(reg, "calendar.csv"))
	if err != nil {
		t.Skip("samples missing:", err)
	}
	cal = append(bytes.TrimRight(cal, "\n"), []byte("\n2026-VC-0999,Rapid di Sant'Eusebio,Vercelli,2026-12-20,2026-12-20,rapid,"+
		"Scacchi Vercelli A.S.D.,info@scacchivercelli.example,208311\n")...)
	calPath := filepath.Join(dir, "calendar.csv")
	if err := os.WriteFile(calPath, cal, 0o644); err != nil {
		t.Fatal(err)
	}
	return pipelinetest.Config(t, dir, "100ms", "registers:",
		"  players: "+filepath.Join(reg, "players.csv"),
		"  arbiters: "+filepath.Join(reg, "arbiters.csv"),
		"  calendar: "+calPath)
}

func listRun(t *testing.T, args ...string) (int, office.ListRunResult, string) {
	t.Helper()
	code, out, errs := runCmd(t, append([]string{"list", "run", "--json", "--as-of", testAsOf}, args...)...)
	var o office.ListRunResult
	if code == exitOK {
		if err := json.Unmarshal([]byte(out), &o); err != nil {
			t.Fatalf("list run --json: %v\n%s", err, out)
		}
	}
	return code, o, errs
}

// testAsOf is the day the tests' lists are closed on: after the cut-offs
// of every period they close, whatever day they run.
const testAsOf = "2030-06-01"

func cet(y int, m time.Month, d, h int) time.Time {
	return time.Date(y, m, d, h, 0, 0, 0, time.FixedZone("CET", 3600))
}

// TestListRunChain closes two rapid periods from a real store: the
// first from the players' register, the second from the first's list.
func TestListRunChain(t *testing.T) {
	dir := t.TempDir()
	cfg := chainConfig(t, dir)
	drop := filepath.Join(repoRoot(), "samples", "drop")
	nov, err := os.ReadFile(filepath.Join(drop, "rapid_vercelli_2026.trf"))
	if err != nil {
		t.Skip("samples missing:", err)
	}
	rimini, _ := os.ReadFile(filepath.Join(drop, "open_ognissanti_rimini.trf"))
	lucca, _ := os.ReadFile(filepath.Join(drop, "rapid_lucca_2026.trfx"))
	// The same rapid four weeks later: a new tournament (another start
	// date), authorised by the test's calendar.
	dec := bytes.ReplaceAll(bytes.ReplaceAll(nov, []byte("22/11/2026"), []byte("20/12/2026")), []byte("26/11/22"), []byte("26/12/20"))

	recordSubmission(t, cfg, "rapid_vercelli_2026.trf", nov, cet(2026, 11, 23, 10))
	recordSubmission(t, cfg, "open_ognissanti_rimini.trf", rimini, cet(2026, 11, 23, 11)) // rejected: not rated
	recordSubmission(t, cfg, "rapid_lucca_2026.trfx", lucca, cet(2026, 11, 23, 12))       // rejected: not rated

	// Period 1: the rapid list of December 2026, receipts 26/10–25/11.
	code, p1, errs := listRun(t, "--config", cfg, "--kind", "rapid", "--period", "2026-12")
	if code != exitOK {
		t.Fatalf("period 1: exit %d\n%s", code, errs)
	}
	if !strings.HasPrefix(p1.BasedOn, "register ") || len(p1.Report.Tournaments) != 1 ||
		p1.Report.Tournaments[0].Name != "Rapid di Sant'Eusebio" || len(p1.Warnings) != 0 {
		t.Fatalf("period 1: based on %q, tournaments %+v, warnings %v", p1.BasedOn, p1.Report.Tournaments, p1.Warnings)
	}
	// The list in force is the register the pipeline rated with: the
	// provisional variations are the final ones.
	if x := p1.Crosscheck; x.Compared != 14 || x.Agree != 14 || len(x.Differ) != 0 || len(x.Unrecorded) != 0 {
		t.Errorf("period 1 cross-check: %+v", x)
	}
	wantDir := filepath.Join(dir, "publish", "rapid-2026-12")
	if p1.Out != wantDir || p1.ListID == 0 || p1.Players == 0 {
		t.Errorf("period 1: out %s (want %s), list %d, %d players", p1.Out, wantDir, p1.ListID, p1.Players)
	}
	for _, f := range []string{"list.csv", "lista.csv", "list.json", "list.html", "style.css", "search.js", "distribution.png", "changes.html"} {
		if _, err := os.Stat(filepath.Join(wantDir, f)); err != nil {
			t.Errorf("not published: %v", err)
		}
	}
	// The office's exports are kept out of the public folder (RAPID 5.3).
	officeDir := filepath.Join(dir, "office", "rapid-2026-12")
	for _, f := range []string{"register.csv", "changes.json", "changes.html"} {
		if _, err := os.Stat(filepath.Join(officeDir, f)); err != nil {
			t.Errorf("office export missing: %v", err)
		}
		if f != "changes.html" {
			if _, err := os.Stat(filepath.Join(wantDir, f)); err == nil {
				t.Errorf("%s is in the public folder", f)
			}
		}
	}
	checkPNG(t, filepath.Join(wantDir, "distribution.png"))
	reg1, err := os.ReadFile(filepath.Join(officeDir, "register.csv"))
	if err != nil {
		t.Fatal(err)
	}
	list1, err := registers.ReadPlayers("register.csv", reg1)
	if err != nil {
		t.Fatalf("the published register does not read back: %v", err)
	}
	after1 := map[string]int{}
	for _, r := range list1.Rows {
		after1[r.FSIID] = r.EloRapid
	}
	changed := 0
	for _, c := range p1.Report.Changes {
		if after1[c.FSIID] != c.New {
			t.Errorf("%s: the change report says %d, the list %d", c.FSIID, c.New, after1[c.FSIID])
		}
		if c.New != c.Previous {
			changed++
		}
	}
	if changed == 0 {
		t.Fatal("period 1 changed no rating: the chain would prove nothing")
	}
	var saved office.ListRunResult
	if b, err := os.ReadFile(filepath.Join(officeDir, "changes.json")); err != nil || json.Unmarshal(b, &saved) != nil || saved.ListID != p1.ListID {
		t.Errorf("changes.json: %v, list id %d", err, saved.ListID)
	}

	// The same period again is refused, unless forced.
	if code, _, errs := listRun(t, "--config", cfg, "--kind", "rapid", "--period", "2026-12"); code != exitRejected ||
		!strings.Contains(errs, "already closed") {
		t.Errorf("closing twice: exit %d\n%s", code, errs)
	}

	// Period 2: the January 2027 list, receipts 26/11–25/12: the December
	// edition, and a corrected file of the November one (it supersedes
	// it, but that tournament was rated in period 1 already).
	// Meanwhile the federation's register changed: Costa moved club, and
	// a new member joined. The office imports it;
	// the run takes the registry fields from it, the ratings from the
	// stored list.
	players, err := os.ReadFile(filepath.Join(repoRoot(), "samples", "registers", "players.csv"))
	if err != nil {
		t.Fatal(err)
	}
	players = bytes.Replace(players, []byte("191200,9488627,Costa,Elena,F,2006-02-19,ITA,TO,Scacchi Torino Lingotto,1N,,1839,1809,1859,,2026"),
		[]byte("191200,9488627,Costa,Elena,F,2006-02-19,ITA,VC,Scacchi Vercelli,1N,,1839,1809,1859,,2026"), 1)
	players = append(players, []byte("999001,,Nuovi,Nina,F,2010-01-01,ITA,VC,Scacchi Vercelli,NC,,,,,,2027\n")...)
	newPlayers := filepath.Join(dir, "players-2027.csv")
	os.WriteFile(newPlayers, players, 0o644)
	if code, out, errs := runCmd(t, "import", "--config", cfg, "players", newPlayers); code != exitOK {
		t.Fatalf("import: exit %d\n%s%s", code, out, errs)
	}

	recordSubmission(t, cfg, "rapid_vercelli_dec.trf", dec, cet(2026, 12, 21, 10))
	corrected := append([]byte("### corretto\n"), nov...)
	recordSubmission(t, cfg, "rapid_vercelli_2026_v2.trf", corrected, cet(2026, 11, 29, 10))
	code, p2, errs := listRun(t, "--config", cfg, "--kind", "rapid", "--period", "2027-01", "--out", filepath.Join(dir, "jan"))
	if code != exitOK {
		t.Fatalf("period 2: exit %d\n%s", code, errs)
	}
	if p2.BasedOn != "list 2026-12" || len(p2.Report.Tournaments) != 1 || !strings.Contains(p2.Report.Tournaments[0].File, "rapid_vercelli_dec.trf") {
		t.Fatalf("period 2: based on %q, tournaments %+v", p2.BasedOn, p2.Report.Tournaments)
	}
	// The corrected file is the November tournament's new version: rated
	// in period 1 already, it is re-rated with period 1's list in force,
	// and its games being the same, nothing changes.
	if len(p2.Warnings) != 0 || len(p2.Corrections) != 1 || p2.Corrections[0].Players != 0 ||
		p2.Corrections[0].List != "2026-12" || len(p2.Report.Corrections) != 0 {
		t.Errorf("period 2: warnings %v, corrections %+v %+v", p2.Warnings, p2.Corrections, p2.Report.Corrections)
	}
	// RAPID 6.3: the ratings used are period 1's new ones.
	for _, c := range p2.Report.Changes {
		if c.Previous != after1[c.FSIID] || c.Used != c.Previous {
			t.Errorf("%s %s: previous %d, used %d; period 1 left %d", c.FSIID, c.Name, c.Previous, c.Used, after1[c.FSIID])
		}
	}
	// The pipeline rated the December file against the register, the
	// close against period 1's list: where the ratings moved, the
	// variations differ, and the cross-check says so.
	if x := p2.Crosscheck; x.Compared != 14 || len(x.Differ) == 0 || x.Agree+len(x.Differ) != x.Compared {
		t.Errorf("period 2 cross-check: %+v", x)
	}
	if p2.Refreshed != 1 || p2.Joined != 1 {
		t.Errorf("from the new register: %d refreshed, %d joined; want 1, 1", p2.Refreshed, p2.Joined)
	}
	reg2, err := os.ReadFile(filepath.Join(dir, "office", "rapid-2027-01", "register.csv"))
	if err != nil {
		t.Fatal(err)
	}
	list2, err := registers.ReadPlayers("register.csv", reg2)
	if err != nil {
		t.Fatal(err)
	}
	var costa, nina *registers.Player
	for i := range list2.Rows {
		switch list2.Rows[i].FSIID {
		case "191200":
			costa = &list2.Rows[i]
		case "999001":
			nina = &list2.Rows[i]
		}
	}
	// The register's Elo Italia Rapid (1859, as before period 1) is not
	// taken: the loop above saw period 2 use period 1's.
	if costa == nil || costa.Club != "Scacchi Vercelli" || costa.Province != "VC" || nina == nil {
		t.Errorf("after the refresh: Costa %+v, the new member %+v", costa, nina)
	}
	if page, err := os.ReadFile(filepath.Join(dir, "office", "rapid-2027-01", "changes.html")); err != nil || !strings.Contains(string(page), "1 giocatore aggiornato") {
		t.Errorf("changes.html: %v", err)
	}

	// A forced re-run of period 1 replaces it; a period after a gap says
	// which list was never closed.
	code, p1b, errs := listRun(t, "--config", cfg, "--kind", "rapid", "--period", "2026-12", "--force")
	if code != exitOK || len(p1b.Warnings) != 1 || !strings.Contains(p1b.Warnings[0], "2027-01 were closed after this period") {
		t.Errorf("--force: exit %d, warnings %v\n%s", code, p1b.Warnings, errs)
	}
	// A period after one still open is refused, naming it (lists close in
	// order, issue 20); --close-earlier closes it first in the same act.
	if code, _, errs := listRun(t, "--config", cfg, "--kind", "rapid", "--period", "2027-03"); code == exitOK ||
		!strings.Contains(errs, "2027-02 is still open") || !strings.Contains(errs, "--close-earlier") {
		t.Errorf("after a gap: exit %d\n%s", code, errs)
	}
	code, p4, errs := listRun(t, "--config", cfg, "--kind", "rapid", "--period", "2027-03", "--close-earlier")
	if code != exitOK || p4.BasedOn != "list 2027-02" || len(p4.Warnings) != 0 {
		t.Errorf("closing the earlier first: exit %d, %q, %v\n%s", code, p4.BasedOn, p4.Warnings, errs)
	}

	// The human output.
	code, out, _ := runCmd(t, "list", "run", "--as-of", testAsOf, "--config", cfg, "--kind", "standard", "--period", "2027-01")
	if code != exitOK || !strings.Contains(out, "list in force: register") || !strings.Contains(out, "provisional variations:") {
		t.Errorf("standard run: exit %d\n%s", code, out)
	}
}

func TestListRunUsage(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms")
	for _, args := range [][]string{
		{"list", "run", "--config", cfg, "--period", "2027-01"},                       // no kind
		{"list", "run", "--config", cfg, "--kind", "rapid"},                           // no period
		{"list", "run", "--config", cfg, "--kind", "standard", "--period", "2027-02"}, // not an issue month
		{"list", "run", "--config", cfg, "--kind", "rapid", "--period", "2027-01"},    // no list in force, no register
		{"list", "run", "--config", cfg, "--kind", "rapid", "--period", "2027-01", "extra"},
	} {
		if code, _, _ := runCmd(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}
