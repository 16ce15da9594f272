package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/publishing/fideexport"
	"omologa/internal/rating/fide"
	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// demoConfig writes a configuration like samples/omologa.yaml with its
// var/ under dir.
func demoConfig(t *testing.T, dir string) string {
	t.Helper()
	root, err := filepath.Abs(repoRoot())
	if err != nil {
		t.Fatal(err)
	}
	s := filepath.Join(root, "samples")
	cfg := fmt.Sprintf(`drop:
  folder: %[1]s/drop
  seed: [%[2]s/drop, %[2]s/mail]
  seed_received: "2026-11-23T10:00:00+01:00"
  settle: 1s
spool: %[1]s/spool
store:
  path: %[1]s/omologa.db
outbox: %[1]s/outbox
rules: %[3]s/rules.yaml
registers:
  players: %[2]s/registers/players.csv
  arbiters: %[2]s/registers/arbiters.csv
  calendar: %[2]s/registers/calendar.csv
notices:
  from: omologazioni@federscacchi.example
  office: omologazioni@federscacchi.example
  language: it
  retry_base: 2s
  retry_max: 10m
  max_attempts: 10
allowed_senders:
  enabled: false
limits:
  max_file_bytes: 20971520
  max_archive_bytes: 52428800
  max_archive_files: 100
  max_message_bytes: 62914560
`, dir, s, root)
	path := filepath.Join(dir, "omologa.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func fideExport(t *testing.T, args ...string) (int, fideexport.Result) {
	t.Helper()
	code, out, errs := runCmd(t, append([]string{"fide", "export", "--json"}, args...)...)
	var res fideexport.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("exit %d: %v\n%s\n%s", code, err, out, errs)
	}
	return code, res
}

// withPlayersRegister writes a copy of the configuration at cfg whose
// players' register is players.
func withPlayersRegister(t *testing.T, cfg, players string) string {
	t.Helper()
	text := string(mustRead(t, cfg))
	at := strings.Index(text, "  players: ")
	end := at + strings.Index(text[at:], "\n")
	out := filepath.Join(filepath.Dir(cfg), "omologa-registered.yaml")
	if err := os.WriteFile(out, []byte(text[:at]+"  players: "+players+text[end:]), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// registeredPlayers writes the demo's players' register as it is once
// FIDE has registered the players of the registration file: each row
// without FIDE id gets one (a made-up 7-digit id), and Serra the FIDE
// title IM in the optional fide_title column.
func registeredPlayers(t *testing.T, dir string) (string, map[string]string) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(string(mustRead(t, filepath.Join(repoRoot(), "samples", "registers", "players.csv"))), "\n"), "\n")
	ids := map[string]string{} // FSI id -> FIDE id given
	lines[0] += ",fide_title"
	for i := 1; i < len(lines); i++ {
		f := strings.Split(lines[i], ",")
		if f[1] == "" {
			f[1] = fmt.Sprint(7700000 + i)
			ids[f[0]] = f[1]
		}
		title := ""
		if f[2] == "Serra" {
			title = "IM"
		}
		lines[i] = strings.Join(f, ",") + "," + title
	}
	path := filepath.Join(dir, "players-registered.csv")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, ids
}

// demoSamples lays dir out as the repository is for `make run`:
// samples/omologa.yaml copied byte for byte, the samples' drop, mail
// and registers folders and rules.yaml linked, so that the demo's
// configuration, its clock and its relative paths (../var, ../rules.yaml,
// registers/...) included, works unchanged and writes under dir/var.
func demoSamples(t *testing.T, dir string) string {
	t.Helper()
	root, err := filepath.Abs(repoRoot())
	if err != nil {
		t.Fatal(err)
	}
	samples := filepath.Join(dir, "samples")
	if err := os.MkdirAll(samples, 0o755); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{filepath.Join(dir, "rules.yaml"): filepath.Join(root, "rules.yaml")}
	for _, name := range []string{"drop", "mail", "registers"} {
		links[filepath.Join(samples, name)] = filepath.Join(root, "samples", name)
	}
	for link, target := range links {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	cfg := filepath.Join(samples, "omologa.yaml")
	if err := os.WriteFile(cfg, mustRead(t, filepath.Join(root, "samples", "omologa.yaml")), 0o644); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// registerFideIDs maps the FSI ids of a players' register to the FIDE
// ids it gives.
func registerFideIDs(t *testing.T, path string) map[string]string {
	t.Helper()
	ps, err := registers.ReadPlayers(filepath.Base(path), mustRead(t, path))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, p := range ps.Rows {
		if p.FideID != "" {
			ids[p.FSIID] = p.FideID
		}
	}
	return ids
}

// The demo as the README runs it: `make run RUNFLAGS=--once` (omologa
// watch --once on samples/omologa.yaml, demo clock included), then
// `omologa fide export --config samples/omologa.yaml --period 2026-12`.
// The demo's FIDE-rated tournaments of November 2026 go into the FIDE
// list of December 2026 (FIDE-RR 7.3: monthly lists; 7.13: they end by
// 24/11). Firenze and Novara are forwarded: the players' register gives
// the FIDE ids their files leave out, the arbiters' register their
// chief arbiters'. Each forwarded file is ASCII with CRLF, FIDE titles
// only, no national record, 092 in English, the arbiter's FIDE id in
// 102, and reads back column by column equal to the store. Bologna is
// held (FIDE-RR 9.1): its chief arbiter, Zanetti Paola, has no FIDE id,
// and its nine players without one are in the FIDE registration file.
// Once FIDE has registered them, Bologna waits for its arbiter alone.
func TestFideExportDemo(t *testing.T) {
	dir := t.TempDir()
	cfg := demoSamples(t, dir)
	if code, _, errs := runCmd(t, "watch", "--config", cfg, "--once"); code != exitOK {
		t.Fatalf("watch: exit %d\n%s", code, errs)
	}
	office := filepath.Join(dir, "var", "office", "fide-2026-12")
	code, text, errs := runCmd(t, "fide", "export", "--config", cfg, "--period", "2026-12")
	if code != exitOK {
		t.Fatalf("fide export: exit %d, want %d (Bologna held, listed, not a failure)\n%s\n%s", code, exitOK, text, errs)
	}
	for _, re := range []string{
		`(?m)^FIDE list of December 2026 \(cut-off 24/11/2026, FIDE-RR 7\.13\), rules fide-rr-2024-2025$`,
		`(?m)^\d+\.\d+ +Torneo Magistrale "Memorial Ennio Bianchi" +18/11/2026 +2026-12 +forwarded +` + regexp.QuoteMeta(office+string(filepath.Separator)) + `\d+-magistrale_firenze_2026\.trf$`,
		`(?m)^\d+\.\d+ +3° Open Internazionale Città di Novara +18/11/2026 +2026-12 +forwarded +` + regexp.QuoteMeta(office+string(filepath.Separator)) + `\d+-open_novara_2026\.trf$`,
		`(?m)^\d+\.\d+ +Campionato Sociale 2026 +19/11/2026 +2026-12 +HELD BACK \(errors below\) +-$`,
		`(?m)^  file \d+\.\d+: error \[fide\.arbiter-id-missing, FIDE-RR 9\.1\] Arbiter Zanetti Paola: the FIDE id is missing, and the arbiters' register has none either; the tournament is held until the id is known\.$`,
		`(?m)^2 forwarded, 1 held back$`,
		`(?m)^9 players wait for a FIDE id: registration file ` + regexp.QuoteMeta(filepath.Join(office, fideexport.RegistrationFile)) + `$`,
	} {
		if !regexp.MustCompile(re).MatchString(text) {
			t.Errorf("the export's text does not match %s:\n%s", re, text)
		}
	}

	// The same command for a script: Firenze and Novara are done,
	// Bologna still held, for its arbiter and its nine players.
	code, res := fideExport(t, "--config", cfg, "--period", "2026-12")
	if code != exitOK || res.Period.Label != "2026-12" || res.Set != "fide-rr-2024-2025" {
		t.Fatalf("exit %d, period %s, set %s", code, res.Period.Label, res.Set)
	}
	states := map[string]string{}
	var bologna string
	for _, it := range res.Items {
		states[it.Source] = it.State
		if it.List != "2026-12" || it.Late {
			t.Errorf("%s: list %s late %v; want list 2026-12", it.Source, it.List, it.Late)
		}
		if it.State != fideexport.Held {
			continue
		}
		bologna = it.Number
		rules := map[string]int{}
		for _, f := range it.Findings {
			if f.Severity == validate.SeverityError {
				rules[f.Rule]++
			}
		}
		if want := map[string]int{"fide.arbiter-id-missing": 1, "fide.no-id": 9}; fmt.Sprint(rules) != fmt.Sprint(want) || len(it.Registrations) != 9 {
			t.Errorf("%s held for %v with %d registrations, want %v and 9", it.Source, rules, len(it.Registrations), want)
		}
	}
	if want := map[string]string{"magistrale_firenze_2026.trf": fideexport.Already, "open_novara_2026.trf": fideexport.Already,
		"sociale_bologna_2026.tdf": fideexport.Held}; fmt.Sprint(states) != fmt.Sprint(want) {
		t.Errorf("states %v, want %v", states, want)
	}
	// Only Bologna's players lack a FIDE id: none of Firenze or Novara.
	if n, m := strings.Count(text, "[fide.no-id,"), strings.Count(text, "file "+bologna+": error [fide.no-id,"); n != 9 || m != 9 {
		t.Errorf("%d players without FIDE id, %d of them Bologna's; want 9 of 9:\n%s", n, m, text)
	}

	// The registration file: Bologna's nine players, ASCII, CRLF.
	reg := string(mustRead(t, filepath.Join(office, fideexport.RegistrationFile)))
	if want := "tournament,start,name,sex,birth_year,federation,fsi_id\r\n" +
		"Campionato Sociale 2026,4,Silvestri Enrico,M,1959,ITA,152080\r\n" +
		"Campionato Sociale 2026,5,Farina Giuseppe,M,1950,ITA,160000\r\n" +
		"Campionato Sociale 2026,6,Rossetti Lucia,F,2011,ITA,167920\r\n" +
		"Campionato Sociale 2026,7,Cirillo Angelo,M,1984,ITA,175840\r\n" +
		"Campionato Sociale 2026,8,Morelli Bruno,M,1945,ITA,183760\r\n" +
		"Campionato Sociale 2026,9,Amato Raffaele,M,2013,ITA,191680\r\n" +
		"Campionato Sociale 2026,10,Grasso Teresa,F,1992,ITA,112600\r\n" +
		"Campionato Sociale 2026,11,Sanna Mattia,M,2014,ITA,120520\r\n" +
		"Campionato Sociale 2026,12,Palumbo Ivo,M,1964,ITA,128440\r\n"; reg != want {
		t.Errorf("registration file:\n%s\nwant:\n%s", reg, want)
	}
	if _, text, _ := runCmd(t, "audit", "--config", cfg); !strings.Contains(text, "2 forwarded, 1 held back") {
		t.Errorf("the audit trail lacks the export:\n%s", text)
	}

	// The two forwarded files, read back field by field.
	arbiters, err := registers.ReadArbiters("arbiters.csv", mustRead(t, filepath.Join(repoRoot(), "samples", "registers", "arbiters.csv")))
	if err != nil {
		t.Fatal(err)
	}
	ids := registerFideIDs(t, filepath.Join(repoRoot(), "samples", "registers", "players.csv"))
	st, err := store.Open(t.Context(), filepath.Join(dir, "var", "omologa.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	stored, err := st.HomologatedFiles(t.Context(), "standard", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	original := func(fileID int64) *tournament.Tournament {
		t.Helper()
		for i := range stored {
			if stored[i].FileID == fileID {
				orig, _, err := codec.Read(stored[i].Name, stored[i].Data)
				if err != nil {
					t.Fatal(err)
				}
				return orig
			}
		}
		t.Fatalf("file %d: not in the store", fileID)
		return nil
	}
	written, err := filepath.Glob(filepath.Join(office, "*.trf"))
	if err != nil || len(written) != 2 {
		t.Fatalf("written %v (%v), want Firenze and Novara", written, err)
	}
	// The chief arbiters' FIDE ids, which the files leave out, from the
	// arbiters' register (Nardi Alessio, an International Arbiter,
	// Ferretti Marco; Galli Sara the deputy in 112), without the FSI
	// categories (AN, ACN) the Novara file writes beside the names.
	wantArbiters := map[string][]string{
		"magistrale_firenze_2026.trf": {"102 IA Nardi Alessio (850396)"},
		"open_novara_2026.trf":        {"102 Ferretti Marco (852104)", "112 Galli Sara (853120)"},
	}
	for _, path := range written {
		id, source, _ := strings.Cut(filepath.Base(path), "-")
		fileID, _ := strconv.ParseInt(id, 10, 64)
		data := mustRead(t, path)
		checkForwarded(t, source, data, original(fileID), ids, arbiters)
		for _, l := range wantArbiters[source] {
			if !strings.Contains(string(data), "\r\n"+l+"\r\n") {
				t.Errorf("%s: no line %q", source, l)
			}
		}
		delete(wantArbiters, source)
	}
	if len(wantArbiters) != 0 {
		t.Errorf("not written: %v", wantArbiters)
	}
	if _, text, _ := runCmd(t, "status", "--config", cfg); strings.Count(text, "to FIDE for list 2026-12") != 2 {
		t.Errorf("status text does not show the forwardings:\n%s", text)
	}

	// FIDE registered Bologna's players: the register has their ids.
	// Bologna now waits for its arbiter's id alone.
	players, given := registeredPlayers(t, dir)
	for fsi, fideID := range given {
		ids[fsi] = fideID
	}
	cfg2 := withPlayersRegister(t, cfg, players)
	code, res = fideExport(t, "--config", cfg2, "--period", "2026-12")
	if code != exitOK || res.Count(fideexport.Already) != 2 || res.Count(fideexport.Held) != 1 || res.Registration != "" {
		t.Errorf("exit %d, %d already, %d held, registration file %q; want 1, 2, 1, none", code,
			res.Count(fideexport.Already), res.Count(fideexport.Held), res.Registration)
	}
	for _, it := range res.Items {
		if it.State == fideexport.Held && (it.Source != "sociale_bologna_2026.tdf" || len(it.Registrations) != 0 ||
			!slices.ContainsFunc(it.Findings, func(f validate.Finding) bool { return f.Rule == "fide.arbiter-id-missing" && f.Severity == "error" }) ||
			slices.ContainsFunc(it.Findings, func(f validate.Finding) bool { return f.Rule == "fide.no-id" })) {
			t.Errorf("held: %s %+v", it.Source, it.Findings)
		}
	}
	code, res = fideExport(t, "--config", cfg2, "--period", "2026-12", "--again")
	if res.Count(fideexport.Forwarded) != 2 {
		t.Errorf("--again: exit %d, %d forwarded", code, res.Count(fideexport.Forwarded))
	}
	for _, it := range res.Items {
		if it.State == fideexport.Forwarded {
			// Serra: the register's fide_title IM.
			checkForwarded(t, it.Source, mustRead(t, it.Path), original(it.FileID), ids, arbiters)
		}
	}
	// The list before: nothing of the demo ends by 24/10/2026.
	if _, res := fideExport(t, "--config", cfg2, "--period", "2026-11"); res.Count(fideexport.Forwarded) != 0 {
		t.Errorf("list 2026-11: %+v", res.Items)
	}
	// FIDE-RR 7.11: lists were bimonthly before July 2012.
	if code, _, errs := runCmd(t, "fide", "export", "--config", cfg2, "--period", "2011-12"); code != exitUsage || !strings.Contains(errs, "2011-12") {
		t.Errorf("a month without FIDE list: exit %d, %s", code, errs)
	}
}

// checkForwarded reads a forwarded TRF byte by byte at the TRF16
// columns and compares every field with the tournament in the store:
// ASCII only, CRLF, 092 in English, 102 with the arbiter's FIDE id, no
// national records, FIDE titles only, each 001 field in its columns.
func checkForwarded(t *testing.T, name string, data []byte, orig *tournament.Tournament, ids map[string]string, arbiters []registers.Arbiter) {
	t.Helper()
	for i, c := range data {
		if c >= 0x80 {
			t.Fatalf("%s: byte %d is %#x, not ASCII", name, i, c)
		}
		if c == '\n' && (i == 0 || data[i-1] != '\r') {
			t.Fatalf("%s: a line at byte %d not ended by CR LF", name, i)
		}
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\r\n"), "\r\n")
	rr := orig.Type == "Individual: Round-Robin" || strings.Contains(name, "magistrale")
	wantType := map[bool]string{true: "Individual: Round-Robin", false: "Individual: Swiss-System"}[rr]
	chief := fide.WithArbiterIDs(orig, arbiters).ChiefArbiter
	seen := map[string]bool{}
	byStart := map[int]*tournament.Player{}
	for i := range orig.Players {
		byStart[orig.Players[i].Start] = &orig.Players[i]
	}
	field := func(l string, from, to int) string { // 1-based columns, inclusive
		if len(l) < from {
			return ""
		}
		return strings.TrimSpace(l[from-1 : min(to, len(l))])
	}
	players := 0
	for _, l := range lines {
		code := l[:min(3, len(l))]
		seen[code] = true
		switch code {
		case "012":
			if l[4:] != fideexport.ASCII(orig.Name) {
				t.Errorf("%s: 012 %q", name, l)
			}
		case "092":
			if l[4:] != wantType {
				t.Errorf("%s: 092 %q, want %q", name, l, wantType)
			}
		case "102":
			if l[4:] != fideexport.ASCII(chief) || !strings.ContainsAny(l, "123456789") {
				t.Errorf("%s: 102 %q, want %q with the FIDE id", name, l, chief)
			}
		case "001":
			players++
			start, _ := strconv.Atoi(field(l, 5, 8))
			p := byStart[start]
			if p == nil {
				t.Errorf("%s: 001 for start %d, not in the store", name, start)
				continue
			}
			id := p.FideID
			if !fide.HasID(id) {
				id = ids[p.NationalID]
			}
			title := ""
			switch {
			case p.Title == "WFM" || p.Title == "WIM" || p.Title == "FM":
				title = p.Title
			case p.Name == "Serra, Michele":
				title = "IM" // the register's fide_title
			}
			sex := map[string]string{"m": "m", "f": "w"}[p.Sex]
			birth := ""
			if p.BirthDate.IsFull() {
				birth = fmt.Sprintf("%04d/%02d/%02d", p.BirthDate.Year, int(p.BirthDate.Month), p.BirthDate.Day)
			}
			rating := ""
			if p.Rating > 0 {
				rating = strconv.Itoa(p.Rating)
			}
			got := []string{field(l, 10, 10), field(l, 11, 13), field(l, 15, 47), field(l, 49, 52), field(l, 54, 56),
				field(l, 58, 68), field(l, 70, 79), field(l, 81, 84), field(l, 86, 89)}
			wantF := []string{sex, title, fideexport.ASCII(p.Name), rating, p.Federation, id, birth,
				strconv.FormatFloat(p.Points, 'f', 1, 64), strconv.Itoa(p.Rank)}
			if !slices.Equal(got, wantF) {
				t.Errorf("%s: player %d read at the TRF16 columns %q, want %q", name, start, got, wantF)
			}
			for r := 1; r <= len(p.Rounds); r++ {
				e := p.Entry(r)
				c := 92 + (r-1)*10 // columns of round r: opponent 92-95, colour 97, result 99
				opp, _ := strconv.Atoi(field(l, c, c+3))
				col, res := field(l, c+5, c+5), field(l, c+7, c+7)
				if opp != e.Opponent || res != string(rune(e.Code)) || (e.Opponent > 0 && col != string(rune(e.Colour))) {
					t.Errorf("%s: player %d round %d: %d %q %q, want %+v", name, start, r, opp, col, res, e)
				}
			}
		}
		if len(code) == 3 && code[0] >= 'A' && code[0] <= 'Z' && !strings.HasPrefix(code, "XX") {
			t.Errorf("%s: a national record is forwarded: %q", name, l)
		}
	}
	if players != len(orig.Players) || !seen["092"] || !seen["102"] {
		t.Errorf("%s: %d players of %d, 092 %v, 102 %v", name, players, len(orig.Players), seen["092"], seen["102"])
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// fide preview of the demo's round robin: every player, the round-robin
// averages of FIDE-RR 8.21 b, the unrated player's Ru new; -h exits 0.
func TestFidePreview(t *testing.T) {
	file := filepath.Join(repoRoot(), "samples", "drop", "magistrale_firenze_2026.trf")
	rules := filepath.Join(repoRoot(), "rules.yaml")
	code, out, errs := runCmd(t, "fide", "preview", "--rules", rules, "--json", file)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var pv fide.Preview
	if err := json.Unmarshal([]byte(out), &pv); err != nil {
		t.Fatal(err)
	}
	// A 2026 tournament: the regulations of 1 March 2024 as amended from
	// 1 October 2025; only games against rated opponents (8.1, 8.3.1).
	if !pv.RoundRobin || !pv.OnlyRated || pv.Set != "fide-rr-2024-2025" || len(pv.Players) != 10 || pv.Games.Fide != 45 {
		t.Errorf("preview: set %s, round robin %v, only rated %v, %d players, %d FIDE games", pv.Set, pv.RoundRobin, pv.OnlyRated, len(pv.Players), pv.Games.Fide)
	}
	if p := pv.Players[0]; p.Games != 8 || p.Change != 11.6 || p.K != 20 {
		t.Errorf("Coppola: %+v, want 8 games, K 20, +11.6", p)
	}
	if p := pv.Players[4]; p.Rated() || p.Ru == 0 || !p.Counts {
		t.Errorf("the unrated player: %+v", p)
	}
	if code, text, _ := runCmd(t, "fide", "preview", "--rules", rules, file); code != exitOK ||
		!strings.Contains(text, "FIDE Rating Regulations effective from 1 March 2024, as amended from 1 October 2025 (fide-rr-2024-2025)") ||
		!strings.Contains(text, "+11.6") {
		t.Errorf("text: exit %d\n%s", code, text)
	}
	// Novara (Swiss, November 2026): Bruno, born 2008, has the junior K
	// 40 to the end of 2026 (8.3.3).
	code, text, _ := runCmd(t, "fide", "preview", "--rules", rules, filepath.Join(repoRoot(), "samples", "drop", "open_novara_2026.trf"))
	if code != exitOK || !regexp.MustCompile(`Bruno, Matteo +1996 +7 +4 +2\.94 +40j`).MatchString(text) {
		t.Errorf("Novara: exit %d\n%s", code, text)
	}
	for _, args := range [][]string{{"fide", "preview", "-h"}, {"fide", "export", "-h"}} {
		if code, _, _ := runCmd(t, args...); code != exitOK {
			t.Errorf("%v: exit %d", args, code)
		}
	}
	for _, args := range [][]string{{"fide"}, {"fide", "preview"}, {"fide", "export"}, {"fide", "preview", "--rules", rules, "/nonexistent.trf"}} {
		if code, _, _ := runCmd(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// A homologated tournament with an error FIDE would raise (a player's
// federation missing, FIDE-RR 7.12) is held back: not written, not
// recorded, its finding printed, exit 1.
func TestFideExportHeld(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms")
	startDay := time.Now().AddDate(0, 0, -7)
	trfData := pipelinetest.TRF("Open di Prova", "Siena", startDay.Format("2006/01/02"), "102 Rossi, Mario", `122 90'+30"`)
	// Player 3's federation left blank.
	lines := strings.Split(string(trfData), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "001    3 ") {
			lines[i] = l[:53] + "   " + l[56:]
		}
	}
	file := filepath.Join(dir, "open.trf")
	os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644)
	if code, out, errs := runCmd(t, "ingest", "--config", cfg, file); code != exitOK {
		t.Fatalf("ingest: exit %d\n%s\n%s", code, out, errs)
	}
	rf := loadCheckRules(t)
	s := rf.SelectFide(tournament.DateOf(startDay))
	list := fide.List(s, tournament.DateOf(startDay.AddDate(0, 0, 6)))
	out := filepath.Join(dir, "fide")
	code, res := fideExport(t, "--config", cfg, "--period", list.Label, "--out", out)
	if code != exitOK || len(res.Items) != 1 || res.Items[0].State != fideexport.Held || res.Items[0].Path != "" {
		t.Fatalf("exit %d, %+v", code, res.Items)
	}
	if fs := res.Items[0].Findings; len(fs) == 0 || fs[0].Rule != "fide.federation-missing" || fs[0].Player != 3 {
		t.Errorf("findings %+v", fs)
	}
	if _, err := os.Stat(out); err == nil {
		if entries, _ := os.ReadDir(out); len(entries) > 0 {
			t.Errorf("a held tournament was written: %v", entries)
		}
	}
	if _, text, _ := runCmd(t, "status", "--config", cfg); strings.Contains(text, "to FIDE") {
		t.Errorf("a held tournament shows as forwarded:\n%s", text)
	}
	if code, text, _ := runCmd(t, "fide", "export", "--config", cfg, "--period", list.Label, "--out", out); code != exitOK ||
		!strings.Contains(text, "HELD BACK") || !strings.Contains(text, "fide.federation-missing") {
		t.Errorf("text: exit %d\n%s", code, text)
	}
}
