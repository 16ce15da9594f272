// Package italian writes numbers, dates, times, list names and counted
// nouns the way Italian readers expect them (decimal comma, dd/mm/yyyy,
// the office's time zone, month names), with the English twin where a
// text is bilingual. It is a leaf: it imports nothing of the project,
// so validate, rating, report and cmd can all use it, and every text a
// person reads formats a number or a date in one place.
package italian

import (
	"fmt"
	"omologa/internal/platform/catalogue"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // Rome on a machine without zoneinfo
)

// Tenths writes an amount kept in tenths (points, expected points,
// rating variations) with one decimal and a decimal comma: 35 → "3,5",
// -125 → "-12,5", 0 → "0,0". The minus is the ASCII one, which Excel
// reads as a number.
func Tenths(t int) string { return string(appendTenths(make([]byte, 0, 8), t, false, ',')) }

// SignedTenths writes a variation: "+39,0", "-6,0", and "0,0" for no
// change (a zero has no sign).
func SignedTenths(t int) string { return string(appendTenths(make([]byte, 0, 8), t, true, ',')) }

// TenthsEN is Tenths with a decimal point, for English texts and the
// machine-readable files: "3.5", "-12.5".
func TenthsEN(t int) string { return string(appendTenths(make([]byte, 0, 8), t, false, '.')) }

// SignedTenthsEN is SignedTenths with a decimal point.
func SignedTenthsEN(t int) string { return string(AppendSignedTenthsEN(make([]byte, 0, 8), t)) }

// AppendSignedTenthsEN appends SignedTenthsEN(t) to b, with no string
// between: a close's table of changes has a line for every player who
// played, a variation or more each (issue 31).
func AppendSignedTenthsEN(b []byte, t int) []byte { return appendTenths(b, t, true, '.') }

// appendTenths appends t's tenths with point as the decimal separator,
// a plus before a positive t when signed: the one writer of the four.
func appendTenths(b []byte, t int, signed bool, point byte) []byte {
	if t > 0 && signed {
		b = append(b, '+')
	} else if t < 0 {
		b, t = append(b, '-'), -t
	}
	return strconv.AppendInt(append(strconv.AppendInt(b, int64(t/10), 10), point), int64(t%10), 10)
}

// Halves writes a score kept in half points: 15 → "7,5", 14 → "7".
// Chess scores are whole or half, so no ",0" is written.
func Halves(h int) string {
	sign := ""
	if h < 0 {
		sign, h = "-", -h
	}
	s := sign + strconv.Itoa(h/2)
	if h%2 == 1 {
		s += ",5"
	}
	return s
}

// Points writes a score given as a number of points (7.5 → "7,5", 7 →
// "7"), rounding to the nearest half point.
func Points(p float64) string {
	if p < 0 {
		return Halves(-int(-p*2 + 0.5))
	}
	return Halves(int(p*2 + 0.5))
}

// Float writes x with the given number of decimals and a decimal comma:
// Float(66, 1) → "66,0", Float(-0.04, 1) → "0,0".
func Float(x float64, decimals int) string {
	s := strconv.FormatFloat(x, 'f', decimals, 64)
	if strings.TrimLeft(s, "-0.") == "" { // no "-0,0"
		s = strings.TrimPrefix(s, "-")
	}
	return strings.Replace(s, ".", ",", 1)
}

// Number writes x with as many decimals as it has and a decimal comma:
// tie-breaks and scores, "12,25", "3,5", "12".
func Number(x float64) string {
	return strings.Replace(strconv.FormatFloat(x, 'f', -1, 64), ".", ",", 1)
}

// SignedFloat is Float with a "+" before a positive value.
func SignedFloat(x float64, decimals int) string {
	s := Float(x, decimals)
	if x > 0 && strings.Trim(s, "0,") != "" {
		return "+" + s
	}
	return s
}

// Date writes t's calendar date as dd/mm/yyyy (in t's own location; use
// DateIn for an instant).
func Date(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format("02/01/2006")
}

// DMY writes a calendar date given by its parts: DMY(2027, 1, 5) →
// "05/01/2027".
func DMY(year int, month time.Month, day int) string {
	return fmt.Sprintf("%02d/%02d/%04d", day, int(month), year)
}

// DateISO writes a day kept as YYYY-MM-DD (the store's and JSON's form)
// as dd/mm/yyyy; anything else is returned as it is.
func DateISO(s string) string {
	d, err := time.Parse("2006-01-02", s)
	if err != nil {
		return s
	}
	return Date(d)
}

// DateIn writes the date of instant t in loc: the day an e-mail arrived
// is the day in Rome, not in UTC. A nil loc means UTC.
func DateIn(t time.Time, loc *time.Location) string {
	if t.IsZero() {
		return ""
	}
	return Date(t.In(zone(loc)))
}

// DateTime writes instant t in loc as "23/11/2026 10:00" (no seconds,
// no zone name: every time the office shows is in its own zone).
func DateTime(t time.Time, loc *time.Location) string {
	if t.IsZero() {
		return ""
	}
	return t.In(zone(loc)).Format("02/01/2006 15:04")
}

// Clock writes the time of day of instant t in loc: "10:00".
func Clock(t time.Time, loc *time.Location) string {
	return t.In(zone(loc)).Format("15:04")
}

func zone(loc *time.Location) *time.Location {
	if loc == nil {
		return time.UTC
	}
	return loc
}

// Month names m in Italian, lower case as Italian writes it: "gennaio".
// An invalid month gives its number.
func Month(m time.Month) string {
	return monthIn(catalogue.IT, m)
}

// monthIn names m in the language; an invalid month gives its number.
func monthIn(l catalogue.Lang, m time.Month) string {
	if m < 1 || m > 12 {
		return strconv.Itoa(int(m))
	}
	return l.T("date.month." + strconv.Itoa(int(m)))
}

// MonthYear writes "gennaio 2027".
func MonthYear(year int, m time.Month) string { return Month(m) + " " + strconv.Itoa(year) }

// MonthYearEN writes "January 2027".
func MonthYearEN(year int, m time.Month) string {
	return monthIn(catalogue.EN, m) + " " + strconv.Itoa(year)
}

// List names a list by the month of its issue: "lista di gennaio 2027".
func List(year int, m time.Month) string { return catalogue.IT.T("date.list", MonthYear(year, m)) }

// Count writes n with the noun agreeing: Count(1, "turno", "turni") →
// "1 turno", Count(2, ...) → "2 turni", Count(0, ...) → "0 turni".
// It serves English too: Count(1, "round", "rounds").
func Count(n int, one, many string) string {
	return strconv.Itoa(n) + " " + Plural(n, one, many)
}

// Plural picks the noun for n: one for exactly 1, many otherwise.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Size writes a number of bytes for a person: "820 byte", "12,4 KB",
// "20 MB" (binary multiples, one decimal below 100).
func Size(n int64) string {
	switch {
	case n < 1<<10:
		return strconv.FormatInt(n, 10) + " byte"
	case n < 1<<20:
		return sizeUnit(float64(n)/(1<<10), "KB")
	case n < 1<<30:
		return sizeUnit(float64(n)/(1<<20), "MB")
	}
	return sizeUnit(float64(n)/(1<<30), "GB")
}

func sizeUnit(x float64, unit string) string {
	if x >= 100 || x == float64(int64(x)) {
		return strconv.FormatInt(int64(x+0.5), 10) + " " + unit
	}
	return Float(x, 1) + " " + unit
}

// Join lists items as Italian prose: "a", "a e b", "a, b e c".
func Join(items []string) string { return join(items, catalogue.IT.T("join.and")) }

func join(items []string, and string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + and + items[len(items)-1]
}

// elision is the article or articulated preposition before a date whose
// day is read with a vowel (otto, undici), and its elided form.
var (
	elision = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(il|Il|dal|al|del|nel|sul) (0?8|11)/`)
	})
	elided = map[string]string{"il": "l'", "Il": "L'", "dal": "dall'", "al": "all'", "del": "dell'",
		"nel": "nell'", "sul": "sull'"}
)

// Elide applies the elision Italian needs before a date starting with a
// vowel sound: "il 11/03/2026" → "l'11/03/2026", "dal 8/3" → "dall'8/3".
func Elide(s string) string {
	if !strings.Contains(s, "8/") && !strings.Contains(s, "11/") {
		return s
	}
	return elision().ReplaceAllStringFunc(s, func(m string) string {
		art, rest, _ := strings.Cut(m, " ")
		return elided[art] + rest
	})
}

// Euro writes an amount kept in cents the Italian way: thousands
// separated by a dot, a decimal comma, two decimals and the sign after a
// space: 123450 → "1.234,50 €", -500 → "-5,00 €", 0 → "0,00 €".
func Euro(cents int64) string {
	sign := ""
	if cents < 0 {
		sign = "-"
	}
	u := uint64(cents)
	if cents < 0 {
		u = uint64(-(cents + 1)) + 1 // math.MinInt64 too
	}
	whole := strconv.FormatUint(u/100, 10)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(r)
	}
	return fmt.Sprintf("%s%s,%02d €", sign, b.String(), u%100)
}

// EuroEN is Euro as English writes it: "€1,234.50".
func EuroEN(cents int64) string {
	s := strings.TrimSuffix(Euro(cents), " €")
	s = strings.NewReplacer(".", ",", ",", ".").Replace(s)
	if strings.HasPrefix(s, "-") {
		return "-€" + s[1:]
	}
	return "€" + s
}

// Cents writes an amount kept in cents with a decimal comma and no
// thousands separator nor sign of the currency, as a spreadsheet reads a
// number: 123450 → "1234,50", -5 → "-0,05".
func Cents(cents int64) string {
	s := strings.NewReplacer(".", "", " €", "").Replace(Euro(cents))
	return s
}
