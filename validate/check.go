package validate

import (
	"fmt"
	"sort"
	"strings"

	"omologa/rules"
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
	Kinds []string
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

// Pass is what a check's Run receives: the input, the rule set in force
// and a way to report.
type Pass struct {
	Input
	Set  *rules.RuleSet
	Kind string // the kind of play decided for the tournament: standard, rapid, blitz

	findings []Finding
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
	cfg, ok := p.Set.Rules[rule]
	if !ok {
		p.findings = append(p.findings, Finding{
			Rule: rule, Severity: SeverityError, Article: "",
			MessageIT: fmt.Sprintf("regola %s non configurata in rules.yaml", rule),
			MessageEN: fmt.Sprintf("rule %s is not configured in rules.yaml", rule),
			File:      p.file(), Line: at.Line, Player: at.Player, Round: at.Round,
		})
		return
	}
	if cfg.Severity == rules.Off {
		return
	}
	p.findings = append(p.findings, Finding{
		Rule: rule, Article: cfg.Article, Severity: Severity(cfg.Severity),
		MessageIT: expand(cfg.MessageIT, args), MessageEN: expand(cfg.MessageEN, args),
		File: p.file(), Line: at.Line, Player: at.Player, Round: at.Round,
	})
}

func (p *Pass) file() string {
	if p.Tournament != nil {
		return p.Tournament.File
	}
	return ""
}

// expand replaces {name} with args[name]; unknown names stay as written so
// that a typo in rules.yaml shows.
func expand(tmpl string, args Args) string {
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
		if v, ok := args[name]; ok {
			b.WriteString(format(v))
		} else {
			b.WriteString(tmpl[i : i+j+1])
		}
		tmpl = tmpl[i+j+1:]
	}
}

func format(v any) string {
	switch x := v.(type) {
	case float64:
		s := fmt.Sprintf("%.1f", x)
		return strings.TrimSuffix(s, ".0")
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}
