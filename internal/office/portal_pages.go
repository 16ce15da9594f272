package office

// What the portal shows a person: his tournaments, submissions and
// their threads; the office's view of the portal's accounts.

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"omologa/internal/office/pipeline"
	"omologa/internal/publishing/notice"
	"omologa/internal/store"
)

// PortalTournament is one of a person's tournaments with its files.
type PortalTournament struct {
	ID           int64
	Name, City   string
	Start, End   string
	Code         string
	Revoked      bool
	RevokedAt    time.Time
	RevokeReason string
	Files        []store.PortalFile // in the order received
	InForce      *store.PortalFile  // the version in force, nil when none is accepted
	Latest       store.PortalFile
	// Decisions are the office's decisions about the players of the
	// version in force (RTF 7.5.2–7.5.3, RTF 4.2.7 / RAPID 6.8).
	Decisions []store.Decision
}

// Tournaments returns the person's tournaments, the latest first: those
// he is the arbiter of (in a file or the calendar), organises, or sent a
// file of. Nothing of anyone else's.
func (p *Portal) Tournaments(ctx context.Context, per *Person) ([]PortalTournament, error) {
	files, err := p.o.Store.PortalFiles(ctx)
	if err != nil {
		return nil, err
	}
	var out []PortalTournament
	at := map[int64]int{}
	mine := map[int64]bool{}
	for _, f := range files {
		if per.owns(f.CalendarCode, f.Arbiter, f.Sender) {
			mine[f.TournamentID] = true
		}
	}
	for _, f := range files {
		if !mine[f.TournamentID] {
			continue
		}
		i, ok := at[f.TournamentID]
		if !ok {
			i = len(out)
			at[f.TournamentID] = i
			out = append(out, PortalTournament{ID: f.TournamentID, Name: f.Tournament, City: f.City, Start: f.Start, End: f.End,
				Code: f.CalendarCode, Revoked: f.Revoked, RevokedAt: f.RevokedAt, RevokeReason: f.RevokeReason})
		}
		t := &out[i]
		t.Files = append(t.Files, f)
		t.Latest = f
		if f.InForce {
			x := f
			t.InForce = &x
		}
	}
	return out, nil
}

// Tournament returns one of the person's tournaments with the office's
// decisions; NotFound for a tournament that is not his.
func (p *Portal) Tournament(ctx context.Context, per *Person, id int64) (*PortalTournament, error) {
	ts, err := p.Tournaments(ctx, per)
	if err != nil {
		return nil, err
	}
	for i := range ts {
		if ts[i].ID != id {
			continue
		}
		t := &ts[i]
		if t.InForce != nil {
			if t.Decisions, err = p.o.Store.Decisions(ctx, t.InForce.FileID); err != nil {
				return nil, err
			}
		}
		return t, nil
	}
	return nil, newError(NotFound, "office.portal.no-tournament")
}

// PortalSubmission is one of a person's submissions as the portal shows
// it: its state, each file's verdict and findings, the notice as sent.
type PortalSubmission struct {
	Status      store.Status
	Files       []store.FileVerdict
	Notice      *notice.Sent
	Tournaments map[int64]int64 // file id → the person's tournament id
	Lists       map[int64]store.PortalFile
	// Fee is the submission's homologation fee, nil when none is
	// recorded; Payee the account it is paid to (nil: not configured).
	Fee   *FeeRow
	Payee *PortalPayee
	// Thread is the submission's thread as the person may read it
	// (issue 34): what he and the tournament's people sent, what the
	// office answered; never a stranger's quarantined message.
	Thread []store.ThreadItem
}

// PortalPayee is the office's account as the portal gives it.
type PortalPayee struct {
	Beneficiary, IBAN, Bank string
}

// Submission returns a submission the person may see: he sent it, or
// one of its files belongs to one of his tournaments. NotFound else.
func (p *Portal) Submission(ctx context.Context, per *Person, id int64) (*PortalSubmission, error) {
	notFound := newError(NotFound, "office.portal.no-submission")
	sts, err := p.o.Store.StatusesOf(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(sts) == 0 {
		return nil, notFound
	}
	ts, err := p.Tournaments(ctx, per)
	if err != nil {
		return nil, err
	}
	ps := &PortalSubmission{Status: sts[0], Tournaments: map[int64]int64{}, Lists: map[int64]store.PortalFile{}}
	if f, err := p.o.FeeOf(ctx, id); err == nil {
		ps.Fee = f
	}
	if py := payeeOf(p.o.Config); py != nil {
		ps.Payee = &PortalPayee{Beneficiary: py.Beneficiary, IBAN: py.IBAN, Bank: py.Bank}
	}
	for _, t := range ts {
		for _, f := range t.Files {
			if f.SubmissionID == id {
				ps.Tournaments[f.FileID] = t.ID
				ps.Lists[f.FileID] = f
			}
		}
	}
	if pipeline.AddrOf(ps.Status.Sender) != per.Email && len(ps.Tournaments) == 0 {
		return nil, notFound
	}
	if ps.Files, err = p.o.Store.FileVerdicts(ctx, id); err != nil {
		return nil, err
	}
	if msg, ok, err := p.o.Store.NoticeMessage(ctx, id); err != nil {
		return nil, err
	} else if ok {
		if ps.Notice, err = notice.Read(msg); err != nil {
			return nil, err
		}
	}
	if ps.Thread, err = p.thread(ctx, per, id); err != nil {
		return nil, err
	}
	return ps, nil
}

// thread is the thread of submission id as its people may read it: the
// messages the office took in (a stranger's, quarantined or discarded,
// is the office's alone) and the notices it sent. Only the thread's
// people (its first sender, its notices' recipients) read it: a
// stranger who replied to a notice sees his own submission alone. A
// submission alone with its answer is no thread: nil.
func (p *Portal) thread(ctx context.Context, per *Person, id int64) ([]store.ThreadItem, error) {
	root, err := p.o.Store.ThreadOf(ctx, id)
	if err != nil {
		return nil, err
	}
	people, err := p.o.Store.ThreadPeople(ctx, root)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(people, per.Email) {
		return nil, nil
	}
	items, err := p.o.Store.Thread(ctx, id)
	if err != nil {
		return nil, err
	}
	var out []store.ThreadItem
	in := 0
	for _, it := range items {
		if it.Incoming && (it.State == store.StateQuarantined || it.State == store.StateDiscarded) {
			continue
		}
		if it.Incoming {
			in++
		}
		out = append(out, it)
	}
	if in < 2 {
		return nil, nil
	}
	return out, nil
}

// Submissions returns the submissions the person sent, newest first.
func (p *Portal) Submissions(ctx context.Context, per *Person) ([]store.Status, error) {
	ids, err := p.o.Store.SubmissionsBy(ctx, per.Email)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	sts, err := p.o.Store.StatusesOf(ctx, ids...)
	if err != nil {
		return nil, err
	}
	sort.Slice(sts, func(i, j int) bool { return sts[i].ID > sts[j].ID })
	return sts, nil
}

// PortalAccounts lists the portal's accounts for the office.
func (o *Office) PortalAccounts(ctx context.Context, a Actor) ([]store.PortalAccount, error) {
	if err := o.allow(a, ActUsers); err != nil {
		return nil, err
	}
	return o.Store.PortalAccounts(ctx)
}

// SetPortalDisabled disables (or enables again) the portal account of
// an address: its sessions end and its links stop working. An office act
// of the users' manager (admin), audited.
func (o *Office) SetPortalDisabled(ctx context.Context, a Actor, email string, disabled bool) error {
	if err := o.allow(a, ActUsers); err != nil {
		return err
	}
	addr := pipeline.AddrOf(email)
	if addr == "" {
		return newError(Invalid, "office.portal.bad-address", pair{fmt.Sprintf("%q", email), email})
	}
	if err := o.Store.SetPortalDisabled(ctx, addr, disabled, a.User, o.Now()); err != nil {
		return err
	}
	what := say("audit.portal.disabled")
	if !disabled {
		what = say("audit.portal.enabled")
	}
	return o.audit(ctx, a, ActPortalAccount, "portal "+addr, what)
}
