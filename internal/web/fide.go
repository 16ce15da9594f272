package web

import (
	"bytes"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"omologa/internal/fsi/periods"
	"omologa/internal/office"
	"omologa/internal/platform/catalogue"
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
	Rules     string   // the FIDE rule set in force for the list's tournaments, by name
	Forwarded []office.ForwardingRow
	Held      []office.HeldTournament // held back by an export and not forwarded since
	Preview   *fideexport.Result      // nil unless asked for, by an officer
	Ready     int                     // tournaments an export would forward now
	HeldNow   int                     // tournaments an export would hold back now (recorded, with the players to register)
	Waiting   int                     // players of the held tournaments waiting for a FIDE id
	May       bool                    // the user may forward (and preview)
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
	sch := set.List
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
	if !s.found(w, r, ok, err) {
		return
	}
	d := fideData{Period: current, Periods: labels}
	if p := r.URL.Query().Get("period"); p != "" {
		set := s.o.Rules.SelectFide(tournament.DateOf(s.now().In(s.zone)))
		if d.Period, err = set.List.Parse(p); err != nil {
			s.fail(w, r, office.Refusal(office.Invalid, "web.refused.fide-period", catalogue.Named{"err": err}))
			return
		}
	}
	if d.Forwarded, err = s.st.Forwardings(ctx, d.Period.Label); err != nil {
		s.fail(w, r, err)
		return
	}
	if d.Held, err = s.st.FideHolds(ctx, d.Period.Label); err != nil {
		s.fail(w, r, err)
		return
	}
	if set := s.o.Rules.SelectFide(d.Period.Cutoff); set != nil {
		d.Rules = set.Name
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
		d.Ready, d.HeldNow = d.Preview.Count(fideexport.Ready), d.Preview.Count(fideexport.Held)
	}
	for _, h := range d.Held {
		d.Waiting += len(h.Registrations)
	}
	// Held tournaments already recorded need no second export until
	// something changes (a register's ids make them ready).
	if d.Ready == 0 && d.HeldNow <= len(d.Held) {
		d.HeldNow = 0
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
	done, at := "forwarded", "#forwarded"
	if res.Count(fideexport.Forwarded) == 0 && res.Count(fideexport.Held) > 0 {
		done, at = "fideHeld", "#held"
	}
	http.Redirect(w, r, "/fide?"+url.Values{"period": {res.Period.Label}, "done": {done}}.Encode()+at, http.StatusSeeOther)
}

// fideRegistration sends the FIDE registration file of a list: the
// players of its held tournaments waiting for a FIDE id (the same file
// fide export writes beside the TRF files).
func (s *Server) fideRegistration(w http.ResponseWriter, r *http.Request) {
	period := r.URL.Query().Get("period")
	held, err := s.st.FideHolds(r.Context(), period)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var regs []fideexport.Registration
	for _, h := range held {
		regs = append(regs, h.Registrations...)
	}
	data := fideexport.RegistrationCSV(regs)
	attachment(w, "text/csv; charset=us-ascii", fideexport.RegistrationFile, int64(len(data)), bytes.NewReader(data))
}

// fideFile sends a TRF as it was forwarded to FIDE.
func (s *Server) fideFile(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		s.notFound(w, r)
		return
	}
	name, data, ok, err := s.st.ForwardingData(r.Context(), id)
	if !s.found(w, r, ok, err) {
		return
	}
	attachment(w, "text/plain; charset=utf-8", name, int64(len(data)), bytes.NewReader(data))
}
