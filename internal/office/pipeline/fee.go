package pipeline

import (
	"context"
	"errors"
	"strings"

	"omologa/internal/homologation/fee"
	"omologa/internal/homologation/validate"
	"omologa/internal/publishing/notice"
	"omologa/internal/rating/fide"
	"omologa/internal/store"
	"omologa/internal/tournament"
)

// Payee is the office's bank account the notices give for the fee
// (omologa.yaml's payments).
type Payee struct {
	Beneficiary string
	IBAN        string // as people read it
	Bank        string
}

// judgedFile is one file of a submission as the fee reads it.
type judgedFile struct {
	rep validate.Report
	t   *tournament.Tournament
	// version: the file is a new version of a tournament an earlier
	// submission sent, whose fee that submission owes.
	version bool
}

// feeOf computes what a submission owes for its homologation (RTF
// 6.2.2, RAPID 5.2): the sum of its tournaments' fees under the
// schedules of rules.yaml, due within the first schedule's term from the
// receipt. Nil when no schedule applies to any file. A rejected file
// owes nothing (FeeOf reads Homologated), but its fee is recorded so
// that a payment made for it is known to be kept (RAPID 5.4).
func (p *Pipeline) feeOf(ctx context.Context, sub *store.Submission, files []judgedFile) (*store.Fee, *notice.Fee, error) {
	rf := p.o.Rules
	loc := rf.Rating.Location()
	var sf *store.Fee
	for _, jf := range files {
		rep, t := jf.rep, jf.t
		if t == nil {
			continue
		}
		rs := rf.RuleSet(rep.RuleSet)
		if rs == nil {
			continue
		}
		s := rf.Fee(rs.Kind, rep.Summary.Start)
		if s == nil {
			continue
		}
		facts := fee.Facts{Players: rep.Summary.Players}
		if set := rf.SelectFide(rep.Summary.Start); set != nil {
			facts.FideRated = fide.Rated(set, rep.Kind, t)
		}
		a := rep.Authorisation
		var organiser string
		if a != nil && p.o.Registers != nil {
			for _, e := range p.o.Registers.Calendar {
				if e.Code == a.Code {
					facts.Flags, organiser = e.Flags, e.Organiser
					break
				}
			}
		}
		due := fee.Compute(s, facts)
		if jf.version {
			due.Cents = 0
		}
		if sf == nil {
			sf = &store.Fee{SubmissionID: sub.ID, Reference: fee.Reference(sub.ReceivedAt.In(loc).Year(), sub.ID),
				Schedule: due.Schedule, Article: due.Article, Policy: string(due.Policy),
				DueBy: fee.DueBy(sub.ReceivedAt, due.TermDays, loc).String(), Tournament: rep.Summary.Name,
				Organiser: organiser}
			if a != nil {
				sf.CalendarCode, sf.Province = a.Code, a.Province
			}
		}
		if due.ExemptBy != "" && sf.ExemptBy == "" {
			sf.ExemptBy = due.ExemptBy
		}
		sf.DueCents += due.Cents
		if rep.Verdict != validate.Rejected && rep.Verdict != "attachment" {
			sf.Homologated = true
		}
	}
	if sf == nil {
		return nil, nil, nil
	}
	if sf.DueCents > 0 {
		sf.ExemptBy = ""
	}
	// A judgement again keeps what was paid.
	if old, err := p.o.Store.FeeOf(ctx, sub.ID); err == nil {
		sf.PaidCents = old.PaidCents
	} else if !errors.Is(err, store.ErrNoFee) {
		return nil, nil, err
	}
	var due tournament.Date
	_ = due.UnmarshalText([]byte(sf.DueBy))
	nf := &notice.Fee{Cents: sf.DueCents, Reference: sf.Reference, DueBy: due, Article: sf.Article,
		AfterPayment: sf.Policy == string(fee.AfterPayment), ExemptBy: sf.ExemptBy, PaidCents: sf.PaidCents}
	if py := p.o.Payee; py != nil {
		nf.Beneficiary, nf.IBAN, nf.Bank = py.Beneficiary, py.IBAN, strings.TrimSpace(py.Bank)
	}
	return sf, nf, nil
}
