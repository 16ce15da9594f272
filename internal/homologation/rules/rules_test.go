package rules

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/homologation/validate"
	"omologa/internal/platform/strictyaml"
	"omologa/internal/tournament"
)

func loadRepoRules(t *testing.T) (*File, []byte) {
	t.Helper()
	path := filepath.Join("..", "..", "..", "rules.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse(path, data)
	if err != nil {
		t.Fatalf("rules.yaml does not load:\n%v", err)
	}
	return f, data
}

func TestRulesYAMLLoadsStrictly(t *testing.T) {
	f, _ := loadRepoRules(t)
	for _, kind := range []fsi.Kind{fsi.Standard, fsi.Rapid, fsi.Promotion} {
		for _, on := range []tournament.Date{tournament.NewDate(2012, 5, 1), tournament.NewDate(2025, 7, 21)} {
			rs, in := f.Select(kind, on)
			if rs == nil || !in {
				t.Errorf("no %s rule set in force on %s", kind, on)
			}
		}
	}
	for _, rs := range f.RuleSets {
		for id := range f.Rules {
			if _, ok := rs.Rule(id); !ok {
				t.Errorf("%s: rule %s not resolved", rs.ID, id)
			}
		}
	}
}

// TestRTF_1_1_RuleSetByStartDate: a rule change does not re-judge old
// tournaments; the rule set is chosen by the start date.
func TestRTF_1_1_RuleSetByStartDate(t *testing.T) {
	f, _ := loadRepoRules(t)
	for _, c := range []struct {
		on   tournament.Date
		want string
	}{
		{tournament.NewDate(2024, 3, 31), "standard-2009"},
		{tournament.NewDate(2024, 4, 1), "standard-2024"},
		{tournament.NewDate(2005, 1, 1), "standard-2009"}, // nearest, out of range
	} {
		rs, _ := f.Select(fsi.Standard, c.on)
		if rs == nil || rs.ID != c.want {
			t.Errorf("Select(standard, %s) = %v, want %s", c.on, rs, c.want)
		}
	}
	rapid, _ := f.Select(fsi.Rapid, tournament.NewDate(2025, 1, 1))
	if got, _ := rapid.Rule("eligibility.min-rounds"); got.Article != "RAPID 4.3" {
		t.Errorf("rapid override: article %q, want RAPID 4.3", got)
	}
	std, _ := f.Select(fsi.Standard, tournament.NewDate(2025, 1, 1))
	if got, _ := std.Rule("eligibility.min-rounds"); got.Article != "RTF 5.3.1 a" {
		t.Errorf("standard article %q, want RTF 5.3.1 a", got)
	}
	if got, _ := std.Rule("eligibility.membership-missing"); got.Severity != validate.SeverityOff {
		t.Errorf("standard membership severity %q, want off", got)
	}
}

// lineOfText returns the 1-based line of the first occurrence of s.
func lineOfText(t *testing.T, data []byte, s string) int {
	t.Helper()
	i := strings.Index(string(data), s)
	if i < 0 {
		t.Fatalf("%q not in rules.yaml", s)
	}
	return strings.Count(string(data[:i]), "\n") + 1
}

func TestRulesYAMLStrictErrors(t *testing.T) {
	_, data := loadRepoRules(t)
	text := string(data)
	cases := []struct {
		name, old, new, want string
	}{
		{"unknown key", "  blitz_max_minutes: 10\n", "  blitz_max_minutes: 10\n  blitz_maximum: 9\n", "blitz_maximum"},
		{"wrong type", "        min_rounds: 6\n", "        min_rounds: six\n", "six"},
		{"missing key", "        points_tolerance: 0.01\n", "", "\"points_tolerance\""},
		{"bad severity", "    severity: warning\n", "    severity: fatal\n", "fatal"},
		{"bad tie-break", "        swiss: [BH-C1]\n", "        swiss: [ARO]\n", "ARO"},
		{"override of unknown rule", "      eligibility.membership-unknown: {severity: \"off\"}\n",
			"      eligibility.membership-unknown: {severity: \"off\"}\n      crosstable.nonsense: {severity: info}\n", "crosstable.nonsense"},
		{"bad late entry code", "        late_entry_codes: [Z, \"\"]\n", "        late_entry_codes: [Z, X]\n", "late entry code \"X\""},
		{"one player matcher: the rating stage matches by name when the validator does", "\n  match_by_name: true\n",
			"\n  match_by_name: false\n", "rating.match_by_name is false"},
		{"3S is not a category (RTF 4.1)", "allowed_categories: [1S, 2S, NC]", "allowed_categories: [1S, 2S, 3S, NC]", "category \"3S\""},
		{"empty league name word", "          name_words: [campionato di lega,",
			"          name_words: [\"\", campionato di lega,", "empty kind or name word"},
		{"deadline names no list", "        list: standard\n", "        list: blitz\n", `list "blitz"`},
		{"deadline's time zone not the close's", "        time_zone: Europe/Rome\n", "        time_zone: Europe/London\n", "differs from rating.time_zone"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(text, c.old) {
				t.Fatalf("%q not in rules.yaml", c.old)
			}
			line := lineOfText(t, data, c.old)
			broken := strings.Replace(text, c.old, c.new, 1)
			_, err := Parse("rules.yaml", []byte(broken))
			if err == nil {
				t.Fatal("no error")
			}
			var es strictyaml.Errors
			if !errors.As(err, &es) {
				t.Fatalf("error %T, want strictyaml.Errors: %v", err, err)
			}
			found := false
			for _, e := range es {
				if e.Line == 0 {
					t.Errorf("error without a line: %v", e)
				}
				if strings.Contains(e.Msg, c.want) && e.Line >= line-2 && e.Line <= line+2 {
					found = true
				}
			}
			if !found {
				t.Errorf("no error mentions %q: %v", c.want, err)
			}
		})
	}
}

// FuzzParse: any bytes give a rules file or errors, never a panic.
func FuzzParse(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "rules.yaml"))
	if err == nil {
		f.Add(data)
	}
	f.Add([]byte("version: 1\n"))
	f.Add([]byte("rules: {a.b: {severity: x}}\nrulesets: [{id: x, kind: standard, valid_from: 2020-01-01}]\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		file, err := Parse("fuzz.yaml", b)
		if err == nil && file == nil {
			t.Fatal("nil file without error")
		}
	})
}

// TestOneListSchedule: rules.yaml holds each list's schedule once, under
// rating:, and every rule set's deadline takes the schedule of the list
// it names, so the validator's list period (and the receipts, which quote
// it) and the close read the same setting.
func TestOneListSchedule(t *testing.T) {
	f, data := loadRepoRules(t)
	// Four schedules: the two Italian lists and FIDE's two (fide.list,
	// for forwarding: bimonthly by FIDE-RR 7.11, monthly from July 2012
	// by 7.3; the later sets name the monthly one by an alias), each
	// stated once.
	if n := strings.Count(string(data), "issue_months:"); n != 4 {
		t.Errorf("rules.yaml states issue_months %d times, want 4 (rating.standard.list, rating.rapid.list, fide's bimonthly and monthly lists)", n)
	}
	for _, rs := range f.RuleSets {
		d := rs.Params.Deadline
		want := f.Rating.Standard.List
		if d.ListKind == fsi.Rapid {
			want = f.Rating.Rapid.List
		}
		if !reflect.DeepEqual(rs.List, want) || rs.List.Kind != d.ListKind {
			t.Errorf("rule set %s: deadline list %+v, want rating's %+v", rs.ID, rs.List, want)
		}
		if d.TimeZone != f.Rating.TimeZone {
			t.Errorf("rule set %s: time zone %s, rating's %s", rs.ID, d.TimeZone, f.Rating.TimeZone)
		}
	}
}

// TestRatingOf: the rating settings of the whole rules file and of a
// document holding only `rating:` are the same; a broken rules file
// gives the rules file's errors.
func TestRatingOf(t *testing.T) {
	f, data := loadRepoRules(t)
	whole, err := RatingOf("rules.yaml", data)
	if err != nil || !reflect.DeepEqual(*whole, f.Rating) {
		t.Fatalf("rules.yaml: %v", err)
	}
	i := strings.Index(string(data), "\nrating:")
	if i < 0 {
		t.Fatal("no rating: section")
	}
	only, err := RatingOf("rating.yaml", data[i+1:])
	if err != nil || !reflect.DeepEqual(*only, f.Rating) {
		t.Fatalf("rating section alone: %v", err)
	}
	broken := strings.Replace(string(data), "  blitz_max_minutes: 10\n", "  blitz_max_minutes: ten\n", 1)
	if _, err := RatingOf("rules.yaml", []byte(broken)); err == nil || !strings.Contains(err.Error(), "ten") {
		t.Errorf("broken rules file: %v", err)
	}
}
