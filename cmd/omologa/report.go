package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"omologa/internal/config"
	"omologa/internal/fsi"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/office"
	"omologa/internal/office/pipeline"
	"omologa/internal/publishing/report"
	"omologa/internal/rating"
	"omologa/internal/rating/fide"
	"omologa/internal/store"
)

func init() {
	register(&command{
		name:    "report",
		summary: "publish tournament reports: HTML page (header, findings, standings, crosstable, ratings) and chart",
		run:     runReport,
	})
}

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

func runReport(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "report", `usage: omologa report [--json] [--rules FILE] [--kind auto|standard|rapid] [--received RFC3339]
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
tournament gets its report too), 2 for unreadable input or bad usage.`)
	asJSON := fs.Bool("json", false, "print what was written as JSON")
	jf := addJudgeFlags(fs, "players' register (CSV): the list in force; accepted tournaments are rated with it")
	lang := fs.String("lang", "it", "language of the reports: it or en")
	out := fs.String("out", "", "directory for the reports (created)")
	cfgPath := fs.String("config", "", "with --submission: the configuration whose store, rules and registers are used")
	subID := fs.Int64("submission", 0, "publish the reports of the files of a submission recorded in the store (with --config)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	fail := func(err error) int {
		return failed(stderr, "report", err)
	}
	switch {
	case *out == "":
		return badUsage(stderr, "report", "--out is required")
	case *subID != 0 && fs.NArg() > 0:
		return badUsage(stderr, "report", "--submission %d and files given: one or the other", *subID)
	case *subID == 0 && fs.NArg() == 0:
		return badUsage(stderr, "report", "no result file given (or --submission ID)")
	case *subID < 0:
		return badUsage(stderr, "report", "--submission %d: a submission number from omologa status", *subID)
	case *lang != "it" && *lang != "en":
		return badUsage(stderr, "report", "--lang %q: it or en", *lang)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fail(err)
	}
	pub := &publisher{dir: *out, lang: *lang, used: map[string]bool{}}
	var written []reportWritten
	code := exitOK
	if *subID != 0 {
		path := *cfgPath
		if path == "" {
			path = defaultConfig()
		}
		ws, err := reportSubmission(ctx, path, *subID, pub)
		if err != nil {
			return fail(err)
		}
		written = ws
	} else {
		opts, err := jf.options()
		if err != nil {
			return fail(err)
		}
		var ix *rating.Index // of the players' register, built on the first file rated
		for _, name := range fs.Args() {
			data, err := os.ReadFile(name)
			if err != nil {
				fmt.Fprintf(stderr, "omologa report: %v\n", err)
				code = exitUsage
				continue
			}
			rep, t := judgeData(opts, name, data, opts.submission())
			in := report.Input{File: filepath.Base(name), Tournament: t, Report: rep, Received: opts.Received.In(opts.Rules.Rating.Location())}
			if rep.Verdict != validate.Rejected {
				// A rejected tournament is not homologated, so never forwarded
				// to FIDE: a FIDE rating preview would promise what will not be.
				in.Fide = fide.ForReport(opts.Rules, rep.Kind, t)
			}
			w := reportWritten{File: name}
			if t != nil && rep.Verdict != validate.Rejected && opts.Registers.Players != nil {
				if ix == nil {
					ix = rating.NewIndex(opts.Registers.Players, opts.Rules.Rating.MatchByName)
				}
				in.Ratings, in.RatingKind = pipeline.Rate(t, rep, ix, &opts.Rules.Rating)
				if in.Ratings != nil {
					w.RatingsBy = "computed"
				}
			}
			if err := pub.write(&w, fileStem(name), in); err != nil {
				return fail(err)
			}
			written = append(written, w)
		}
	}
	if written == nil {
		written = []reportWritten{}
	}
	if err := printResult(stdout, *asJSON, written, func(tw io.Writer) {
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
	}); err != nil {
		return fail(err)
	}
	return code
}

// reportSubmission re-reads and re-judges the files of a stored
// submission with its recorded receipt time, channel, sender and body
// fields, under the configuration's rules and registers (the store's
// imported registers first, as the daemon loads them).
func reportSubmission(ctx context.Context, cfgPath string, id int64, pub *publisher) ([]reportWritten, error) {
	cfg, err := config.Load(cfgPath)
	if err != nil {
		return nil, err
	}
	rf, err := rules.Load(cfg.Rules)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(cfg.Store.Path); err != nil {
		return nil, fmt.Errorf("store %s: %w", cfg.Store.Path, err)
	}
	st, err := store.Open(ctx, cfg.Store.Path)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	regs, err := loadRegisters(ctx, st, cfg)
	if err != nil {
		return nil, err
	}
	sub, err := st.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(sub.Files) == 0 {
		return nil, fmt.Errorf("submission %d holds no result file (state %s)", id, sub.State)
	}
	recorded := map[int64]string{}
	if sts, err := st.StatusesOf(ctx, id); err == nil {
		for _, s := range sts {
			for _, f := range s.Files {
				recorded[f.ID] = f.Verdict
			}
		}
	}
	vs := pipeline.SubmissionOf(sub)
	opts := checkOptions{Rules: rf, Received: sub.ReceivedAt, Registers: regs}
	received := sub.ReceivedAt.In(rf.Rating.Location())
	var ix *rating.Index // of the players' register, built on the first file rated
	var out []reportWritten
	for _, f := range sub.Files {
		_, data, err := st.FileData(ctx, f.ID)
		if err != nil {
			return nil, err
		}
		rep, t := judgeData(opts, f.Name, data, vs)
		in := report.Input{File: f.Name, Tournament: t, Report: rep, Received: received}
		if rep.Verdict != validate.Rejected { // never forwarded to FIDE
			in.Fide = fide.ForReport(rf, rep.Kind, t)
		}
		w := reportWritten{File: f.Name, Submission: id, Recorded: recorded[f.ID]}
		if w.Recorded != "" && w.Recorded != string(rep.Verdict) {
			w.Warnings = append(w.Warnings, fmt.Sprintf("re-judged %s, recorded %s: the rules or registers changed since", rep.Verdict, w.Recorded))
		}
		if t != nil && rep.Verdict != validate.Rejected {
			lines, kind, err := storedRatings(ctx, st, f.ID)
			if err != nil {
				w.Warnings = append(w.Warnings, err.Error())
			}
			if lines != nil {
				in.Ratings, in.RatingKind, w.RatingsBy = lines, kind, "store"
			} else if regs.Players != nil {
				if ix == nil {
					ix = rating.NewIndex(regs.Players, rf.Rating.MatchByName)
				}
				in.Ratings, in.RatingKind = pipeline.Rate(t, rep, ix, &rf.Rating)
				if in.Ratings != nil {
					w.RatingsBy = "computed"
				}
			}
		}
		if err := pub.write(&w, fmt.Sprintf("%d-%s", id, fileStem(f.Name)), in); err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, nil
}

// storedRatings reads the provisional variations the pipeline recorded
// for a file; nil when none.
func storedRatings(ctx context.Context, st *store.Store, fileID int64) ([]rating.Line, fsi.Kind, error) {
	return office.StoredRatings(ctx, st, fileID)
}

// publisher writes reports into one directory, never twice under the
// same name.
type publisher struct {
	dir, lang string
	used      map[string]bool
}

func (p *publisher) write(w *reportWritten, stem string, in report.Input) error {
	name := stem
	for i := 2; p.used[name]; i++ {
		name = fmt.Sprintf("%s-%d", stem, i)
	}
	p.used[name] = true
	in.Lang = p.lang
	rep := in.Report
	w.Tournament, w.Verdict, w.Rated = rep.Summary.Name, rep.Verdict, in.RatingKind
	if rep.Period != nil {
		w.Period = rep.Period.Label
	}
	w.Findings = map[string]int{}
	for _, f := range rep.Findings {
		w.Findings[string(f.Severity)]++
	}
	c, err := report.NewChart(in)
	switch {
	case errors.Is(err, report.ErrNoChart):
	case err != nil:
		return err
	default:
		var b bytes.Buffer
		if err := c.WritePNG(&b); err != nil {
			return err
		}
		png := filepath.Join(p.dir, name+".png")
		if err := os.WriteFile(png, b.Bytes(), 0o644); err != nil {
			return err
		}
		in.Chart, w.PNG, w.Chart = name+".png", png, c.Kind
	}
	var b bytes.Buffer
	if err := report.WriteHTML(&b, in); err != nil {
		return err
	}
	w.HTML = filepath.Join(p.dir, name+".html")
	return os.WriteFile(w.HTML, b.Bytes(), 0o644)
}

var unsafeFileChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// fileStem is a file's base name without its extension, reduced to
// characters safe in a file name and a URL.
func fileStem(name string) string {
	base := filepath.Base(strings.ReplaceAll(name, "\\", "/"))
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	stem = strings.Trim(unsafeFileChars.ReplaceAllString(stem, "_"), "._")
	if stem == "" {
		stem = "report"
	}
	return stem
}
