package office

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/office/pipeline"
	"omologa/internal/publishing/report"
	"omologa/internal/rating"
	"omologa/internal/rating/fide"
)

// ReportFile is one file judged for its published report: what the
// report shows (the tournament, the findings, the FIDE preview, the
// variations) and where the variations came from.
type ReportFile struct {
	report.Input
	FileID int64
	// Recorded is the store's verdict when the file was judged again
	// from the store; a different verdict is among Warnings.
	Recorded string
	// RatingsBy is "store" (the variations the pipeline recorded),
	// "computed" (from the players' register) or "" (not rated).
	RatingsBy string
	Warnings  []string
}

// ReportJudge judges files for their reports as the pipeline judges
// them, rating an accepted tournament against the players' register
// (the list in force) when there is one.
type ReportJudge struct {
	Rules     *rules.File
	Registers *registers.Set
	ix        *rating.Index // of the players' register, built on the first file rated
}

// File judges the bytes of one file as received with sub (at received,
// shown in the rules' zone) and rates it when accepted.
func (j *ReportJudge) File(name string, data []byte, sub validate.Submission, received time.Time) ReportFile {
	r := j.judge(name, data, sub, received)
	j.rate(&r)
	return r
}

func (j *ReportJudge) judge(name string, data []byte, sub validate.Submission, received time.Time) ReportFile {
	rep, t := validate.Judge(&j.Rules.Rulebook, j.Registers, name, data, sub)
	in := report.Input{File: name, Tournament: t, Report: rep, Received: received.In(j.Rules.Rating.Location())}
	if rep.Verdict != validate.Rejected {
		// A rejected tournament is not homologated, so never forwarded
		// to FIDE: a FIDE rating preview would promise what will not be.
		in.Fide = fide.ForReport(j.Rules, rep.Kind, t)
	}
	return ReportFile{Input: in}
}

// rate computes the variations of an accepted tournament against the
// players' register, when there is one.
func (j *ReportJudge) rate(r *ReportFile) {
	if r.Tournament == nil || r.Report.Verdict == validate.Rejected || j.Registers.Players == nil {
		return
	}
	if j.ix == nil {
		j.ix = rating.NewIndex(j.Registers.Players, j.Rules.Rating.MatchByName)
	}
	r.Ratings, r.RatingKind = pipeline.Rate(r.Tournament, r.Report, j.ix, &j.Rules.Rating)
	if r.Ratings != nil {
		r.RatingsBy = "computed"
	}
}

// Rejudge reads and judges again the files of a stored submission, with
// its recorded receipt time, channel, sender and body fields, under the
// office's rules and registers (the store's imported registers first,
// as the daemon loads them), for their reports: the variations the
// pipeline recorded are shown, else computed. A verdict that differs
// from the recorded one is said: the rules or registers changed since.
func (o *Office) Rejudge(ctx context.Context, id int64) ([]ReportFile, error) {
	regs, err := LoadRegisters(ctx, o.Store, o.Config)
	if err != nil {
		return nil, err
	}
	sub, err := o.Store.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(sub.Files) == 0 {
		return nil, fmt.Errorf("submission %d holds no result file (state %s)", id, sub.State)
	}
	recorded := map[int64]string{}
	if sts, err := o.Store.StatusesOf(ctx, id); err == nil {
		for _, s := range sts {
			for _, f := range s.Files {
				recorded[f.ID] = f.Verdict
			}
		}
	}
	j := &ReportJudge{Rules: o.Rules, Registers: regs}
	vs := pipeline.SubmissionOf(sub)
	var out []ReportFile
	for _, f := range sub.Files {
		_, data, err := o.Store.FileData(ctx, f.ID)
		if err != nil {
			return nil, err
		}
		r := j.judge(f.Name, data, vs, sub.ReceivedAt)
		r.FileID, r.Recorded = f.ID, recorded[f.ID]
		if r.Recorded != "" && r.Recorded != string(r.Report.Verdict) {
			r.Warnings = append(r.Warnings, fmt.Sprintf("re-judged %s, recorded %s: the rules or registers changed since", r.Report.Verdict, r.Recorded))
		}
		if r.Tournament != nil && r.Report.Verdict != validate.Rejected {
			lines, kind, err := StoredRatings(ctx, o.Store, f.ID)
			if err != nil {
				r.Warnings = append(r.Warnings, err.Error())
			}
			if lines != nil {
				r.Ratings, r.RatingKind, r.RatingsBy = lines, kind, "store"
			} else {
				j.rate(&r)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// ReportFolder writes tournament reports into one folder, never two
// under the same name.
type ReportFolder struct {
	Dir, Lang string
	used      map[string]bool
}

// ReportWritten is where a report went: the page, and the chart when
// there was something to draw (ChartKind: variation or rating-vs-score).
type ReportWritten struct {
	HTML, PNG, ChartKind string
}

// Write writes the report of in as stem.html (stem-2.html… when the
// name is taken) with its chart stem.png.
func (f *ReportFolder) Write(stem string, in report.Input) (ReportWritten, error) {
	if f.used == nil {
		f.used = map[string]bool{}
	}
	name := stem
	for i := 2; f.used[name]; i++ {
		name = fmt.Sprintf("%s-%d", stem, i)
	}
	f.used[name] = true
	in.Lang = f.Lang
	var w ReportWritten
	c, err := report.NewChart(in)
	switch {
	case errors.Is(err, report.ErrNoChart):
	case err != nil:
		return w, err
	default:
		png, err := WriteOut(f.Dir, name+".png", c.WritePNG)
		if err != nil {
			return w, err
		}
		in.Chart, w.PNG, w.ChartKind = name+".png", png, c.Kind
	}
	w.HTML, err = WriteOut(f.Dir, name+".html", func(out io.Writer) error { return report.WriteHTML(out, in) })
	return w, err
}

var unsafeFileChars = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[^A-Za-z0-9._-]+`) })

// ReportStem is a file's base name without its extension, reduced to
// characters safe in a file name and a URL: the name of its report.
func ReportStem(name string) string {
	base := filepath.Base(strings.ReplaceAll(name, "\\", "/"))
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	stem = strings.Trim(unsafeFileChars().ReplaceAllString(stem, "_"), "._")
	if stem == "" {
		stem = "report"
	}
	return stem
}
