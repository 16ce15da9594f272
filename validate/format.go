package validate

import (
	"omologa/tournament"
)

// Format checks: a file that cannot be read, or is of a kind the office
// does not read, is refused with the reason (RAPID 5.2 asks for the files
// the pairing program produces); what the reader had to skip or guess
// becomes a finding at its line.

func init() {
	register(&Check{
		Name: "format.reader",
		Rules: []string{"format.unreadable", "format.refused", "format.empty", "format.read-error",
			"format.read-warning", "format.read-note", "format.no-players", "format.no-rounds"},
		Article: "RAPID 5.2",
		Doc:     "the file is readable; the reader's diagnostics, each at its line",
		Run:     checkFormat,
	})
}

func checkFormat(p *Pass) {
	if err := p.ReadError; err != nil {
		refused, parse, empty := readErrorKind(err)
		switch {
		case refused != nil:
			p.Report("format.refused", At{}, Args{"kind": refused.Kind,
				"advice": Text{IT: refused.AdviceIT, EN: refused.AdviceEN}})
		case empty:
			p.Report("format.empty", At{}, Args{})
		case parse != nil:
			msg := err.Error()
			if parse.Err != nil {
				msg = parse.Err.Error()
			}
			p.Report("format.unreadable", At{Line: parse.Line}, Args{"field": parse.Field, "error": msg,
				"column": parse.Column})
		default:
			p.Report("format.unreadable", At{}, Args{"field": "", "error": err.Error(), "column": 0})
		}
	}
	for _, d := range p.Diagnostics {
		rule := "format.read-note"
		switch d.Severity {
		case tournament.Error:
			rule = "format.read-error"
		case tournament.Warning:
			rule = "format.read-warning"
		}
		p.Report(rule, At{Line: d.Line}, Args{"code": d.Code, "field": d.Field, "message": d.Message,
			"column": d.Column})
	}
	t := p.Tournament
	if t == nil {
		return
	}
	if len(t.Players) == 0 {
		p.Report("format.no-players", At{}, Args{})
	} else if t.Rounds() == 0 {
		p.Report("format.no-rounds", At{}, Args{"players": len(t.Players)})
	}
}
