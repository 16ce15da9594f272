package dates

import (
	"errors"
	"strings"
	"testing"

	"omologa/internal/tournament"
)

// FuzzParse checks that Parse never panics, that what it reads is a
// calendar date, and that the ISO form it prints reads back the same.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"2005/07/28", "28. 07. 2005", "24/09/2010", "May 10, 2020", "11.25.02", "1978",
		"0000.00.00", "    .  .  ", "1987/00/00", "2024-08-01", "25.02.2011", "12/25/2020", "10 maggio 2020"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, _, err := Parse(s)
		if err != nil {
			if !d.IsZero() {
				t.Fatalf("%q: error %v with a date %v", s, err, d)
			}
			var de *Error
			if !errors.As(err, &de) || de.Italian() == "" {
				t.Fatalf("%q: error %v has no Italian text", s, err)
			}
			return
		}
		if d.IsFull() && !valid(d.Year, int(d.Month), d.Day) {
			t.Fatalf("%q read as %v, not a calendar date", s, d)
		}
		iso := d.String()
		again, _, err := Parse(strings.ReplaceAll(iso, "-", "/"))
		if err != nil || again != d {
			t.Fatalf("%q → %q → %v, %v", s, iso, again, err)
		}
	})
}

// FuzzRounds checks that Rounds never panics, returns one date per field,
// and never returns a date outside the tournament.
func FuzzRounds(f *testing.F) {
	f.Add("11.25.02;11.26.02;11.27.02", "25.02.2011", "27.02.2011")
	f.Add("25/09/13;25/09/13;25/09/14", "2025/09/13", "2025/09/14")
	f.Add("24/12/01;  ;24/12/08", "2024/12/01", "2024/12/14")
	f.Fuzz(func(t *testing.T, fields, start, end string) {
		s, _, _ := Parse(start)
		e, _, _ := Parse(end)
		fs := strings.Split(fields, ";")
		ds, _, problems := Rounds(fs, s, e)
		if len(ds) != len(fs) {
			t.Fatalf("%d dates for %d fields", len(ds), len(fs))
		}
		for i, d := range ds {
			if !inside(d, s, e) {
				t.Fatalf("field %d %q read as %v outside %v–%v", i, fs[i], d, s, e)
			}
		}
		for _, p := range problems {
			if p.Index < 0 || p.Index >= len(fs) || p.Err == nil {
				t.Fatalf("bad problem %+v", p)
			}
			var de *Error
			if !errors.As(p.Err, &de) || de.Italian() == "" {
				t.Fatalf("problem %v has no Italian text", p.Err)
			}
		}
		_ = tournament.Date{}
	})
}
