// Package dates reads the dates that result files carry, in the handful of
// layouts real programs write, and resolves the two-digit round dates of
// TRF tag 132 against the tournament's start and end.
//
// Accepted layouts (separators '/', '.', '-' and ". " are interchangeable
// where the layout has separators):
//
//	YYYY/MM/DD  YYYY.MM.DD  YYYY-MM-DD (ISO)      full date, year first
//	DD/MM/YYYY  DD.MM.YYYY  DD. MM. YYYY          full date, day first
//	YY/MM/DD    YY.MM.DD                          two-digit year first (TRF 132)
//	May 10, 2020   10 May 2020   10 maggio 2020   month names (English, Italian)
//	YYYY/MM  YYYY/MM/00                           year and month
//	YYYY   YYYY/00/00   YYYY.00.00                year only
//	0000/00/00  0000.00.00  '    .  .  '  ''      no date (zero Date, no error)
//
// A reading that is not a calendar date is an error, never a guess. The
// only swap made is the documented one for round dates: when the two-digit
// layout YY/MM/DD puts a round outside the tournament and YY/DD/MM puts
// every round inside it (the Irish federation's '11.25.02'), the second is
// taken and the caller is told.
package dates

import (
	"errors"
	"strings"
	"time"

	"omologa/internal/tournament"
	"omologa/internal/tournament/decimal"
)

// Layout names how a date was read; it appears in notes.
type Layout string

const (
	LayoutNone    Layout = ""           // empty or placeholder
	LayoutYMD     Layout = "YYYY/MM/DD" // also ISO and YYYY.MM.DD
	LayoutDMY     Layout = "DD/MM/YYYY" // also DD.MM.YYYY and 'DD. MM. YYYY'
	LayoutMDY     Layout = "MM/DD/YYYY" // only when the day cannot be first
	LayoutShort   Layout = "YY/MM/DD"   // also YY.MM.DD
	LayoutShortYD Layout = "YY/DD/MM"   // round dates only, by cross-check
	LayoutShortDY Layout = "DD/MM/YY"   // round dates only, by cross-check
	LayoutNamed   Layout = "Month D, YYYY"
	LayoutYear    Layout = "YYYY"
)

// ErrUnreadable is wrapped by every error of Parse.
var ErrUnreadable = errors.New("unreadable date")

// Parse reads one date. Blank text and all-zero placeholders give the zero
// Date and no error.
func Parse(s string) (tournament.Date, Layout, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return tournament.Date{}, LayoutNone, nil
	}
	var nums [3]int
	var widths [3]int
	n, ok := splitNumbers(s, &nums, &widths)
	if !ok {
		if d, ok := parseNamed(s); ok {
			return d, LayoutNamed, nil
		}
		return tournament.Date{}, LayoutNone, unreadable(s, "layouts")
	}
	if n == 0 {
		// Only separators and blanks: the '    .  .  ' placeholder.
		return tournament.Date{}, LayoutNone, nil
	}
	switch {
	case n == 1 && widths[0] == 4:
		if nums[0] == 0 {
			return tournament.Date{}, LayoutNone, nil
		}
		return year(nums[0], s, LayoutYear)
	case n == 2 && widths[0] == 4 && widths[1] <= 2:
		// Year and month ("1987/07"), as String writes a partial date.
		if nums[1] > 12 {
			return tournament.Date{}, LayoutNone, unreadable(s, "month", nums[1])
		}
		return build(nums[0], nums[1], 0, s, LayoutYMD)
	case n == 3 && widths[0] == 4 && widths[1] <= 2 && widths[2] <= 2:
		return build(nums[0], nums[1], nums[2], s, LayoutYMD)
	case n == 3 && widths[2] == 4 && widths[0] <= 2 && widths[1] <= 2:
		if nums[1] > 12 && nums[0] <= 12 {
			return build(nums[2], nums[0], nums[1], s, LayoutMDY)
		}
		return build(nums[2], nums[1], nums[0], s, LayoutDMY)
	case n == 3 && widths[0] == 2 && widths[1] == 2 && widths[2] == 2:
		if nums[0] == 0 && nums[1] == 0 && nums[2] == 0 {
			return tournament.Date{}, LayoutNone, nil
		}
		if nums[1] == 0 || nums[2] == 0 {
			return tournament.Date{}, LayoutNone, unreadable(s, "short-year")
		}
		return build(2000+nums[0], nums[1], nums[2], s, LayoutShort)
	}
	return tournament.Date{}, LayoutNone, unreadable(s, "layouts")
}

// splitNumbers cuts s into at most three runs of digits separated by
// '/', '.', '-' and blanks. It reports false when s holds anything else or
// more than three numbers.
func splitNumbers(s string, nums, widths *[3]int) (int, bool) {
	n := 0
	in := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if !in {
				if n == 3 {
					return 0, false
				}
				in = true
				n++
			}
			if widths[n-1] >= 4 {
				return 0, false
			}
			nums[n-1] = nums[n-1]*10 + int(c-'0')
			widths[n-1]++
		case c == '/' || c == '.' || c == '-' || c == ' ':
			in = false
		default:
			return 0, false
		}
	}
	return n, true
}

func year(y int, s string, l Layout) (tournament.Date, Layout, error) {
	if y < 1800 || y > 2200 {
		return tournament.Date{}, LayoutNone, unreadable(s, "year", y)
	}
	return tournament.Date{Year: y}, l, nil
}

// build checks y-m-d. Year 0 with month and day 0 is the placeholder; a
// year with month and day 0 is a year only.
func build(y, m, d int, s string, l Layout) (tournament.Date, Layout, error) {
	if y == 0 && m == 0 && d == 0 {
		return tournament.Date{}, LayoutNone, nil
	}
	if m == 0 && d == 0 {
		return year(y, s, LayoutYear)
	}
	if d == 0 && m >= 1 && m <= 12 {
		// Year and month only ("1987/07/00").
		date, _, err := year(y, s, l)
		date.Month = time.Month(m)
		return date, l, err
	}
	if !valid(y, m, d) {
		return tournament.Date{}, LayoutNone, unreadable(s, "no-such-day", l.Both())
	}
	return tournament.Date{Year: y, Month: time.Month(m), Day: d}, l, nil
}

func valid(y, m, d int) bool {
	if y < 1800 || y > 2200 || m < 1 || m > 12 || d < 1 {
		return false
	}
	return d <= daysIn(y, m)
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

var monthNames = map[string]time.Month{
	"jan": 1, "january": 1, "gen": 1, "gennaio": 1,
	"feb": 2, "february": 2, "febbraio": 2,
	"mar": 3, "march": 3, "marzo": 3,
	"apr": 4, "april": 4, "aprile": 4,
	"may": 5, "mag": 5, "maggio": 5,
	"jun": 6, "june": 6, "giu": 6, "giugno": 6,
	"jul": 7, "july": 7, "lug": 7, "luglio": 7,
	"aug": 8, "august": 8, "ago": 8, "agosto": 8,
	"sep": 9, "sept": 9, "september": 9, "set": 9, "settembre": 9,
	"oct": 10, "october": 10, "ott": 10, "ottobre": 10,
	"nov": 11, "november": 11, "novembre": 11,
	"dec": 12, "december": 12, "dic": 12, "dicembre": 12,
}

// parseNamed reads 'May 10, 2020' and '10 May 2020' (English or Italian
// month names, abbreviated or not).
func parseNamed(s string) (tournament.Date, bool) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '.' })
	if len(f) != 3 {
		return tournament.Date{}, false
	}
	var m time.Month
	var d, y int
	var ok bool
	if m, ok = monthNames[strings.ToLower(f[0])]; ok {
		d, ok = atoi(f[1])
		if ok {
			y, ok = atoi(f[2])
		}
	} else if m, ok = monthNames[strings.ToLower(f[1])]; ok {
		d, ok = atoi(f[0])
		if ok {
			y, ok = atoi(f[2])
		}
	}
	if !ok || len(f[2]) != 4 || !valid(y, int(m), d) {
		return tournament.Date{}, false
	}
	return tournament.Date{Year: y, Month: m, Day: d}, true
}

// atoi reads a date part: at most four digits.
func atoi(s string) (int, bool) {
	if len(s) > 4 {
		return 0, false
	}
	return decimal.Atoi(s)
}
