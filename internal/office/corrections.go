package office

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/homologation/rules"
	"omologa/internal/platform/catalogue"
	"omologa/internal/rating"
	"omologa/internal/store"
	"omologa/internal/tournament/codec"
)

// CorrectionLine is a tournament rated in an earlier list whose version in
// force, revocation or decisions changed, re-rated with the list it was
// rated with (the list in force then, §4b): the players whose variation
// changed are corrected in this list.
type CorrectionLine struct {
	Tournament string `json:"tournament"`
	List       string `json:"list"` // the list it was rated in
	Reason     string `json:"reason"`
	Players    int    `json:"players"` // players with a difference
}

func (c CorrectionLine) String() string { return c.in(catalogue.EN) }

// Italian is the line as the published change report shows it.
func (c CorrectionLine) Italian() string { return c.in(catalogue.IT) }

func (c CorrectionLine) in(l catalogue.Lang) string {
	players := l.T("list.correction.none")
	if c.Players != 0 {
		players = fmt.Sprintf(l.Word("list.correction.players", c.Players), c.Players)
	}
	return l.T("list.correction", c.Tournament, c.List, c.Reason, players)
}

// corrected is what corrections found.
type corrected struct {
	deltas   []rating.Correction
	rows     []store.Correction
	notes    []CorrectionLine
	warnings []string
}

// fingerprint sums up a file's decisions, to tell whether they changed
// since a list rated it.
func fingerprint(ds []store.Decision) string {
	s := make([]string, 0, len(ds))
	for _, d := range ds {
		s = append(s, fmt.Sprintf("%d:%s=%s", d.Start, d.Kind, d.Value))
	}
	sort.Strings(s)
	return strings.Join(s, ";")
}

// playerKey names a player in a list's variations: the FSI id, else the
// name.
func playerKey(fsiID, name string) string {
	if fsiID != "" {
		return fsiID
	}
	return "name:" + name
}

// counted is one tournament's applied variation per player, and names.
type counted struct {
	Vars  map[string]rating.Tenths `json:"vars"`
	Names map[string]string        `json:"names"`
}

func variationsOf(r *rating.Report, label string) counted {
	c := counted{Vars: map[string]rating.Tenths{}, Names: map[string]string{}}
	for _, ch := range r.Changes {
		for _, v := range ch.Variations {
			if v.File == label {
				k := playerKey(ch.FSIID, ch.Name)
				c.Vars[k] += v.Applied
				c.Names[k] = ch.Name
			}
		}
	}
	return c
}

// corrections finds the tournaments rated in the lists of kind k closed
// before period whose state changed since they were last counted, and
// re-rates each against the list in force its list was closed from.
func (o *Office) corrections(ctx context.Context, k fsi.Kind, period periods.Period, settings *rules.Rating) (*corrected, error) {
	out := &corrected{}
	rs, err := o.Store.RatedBefore(ctx, k, period.Label)
	if err != nil {
		return nil, err
	}
	reports := map[int64]*rating.Report{}
	bases := map[int64]*rating.List{}
	for _, r := range rs {
		key := r.Listed.TournamentKey
		if key == "" {
			continue
		}
		file, dec := r.Listed.FileID, r.Listed.Decisions
		if r.Counted != nil {
			file, dec = r.Counted.FileID, r.Counted.Decisions
		}
		t, err := o.Store.TournamentByKey(ctx, key)
		if errors.Is(err, store.ErrNoTournament) {
			out.warnings = append(out.warnings, fmt.Sprintf("a tournament rated in the %s list %s is no longer in the store (%s): not corrected", k, r.List.Period, key))
			continue
		} else if err != nil {
			return nil, err
		}
		cur := t.CurrentFile
		if t.Revoked != nil {
			cur = 0
		}
		var ds []store.Decision
		if cur != 0 {
			if ds, err = o.Store.Decisions(ctx, cur); err != nil {
				return nil, err
			}
		}
		if cur == file && fingerprint(ds) == dec {
			continue
		}
		// The reason is kept in Italian, for the published change report.
		it := catalogue.IT
		reason := it.T("list.correction.decision")
		switch {
		case t.Revoked != nil:
			reason = it.T("list.correction.revoked", t.Revoked.Reason)
		case file == 0:
			reason = it.T("list.correction.reinstated")
		case cur != file:
			reason = it.T("list.correction.version")
			for _, v := range t.Versions {
				if v.FileID == cur {
					reason = it.T("list.correction.version-of", v.Name, v.SubmissionID)
				}
			}
		}
		// What is counted now.
		var old counted
		if r.Counted != nil {
			if err := json.Unmarshal(r.Counted.Variations, &old); err != nil {
				return nil, fmt.Errorf("correction of %s: %w", key, err)
			}
		} else {
			if r.Listed.Label == "" {
				out.warnings = append(out.warnings, fmt.Sprintf("%s changed after the %s list %s, which was stored without its files' labels: not corrected, the office decides", t.Name, k, r.List.Period))
				continue
			}
			rep, ok := reports[r.List.ID]
			if !ok {
				rep = &rating.Report{}
				if err := json.Unmarshal(r.List.Report, rep); err != nil {
					return nil, fmt.Errorf("stored %s list %s report: %w", k, r.List.Period, err)
				}
				reports[r.List.ID] = rep
			}
			old = variationsOf(rep, r.Listed.Label)
		}
		// What counts now, against the list in force then.
		now := counted{Vars: map[string]rating.Tenths{}, Names: map[string]string{}}
		if cur != 0 {
			base, ok := bases[r.List.ID]
			if !ok {
				if len(r.List.Base) == 0 {
					out.warnings = append(out.warnings, fmt.Sprintf("%s changed after the %s list %s, which was stored without its list in force: not corrected, the office decides", t.Name, k, r.List.Period))
					continue
				}
				if base, err = rating.ReadList("list in force of "+r.List.Period, r.List.Base); err != nil {
					return nil, err
				}
				bases[r.List.ID] = base
			}
			if now, err = o.rerate(ctx, k, r.List.Period, base, cur, ds, settings); err != nil {
				out.warnings = append(out.warnings, fmt.Sprintf("%s: re-rating the version in force for the list %s: %v: not corrected", t.Name, r.List.Period, err))
				continue
			}
		}
		var keys []string
		for p := range old.Vars {
			keys = append(keys, p)
		}
		for p := range now.Vars {
			if _, ok := old.Vars[p]; !ok {
				keys = append(keys, p)
			}
		}
		sort.Strings(keys)
		var deltas []rating.Correction
		for _, p := range keys {
			d := now.Vars[p] - old.Vars[p]
			if d == 0 {
				continue
			}
			name := now.Names[p]
			if name == "" {
				name = old.Names[p]
			}
			fsi := p
			if strings.HasPrefix(p, "name:") {
				fsi = ""
			}
			deltas = append(deltas, rating.Correction{FSIID: fsi, Name: name, Tournament: t.Name, List: r.List.Period, Reason: reason, Delta: d})
		}
		vars, err := json.Marshal(now)
		if err != nil {
			return nil, err
		}
		dj, err := json.Marshal(deltas)
		if err != nil {
			return nil, err
		}
		out.deltas = append(out.deltas, deltas...)
		out.rows = append(out.rows, store.Correction{TournamentKey: key, RatedIn: r.List.Period, FileID: cur, Decisions: fingerprint(ds),
			Reason: reason, Variations: vars, Deltas: dj})
		out.notes = append(out.notes, CorrectionLine{Tournament: t.Name, List: r.List.Period, Reason: reason, Players: len(deltas)})
	}
	return out, nil
}

// rerate rates one file, with its decisions, in the period label of kind
// k against base, as the list that rated its tournament did.
func (o *Office) rerate(ctx context.Context, k fsi.Kind, label string, base *rating.List, fileID int64,
	ds []store.Decision, settings *rules.Rating) (counted, error) {
	name, data, err := o.Store.FileData(ctx, fileID)
	if err != nil {
		return counted{}, err
	}
	t, _, err := codec.Read(name, data)
	if err != nil {
		return counted{}, err
	}
	p, err := settings.Schedule(k).Parse(label)
	if err != nil {
		return counted{}, err
	}
	const file = "correction"
	rc := rating.Received{File: file, Tournament: t, Received: p.Cutoff}
	if err := ApplyDecisions(&rc, ds); err != nil {
		return counted{}, err
	}
	r, err := rating.ClosePeriod(rating.Close{Kind: k, Period: p, From: base, Tournaments: []rating.Received{rc}, Settings: settings})
	if err != nil {
		return counted{}, err
	}
	return variationsOf(&r.Report, file), nil
}
