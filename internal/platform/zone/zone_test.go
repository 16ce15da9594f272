package zone

import (
	"testing"
	"time"
)

// TestLoad: a known zone loads (from the built-in database) and is kept;
// an unknown one is an error, and Of gives UTC for it.
func TestLoad(t *testing.T) {
	a, err := Load("Europe/Rome")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := Load("Europe/Rome"); a != b {
		t.Error("a zone loaded twice is not the same location")
	}
	if Of("Europe/Rome") != a {
		t.Error("Of does not give the loaded zone")
	}
	if _, err := Load("Europe/Atlantis"); err == nil {
		t.Error("an unknown zone loads")
	}
	if Of("Europe/Atlantis") != time.UTC {
		t.Error("Of of an unknown zone is not UTC")
	}
}
