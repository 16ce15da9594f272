// Package validate judges a submitted tournament against the homologation
// rules of the regulations, as configured in rules.yaml: each check is a
// small function that reads the tournament (and the registers and the
// submission's details) and returns findings citing their article; the
// verdict follows from the findings' severities.
//
// What the checks judge by is the Rulebook (rulebook.go): rules.yaml's
// kind_of_play, rules and rulesets, which package rules decodes strictly
// inline in its File beside the rating settings. Each rule set's
// parameters are declared beside the check that reads them, in
// <check>_params.go next to <check>.go (eligibility_params.go,
// deadline_params.go, tiebreak_params.go...), with the check of their
// values (a method check, which reports a value the check cannot work
// with at its key, so that the reader names its line).
//
// # Changing a rule
//
// A rule change touches the check, its rules.yaml entry and its table
// test:
//
//  1. The check: <check>.go, and a parameter it reads in the group of
//     <check>_params.go (a field with its yaml key and a comment naming
//     the article and the value the regulations give; every key is
//     required, so no omitempty), with its value check in that group's
//     check method. A new rule id goes in the check's Rules and is
//     reported with Pass.Report.
//  2. rules.yaml: the parameter's key in every rule set's params, and a
//     new rule id under rules: (severity, article, message_it,
//     message_en; a rule set changes what differs for it under
//     overrides:). CheckRules (TestRulesYAMLConfiguresEveryRule, and
//     omologa check and report on start) fails while the checks' rule
//     ids and rules.yaml disagree.
//  3. The table test in <check>_test.go, naming the article
//     (TestRTF_5_3_1_...), with the rule set of rules.yaml or a copy of
//     it with the setting changed (runSet).
//  4. go generate ./internal/homologation/rules: the repository's
//     rules.yaml is predecoded (predecoded_gen.go) for start-up, and its
//     test fails while the table is stale.
//
// Package rules needs no change: it decodes and checks whatever the
// Rulebook declares. It checks only what ties the rulebook to the rest of
// rules.yaml (the deadline's time zone is the rating's, matching by name
// in the rating stage whenever a rule set does).
package validate
