package office

import (
	"context"
	"testing"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/store"
	"omologa/internal/testkit/synth"
)

// A closed list is parsed once for the public builds of a process: a
// second build takes the lists as the first read them; a list closed
// again with other bytes (the same id, the same clock) is read again;
// a list gone is no longer kept.
func TestPublicListsReadOnceAndAgainWhenChanged(t *testing.T) {
	ctx := context.Background()
	o := open(t, t.TempDir())
	c := synth.Default()
	c.Players, c.Tournaments = 40, 1
	s := synth.Generate(c)
	now := time.Date(2026, 3, 5, 10, 0, 0, 0, time.UTC)
	save := func(period string, m int) {
		t.Helper()
		list, err := s.ListCSV(2026, m)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := o.Store.SaveRatingList(ctx, &store.RatingList{Kind: fsi.Standard, Period: period, Issue: period + "-01", Cutoff: period + "-01",
			BasedOn: "list", List: list, Rows: len(s.Players.Rows), Report: []byte("{}")}, true, now); err != nil {
			t.Fatal(err)
		}
	}
	rating := func(d *publicData, period string) int {
		for _, l := range d.site.Lists {
			if l.Period.Label == period {
				return l.Players.Rows[0].EloItalia
			}
		}
		t.Fatalf("no list %s", period)
		return 0
	}
	save("2026-01", 1)
	save("2026-03", 3)
	first, err := o.loadPublic(ctx)
	if err != nil {
		t.Fatal(err)
	}
	again, err := o.loadPublic(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i := range first.site.Lists {
		if first.site.Lists[i].Players != again.site.Lists[i].Players {
			t.Errorf("list %s parsed again, unchanged", first.site.Lists[i].Period.Label)
		}
	}
	if len(o.public.lists) != 2 {
		t.Errorf("%d lists kept, want 2", len(o.public.lists))
	}
	// March closed again with other ratings, at the same moment.
	before := rating(again, "2026-03")
	save("2026-03", 4)
	changed, err := o.loadPublic(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if after := rating(changed, "2026-03"); after == before {
		t.Errorf("the list closed again still reads rating %d", after)
	}
	if changed.site.Lists[0].Players != first.site.Lists[0].Players {
		t.Errorf("January, unchanged, parsed again")
	}
	if len(o.public.lists) != 2 {
		t.Errorf("%d lists kept after a list closed again, want 2 (the old March forgotten)", len(o.public.lists))
	}
}
