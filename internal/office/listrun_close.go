package office

// A period closed from the store, in named steps (closeFromStore), not
// yet published or stored, and the notes its change report shows.

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/italian"
	"omologa/internal/rating"
	"omologa/internal/store"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// closed is a period closed from the store, not yet published or stored.
type closed struct {
	out         ListRunResult
	list        *registers.Players
	csv         []byte
	base        []byte
	files       []store.ListedFile
	corrections []store.Correction
}

// notes are the lines shown above the change report's tables.
func (c *closed) notes(loc *time.Location) []string {
	it := catalogue.IT
	n := []string{it.T("list.note.in-force", listInForceIT(c.out.BasedOn))}
	if c.out.Refreshed+c.out.Joined > 0 {
		n = append(n, it.T("list.note.register", it.N("list.count.updated", c.out.Refreshed), it.N("list.count.new", c.out.Joined)))
	}
	if c.out.OtherList != "" {
		n = append(n, it.T("list.note.other", listInForceIT(c.out.OtherList), it.N("list.count.updated", c.out.OtherRows)))
	}
	n = append(n, c.out.Warnings...)
	for _, d := range c.out.Decisions {
		n = append(n, it.T("list.note.decision", d.In(it, loc)))
	}
	for _, x := range c.out.Corrections {
		n = append(n, it.T("list.note.correction", x.Italian()))
	}
	for _, h := range c.out.Held {
		n = append(n, HeldNote(h))
	}
	x := c.out.Crosscheck
	n = append(n, it.T("list.note.crosscheck", x.Compared, x.Agree, len(x.Differ)))
	return n
}

// closeFromStore closes a period from the store, in named steps: the
// list in force (refreshed from the register and the other kind's list),
// the period's files (with those homologated late and those held), which
// of them are rated (ratedIn, pure), the corrections of earlier lists, and
// the close itself.
func (o *Office) closeFromStore(ctx context.Context, k fsi.Kind, period periods.Period,
	settings *rules.Rating, force bool) (*closed, error) {
	st := o.Store
	if _, ok, err := st.RatingListOf(ctx, k, period.Label); err != nil {
		return nil, err
	} else if ok && !force {
		return nil, listError(fmt.Errorf("%s list %s: %w (a published list is not rewritten: a change of a tournament rated in it is carried into the next list)", k, period.Label, store.ErrListExists))
	}
	res := &closed{out: ListRunResult{Kind: k, Period: period.Label, Warnings: []string{}, Decisions: []DecisionLine{}, Corrections: []CorrectionLine{},
		Crosscheck: Crosscheck{Differ: []Difference{}, Unrecorded: []string{}}, Held: []store.HeldFile{}}}
	closedPeriods, err := st.RatingListPeriods(ctx, k)
	if err != nil {
		return nil, err
	}
	if later := laterThan(closedPeriods, period.Label); len(later) > 0 {
		res.warn("the %s lists %s were closed after this period and chain from its earlier list: close them again, in order, each a forced close", k, strings.Join(later, ", "))
	}
	list, err := o.listInForce(ctx, k, period, settings, res)
	if err != nil {
		return nil, err
	}
	hs, late, err := o.periodFiles(ctx, k, period, settings, closedPeriods, res)
	if err != nil {
		return nil, err
	}
	ts, label, err := o.tournamentsToRate(ctx, k, period, settings, hs, late, res)
	if err != nil {
		return nil, err
	}
	cs, err := o.corrections(ctx, k, period, settings)
	if err != nil {
		return nil, err
	}
	res.corrections, res.out.Corrections = cs.rows, cs.notes
	res.out.Warnings = append(res.out.Warnings, cs.warnings...)
	if err := res.close(k, period, settings, list, ts, cs.deltas); err != nil {
		return nil, err
	}
	crossCheck(ctx, st, label, &res.out)
	return res, nil
}

// warn adds a note to the run's warnings.
func (c *closed) warn(format string, a ...any) {
	c.out.Warnings = append(c.out.Warnings, fmt.Sprintf(format, a...))
}

// listInForce is the list the period closes from: the latest stored list
// of the kind, refreshed from the players' register, else the register
// itself; with the other kind's ratings copied in (fromOtherList).
func (o *Office) listInForce(ctx context.Context, k fsi.Kind, period periods.Period, settings *rules.Rating, res *closed) (*rating.List, error) {
	st, cfg := o.Store, o.Config
	var list *rating.List
	prev, ok, err := st.LatestRatingList(ctx, k, period.Label)
	if err != nil {
		return nil, err
	}
	regs, err := LoadRegisters(ctx, st, cfg)
	if err != nil {
		return nil, err
	}
	if ok {
		name := "list " + prev.Period
		if list, err = rating.ReadList(name, prev.List); err != nil {
			return nil, fmt.Errorf("stored %s: %w", name, err)
		}
		res.out.BasedOn = name
		if want := settings.Schedule(k).Previous(period).Label; prev.Period != want {
			res.warn("the list in force is %s's: the %s list of %s was never closed, its tournaments are rated in this list", prev.Period, k, want)
		}
		if regs.Players != nil {
			res.out.Refreshed, res.out.Joined = refresh(list.Players, regs.Players)
		}
	} else {
		if regs.Players == nil {
			return nil, newError(Invalid, "office.list.none-in-force").
				withCLI("no list in force: no list stored yet and no players' register (omologa import players CSV, or registers.players in the configuration)")
		}
		list = rating.ListOf(regs.Players)
		res.out.BasedOn = "register " + cfg.Registers.Players
		if name, _, ok, _ := st.Register(ctx, store.RegisterPlayers); ok {
			res.out.BasedOn = "register " + name + " (imported)"
		}
	}
	// The other kind's ratings, as its latest list has them.
	other := fsi.Standard
	if k == fsi.Standard {
		other = fsi.Rapid
	}
	if ol, ok, err := st.RatingListInForce(ctx, other, period.Label); err != nil {
		return nil, err
	} else if ok {
		olist, err := registers.ReadPlayers("list "+ol.Period, ol.List)
		if err != nil {
			return nil, fmt.Errorf("stored %s list %s: %w", other, ol.Period, err)
		}
		res.out.OtherList = string(other) + " " + ol.Period
		res.out.OtherRows = fromOtherList(list.Players, olist, k)
	}
	return list, nil
}

// periodFiles are the homologated versions in force received in the
// period, and those received earlier but never rated (late, by file):
// homologated after their list was closed (a quarantined submission
// released late), or of a period never closed, from the first list's
// period on (before it, the list in force holds them). The files held
// (unclear) go into res.
func (o *Office) periodFiles(ctx context.Context, k fsi.Kind, period periods.Period, settings *rules.Rating,
	closedPeriods []string, res *closed) ([]store.Homologated, map[int64]bool, error) {
	st := o.Store
	loc := settings.Location()
	from, to := period.From.Time(loc), period.Cutoff.AddDays(1).Time(loc)
	hs, err := st.HomologatedFiles(ctx, k, from, to)
	if err != nil {
		return nil, nil, err
	}
	if held, err := st.HeldFiles(ctx, k); err != nil {
		return nil, nil, err
	} else if held != nil {
		res.out.Held = held
	}
	late := map[int64]bool{}
	if len(closedPeriods) == 0 {
		return hs, late, nil
	}
	first, ok, err := st.RatingListOf(ctx, k, closedPeriods[0])
	if err != nil || !ok {
		return hs, late, err
	}
	var firstFrom tournament.Date
	_ = firstFrom.UnmarshalText([]byte(first.From))
	if !firstFrom.IsFull() || !firstFrom.Before(period.From) {
		return hs, late, nil
	}
	earlier, err := st.UnratedFiles(ctx, k, firstFrom.Time(loc), from, period.Label)
	if err != nil {
		return nil, nil, err
	}
	for _, h := range earlier {
		if lateInto(tournament.DateOf(h.ReceivedAt.In(loc)), firstFrom, period.From) {
			late[h.FileID] = true
			hs = append(hs, h)
		}
	}
	return hs, late, nil
}

// tournamentsToRate reads the files the close rates (ratedIn) with the
// office's decisions about their players, and records them in res.
func (o *Office) tournamentsToRate(ctx context.Context, k fsi.Kind, period periods.Period, settings *rules.Rating,
	hs []store.Homologated, late map[int64]bool, res *closed) ([]rating.Received, map[int64]string, error) {
	st := o.Store
	loc := settings.Location()
	rated, err := st.RatedTournaments(ctx, k, period.Label)
	if err != nil {
		return nil, nil, err
	}
	var ts []rating.Received
	label := map[int64]string{}
	used := map[string]bool{}
	for _, h := range hs {
		name := fmt.Sprintf("%d/%s", h.SubmissionID, h.Name)
		if used[name] {
			name = fmt.Sprintf("%s#%d", name, h.FileID)
		}
		used[name] = true
		key := h.TournamentKey
		if key == "" {
			key = fmt.Sprintf("#%d", h.FileID)
		}
		c := ratedIn(name, k, period, tournament.DateOf(h.ReceivedAt.In(loc)), late[h.FileID], h.Period, h.Corrected, rated[key])
		if c.Warning != "" {
			res.warn("%s", c.Warning)
		}
		if !c.Rate {
			continue
		}
		t, _, err := codec.Read(h.Name, h.Data)
		if err != nil {
			res.warn("%s: homologated but unreadable now (%v): not rated", name, err)
			continue
		}
		rc := rating.Received{File: name, Tournament: t, Received: c.Day}
		ds, err := st.Decisions(ctx, h.FileID)
		if err != nil {
			return nil, nil, err
		}
		if err := ApplyDecisions(&rc, ds); err != nil {
			return nil, nil, fmt.Errorf("%s: the office's decisions: %w", name, err)
		}
		for _, d := range ds {
			l := DescribeDecision(d, t, k)
			l.File = name
			res.out.Decisions = append(res.out.Decisions, l)
		}
		ts = append(ts, rc)
		label[h.FileID] = name
		res.files = append(res.files, store.ListedFile{FileID: h.FileID, TournamentKey: h.TournamentKey, Label: name,
			Decisions: fingerprint(ds)})
	}
	return ts, label, nil
}

// close rates the period's tournaments on the list in force, with the
// corrections' differences, keeping the list as the close took it (to
// re-rate a tournament corrected after the close) and the new one.
func (c *closed) close(k fsi.Kind, period periods.Period, settings *rules.Rating, list *rating.List,
	ts []rating.Received, deltas []rating.Correction) error {
	var base bytes.Buffer
	if err := list.WriteCSV(&base); err != nil {
		return err
	}
	c.base = base.Bytes()
	r, err := rating.ClosePeriod(rating.Close{Kind: k, Period: period, From: list, Tournaments: ts, Settings: settings, InPlace: true,
		Corrections: deltas})
	if err != nil {
		return err
	}
	c.list, c.out.Report = r.List, r.Report
	var buf bytes.Buffer
	if err := r.Next.WriteCSV(&buf); err != nil {
		return err
	}
	c.csv = buf.Bytes()
	return nil
}

// listInForceIT names the list a close started from, as ListRunResult's
// BasedOn and OtherList write it ("list 2026-12", "rapid 2026-12",
// "register PATH"), for the office's Italian page: by month, and the
// register by its file name, not its path on the server.
func listInForceIT(s string) string {
	it := catalogue.IT
	kind, rest, _ := strings.Cut(s, " ")
	switch kind {
	case "list":
		if y, m, ok := fsi.ParsePeriod(rest); ok {
			return italian.List(y, m)
		}
		return it.T("list.based.list", rest)
	case string(fsi.Rapid), string(fsi.Standard):
		return it.T("list.based.kind", fsi.Kind(kind).ListName(), fsi.PeriodMonth(rest))
	case "register":
		name, imported := strings.CutSuffix(rest, " (imported)")
		s := it.T("list.based.register", filepath.Base(name))
		if imported {
			s = it.T("list.based.imported", s)
		}
		return s
	}
	return s
}

// HeldNote says in Italian why a held file is not rated, and what the
// office does about it.
func HeldNote(h store.HeldFile) string {
	it, maybe := catalogue.IT, ""
	if h.AwaitingFee {
		return it.T("list.held.fee", h.Number, h.Name, h.Tournament)
	}
	if h.Maybe != "" {
		maybe = it.T("list.held.maybe", h.Maybe)
	}
	return it.T("list.held", h.Number, h.Name, h.Tournament, maybe)
}
