package office

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/platform/catalogue"
	"omologa/internal/publishing/fideexport"
	"omologa/internal/store"
)

// FideExportRequest is a FIDE list to forward.
type FideExportRequest struct {
	Period string // the FIDE list, "2027-01"
	Out    string // folder for the TRF files; "" keeps them in the store only
	Again  bool   // forward again the tournaments forwarded before
	// DryRun shows what would be forwarded and the problems FIDE would
	// raise, and changes nothing (not audited).
	DryRun bool
}

// FideExport forwards to FIDE the homologated FIDE-rated tournaments of
// a FIDE list that were not forwarded yet (fide/export, RTF 6.2.3,
// FIDE-RR 7.13): an officer's act, recorded with who did it. A
// tournament with an error FIDE would raise is held back (State Held).
func (o *Office) FideExport(ctx context.Context, a Actor, req FideExportRequest) (*fideexport.Result, error) {
	if err := o.allow(a, ActFideExport); err != nil {
		return nil, err
	}
	// The arbiters' register in force gives the FIDE ids the files lack.
	arbiters, err := loadRegister(ctx, o.Store, store.RegisterArbiters, o.Config.Registers.Arbiters, registers.ReadArbiters)
	if err != nil {
		return nil, err
	}
	// The players' register in force gives the FIDE ids FIDE handed out
	// since (a tournament waiting for them goes once they are there), the
	// FIDE titles and the registration file's data.
	players, err := loadRegister(ctx, o.Store, store.RegisterPlayers, o.Config.Registers.Players, registers.ReadPlayers)
	if err != nil {
		return nil, err
	}
	res, err := fideexport.Run(ctx, o.Store, fideexport.Options{Rules: o.Rules, Period: req.Period, Out: req.Out,
		Again: req.Again, DryRun: req.DryRun, By: a.User, Now: o.Now(), Arbiters: arbiters, Players: players})
	if errors.Is(err, fideexport.ErrPeriod) {
		return nil, newError(Invalid, "office.fide.bad-period", catalogue.Named{"err": err, "period": strconv.Quote(req.Period)}).
			because(err).citing("FIDE-RR 7.11")
	}
	if err != nil {
		return res, err
	}
	if req.DryRun {
		return res, nil
	}
	n, held := res.Count(fideexport.Forwarded), res.Count(fideexport.Held)
	if n == 0 && held == 0 {
		return res, nil // nothing to forward: no act
	}
	details := say("audit.fide-export", count{"audit.fide-export.forwarded", n}, count{"audit.fide-export.held", held})
	if req.Again {
		details = say("audit.again", details)
	}
	if req.Out != "" {
		// Where the office wrote it, for the office: a path, in both.
		details = say("audit.written-to", details, req.Out)
	}
	return res, o.audit(ctx, a, ActFideExport, "FIDE list "+res.Period.Label, details)
}

// HeldTournament is a tournament an export held back and not forwarded
// since, with why: the findings FIDE would raise and the players waiting
// for a FIDE id (the rows of the registration file).
type HeldTournament struct {
	store.FideHoldRow
	Findings      []validate.Finding
	Registrations []fideexport.Registration
	// Errors are the findings that held it, but the players without
	// FIDE id, which NoID counts (one line for all: they are listed
	// beside, from the registration file).
	Errors []validate.Finding
	NoID   int
}

// FideHolds lists the tournaments held back from a FIDE list (every list
// when period is "") and not forwarded since, latest first.
func (q *Queries) FideHolds(ctx context.Context, period string) ([]HeldTournament, error) {
	rows, err := q.st.FideHolds(ctx, period)
	if err != nil {
		return nil, err
	}
	out := make([]HeldTournament, len(rows))
	for i, h := range rows {
		out[i].FideHoldRow = h
		// Written by the export: a row that does not decode shows
		// without its details rather than failing the page.
		_ = json.Unmarshal(h.Findings, &out[i].Findings)
		_ = json.Unmarshal(h.Registrations, &out[i].Registrations)
		for _, f := range out[i].Findings {
			switch {
			case f.Severity != validate.SeverityError:
			case f.Rule == "fide.no-id":
				out[i].NoID++
			default:
				out[i].Errors = append(out[i].Errors, f)
			}
		}
	}
	return out, nil
}
