package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/intake/ingest"
	"omologa/internal/office"
	"omologa/internal/rating"
	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
)

// The failures measured in issue 14, each end to end: submissions
// through the pipeline, the office's commands through runMain.

func sample(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(), "samples", "drop", name))
	if err != nil {
		t.Skip("samples missing:", err)
	}
	return b
}

func changeOf(r *rating.Report, fsiID string) *rating.Change {
	for i := range r.Changes {
		if r.Changes[i].FSIID == fsiID {
			return &r.Changes[i]
		}
	}
	return nil
}

func statusOf(t *testing.T, cfg string, id int64) store.Status {
	t.Helper()
	code, out, errs := runCmd(t, "status", "--config", cfg, "--json")
	if code != exitOK {
		t.Fatalf("status: %d %s", code, errs)
	}
	var rows []store.Status
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.ID == id {
			return r
		}
	}
	t.Fatalf("no submission %d", id)
	return store.Status{}
}

func tournaments(t *testing.T, cfg string) []store.Tournament {
	t.Helper()
	code, out, errs := runCmd(t, "tournament", "list", "--config", cfg, "--json")
	if code != exitOK {
		t.Fatalf("tournament list: %d %s", code, errs)
	}
	var ts []store.Tournament
	if err := json.Unmarshal([]byte(out), &ts); err != nil {
		t.Fatal(err)
	}
	return ts
}

// 1. Novara sent again with only the city line changed matches the same
// calendar authorisation: it is the same tournament, rated once.
func TestIssue14_1_ResubmissionWithChangedHeaderIsOneTournament(t *testing.T) {
	dir := t.TempDir()
	cfg := chainConfig(t, dir)
	nov := sample(t, "open_novara_2026.trf")
	first := recordSubmission(t, cfg, "open_novara_2026.trf", nov, cet(2026, 11, 23, 10))
	again := bytes.Replace(nov, []byte("022 Novara\r\n"), []byte("022 Novara (NO)\r\n"), 1)
	if bytes.Equal(again, nov) {
		t.Fatal("the city line was not changed")
	}
	second := recordSubmission(t, cfg, "open_novara_2026.trf", again, cet(2026, 11, 23, 11))
	if s := statusOf(t, cfg, second); s.Files[0].Verdict == "rejected" || s.Files[0].Supersedes != statusOf(t, cfg, first).Files[0].ID {
		t.Fatalf("the resubmission: %+v", s.Files[0])
	}
	ts := tournaments(t, cfg)
	if len(ts) != 1 || len(ts[0].Versions) != 2 || ts[0].Code != "2026-NO-0412" || ts[0].CurrentFile != statusOf(t, cfg, second).Files[0].ID {
		t.Fatalf("tournaments: %+v", ts)
	}
	code, r, errs := listRun(t, "--config", cfg, "--kind", "standard", "--period", "2027-01")
	if code != exitOK {
		t.Fatalf("list run: %d %s", code, errs)
	}
	if len(r.Report.Tournaments) != 1 {
		t.Fatalf("Novara rated %d times: %+v", len(r.Report.Tournaments), r.Report.Tournaments)
	}
	m := changeOf(&r.Report, "135880")
	if m == nil || len(m.Variations) != 1 || m.Sum != m.Variations[0].Applied {
		t.Fatalf("Moretti: %+v", m)
	}
}

// section renames the players of pipelinetest's file, so that sections of
// one festival share name, dates and venue but not their players.
func section(data []byte, letter string) []byte {
	for _, n := range []string{"Alfa, Uno", "Beta, Due", "Gamma, Tre", "Delta, Quattro", "Epsilon, Cinque",
		"Zeta, Sei", "Eta, Sette", "Theta, Otto"} {
		// The name's padding gives room for the letter: the columns stay.
		data = bytes.Replace(data, []byte(n+" "), []byte(n+letter), 1)
	}
	return data
}

func ingestCLI(name string, data []byte, when time.Time) *ingest.Submission {
	return &ingest.Submission{Channel: ingest.ChannelCLI, ReceivedAt: when, Subject: name, Source: name, Original: ingest.Bytes(data),
		Files: []ingest.File{{Name: name, Content: ingest.Bytes(data)}}}
}

// 2. Tournaments with the same name, start and city but different
// players are different tournaments: none replaces another.
func TestIssue14_2_SectionsOfOneFestivalAreDifferentTournaments(t *testing.T) {
	dir := t.TempDir()
	cfg := chainConfig(t, dir)
	base := festival()
	for i, l := range []string{"A", "B", "C"} {
		recordSubmission(t, cfg, "festival-"+l+".trf", section(base, l), cet(2026, 12, 31, 10+i))
	}
	ts := tournaments(t, cfg)
	if len(ts) != 3 {
		t.Fatalf("%d tournaments, want 3 sections: %+v", len(ts), ts)
	}
	for _, tr := range ts {
		if len(tr.Versions) != 1 || tr.Versions[0].InForce != (tr.CurrentFile != 0) || tr.UnclearWith != "" {
			t.Errorf("section %+v", tr)
		}
	}
	// The corpus's two Bunratty tournaments, same name, start and city.
	corpus := corpusDir(t)
	for _, f := range []string{"sanichi__icu_tournament__spec_samples_krause_bunratty_major_2011.tab",
		"sanichi__icu_tournament__spec_samples_krause_bunratty_masters_2011.tab"} {
		b, err := os.ReadFile(filepath.Join(corpus, f))
		if err != nil {
			t.Fatal(err)
		}
		id := recordSubmission(t, cfg, f, b, cet(2026, 12, 31, 20))
		if s := statusOf(t, cfg, id); s.Files[0].Supersedes != 0 {
			t.Errorf("%s supersedes file %d", f, s.Files[0].Supersedes)
		}
	}
	if n := len(tournaments(t, cfg)); n != 5 {
		t.Errorf("%d tournaments after the corpus's two, want 5", n)
	}
}

// festival is a round robin authorised in the test calendar's December
// festival (Milano, 27/12/2026).
func festival() []byte {
	return pipelinetest.TRF("Festival di Natale - Open A", "Milano", "2026/12/27", "102 Ferretti, Marco", `122 90'+30"`)
}

// 3. A rejected correction leaves the accepted version in force, and its
// notice says so.
func TestIssue14_3_RejectedCorrectionLeavesTheAcceptedVersion(t *testing.T) {
	dir := t.TempDir()
	cfg := chainConfig(t, dir)
	good := sample(t, "sociale_bologna_2026.tdf")
	first := recordSubmission(t, cfg, "sociale_bologna_2026.tdf", good, cet(2026, 11, 23, 10))
	// Benedetti's first game turned into a loss on one side only.
	bad := bytes.Replace(good, []byte("|7 w 1|4 b 0|12 w 1|"), []byte("|7 w 0|4 b 0|12 w 1|"), 1)
	if bytes.Equal(bad, good) {
		t.Fatal("the file was not botched")
	}
	second := recordSubmission(t, cfg, "sociale_bologna_2026.tdf", bad, cet(2026, 11, 24, 10))
	s1, s2 := statusOf(t, cfg, first), statusOf(t, cfg, second)
	if s2.Files[0].Verdict != "rejected" || s2.Files[0].Supersedes != 0 || s1.Files[0].SupersededBy != 0 {
		t.Fatalf("first %+v, correction %+v", s1.Files[0], s2.Files[0])
	}
	code, out, _ := runCmd(t, "status", "--config", cfg, "--show", strconv.FormatInt(second, 10))
	// "il 07/12/2026", "l'08/12/2026": the day is today's in Rome.
	if code != exitOK || !regexp.MustCompile(`resta valida la versione omologata (il |l')\d\d/`).MatchString(out) {
		t.Errorf("the rejection does not say the accepted version stays:\n%s", out)
	}
	code, r, errs := listRun(t, "--config", cfg, "--kind", "standard", "--period", "2027-01")
	if code != exitOK || len(r.Report.Tournaments) != 1 || r.Report.Tournaments[0].Name != "Campionato Sociale 2026" {
		t.Fatalf("list run: %d %+v %s", code, r.Report.Tournaments, errs)
	}
	promoted := false
	for _, p := range r.Report.Promotions {
		promoted = promoted || (p.FSIID == "152080" && p.From == "2N" && p.To == "1N")
	}
	if !promoted {
		t.Errorf("Silvestri's promotion 2N→1N lost: %+v", r.Report.Promotions)
	}
}

// 4. import checks the register's header, refuses a file that would
// empty the register, keeps every version, and a running pipeline uses
// a register imported meanwhile from its next submission.
func TestIssue14_4_SafeRegisters(t *testing.T) {
	dir := t.TempDir()
	cfg := chainConfig(t, dir)
	reg := filepath.Join(repoRoot(), "samples", "registers")
	players, err := os.ReadFile(filepath.Join(reg, "players.csv"))
	if err != nil {
		t.Skip(err)
	}
	lines := strings.SplitAfter(string(players), "\n")
	one := filepath.Join(dir, "one.csv")
	os.WriteFile(one, []byte(lines[0]+lines[1]), 0o644)
	code, _, errs := runCmd(t, "import", "--config", cfg, "players", one)
	if code == exitOK || !strings.Contains(errs, "would remove") {
		t.Fatalf("a one-row players' file: exit %d %s", code, errs)
	}
	code, _, errs = runCmd(t, "import", "--config", cfg, "arbiters", filepath.Join(reg, "players.csv"))
	if code != exitUsage || !strings.Contains(errs, "not the arbiters' register's") || !strings.Contains(errs, "looks like the players' register") {
		t.Fatalf("players.csv as arbiters: exit %d %s", code, errs)
	}
	// A smaller change goes through, shows its difference; --undo undoes it.
	moved := strings.Replace(string(players), "Scacchi Verbania", "Scacchi Novara", 1)
	small := filepath.Join(dir, "players-2.csv")
	os.WriteFile(small, []byte(moved), 0o644)
	code, out, errs := runCmd(t, "import", "--config", cfg, "players", small)
	if code != exitOK || !strings.Contains(out, "0 added, 0 removed, 1 changed") || !strings.Contains(out, "~ 135880 Moretti Federico") {
		t.Fatalf("import: exit %d\n%s%s", code, out, errs)
	}
	if code, out, _ := runCmd(t, "import", "--config", cfg, "--replace", "players", one); code != exitOK || !strings.Contains(out, "removed") {
		t.Fatalf("--replace: exit %d %s", code, out)
	}
	code, out, _ = runCmd(t, "import", "--config", cfg, "--history", "--json", "players")
	var vs []store.RegisterVersion
	if code != exitOK || json.Unmarshal([]byte(out), &vs) != nil || len(vs) != 2 || !vs[0].InForce || vs[0].Rows != 1 {
		t.Fatalf("history: %d %s", code, out)
	}
	if code, _, errs := runCmd(t, "import", "--config", cfg, "--undo", "players"); code != exitOK {
		t.Fatalf("undo: %d %s", code, errs)
	}
	c, _ := config.Load(cfg)
	o, err := office.Open(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	name, data, ok, _ := o.Store.Register(context.Background(), store.RegisterPlayers)
	if !ok || name != small || !bytes.Equal(data, []byte(moved)) {
		t.Fatalf("after --undo the register in force is %s", name)
	}

	// The running pipeline: Novara judged with the one-row register has
	// 29 unknown players; the full register imported meanwhile is used
	// for the next submission.
	ctx := context.Background()
	o.Store.ImportRegister(ctx, store.RegisterPlayers, one, []byte(lines[0]+lines[1]), 1, "test", cet(2026, 11, 23, 9))
	p, err := office.NewPipeline(ctx, c, o.Rules, o.Store, o.Log)
	if err != nil {
		t.Fatal(err)
	}
	unknown := func(id int64) int {
		sub := statusOf(t, cfg, id)
		return sub.Files[0].Warnings
	}
	nov := sample(t, "open_novara_2026.trf")
	record := func(data []byte, h int) int64 {
		id, _, err := p.Record(ctx, ingestCLI("open_novara_2026.trf", data, cet(2026, 11, 23, h)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Drain(ctx); err != nil {
			t.Fatal(err)
		}
		return id
	}
	a := record(nov, 10)
	if _, err := o.Import(ctx, office.CLIActor(), office.ImportRequest{Kind: store.RegisterPlayers, Name: small, Data: []byte(moved), Replace: true}); err != nil {
		t.Fatal(err)
	}
	b := record(append([]byte("### again\r\n"), nov...), 11)
	if wa, wb := unknown(a), unknown(b); wa < 20 || wb != 0 {
		t.Errorf("warnings with the one-row register %d, after the import %d", wa, wb)
	}
}

// 5. A period whose cut-off has not passed is refused, and nothing is
// stored; --preview shows it.
func TestIssue14_5_FutureListRefused(t *testing.T) {
	dir := t.TempDir()
	cfg := chainConfig(t, dir)
	recordSubmission(t, cfg, "open_novara_2026.trf", sample(t, "open_novara_2026.trf"), cet(2026, 11, 23, 10))
	code, _, errs := runCmd(t, "list", "run", "--config", cfg, "--as-of", "2026-11-23", "--kind", "standard", "--period", "2027-03")
	if code != exitUsage || !strings.Contains(errs, "can be closed from 20/02/2027") {
		t.Fatalf("a future list: exit %d %s", code, errs)
	}
	code, _, errs = runCmd(t, "list", "run", "--config", cfg, "--as-of", "2026-12-22", "--kind", "standard", "--period", "2027-01")
	if code != exitUsage || !strings.Contains(errs, "RTF 4.2.2") {
		t.Fatalf("on the cut-off day: exit %d %s", code, errs)
	}
	code, out, errs := runCmd(t, "list", "run", "--config", cfg, "--as-of", "2026-11-23", "--kind", "standard", "--period", "2027-01", "--preview")
	if code != exitOK || !strings.Contains(out, "preview") || !strings.Contains(out, "Novara") {
		t.Fatalf("--preview: exit %d\n%s%s", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "publish")); err == nil {
		t.Error("--preview published")
	}
	// Nothing stored: the list can be closed once its cut-off is past.
	if code, _, errs := listRun(t, "--config", cfg, "--kind", "standard", "--period", "2027-01"); code != exitOK {
		t.Fatalf("after the cut-off: %d %s", code, errs)
	}
}

// 6. Decisions are refused where they do not apply.
func TestIssue14_6_DecisionsRefused(t *testing.T) {
	dir := t.TempDir()
	cfg := chainConfig(t, dir)
	rejected := recordSubmission(t, cfg, "open_ognissanti_rimini.trf", sample(t, "open_ognissanti_rimini.trf"), cet(2026, 11, 23, 10))
	accepted := recordSubmission(t, cfg, "open_novara_2026.trf", sample(t, "open_novara_2026.trf"), cet(2026, 11, 23, 11))
	for _, c := range []struct {
		sub  int64
		args []string
		want string
	}{
		{rejected, []string{"--withdrawal-justified", "1"}, "not homologated"},
		{accepted, []string{"--withdrawal-justified", "31"}, "no player with starting number 31"},
		{accepted, []string{"--theoretical", "1=1800"}, "Colombo, Andrea has a FIDE rating (2318)"},
		{accepted, []string{"--theoretical", "15=1800"}, "Moretti, Federico is on the list (FSI id 135880)"},
	} {
		code, _, errs := runCmd(t, append([]string{"decide", "--config", cfg, "--submission", strconv.FormatInt(c.sub, 10)}, c.args...)...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d %s", c.args, code, errs)
		}
	}
	if code, _, errs := runCmd(t, "decide", "--config", cfg, "--submission", strconv.FormatInt(accepted, 10), "--theoretical", "1=1800"); !strings.Contains(errs, "RTF 4.2.7") || code == exitOK {
		t.Errorf("the article is not named: %s", errs)
	}
}

// 7. Identical bytes sent again get a short notice pointing to the first
// submission, once a day.
func TestIssue14_7_ResentBytesAnswered(t *testing.T) {
	dir := t.TempDir()
	cfg := chainConfig(t, dir)
	nov := sample(t, "open_novara_2026.trf")
	first := recordSubmission(t, cfg, "open_novara_2026.trf", nov, cet(2026, 11, 23, 10))
	recordSubmission(t, cfg, "open_novara_2026.trf", nov, cet(2026, 11, 23, 12))
	recordSubmission(t, cfg, "open_novara_2026.trf", nov, cet(2026, 11, 23, 13))
	code, out, _ := runCmd(t, "status", "--config", cfg, "--json")
	var rows []store.Status
	if code != exitOK || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 2 {
		t.Fatalf("%d submissions, want the first and one repeat a day\n%s", len(rows), out)
	}
	if n := rows[0].Notice; n == nil || n.Kind != "repeat" || !strings.Contains(n.Subject, "invio n. "+strconv.FormatInt(first, 10)) {
		t.Fatalf("repeat notice: %+v", n)
	}
	code, out, _ = runCmd(t, "status", "--config", cfg, "--show", strconv.FormatInt(rows[0].ID, 10))
	if code != exitOK || !strings.Contains(out, "identico all'invio n. "+strconv.FormatInt(first, 10)) || !strings.Contains(out, "ACCETTATO") {
		t.Errorf("the repeat notice:\n%s", out)
	}
}

// A file sharing half its players with a tournament of the same day is
// neither silently the same nor silently another: it stands apart,
// listed for the office, which links it (a version) or unlinks it.
func TestTournamentUnclearLinkUnlink(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms")
	start := time.Now().AddDate(0, 0, -9).Format("2006/01/02")
	extra := []string{"102 Rossi, Mario", `122 90'+30"`}
	first := recordSubmission(t, cfg, "a.trf", pipelinetest.TRF("Open di Prova", "Siena", start, extra...), time.Now().Add(-time.Hour))
	half := section(pipelinetest.TRF("Open di Prova", "Siena", start, extra...), "Q")
	// Players 5–8 renamed back: half the field is the first file's.
	for _, n := range []string{"Epsilon, Cinque", "Zeta, Sei", "Eta, Sette", "Theta, Otto"} {
		half = bytes.Replace(half, []byte(n+"Q"), []byte(n+" "), 1)
	}
	second := recordSubmission(t, cfg, "b.trf", half, time.Now())
	code, out, _ := runCmd(t, "tournament", "list", "--unclear", "--config", cfg)
	if code != exitOK || !strings.Contains(out, "unclear: may be the same tournament as") {
		t.Fatalf("list --unclear: %d\n%s", code, out)
	}
	if n := len(tournaments(t, cfg)); n != 2 {
		t.Fatalf("%d tournaments, want 2 until the office decides", n)
	}
	if s := statusOf(t, cfg, second); !strings.Contains(s.Note, "l'ufficio decide") {
		t.Errorf("the submission's note does not say the office decides: %q", s.Note)
	}
	var orig string
	for _, tr := range tournaments(t, cfg) {
		if tr.CurrentFile == statusOf(t, cfg, first).Files[0].ID {
			orig = strconv.FormatInt(tr.ID, 10)
		}
	}
	// The file as a person knows it (status, the notices): N.M.
	file := statusOf(t, cfg, second).Files[0].Number
	if code, _, errs := runCmd(t, "tournament", "link", "--config", cfg, strconv.FormatInt(statusOf(t, cfg, second).Files[0].ID, 10), orig); code != exitUsage ||
		!strings.Contains(errs, "N.M expected") {
		t.Errorf("linking a file by its internal id: %d %s", code, errs)
	}
	code, out, errs := runCmd(t, "tournament", "link", "--config", cfg, file, orig)
	if code != exitOK || !strings.Contains(out, "* file "+file) {
		t.Fatalf("link: %d\n%s%s", code, out, errs)
	}
	if ts := tournaments(t, cfg); len(ts) != 1 || len(ts[0].Versions) != 2 || ts[0].UnclearWith != "" {
		t.Fatalf("after link: %+v", ts)
	}
	if code, out, errs := runCmd(t, "tournament", "unlink", "--config", cfg, file); code != exitOK {
		t.Fatalf("unlink: %d\n%s%s", code, out, errs)
	}
	if ts := tournaments(t, cfg); len(ts) != 2 || ts[0].CurrentFile == 0 || ts[1].CurrentFile == 0 {
		t.Fatalf("after unlink: %+v", ts)
	}
	if code, _, errs := runCmd(t, "tournament", "link", "--config", cfg, "999.1", orig); code != exitUsage || !strings.Contains(errs, "no file 999.1") {
		t.Errorf("linking no file: %d %s", code, errs)
	}
	// Every act is in the audit trail.
	c, _ := config.Load(cfg)
	o, err := office.Open(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	es, err := o.Audit(context.Background(), store.AuditFilter{})
	if err != nil || len(es) != 2 || es[0].Action != "unlink" || es[1].Action != "link" || es[0].Via != "cli" {
		t.Errorf("audit: %+v %v", es, err)
	}
}

func TestAuditCommand(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms")
	cal := filepath.Join(dir, "calendar.csv")
	os.WriteFile(cal, []byte("code,name,city,start,end,kind,organiser,organiser_email,arbiter_fsi_id\nX1,Open,Siena,2026-12-01,2026-12-02,standard,C,c@example.org,1\n"), 0o644)
	if code, _, errs := runCmd(t, "import", "--config", cfg, "calendar", cal); code != exitOK {
		t.Fatalf("import: %s", errs)
	}
	code, out, _ := runCmd(t, "audit", "--config", cfg)
	if code != exitOK || !strings.Contains(out, officeUser()+" (admin, cli)  import register calendar: "+cal+": 1 row (") {
		t.Errorf("audit:\n%s", out)
	}
	code, out, _ = runCmd(t, "audit", "--config", cfg, "--json", "--action", "decide")
	if code != exitOK || strings.TrimSpace(out) != "[]" {
		t.Errorf("audit --action decide: %s", out)
	}
	if code, _, _ := runCmd(t, "audit", "--config", cfg, "--since", "yesterday"); code != exitUsage {
		t.Error("a bad --since accepted")
	}
}

// A tournament received in a period but homologated only after its list
// was closed (a submission judged late, e.g. released from quarantine)
// is rated in the next list, once.
func TestHomologatedAfterItsListClosed(t *testing.T) {
	dir := t.TempDir()
	cfg := chainConfig(t, dir)
	c, err := config.Load(cfg)
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), c.Store.Path)
	if err != nil {
		t.Fatal(err)
	}
	data := sample(t, "rapid_vercelli_2026.trf")
	_, _, err = st.Record(context.Background(), ingestCLI("rapid_vercelli_2026.trf", data, cet(2026, 11, 23, 10)), cet(2026, 11, 23, 10))
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	if code, r, errs := listRun(t, "--config", cfg, "--kind", "rapid", "--period", "2026-12"); code != exitOK || len(r.Report.Tournaments) != 0 {
		t.Fatalf("period 1: %d %+v %s", code, r.Report.Tournaments, errs)
	}
	judgeAll(t, cfg)
	code, r, errs := listRun(t, "--config", cfg, "--kind", "rapid", "--period", "2027-01")
	if code != exitOK || len(r.Report.Tournaments) != 1 || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0], "not rated in any list") {
		t.Fatalf("period 2: %d %+v %v %s", code, r.Report.Tournaments, r.Warnings, errs)
	}
	if code, r, _ := listRun(t, "--config", cfg, "--kind", "rapid", "--period", "2027-02"); code != exitOK || len(r.Report.Tournaments) != 0 {
		t.Errorf("period 3 rates it again: %+v", r.Report.Tournaments)
	}
}

// omologa resend: a delivered notice is not sent again (its Message-ID
// is fixed), a submission that does not exist is named, and --failed
// with nothing failed says so (pipeline's TestSpentAttemptsRetrySlowlyThenResend
// resends a failed one).
func TestResendCommand(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms")
	id := recordSubmission(t, cfg, "a.trf", pipelinetest.TRF("Open di Prova", "Siena", time.Now().AddDate(0, 0, -7).Format("2006/01/02")), time.Now())
	if code, _, errs := runCmd(t, "resend", "--config", cfg, strconv.FormatInt(id, 10)); code != exitUsage || !strings.Contains(errs, "already delivered") {
		t.Fatalf("resend of a delivered notice: %d %s", code, errs)
	}
	if code, _, errs := runCmd(t, "resend", "--config", cfg, "99"); code != exitUsage || !strings.Contains(errs, "no submission 99") {
		t.Errorf("resend of no submission: %d %s", code, errs)
	}
	if code, _, errs := runCmd(t, "resend", "--config", cfg, "--failed"); code != exitOK || !strings.Contains(errs, "no failed or failing notice") {
		t.Errorf("resend --failed with none: %d %s", code, errs)
	}
}
