// Package fideexport forwards homologated tournaments to FIDE: for a FIDE
// list (monthly since July 2012, FIDE-RR 7.3) it takes from the store
// every homologated tournament that is FIDE-rated (fide.Rated) and not
// yet forwarded, gives its players the FIDE ids the players' register
// has where the file has none, checks what FIDE would raise
// (fide.Problems: an arbiter or a player without FIDE id holds it, the
// players going into the FIDE registration file written beside the
// export), and writes the TRF FIDE's rating server takes (FIDE-RR 9.1:
// TRF16, or TRF-2025 when the file came as TRF26) the way every FIDE
// reader takes it: ASCII names, 092 in English, FIDE titles only in
// columns 11–13, no national records, the arbiters with their FIDE ids
// (fide.WithArbiterIDs). It records the forwardings and the holds in the
// store. The office's act office.FideExport (an officer's, audited)
// calls it, for `omologa fide export` and the web application's FIDE
// page alike.
package fideexport

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/platform/atomicfile"
	"omologa/internal/rating/fide"
	"omologa/internal/store"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// Options say what to forward.
type Options struct {
	Rules *rules.File
	// Period is the FIDE list, "2027-01" (one of the list months).
	Period string
	// Out is the folder the TRF files are written to; "" writes none
	// (the TRF as forwarded is kept in the store all the same).
	Out string
	// Again forwards tournaments already forwarded once more.
	Again bool
	// DryRun says what would be forwarded and the problems FIDE would
	// raise, and writes and records nothing: the tournaments that would
	// go are Ready.
	DryRun bool
	// By names who forwards; Now is when.
	By  string
	Now time.Time
	// Arbiters is the arbiters' register (nil when none): the FIDE ids
	// of the arbiters a file names without one (fide.WithArbiterIDs).
	Arbiters []registers.Arbiter
	// Players is the players' register (nil when none): the FIDE ids of
	// players the file has without one (FIDE registered them since), their
	// FIDE titles (column fide_title), and the data of the registration
	// file for those still without.
	Players *registers.Players
}

// RegistrationFile is the name of the FIDE registration file written
// beside the TRF files: the players FIDE must register first.
const RegistrationFile = "fide-registration.csv"

// ErrPeriod is wrapped by Run's error for a period that is not a FIDE
// list's.
var ErrPeriod = errors.New("not a FIDE list period")

// Item states, in Item.State.
const (
	Forwarded    = "forwarded"      // written and recorded now
	Ready        = "ready"          // would be forwarded (Options.DryRun)
	Held         = "held"           // an error FIDE would raise: not forwarded
	Already      = "already"        // forwarded before; --again to repeat
	Later        = "later"          // ends after the list's cut-off (FIDE-RR 7.13)
	NotFideRated = "not-fide-rated" // homologated but not FIDE-rated
	Unreadable   = "unreadable"     // the stored file cannot be read any more
)

// Item is one homologated tournament considered.
type Item struct {
	SubmissionID int64 `json:"submission_id"`
	FileID       int64 `json:"file_id"`
	// Number is the file as a person knows it: "N.M".
	Number     string `json:"number"`
	Source     string `json:"source"` // the file as received
	Tournament string `json:"tournament"`
	City       string `json:"city,omitempty"`
	Start      string `json:"start,omitempty"`
	End        string `json:"end,omitempty"`
	// List is the FIDE list the tournament goes into by FIDE-RR 7.13;
	// Late is true when that list is earlier than the one exported.
	List     string             `json:"list"`
	Late     bool               `json:"late,omitempty"`
	State    string             `json:"state"`
	Version  int                `json:"trf_version,omitempty"` // 16 or 26
	Path     string             `json:"path,omitempty"`
	Findings []validate.Finding `json:"findings"`
	// Registrations are the players without FIDE id the tournament
	// waits for (fide.no-id): the rows of the registration file.
	Registrations []Registration    `json:"registrations,omitempty"`
	Previous      *store.Forwarding `json:"previous,omitempty"`
	Error         string            `json:"error,omitempty"`
}

// Result is one export.
type Result struct {
	Period periods.Period `json:"period"`
	Set    string         `json:"rule_set"`
	Out    string         `json:"out"`
	Items  []Item         `json:"tournaments"`
	// Registration is the registration file written (in Out), "" when no
	// player waits for a FIDE id or nothing is written.
	Registration string `json:"registration_file,omitempty"`
}

// Registrations are the rows of every held tournament's players waiting
// for a FIDE id, in the order of the items.
func (r *Result) Registrations() []Registration {
	var out []Registration
	for _, it := range r.Items {
		if it.State == Held {
			out = append(out, it.Registrations...)
		}
	}
	return out
}

// Count returns how many items are in a state.
func (r *Result) Count(state string) int {
	n := 0
	for _, it := range r.Items {
		if it.State == state {
			n++
		}
	}
	return n
}

// Run exports the FIDE list opt.Period from the store.
func Run(ctx context.Context, st *store.Store, opt Options) (*Result, error) {
	var month tournament.Date
	if err := month.UnmarshalText([]byte(opt.Period)); err != nil || month.Month == 0 || month.Day != 0 {
		return nil, fmt.Errorf("fide export: period %q: YYYY-MM expected: %w", opt.Period, ErrPeriod)
	}
	set := opt.Rules.SelectFide(tournament.NewDate(month.Year, month.Month, 1))
	if set == nil {
		return nil, fmt.Errorf("fide export: %s has no fide rule set", opt.Rules.Name)
	}
	period, err := set.List.Parse(opt.Period)
	if err != nil {
		return nil, fmt.Errorf("fide export: %w (%w)", err, ErrPeriod)
	}
	res := &Result{Period: period, Set: set.ID, Out: opt.Out, Items: []Item{}}
	var idx *registers.Index
	if opt.Players != nil {
		idx = registers.NewIndex(opt.Players)
	}
	for _, kind := range set.ForwardKinds {
		// The players matched as the kind's rule set matches them.
		ctxOne := exportCtx{idx: idx}
		if rs, ok := opt.Rules.Select(kind, tournament.NewDate(month.Year, month.Month, 1)); ok && rs != nil {
			ctxOne.match = rs.Params.Identity.MatchOptions()
		}
		// Every homologated file received up to now: a tournament of an
		// earlier list not yet forwarded goes now, late.
		files, err := st.HomologatedFiles(ctx, kind, period.Issue.Time(time.UTC).AddDate(-3, 0, 0), opt.Now)
		if err != nil {
			return nil, err
		}
		for i := range files {
			it, err := one(ctx, st, opt, ctxOne, period, kind, &files[i])
			if err != nil {
				return res, err
			}
			if it != nil {
				res.Items = append(res.Items, *it)
			}
		}
	}
	if !opt.DryRun {
		for _, it := range res.Items {
			if it.State != Held {
				continue
			}
			findings, err := json.Marshal(it.Findings)
			if err != nil {
				return res, err
			}
			regs, err := json.Marshal(it.Registrations)
			if err != nil {
				return res, err
			}
			if err := st.RecordFideHold(ctx, &store.FideHold{FileID: it.FileID, Period: period.Label, Tournament: it.Tournament,
				Findings: findings, Registrations: regs, By: opt.By}, opt.Now); err != nil {
				return res, err
			}
		}
		if regs := res.Registrations(); len(regs) > 0 && opt.Out != "" {
			path, err := writeRegistrations(opt.Out, regs)
			if err != nil {
				return res, err
			}
			res.Registration = path
		}
	}
	return res, nil
}

// exportCtx is what every tournament of one export shares.
type exportCtx struct {
	idx   *registers.Index
	match registers.MatchOptions
}

// one considers one homologated file; nil when it belongs to no list up
// to this one's and was never forwarded.
func one(ctx context.Context, st *store.Store, opt Options, ec exportCtx, period periods.Period, kind fsi.Kind, h *store.Homologated) (*Item, error) {
	it := &Item{SubmissionID: h.SubmissionID, FileID: h.FileID, Number: h.Number, Source: h.Name, Findings: []validate.Finding{}}
	t, _, err := codec.Read(h.Name, h.Data)
	if err != nil || t == nil {
		it.State, it.Error = Unreadable, fmt.Sprint(err)
		return it, nil
	}
	it.Tournament, it.City, it.Start, it.End = t.Name, t.City, t.Start.String(), t.End.String()
	set := opt.Rules.SelectFide(t.Start)
	end := t.End
	if !end.IsFull() {
		end = tournament.DateOf(h.ReceivedAt)
	}
	list := fide.List(set, end)
	it.List = list.Label
	if !fide.Rated(set, kind, t) {
		it.State = NotFideRated
		if list.Issue != period.Issue {
			return nil, nil
		}
		return it, nil
	}
	if period.Issue.Before(list.Issue) {
		it.State = Later
		return it, nil
	}
	it.Late = list.Issue.Before(period.Issue)
	prev, done, err := st.LastForwarding(ctx, h.FileID, h.TournamentKey)
	if err != nil {
		return nil, err
	}
	if done {
		it.Previous = prev
		if !opt.Again {
			it.State = Already
			return it, nil
		}
	}
	// The players' FIDE ids and titles first (the register gives the
	// ids FIDE handed out since), then what FIDE would raise about that.
	withIDs, regs := withPlayerIDs(t, ec.idx, ec.match)
	it.Findings = fide.Problems(set, withIDs, opt.Arbiters)
	for _, f := range it.Findings {
		if f.Severity == validate.SeverityError {
			it.State, it.Registrations = Held, regs
			return it, nil
		}
	}
	rr := validate.IsRoundRobin(ruleSet(opt.Rules, kind, t), t)
	data, v, err := Write(fide.WithArbiterIDs(withIDs, opt.Arbiters), rr)
	if err != nil {
		it.State, it.Error = Held, err.Error()
		return it, nil
	}
	it.Version = int(v)
	if opt.DryRun {
		it.State = Ready
		return it, nil
	}
	name := fmt.Sprintf("%d-%s.trf", h.FileID, safeName(h.Name))
	if opt.Out != "" {
		if err := os.MkdirAll(opt.Out, 0o755); err != nil {
			return nil, fmt.Errorf("fide export: %w", err)
		}
		it.Path = filepath.Join(opt.Out, name)
		if err := atomicfile.Write(it.Path, data, 0o644); err != nil {
			return nil, fmt.Errorf("fide export: %w", err)
		}
	}
	if _, err := st.RecordForwarding(ctx, &store.Forwarding{FileID: h.FileID, TournamentKey: h.TournamentKey,
		Period: period.Label, Name: name, Data: data, By: opt.By}, opt.Now); err != nil {
		return nil, err
	}
	it.State = Forwarded
	return it, nil
}

// ruleSet is the homologation rule set of the kind in force at the
// tournament's start, for the round-robin decision.
func ruleSet(f *rules.File, kind fsi.Kind, t *tournament.Tournament) *validate.RuleSet {
	rs, _ := f.Select(kind, t.Start)
	return rs
}
