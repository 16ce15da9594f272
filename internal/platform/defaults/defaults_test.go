package defaults

import (
	"testing"
	"time"
)

func TestFill(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in, def int
		want    int
	}{
		{"left out takes the default", 0, 7, 7},
		{"negative takes the default", -3, 7, 7},
		{"set is kept", 5, 7, 5},
		{"set above the default is kept", 9, 7, 9},
	} {
		v := tc.in
		Fill(&v, tc.def)
		if v != tc.want {
			t.Errorf("%s: Fill(%d, %d) = %d, want %d", tc.name, tc.in, tc.def, v, tc.want)
		}
	}
	d := time.Duration(0)
	Fill(&d, time.Second)
	if d != time.Second {
		t.Errorf("duration: got %v, want 1s", d)
	}
}
