package ingest

import (
	"testing"
	"time"
)

// TestReceivedForms: --received takes a date alone (noon in the rules'
// zone), a local date and time, or RFC 3339.
func TestReceivedForms(t *testing.T) {
	rome, _ := time.LoadLocation("Europe/Rome")
	for in, want := range map[string]time.Time{
		"2026-11-26":                time.Date(2026, 11, 26, 12, 0, 0, 0, rome),
		"2026-11-26 23:30":          time.Date(2026, 11, 26, 23, 30, 0, 0, rome),
		"2026-11-26T23:30:00Z":      time.Date(2026, 11, 26, 23, 30, 0, 0, time.UTC),
		"2026-11-26T10:00:00+01:00": time.Date(2026, 11, 26, 10, 0, 0, 0, rome),
	} {
		got, err := ParseReceivedAt(in, rome)
		if err != nil || !got.Equal(want) {
			t.Errorf("%q: %v %v, want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"2026-13-01", "26/11/2026", "domani"} {
		if _, err := ParseReceivedAt(bad, rome); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// FuzzParseReceivedAt: a time read, written in RFC 3339, reads back as
// the same instant, whatever the input.
func FuzzParseReceivedAt(f *testing.F) {
	for _, s := range []string{"2026-11-26", "2026-11-26 23:30", "2026-11-26T23:30:00Z", "2026-11-26T10:00:00+01:00", "26/11/2026", " 2026-02-30 "} {
		f.Add(s)
	}
	rome, err := time.LoadLocation("Europe/Rome")
	if err != nil {
		f.Skip(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseReceivedAt(s, rome)
		if err != nil || got.Year() < 2 || got.Year() > 9998 {
			return // RFC 3339 writes years 0 to 9999 only, in UTC
		}
		again, err := ParseReceivedAt(got.UTC().Format(time.RFC3339Nano), rome)
		if err != nil || !again.Equal(got) {
			t.Fatalf("%q read as %v, which reads back as %v (%v)", s, got, again, err)
		}
	})
}
