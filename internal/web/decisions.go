package web

import (
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"omologa/internal/homologation/state"
	"omologa/internal/homologation/validate"
	"omologa/internal/office"
	"omologa/internal/webkit"
)

// The office's acts about a file and the tournament page (issue 20):
// each form posts to one of these, which calls the office and comes back
// to the page it was sent from, with what was done or why it was refused.

// tournamentPage shows a tournament: its versions with their states,
// decisions and earlier judgements, the acts that apply to each, the
// version in force with its report inline, the lists it counted in and
// its rating effect.
func (s *Server) tournamentPage(w http.ResponseWriter, r *http.Request) {
	id, ok := webkit.PathID(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	tv, err := s.o.TournamentView(r.Context(), visitOf(r).actor(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d := tournamentData{T: tv}
	if d.Replies, err = s.st.TournamentReplies(r.Context(), tv.Key); err != nil {
		s.fail(w, r, err)
		return
	}
	if tv.CurrentFile != 0 {
		in, ok, err := s.fileReportOf(r, tv.CurrentFile)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if ok {
			in.Now = nowOf(tv.State, in)
			d.Report = inlineReport(in, fmt.Sprintf("/files/%d/chart", tv.CurrentFile))
		}
	}
	s.render(w, r, http.StatusOK, "tournament", "tournaments", d)
}

// backTo is the page an act's form came from ("back" field) without its
// query, a path of this application as safeNext keeps it (no "/\t/host"),
// else fallback.
func backTo(r *http.Request, fallback string) string {
	b := r.PostFormValue("back")
	if b == "" || safeNext(b) != b {
		return fallback
	}
	if i := strings.IndexAny(b, "?#"); i >= 0 {
		b = b[:i]
	}
	return b
}

// refuse sends a refused act back to its page with the reason (an
// office error the actor can act on: invalid, refused, conflict), so that
// the reason shows where the act was asked; other failures are fail's.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, err error, back string) {
	var oe *office.Error
	if errors.As(err, &oe) && (oe.Kind == office.Invalid || oe.Kind == office.Refused || oe.Kind == office.Conflict) {
		msg := oe.Msg
		if s.langOf(r) == "it" && oe.MsgIT != "" {
			msg = oe.MsgIT
		}
		if oe.Article != "" {
			msg += " (" + oe.Article + ")"
		}
		sep := "?"
		if strings.Contains(back, "?") {
			sep = "&"
		}
		http.Redirect(w, r, back+sep+"refused="+url.QueryEscape(msg), http.StatusSeeOther)
		return
	}
	s.failBack(w, r, err, back)
}

// fileAct runs an act on the file {id} and comes back to the form's page.
func (s *Server) fileAct(act func(r *http.Request, a office.Actor, file int64) error, done string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, ok := webkit.PathID(r)
		if !ok {
			s.notFound(w, r)
			return
		}
		back := backTo(r, "/tournaments")
		if err := act(r, visitOf(r).actor(), id); err != nil {
			s.refuse(w, r, err, back)
			return
		}
		http.Redirect(w, r, back+"?done="+done, http.StatusSeeOther)
	}
}

func (s *Server) rejudge(r *http.Request, a office.Actor, file int64) error {
	_, err := s.o.RejudgeFile(r.Context(), a, file, r.PostFormValue("reason"))
	return err
}

func (s *Server) overrule(r *http.Request, a office.Actor, file int64) error {
	var rules []string
	for _, x := range r.PostForm["rule"] {
		if x = strings.TrimSpace(x); x != "" {
			rules = append(rules, x)
		}
	}
	_, err := s.o.Overrule(r.Context(), a, file, state.Decision(r.PostFormValue("decision")), rules, r.PostFormValue("reason"))
	return err
}

// authorisation is the office's word on a file held for its
// authorisation: word=confirm with the event's code, or word=refuse
// with a written reason.
func (s *Server) authorisation(r *http.Request, a office.Actor, file int64) error {
	var err error
	if r.PostFormValue("word") == "refuse" {
		_, err = s.o.DeclareUnauthorised(r.Context(), a, file, r.PostFormValue("reason"))
	} else {
		code := r.PostFormValue("event")
		if c := strings.TrimSpace(r.PostFormValue("other")); c != "" {
			code = c
		}
		_, err = s.o.ConfirmAuthorisation(r.Context(), a, file, code, r.PostFormValue("reason"))
	}
	return err
}

func (s *Server) linkFile(r *http.Request, a office.Actor, file int64) error {
	to, err := strconv.ParseInt(strings.TrimSpace(r.PostFormValue("tournament")), 10, 64)
	if err != nil || to <= 0 {
		return office.Refusal(office.Invalid, "web.refused.tournament-number")
	}
	return s.o.Link(r.Context(), a, file, to)
}

func (s *Server) unlinkFile(r *http.Request, a office.Actor, file int64) error {
	_, err := s.o.Unlink(r.Context(), a, file)
	return err
}

// tournamentData is the tournament page's.
type tournamentData struct {
	T      *office.TournamentView
	Report template.HTML // the version in force's report, inline
	// Replies are the written replies in the threads of its versions.
	Replies []office.ThreadItem
}

// fileActsData is what the "fileacts" part shows for one file.
type fileActsData struct {
	File    int64
	Acts    map[string]bool
	Errors  []office.ErrorRule
	Back    string
	Unclear *office.Tournament // the tournament an unclear file may be a version of
	// Candidates are the calendar events a file held for its
	// authorisation may be (issue 30).
	Candidates []validate.Candidate
}

// decisionData is what the "decision" part shows.
type decisionData struct {
	File int64
	D    *office.VerdictDecision
}

func init() {
	funcs["actsOf"] = func(t *office.TournamentView, v office.VersionView, back string) fileActsData {
		return fileActsData{File: v.FileID, Acts: v.Acts, Errors: v.Errors, Back: back, Unclear: t.Unclear, Candidates: v.Candidates}
	}
	funcs["maxRemoved"] = office.MaxRemovedPercent
	funcs["decisionOf"] = func(file int64, d *office.VerdictDecision) decisionData { return decisionData{File: file, D: d} }
}

// fileExtras adds a judged file's acts and inline report to its
// submission's page.
func (s *Server) fileExtras(r *http.Request, d *submissionData, f office.FileVerdict) error {
	acts, errs, err := s.o.FileActs(r.Context(), visitOf(r).actor(), f.FileID)
	if err != nil && office.KindOf(err) != office.NotFound {
		return err
	}
	fa := fileActsData{File: f.FileID, Acts: acts, Errors: errs, Back: fmt.Sprintf("/submissions/%d", d.Sub.ID)}
	if t := d.Tournaments[f.FileID]; t != nil && t.UnclearWith != "" {
		if u, err := s.st.TournamentByKey(r.Context(), t.UnclearWith); err == nil {
			fa.Unclear = u
		}
	}
	if acts[string(state.ActAuthorise)] {
		if fa.Candidates, err = s.o.FileCandidates(r.Context(), f.FileID); err != nil {
			return err
		}
	}
	d.Acts[f.FileID] = fa
	if f.Verdict != "" && f.ReadError == "" {
		in, ok, err := s.fileReportOf(r, f.FileID)
		if err != nil {
			return err
		}
		if ok {
			in.Now = nowOf(f.State, in)
			d.Reports[f.FileID] = inlineReport(in, fmt.Sprintf("/files/%d/chart", f.FileID))
		}
	}
	return nil
}
