package clock

import (
	"testing"
	"time"
)

func TestPinnedRunsOn(t *testing.T) {
	at := time.Date(2026, 12, 31, 10, 0, 0, 0, time.UTC)
	c := Pinned(at)
	a := c()
	if a.Before(at) || a.Sub(at) > time.Minute {
		t.Fatalf("pinned clock reads %v, want %v running on", a, at)
	}
	if b := c(); b.Before(a) {
		t.Fatalf("pinned clock went back: %v after %v", b, a)
	}
	f := Fixed(at)
	first := f()
	if second := f(); !first.Equal(at) || !second.Equal(at) {
		t.Fatalf("fixed clock moved: %v, %v", first, second)
	}
}

func TestStopwatch(t *testing.T) {
	if (Stopwatch{}).Elapsed() < time.Hour {
		t.Fatal("a stopwatch never started reads as long ago")
	}
	if Start().Elapsed() > time.Minute {
		t.Fatal("a stopwatch just started reads long")
	}
}
