package dates

import (
	"testing"

	"omologa/internal/tournament"
)

func TestParse(t *testing.T) {
	d := tournament.NewDate
	tests := []struct {
		in     string
		want   tournament.Date
		layout Layout
		err    bool
	}{
		{"2025/09/13", d(2025, 9, 13), LayoutYMD, false},
		{"2024-08-01", d(2024, 8, 1), LayoutYMD, false},
		{"1969.12.06", d(1969, 12, 6), LayoutYMD, false},
		{"24/09/2010", d(2010, 9, 24), LayoutDMY, false},
		{"25.02.2011", d(2011, 2, 25), LayoutDMY, false},
		{"28. 07. 2005", d(2005, 7, 28), LayoutDMY, false},
		{"01.01.1987", d(1987, 1, 1), LayoutDMY, false},
		{"12/25/2020", d(2020, 12, 25), LayoutMDY, false},
		{"11.09.26", d(2011, 9, 26), LayoutShort, false},
		{"25/09/13", d(2025, 9, 13), LayoutShort, false},
		{"May 10, 2020", d(2020, 5, 10), LayoutNamed, false},
		{"10 maggio 2020", d(2020, 5, 10), LayoutNamed, false},
		{"1978", tournament.Date{Year: 1978}, LayoutYear, false},
		{"1987/00/00", tournament.Date{Year: 1987}, LayoutYear, false},
		{"1987/07/00", tournament.Date{Year: 1987, Month: 7}, LayoutYMD, false},
		{"0000.00.00", tournament.Date{}, LayoutNone, false},
		{"0000/00/00", tournament.Date{}, LayoutNone, false},
		{"    .  .  ", tournament.Date{}, LayoutNone, false},
		{"00/00/00", tournament.Date{}, LayoutNone, false},
		{"", tournament.Date{}, LayoutNone, false},
		{"0000", tournament.Date{}, LayoutNone, false},
		// Impossible readings are errors, never guesses.
		{"11.25.02", tournament.Date{}, LayoutNone, true},
		{"31/02/2020", tournament.Date{}, LayoutNone, true},
		{"2020/13/01", tournament.Date{}, LayoutNone, true},
		{"yesterday", tournament.Date{}, LayoutNone, true},
		{"1/2/3/4", tournament.Date{}, LayoutNone, true},
		{"12345", tournament.Date{}, LayoutNone, true},
		{"0999", tournament.Date{}, LayoutNone, true},
		{"29/02/2023", tournament.Date{}, LayoutNone, true},
		{"29/02/2024", d(2024, 2, 29), LayoutDMY, false},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, layout, err := Parse(tc.in)
			if (err != nil) != tc.err {
				t.Fatalf("Parse(%q) error = %v, want error %v", tc.in, err, tc.err)
			}
			if got != tc.want || layout != tc.layout {
				t.Errorf("Parse(%q) = %v %q, want %v %q", tc.in, got, layout, tc.want, tc.layout)
			}
		})
	}
}

func TestRounds(t *testing.T) {
	d := tournament.NewDate
	tests := []struct {
		name       string
		fields     []string
		start, end tournament.Date
		want       []tournament.Date
		layout     Layout
		problems   int
	}{
		{"Irish YY.DD.MM resolved by the tournament dates", []string{"11.25.02", "11.26.02", "11.26.02", "11.26.02", "11.27.02", "11.27.02"},
			d(2011, 2, 25), d(2011, 2, 27),
			[]tournament.Date{d(2011, 2, 25), d(2011, 2, 26), d(2011, 2, 26), d(2011, 2, 26), d(2011, 2, 27), d(2011, 2, 27)}, LayoutShortYD, 0},
		{"YY/MM/DD inside the tournament", []string{"25/09/13", "25/09/13", "25/09/14"}, d(2025, 9, 13), d(2025, 9, 14),
			[]tournament.Date{d(2025, 9, 13), d(2025, 9, 13), d(2025, 9, 14)}, LayoutShort, 0},
		{"blank fields stay zero", []string{"24/12/01", "", "24/12/03"}, d(2024, 12, 1), d(2024, 12, 14),
			[]tournament.Date{d(2024, 12, 1), {}, d(2024, 12, 3)}, LayoutShort, 0},
		{"ambiguous without start and end: YY/MM/DD", []string{"11.02.03"}, tournament.Date{}, tournament.Date{},
			[]tournament.Date{d(2011, 2, 3)}, LayoutShort, 0},
		{"impossible reading is a problem, not a guess", []string{"11.25.02", "11.40.02"}, d(2011, 2, 25), d(2011, 2, 27),
			[]tournament.Date{{}, {}}, LayoutShort, 2},
		{"outside the tournament", []string{"25/10/13"}, d(2025, 9, 13), d(2025, 9, 14),
			[]tournament.Date{{}}, LayoutShort, 1},
		{"four-digit round dates (.tdf)", []string{"2025/03/01", "2025/03/02"}, d(2025, 3, 1), d(2025, 3, 2),
			[]tournament.Date{d(2025, 3, 1), d(2025, 3, 2)}, LayoutYMD, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, layout, problems := Rounds(tc.fields, tc.start, tc.end)
			if len(problems) != tc.problems {
				t.Errorf("problems = %v, want %d", problems, tc.problems)
			}
			if layout != tc.layout {
				t.Errorf("layout = %q, want %q", layout, tc.layout)
			}
			for i := range tc.want {
				if got[i] != tc.want[i] {
					t.Errorf("round %d = %v, want %v", i+1, got[i], tc.want[i])
				}
			}
		})
	}
}
