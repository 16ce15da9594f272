// Package rules reads rules.yaml: the checks' rulebook
// (validate.Rulebook: how a tournament's kind is decided, every rule id's
// severity, article and Italian and English messages, and the rule sets,
// each valid for a range of start dates, with the parameters its checks
// read, declared beside them in package validate), the rating stage's
// settings and the FIDE Rating Regulations by date. Decoding is strict
// (see strictyaml), and the values are checked after decoding, every
// error naming its line; the rulebook checks its own values
// (validate.Rulebook.Check), this package those of the rest and what
// ties the sections together.
package rules

import (
	"fmt"
	"sort"

	"go.yaml.in/yaml/v3"

	"omologa/internal/fsi"
	"omologa/internal/homologation/fee"
	"omologa/internal/homologation/validate"
	"omologa/internal/platform/strictyaml"
	"omologa/internal/tournament"
)

// File is the whole of rules.yaml: the checks' rulebook (kind of play,
// rules, rule sets with their parameters: package validate), the rating
// stage's settings and the FIDE Rating Regulations by date.
type File struct {
	Version int `yaml:"version"`
	// Rulebook's keys (kind_of_play, rules, rulesets) are the file's
	// own, and so are its fields and methods (f.RuleSets, f.Select,
	// f.Name).
	validate.Rulebook `yaml:",inline"`
	Rating            Rating `yaml:"rating"`
	// Fide is the FIDE Rating Regulations by date (rules/fide.go).
	Fide []Fide `yaml:"fide"`
	// Fees are the homologation fee's schedules by kind and date
	// (RTF 6.2.2, RAPID 5.2, 5.4: package fee); none: no fee is due.
	Fees []fee.Schedule `yaml:"fees,omitempty"`

	predecoded bool // the repository's rules.yaml, its checks passed by the tests
}

// Complete reports a rule a check may report but the file does not
// configure, or one configured that no check reports
// (validate.CheckRules). The repository's own rules.yaml, recognised by
// its bytes, is complete: the tests check it (validate's
// TestRulesYAMLConfiguresEveryRule), so it is not checked again.
func (f *File) Complete() error {
	if f.predecoded {
		return nil
	}
	return validate.CheckRules(&f.Rulebook)
}

// Fee returns the fee schedule for a rule set's kind on a tournament's
// start date, nil when none is set (no fee due).
func (f *File) Fee(kind fsi.Kind, on tournament.Date) *fee.Schedule {
	return fee.Select(f.Fees, kind, on)
}

// Load reads and checks a rules file. The repository's own is told by
// its hash, read through a small buffer, before the file is read whole:
// a check of a small file then never holds the 80 KB of rules.yaml.
func Load(path string) (*File, error) {
	if isPredecodedFile(path) {
		return fromPredecoded(path), nil
	}
	return strictyaml.Load("rules", path, Parse)
}

// Parse decodes rules.yaml strictly (unknown key, wrong type, missing
// key) and then checks its values; name labels the errors, which are a
// strictyaml.Errors naming each line.
func Parse(name string, data []byte) (*File, error) {
	if isPredecoded(data) {
		return fromPredecoded(name), nil
	}
	root, err := strictyaml.Parse(name, data)
	if err != nil {
		return nil, err
	}
	return fileOf(name, root)
}

// fileOf decodes and checks a rules file from its node tree.
func fileOf(name string, root *yaml.Node) (*File, error) {
	f := &File{}
	if err := strictyaml.DecodeTree(name, root, f); err != nil {
		return nil, err
	}
	if err := f.finish(name, root); err != nil {
		return nil, err
	}
	return f, nil
}

// finish names the decoded file, resolves it and checks its values, whose
// errors name their lines in root (0 without one).
func (f *File) finish(name string, root *yaml.Node) error {
	f.Name = name
	f.resolve()
	v := &validator{file: name, root: root}
	v.check(f)
	if len(v.errs) > 0 {
		sort.SliceStable(v.errs, func(i, j int) bool { return v.errs[i].Line < v.errs[j].Line })
		return v.errs
	}
	return nil
}

// resolve fills every rule set's Rules from the file's rules and the
// set's overrides, and its List (the schedule its deadline names) from
// the rating settings.
func (f *File) resolve() {
	f.Rulebook.Resolve()
	for i := range f.RuleSets {
		rs := &f.RuleSets[i]
		rs.List = f.Rating.Schedule(rs.Params.Deadline.ListKind)
	}
}

// validator checks decoded values, locating each error through the node
// tree.
type validator struct {
	file string
	root *yaml.Node
	errs strictyaml.Errors
}

// errf records an error at the node reached by path (keys and sequence
// indexes); the line is the deepest node found.
func (v *validator) errf(path []any, format string, args ...any) {
	v.errs = append(v.errs, &strictyaml.Error{File: v.file, Line: strictyaml.LineOf(v.root, path),
		Msg: fmt.Sprintf(format, args...)})
}

// check checks the file's values: the rulebook's own (each parameter
// group's beside its check, in package validate), the rating settings,
// the FIDE regulations, and what ties the rulebook to the rest.
func (v *validator) check(f *File) {
	if f.Version != 1 {
		v.errf([]any{"version"}, "version %d: this program reads version 1", f.Version)
	}
	for _, p := range f.Rulebook.Check() {
		v.errf(p.Path, "%s", p.Msg)
	}
	for i := range f.RuleSets {
		rs := &f.RuleSets[i]
		// One player matcher (registers.Index): the rating stage must
		// find every player the validator finds, so it matches by name
		// whenever a rule set does.
		if rs.Params.Identity.MatchByName && !f.Rating.MatchByName {
			v.errf([]any{"rating", "match_by_name"}, "rating.match_by_name is false but rule set %s matches players by name: the rating stage would take players the validator found for new ones", rs.ID)
		}
	}
	v.checkRating(&f.Rating) // rules/rating.go
	v.checkFide(f.Fide)      // rules/fide.go
	for _, p := range fee.Check(f.Fees) {
		v.errf(append([]any{"fees"}, p.Path...), "%s", p.Msg)
	}
	for i := range f.RuleSets {
		rs := &f.RuleSets[i]
		if tz := rs.Params.Deadline.TimeZone; tz != f.Rating.TimeZone {
			v.errf([]any{"rulesets", i, "params", "deadline", "time_zone"}, "rule set %s: deadline.time_zone %q differs from rating.time_zone %q: a receipt would count in one list for the validator and in another for the close", rs.ID, tz, f.Rating.TimeZone)
		}
	}
}
