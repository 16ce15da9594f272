package validate

import (
	"time"

	"omologa/internal/fsi"
	"omologa/internal/platform/zone"
)

// The deadline check's parameters (deadline.go; the list period in
// run.go), rules.yaml's rulesets[].params.deadline, and the check of
// their values.

// DeadlineParams are the parameters of the deadline check (RAPID 5.2,
// RTF 4.2.2, RAPID 6.2).
type DeadlineParams struct {
	// Apply the receipt deadline to this rule set. RAPID 5.2 sets it for
	// rapid; the FSI applies the same procedure to standard tournaments
	// (regs §1 decision).
	Apply bool `yaml:"apply"`
	// MaxDaysAfterEnd: received on end + MaxDaysAfterEnd (calendar days
	// in TimeZone) is in time, a day later is late (RAPID 5.2: 8).
	MaxDaysAfterEnd int `yaml:"max_days_after_end"`
	// TimeZone in which receipt times become calendar days; the same as
	// rating.time_zone (checked by the rules package), so that a receipt
	// counts in the same list for the validator and for the close.
	TimeZone string `yaml:"time_zone"`
	// ListKind names the rating list the tournament counts in, standard
	// or rapid: its schedule is rating.standard.list or rating.rapid.list,
	// held once for the validator, the receipts and the close (the rule
	// set's List).
	ListKind fsi.Kind `yaml:"list"`
}

// Location returns the deadline's time zone (checked when the file was
// read, so it loads).
func (d DeadlineParams) Location() *time.Location { return zone.Of(d.TimeZone) }

func (d *DeadlineParams) check(ps problems) {
	if d.MaxDaysAfterEnd < 0 {
		ps.in("max_days_after_end").add("max_days_after_end must not be negative")
	}
	if _, err := zone.Load(d.TimeZone); err != nil || d.TimeZone == "" {
		ps.in("time_zone").add("time_zone %q is not a known time zone (an IANA name, the same as rating.time_zone)", d.TimeZone)
	}
	// The schedule itself is rating.<list>.list, checked with the
	// rating settings.
	if !d.ListKind.IsList() {
		ps.in("list").add("list %q: standard or rapid (the schedule is rating.standard.list or rating.rapid.list)", d.ListKind)
	}
}
