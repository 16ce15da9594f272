package web

import (
	"bytes"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"omologa/internal/fsi/periods"
	"omologa/internal/office"
	"omologa/internal/publishing/fideexport"
	"omologa/internal/rating/fide"
	"omologa/internal/tournament"
)

// fideData is the FIDE page: a FIDE list with what was forwarded to it
// and, for an officer, what an export would forward now, with the
// problems FIDE would raise.
type fideData struct {
	Period    periods.Period
	Periods   []string // the lists to choose from
	Forwarded []office.ForwardingRow
	Preview   *fideexport.Result // nil unless asked for, by an officer
	Ready     int                // tournaments an export would forward now
	May       bool               // the user may forward (and preview)
}

// fidePeriods are the FIDE lists the page offers: the one a tournament
// ending today goes into (FIDE-RR 7.13), the one before and the one
// after, and every list something was forwarded to.
func (s *Server) fidePeriods(r *http.Request) (current periods.Period, labels []string, ok bool, err error) {
	today := tournament.DateOf(s.now().In(s.zone))
	set := s.o.Rules.SelectFide(today)
	if set == nil {
		return current, nil, false, nil
	}
	sch := set.List.Schedule()
	current = fide.List(set, today)
	labels = []string{sch.Next(current).Label, current.Label, sch.Previous(current).Label}
	done, err := s.st.ForwardingPeriods(r.Context())
	if err != nil {
		return current, nil, false, err
	}
	for _, p := range done {
		if !slices.Contains(labels, p) {
			labels = append(labels, p)
		}
	}
	slices.Sort(labels)
	slices.Reverse(labels)
	return current, labels, true, nil
}

func (s *Server) fidePage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	current, labels, ok, err := s.fidePeriods(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !ok {
		s.notFound(w, r)
		return
	}
	d := fideData{Period: current, Periods: labels}
	if p := r.URL.Query().Get("period"); p != "" {
		set := s.o.Rules.SelectFide(tournament.DateOf(s.now().In(s.zone)))
		if d.Period, err = set.List.Schedule().Parse(p); err != nil {
			s.fail(w, r, &office.Error{Kind: office.Invalid, Msg: err.Error(),
				MsgIT: "il mese scelto non è quello di una lista FIDE"})
			return
		}
	}
	if d.Forwarded, err = s.st.Forwardings(ctx, d.Period.Label); err != nil {
		s.fail(w, r, err)
		return
	}
	d.May = visitOf(r).actor().Role.May(office.ActFideExport)
	// The preview reads every homologated file the export would (about
	// a second on a season's store): it is computed when asked for.
	if d.May && r.URL.Query().Get("preview") == "1" {
		if d.Preview, err = s.o.FideExport(ctx, visitOf(r).actor(),
			office.FideExportRequest{Period: d.Period.Label, DryRun: true}); err != nil {
			s.fail(w, r, err)
			return
		}
		d.Ready = d.Preview.Count(fideexport.Ready)
	}
	s.render(w, r, http.StatusOK, "fide", "fide", d)
}

// fideExport forwards a FIDE list's tournaments (office.FideExport); the
// TRF files stay in the store, downloaded from the page.
func (s *Server) fideExport(w http.ResponseWriter, r *http.Request) {
	p := r.PostFormValue("period")
	res, err := s.o.FideExport(r.Context(), visitOf(r).actor(), office.FideExportRequest{Period: p})
	if err != nil {
		s.failBack(w, r, err, "/fide")
		return
	}
	http.Redirect(w, r, "/fide?"+url.Values{"period": {res.Period.Label}, "done": {"forwarded"}}.Encode()+"#forwarded",
		http.StatusSeeOther)
}

// fideFile sends a TRF as it was forwarded to FIDE.
func (s *Server) fideFile(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		s.notFound(w, r)
		return
	}
	name, data, ok, err := s.st.ForwardingData(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !ok {
		s.notFound(w, r)
		return
	}
	attachment(w, "text/plain; charset=utf-8", name, int64(len(data)), bytes.NewReader(data))
}
