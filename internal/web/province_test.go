package web

import (
	"strings"
	"testing"
)

// The submissions and tournaments filtered by province: the demo's
// calendar names each event's province.
func TestProvinceFilter(t *testing.T) {
	f := newFixture(t)
	c := f.client(t, "clerk")
	_, page := get(t, c, f.ts.URL+"/tournaments?province=NO")
	if !strings.Contains(page, "Città di Novara") || strings.Contains(page, "San Frediano") ||
		!strings.Contains(page, `<option value="LU">LU</option>`) || !strings.Contains(page, `<option value="NO" selected>`) {
		t.Errorf("the tournaments of Novara: the filter or the rows are wrong")
	}
	_, page = get(t, c, f.ts.URL+"/submissions?province=lu")
	if !strings.Contains(page, "San Frediano") || strings.Contains(page, "Città di Novara") {
		t.Errorf("the submissions of Lucca: the rows are wrong")
	}
}
