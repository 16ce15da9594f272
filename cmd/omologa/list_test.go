package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"omologa/internal/fsi/registers"
)

// TestListClose_GeneratedSeason generates a season, closes two standard
// periods in a row (the first's list is the second's input) and checks
// that every tournament is rated in exactly one of them.
func TestListClose_GeneratedSeason(t *testing.T) {
	dir := t.TempDir()
	run := func(args ...string) []byte {
		t.Helper()
		var out, errb bytes.Buffer
		if code := runMain(context.Background(), args, &out, &errb); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		return out.Bytes()
	}
	run("gen", "--out", dir, "--players", "400", "--tournaments", "16", "--field", "14", "--rounds", "7", "--days", "80")
	files, _ := filepath.Glob(filepath.Join(dir, "t*.trf"))
	if len(files) != 16 {
		t.Fatalf("%d files", len(files))
	}
	rated := map[string]int{}
	someone := ""
	list := filepath.Join(dir, "players.csv")
	for i, period := range []string{"2026-03", "2026-05"} {
		out := filepath.Join(dir, "list-"+period+".csv")
		args := append([]string{"list", "close", "--json", "--rules", ratingSettings, "--kind", "standard",
			"--period", period, "--players", list, "--received", filepath.Join(dir, "received.csv"), "--out", out}, files...)
		var rep struct {
			Tournaments []struct{ File string }
			Excluded    []struct{ File, Period string }
			Changes     []struct {
				FSIID    string `json:"fsi_id"`
				Previous int
				New      int
			}
		}
		if err := json.Unmarshal(run(args...), &rep); err != nil {
			t.Fatal(err)
		}
		for _, tt := range rep.Tournaments {
			rated[tt.File]++
		}
		if len(rep.Tournaments)+len(rep.Excluded) != len(files) || len(rep.Tournaments) == 0 {
			t.Errorf("%s: %d rated, %d excluded", period, len(rep.Tournaments), len(rep.Excluded))
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := registers.ReadPlayers(out, data)
		if err != nil {
			t.Fatalf("the new list does not read back as a register: %v", err)
		}
		byID := map[string]int{}
		for _, r := range ps.Rows {
			byID[r.FSIID] = r.EloItalia
		}
		for _, c := range rep.Changes {
			if c.New > 0 && c.Previous > 0 {
				someone = c.FSIID
			}
			if byID[c.FSIID] != c.New {
				t.Errorf("%s: player %s: report says %d, list %d", period, c.FSIID, c.New, byID[c.FSIID])
			}
		}
		if i == 0 && len(ps.ExtraHeader) == 0 {
			t.Error("no state columns written")
		}
		list = out
	}
	for _, f := range files {
		if rated[f] > 1 {
			t.Errorf("%s rated %d times", f, rated[f])
		}
	}
	pub := filepath.Join(dir, "pub")
	var out struct {
		Players int
		Files   []string
	}
	if err := json.Unmarshal(run("list", "publish", "--json", "--kind", "standard", "--players", list, "--out", pub,
		"--history", someone, filepath.Join(dir, "players.csv"), filepath.Join(dir, "list-2026-03.csv")), &out); err != nil {
		t.Fatal(err)
	}
	if out.Players == 0 || len(out.Files) < 3 {
		t.Errorf("published %+v", out)
	}
	for _, f := range out.Files {
		if st, err := os.Stat(f); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// listUpdate reports -update (defined here or by another test file).
var listUpdate = func() func() bool {
	if f := flag.Lookup("update"); f != nil {
		return func() bool { return f.Value.String() == "true" }
	}
	b := flag.Bool("update", false, "rewrite the golden files")
	return func() bool { return *b }
}()

// TestListClose_Golden keeps the text report of a small generated season
// (standard list of March 2026, then rapid list of February) in
// testdata/rating: the report is what the office reads.
func TestListClose_Golden(t *testing.T) {
	for _, kind := range []string{"standard", "rapid"} {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			var out, errb bytes.Buffer
			if code := runMain(context.Background(), []string{"gen", "--out", dir, "--kind", kind, "--seed", "7", "--players", "60",
				"--tournaments", "4", "--field", "8", "--rounds", "5", "--days", "30", "--forfeits", "0.05", "--byes", "0.05"}, &out, &errb); code != exitOK {
				t.Fatalf("gen: %s", errb.String())
			}
			files, _ := filepath.Glob(filepath.Join(dir, "t*.trf"))
			period := map[string]string{"standard": "2026-03", "rapid": "2026-02"}[kind]
			out.Reset()
			args := append([]string{"list", "close", "--rules", ratingSettings, "--kind", kind, "--period", period,
				"--players", filepath.Join(dir, "players.csv"), "--received", filepath.Join(dir, "received.csv"),
				"--out", filepath.Join(dir, "new.csv")}, files...)
			if code := runMain(context.Background(), args, &out, &errb); code != exitOK {
				t.Fatalf("list close: %s", errb.String())
			}
			got := strings.ReplaceAll(out.String(), dir+string(filepath.Separator), "DIR/")
			golden := filepath.Join("testdata", "rating", "close_"+kind+".golden")
			if listUpdate() {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("report differs from %s (go test -run ListClose_Golden -update):\n%s", golden, got)
			}
		})
	}
}
