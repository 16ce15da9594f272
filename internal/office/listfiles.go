package office

// A list closed from files, for the command line's `omologa list close`
// and `omologa rate`, which work on files rather than the store.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/rating"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// FileClose is a list closed from files: the kind and period of the
// list, the list in force (Players, a players' register file), the
// receipt dates of the files (Received, rating.ReadReceived), the
// tournament files and where the new list goes (Out).
type FileClose struct {
	Kind     fsi.Kind
	Period   string // YYYY-MM
	Players  string
	Received string
	Files    []string
	Out      string
	// Rules is the file whose rating: section is used (LoadRating).
	Rules string
	// Reading is called before each file is read (a progress bar).
	Reading func(file string)
}

// FileCloseResult is the change report and what was said on the way:
// the readers' errors and the files received outside the period (not
// rated here).
type FileCloseResult struct {
	Report   rating.Report
	Warnings []string
}

// CloseFiles rates the period's tournaments against the list in force
// (ratings frozen, variations summed: RTF 4.2.3, RAPID 6.3) and writes
// the new list to c.Out, in the players' register format so that
// periods chain.
func CloseFiles(c FileClose) (*FileCloseResult, error) {
	cfg, err := LoadRating(c.Rules)
	if err != nil {
		return nil, err
	}
	period, err := cfg.Schedule(c.Kind).Parse(c.Period)
	if err != nil {
		return nil, err
	}
	list, err := LoadPlayers(c.Players)
	if err != nil {
		return nil, err
	}
	rdata, err := os.ReadFile(c.Received)
	if err != nil {
		return nil, err
	}
	dates, err := rating.ReadReceived(c.Received, rdata, cfg.Location())
	if err != nil {
		return nil, err
	}
	var ts []rating.Received
	var res FileCloseResult
	for _, f := range c.Files {
		if c.Reading != nil {
			c.Reading(f)
		}
		day, ok := dates[f]
		if !ok {
			day, ok = dates[filepath.Base(f)]
		}
		if !ok {
			return nil, fmt.Errorf("%s: no receipt date in %s", f, c.Received)
		}
		t, ws, err := ReadTournament(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		res.Warnings = append(res.Warnings, ws...)
		ts = append(ts, rating.Received{File: f, Tournament: t, Received: day})
	}
	closed, err := rating.ClosePeriod(rating.Close{Kind: c.Kind, Period: period, List: list, Tournaments: ts, Settings: cfg, InPlace: true})
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := closed.Next.WriteCSV(&buf); err != nil {
		return nil, err
	}
	if err := os.WriteFile(c.Out, buf.Bytes(), 0o644); err != nil {
		return nil, err
	}
	for _, e := range closed.Report.Excluded {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%s: received %s, counts in the list of %s: not rated here", e.File, e.Received, e.Period))
	}
	res.Report = closed.Report
	return &res, nil
}

// LoadRating reads the rating settings from rules.yaml; a file holding
// only a `rating:` section is accepted too.
func LoadRating(path string) (*rules.Rating, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	return rules.RatingOf(path, data)
}

// LoadPlayers reads a players' register (a list in force) from a file.
func LoadPlayers(path string) (*registers.Players, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("players register: %w", err)
	}
	return registers.ReadPlayers(path, data)
}

// ReadTournament reads a result file; the reader's diagnostics of
// severity error come back as warnings, since the rating is computed on
// what could be read.
func ReadTournament(path string) (*tournament.Tournament, []string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	t, diags, err := codec.Read(path, data)
	if err != nil {
		return nil, nil, err
	}
	var warnings []string
	for _, d := range diags {
		if d.Severity == tournament.Error {
			warnings = append(warnings, d.String())
		}
	}
	return t, warnings, nil
}
