// Package fee is the homologation fee: the schedules the Federal Council
// sets (rules.yaml's fees section, per kind of rule set and dated like
// the rule sets), what a tournament owes under one (Compute, a pure
// function in integer cents), the day it is due, and the payment
// reference a submission's organiser writes in the bank transfer's
// description (the causale).
//
// RTF 6.2.2 homologates a standard competition "previo versamento delle
// quote di omologazione, quando previste"; RAPID 5.2 asks for "l'eventuale
// quota di omologazione stabilita dal Consiglio Federale"; RAPID 5.4 keeps
// a fee paid for a tournament that is not homologated. Every amount may be
// zero ("eventuale", "quando previste"), so a schedule of zeros is a
// federation that charges nothing.
package fee

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/tournament"
)

// Policy says when a tournament with a fee due is homologated.
type Policy string

// The policies.
const (
	// AfterPayment: accepted but held from its list until the fee is paid
	// or waived (RTF 6.2.2 "previo versamento"), then counted in the
	// first list after the payment, as a late homologation is.
	AfterPayment Policy = "after-payment"
	// AtOnce: homologated and counted at once; the fee is chased with
	// reminders and shown as overdue.
	AtOnce Policy = "at-once"
)

// Schedule is one fee schedule: for the tournaments of a kind of rule
// set starting within [ValidFrom, ValidUntil].
type Schedule struct {
	ID         string          `yaml:"id"`
	Kind       fsi.Kind        `yaml:"kind"` // standard, rapid, promotion
	ValidFrom  tournament.Date `yaml:"valid_from"`
	ValidUntil tournament.Date `yaml:"valid_until,omitempty"` // zero: open-ended
	// Article is what the notices cite for the fee (RTF 6.2.2, RAPID 5.2).
	Article string `yaml:"article"`
	// The amounts the Federal Council sets, in cents; each may be 0.
	BaseCents          int64 `yaml:"base_cents"`
	PerPlayerCents     int64 `yaml:"per_player_cents"`
	FideSurchargeCents int64 `yaml:"fide_surcharge_cents"`
	// ExemptFlags are the calendar's flags (its "flags" column) that
	// exempt a tournament: youth or school events ("giovanile",
	// "scolastico").
	ExemptFlags []string `yaml:"exempt_flags"`
	// TermDays is the payment term, in calendar days from the receipt.
	TermDays int    `yaml:"term_days"`
	Policy   Policy `yaml:"policy"`
	// ReminderEveryDays is the interval between reminders after the
	// term; MaxReminders is how many are sent at most (0: none).
	ReminderEveryDays int `yaml:"reminder_every_days"`
	MaxReminders      int `yaml:"max_reminders"`
}

// Covers reports whether the schedule is in force on d.
func (s *Schedule) Covers(d tournament.Date) bool {
	if d.Before(s.ValidFrom) {
		return false
	}
	return s.ValidUntil.IsZero() || !s.ValidUntil.Before(d)
}

// Select returns the schedule of kind in force on the date, or nil: no
// schedule means no fee.
func Select(schedules []Schedule, kind fsi.Kind, on tournament.Date) *Schedule {
	for i := range schedules {
		if s := &schedules[i]; s.Kind == kind && s.Covers(on) {
			return s
		}
	}
	return nil
}

// Facts are what the fee of a tournament depends on.
type Facts struct {
	Players   int
	FideRated bool
	// Flags are the calendar entry's flags (lower case).
	Flags []string
}

// Line is one part of an amount, for a notice that explains it.
type Line struct {
	What  string `json:"what"` // base, per-player, fide-surcharge
	Cents int64  `json:"cents"`
}

// Due is what a tournament owes under a schedule.
type Due struct {
	Cents int64  `json:"cents"`
	Lines []Line `json:"lines,omitempty"`
	// ExemptBy is the calendar flag that exempted it ("" when none).
	ExemptBy string `json:"exempt_by,omitempty"`
	// Schedule is the schedule's id and Article its article.
	Schedule string `json:"schedule,omitempty"`
	Article  string `json:"article,omitempty"`
	Policy   Policy `json:"policy,omitempty"`
	TermDays int    `json:"term_days,omitempty"`
}

// Compute returns what a tournament owes under s (nothing when s is nil):
// the base, the per-player amount times the players, and the FIDE
// surcharge for a FIDE-rated tournament, unless a calendar flag exempts
// it.
func Compute(s *Schedule, f Facts) Due {
	if s == nil {
		return Due{}
	}
	d := Due{Schedule: s.ID, Article: s.Article, Policy: s.Policy, TermDays: s.TermDays}
	for _, flag := range f.Flags {
		if slices.Contains(s.ExemptFlags, strings.ToLower(strings.TrimSpace(flag))) {
			d.ExemptBy = strings.ToLower(strings.TrimSpace(flag))
			return d
		}
	}
	add := func(what string, c int64) {
		if c > 0 {
			d.Lines = append(d.Lines, Line{What: what, Cents: c})
			d.Cents += c
		}
	}
	add("base", s.BaseCents)
	add("per-player", s.PerPlayerCents*int64(max(f.Players, 0)))
	if f.FideRated {
		add("fide-surcharge", s.FideSurchargeCents)
	}
	return d
}

// DueBy is the last day of the term for a submission received at
// received: the term counts calendar days in loc from the receipt's day,
// and the day returned is still in time.
func DueBy(received time.Time, termDays int, loc *time.Location) tournament.Date {
	return tournament.DateOf(received.In(loc)).AddDays(termDays)
}

// Overdue reports whether a fee due by day is overdue at now (in loc):
// from the day after.
func Overdue(dueBy tournament.Date, now time.Time, loc *time.Location) bool {
	return !dueBy.IsZero() && dueBy.Before(tournament.DateOf(now.In(loc)))
}

// Problem is a bad value in a schedule, at a path under it.
type Problem struct {
	Path []any
	Msg  string
}

// Check returns what is wrong with the schedules' values: unknown kind
// or policy, negative amounts or terms, ranges that overlap for a kind.
func Check(schedules []Schedule) []Problem {
	var out []Problem
	bad := func(i int, key, format string, args ...any) {
		out = append(out, Problem{Path: []any{i, key}, Msg: fmt.Sprintf("fee schedule %s: ", schedules[i].ID) + fmt.Sprintf(format, args...)})
	}
	ids := map[string]bool{}
	for i := range schedules {
		s := &schedules[i]
		if s.ID == "" {
			bad(i, "id", "an id is required")
		} else if ids[s.ID] {
			bad(i, "id", "the id is used twice")
		}
		ids[s.ID] = true
		if !s.Kind.IsRuleSet() {
			bad(i, "kind", "kind %q: standard, rapid or promotion", s.Kind)
		}
		if !s.ValidFrom.IsFull() {
			bad(i, "valid_from", "valid_from is required")
		}
		if !s.ValidUntil.IsZero() && s.ValidUntil.Before(s.ValidFrom) {
			bad(i, "valid_until", "valid_until %s is before valid_from %s", s.ValidUntil, s.ValidFrom)
		}
		if s.Article == "" {
			bad(i, "article", "the article the notices cite is required")
		}
		for key, c := range map[string]int64{"base_cents": s.BaseCents, "per_player_cents": s.PerPlayerCents, "fide_surcharge_cents": s.FideSurchargeCents} {
			if c < 0 {
				bad(i, key, "%s is %d: an amount is zero or more", key, c)
			}
		}
		for key, n := range map[string]int{"term_days": s.TermDays, "reminder_every_days": s.ReminderEveryDays, "max_reminders": s.MaxReminders} {
			if n < 0 {
				bad(i, key, "%s is %d: zero or more", key, n)
			}
		}
		if s.MaxReminders > 0 && s.ReminderEveryDays == 0 {
			bad(i, "reminder_every_days", "max_reminders is %d but reminder_every_days is 0", s.MaxReminders)
		}
		if s.Policy != AfterPayment && s.Policy != AtOnce {
			bad(i, "policy", "policy %q: after-payment or at-once", s.Policy)
		}
		for j := range i {
			o := &schedules[j]
			if o.Kind == s.Kind && overlap(o, s) {
				bad(i, "valid_from", "its dates overlap those of %s for the same kind", o.ID)
			}
		}
	}
	return out
}

func overlap(a, b *Schedule) bool {
	before := func(x, y *Schedule) bool { return !x.ValidUntil.IsZero() && x.ValidUntil.Before(y.ValidFrom) }
	return !before(a, b) && !before(b, a)
}

// Reference is the payment reference of a submission: "OMOL-", the year
// of its receipt and its number, four digits at least ("OMOL-2026-0012"):
// short, easy to type and to find in a statement.
func Reference(year int, submission int64) string {
	return fmt.Sprintf("OMOL-%04d-%04d", year, submission)
}

// referenceIn finds a reference in a causale whatever the organiser did
// with spaces, dashes, dots, slashes and case: "omol 2026 12",
// "OMOL2026-0012", "Omol.2026/0012".
var referenceIn = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\bOMOL[\s\-./_]*(\d{4})[\s\-./_]*(\d{1,8})\b`)
})

// FindReferences returns the references written in a causale, in the
// canonical form Reference writes, once each, in order.
func FindReferences(causale string) []string {
	var out []string
	for _, m := range referenceIn().FindAllStringSubmatch(causale, -1) {
		y, _ := strconv.Atoi(m[1])
		n, _ := strconv.ParseInt(m[2], 10, 64)
		if r := Reference(y, n); !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// Part is what a payment pays of one reference's fee.
type Part struct {
	Reference string
	Cents     int64
}

// Split divides a payment among the references written in its causale
// whose fees are known (owed returns what is still owed, and whether the
// reference is known): each in turn gets what it still owes, and the
// last one known also gets what is left, kept as its balance (an
// over-payment). A payment naming no known reference is not split (nil).
func Split(cents int64, refs []string, owed func(ref string) (int64, bool)) []Part {
	var parts []Part
	left := cents
	for _, r := range refs {
		o, ok := owed(r)
		if !ok {
			continue
		}
		take := min(max(o, 0), left)
		parts = append(parts, Part{Reference: r, Cents: take})
		left -= take
	}
	if len(parts) == 0 {
		return nil
	}
	parts[len(parts)-1].Cents += left
	out := parts[:0]
	for _, p := range parts {
		if p.Cents > 0 {
			out = append(out, p)
		}
	}
	return out
}
