//go:build !lite

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"omologa/internal/config"
	"omologa/internal/fsi"
	"omologa/internal/homologation/validate"
	"omologa/internal/office"
	"omologa/internal/publishing/report"
)

// reportWritten is the --json form of one report written.
type reportWritten struct {
	File       string           `json:"file"`
	Submission int64            `json:"submission,omitempty"`
	Tournament string           `json:"tournament,omitempty"`
	Verdict    validate.Verdict `json:"verdict"`
	Recorded   string           `json:"recorded_verdict,omitempty"` // the store's verdict, when re-judged from it
	Period     string           `json:"period,omitempty"`
	Rated      fsi.Kind         `json:"rated,omitempty"`        // the list the variations are for
	RatingsBy  string           `json:"ratings_from,omitempty"` // "computed" or "store"
	HTML       string           `json:"html"`
	PNG        string           `json:"png,omitempty"`
	Chart      string           `json:"chart,omitempty"` // variation or rating-vs-score
	Warnings   []string         `json:"warnings,omitempty"`
	Findings   map[string]int   `json:"findings"` // per severity
}

const reportUsage = `usage: omologa report [--json] [--rules FILE] [--kind auto|standard|rapid] [--received RFC3339]
                      [--players CSV] [--arbiters CSV] [--calendar CSV] [--lang it|en] --out DIR FILE...
       omologa report [--json] [--config omologa.yaml] [--lang it|en] --submission ID --out DIR

Judges each result file as 'omologa check' does, rates it when it is accepted
and --players gives the list in force, and writes DIR/<name>.html (header,
findings with their articles, final standings with BH, BH-C1 and SB, the
crosstable, the rating variations) and DIR/<name>.png (the variation per
player, or rating against score when the tournament is not rated). With
--submission, the files of a submission already in the store are re-read and
re-judged with the recorded receipt time, and the variations recorded by the
pipeline are shown. Exit status 0 when every report was written (a rejected
tournament gets its report too), 2 for unreadable input or bad usage.`

func runReport(c *call) int {
	fs := c.fs
	jf := addJudgeFlags(fs, "players' register (CSV): the list in force; accepted tournaments are rated with it")
	lang := fs.String("lang", "it", "language of the reports: it or en")
	out := fs.String("out", "", "directory for the reports (created)")
	cfgPath := fs.String("config", "", "with --submission: the configuration whose store, rules and registers are used")
	subID := fs.Int64("submission", 0, "publish the reports of the files of a submission recorded in the store (with --config)")
	if code, ok := c.parse(); !ok {
		return code
	}
	switch {
	case *out == "":
		return c.bad("--out is required")
	case *subID != 0 && fs.NArg() > 0:
		return c.bad("--submission %d and files given: one or the other", *subID)
	case *subID == 0 && fs.NArg() == 0:
		return c.bad("no result file given (or --submission ID)")
	case *subID < 0:
		return c.bad("--submission %d: a submission number from omologa status", *subID)
	case *lang != "it" && *lang != "en":
		return c.bad("--lang %q: it or en", *lang)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return c.fail(err)
	}
	folder := &office.ReportFolder{Dir: *out, Lang: *lang}
	var written []reportWritten
	code := exitOK
	if *subID != 0 {
		path := *cfgPath
		if path == "" {
			path = defaultConfig()
		}
		ws, err := reportSubmission(c.ctx, path, *subID, folder)
		if err != nil {
			return c.fail(err)
		}
		written = ws
	} else {
		opts, err := jf.options()
		if err != nil {
			return c.fail(err)
		}
		j := &office.ReportJudge{Rules: opts.Rules, Registers: opts.Registers}
		for _, name := range fs.Args() {
			data, err := os.ReadFile(name)
			if err != nil {
				c.fail(err)
				code = exitUsage
				continue
			}
			r := j.File(name, data, opts.submission(), opts.Received)
			r.File = filepath.Base(name)
			w := reportWritten{File: name, RatingsBy: r.RatingsBy}
			if err := w.write(folder, office.ReportStem(name), r.Input); err != nil {
				return c.fail(err)
			}
			written = append(written, w)
		}
	}
	if written == nil {
		written = []reportWritten{}
	}
	return c.print(code, written, func(tw io.Writer) {
		for _, w := range written {
			name := w.Tournament
			if name == "" {
				name = "(no name)"
			}
			fmt.Fprintf(tw, "%s: %s, %s\n  %s\n", w.File, name, w.Verdict, w.HTML)
			if w.PNG != "" {
				fmt.Fprintf(tw, "  %s (%s)\n", w.PNG, w.Chart)
			}
			for _, s := range w.Warnings {
				fmt.Fprintf(tw, "  warning: %s\n", s)
			}
		}
	})
}

// reportSubmission writes the reports of the files of a stored
// submission, judged again by the office (office.Rejudge).
func reportSubmission(ctx context.Context, cfgPath string, id int64, folder *office.ReportFolder) ([]reportWritten, error) {
	cfg, err := config.Load(cfgPath)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(cfg.Store.Path); err != nil {
		return nil, fmt.Errorf("store %s: %w", cfg.Store.Path, err)
	}
	o, err := office.Open(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer o.Close()
	files, err := o.Rejudge(ctx, id)
	if err != nil {
		return nil, err
	}
	var out []reportWritten
	for _, r := range files {
		w := reportWritten{File: r.File, Submission: id, Recorded: r.Recorded, RatingsBy: r.RatingsBy, Warnings: r.Warnings}
		if err := w.write(folder, fmt.Sprintf("%d-%s", id, office.ReportStem(r.File)), r.Input); err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, nil
}

// write writes the report of in into the folder and says so in w.
func (w *reportWritten) write(folder *office.ReportFolder, stem string, in report.Input) error {
	rep := in.Report
	w.Tournament, w.Verdict, w.Rated = rep.Summary.Name, rep.Verdict, in.RatingKind
	if rep.Period != nil {
		w.Period = rep.Period.Label
	}
	w.Findings = map[string]int{}
	for _, f := range rep.Findings {
		w.Findings[string(f.Severity)]++
	}
	out, err := folder.Write(stem, in)
	if err != nil {
		return err
	}
	w.HTML, w.PNG, w.Chart = out.HTML, out.PNG, out.ChartKind
	return nil
}
