package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"omologa/internal/config"
	"omologa/internal/intake/ingest"
	"omologa/internal/office"
	"omologa/internal/rating"
	"omologa/internal/store"
)

// withdrawalFile is the Vercelli rapid with Lombardi (4) losing the last
// round by forfeit against his paired opponent Moretti (5), instead of
// drawing (the two swap places in the standings): an unjustified withdrawal on the crosstable's reading (RTF
// 7.5.2), while his games played give him a positive variation.
func withdrawalFile(t *testing.T) []byte {
	t.Helper()
	nov, err := os.ReadFile(filepath.Join(repoRoot(), "samples", "drop", "rapid_vercelli_2026.trf"))
	if err != nil {
		t.Skip("samples missing:", err)
	}
	lines := strings.Split(string(nov), "\n")
	edit := func(start int, from, to, score, rank string) {
		t.Helper()
		prefix := "001 " + strings.Repeat(" ", 4-len(strconv.Itoa(start))) + strconv.Itoa(start) + " "
		for i, l := range lines {
			// The sample has CRLF line ends.
			if l = strings.TrimRight(l, "\r"); strings.HasPrefix(l, prefix) && strings.HasSuffix(l, from) {
				l = strings.TrimSuffix(l, from) + to + "\r"
				lines[i] = l[:81] + score + l[84:85] + rank + l[89:]
				return
			}
		}
		t.Fatalf("no line for %d ending %q", start, from)
	}
	edit(4, "5 w =", "5 w -", "3.5", "   4")
	edit(5, "4 b =", "4 b +", "4.5", "   3")
	return []byte(strings.Join(lines, "\n"))
}

func decide(t *testing.T, args ...string) (int, office.DecideResult, string) {
	t.Helper()
	code, out, errs := runCmd(t, append([]string{"decide", "--json"}, args...)...)
	var o office.DecideResult
	if code == exitOK {
		if err := json.Unmarshal([]byte(out), &o); err != nil {
			t.Fatalf("decide --json: %v\n%s", err, out)
		}
	}
	return code, o, errs
}

// variationOf returns the variation of the player with starting number
// start in the period's only tournament.
func variationOf(t *testing.T, o office.ListRunResult, start int) rating.Variation {
	t.Helper()
	for _, c := range o.Report.Changes {
		for _, v := range c.Variations {
			if v.Start == start {
				return v
			}
		}
	}
	t.Fatalf("no variation for player %d", start)
	return rating.Variation{}
}

// TestDecideWithdrawalJustified: RTF 7.5.2–7.5.3 with the office's
// word. The crosstable reads Lombardi's last-round forfeit as an
// unjustified withdrawal and his positive variation is zeroed; the
// office judges it justified and list run applies it; --clear restores
// the crosstable's reading.
func TestDecideWithdrawalJustified(t *testing.T) {
	dir := t.TempDir()
	cfg := chainConfig(t, dir)
	id := recordSubmission(t, cfg, "rapid_vercelli_2026.trf", withdrawalFile(t), cet(2026, 11, 23, 10))
	sub := strconv.FormatInt(id, 10)
	run := func(force bool) office.ListRunResult {
		t.Helper()
		args := []string{"--config", cfg, "--kind", "rapid", "--period", "2026-12", "--out", filepath.Join(dir, "out")}
		if force {
			args = append(args, "--force")
		}
		code, o, errs := listRun(t, args...)
		if code != exitOK || len(o.Report.Tournaments) != 1 {
			t.Fatalf("list run: exit %d, tournaments %+v\n%s", code, o.Report.Tournaments, errs)
		}
		return o
	}

	// The crosstable's reading: zeroed, RTF 7.5.3.
	before := variationOf(t, run(false), 4)
	if before.Delta <= 0 || before.Applied != 0 || !slices.Contains(before.Articles, rating.ArtWithdrawal) {
		t.Fatalf("RTF 7.5.3 by default: %+v", before)
	}

	// No decisions yet.
	code, o, errs := decide(t, "--config", cfg, "--submission", sub)
	if code != exitOK || len(o.Files) != 1 || len(o.Files[0].Decisions) != 0 {
		t.Fatalf("listing: exit %d %+v\n%s", code, o, errs)
	}

	// A theoretical rating for a player on the list is refused (RAPID
	// 6.8: only for a player without one), and nothing is recorded.
	if code, _, errs := runCmd(t, "decide", "--config", cfg, "--submission", sub, "--withdrawal-unjustified", "4", "--theoretical", "9=1900"); code != exitUsage ||
		!strings.Contains(errs, "Mariani, Antonio is on the list") || !strings.Contains(errs, "RAPID 6.8") {
		t.Fatalf("theoretical rating of a listed player: exit %d\n%s", code, errs)
	}
	// Unjustified first, then justified: the later decision stands.
	if code, _, errs := decide(t, "--config", cfg, "--submission", sub, "--withdrawal-unjustified", "4"); code != exitOK {
		t.Fatalf("decide: exit %d\n%s", code, errs)
	}
	code, o, errs = decide(t, "--config", cfg, "--submission", sub, "--withdrawal-justified", "4")
	if code != exitOK || len(o.Files) != 1 || len(o.Files[0].Decisions) != 1 {
		t.Fatalf("decide: exit %d %+v\n%s", code, o, errs)
	}
	d := o.Files[0].Decisions[0]
	if d.Start != 4 || d.Kind != store.DecisionWithdrawal || d.Value != store.WithdrawalJustified || d.By == "" || d.At.IsZero() ||
		d.Name != "Lombardi, Marco" || d.Article != "RTF 7.5.2–7.5.3" {
		t.Errorf("recorded: %+v", d)
	}

	// list run applies it: the variation stands.
	r := run(true)
	after := variationOf(t, r, 4)
	t.Logf("Lombardi: delta %s, applied %s by default, %s when justified", before.Delta, before.Applied, after.Applied)
	if after.Applied != after.Delta || after.Delta != before.Delta || slices.Contains(after.Articles, rating.ArtWithdrawal) {
		t.Errorf("RTF 7.5.2, justified: %+v (before %+v)", after, before)
	}
	if len(r.Decisions) != 1 || r.Decisions[0].Start != 4 || r.Decisions[0].Article != "RTF 7.5.2–7.5.3" ||
		!strings.Contains(r.Decisions[0].File, "rapid_vercelli_2026.trf") {
		t.Errorf("decisions applied: %+v", r.Decisions)
	}
	// The human output says so too.
	code, out, errs := runCmd(t, "list", "run", "--as-of", testAsOf, "--config", cfg, "--kind", "rapid", "--period", "2026-12", "--out", filepath.Join(dir, "out"), "--force")
	if code != exitOK || !strings.Contains(out, "office decisions applied:") || !strings.Contains(out, "4 Lombardi, Marco: withdrawal justified") {
		t.Errorf("human list run: exit %d\n%s%s", code, out, errs)
	}
	if page, err := os.ReadFile(filepath.Join(dir, "office", "rapid-2026-12", "changes.html")); err != nil || !bytes.Contains(page, []byte("Decisione dell")) {
		t.Errorf("the office's changes.html does not show the decisions: %v", err)
	} else if !bytes.Contains(page, []byte("4 Lombardi, Marco: ritiro giustificato")) || bytes.Contains(page, []byte("withdrawal justified")) {
		t.Error("the office's changes.html (Italian) does not show the decision in Italian")
	}
	code, out, _ = runCmd(t, "decide", "--config", cfg, "--submission", sub)
	if code != exitOK || !strings.Contains(out, "4 Lombardi, Marco: withdrawal justified") {
		t.Errorf("human listing: exit %d\n%s", code, out)
	}

	// --clear: the crosstable's reading again.
	if code, o, errs := decide(t, "--config", cfg, "--submission", sub, "--clear", "4", "--clear", "9"); code != exitOK || len(o.Files[0].Decisions) != 0 {
		t.Fatalf("clear: exit %d %+v\n%s", code, o, errs)
	}
	r = run(true)
	if v := variationOf(t, r, 4); v.Applied != 0 || len(r.Decisions) != 0 {
		t.Errorf("after --clear: %+v, decisions %+v", v, r.Decisions)
	}
}

func TestDecideBadInput(t *testing.T) {
	dir := t.TempDir()
	cfg := chainConfig(t, dir)
	id := recordSubmission(t, cfg, "rapid_vercelli_2026.trf", withdrawalFile(t), cet(2026, 11, 23, 10))
	sub := strconv.FormatInt(id, 10)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--withdrawal-justified", "4"}, "--submission ID is required"},
		{[]string{"--submission", "999", "--withdrawal-justified", "4"}, "no submission 999"},
		{[]string{"--submission", sub, "--file", "other.trf", "--withdrawal-justified", "4"}, `0 files named "other.trf"`},
		{[]string{"--submission", sub, "--withdrawal-justified", "99"}, "no player with starting number 99"},
		{[]string{"--submission", sub, "--clear", "99"}, "no player with starting number 99"},
		{[]string{"--submission", sub, "--withdrawal-justified", "x"}, `"x" is not a starting number`},
		{[]string{"--submission", sub, "--theoretical", "4"}, "START=RATING expected"},
		{[]string{"--submission", sub, "--theoretical", "4=abc"}, "whole number from 1 to 3500"},
		{[]string{"--submission", sub, "--theoretical", "0=1800"}, "not a starting number"},
		{[]string{"--submission", sub, "--withdrawal-justified", "4", "--withdrawal-unjustified", "4"}, "two decisions of the same kind"},
		{[]string{"--submission", sub, "extra"}, "unexpected arguments"},
	} {
		code, out, errs := runCmd(t, append([]string{"decide", "--config", cfg}, c.args...)...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, want %d and %q\n%s%s", c.args, code, exitUsage, c.want, out, errs)
		}
	}
	// A submission of two files: --file says which.
	conf, err := config.Load(cfg)
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), conf.Store.Path)
	if err != nil {
		t.Fatal(err)
	}
	data := withdrawalFile(t)
	two, _, err := st.Record(context.Background(), &ingest.Submission{Channel: ingest.ChannelCLI, ReceivedAt: cet(2026, 11, 24, 10),
		Original: ingest.Bytes([]byte("two")), Files: []ingest.File{{Name: "a.trf", Content: ingest.Bytes(data)}, {Name: "b.trf", Content: ingest.Bytes(data)}}}, cet(2026, 11, 24, 10))
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	judgeAll(t, cfg)
	twoID := strconv.FormatInt(two, 10)
	if code, _, errs := runCmd(t, "decide", "--config", cfg, "--submission", twoID, "--withdrawal-justified", "4"); code != exitUsage ||
		!strings.Contains(errs, "2 files: say which with --file NAME (a.trf, b.trf)") {
		t.Errorf("two files without --file: exit %d\n%s", code, errs)
	}
	code, o, errs := decide(t, "--config", cfg, "--submission", twoID, "--file", "b.trf", "--withdrawal-justified", "4")
	if code != exitOK || len(o.Files) != 1 || o.Files[0].Name != "b.trf" || len(o.Files[0].Decisions) != 1 {
		t.Errorf("--file b.trf: exit %d %+v\n%s", code, o, errs)
	}
	if code, o, _ := decide(t, "--config", cfg, "--submission", twoID); code != exitOK || len(o.Files) != 2 ||
		len(o.Files[0].Decisions) != 0 || len(o.Files[1].Decisions) != 1 {
		t.Errorf("listing two files: exit %d %+v", code, o)
	}

	// Nothing was recorded by the refused calls.
	if code, o, _ := decide(t, "--config", cfg, "--submission", sub); code != exitOK || len(o.Files) != 1 || len(o.Files[0].Decisions) != 0 {
		t.Errorf("after refused calls: exit %d %+v", code, o)
	}
}

// judgeAll judges what the store of the configuration holds unjudged.
func judgeAll(t *testing.T, cfgPath string) {
	t.Helper()
	cfg, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	a, err := openApp(context.Background(), cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer a.close()
	if _, err := a.pipe.Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
}
