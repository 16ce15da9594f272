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

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/publishing/lists"
	"omologa/internal/rating"
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
	for _, want := range []string{`<html lang="it">`, "Tessera FSI", id, `href="../tornei/1.html"`, `<th scope="col"`, "<svg", "Andamento dell'Elo",
		"gennaio 2027", "dicembre 2026", `href="../assets/style.`} {
		if !strings.Contains(page, want) {
			t.Errorf("player page lacks %q", want)
		}
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
