package ingest

import (
	"fmt"
	"strings"
	"time"
)

// ParseReceivedAt reads a receipt time as the office writes it (omologa
// check --received): RFC 3339, or a date and time (YYYY-MM-DD HH:MM, or
// with a T) in loc, or a date alone, taken as noon in loc (a receipt
// counts by its calendar day).
func ParseReceivedAt(s string, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	for _, layout := range []string{"2006-01-02 15:04", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02T15:04:05"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t, nil
		}
	}
	if t, err := time.ParseInLocation("2006-01-02", s, loc); err == nil {
		return t.Add(12 * time.Hour), nil
	}
	return time.Time{}, fmt.Errorf("%q: not a date or time (YYYY-MM-DD, YYYY-MM-DD HH:MM, or RFC 3339 like 2026-11-26T10:00:00+01:00)", s)
}
