package statistics

import (
	"reflect"
	"testing"

	"omologa/internal/platform/catalogue"
)

// The parts, each computed alone, join into the year's statistics; and
// the texts' key tells the languages apart.
func TestPartsMakeTheWhole(t *testing.T) {
	in := seasonInput(600, 40)
	years := Years(in)
	for _, l := range []catalogue.Lang{catalogue.IT, catalogue.EN} {
		for _, y := range years {
			want, err := ComputeIn(in, y, l)
			if err != nil {
				t.Fatal(err)
			}
			var parts [NParts][]Table
			for p := range NParts {
				if parts[p], err = ComputePart(in, y, l, p); err != nil {
					t.Fatal(err)
				}
				if len(parts[p]) == 0 {
					t.Errorf("part %d has no table", p)
				}
			}
			if got := Join(y, l, parts); !reflect.DeepEqual(got, want) {
				t.Errorf("%d %s: the parts joined differ from the whole", y, l)
			}
		}
	}
	if _, err := ComputePart(in, years[0], catalogue.IT, NParts); err == nil {
		t.Error("a part that does not exist computed")
	}
	if it, en := TextsKey(catalogue.IT), TextsKey(catalogue.EN); it == en || it != TextsKey(catalogue.IT) {
		t.Errorf("texts' keys: %s %s", it, en)
	}
}
