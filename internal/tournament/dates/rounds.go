package dates

import (
	"strings"

	"omologa/internal/tournament"
)

// RoundProblem is a round date that could not be read; Index is the
// 0-based position among the fields given to Rounds.
type RoundProblem struct {
	Index int
	Err   error
}

// Rounds reads the round dates of TRF tag 132 (or of a .tdf file) and
// cross-checks them against the tournament's start and end (either may be
// zero). Full four-digit layouts are read as Parse reads them. For the
// two-digit layouts the candidates YY/MM/DD, YY/DD/MM and DD/MM/YY are
// tried in that order, and the first under which every non-blank field is a
// real date inside [start, end] (when known) and the dates never go back
// in time is taken: '11.25.02' in a tournament of 25-27 Feb 2011 is the
// 25th of February. When no candidate fits every field, each field is read
// as YY/MM/DD and the fields that are not calendar dates, or fall outside
// the tournament, are reported and left zero.
//
// It returns one Date per field (zero for blank fields), the layout used
// and the problems found.
func Rounds(fields []string, start, end tournament.Date) ([]tournament.Date, Layout, []RoundProblem) {
	out := make([]tournament.Date, len(fields))
	short := false
	for _, f := range fields {
		f = strings.TrimSpace(f)
		if f != "" && len(f) <= 8 && !isPlaceholder(f) {
			if _, ok := shortNumbers(f); ok {
				short = true
				break
			}
		}
	}
	var problems []RoundProblem
	if !short {
		layout := LayoutNone
		for i, f := range fields {
			d, l, err := parseFull(f)
			if err != nil {
				problems = append(problems, RoundProblem{i, err})
				continue
			}
			if !inside(d, start, end) {
				problems = append(problems, RoundProblem{i, roundError("round-outside", day(d), Period(start, end))})
				continue
			}
			out[i] = d
			if layout == LayoutNone {
				layout = l
			}
		}
		return out, layout, problems
	}
	for _, l := range []Layout{LayoutShort, LayoutShortYD, LayoutShortDY} {
		if fitAll(fields, l, start, end, out) {
			return out, l, nil
		}
	}
	for i := range out {
		out[i] = tournament.Date{}
	}
	for i, f := range fields {
		d, err := readShort(f, LayoutShort)
		if err != nil {
			problems = append(problems, RoundProblem{i, err})
			continue
		}
		if !inside(d, start, end) {
			problems = append(problems, RoundProblem{i, roundError("round-outside-short", strings.TrimSpace(f), day(d), Period(start, end))})
			continue
		}
		out[i] = d
	}
	return out, LayoutShort, problems
}

func isPlaceholder(f string) bool {
	for i := 0; i < len(f); i++ {
		if c := f[i]; c != '0' && c != '/' && c != '.' && c != '-' && c != ' ' {
			return false
		}
	}
	return true
}

func fitAll(fields []string, l Layout, start, end tournament.Date, out []tournament.Date) bool {
	var prev tournament.Date
	for i, f := range fields {
		d, err := readShort(f, l)
		if err != nil || !inside(d, start, end) {
			return false
		}
		if !d.IsZero() {
			if d.Before(prev) {
				return false
			}
			prev = d
		}
		out[i] = d
	}
	return true
}

// readShort reads a two-digit round date under l; blank and placeholder
// fields are the zero Date.
func readShort(f string, l Layout) (tournament.Date, error) {
	f = strings.TrimSpace(f)
	if f == "" || isPlaceholder(f) {
		return tournament.Date{}, nil
	}
	nums, ok := shortNumbers(f)
	if !ok {
		d, _, err := parseFull(f)
		return d, err
	}
	var y, m, d int
	switch l {
	case LayoutShortYD:
		y, d, m = nums[0], nums[1], nums[2]
	case LayoutShortDY:
		d, m, y = nums[0], nums[1], nums[2]
	default:
		y, m, d = nums[0], nums[1], nums[2]
	}
	if m == 0 || d == 0 {
		return tournament.Date{}, unreadable(f, "no-such-day", l.Both())
	}
	date, _, err := build(2000+y, m, d, f, l)
	return date, err
}

// shortNumbers returns the numbers of a date written as three two-digit
// numbers ("11.25.02"); ok is false for any other text.
func shortNumbers(f string) (nums [3]int, ok bool) {
	var widths [3]int
	n, ok := splitNumbers(f, &nums, &widths)
	return nums, ok && n == 3 && widths[0] == 2 && widths[1] == 2 && widths[2] == 2
}

// parseFull reads a round date in any layout of Parse; a year or a month
// alone is not the day of a round.
func parseFull(f string) (tournament.Date, Layout, error) {
	d, l, err := Parse(f)
	if err == nil && !d.IsZero() && !d.IsFull() {
		f = strings.TrimSpace(f)
		return tournament.Date{}, LayoutNone, roundError("round-not-full", f)
	}
	return d, l, err
}

// inside reports whether d (zero: yes) lies within [start, end], each bound
// checked only when it is a full date.
func inside(d, start, end tournament.Date) bool {
	if !d.IsFull() {
		return true
	}
	if start.IsFull() && d.Before(start) {
		return false
	}
	if end.IsFull() && end.Before(d) {
		return false
	}
	return true
}
