package web

import (
	"bytes"
	"encoding/json"
	"html/template"
	"net/http"
	"strings"

	"omologa/internal/homologation/state"
	"omologa/internal/homologation/validate"
	"omologa/internal/publishing/report"
	"omologa/internal/tournament/codec"
	"omologa/internal/webkit"
)

// fileReport builds the tournament report of the file {id}; false when
// the answer is already written (not found, failure).
func (s *Server) fileReport(w http.ResponseWriter, r *http.Request) (report.Input, bool) {
	id, ok := webkit.PathID(r)
	if !ok {
		s.notFound(w, r)
		return report.Input{}, false
	}
	in, ok, err := s.fileReportOf(r, id)
	if err != nil {
		s.fail(w, r, err)
		return report.Input{}, false
	}
	if !ok {
		s.notFound(w, r)
		return report.Input{}, false
	}
	return in, true
}

// fileReportOf builds the tournament report of a judged file as it was
// judged: the stored verdict and findings, the file read again for its
// standings and crosstable, the provisional variations recorded; ok is
// false when the file is not judged.
func (s *Server) fileReportOf(r *http.Request, id int64) (in report.Input, ok bool, err error) {
	ctx := r.Context()
	raw, recv, ok, err := s.st.FileReport(ctx, id)
	if err != nil || !ok {
		return in, false, err
	}
	name, data, err := s.st.FileData(ctx, id)
	if err != nil {
		return in, false, err
	}
	in = report.Input{File: name, Received: recv.In(s.o.Rules.Rating.Location()), Lang: s.langOf(r)}
	if err := json.Unmarshal(raw, &in.Report); err != nil {
		return in, false, err
	}
	if t, _, err := codec.Read(name, data); err == nil {
		in.Tournament = t
	}
	if in.Tournament != nil && in.Report.Verdict != validate.Rejected {
		if in.Ratings, in.RatingKind, err = s.st.StoredRatings(ctx, id); err != nil {
			return in, false, err
		}
	}
	return in, true, nil
}

// inlineReport is a tournament report's body, to show inline in a page
// (full height, no frame): the report is written by report.WriteHTML,
// which escapes every value, and styled by the same stylesheet as the
// pages; chart is the address of its chart.
func inlineReport(in report.Input, chart string) template.HTML {
	if in.Tournament != nil {
		in.Chart = chart
	}
	var buf bytes.Buffer
	if err := report.WriteHTML(&buf, in); err != nil {
		return ""
	}
	return bodyOf(buf.String())
}

// nowOf is what a judged file is today, for its report, when the state
// model no longer says what the verdict said (revoked, superseded, the
// office's decision): "" when they agree.
func nowOf(v state.View, in report.Input) string {
	if string(v.State) == string(in.Report.Verdict) {
		return ""
	}
	return v.Text(in.Lang)
}

// bodyOf is what lies between an HTML document's <body> and </body>.
func bodyOf(doc string) template.HTML {
	_, rest, ok := strings.Cut(doc, "<body>")
	if !ok {
		return ""
	}
	body, _, _ := strings.Cut(rest, "</body>")
	return template.HTML(body)
}

// report is a file's tournament report, shown in a frame of its
// submission's page.
func (s *Server) report(w http.ResponseWriter, r *http.Request) {
	in, ok := s.fileReport(w, r)
	if !ok {
		return
	}
	if in.Tournament != nil {
		in.Chart = "chart"
	}
	s.framed(w, r, func(buf *bytes.Buffer) error { return report.WriteHTML(buf, in) })
}

// reportChart is the chart of a file's tournament report.
func (s *Server) reportChart(w http.ResponseWriter, r *http.Request) {
	in, ok := s.fileReport(w, r)
	if !ok {
		return
	}
	if in.Tournament == nil {
		s.notFound(w, r)
		return
	}
	s.png(w, r, "report "+r.PathValue("id")+" "+in.Lang, func(buf *bytes.Buffer) error {
		return report.WriteChart(buf, in)
	})
}
