package site

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/publishing/lists"
	"omologa/internal/rating"
	"omologa/internal/testkit/browsertest"
	"omologa/internal/testkit/synth"
	"omologa/internal/tournament"
)

// season makes a site's input from a synthetic season: the register as
// a standard list of January 2027 and a rapid list of December 2026,
// and the season's tournaments as homologated, with their standings
// from the file and a variation for each player.
func season(players, tourns int) (Input, *synth.Season) {
	c := synth.Default()
	c.Players, c.Tournaments = players, tourns
	s := synth.Generate(c)
	std := periods.Period{Label: "2027-01", Issue: tournament.NewDate(2027, 1, 1)}
	rap := periods.Period{Label: "2026-12", Issue: tournament.NewDate(2026, 12, 1)}
	in := Input{Lists: []List{{Kind: fsi.Standard, Period: std, Players: s.Players}, {Kind: fsi.Rapid, Period: rap, Players: s.Players}}}
	for i, t := range s.Tournaments {
		in.Tournaments = append(in.Tournaments, tournamentOf(int64(i+1), t))
	}
	return in, s
}

func tournamentOf(id int64, t *tournament.Tournament) Tournament {
	out := Tournament{ID: id, Name: t.Name, City: t.City, Province: "NO", Start: t.Start, End: t.End, Kind: fsi.Standard, T: t,
		FSI: map[int]string{}, Variations: map[int]rating.Tenths{}, RatedIn: "Elo Italia – lista di gennaio 2027"}
	for i := range t.Players {
		p := &t.Players[i]
		out.Standings = append(out.Standings, validate.Standing{Start: p.Start, Name: p.Name, Points: t.Score(p), Rank: i + 1})
		out.FSI[p.Start] = p.NationalID
		out.Variations[p.Start] = rating.Tenths((i%7 - 3) * 10)
	}
	return out
}

// Markers in every private field of the register: none may reach a file.
var secrets = []string{"CLUB-SEGRETO", "7777777", "1901-02-03", "03/02/1901", "FEDERAZIONE-SEGRETA"}

func TestBuildPublishesOnlyPublicFields(t *testing.T) {
	in, s := season(200, 6)
	for i := range s.Players.Rows {
		r := &s.Players.Rows[i]
		r.Club, r.FideID, r.BirthDate, r.Federation = "CLUB-SEGRETO", "7777777", tournament.NewDate(1901, 2, 3), "FEDERAZIONE-SEGRETA"
	}
	for _, t := range s.Tournaments {
		for i := range t.Players {
			t.Players[i].FideID, t.Players[i].BirthDate, t.Players[i].Federation = "7777777", tournament.NewDate(1901, 2, 3), "FEDERAZIONE-SEGRETA"
		}
	}
	dir := t.TempDir()
	res, err := Build(dir, in)
	if err != nil {
		t.Fatal(err)
	}
	if res.Players != 200 {
		t.Errorf("%d players' pages, want 200", res.Players)
	}
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := os.ReadFile(p)
		for _, s := range secrets {
			if strings.Contains(string(b), s) {
				t.Errorf("%s carries the private %q", p, s)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestRebuildRewritesOnlyTouchedPages: a second build with nothing new
// writes nothing; a build after one more tournament writes its page, the
// tournaments' index, its players' pages and its province's page, and
// no chart (their histories did not change).
func TestRebuildRewritesOnlyTouchedPages(t *testing.T) {
	in, s := season(300, 10)
	last := in.Tournaments[len(in.Tournaments)-1]
	in.Tournaments = in.Tournaments[:len(in.Tournaments)-1]
	dir := t.TempDir()
	first, err := Build(dir, in)
	if err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(dir, ManifestFile)
	past := time.Now().Add(-time.Hour)
	if err := os.Chtimes(manifest, past, past); err != nil {
		t.Fatal(err)
	}
	again, err := Build(dir, in)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Written) != 0 || again.Kept != first.Files {
		t.Errorf("unchanged rebuild wrote %v, kept %d of %d", again.Written, again.Kept, first.Files)
	}
	// Nor the manifest: its bytes are the same.
	if fi, err := os.Stat(manifest); err != nil || !fi.ModTime().Equal(past) {
		t.Errorf("unchanged rebuild rewrote %s (%v)", ManifestFile, err)
	}
	in.Tournaments = append(in.Tournaments, last)
	after, err := Build(dir, in)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"tornei/index.html", tournPath(last.ID), provincePath("NO"), "province/index.html"}
	for _, st := range last.Standings {
		want = append(want, playerPath(last.FSI[st.Start]))
	}
	slices.Sort(want)
	if !slices.Equal(after.Written, want) {
		t.Errorf("after one tournament, written\n%v\nwant\n%v", after.Written, want)
	}
	if len(after.Removed) != 0 {
		t.Errorf("removed %v", after.Removed)
	}
	t.Logf("%d files; after one tournament of %d players: %d written", after.Files, len(last.Standings), len(after.Written))
	// A tournament no longer homologated (revoked) loses its page.
	in.Tournaments = in.Tournaments[:len(in.Tournaments)-1]
	rev, err := Build(dir, in)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rev.Removed, []string{tournPath(last.ID)}) {
		t.Errorf("after a revocation, removed %v", rev.Removed)
	}
	if _, err := os.Stat(filepath.Join(dir, tournPath(last.ID))); err == nil {
		t.Error("the revoked tournament's page is still there")
	}
	_ = s
}

// TestListPageFollowsItsList: a list's page and CSV are skipped
// unrendered while the list is unchanged, and written again when one of
// its rows changes; the other list's are left alone.
func TestListPageFollowsItsList(t *testing.T) {
	in, s := season(200, 5)
	dir := t.TempDir()
	if _, err := Build(dir, in); err != nil {
		t.Fatal(err)
	}
	rapid := &registers.Players{Rows: slices.Clone(s.Players.Rows), ExtraHeader: s.Players.ExtraHeader}
	i := slices.IndexFunc(rapid.Rows, func(r registers.Player) bool { return r.EloRapid > 0 && r.FSIID != "" })
	rapid.Rows[i].EloRapid += 7
	in.Lists[1].Players = rapid
	again, err := Build(dir, in)
	if err != nil {
		t.Fatal(err)
	}
	page, csvFile := listPath(fsi.Rapid, "2026-12"), "liste/rapid-2026-12.csv"
	if !slices.Contains(again.Written, page) || !slices.Contains(again.Written, csvFile) {
		t.Errorf("a rating changed on the rapid list: written %v, want its page and CSV", again.Written)
	}
	if std := listPath(fsi.Standard, "2027-01"); slices.Contains(again.Written, std) {
		t.Errorf("the standard list did not change, its page was written")
	}
	b, err := os.ReadFile(filepath.Join(dir, csvFile))
	if err != nil || !strings.Contains(string(b), strconv.Itoa(rapid.Rows[i].EloRapid)) {
		t.Errorf("the rapid CSV lacks the new rating %d (%v)", rapid.Rows[i].EloRapid, err)
	}
}

// A player's page carries his facts and games; his ratings in each list
// are in the list's data files, which the page's script reads.
func TestPlayerPage(t *testing.T) {
	in, s := season(50, 3)
	dir := t.TempDir()
	if _, err := Build(dir, in); err != nil {
		t.Fatal(err)
	}
	t0 := s.Tournaments[0]
	id := t0.Players[0].NationalID
	b, err := os.ReadFile(filepath.Join(dir, playerPath(id)))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, want := range []string{`<html lang="it">`, "Tessera FSI", id, `href="../tornei/1.html"`, `<th scope="col"`, `id="chart"`,
		`data-id="` + id + `"`, "Andamento dell&#39;Elo", `<script src="storia/liste.js">`, `src="../assets/storia.`, `href="../assets/style.`} {
		if !strings.Contains(page, want) {
			t.Errorf("player page lacks %q", want)
		}
	}
	idx, err := os.ReadFile(filepath.Join(dir, historyIndex))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"window.omologaListe = ", `"m":"gennaio 2027"`, `"m":"dicembre 2026"`, `"h":"liste/standard-2027-01.html"`} {
		if !strings.Contains(string(idx), want) {
			t.Errorf("%s lacks %q:\n%s", historyIndex, want, idx)
		}
	}
	// His row in the standard list's shard (the rapid list has only
	// the players with a rapid rating).
	for _, l := range []string{"standard-2027-01-"} {
		files, _ := filepath.Glob(filepath.Join(dir, historyDir, l+"*", "*.js"))
		if len(files) != 1 {
			t.Fatalf("%s: %d shards, want 1 for 50 players", l, len(files))
		}
		b, _ := os.ReadFile(files[0])
		if !strings.Contains(string(b), `"`+id+`":[`) {
			t.Errorf("%s lacks %s", files[0], id)
		}
	}
}

// TestShardOf: the shard of an id is FNV-1a over its UTF-16 units, as
// history.js computes it (the values are JavaScript's).
func TestShardOf(t *testing.T) {
	for _, c := range []struct {
		id   string
		n, w int
	}{{"112000", 30, 2166136261 % 30}, {"", 7, 2166136261 % 7}} {
		if c.id == "" {
			if got := shardOf(c.id, c.n); got != c.w {
				t.Errorf("shardOf(%q, %d) = %d, want %d", c.id, c.n, got, c.w)
			}
			continue
		}
		h := uint32(2166136261)
		for _, r := range c.id {
			h = (h ^ uint32(r)) * 16777619
		}
		if got := shardOf(c.id, c.n); got != int(h%uint32(c.n)) {
			t.Errorf("shardOf(%q, %d) = %d, want %d", c.id, c.n, got, h%uint32(c.n))
		}
	}
}

// TestHistoryPageInBrowser opens players' pages from disk in Chromium:
// the table lists every list the player is on, oldest first, and the
// chart's time axis ends at his latest list (two lists, December 2026
// and January 2027, drew an axis to November 2027).
func TestHistoryPageInBrowser(t *testing.T) {
	in, s := season(2500, 4)
	rapid := periods.Period{Label: "2027-01", Issue: tournament.NewDate(2027, 1, 1)}
	later := &registers.Players{Rows: slices.Clone(s.Players.Rows), ExtraHeader: s.Players.ExtraHeader}
	i := slices.IndexFunc(later.Rows, func(r registers.Player) bool { return r.EloRapid > 0 && r.FSIID != "" })
	later.Rows[i].EloRapid += 15
	in.Lists = append(in.Lists, List{Kind: fsi.Rapid, Period: rapid, Players: later})
	dir := t.TempDir()
	if _, err := Build(dir, in); err != nil {
		t.Fatal(err)
	}
	b := browsertest.New(t, "", browsertest.Options{ShotPrefix: "site-history-"})
	id := later.Rows[i].FSIID
	b.Open(t, "file://"+filepath.Join(dir, playerPath(id)))
	b.Until(t, `document.querySelector("#chart svg") !== null`)
	b.Shot(t, "player")
	rows := b.Text(t, "#storia")
	for _, want := range []string{"dicembre 2026", "gennaio 2027", strconv.Itoa(later.Rows[i].EloRapid), strconv.Itoa(s.Players.Rows[i].EloRapid)} {
		if !strings.Contains(rows, want) {
			t.Errorf("history table lacks %q: %q", want, rows)
		}
	}
	if first := b.Text(t, "#storia tr:first-child th"); first != "dicembre 2026" {
		t.Errorf("first row %q, want the oldest list, dicembre 2026", first)
	}
	ticks, err := chromedp.Run(b.Ctx, chromedp.Evaluate[string](`document.querySelector("#chart svg").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ticks, "gen 2027") || strings.Contains(ticks, "nov 2027") || strings.Contains(ticks, "feb 2027") {
		t.Errorf("axis: want a tick gen 2027 and none after it: %q", ticks)
	}
	if n := b.Count(t, "#chart svg circle"); n != 3 {
		t.Errorf("%d points, want 3 (one standard, two rapid)", n)
	}
	// Every shard resolves: the page of a player in each shard shows his
	// rows.
	seen := map[int]bool{}
	for _, r := range later.Rows {
		sh := shardOf(r.FSIID, 3)
		if r.FSIID == "" || seen[sh] || r.EloRapid == 0 || r.EloItalia == 0 {
			continue
		}
		seen[sh] = true
		b.Open(t, "file://"+filepath.Join(dir, playerPath(r.FSIID)))
		b.Until(t, `document.querySelectorAll("#storia tr").length === 3`)
	}
	if len(seen) != 3 {
		t.Errorf("%d shards visited, want 3", len(seen))
	}
}

// BenchmarkBuild builds the site of a 30,000-player list (standard and
// rapid) with 300 tournaments from scratch, then rebuilds it unchanged.
func BenchmarkBuild(b *testing.B) {
	in, _ := season(30000, 300)
	for _, mode := range []string{"scratch", "unchanged"} {
		b.Run(mode, func(b *testing.B) {
			dir := b.TempDir()
			if mode == "unchanged" {
				if _, err := Build(dir, in); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			// CPU time (user and system) as well as the wall clock: on a
			// machine other jobs share, the CPU the build took is the
			// figure to compare.
			var before syscall.Rusage
			_ = syscall.Getrusage(syscall.RUSAGE_SELF, &before)
			for range b.N {
				if mode == "scratch" {
					b.StopTimer()
					os.RemoveAll(dir)
					b.StartTimer()
				}
				r, err := Build(dir, in)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(len(r.Written)), "written")
				b.ReportMetric(float64(r.Files), "files")
			}
			var after syscall.Rusage
			_ = syscall.Getrusage(syscall.RUSAGE_SELF, &after)
			cpu := time.Duration(after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano())
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
			if st, err := os.Stat(filepath.Join(dir, listPath(fsi.Standard, "2027-01"))); err == nil {
				b.ReportMetric(float64(st.Size())/1e6, "list-MB")
			}
		})
	}
}

var _ = fmt.Sprint
var _ = registers.Letters

// A list given with its published rows (lists.BuildRows, as the office
// reads them once) builds the same site as one Build computes them for.
func TestListWithEntriesBuildsTheSameSite(t *testing.T) {
	in, _ := season(60, 2)
	given := in
	given.Lists = slices.Clone(in.Lists)
	for i := range given.Lists {
		l := &given.Lists[i]
		l.Entries, l.Rows = lists.BuildRows(l.Players, l.Kind)
	}
	a, b := t.TempDir(), t.TempDir()
	if _, err := Build(a, in); err != nil {
		t.Fatal(err)
	}
	if _, err := Build(b, given); err != nil {
		t.Fatal(err)
	}
	n := 0
	err := filepath.WalkDir(a, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(a, p)
		x, _ := os.ReadFile(p)
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs (%v)", rel, err)
		}
		n++
		return nil
	})
	if err != nil || n < 60 {
		t.Fatalf("%d files compared: %v", n, err)
	}
}
