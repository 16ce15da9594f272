package validate

import "strings"

// The submission check's parameters (submission.go), rules.yaml's
// rulesets[].params.submission, and the check of their values.

// SubmissionParams are the parameters of the submission check: the
// e-mail fields required (RAPID 5.2). (Submission is what came with the
// file.)
type SubmissionParams struct {
	// RequiredFields are the labels the message body must state (RAPID
	// 5.2: venue, date, arbiter, organiser), with how messages name them.
	RequiredFields []Field `yaml:"required_fields"`
	// DateSlackDays: a date stated in the e-mail may differ by this many
	// days from the file's start and end before it is a mismatch.
	DateSlackDays int `yaml:"date_slack_days"`
}

// Field is one labelled value of a submission's message body.
type Field struct {
	// Name is the label as the intake records it: venue, date, arbiter,
	// organiser.
	Name string `yaml:"name"`
	// IT and EN name the field in the messages ("il luogo del torneo",
	// "the venue").
	IT string `yaml:"it"`
	EN string `yaml:"en"`
}

func (s *SubmissionParams) check(ps problems) {
	for i, fld := range s.RequiredFields {
		if strings.TrimSpace(fld.Name) == "" || strings.TrimSpace(fld.IT) == "" || strings.TrimSpace(fld.EN) == "" {
			ps.in("required_fields", i).add("a required field needs name, it and en")
		}
	}
	if s.DateSlackDays < 0 {
		ps.in("date_slack_days").add("date_slack_days must not be negative")
	}
}
