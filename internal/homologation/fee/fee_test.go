package fee

import (
	"slices"
	"testing"
	"time"

	"omologa/internal/tournament"
)

func standard() *Schedule {
	return &Schedule{ID: "standard-2026", Kind: "standard", ValidFrom: tournament.Date{Year: 2024, Month: 4, Day: 1},
		Article: "RTF 6.2.2", BaseCents: 2000, PerPlayerCents: 50, FideSurchargeCents: 1500,
		ExemptFlags: []string{"giovanile", "scolastico"}, TermDays: 30, Policy: AfterPayment,
		ReminderEveryDays: 15, MaxReminders: 2}
}

func TestCompute(t *testing.T) {
	zero := &Schedule{ID: "rapid-2026", Kind: "rapid", Article: "RAPID 5.2", Policy: AtOnce}
	for _, c := range []struct {
		name   string
		s      *Schedule
		f      Facts
		cents  int64
		exempt string
	}{
		{"RTF 6.2.2: base and per player", standard(), Facts{Players: 40}, 2000 + 40*50, ""},
		{"RTF 6.2.2: FIDE-rated surcharge", standard(), Facts{Players: 40, FideRated: true}, 2000 + 40*50 + 1500, ""},
		{"RTF 6.2.2: a youth event exempt by its calendar flag", standard(), Facts{Players: 40, Flags: []string{" Giovanile "}}, 0, "giovanile"},
		{"RAPID 5.2: l'eventuale quota, zero", zero, Facts{Players: 30}, 0, ""},
		{"RTF 6.2.2: quando previste, no schedule", nil, Facts{Players: 30}, 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := Compute(c.s, c.f)
			if d.Cents != c.cents || d.ExemptBy != c.exempt {
				t.Errorf("Compute = %d cents exempt %q, want %d exempt %q", d.Cents, d.ExemptBy, c.cents, c.exempt)
			}
			var sum int64
			for _, l := range d.Lines {
				sum += l.Cents
			}
			if sum != d.Cents {
				t.Errorf("lines sum to %d, amount %d", sum, d.Cents)
			}
		})
	}
}

func TestSelectByKindAndDate(t *testing.T) {
	old := *standard()
	old.ID, old.ValidFrom, old.ValidUntil = "standard-2009", tournament.Date{Year: 2009, Month: 10, Day: 1}, tournament.Date{Year: 2024, Month: 3, Day: 31}
	all := []Schedule{old, *standard()}
	if s := Select(all, "standard", tournament.Date{Year: 2020, Month: 1, Day: 1}); s == nil || s.ID != "standard-2009" {
		t.Errorf("2020: %v", s)
	}
	if s := Select(all, "standard", tournament.Date{Year: 2026, Month: 11, Day: 1}); s == nil || s.ID != "standard-2026" {
		t.Errorf("2026: %v", s)
	}
	if s := Select(all, "rapid", tournament.Date{Year: 2026, Month: 11, Day: 1}); s != nil {
		t.Errorf("rapid: %v, want none (no fee)", s)
	}
	if p := Check(all); len(p) != 0 {
		t.Errorf("Check: %v", p)
	}
}

func TestCheck(t *testing.T) {
	bad := *standard()
	bad.BaseCents, bad.Policy, bad.MaxReminders, bad.ReminderEveryDays = -1, "sometimes", 3, 0
	dup := *standard()
	msgs := []string{}
	for _, p := range Check([]Schedule{*standard(), bad, dup}) {
		msgs = append(msgs, p.Msg)
	}
	for _, want := range []string{
		"fee schedule standard-2026: base_cents is -1: an amount is zero or more",
		"fee schedule standard-2026: policy \"sometimes\": after-payment or at-once",
		"fee schedule standard-2026: max_reminders is 3 but reminder_every_days is 0",
		"fee schedule standard-2026: the id is used twice",
		"fee schedule standard-2026: its dates overlap those of standard-2026 for the same kind",
	} {
		if !slices.Contains(msgs, want) {
			t.Errorf("missing %q in %q", want, msgs)
		}
	}
}

func TestTerm(t *testing.T) {
	rome, _ := time.LoadLocation("Europe/Rome")
	// Received late on 23 November in Rome (UTC 23:30 is already the 24th).
	received := time.Date(2026, 11, 23, 23, 30, 0, 0, time.UTC)
	by := DueBy(received, 30, rome)
	if by != (tournament.Date{Year: 2026, Month: 12, Day: 24}) {
		t.Fatalf("DueBy = %s", by)
	}
	if Overdue(by, time.Date(2026, 12, 24, 22, 0, 0, 0, time.UTC), rome) {
		t.Error("overdue on the last day")
	}
	if !Overdue(by, time.Date(2026, 12, 24, 23, 30, 0, 0, time.UTC), rome) {
		t.Error("not overdue the day after (in Rome)")
	}
}

func TestReferences(t *testing.T) {
	if r := Reference(2026, 12); r != "OMOL-2026-0012" {
		t.Fatalf("Reference = %q", r)
	}
	for causale, want := range map[string][]string{
		"BONIFICO OMOL-2026-0012 TORNEO NOVARA":       {"OMOL-2026-0012"},
		"quota omol 2026 12 e omol2026-0013":          {"OMOL-2026-0012", "OMOL-2026-0013"},
		"Omol.2026/0012 saldo, OMOL-2026-0012 ancora": {"OMOL-2026-0012"},
		"omologazione torneo 2026":                    nil,
		"XOMOL-2026-0012":                             nil,
	} {
		if got := FindReferences(causale); !slices.Equal(got, want) {
			t.Errorf("FindReferences(%q) = %q, want %q", causale, got, want)
		}
	}
}

func TestSplit(t *testing.T) {
	owed := map[string]int64{"OMOL-2026-0001": 4000, "OMOL-2026-0005": 1500, "OMOL-2026-0006": 0}
	look := func(r string) (int64, bool) { o, ok := owed[r]; return o, ok }
	for _, c := range []struct {
		name  string
		cents int64
		refs  []string
		want  []Part
	}{
		{"one transfer, one fee", 4000, []string{"OMOL-2026-0001"}, []Part{{"OMOL-2026-0001", 4000}}},
		{"over-payment kept as balance", 5000, []string{"OMOL-2026-0001"}, []Part{{"OMOL-2026-0001", 5000}}},
		{"partial", 1000, []string{"OMOL-2026-0001"}, []Part{{"OMOL-2026-0001", 1000}}},
		{"one transfer paying two", 5500, []string{"OMOL-2026-0001", "OMOL-2026-0005"}, []Part{{"OMOL-2026-0001", 4000}, {"OMOL-2026-0005", 1500}}},
		{"unknown reference passed over", 1500, []string{"OMOL-2026-0099", "OMOL-2026-0005"}, []Part{{"OMOL-2026-0005", 1500}}},
		{"nothing known", 1500, []string{"OMOL-2026-0099"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Split(c.cents, c.refs, look)
			if !slices.Equal(got, c.want) {
				t.Errorf("Split = %v, want %v", got, c.want)
			}
		})
	}
}
