package web

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"mime"
	"net/http"
	"net/url"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/intake/ingest"
	"omologa/internal/office"
	"omologa/internal/publishing/notice"
	"omologa/internal/rating"
	"omologa/internal/tournament"
	"omologa/internal/webkit"
)

// recentDays is how far back the dashboard looks for rejections and
// unreadable files.
const recentDays = 14

type nextList struct {
	Kind   fsi.Kind
	Period periods.Period
	Closed bool // already closed
	// Can says whether the office may close it now, or why not (the
	// list lifecycle, office.Closable): a page offers the close only
	// when it would be done.
	Can office.Closability
}

type dashboardData struct {
	Counts      map[string]int
	Quarantined []office.SubmissionRow
	Unreadable  []office.SubmissionRow
	Rejected    []office.SubmissionRow
	RejectedAll int // rejected in the period, all (the table shows the latest 20)
	// Failing are the notices not delivered after their fast attempts,
	// with their next attempt (none when given up).
	Failing []office.FailingNotice
	Next    []nextList
	Since   time.Time
	// The office's work queue: files held until attributed, withdrawals
	// to decide about (issue 20).
	Held    []office.HeldFile
	Pending []office.PendingDecision
	// AuthHeld are the files held until the office verifies their
	// authorisation (issue 30).
	AuthHeld []office.AuthorisationHeld
	// Replies are the written replies to notices the office has still
	// to read (issue 34).
	Replies []office.Reply
	// Backup says whether the latest scheduled backup failed: it stays
	// in the work queue until a later one succeeds (issue 32).
	Backup office.BackupState
}

func (s *Server) dashboard(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	d := dashboardData{Since: s.now().AddDate(0, 0, -recentDays)}
	var err error
	if d.Counts, err = s.st.Counts(ctx); err != nil {
		s.fail(w, r, err)
		return
	}
	if d.Quarantined, _, err = s.st.BrowseSubmissions(ctx, office.SubmissionFilter{State: office.StateQuarantined}, 0, 20); err != nil {
		s.fail(w, r, err)
		return
	}
	if d.Unreadable, _, err = s.st.BrowseSubmissions(ctx, office.SubmissionFilter{Verdict: "unreadable", Since: d.Since}, 0, 20); err != nil {
		s.fail(w, r, err)
		return
	}
	if d.Rejected, d.RejectedAll, err = s.st.BrowseSubmissions(ctx, office.SubmissionFilter{Verdict: "rejected", Since: d.Since}, 0, 20); err != nil {
		s.fail(w, r, err)
		return
	}
	if d.Failing, err = s.o.FailingNotices(ctx); err != nil {
		s.fail(w, r, err)
		return
	}
	if d.Next, err = s.nextLists(r); err != nil {
		s.fail(w, r, err)
		return
	}
	if d.Held, err = s.st.HeldFiles(ctx); err != nil {
		s.fail(w, r, err)
		return
	}
	if d.Pending, err = s.st.PendingDecisions(ctx); err != nil {
		s.fail(w, r, err)
		return
	}
	if d.AuthHeld, err = s.st.AuthorisationsHeld(ctx); err != nil {
		s.fail(w, r, err)
		return
	}
	if d.Replies, err = s.st.RepliesToRead(ctx); err != nil {
		s.fail(w, r, err)
		return
	}
	if d.Backup, err = s.st.BackupState(ctx); err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "dashboard", "home", d)
}

// nextLists returns, for each kind, the list a file received today
// counts in, with its cut-off, and before it the previous list when its
// cut-off has passed and it is not closed yet.
func (s *Server) nextLists(r *http.Request) ([]nextList, error) {
	today := tournament.DateOf(s.now().In(s.zone))
	var out []nextList
	for _, k := range []fsi.Kind{fsi.Standard, fsi.Rapid} {
		sch := s.o.Rules.Rating.Schedule(k)
		p := sch.ForReceipt(today)
		prev := sch.Previous(p)
		_, closed, err := s.st.ListSummaryOf(r.Context(), k, prev.Label)
		if err != nil {
			return nil, err
		}
		if !closed {
			can, err := s.o.CanClose(r.Context(), k, prev.Label)
			if err != nil {
				return nil, err
			}
			out = append(out, nextList{Kind: k, Period: prev, Can: can})
		}
		_, closed, err = s.st.ListSummaryOf(r.Context(), k, p.Label)
		if err != nil {
			return nil, err
		}
		can, err := s.o.CanClose(r.Context(), k, p.Label)
		if err != nil {
			return nil, err
		}
		out = append(out, nextList{Kind: k, Period: p, Closed: closed, Can: can})
	}
	return out, nil
}

// browsePage is the page the request asks for of a filtered listing
// (submissions, tournaments), with its filter form (the "filters" part)
// and the periods and provinces the form offers.
type browsePage[F, R any] struct {
	F         F
	Form      filterForm
	Rows      []R
	Pager     pager
	Periods   []string
	Provinces []string
}

// filterForm is what differs between the filter forms of the listings:
// where the form goes, its selects of coded values (before the list
// period and the province every form has) and the text key of the
// search box's hint.
type filterForm struct {
	Action string
	Coded  []codedFilter
	Hint   string
}

// codedFilter is a select of coded values: Name is the query parameter,
// the text key of its label and the prefix of its values' texts
// ("state" → "state.judged").
type codedFilter struct {
	Name   string
	Chosen string
	Values []string
}

// listKinds are the kinds a listing filters by: the two rating lists.
var listKinds = []string{string(fsi.Standard), string(fsi.Rapid)}

// browse loads, with load (the store's Browse method of the listing),
// the page the request asks for of the rows matching f, and the choices
// of the filter form.
func browse[F, R any](s *Server, r *http.Request, f F, form filterForm, load func(ctx context.Context, f F, offset, limit int) ([]R, int, error)) (browsePage[F, R], error) {
	page := pageOf(r)
	rows, total, err := load(r.Context(), f, (page-1)*perPage, perPage)
	if err != nil {
		return browsePage[F, R]{}, err
	}
	periods, err := s.st.SubmissionPeriods(r.Context())
	if err != nil {
		return browsePage[F, R]{}, err
	}
	provinces, err := s.st.Provinces(r.Context())
	if err != nil {
		return browsePage[F, R]{}, err
	}
	return browsePage[F, R]{F: f, Form: form, Rows: rows, Pager: newPager(r, page, total), Periods: periods, Provinces: provinces}, nil
}

type submissionsData struct {
	browsePage[office.SubmissionFilter, office.SubmissionRow]
	Query url.Values
}

func (s *Server) submissions(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := office.SubmissionFilter{State: q.Get("state"), Verdict: q.Get("verdict"), Channel: q.Get("channel"),
		Kind: fsi.Kind(q.Get("kind")), Period: q.Get("period"), Province: q.Get("province"), Text: q.Get("q")}
	p, err := browse(s, r, f, filterForm{Action: "/submissions", Hint: "textHint", Coded: []codedFilter{
		{"state", f.State, []string{"received", "judged", "quarantined", "discarded"}},
		{"verdict", f.Verdict, []string{"accepted", "accepted-with-warnings", "rejected", "unreadable"}},
		{"channel", f.Channel, []string{"drop", "imap", "cli"}},
		{"kind", string(f.Kind), listKinds},
	}}, s.st.BrowseSubmissions)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "submissions", "submissions", submissionsData{browsePage: p, Query: q})
}

type submissionData struct {
	// Thread is the submission's thread: what came in, what went out.
	Thread    []office.ThreadItem
	Sub       *office.Submission
	Status    *office.Status
	Files     []office.FileVerdict
	Notice    *notice.Sent
	Decisions *office.DecideResult
	Players   map[int64][]playerOption // by file: the players a decision may name
	// Tournaments are the files' tournaments with their versions and
	// revocation, by file.
	Tournaments map[int64]*office.Tournament
	// Fide is the latest forwarding to FIDE of each file's tournament
	// (by this file or an earlier version), by file.
	Fide map[int64]*office.Forwarding
	// Acts are the office's acts each file offers; Reports each judged
	// file's tournament report, inline.
	Acts    map[int64]fileActsData
	Reports map[int64]template.HTML
}

type playerOption struct {
	Start int
	Name  string
}

func (s *Server) submission(w http.ResponseWriter, r *http.Request) {
	id, ok := webkit.PathID(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	ctx := r.Context()
	sub, err := s.st.Load(ctx, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d := submissionData{Sub: sub, Players: map[int64][]playerOption{}, Tournaments: map[int64]*office.Tournament{},
		Fide: map[int64]*office.Forwarding{}, Acts: map[int64]fileActsData{}, Reports: map[int64]template.HTML{}}
	sts, err := s.st.StatusOf(ctx, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d.Status = sts
	if d.Files, err = s.st.FileVerdicts(ctx, id); err != nil {
		s.fail(w, r, err)
		return
	}
	for _, f := range d.Files {
		if fw, ok, err := s.st.LastForwarding(ctx, f.FileID, f.TournamentKey); err != nil {
			s.fail(w, r, err)
			return
		} else if ok {
			d.Fide[f.FileID] = fw
		}
		if f.TournamentKey == "" {
			continue
		}
		if t, err := s.st.TournamentOfFile(ctx, f.FileID); err == nil {
			d.Tournaments[f.FileID] = t
		}
		if err := s.fileExtras(r, &d, f); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	if d.Thread, err = s.st.Thread(ctx, id); err != nil {
		s.fail(w, r, err)
		return
	}
	if msg, ok, err := s.st.NoticeMessage(ctx, id); err != nil {
		s.fail(w, r, err)
		return
	} else if ok {
		if d.Notice, err = notice.Read(msg); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	if sub.State == office.StateJudged {
		if d.Decisions, err = s.o.Decisions(ctx, id); err != nil && office.KindOf(err) == 0 {
			s.fail(w, r, err)
			return
		}
		for _, f := range d.Files {
			if f.Verdict == "" || f.Verdict == "rejected" {
				continue
			}
			rs, err := s.st.Ratings(ctx, f.FileID)
			if err != nil {
				s.fail(w, r, err)
				return
			}
			d.Players[f.FileID] = playerOptions(rs)
		}
	}
	s.render(w, r, http.StatusOK, "submission", "submissions", d)
}

// playerOptions lists a file's players from its provisional results, by
// starting number.
func playerOptions(rs []office.Rating) []playerOption {
	var out []playerOption
	seen := map[int]bool{}
	for _, r := range rs {
		l, err := decodeLine(r.Result)
		if err != nil || seen[l.Start] {
			continue
		}
		seen[l.Start] = true
		out = append(out, playerOption{Start: l.Start, Name: l.Name})
	}
	return out
}

// download sends a file's original bytes, as received, streamed from
// the store.
func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	id, ok := webkit.PathID(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	name, size, data, err := s.st.OpenFile(r.Context(), id)
	if err != nil {
		s.notFound(w, r)
		return
	}
	defer data.Close()
	attachment(w, "application/octet-stream", name, size, data)
}

// original sends a submission's original as received, streamed from the
// store: the whole message (.eml) or the file dropped, under the name it
// is archived by (its receipt's time, then its own name).
func (s *Server) original(w http.ResponseWriter, r *http.Request) {
	id, ok := webkit.PathID(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	sub, err := s.st.Load(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	data, err := s.st.OpenRaw(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer data.Close()
	name, ctype := path.Base(filepath.ToSlash(sub.Source)), "application/octet-stream"
	switch {
	case sub.Channel == string(ingest.ChannelIMAP):
		name, ctype = fmt.Sprintf("messaggio-%d.eml", id), "message/rfc822"
	case name == "." || name == "/":
		name = fmt.Sprintf("originale-%d", id)
	}
	attachment(w, ctype, name, -1, data)
}

// attachment sends data as a file to save under name's base name; size
// is -1 when not known. A store failing midway aborts the response, so
// that the browser reports a failed download rather than save a
// truncated file as whole.
func attachment(w http.ResponseWriter, contentType, name string, size int64, data io.Reader) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": path.Base(name)}))
	if size >= 0 {
		w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
	}
	if _, err := io.Copy(w, data); err != nil {
		panic(http.ErrAbortHandler)
	}
}

func (s *Server) release(w http.ResponseWriter, r *http.Request) {
	s.quarantineAct(w, r, s.o.Release, "released")
}

func (s *Server) discard(w http.ResponseWriter, r *http.Request) {
	s.quarantineAct(w, r, s.o.Discard, "discarded")
}

// resend puts a submission's notice back to be delivered at once; a
// delivered notice is refused (office.Conflict), shown with the way back
// to the submission.
func (s *Server) resend(w http.ResponseWriter, r *http.Request) {
	id, ok := webkit.PathID(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	if err := s.o.Resend(r.Context(), visitOf(r).actor(), id); err != nil {
		s.failBack(w, r, err, fmt.Sprintf("/submissions/%d", id))
		return
	}
	http.Redirect(w, r, fmt.Sprintf("/submissions/%d?done=resent#notice-status", id), http.StatusSeeOther)
}

func (s *Server) quarantineAct(w http.ResponseWriter, r *http.Request,
	act func(ctx context.Context, a office.Actor, id int64) error, done string) {
	id, ok := webkit.PathID(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	if err := act(r.Context(), visitOf(r).actor(), id); err != nil {
		s.fail(w, r, err)
		return
	}
	http.Redirect(w, r, fmt.Sprintf("/submissions/%d?done=%s", id, done), http.StatusSeeOther)
}

// decide records one decision of the office about a player of a file
// (RTF 7.5.2–7.5.3 withdrawal, RTF 4.2.7 / RAPID 6.8 theoretical rating)
// or clears a player's decisions.
func (s *Server) decide(w http.ResponseWriter, r *http.Request) {
	id, ok := webkit.PathID(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	start, err := strconv.Atoi(r.PostFormValue("start"))
	if err != nil || start <= 0 {
		s.fail(w, r, office.Refusal(office.Invalid, "web.refused.player"))
		return
	}
	op := office.DecideOp{Decision: office.Decision{Start: start}}
	switch what := r.PostFormValue("what"); what {
	case office.WithdrawalJustified, office.WithdrawalUnjustified:
		op.Decision.Kind, op.Decision.Value = office.DecisionWithdrawal, what
	case office.DecisionTheoretical:
		v := strings.TrimSpace(r.PostFormValue("rating"))
		if n, err := strconv.Atoi(v); err != nil || n <= 0 {
			s.fail(w, r, office.Refusal(office.Invalid, "web.refused.theoretical"))
			return
		}
		op.Decision.Kind, op.Decision.Value = office.DecisionTheoretical, v
	case "clear":
		op.Clear = true
	default:
		s.fail(w, r, office.Refusal(office.Invalid, "web.refused.decision"))
		return
	}
	_, err = s.o.Decide(r.Context(), visitOf(r).actor(),
		office.DecideRequest{Submission: id, File: r.PostFormValue("file"), Ops: []office.DecideOp{op}})
	// Asked from the work queue (back): the outcome shows there.
	if back := backTo(r, ""); back != "" {
		if err != nil {
			s.refuse(w, r, err, back)
			return
		}
		http.Redirect(w, r, back+"?done=decided", http.StatusSeeOther)
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	http.Redirect(w, r, fmt.Sprintf("/submissions/%d?done=decided#decisions", id), http.StatusSeeOther)
}

// revoke revokes a tournament's homologation (or reinstates it), with
// the reason, and goes back to the submission it was asked from.
func (s *Server) revoke(w http.ResponseWriter, r *http.Request) {
	s.revocation(w, r, s.o.Revoke, "revoked")
}

func (s *Server) reinstate(w http.ResponseWriter, r *http.Request) {
	s.revocation(w, r, s.o.Reinstate, "reinstated")
}

func (s *Server) revocation(w http.ResponseWriter, r *http.Request,
	act func(context.Context, office.Actor, int64, string) error, done string) {
	id, ok := webkit.PathID(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	back := fmt.Sprintf("/tournaments/%d", id)
	if sub, err := strconv.ParseInt(r.PostFormValue("submission"), 10, 64); err == nil && sub > 0 {
		back = fmt.Sprintf("/submissions/%d", sub)
	}
	back = backTo(r, back)
	if err := act(r.Context(), visitOf(r).actor(), id, r.PostFormValue("reason")); err != nil {
		s.refuse(w, r, err, back)
		return
	}
	http.Redirect(w, r, back+"?done="+done, http.StatusSeeOther)
}

func (s *Server) tournaments(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := office.TournamentFilter{Kind: fsi.Kind(q.Get("kind")), Period: q.Get("period"), Verdict: q.Get("verdict"),
		Province: q.Get("province"), Text: q.Get("q")}
	p, err := browse(s, r, f, filterForm{Action: "/tournaments", Hint: "tournamentHint", Coded: []codedFilter{
		{"kind", string(f.Kind), listKinds},
		{"verdict", f.Verdict, []string{"accepted", "accepted-with-warnings", "rejected"}},
	}}, s.st.BrowseTournaments)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "tournaments", "tournaments", p)
}

func (s *Server) audit(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	page := pageOf(r)
	f := office.AuditFilter{User: q.Get("user"), Action: q.Get("action"), Limit: perPage + 1, Offset: (page - 1) * perPage}
	es, err := s.o.Audit(r.Context(), f)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p := pager{Page: page}
	if page > 1 {
		p.Prev = "/audit?" + withPage(q, page-1)
	}
	if len(es) > perPage {
		es = es[:perPage]
		p.Next = "/audit?" + withPage(q, page+1)
	}
	s.render(w, r, http.StatusOK, "audit", "audit", struct {
		Entries []office.AuditEntry
		F       office.AuditFilter
		Pager   pager
	}{es, f, p})
}

func withPage(q url.Values, n int) string {
	v := url.Values{}
	for k, vs := range q {
		v[k] = vs
	}
	v.Set("page", strconv.Itoa(n))
	return v.Encode()
}

func decodeLine(b []byte) (rating.Line, error) {
	var l rating.Line
	err := json.Unmarshal(b, &l)
	return l, err
}
