package store

import (
	"context"
	"path/filepath"
	"testing"

	"omologa/internal/fsi"
)

// TestProvinceSQLIsFsiProvince: the province the pages filter by (SQL)
// is the vocabulary's (fsi.Province), case by case.
func TestProvinceSQLIsFsiProvince(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, c := range []struct{ calendar, city string }{
		{"", "Novara (NO)"}, {"", "Novara (no)  "}, {"mi", "Novara (NO)"}, {"", "Novara"},
		{"", "Milano (centro)"}, {"", "Forlì (FC)"}, {"", ""}, {"", "(AB)"},
	} {
		report := `{"authorisation":{"province":"` + c.calendar + `"}}`
		var got string
		if err := s.db.QueryRowContext(ctx, `WITH v(report) AS (SELECT ?), t(city) AS (SELECT ?) SELECT `+provinceSQL+` FROM v, t`,
			report, c.city).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if want := fsi.Province(c.calendar, c.city); got != want {
			t.Errorf("calendar %q, city %q: SQL %q, fsi.Province %q", c.calendar, c.city, got, want)
		}
	}
}
