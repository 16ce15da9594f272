package office

import (
	"context"
	"slices"
	"testing"

	"omologa/internal/store"
)

// The import preview sees a change of an arbiter's FIDE id (the optional
// fide_id column) as a change of that row, saying what changed: first
// written, then changed, then removed; the other rows stay unchanged.
func TestImportPreviewArbiterFideID(t *testing.T) {
	ctx := context.Background()
	o := open(t, t.TempDir())
	admin := Actor{User: "ada", Role: Admin, Via: "cli"}
	const old = "fsi_id,surname,name,category,email,valid_until\n" +
		"208311,Galli,Sara,ACN,sara@x.it,2027-12-31\n204187,Ferretti,Marco,AN,marco@x.it,2027-12-31\n"
	if _, err := o.Import(ctx, admin, ImportRequest{Kind: store.RegisterArbiters, Name: "a1.csv", Data: []byte(old)}); err != nil {
		t.Fatal(err)
	}
	const head = "fsi_id,surname,name,category,email,valid_until,fide_id\n"
	steps := []struct {
		name, file string
		changed    []string
	}{
		{"a FIDE id written", head + "208311,Galli,Sara,ACN,sara@x.it,2027-12-31,862401\n204187,Ferretti,Marco,AN,marco@x.it,2027-12-31,\n",
			[]string{"208311 Galli Sara: fide_id — → 862401"}},
		{"a FIDE id changed", head + "208311,Galli,Sara,ACN,sara@x.it,2027-12-31,862410\n204187,Ferretti,Marco,AN,marco@x.it,2027-12-31,\n",
			[]string{"208311 Galli Sara: fide_id 862401 → 862410"}},
		{"nothing changed", head + "208311,Galli,Sara,ACN,sara@x.it,2027-12-31,862410\n204187,Ferretti,Marco,AN,marco@x.it,2027-12-31,\n",
			nil},
		{"the column dropped", old, []string{"208311 Galli Sara: fide_id 862410 → —"}},
	}
	for _, s := range steps {
		d, err := o.ImportPreview(ctx, admin, store.RegisterArbiters, s.name+".csv", []byte(s.file))
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if !slices.Equal(d.Changed, s.changed) && len(d.Changed)+len(s.changed) > 0 || len(d.Added)+len(d.Removed) > 0 {
			t.Errorf("%s: changed %q added %q removed %q, want changed %q", s.name, d.Changed, d.Added, d.Removed, s.changed)
		}
		if _, err := o.Import(ctx, admin, ImportRequest{Kind: store.RegisterArbiters, Name: s.name + ".csv", Data: []byte(s.file)}); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
	}
}
