package office_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"omologa/internal/office"
)

// TestListRunSiteAsFromScratch: the site a list run writes (the list it
// has just stored handed over, not read back; the statistics' parts
// kept by the builds before read back, the new players' computed again)
// is byte for byte the site a build writes from scratch, with no fold
// and no statistics kept; and so after the same list closed again.
func TestListRunSiteAsFromScratch(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	o, req := listRunOffice(t, dir, 500, 12)
	cache := filepath.Join(dir, "cache")
	if _, err := os.Stat(filepath.Join(cache, "statistics.gob")); err != nil {
		t.Fatalf("no statistics kept by the first run: %v", err)
	}
	for i, force := range []bool{false, true} {
		r := req
		r.Force = force
		r.Out, r.Office = filepath.Join(dir, "pub", r.Period), filepath.Join(dir, "office", r.Period)
		res, err := o.ListRun(ctx, office.CLIActor(), r)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Warnings) > 0 {
			t.Fatalf("warnings: %v", res.Warnings)
		}
		// The fresh build without the caches, which are put back for
		// the next run.
		if err := os.Rename(cache, cache+".kept"); err != nil {
			t.Fatal(err)
		}
		fresh := filepath.Join(dir, "fresh", string(rune('a'+i)))
		if _, err := o.BuildSite(ctx, fresh); err != nil {
			t.Fatal(err)
		}
		if err := os.RemoveAll(cache); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(cache+".kept", cache); err != nil {
			t.Fatal(err)
		}
		sameTree(t, res.Site, fresh)
	}
}
