package office_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/fsi"
	"omologa/internal/homologation/rules"
	"omologa/internal/office"
	"omologa/internal/store"
	"omologa/internal/testkit/synth"
)

// TestSiteFoldedIncrementally: the site a build writes after a list is
// closed, from the lists' fold kept by the builds before (reading only
// the new list), is byte for byte the site a build writes from scratch
// without the fold; and so is it after the last list closed again (the
// fold without it is kept too) and after an earlier one closed again
// (its stamp changes: the fold is made again from the start).
func TestSiteFoldedIncrementally(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, rf := storeAndRules(t, dir)
	c := synth.Default()
	c.Players, c.Tournaments = 400, 1
	season := synth.Generate(c)
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	save := func(k fsi.Kind, y, m int, replace bool) {
		t.Helper()
		list, err := season.ListCSV(y, m)
		if err != nil {
			t.Fatal(err)
		}
		p, err := rf.Rating.Schedule(k).Parse(fmt.Sprintf("%d-%02d", y, m))
		if err != nil {
			t.Fatal(err)
		}
		now = now.Add(time.Minute)
		if _, err := st.SaveRatingList(ctx, &store.RatingList{Kind: k, Period: p.Label, Issue: p.Issue.String(), From: p.From.String(),
			Cutoff: p.Cutoff.String(), BasedOn: "list", List: list, Rows: len(season.Players.Rows), Report: []byte("{}"), Base: list},
			replace, now); err != nil {
			t.Fatal(err)
		}
	}
	o := &office.Office{Store: st, Config: &config.Config{Store: config.Store{Path: filepath.Join(dir, "omologa.db")}}, Rules: rf,
		Now: func() time.Time { return now }, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	cache := filepath.Join(dir, "cache", "public.gob")
	site := filepath.Join(dir, "site")
	save(fsi.Standard, 2025, 11, false)
	save(fsi.Rapid, 2025, 12, false)
	if _, err := o.BuildSite(ctx, site); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(cache); err != nil {
		t.Fatalf("no fold kept: %v", err)
	}
	for i, step := range []func(){
		func() { save(fsi.Rapid, 2026, 1, false); save(fsi.Standard, 2026, 1, false) },
		func() { save(fsi.Rapid, 2026, 2, false) },
		func() { save(fsi.Rapid, 2026, 2, true) },  // the last list closed again
		func() { save(fsi.Rapid, 2025, 12, true) }, // closed again
	} {
		step()
		res, err := o.BuildSite(ctx, site)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(cache); err != nil {
			t.Fatal(err)
		}
		fresh := filepath.Join(dir, fmt.Sprint("fresh", i))
		if _, err := o.BuildSite(ctx, fresh); err != nil {
			t.Fatal(err)
		}
		sameTree(t, site, fresh)
		t.Logf("step %d: %d written, %d kept", i, len(res.Written), res.Kept)
	}
}

// sameTree fails the test unless the folders hold the same files with
// the same bytes.
func sameTree(t *testing.T, a, b string) {
	t.Helper()
	files := func(root string) map[string][]byte {
		m := map[string][]byte{}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			m[rel], err = os.ReadFile(p)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	fa, fb := files(a), files(b)
	for n, x := range fa {
		if y, ok := fb[n]; !ok {
			t.Errorf("%s: only in %s", n, a)
		} else if !bytes.Equal(x, y) {
			t.Errorf("%s differs", n)
		}
	}
	for n := range fb {
		if _, ok := fa[n]; !ok {
			t.Errorf("%s: only in %s", n, b)
		}
	}
	if len(fa) < 400 {
		t.Errorf("%d files: too few", len(fa))
	}
}

// storeAndRules opens a store in dir, closed when tb ends, and the
// repository's rules.
func storeAndRules(tb testing.TB, dir string) (*store.Store, *rules.File) {
	tb.Helper()
	st, err := store.Open(context.Background(), filepath.Join(dir, "omologa.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	rf, err := rules.Load(filepath.Join(root, "rules.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	return st, rf
}
