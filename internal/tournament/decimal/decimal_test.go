package decimal

import "testing"

func TestAtoi(t *testing.T) {
	tests := []struct {
		in   string
		want int
		ok   bool
	}{
		{"0", 0, true},
		{"007", 7, true},
		{"1234567", 1234567, true},
		{"999999999999", 999999999999, true},
		{"1000000000000", 0, false}, // 13 digits
		{"", 0, false},
		{" 1", 0, false},
		{"-1", 0, false},
		{"+1", 0, false},
		{"1a", 0, false},
	}
	for _, tc := range tests {
		if got, ok := Atoi(tc.in); got != tc.want && tc.ok || ok != tc.ok {
			t.Errorf("Atoi(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestPoints(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"3", 3, true},
		{"5.0", 5, true},
		{"14.5", 14.5, true},
		{"4,5", 4.5, true},
		{"1.14", 1.14, true},
		{".5", 0.5, true},
		{"5.", 5, true},
		{"", 0, false},
		{".", 0, false},
		{"1.2.3", 0, false},
		{"1,2.3", 0, false},
		{"-1", 0, false},
		{"123456789", 0, false}, // longer than eight characters
		{"1e3", 0, false},
	}
	for _, tc := range tests {
		if got, ok := Points(tc.in); got != tc.want || ok != tc.ok {
			t.Errorf("Points(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func FuzzPoints(f *testing.F) {
	for _, s := range []string{"3", "4,5", "14.5", ".", "1.2.3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if p, ok := Points(s); ok && (p < 0 || p > 99999999) {
			t.Errorf("Points(%q) = %v", s, p)
		}
		if n, ok := Atoi(s); ok && n < 0 {
			t.Errorf("Atoi(%q) = %d", s, n)
		}
	})
}
