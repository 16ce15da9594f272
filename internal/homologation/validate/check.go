package validate

import (
	"fmt"
	"sort"
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/platform/italian"
	"omologa/internal/tournament"
)

// Check is one homologation check, in the manner of go/analysis: a name,
// the article it applies, a line of documentation and a run function. A
// check may report several rule ids (Rules); each must be configured in
// the rule set (severity, article, messages).
type Check struct {
	Name    string   // group, e.g. "crosstable.mirror"
	Rules   []string // rule ids it may report
	Article string
	Doc     string
	// Kinds limits the check to rule-set kinds ("standard", "rapid",
	// "promotion"); empty means every kind.
	Kinds []fsi.Kind
	Run   func(*Pass)
}

// registry holds every check; each check file registers its own in init,
// so that adding a check touches one file.
var registry []*Check

func register(c *Check) { registry = append(registry, c) }

// Checks returns the registered checks sorted by name.
func Checks() []*Check {
	out := append([]*Check(nil), registry...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// RuleIDs returns every rule id the registered checks may report, sorted.
func RuleIDs() []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range registry {
		for _, r := range c.Rules {
			if !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
	}
	sort.Strings(out)
	return out
}

// appliesTo reports whether the check runs for a rule-set kind.
func (c *Check) appliesTo(kind fsi.Kind) bool {
	if len(c.Kinds) == 0 {
		return true
	}
	for _, k := range c.Kinds {
		if k == kind {
			return true
		}
	}
	return false
}

// Pass is what a check's Run receives: the input, the rule set in force
// and a way to report.
type Pass struct {
	Input
	Set  *RuleSet
	Kind fsi.Kind // the kind of play decided for the tournament: standard, rapid, blitz

	// Standings are the recomputed final standings; the check that
	// computes them sets this and the runner copies it into the Report.
	Standings []Standing

	// Decision says how the kind and the rule set were chosen.
	Decision Decision

	findings []Finding

	// caches shared by checks, computed on first use.
	playerMatches []playerMatch
	matchedDone   bool
	event         *eventMatch
	eventDone     bool
	rr, rrDone    bool
	meet          []meeting
	meetDone      bool
	out           map[int]bool
	outDone       bool
	period        *periods.Period // listPeriod, for the check and the report
}

// At locates a finding.
type At struct {
	Line, Player, Round int
}

// Args fill the {name} placeholders of a rule's messages.
type Args map[string]any

// Report records a finding for rule at a place, its messages taken from
// the rule set with args substituted. A rule configured "off" reports
// nothing. A rule id missing from the rule set is a programming or
// configuration error, reported as such rather than dropped.
func (p *Pass) Report(rule string, at At, args Args) {
	cfg, ok := p.Set.Rule(rule)
	if !ok {
		msg := say("validate.rule-not-configured", rule)
		p.findings = append(p.findings, Finding{
			Rule: rule, Severity: SeverityError, Article: "",
			MessageIT: msg.IT, MessageEN: msg.EN,
			File: p.file(), Line: at.Line, Player: at.Player, Round: at.Round,
		})
		return
	}
	if cfg.Severity == SeverityOff {
		return
	}
	p.findings = append(p.findings, Finding{
		Rule: rule, Article: cfg.Article, Severity: cfg.Severity,
		MessageIT: expand(cfg.MessageIT, args, "it"), MessageEN: expand(cfg.MessageEN, args, "en"),
		File: p.file(), Line: at.Line, Player: at.Player, Round: at.Round,
	})
}

// Enabled reports whether rule would report anything: checks whose work
// is costly skip it when every rule they report is off.
func (p *Pass) Enabled(rule string) bool {
	cfg, ok := p.Set.Rule(rule)
	return !ok || cfg.Severity != SeverityOff
}

func (p *Pass) file() string {
	if p.Tournament != nil {
		return p.Tournament.File
	}
	return ""
}

// tagLine returns the line of a header record, 0 when absent.
func (p *Pass) tagLine(code string) int {
	if p.Tournament == nil {
		return 0
	}
	if g, ok := p.Tournament.Tag(code); ok {
		return g.Line
	}
	return 0
}

// expand replaces {name} with args[name] in language lang; unknown names
// stay as written so that a typo in rules.yaml shows. Italian text gets
// the elision a date starting with a vowel sound needs ("l'08/08/2026",
// "dall'11/3").
func expand(tmpl string, args Args, lang string) string {
	s := expandRaw(tmpl, args, lang)
	if lang == "it" {
		s = italian.Elide(s)
	}
	return s
}

// countOf is the number a counted placeholder agrees with: 1 for
// exactly one (1, 1.0), 0 for anything else that is not a count.
func countOf(v any) int {
	switch x := v.(type) {
	case int:
		return x
	case int64:
		return int(x)
	case float64:
		if x == 1 {
			return 1
		}
		return 2
	}
	return 0
}

func expandRaw(tmpl string, args Args, lang string) string {
	if !strings.Contains(tmpl, "{") {
		return tmpl
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		j := strings.IndexByte(tmpl[i:], '}')
		if j < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		name := tmpl[i+1 : i+j]
		b.WriteString(tmpl[:i])
		// {n|turno|turni}: n and the noun that agrees with it.
		name, nouns, counted := strings.Cut(name, "|")
		if v, ok := args[name]; ok {
			b.WriteString(format(v, lang))
			if counted {
				one, many, _ := strings.Cut(nouns, "|")
				b.WriteString(" " + italian.Plural(countOf(v), one, many))
			}
		} else {
			b.WriteString(tmpl[i : i+j+1])
		}
		tmpl = tmpl[i+j+1:]
	}
}

func format(v any, lang string) string {
	switch x := v.(type) {
	case Text:
		if lang == "it" {
			return x.IT
		}
		return x.EN
	case float64:
		s := strings.TrimSuffix(italian.Float(x, 1), ",0")
		if lang != "it" {
			s = strings.Replace(s, ",", ".", 1)
		}
		return s
	case tournament.Date:
		if lang == "it" && x.IsFull() {
			return italian.DMY(x.Year, x.Month, x.Day)
		}
		return x.String()
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}
