package tournament

import "testing"

// TestIsCalendarDay: a setting's date is a full day that exists.
func TestIsCalendarDay(t *testing.T) {
	for _, c := range []struct {
		d    Date
		want bool
	}{
		{NewDate(2024, 2, 29), true},
		{NewDate(2025, 2, 29), false},
		{NewDate(2025, 13, 1), false},
		{NewDate(2025, 4, 31), false},
		{NewDate(2025, 4, 0), false},
		{Date{Year: 2025}, false},
		{Date{}, false},
	} {
		if got := c.d.IsCalendarDay(); got != c.want {
			t.Errorf("%v: %v, want %v", c.d, got, c.want)
		}
	}
}
