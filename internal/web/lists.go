package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"omologa/internal/fsi"
	"omologa/internal/platform/catalogue"
	"strings"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/office"
	"omologa/internal/publishing/lists"
	"omologa/internal/rating"
)

// reportCSP is the policy of a report page shown in a frame: its own
// inline stylesheet (the report renderers write one), still no script.
const reportCSP = "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"

type listsData struct {
	Lists []office.ListSummary
	Next  []nextList
	// Rejudged is the outcome of judging a period's files again, after
	// the act (rejudge.go).
	Rejudged *rejudgeSummary
}

func (s *Server) lists(w http.ResponseWriter, r *http.Request) {
	d := listsData{Rejudged: rejudgedOf(r.URL.Query())}
	var err error
	if d.Lists, err = s.st.ListSummaries(r.Context()); err == nil {
		d.Next, err = s.nextLists(r)
	}
	s.show(w, r, "lists", "lists", d, err)
}

// listSummary returns the closed list the path names with the key its
// cached renderings go under; ok is false (404 written) when there is
// none.
func (s *Server) listSummary(w http.ResponseWriter, r *http.Request) (l office.ListSummary, key string, ok bool) {
	l, ok, err := s.st.ListSummaryOf(r.Context(), fsi.Kind(r.PathValue("kind")), r.PathValue("period"))
	if err != nil {
		s.fail(w, r, err)
		return l, "", false
	}
	if !ok {
		s.notFound(w, r)
		return l, "", false
	}
	return l, fmt.Sprintf("list %d %s", l.ID, l.CreatedAt.Format(time.RFC3339Nano)), true
}

// listRead is what a closed list's pages show, read once per version.
type listRead struct {
	Report  rating.Report
	Entries []lists.Entry
}

func (s *Server) readList(w http.ResponseWriter, r *http.Request) (office.ListSummary, string, *listRead, bool) {
	sum, key, ok := s.listSummary(w, r)
	if !ok {
		return sum, "", nil, false
	}
	if v, ok := s.cache.get(key); ok {
		return sum, key, v.(*listRead), true
	}
	l, ok, err := s.st.RatingListByID(r.Context(), sum.ID)
	if err != nil || !ok {
		s.fail(w, r, fmt.Errorf("list %s %s: %v", sum.Kind, sum.Period, err))
		return sum, "", nil, false
	}
	lr := &listRead{}
	if err := json.Unmarshal(l.Report, &lr.Report); err != nil {
		s.fail(w, r, fmt.Errorf("list %s %s: change report: %w", l.Kind, l.Period, err))
		return sum, "", nil, false
	}
	ps, err := registers.ReadPlayers("list", l.List)
	if err != nil {
		s.fail(w, r, err)
		return sum, "", nil, false
	}
	lr.Entries = lists.Build(ps, l.Kind)
	s.cache.put(key, lr)
	return sum, key, lr, true
}

type listData struct {
	List    office.ListSummary
	Report  *rating.Report
	Top     []lists.Entry
	Changes template.HTML // the change report, inline
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	sum, key, lr, ok := s.readList(w, r)
	if !ok {
		return
	}
	d := listData{List: sum, Report: &lr.Report, Top: lr.Entries}
	if len(d.Top) > 20 {
		d.Top = d.Top[:20]
	}
	// The change report inline, full height (issue 20: no frames),
	// written once per list version.
	v, ok := s.cache.get(key + " changes")
	if !ok {
		var buf bytes.Buffer
		if err := lists.WriteChangesHTML(&buf, catalogue.IT.T("web.changesOf", listTitle(sum.Kind, sum.Period)), &lr.Report, nil); err != nil {
			s.fail(w, r, err)
			return
		}
		v = bodyOf(buf.String())
		s.cache.put(key+" changes", v)
	}
	d.Changes = v.(template.HTML)
	s.render(w, r, http.StatusOK, "list", "lists", d)
}

// listChanges is a closed list's change report, as published.
func (s *Server) listChanges(w http.ResponseWriter, r *http.Request) {
	sum, _, lr, ok := s.readList(w, r)
	if !ok {
		return
	}
	s.writeChanges(w, r, listTitle(sum.Kind, sum.Period), &lr.Report, nil)
}

func listTitle(kind fsi.Kind, period string) string {
	return kind.ListName() + " · " + fsi.PeriodMonth(period)
}

func (s *Server) writeChanges(w http.ResponseWriter, r *http.Request, title string, rep *rating.Report, notes []string) {
	s.framed(w, r, func(buf *bytes.Buffer) error { return lists.WriteChangesHTML(buf, title+": variazioni", rep, notes) })
}

// framed writes a report page shown in a frame (a change report, a
// tournament report) under reportCSP.
func (s *Server) framed(w http.ResponseWriter, r *http.Request, write func(*bytes.Buffer) error) {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Security-Policy", reportCSP)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(buf.Bytes())
}

// listChart is a closed list's rating distribution.
func (s *Server) listChart(w http.ResponseWriter, r *http.Request) {
	sum, key, lr, ok := s.readList(w, r)
	if !ok {
		return
	}
	s.png(w, r, key+" distribution", func(buf *bytes.Buffer) error {
		return lists.DistributionPNG(buf, listTitle(sum.Kind, sum.Period), lr.Entries)
	})
}

// png writes a chart, drawn once per key.
func (s *Server) png(w http.ResponseWriter, r *http.Request, key string, draw func(*bytes.Buffer) error) {
	v, ok := s.cache.get(key)
	if !ok {
		var buf bytes.Buffer
		if err := draw(&buf); err != nil {
			s.fail(w, r, err)
			return
		}
		v = buf.Bytes()
		s.cache.put(key, v)
	}
	w.Header().Set("Content-Type", "image/png")
	w.Write(v.([]byte))
}

type previewData struct {
	Kind   fsi.Kind
	Period string
	Closed bool
	Res    *office.ListRunResult
	// Can says whether the list may be closed now, or why not; Changes
	// is the change report, inline.
	Can     office.Closability
	Changes template.HTML
}

// preview computes the next list of a kind without storing it: its
// changes (in a frame, as the published report) and a button to close
// it.
func (s *Server) preview(w http.ResponseWriter, r *http.Request) {
	kind, period := fsi.Kind(r.URL.Query().Get("kind")), r.URL.Query().Get("period")
	res, err := s.o.ListRun(r.Context(), visitOf(r).actor(),
		office.ListRunRequest{Kind: kind, Period: period, Preview: true, Force: true})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if r.URL.Query().Get("frame") != "" {
		s.writeChanges(w, r, catalogue.IT.T("web.previewOf", listTitle(kind, period)), &res.Report, res.Warnings)
		return
	}
	_, closed, err := s.st.RatingListOf(r.Context(), kind, period)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	can, err := s.o.CanClose(r.Context(), kind, period)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var buf bytes.Buffer
	if err := lists.WriteChangesHTML(&buf, catalogue.IT.T("web.changesOf", catalogue.IT.T("web.previewOf", listTitle(kind, period))), &res.Report, res.Warnings); err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "preview", "lists", previewData{Kind: kind, Period: period, Closed: closed, Res: res,
		Can: can, Changes: bodyOf(buf.String())})
}

// closeList closes and publishes a list period (the officer's button
// under the preview).
func (s *Server) closeList(w http.ResponseWriter, r *http.Request) {
	kind, period := r.PostFormValue("kind"), r.PostFormValue("period")
	_, err := s.o.ListRun(r.Context(), visitOf(r).actor(),
		office.ListRunRequest{Kind: fsi.Kind(kind), Period: period, CloseEarlier: r.PostFormValue("close_earlier") != ""})
	if err != nil {
		s.refuse(w, r, err, "/preview?"+url.Values{"kind": {kind}, "period": {period}}.Encode())
		return
	}
	s.idx.Changed()
	if s.warm {
		s.idx.Warm()
	}
	http.Redirect(w, r, "/lists/"+kind+"/"+period+"?done=closed", http.StatusSeeOther)
}

type playersData struct {
	Q      string
	Found  []*registers.Player
	More   bool
	Source string
	Error  string // a query outside the search's bounds, in the reader's language
}

func (s *Server) players(w http.ResponseWriter, r *http.Request) {
	ix, err := s.idx.Get(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	q := r.URL.Query().Get("q")
	if len(q) > 4*office.MaxQuery {
		q = q[:4*office.MaxQuery] // not echoed back whole; Search refuses it
	}
	d := playersData{Q: q, Source: ix.Source}
	var qerr error
	if d.Found, d.More, qerr = ix.Search(q); qerr != nil {
		if oe, ok := qerr.(*office.Error); ok {
			d.Error = oe.Msg
			if s.langOf(r) == "it" {
				d.Error = oe.MsgIT
			}
		}
	}
	s.render(w, r, http.StatusOK, "players", "players", d)
}

type playerData struct {
	P        *registers.Player
	RapidCat string
	Standard []histPoint
	Rapid    []histPoint
	Results  []playerResult
	// Milestones are his promotions and norms, by the lists that
	// ratified them, oldest first.
	Milestones []milestone
}

type playerResult struct {
	office.PlayerResult
	Line rating.Line
}

// history is the players' index and the rating history, with the
// milestones, of the player the path names; ok is false when a failure
// has been answered.
func (s *Server) history(w http.ResponseWriter, r *http.Request) (ix *office.Players, hist []office.HistPoint, ms []office.Milestone, ok bool) {
	ix, err := s.idx.Get(r.Context())
	if err == nil {
		hist, ms, err = s.idx.History(r.Context(), r.PathValue("id"))
	}
	if err != nil {
		s.fail(w, r, err)
		return nil, nil, nil, false
	}
	return ix, hist, ms, true
}

func (s *Server) player(w http.ResponseWriter, r *http.Request) {
	ix, hist, ms, ok := s.history(w, r)
	if !ok {
		return
	}
	id := r.PathValue("id")
	p, ok := ix.ByID(id)
	if !ok {
		s.notFound(w, r)
		return
	}
	d := playerData{P: p, RapidCat: rating.RapidCategory(p), Milestones: ms}
	for _, h := range hist {
		if h.Kind == fsi.Rapid {
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
	ix, hist, _, ok := s.history(w, r)
	if !ok {
		return
	}
	kind := fsi.Kind(r.PathValue("kind"))
	var pts []lists.Point
	for _, h := range hist {
		if h.Kind == kind {
			pts = append(pts, lists.Point{Label: shortPeriod(h.Period), Rating: h.Rating})
		}
	}
	if len(pts) == 0 {
		s.notFound(w, r)
		return
	}
	s.png(w, r, fmt.Sprintf("player %s %s %s", r.PathValue("id"), kind, ix.Stamp), func(buf *bytes.Buffer) error {
		return lists.HistoryPNG(buf, kind.ListName(), pts)
	})
}

// shortPeriod writes "2027-01" as "01/2027", the way an axis label reads
// in Italian.
func shortPeriod(p string) string {
	if y, m, ok := strings.Cut(p, "-"); ok {
		return m + "/" + y
	}
	return p
}
