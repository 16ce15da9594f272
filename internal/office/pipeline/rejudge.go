package pipeline

import (
	"context"
	"fmt"
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/homologation/validate"
	"omologa/internal/store"
	"omologa/internal/tournament"
)

// Rejudge judges one stored file again, against the registers and
// calendar in force now (read again if an import changed them) and the
// submission's recorded receipt time: the verdict of the same version,
// for store.Rejudge. The file stays a version of its tournament: the
// facts are the new reading's, the key is not looked up again.
func (p *Pipeline) Rejudge(ctx context.Context, fileID int64) (store.Verdict, validate.Report, error) {
	p.reloadRegisters(ctx)
	var sub *store.Submission
	var f store.File
	_, _, subID, _, err := p.o.Store.FileFacts(ctx, fileID)
	if err != nil {
		return store.Verdict{}, validate.Report{}, err
	}
	if sub, err = p.o.Store.Load(ctx, subID); err != nil {
		return store.Verdict{}, validate.Report{}, err
	}
	found := false
	for _, x := range sub.Files {
		if x.ID == fileID {
			f, found = x, true
		}
	}
	if !found {
		return store.Verdict{}, validate.Report{}, fmt.Errorf("file %d: %w", fileID, store.ErrNotJudged)
	}
	_, data, err := p.o.Store.FileData(ctx, f.ID)
	if err != nil {
		return store.Verdict{}, validate.Report{}, err
	}
	closed, err := p.closedLists(ctx)
	if err != nil {
		return store.Verdict{}, validate.Report{}, err
	}
	// The office's word on an authorisation the calendar left uncertain
	// stands for every judgement of the file (issue 30).
	word, err := p.o.Store.AuthorisationWord(ctx, f.ID)
	if err != nil {
		return store.Verdict{}, validate.Report{}, err
	}
	rep, t, _ := p.validate(sub, f, data, closed, word)
	v, _ := p.verdictOf(sub, f, t, rep)
	return v, rep, nil
}

// closedLists are the rating lists closed already, "kind period", for
// the validator to name the list a file really counts in.
func (p *Pipeline) closedLists(ctx context.Context) ([]string, error) {
	var out []string
	for _, k := range fsi.Lists {
		ps, err := p.o.Store.RatingListPeriods(ctx, k)
		if err != nil {
			return nil, err
		}
		for _, x := range ps {
			out = append(out, string(k)+" "+x)
		}
	}
	return out, nil
}

// verdictOf is the verdict of a judged file as it reads, before its
// tournament is looked up (the key is the caller's): the report and its
// list period, the tournament's facts (returned too), the provisional
// ratings of a file not rejected, and the first error of a file that
// could not be read.
func (p *Pipeline) verdictOf(sub *store.Submission, f store.File, t *tournament.Tournament, rep validate.Report) (store.Verdict, store.TournamentFacts) {
	v := store.Verdict{FileID: f.ID, Format: string(rep.Format), Verdict: string(rep.Verdict), RuleSet: rep.RuleSet,
		Kind: rep.Kind, Report: &rep}
	if rep.Period != nil {
		v.Period = rep.Period.Label
	}
	var facts store.TournamentFacts
	if t != nil {
		facts = factsOf(t, rep)
		v.Name, v.City, v.Start, v.End = t.Name, t.City, facts.Start, facts.End
		v.CalendarCode, v.Rounds, v.Players = facts.Code, facts.Rounds, facts.Players
		if rep.Verdict != validate.Rejected {
			v.Ratings = p.rate(sub, f, t, rep)
		}
	} else if rep.Verdict == validate.Rejected {
		for _, x := range rep.Findings {
			if x.Severity == validate.SeverityError {
				v.ReadError = x.MessageIT
				break
			}
		}
	}
	return v, facts
}

// CalendarCode returns the code of the calendar's event that code names
// (case and spaces aside), as the calendar in force writes it; false
// when the calendar has none such (or there is no calendar).
func (p *Pipeline) CalendarCode(ctx context.Context, code string) (string, bool) {
	p.reloadRegisters(ctx)
	if p.o.Registers == nil {
		return "", false
	}
	want := strings.Join(strings.Fields(code), "")
	for _, ev := range p.o.Registers.Calendar {
		if strings.EqualFold(strings.Join(strings.Fields(ev.Code), ""), want) {
			return ev.Code, true
		}
	}
	return "", false
}
