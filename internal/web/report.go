package web

import (
	"bytes"
	"encoding/json"
	"net/http"

	"omologa/internal/homologation/validate"
	"omologa/internal/publishing/report"
	"omologa/internal/tournament/codec"
)

// fileReport builds the tournament report of a judged file as it was
// judged: the stored verdict and findings, the file read again for its
// standings and crosstable, the provisional variations recorded.
func (s *Server) fileReport(w http.ResponseWriter, r *http.Request) (report.Input, bool) {
	id, ok := idOf(r)
	if !ok {
		s.notFound(w, r)
		return report.Input{}, false
	}
	ctx := r.Context()
	raw, recv, ok, err := s.st.FileReport(ctx, id)
	if err != nil {
		s.fail(w, r, err)
		return report.Input{}, false
	}
	if !ok {
		s.notFound(w, r)
		return report.Input{}, false
	}
	name, data, err := s.st.FileData(ctx, id)
	if err != nil {
		s.fail(w, r, err)
		return report.Input{}, false
	}
	in := report.Input{File: name, Received: recv.In(s.o.Rules.Rating.Location()), Lang: s.langOf(r)}
	if err := json.Unmarshal(raw, &in.Report); err != nil {
		s.fail(w, r, err)
		return report.Input{}, false
	}
	if t, _, err := codec.Read(name, data); err == nil {
		in.Tournament = t
	}
	if in.Tournament != nil && in.Report.Verdict != validate.Rejected {
		if in.Ratings, in.RatingKind, err = s.st.StoredRatings(ctx, id); err != nil {
			s.fail(w, r, err)
			return report.Input{}, false
		}
	}
	return in, true
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
