package portal

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"omologa/internal/office"
	"omologa/internal/webkit"
)

type homeData struct {
	Tournaments []office.PortalTournament
	Submissions []office.Status
}

type checkData struct {
	Tournament *office.PortalTournament // the tournament a correction is for, nil for none
	Check      *office.Check
	File       string
	Stage      string // the staged file's id, for the submit form
	Fields     []fieldRow
	Error      string
	MaxBytes   int64
}

type fieldRow struct {
	Name, Label, Value string
}

func (s *Server) tournamentParam(r *http.Request, v string) *office.PortalTournament {
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return nil
	}
	t, err := s.p.Tournament(r.Context(), personOf(r), id)
	if err != nil {
		return nil
	}
	return t
}

func (s *Server) checkPage(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusOK, "check", checkData{Tournament: s.tournamentParam(r, r.URL.Query().Get("torneo")),
		MaxBytes: s.p.Options().MaxBytes})
}

// check takes an upload and shows the verdict the office would give now,
// storing nothing; the file stays in memory for the submit form.
func (s *Server) check(w http.ResponseWriter, r *http.Request) {
	per := personOf(r)
	at := s.now()
	max := s.p.Options().MaxBytes
	d := checkData{MaxBytes: max}
	// Counted and given its judging slot before the body is read: the
	// uploads waiting hold no file in memory (office.Portal.Admit).
	ctx, release, ok := s.admit(w, r, per, "check", &d)
	if !ok {
		return
	}
	defer release()
	r = r.WithContext(ctx)
	r.Body = http.MaxBytesReader(w, r.Body, max+1<<20)
	u, err := readUpload(r, max)
	if err != nil {
		d.Error = it.T("portal.check.choose", sizeIT(max))
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			d.Error = it.T("portal.check.too-large", sizeIT(max))
		}
		s.render(w, r, http.StatusBadRequest, "check", d)
		return
	}
	d.Tournament = s.tournamentParam(r, u.tournament)
	data := u.data
	c, err := s.p.PreCheck(r.Context(), per, u.name, data, at, nil)
	if err != nil {
		var oe *office.Error
		if errors.As(err, &oe) {
			d.Error = oe.MsgIT
			s.render(w, r, http.StatusUnprocessableEntity, "check", d)
			return
		}
		s.fail(w, r, err)
		return
	}
	st := &staged{id: webkit.Token(), name: u.name, data: data, at: at}
	s.stage(per.Email, st)
	d.Check, d.File, d.Stage = c, u.name, st.id
	for _, fn := range office.FieldNames {
		d.Fields = append(d.Fields, fieldRow{Name: fn.Name, Label: fn.Label(), Value: c.Fields[fn.Name]})
	}
	s.render(w, r, http.StatusOK, "check", d)
}

// stage holds st as the file email last checked, and lets go of the
// files of anyone whose hour is over: a file checked and never submitted
// is not kept until its person checks another.
func (s *Server) stage(email string, st *staged) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, v := range s.staged {
		if st.at.Sub(v.at) > stageFor {
			delete(s.staged, k)
		}
	}
	s.staged[email] = st
}

// submit sends the file last checked, with the fields confirmed.
func (s *Server) submit(w http.ResponseWriter, r *http.Request) {
	per := personOf(r)
	s.mu.Lock()
	st := s.staged[per.Email]
	if st != nil && (st.id != r.PostFormValue("stage") || s.now().Sub(st.at) > stageFor) {
		st = nil
	}
	s.mu.Unlock()
	if st == nil {
		s.render(w, r, http.StatusConflict, "error", errorData{
			Msg: it.T("portal.check.gone"), Back: "/portale/verifica"})
		return
	}
	fields := map[string]string{}
	for _, fn := range office.FieldNames {
		fields[fn.Name] = r.PostFormValue(fn.Name)
	}
	ctx, release, ok := s.admit(w, r, per, "", nil)
	if !ok {
		return
	}
	defer release()
	id, _, err := s.p.Submit(ctx, per, st.name, st.data, st.at, fields, s.from(r))
	if err != nil {
		s.failBack(w, r, err, "/portale/verifica")
		return
	}
	s.mu.Lock()
	if s.staged[per.Email] == st {
		delete(s.staged, per.Email)
	}
	s.mu.Unlock()
	http.Redirect(w, r, "/portale/invii/"+strconv.FormatInt(id, 10)+"?inviato=1", http.StatusSeeOther)
}

type submissionData struct {
	Sub  *office.PortalSubmission
	Sent bool
}

func (s *Server) submission(w http.ResponseWriter, r *http.Request) {
	if sub, ok := mine(s, w, r, it.T("office.portal.no-submission"), s.p.Submission); ok {
		s.render(w, r, http.StatusOK, "submission", submissionData{Sub: sub, Sent: r.URL.Query().Get("inviato") == "1"})
	}
}

func (s *Server) tournament(w http.ResponseWriter, r *http.Request) {
	if t, ok := mine(s, w, r, it.T("office.portal.no-tournament"), s.p.Tournament); ok {
		s.render(w, r, http.StatusOK, "tournament", checkData{Tournament: t, MaxBytes: s.p.Options().MaxBytes})
	}
}

// mine is one of the signed-in person's submissions or tournaments, by
// the id in the path, from get; ok is false when the answer has been
// written: missing (404) for a path without an id, else the office's
// refusal (one not the person's is not found).
func mine[T any](s *Server, w http.ResponseWriter, r *http.Request, missing string,
	get func(context.Context, *office.Person, int64) (T, error)) (x T, ok bool) {
	id, ok := webkit.PathID(r)
	if !ok {
		s.render(w, r, http.StatusNotFound, "error", errorData{Msg: missing})
		return x, false
	}
	x, err := get(r.Context(), personOf(r), id)
	if err != nil {
		s.fail(w, r, err)
		return x, false
	}
	return x, true
}

// admit starts an upload of per's (office.Portal.Admit): ok is false
// when it was refused and the answer written, on the page tmpl with d
// ("": the error page). Every judging slot taken is 503 with
// Retry-After.
func (s *Server) admit(w http.ResponseWriter, r *http.Request, per *office.Person, tmpl string, d *checkData) (context.Context, func(), bool) {
	ctx, release, err := s.p.Admit(r.Context(), per)
	if err == nil {
		return ctx, release, true
	}
	if office.IsBusy(err) {
		w.Header().Set("Retry-After", strconv.Itoa(int(office.RetryAfter/time.Second)))
		if tmpl == "" {
			s.render(w, r, http.StatusServiceUnavailable, "error", errorData{Msg: it.T("portal.check.busy"), Back: "/portale/verifica"})
		} else {
			d.Error = it.T("portal.check.busy")
			s.render(w, r, http.StatusServiceUnavailable, tmpl, *d)
		}
		return nil, nil, false
	}
	var oe *office.Error
	if tmpl != "" && errors.As(err, &oe) {
		d.Error = oe.MsgIT
		s.render(w, r, http.StatusUnprocessableEntity, tmpl, *d)
		return nil, nil, false
	}
	s.failBack(w, r, err, "/portale/verifica")
	return nil, nil, false
}
