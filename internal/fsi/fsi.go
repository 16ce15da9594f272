// Package fsi is the Italian Chess Federation's vocabulary: the kinds
// (of a list, of play, of a rule set), the names of the rating lists,
// the categories (RTF 4.1). It is the one home of these words: every
// other package names a kind, a list or a category through it, and a
// guard test fails when one of its strings is written elsewhere.
//
// The package sits near the bottom of the import graph (below the
// tournament model, whose readers need the categories) and imports of
// omologa only the platform's formatter (italian, to name a period for
// people); its subpackages, which need the model's dates,
// sit above it: periods (the list schedules and periods) and registers
// (the register CSV reader, the one name fold and player matcher).
//
// What the federation sets per rule set (the deadline, the office's time
// zone, the entry ratings by category) is a setting of rules.yaml, read
// through package rules, never a constant here.
package fsi

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"omologa/internal/platform/italian"
)

// Kind is the one vocabulary of kinds. A rating list is Standard (Elo
// Italia, bimonthly, RTF 4.2.2) or Rapid (Elo Italia Rapid, monthly,
// RAPID 6.2); a kind of play (LAWS A.1, B.1) is Standard, Rapid or
// Blitz; a rule set judges Standard, Rapid or Promotion tournaments
// (RTF 5.2.1 a).
type Kind string

const (
	Standard  Kind = "standard"
	Rapid     Kind = "rapid"
	Blitz     Kind = "blitz"
	Promotion Kind = "promotion"
	// FIDE is the kind of the FIDE rating lists' schedule (FIDE-RR
	// 7.11), which the office reads to forward tournaments in time.
	FIDE Kind = "fide"
)

// Lists are the kinds of rating list, in the order the office shows them.
var Lists = []Kind{Standard, Rapid}

// IsList reports whether k is a kind of rating list.
func (k Kind) IsList() bool { return k == Standard || k == Rapid }

// IsPlay reports whether k is a kind of play.
func (k Kind) IsPlay() bool { return k == Standard || k == Rapid || k == Blitz }

// IsRuleSet reports whether k is a kind of rule set.
func (k Kind) IsRuleSet() bool { return k == Standard || k == Rapid || k == Promotion }

// List is the rating list a tournament of kind k counts in: a promotion
// tournament is rated in Elo Italia (RTF 5.2.1 a); blitz in none ("").
func (k Kind) List() Kind {
	switch k {
	case Standard, Promotion:
		return Standard
	case Rapid:
		return Rapid
	}
	return ""
}

// ListName names the rating list a tournament of kind k counts in:
// "Elo Italia", "Elo Italia Rapid"; "" for blitz.
func (k Kind) ListName() string {
	switch k.List() {
	case Standard:
		return "Elo Italia"
	case Rapid:
		return "Elo Italia Rapid"
	}
	return ""
}

// Categories are the Italian title and categories (RTF 4.1), highest
// first: Maestro, Candidato Maestro, the national categories 1N 2N 3N,
// the social categories 1S 2S and NC, unclassified. This is the one list
// the readers, the rules, the rating stage and the registers use. There
// is no 3S: the regulations name 1S, 2S and NC only (RTF 4.1, 4.2.5,
// 4.2.16), so a file's "3S" is not read as a category. Their entry
// ratings (RTF 4.2.16) are settings: rules.yaml's
// rating.standard.entry_by_category, checked to name every one.
var Categories = []string{"M", "CM", "1N", "2N", "3N", "1S", "2S", "NC"}

// CategoryList is Categories as written in messages: "M CM 1N … NC".
var CategoryList = strings.Join(Categories, " ")

// IsCategory reports whether s is an Italian category as written in
// upper case.
func IsCategory(s string) bool { return s != "" && slices.Contains(Categories, s) }

// CategoryRank orders the categories (RTF 4.1): NC 0 up to M 7, the
// empty category as NC; −1 for anything else.
func CategoryRank(s string) int {
	if s == "" {
		return 0
	}
	if i := slices.Index(Categories, s); i >= 0 {
		return len(Categories) - 1 - i
	}
	return -1
}

// Province is a tournament's province: the one of the calendar event it
// was matched to (the calendar's optional province column), else the
// sign in brackets closing its city ("Novara (NO)"); "" when neither
// says. The store computes the same in SQL (store.provinceSQL, tested
// against this).
func Province(calendar, city string) string {
	if p := strings.ToUpper(calendar); p != "" {
		return p
	}
	return ProvinceOfCity(city)
}

// ProvinceOfCity is the province sign in brackets closing a city as files
// and calendars write it: "Novara (NO)" → "NO"; "" when none.
func ProvinceOfCity(city string) string {
	r := []rune(strings.TrimRight(city, " "))
	if n := len(r); n >= 4 && r[n-1] == ')' && r[n-4] == '(' {
		return strings.ToUpper(string(r[n-3 : n-1]))
	}
	return ""
}

// PeriodLabel is the label of the list period issued in year and month:
// "2026-03", as lists, the store and addresses name it.
func PeriodLabel(year int, month time.Month) string {
	return fmt.Sprintf("%04d-%02d", year, int(month))
}

// ParsePeriod reads a period label "2026-03"; ok is false for anything
// else. It is the one reader of a label: PeriodMonth names it for people.
func ParsePeriod(label string) (year int, month time.Month, ok bool) {
	t, err := time.Parse("2006-01", label)
	if err != nil {
		return 0, 0, false
	}
	return t.Year(), t.Month(), true
}

// PeriodMonth names a period label for people, in Italian, by the month
// of the list's issue ("2027-01" → "gennaio 2027"); text that is not a
// label comes back as it is.
func PeriodMonth(label string) string { return periodMonth(label, italian.MonthYear) }

// PeriodMonthEN is PeriodMonth in English ("January 2027").
func PeriodMonthEN(label string) string { return periodMonth(label, italian.MonthYearEN) }

func periodMonth(label string, name func(int, time.Month) string) string {
	y, m, ok := ParsePeriod(strings.TrimSpace(label))
	if !ok {
		return label
	}
	return name(y, m)
}
