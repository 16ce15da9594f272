package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"omologa/office"
	"omologa/periods"
	"omologa/rating"
	"omologa/registers"
	"omologa/report/lists"
	"omologa/store"
)

// reportCSP is the policy of a report page shown in a frame: its own
// inline stylesheet (the report renderers write one), still no script.
const reportCSP = "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"

type listsData struct {
	Lists []store.ListSummary
	Next  []nextList
}

func (s *Server) lists(w http.ResponseWriter, r *http.Request) {
	ls, err := s.st.ListSummaries(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	next, err := s.nextLists(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "lists", "lists", listsData{Lists: ls, Next: next})
}

// storedList returns the list the path names, nil (404 written) when
// there is none.
func (s *Server) storedList(w http.ResponseWriter, r *http.Request) *store.RatingList {
	l, ok, err := s.st.RatingListOf(r.Context(), r.PathValue("kind"), r.PathValue("period"))
	if err != nil {
		s.fail(w, r, err)
		return nil
	}
	if !ok {
		s.notFound(w, r)
		return nil
	}
	return l
}

type listData struct {
	L      *store.RatingList
	Report rating.Report
	Top    []lists.Entry
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	l := s.storedList(w, r)
	if l == nil {
		return
	}
	d := listData{L: l}
	if err := json.Unmarshal(l.Report, &d.Report); err != nil {
		s.fail(w, r, fmt.Errorf("list %s %s: change report: %w", l.Kind, l.Period, err))
		return
	}
	ps, err := registers.ReadPlayers("list", l.List)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d.Top = lists.Build(ps, l.Kind)
	if len(d.Top) > 20 {
		d.Top = d.Top[:20]
	}
	s.render(w, r, http.StatusOK, "list", "lists", d)
}

// listChanges is a closed list's change report, as published.
func (s *Server) listChanges(w http.ResponseWriter, r *http.Request) {
	l := s.storedList(w, r)
	if l == nil {
		return
	}
	var rep rating.Report
	if err := json.Unmarshal(l.Report, &rep); err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeChanges(w, r, listTitle(l.Kind, l.Period), &rep, nil)
}

func listTitle(kind, period string) string {
	return office.ListNames[periods.Kind(kind)] + " " + period
}

func (s *Server) writeChanges(w http.ResponseWriter, r *http.Request, title string, rep *rating.Report, notes []string) {
	var buf bytes.Buffer
	if err := lists.WriteChangesHTML(&buf, title+": variazioni", rep, notes); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Security-Policy", reportCSP)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(buf.Bytes())
}

// listChart is a closed list's rating distribution.
func (s *Server) listChart(w http.ResponseWriter, r *http.Request) {
	l := s.storedList(w, r)
	if l == nil {
		return
	}
	ps, err := registers.ReadPlayers("list", l.List)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var buf bytes.Buffer
	if err := lists.DistributionPNG(&buf, listTitle(l.Kind, l.Period), lists.Build(ps, l.Kind)); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Write(buf.Bytes())
}

type previewData struct {
	Kind, Period string
	Closed       bool
	Res          *office.ListRunResult
}

// preview computes the next list of a kind without storing it: its
// changes (in a frame, as the published report) and a button to close
// it.
func (s *Server) preview(w http.ResponseWriter, r *http.Request) {
	kind, period := r.URL.Query().Get("kind"), r.URL.Query().Get("period")
	res, err := s.o.ListRun(r.Context(), visitOf(r).actor(),
		office.ListRunRequest{Kind: periods.Kind(kind), Period: period, Preview: true, Force: true})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if r.URL.Query().Get("frame") != "" {
		s.writeChanges(w, r, listTitle(kind, period)+" (anteprima)", &res.Report, res.Warnings)
		return
	}
	_, closed, err := s.st.RatingListOf(r.Context(), kind, period)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "preview", "lists", previewData{Kind: kind, Period: period, Closed: closed, Res: res})
}

// closeList closes and publishes a list period (the officer's button
// under the preview).
func (s *Server) closeList(w http.ResponseWriter, r *http.Request) {
	kind, period := r.PostFormValue("kind"), r.PostFormValue("period")
	_, err := s.o.ListRun(r.Context(), visitOf(r).actor(),
		office.ListRunRequest{Kind: periods.Kind(kind), Period: period, Force: r.PostFormValue("force") == "1"})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/lists/"+kind+"/"+period+"?done=closed", http.StatusSeeOther)
}

type playersData struct {
	Q      string
	Found  []*registers.Player
	More   bool
	Source string
}

func (s *Server) players(w http.ResponseWriter, r *http.Request) {
	ix, err := s.idx.get(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	q := r.URL.Query().Get("q")
	d := playersData{Q: q, Source: ix.source}
	d.Found, d.More = ix.search(q)
	s.render(w, r, http.StatusOK, "players", "players", d)
}

type playerData struct {
	P        *registers.Player
	RapidCat string
	Standard []histPoint
	Rapid    []histPoint
	Results  []playerResult
}

type playerResult struct {
	store.PlayerResult
	Line rating.Line
}

func (s *Server) player(w http.ResponseWriter, r *http.Request) {
	ix, err := s.idx.get(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	id := r.PathValue("id")
	i, ok := ix.byID[id]
	if !ok {
		s.notFound(w, r)
		return
	}
	d := playerData{P: &ix.rows[i], RapidCat: ix.rows[i].Extra[rating.ColRapidCategory]}
	for _, h := range ix.history[id] {
		if h.Kind == "rapid" {
			d.Rapid = append(d.Rapid, h)
		} else {
			d.Standard = append(d.Standard, h)
		}
	}
	res, err := s.st.PlayerResults(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for _, pr := range res {
		l, err := decodeLine(pr.Result)
		if err != nil {
			continue
		}
		d.Results = append(d.Results, playerResult{pr, l})
	}
	s.render(w, r, http.StatusOK, "player", "players", d)
}

// playerChart draws a player's rating of one kind across the lists.
func (s *Server) playerChart(w http.ResponseWriter, r *http.Request) {
	ix, err := s.idx.get(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	kind := r.PathValue("kind")
	var pts []lists.Point
	for _, h := range ix.history[r.PathValue("id")] {
		if h.Kind == kind {
			pts = append(pts, lists.Point{Label: shortPeriod(h.Period), Rating: h.Rating})
		}
	}
	if len(pts) == 0 {
		s.notFound(w, r)
		return
	}
	var buf bytes.Buffer
	if err := lists.HistoryPNG(&buf, office.ListNames[periods.Kind(kind)], pts); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Write(buf.Bytes())
}

// shortPeriod writes "2027-01" as "01/2027", the way an axis label reads
// in Italian.
func shortPeriod(p string) string {
	if y, m, ok := strings.Cut(p, "-"); ok {
		return m + "/" + y
	}
	return p
}
