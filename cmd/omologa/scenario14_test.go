package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/testkit/pipelinetest"
)

// The three-period scenario of issue 14, both kinds of list: a
// resubmission with a changed header, a festival of three sections of the
// same name under one authorisation, a correction after the close, a
// revocation and an office decision after the close. Every player starts
// at 1700 in both lists, so that each game's expected score is 50% (RTF
// 4.3.4, difference 0) and each variation is K × (score − games/2); the
// final lists are checked against that hand computation, every
// tournament counted once.

// group is n players of a tournament: FSI ids prefix·100 + 1..n, the
// surname the group's, the name the starting number's.
func group(surname string, prefix, n int) []pipelinetest.Player {
	names := []string{"Uno", "Due", "Tre", "Quattro", "Cinque", "Sei", "Sette", "Otto", "Nove", "Dieci", "Undici",
		"Dodici", "Tredici", "Quattordici"}
	ps := make([]pipelinetest.Player, n)
	for i := range ps {
		ps[i] = pipelinetest.Player{Name: surname + ", " + names[i], ID: strconv.Itoa(prefix*100 + i + 1)}
	}
	return ps
}

func TestIssue14_ThreePeriodScenario(t *testing.T) {
	dir := t.TempDir()
	arbiters, err := filepath.Abs(filepath.Join(repoRoot(), "samples", "registers", "arbiters.csv"))
	if err != nil {
		t.Fatal(err)
	}
	// The players: A (Open Alfa), X, Y, Z (the festival's sections), B
	// (Open Beta), C (Open Gamma) play standard; R and D rapid.
	groups := map[string][]pipelinetest.Player{"A": group("Alfieri", 11, 8), "X": group("Ics", 21, 8), "Y": group("Ipsilon", 22, 8),
		"Z": group("Zeta", 23, 8), "B": group("Bianchi", 12, 8), "C": group("Conti", 13, 8), "R": group("Rossi", 31, 14),
		"D": group("Dori", 32, 14)}
	// Membership of the year they play in (RAPID 3.2).
	year := map[string]int{"A": 2026, "X": 2026, "Y": 2026, "Z": 2026, "R": 2026, "B": 2027, "C": 2027, "D": 2027}
	var csv strings.Builder
	csv.WriteString(strings.Join(registers.PlayerColumns, ",") + "\n")
	for _, g := range []string{"A", "X", "Y", "Z", "B", "C", "R", "D"} {
		for _, p := range groups[g] {
			sur, name, _ := strings.Cut(p.Name, ", ")
			fmt.Fprintf(&csv, "%s,,%s,%s,M,1990-01-01,ITA,BO,Circolo Test,2N,1700,,,1700,,%d\n", p.ID, sur, name, year[g])
		}
	}
	playersPath := filepath.Join(dir, "players.csv")
	os.WriteFile(playersPath, []byte(csv.String()), 0o644)
	calPath := filepath.Join(dir, "calendar.csv")
	os.WriteFile(calPath, []byte(strings.Join([]string{
		strings.Join(registers.CalendarColumns, ","),
		"T-ALFA,Open Alfa,Bologna,2026-12-14,2026-12-20,standard,Circolo,alfa@example.org,204187",
		"T-NATALE,Festival di Natale,Milano,2026-12-05,2026-12-11,standard,Circolo,natale@example.org,204187",
		"T-RAPID1,Rapido Sabaudo,Torino,2026-12-01,2026-12-13,rapid,Circolo,rapid@example.org,204187",
		"T-BETA,Open Beta,Firenze,2027-01-02,2027-01-08,standard,Circolo,beta@example.org,204187",
		"T-RAPID2,Rapido Subalpino,Aosta,2027-01-20,2027-02-01,rapid,Circolo,rapid@example.org,204187",
		"T-GAMMA,Open Gamma,Pisa,2027-03-01,2027-03-07,standard,Circolo,gamma@example.org,204187",
	}, "\n")+"\n"), 0o644)
	cfg := pipelinetest.Config(t, dir, "100ms", "registers:", "  players: "+playersPath, "  arbiters: "+arbiters, "  calendar: "+calPath)

	std := []string{"102 Ferretti, Marco", `122 90'+30"`}
	rapid := []string{"102 Ferretti, Marco", `122 15'+10"`}
	tourn := func(name, city, start, g string, extra []string, upsets ...[2]int) []byte {
		return pipelinetest.RoundRobin(pipelinetest.RR{Name: name, City: city, Start: start, Players: groups[g], Extra: extra, Upsets: upsets})
	}
	submit := func(file string, data []byte, when time.Time) int64 {
		t.Helper()
		id := recordSubmission(t, cfg, file, data, when)
		if s := statusOf(t, cfg, id); s.Files[0].Verdict == "rejected" {
			_, out, _ := runCmd(t, "status", "--config", cfg, "--show", strconv.FormatInt(id, 10))
			t.Fatalf("%s rejected:\n%s", file, out)
		}
		return id
	}
	closeList := func(kind, period, asOf string) map[string]int {
		t.Helper()
		code, r, errs := runCmdList(t, cfg, kind, period, asOf)
		if code != exitOK {
			t.Fatalf("%s %s: exit %d\n%s", kind, period, code, errs)
		}
		return r
	}

	// want checks a list against the hand computation: each group's
	// players at 1700 plus K × (score − games/2) for each tournament
	// counted, K 30 (RTF 4.3.2, RAPID 7.3), the higher seed winning
	// every game: in a round robin of n, player i scores n − i.
	delta := func(n, i int) int { return 30 * (2*(n-i) - (n - 1)) / 2 }
	want := func(list map[string]int, g string, counted int, fix map[int]int) {
		t.Helper()
		for i, p := range groups[g] {
			n := len(groups[g])
			w := 1700 + counted*delta(n, i+1) + fix[i+1]
			if got, ok := list[p.ID]; !ok || got != w {
				t.Errorf("%s (%s): %d, want %d", p.Name, p.ID, got, w)
			}
		}
	}

	// Period 1: standard 2027-01 (receipts to 22/12/2026), rapid 2027-01
	// (to 25/12/2026).
	alfa := tourn("Open Alfa", "Bologna", "2026/12/14", "A", std)
	submit("alfa.trf", alfa, cet(2026, 12, 21, 10))
	// The same tournament sent again with another header: one tournament.
	submit("alfa-bis.trf", bytes.Replace(alfa, []byte("022 Bologna\n"), []byte("022 Bologna (BO)\n"), 1), cet(2026, 12, 22, 10))
	var sectionY int64
	for _, g := range []string{"X", "Y", "Z"} {
		id := submit("natale-"+g+".trf", tourn("Festival di Natale", "Milano", "2026/12/05", g, std), cet(2026, 12, 12, 10))
		if g == "Y" {
			sectionY = id
		}
	}
	sabaudo := submit("rapido-sabaudo.trf", tourn("Rapido Sabaudo", "Torino", "2026/12/01", "R", rapid), cet(2026, 12, 14, 10))
	ts := tournaments(t, cfg)
	if len(ts) != 5 {
		t.Fatalf("%d tournaments after period 1, want 5 (Open Alfa, three sections, Rapido Sabaudo)", len(ts))
	}
	tournamentOf := func(sub int64) string {
		t.Helper()
		fid := statusOf(t, cfg, sub).Files[0].ID
		for _, tr := range tournaments(t, cfg) {
			for _, v := range tr.Versions {
				if v.FileID == fid {
					return strconv.FormatInt(tr.ID, 10)
				}
			}
		}
		t.Fatalf("no tournament for submission %d", sub)
		return ""
	}
	s1 := closeList("standard", "2027-01", "2026-12-23")
	for _, g := range []string{"A", "X", "Y", "Z"} {
		want(s1, g, 1, nil)
	}
	want(s1, "B", 0, nil)
	r1 := closeList("rapid", "2027-01", "2026-12-26")
	want(r1, "R", 1, nil)
	if code, _, errs := runCmdList(t, cfg, "standard", "2027-01", "2026-12-31"); code != exitRejected {
		t.Errorf("closing a closed period again: exit %d %s", code, errs)
	}

	// Period 2: standard 2027-03 (23/12/2026–19/02/2027), rapid 2027-02
	// (26/12/2026–25/01/2027). After the close: Open Alfa corrected (2
	// beat 1: 1 scores 6, 2 scores 7), section Y revoked, and the office
	// decides that Rossi Uno (1) of the rapid withdrew without
	// justification (RTF 7.5.3: his positive variation is zeroed).
	submit("alfa-corretto.trf", tourn("Open Alfa", "Bologna", "2026/12/14", "A", std, [2]int{2, 1}), cet(2026, 12, 27, 10))
	if code, out, errs := runCmd(t, "tournament", "revoke", "--config", cfg, tournamentOf(sectionY), "--reason", "arbitro non designato"); code != exitOK {
		t.Fatalf("revoke: %d %s%s", code, out, errs)
	}
	if code, out, errs := runCmd(t, "decide", "--config", cfg, "--submission", strconv.FormatInt(sabaudo, 10), "--withdrawal-unjustified", "1"); code != exitOK {
		t.Fatalf("decide: %d %s%s", code, out, errs)
	}
	submit("beta.trf", tourn("Open Beta", "Firenze", "2027/01/02", "B", std), cet(2027, 1, 9, 10))
	s2 := closeList("standard", "2027-03", "2027-02-20")
	want(s2, "A", 1, map[int]int{1: -30, 2: +30})
	want(s2, "X", 1, nil)
	want(s2, "Y", 0, nil)
	want(s2, "Z", 1, nil)
	want(s2, "B", 1, nil)
	r2 := closeList("rapid", "2027-02", "2027-01-26")
	want(r2, "R", 1, map[int]int{1: -delta(14, 1)})

	// Period 3: standard 2027-05 (20/02–21/04/2027), rapid 2027-03
	// (26/01–25/02/2027): section Y reinstated, two new tournaments.
	if code, out, errs := runCmd(t, "tournament", "reinstate", "--config", cfg, tournamentOf(sectionY), "--reason", "designazione trovata"); code != exitOK {
		t.Fatalf("reinstate: %d %s%s", code, out, errs)
	}
	submit("gamma.trf", tourn("Open Gamma", "Pisa", "2027/03/01", "C", std), cet(2027, 3, 8, 10))
	submit("subalpino.trf", tourn("Rapido Subalpino", "Aosta", "2027/01/20", "D", rapid), cet(2027, 2, 2, 10))
	s3 := closeList("standard", "2027-05", "2027-04-22")
	for _, g := range []string{"X", "Y", "Z", "B", "C"} {
		want(s3, g, 1, nil)
	}
	want(s3, "A", 1, map[int]int{1: -30, 2: +30})
	r3 := closeList("rapid", "2027-03", "2027-02-26")
	want(r3, "R", 1, map[int]int{1: -delta(14, 1)})
	want(r3, "D", 1, nil)

	// Every tournament counted once: each list's tournaments and
	// corrections.
	lists := map[string]string{}
	for _, l := range []struct{ kind, period string }{{"standard", "2027-01"}, {"standard", "2027-03"}, {"standard", "2027-05"},
		{"rapid", "2027-01"}, {"rapid", "2027-02"}, {"rapid", "2027-03"}} {
		b, err := os.ReadFile(filepath.Join(dir, "office", l.kind+"-"+l.period, "changes.json"))
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			Report struct {
				Tournaments []struct{ Name string } `json:"tournaments"`
			} `json:"report"`
			Corrections []struct{ Tournament, Reason string } `json:"corrections"`
		}
		if err := json.Unmarshal(b, &r); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, x := range r.Report.Tournaments {
			names = append(names, x.Name)
		}
		for _, c := range r.Corrections {
			names = append(names, "correction "+c.Tournament+": "+c.Reason)
		}
		lists[l.kind+" "+l.period] = strings.Join(names, "; ")
	}
	for k, w := range map[string]string{
		"standard 2027-01": "Festival di Natale; Festival di Natale; Festival di Natale; Open Alfa",
		"standard 2027-03": "Open Beta; correction Open Alfa: nuova versione in vigore (alfa-corretto.trf, invio n. 7); correction Festival di Natale: omologazione revocata: arbitro non designato",
		"standard 2027-05": "Open Gamma; correction Festival di Natale: omologazione ripristinata",
		"rapid 2027-01":    "Rapido Sabaudo",
		"rapid 2027-02":    "correction Rapido Sabaudo: decisione dell'ufficio",
		"rapid 2027-03":    "Rapido Subalpino",
	} {
		if lists[k] != w {
			t.Errorf("%s: %s\nwant %s", k, lists[k], w)
		}
	}
}

// runCmdList closes a list as of a day and returns the players' ratings of
// its kind from the register.csv it exports to the office.
func runCmdList(t *testing.T, cfg, kind, period, asOf string) (int, map[string]int, string) {
	t.Helper()
	code, out, errs := runCmd(t, "list", "run", "--json", "--config", cfg, "--kind", kind, "--period", period, "--as-of", asOf)
	if code != exitOK {
		return code, nil, errs + out
	}
	reg, err := os.ReadFile(filepath.Join(filepath.Dir(cfg), "office", kind+"-"+period, "register.csv"))
	if err != nil {
		t.Fatal(err)
	}
	list, err := registers.ReadPlayers("register.csv", reg)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]int{}
	for _, r := range list.Rows {
		if kind == "rapid" {
			m[r.FSIID] = r.EloRapid
		} else {
			m[r.FSIID] = r.EloItalia
		}
	}
	return code, m, errs
}
