package office

import (
	"context"
	"strings"

	"omologa/internal/homologation/state"
	"omologa/internal/homologation/validate"
	"omologa/internal/publishing/notice"
)

// ActAuthorisation is the office's word on a tournament whose
// authorisation the calendar left uncertain (issue 30; RTF 5.3.1 g,
// 6.1.1; RAPID 2.1): which event it is, or that it is not authorised.
const ActAuthorisation Action = "authorisation"

func init() { minRank[ActAuthorisation] = 2 }

// ConfirmAuthorisation says that the held file's tournament is the
// calendar's event code (one of the candidates the validator listed, or
// any event the office knows it is): the word is recorded, the file
// judged again as authorised by that event, and its arbiter and
// organiser told. Audited.
func (o *Office) ConfirmAuthorisation(ctx context.Context, a Actor, fileID int64, code, reason string) (*Outcome, error) {
	code = strings.TrimSpace(code)
	if code == "" {
		return nil, newError(Invalid, "office.authorisation.no-code")
	}
	return o.authorisationWord(ctx, a, fileID, validate.OfficeAuthorisation{Code: code}, state.ActAuthorise, reason)
}

// DeclareUnauthorised says that the held file's tournament is no event
// of the calendar: the file is judged again and rejected
// (eligibility.declared-unauthorised, RTF 5.3.1 g / RAPID 2.1), with the
// office's written reason in the notice. Audited.
func (o *Office) DeclareUnauthorised(ctx context.Context, a Actor, fileID int64, reason string) (*Outcome, error) {
	return o.authorisationWord(ctx, a, fileID, validate.OfficeAuthorisation{Refused: true}, state.ActUnauthorise, reason)
}

func (o *Office) authorisationWord(ctx context.Context, a Actor, fileID int64, w validate.OfficeAuthorisation, act state.Act, reason string) (*Outcome, error) {
	if err := o.allow(a, ActAuthorisation); err != nil {
		return nil, err
	}
	reason = strings.TrimSpace(reason)
	fv, err := o.fileView(ctx, fileID)
	if err != nil {
		return nil, err
	}
	if _, _, err := state.Apply(fv.facts, act, a.User, o.Now(), reason); err != nil {
		return nil, refusal(err)
	}
	p, err := o.pipeline(ctx)
	if err != nil {
		return nil, err
	}
	if w.Code != "" {
		code, ok := p.CalendarCode(ctx, w.Code)
		if !ok {
			return nil, newError(Invalid, "office.authorisation.unknown-code", w.Code)
		}
		w.Code = code
	}
	if err := o.Store.SetAuthorisationWord(ctx, fileID, w, a.User, reason, o.Now()); err != nil {
		return nil, err
	}
	v, rep, err := p.Rejudge(ctx, fileID)
	if err != nil {
		return nil, err
	}
	if err := o.Store.Rejudge(ctx, v, a.User, reason, o.Now()); err != nil {
		return nil, err
	}
	var findings []validate.Finding
	for _, f := range rep.Findings {
		if f.Severity != validate.SeverityInfo || strings.HasPrefix(f.Rule, "eligibility.authorised") {
			findings = append(findings, f)
		}
	}
	out, err := o.after(ctx, a, fv, fileID, notice.KindAuthorisation, reason, findings)
	if err != nil {
		return nil, err
	}
	change := []any{pair{out.Before.LabelEN, out.Before.Label}, pair{out.After.LabelEN, out.After.Label}}
	details := say("audit.authorisation.refused", append([]any{out.Number}, change...)...)
	if !w.Refused {
		details = say("audit.authorisation.confirmed", append([]any{out.Number, w.Code}, change...)...)
	}
	if reason != "" {
		details = say("audit.reason", details, reason)
	}
	return out, o.audit(ctx, a, ActAuthorisation, "file "+out.Number, details)
}
