package tournament

import (
	"fmt"
	"time"
)

// Date is a calendar date as written in a result file. Files often give
// only a year (birth dates) or nothing at all, so precision is explicit:
// the zero Date is unknown, a Date with Month == 0 is a year only.
type Date struct {
	Year  int
	Month time.Month // 0 when only the year is known
	Day   int        // 0 when only the year (or year and month) is known
}

// NewDate returns the full date y-m-d.
func NewDate(y int, m time.Month, d int) Date { return Date{Year: y, Month: m, Day: d} }

// DateOf returns the calendar date of t in t's location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{y, m, d}
}

// IsZero reports whether the date is unknown.
func (d Date) IsZero() bool { return d.Year == 0 }

// IsFull reports whether year, month and day are all known.
func (d Date) IsFull() bool { return d.Year != 0 && d.Month != 0 && d.Day != 0 }

// IsCalendarDay reports whether the date is full and a day of the
// calendar (not 2025-02-30, nor month 13): what a setting's dates must
// be.
func (d Date) IsCalendarDay() bool {
	if !d.IsFull() || d.Month > 12 || d.Day > 31 {
		return false
	}
	return DateOf(d.Time(time.UTC)) == d
}

// Time returns midnight of the date in loc (UTC when loc is nil). A partial
// date is completed with January and the 1st.
func (d Date) Time(loc *time.Location) time.Time {
	if loc == nil {
		loc = time.UTC
	}
	m, day := d.Month, d.Day
	if m == 0 {
		m = time.January
	}
	if day == 0 {
		day = 1
	}
	return time.Date(d.Year, m, day, 0, 0, 0, 0, loc)
}

// AddDays returns the full date n days later (earlier when n < 0).
func (d Date) AddDays(n int) Date { return DateOf(d.Time(time.UTC).AddDate(0, 0, n)) }

// DaysUntil returns the number of calendar days from d to e (negative when e
// is before d). Both should be full dates.
func (d Date) DaysUntil(e Date) int {
	return int(e.Time(time.UTC).Sub(d.Time(time.UTC)).Hours() / 24)
}

// Before reports whether d is strictly before e. Unknown dates compare as
// the earliest.
func (d Date) Before(e Date) bool { return d.Compare(e) < 0 }

// Compare returns -1, 0 or +1 as d is before, equal to or after e, field by
// field (a year-only date sorts before any full date of the same year).
func (d Date) Compare(e Date) int {
	switch {
	case d.Year != e.Year:
		return sign(d.Year - e.Year)
	case d.Month != e.Month:
		return sign(int(d.Month) - int(e.Month))
	default:
		return sign(d.Day - e.Day)
	}
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// String gives ISO 8601: "2025-07-21", "1978" for a year only, "" when
// unknown.
func (d Date) String() string {
	if d.plain() {
		return string(d.AppendText(make([]byte, 0, 10)))
	}
	switch {
	case d.Year == 0:
		return ""
	case d.Month == 0:
		return fmt.Sprintf("%04d", d.Year)
	case d.Day == 0:
		return fmt.Sprintf("%04d-%02d", d.Year, int(d.Month))
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, int(d.Month), d.Day)
}

// plain: the date's digits fit its ISO form as they are.
func (d Date) plain() bool {
	return d.Year > 0 && d.Year <= 9999 && d.Month >= 0 && d.Month <= 99 && d.Day >= 0 && d.Day <= 99
}

// AppendText appends String's text to b (encoding.TextAppender), without
// a string between in the usual case: a list of a million players
// writes a million dates (issue 31).
func (d Date) AppendText(b []byte) []byte {
	if !d.plain() {
		return append(b, d.String()...)
	}
	// Without fmt: lists and reports write tens of thousands.
	b = append(b, byte('0'+d.Year/1000), byte('0'+d.Year/100%10), byte('0'+d.Year/10%10), byte('0'+d.Year%10))
	if d.Month != 0 {
		b = append(b, '-', byte('0'+d.Month/10), byte('0'+d.Month%10))
		if d.Day != 0 {
			b = append(b, '-', byte('0'+d.Day/10), byte('0'+d.Day%10))
		}
	}
	return b
}

// MarshalText writes the ISO form, so that JSON output shows dates as
// strings.
func (d Date) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// isoDigits reads YYYY, YYYY-MM or YYYY-MM-DD written in digits alone
// (what Sscanf would read the same); ok is false for anything else.
func isoDigits(b []byte) (y, m, d int, ok bool) {
	num := func(p []byte) (int, bool) {
		n := 0
		for _, c := range p {
			if c < '0' || c > '9' {
				return 0, false
			}
			n = n*10 + int(c-'0')
		}
		return n, true
	}
	switch len(b) {
	case 4, 7, 10:
	default:
		return 0, 0, 0, false
	}
	if y, ok = num(b[:4]); !ok {
		return 0, 0, 0, false
	}
	if len(b) >= 7 {
		if b[4] != '-' {
			return 0, 0, 0, false
		}
		if m, ok = num(b[5:7]); !ok {
			return 0, 0, 0, false
		}
	}
	if len(b) == 10 {
		if b[7] != '-' {
			return 0, 0, 0, false
		}
		if d, ok = num(b[8:10]); !ok {
			return 0, 0, 0, false
		}
	}
	return y, m, d, true
}

// UnmarshalText reads the forms String writes.
func (d *Date) UnmarshalText(b []byte) error {
	*d = Date{}
	if len(b) == 0 {
		return nil
	}
	var y, m, day int
	if y, m, day, ok := isoDigits(b); ok {
		// The common case, without fmt's scanner (a list of 30,000
		// players has tens of thousands of dates), nor a copy of b (a
		// million at FIDE's scale, issue 31).
		*d = Date{y, time.Month(m), day}
		return nil
	}
	s := string(b)
	switch len(s) {
	case 4:
		_, err := fmt.Sscanf(s, "%04d", &y)
		if err != nil {
			return fmt.Errorf("date %q: %w", s, err)
		}
	case 7:
		if _, err := fmt.Sscanf(s, "%04d-%02d", &y, &m); err != nil {
			return fmt.Errorf("date %q: %w", s, err)
		}
	case 10:
		if _, err := fmt.Sscanf(s, "%04d-%02d-%02d", &y, &m, &day); err != nil {
			return fmt.Errorf("date %q: %w", s, err)
		}
	default:
		return fmt.Errorf("date %q: not YYYY, YYYY-MM or YYYY-MM-DD", s)
	}
	*d = Date{y, time.Month(m), day}
	return nil
}
