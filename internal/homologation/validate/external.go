package validate

import (
	"omologa/internal/tournament"
)

// FindingOf builds a finding for a rule configured outside the rule sets
// (the FIDE export's problems, rules.Fide.Findings), its messages
// expanded as Pass.Report expands them; ok is false for a rule configured
// off.
func FindingOf(rule string, cfg Rule, file string, at At, args Args) (f Finding, ok bool) {
	if cfg.Severity == SeverityOff {
		return Finding{}, false
	}
	return Finding{
		Rule: rule, Article: cfg.Article, Severity: cfg.Severity,
		MessageIT: expand(cfg.MessageIT, args, "it"), MessageEN: expand(cfg.MessageEN, args, "en"),
		File: file, Line: at.Line, Player: at.Player, Round: at.Round,
	}, true
}

// Say is the catalogue's text of key in both languages, for a
// placeholder of the messages of stages after validation (the FIDE
// export's problems), as the checks' own words are.
func Say(key string, args ...any) Text { return say(key, args...) }

// IsRoundRobin reports whether the tournament is a round robin as the
// checks decide it under the rule set (declared, or every player met
// every other), for the stages after validation.
func IsRoundRobin(set *RuleSet, t *tournament.Tournament) bool {
	if t == nil || set == nil {
		return false
	}
	p := &Pass{Input: Input{Tournament: t}, Set: set}
	return p.roundRobin()
}
