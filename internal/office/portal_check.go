package office

// The portal's files: the bounds of an upload, the pre-check (judged as
// the office would, nothing stored) and the submission.

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/intake/ingest"
	"omologa/internal/office/pipeline"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/italian"
	"omologa/internal/rating"
	"omologa/internal/store"
	"omologa/internal/tournament"
)

// fits refuses an upload larger than the portal takes.
func (p *Portal) fits(size int) error {
	if int64(size) > p.opt.MaxBytes {
		return newError(Invalid, "office.portal.too-large", catalogue.Named{"size": italian.Size(int64(size)), "max": italian.Size(p.opt.MaxBytes)})
	}
	return nil
}

// count counts an upload against the person's hourly bound, refused
// when it is reached.
func (p *Portal) count(per *Person) error {
	now := p.o.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	var recent []time.Time
	for _, t := range p.uploads[per.Email] {
		if now.Sub(t) < time.Hour {
			recent = append(recent, t)
		}
	}
	if len(recent) >= p.opt.MaxUploads {
		p.uploads[per.Email] = recent
		p.o.Log.Warn("portal: upload refused, too many this hour", "email", per.Email)
		return newError(Refused, "office.portal.too-many-sent", catalogue.Named{"files": count{"count.file", len(recent)}})
	}
	p.uploads[per.Email] = append(recent, now)
	return nil
}

// Checked is one file of an upload as the office would judge it.
type Checked struct {
	Name    string
	From    string // the archive it came out of
	Report  validate.Report
	Ratings []rating.Line // the provisional variations, when accepted
	Kind    fsi.Kind
	// Mine is true when the person may submit it: its arbiter (in the
	// file or the calendar), its organiser.
	Mine bool
	// Tournament is the stored tournament it would be a version of, nil
	// when none.
	Tournament *store.Tournament
}

// Check is an upload judged without being stored.
type Check struct {
	At       time.Time
	Problems []string // what the archive could not give
	Files    []Checked
	// Fields are the body fields of RAPID 5.2 the submission would
	// state, from the calendar (else the file), for the person to
	// confirm.
	Fields map[string]string
}

// Verdict is the upload's overall verdict: the worst of its files'.
func (c *Check) Verdict() validate.Verdict {
	v := validate.Accepted
	for _, f := range c.Files {
		switch f.Report.Verdict {
		case validate.Rejected:
			return validate.Rejected
		case validate.Held:
			v = validate.Held
		case validate.AcceptedWithWarnings:
			if v != validate.Held {
				v = validate.AcceptedWithWarnings
			}
		}
	}
	if len(c.Files) == 0 {
		return validate.Rejected
	}
	return v
}

// Mine reports whether every readable file is the person's.
func (c *Check) Mine() bool {
	for _, f := range c.Files {
		if f.Report.Summary.Name != "" && !f.Mine {
			return false
		}
	}
	return len(c.Files) > 0
}

// PreCheck judges an upload as the office would if it were received at
// at (the upload time), with the body fields given (nil: those the
// calendar proposes): the intake's reader, validator, rules and
// registers. Nothing is stored and the office sees nothing; the upload
// counts against the person's hourly bound.
func (p *Portal) PreCheck(ctx context.Context, per *Person, name string, data []byte, at time.Time, fields map[string]string) (*Check, error) {
	release, err := p.admitted(ctx, per, len(data))
	if err != nil {
		return nil, err
	}
	defer release()
	return p.check(ctx, per, name, data, at, fields)
}

func (p *Portal) check(ctx context.Context, per *Person, name string, data []byte, at time.Time, fields map[string]string) (*Check, error) {
	regs, index, err := p.registers(ctx)
	if err != nil {
		return nil, err
	}
	files, problems, err := p.expand(name, data)
	if err != nil {
		return nil, err
	}
	c := &Check{At: at, Problems: problems}
	propose := fields == nil
	if propose {
		fields = map[string]string{}
	}
	for _, f := range files {
		b, err := f.Content.ReadAll()
		if err != nil {
			return nil, err
		}
		rep, t := p.judge(f.Name, b, regs, validate.Submission{ReceivedAt: at, Channel: string(ingest.ChannelPortal), Sender: per.Email, Fields: fields})
		ch := Checked{Name: f.Name, From: f.From, Report: rep, Kind: rep.Kind}
		if t != nil {
			code := ""
			if rep.Authorisation != nil {
				code = rep.Authorisation.Code
			}
			ch.Mine = per.codes[code] || per.referees(code, t.ChiefArbiter)
			for _, d := range t.DeputyArbiters {
				ch.Mine = ch.Mine || per.referees("", d)
			}
			if rep.Verdict != validate.Rejected && index != nil {
				ch.Ratings, _ = pipeline.Rate(t, rep, index, &p.o.Rules.Rating)
			}
			if k := pipeline.Key(t); k != "" {
				if tt, err := p.o.Store.TournamentByKey(ctx, k); err == nil {
					ch.Tournament = tt
				} else if !errors.Is(err, store.ErrNoTournament) {
					return nil, err
				}
			}
			if propose && len(c.Fields) == 0 {
				c.Fields = proposeFields(t, rep, per)
			}
		}
		c.Files = append(c.Files, ch)
	}
	if !propose {
		c.Fields = fields
	}
	if propose && len(c.Fields) > 0 {
		// Judged again with the fields proposed, so that what is shown
		// is what submitting them gives.
		return p.check(ctx, per, name, data, at, c.Fields)
	}
	return c, nil
}

// expand opens a zip upload as the drop folder does.
func (p *Portal) expand(name string, data []byte) ([]ingest.File, []string, error) {
	lim := ingest.Limits{MaxFileBytes: p.opt.MaxBytes}
	if p.o.Config != nil {
		lim.MaxArchiveBytes, lim.MaxArchiveFiles = p.o.Config.Limits.MaxArchiveBytes, p.o.Config.Limits.MaxArchiveFiles
	}
	clean := ingest.CleanName(name)
	if clean == "" {
		clean = "file"
	}
	return ingest.ExpandArchives([]ingest.File{{Name: clean, Content: ingest.Bytes(data)}}, lim, nil)
}

// judge reads and validates one file as the pipeline does; a reader or
// check that panics is an error finding, not a crash.
func (p *Portal) judge(name string, data []byte, regs *registers.Set, sub validate.Submission) (rep validate.Report, t *tournament.Tournament) {
	defer func() {
		if r := recover(); r != nil {
			p.o.Log.Error("portal: panic judging a file", "file", name, "panic", r, "stack", string(debug.Stack()))
			rep = validate.Report{File: name, Verdict: validate.Rejected, Findings: []validate.Finding{{
				Rule: "format.internal", Severity: validate.SeverityError, File: name,
				MessageIT: catalogue.IT.T("finding.internal.portal"), MessageEN: catalogue.EN.T("finding.internal.portal")}}}
			t = nil
		}
	}()
	return validate.Judge(&p.o.Rules.Rulebook, regs, name, data, sub)
}

// proposeFields fills the body fields of RAPID 5.2: the venue and the
// organiser from the calendar event the file matched (else the file's
// city), the dates and the arbiter from the file when it states them
// (what the validator compares them with), else from the calendar.
func proposeFields(t *tournament.Tournament, rep validate.Report, per *Person) map[string]string {
	f := map[string]string{"venue": t.City, "arbiter": strings.TrimSpace(t.ChiefArbiter)}
	start, end := rep.Summary.Start, rep.Summary.End
	if a := rep.Authorisation; a != nil {
		if e, ok := per.byCode[a.Code]; ok {
			f["venue"], f["organiser"] = e.City, e.Organiser
			if !start.IsFull() {
				start, end = e.Start, e.End
			}
			for _, x := range per.arbiters {
				if f["arbiter"] == "" && x.FSIID == e.ArbiterFSIID && e.ArbiterFSIID != "" {
					f["arbiter"] = strings.TrimSpace(x.Surname + " " + x.Name)
				}
			}
		}
	}
	switch {
	case start.IsFull() && end.IsFull() && start != end:
		f["date"] = catalogue.IT.T("office.portal.field.dates", italian.Date(start.Time(time.UTC)), italian.Date(end.Time(time.UTC)))
	case start.IsFull():
		f["date"] = italian.Date(start.Time(time.UTC))
	}
	return f
}

// FieldNames are the body fields of RAPID 5.2 the portal asks to
// confirm, in order, with their Italian labels.
var FieldNames = []Field{{"venue"}, {"date"}, {"arbiter"}, {"organiser"}}

// Field is a body field of RAPID 5.2 the portal asks to confirm.
type Field struct{ Name string }

// Label is the field's Italian label (read when a page is made, not at
// start-up: the catalogue is built on first use).
func (f Field) Label() string { return catalogue.IT.T("office.portal.field." + f.Name) }

// Submit makes an upload a submission, received at at (the upload
// time, RTF 6.2.2 / RAPID 5.2), with the body fields the person
// confirmed, through the intake's pipeline: judged, recorded, answered
// by e-mail. Only the person's own tournaments are taken (as an e-mail
// from an authenticated sender: pipeline). dup is true when the same
// file was received before (the id is then the first submission's).
func (p *Portal) Submit(ctx context.Context, per *Person, name string, data []byte, at time.Time, fields map[string]string, from string) (id int64, dup bool, err error) {
	release, err := p.admitted(ctx, per, len(data))
	if err != nil {
		return 0, false, err
	}
	defer release()
	clean := map[string]string{}
	for _, f := range FieldNames {
		if v := strings.TrimSpace(fields[f.Name]); v != "" {
			clean[f.Name] = v
		}
	}
	c, err := p.check(ctx, per, name, data, at, clean)
	if err != nil {
		return 0, false, err
	}
	if !c.Mine() {
		return 0, false, newError(Forbidden, "office.portal.not-theirs")
	}
	files, problems, err := p.expand(name, data)
	if err != nil {
		return 0, false, err
	}
	var body strings.Builder
	for _, f := range FieldNames {
		if v := clean[f.Name]; v != "" {
			fmt.Fprintf(&body, "%s: %s\n", f.Label(), v)
		}
	}
	sub := &ingest.Submission{Channel: ingest.ChannelPortal, ReceivedAt: at, Sender: per.Email, Subject: ingest.CleanName(name),
		Body: body.String(), Fields: clean, Files: files, Problems: problems, Original: ingest.Bytes(data),
		Source: "portale: " + per.Email + " (" + from + ")"}
	pipe, err := p.o.pipeline(ctx)
	if err != nil {
		return 0, false, err
	}
	id, dup, err = pipe.Record(ctx, sub)
	if err != nil {
		return 0, false, err
	}
	if err := p.o.audit(ctx, per.actor(), ActPortalSubmit, fmt.Sprintf("submission %d", id),
		say("audit.portal.submit", ingest.CleanName(name), italian.Size(int64(len(data))), from)); err != nil {
		return 0, false, err
	}
	return id, dup, p.o.drain(ctx, pipe)
}
