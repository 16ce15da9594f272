package main

import (
	"bytes"
	"testing"

	"omologa/internal/rating"
)

// TestChangesTableAsTabwriter: the changes' table measured and written a
// line at a time is the table tabwriter lays out, for names in any
// script and for cells holding tabwriter's control characters (which
// go through tabwriter itself).
func TestChangesTableAsTabwriter(t *testing.T) {
	base := []rating.Change{
		{FSIID: "123", Name: "Rossi Mario", Previous: 1500, Used: 1500, Source: "list", Rated: true, Sum: 125, Reached: 1513, New: 1513,
			Articles: []string{}, Variations: []rating.Variation{{Name: "Open di Novara", Applied: 125}, {Name: "Rapid", Applied: -3, Articles: []string{"RAPID 6.7"}}}},
		{FSIID: "9", Name: "Niccolò Àlbani", Previous: 0, Used: 1440, Source: "entry", Articles: []string{"RTF 4.4.2"}},
		{FSIID: "", Name: "", Variations: []rating.Variation{}},
	}
	odd := func(name string) []rating.Change {
		cs := append([]rating.Change(nil), base...)
		cs[1].Name = name
		return cs
	}
	for _, cs := range [][]rating.Change{nil, base, base[:1], odd("tab\there"), odd("form\ffeed"), odd("esc\xffaped\xff"), odd("line\nbreak")} {
		var got, want bytes.Buffer
		printChanges(&got, cs)
		if len(cs) > 0 {
			printChangesTabwriter(&want, cs)
		}
		if got.String() != want.String() {
			t.Errorf("%d changes:\n got %q\nwant %q", len(cs), got.String(), want.String())
		}
	}
}
