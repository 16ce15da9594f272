package rating

import (
	"encoding/json"
	"testing"
)

func TestTenthsJSONRoundTrip(t *testing.T) {
	for _, v := range []Tenths{0, 5, -5, 125, -125, 2000, -1, 9} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var got Tenths
		if err := json.Unmarshal(b, &got); err != nil || got != v {
			t.Errorf("%d → %s → %d, %v", v, b, got, err)
		}
	}
	var l Line
	if err := json.Unmarshal([]byte(`{"expected": 2.4, "delta": -12.5, "applied": "x"}`), &l); err == nil {
		t.Error("a string read as tenths")
	}
}
