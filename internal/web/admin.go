package web

import (
	"io"
	"net/http"
	"path/filepath"
	"sync"
	"time"

	"omologa/internal/office"
	"omologa/internal/webkit"
)

// staged is a register read and previewed, waiting for the officer's
// confirmation; it is kept in memory for stageFor, for its user only.
type staged struct {
	user, kind, name string
	data             []byte
	at               time.Time
}

// The previews waiting are bounded: one a user (a new preview replaces
// his previous one), stageMax in all and stageBytes of files in all;
// each is released when confirmed, replaced, at logout, or after
// stageFor.
const (
	stageFor   = 10 * time.Minute
	stageMax   = 8
	stageBytes = 3 * maxUpload
)

type stage struct {
	mu sync.Mutex
	m  map[string]staged // by token
}

// errStageFull: the previews waiting hold as much as allowed.
// A function: the catalogue is read on first use, not at start-up.
func errStageFull() error { return office.Refusal(office.Conflict, "web.refused.stage-full") }

func (st *stage) put(s staged, now time.Time) (string, error) {
	tok := webkit.Token()
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.m == nil {
		st.m = map[string]staged{}
	}
	total := 0
	for k, v := range st.m {
		if now.Sub(v.at) > stageFor || v.user == s.user {
			delete(st.m, k)
			continue
		}
		total += len(v.data)
	}
	if len(st.m) >= stageMax || total+len(s.data) > stageBytes {
		return "", errStageFull()
	}
	st.m[tok] = s
	return tok, nil
}

func (st *stage) take(tok, user string, now time.Time) (staged, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	s, ok := st.m[tok]
	if !ok || s.user != user || now.Sub(s.at) > stageFor {
		return staged{}, false
	}
	delete(st.m, tok)
	return s, true
}

// drop releases a user's preview (at logout).
func (st *stage) drop(user string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	for k, v := range st.m {
		if v.user == user {
			delete(st.m, k)
		}
	}
}

// held is the number of previews waiting and their bytes, for tests.
func (st *stage) held() (n, bytes int) {
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, v := range st.m {
		n++
		bytes += len(v.data)
	}
	return n, bytes
}

type registersData struct {
	Registers []office.RegisterInfo
	History   []office.RegisterVersion
	Diff      *office.ImportDiff
	Token     string
}

func (s *Server) registersData(r *http.Request) (registersData, error) {
	var d registersData
	var err error
	if d.Registers, err = s.st.RegisterInfos(r.Context()); err != nil {
		return d, err
	}
	d.History, err = s.o.ImportHistory(r.Context(), "")
	return d, err
}

func (s *Server) registers(w http.ResponseWriter, r *http.Request) {
	d, err := s.registersData(r)
	s.show(w, r, "registers", "registers", d, err)
}

// uploaded reads the form's one uploaded file ("file"), bounded by
// maxUpload (guard bounds the whole body): its name without folders and
// its bytes; a refusal is shown and ok is false when there is none.
func (s *Server) uploaded(w http.ResponseWriter, r *http.Request) (name string, data []byte, ok bool) {
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		e := office.Refusal(office.Invalid, "web.refused.form")
		e.Err = err
		s.fail(w, r, e)
		return "", nil, false
	}
	f, h, err := r.FormFile("file")
	if err != nil {
		s.fail(w, r, office.Refusal(office.Invalid, "web.refused.no-file"))
		return "", nil, false
	}
	defer f.Close()
	if h.Size > maxUpload {
		s.fail(w, r, office.Refusal(office.Invalid, "web.refused.too-large"))
		return "", nil, false
	}
	if data, err = io.ReadAll(io.LimitReader(f, maxUpload)); err != nil {
		e := office.Refusal(office.Invalid, "web.refused.unreadable")
		e.Err = err
		s.fail(w, r, e)
		return "", nil, false
	}
	return filepath.Base(h.Filename), data, true
}

// importPreview reads an uploaded register and shows what importing it
// would change, with a button to confirm.
func (s *Server) importPreview(w http.ResponseWriter, r *http.Request) {
	name, data, ok := s.uploaded(w, r)
	if !ok {
		return
	}
	kind := r.FormValue("kind")
	v := visitOf(r)
	diff, err := s.o.ImportPreview(r.Context(), v.actor(), kind, name, data)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d, err := s.registersData(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d.Diff = diff
	if d.Token, err = s.staged.put(staged{user: v.sess.User.Name, kind: kind, name: name, data: data, at: s.now()}, s.now()); err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "registers", "registers", d)
}

func (s *Server) importRegister(w http.ResponseWriter, r *http.Request) {
	v := visitOf(r)
	st, ok := s.staged.take(r.PostFormValue("token"), v.sess.User.Name, s.now())
	if !ok {
		s.fail(w, r, office.Refusal(office.Invalid, "web.refused.preview-expired"))
		return
	}
	replace := r.PostFormValue("replace") != ""
	if replace && r.PostFormValue("confirm") == "" {
		s.refuse(w, r, office.Refusal(office.Invalid, "web.refused.confirm-replace"), "/registers")
		return
	}
	if _, err := s.o.Import(r.Context(), v.actor(), office.ImportRequest{Kind: st.kind, Name: st.name, Data: st.data, Replace: replace}); err != nil {
		s.refuse(w, r, err, "/registers")
		return
	}
	http.Redirect(w, r, "/registers?done=imported", http.StatusSeeOther)
}

// usersData is the admin's page: the users, and the scheduled backups.
type usersData struct {
	Users  []office.User
	Backup backupView
}

func (s *Server) users(w http.ResponseWriter, r *http.Request) {
	d := usersData{}
	var err error
	if d.Users, err = s.o.Users(r.Context(), visitOf(r).actor()); err == nil {
		d.Backup, err = s.backupView(r.Context())
	}
	s.show(w, r, "users", "users", d, err)
}

func (s *Server) addUser(w http.ResponseWriter, r *http.Request) {
	err := s.o.AddUser(r.Context(), visitOf(r).actor(), r.PostFormValue("name"), office.Role(r.PostFormValue("role")),
		r.PostFormValue("password"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/users?done=userAdded", http.StatusSeeOther)
}

func (s *Server) disableUser(w http.ResponseWriter, r *http.Request) {
	err := s.o.DisableUser(r.Context(), visitOf(r).actor(), r.PathValue("name"), r.PostFormValue("enable") != "1")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/users?done=userChanged", http.StatusSeeOther)
}

// undoImport undoes the latest import of a register.
func (s *Server) undoImport(w http.ResponseWriter, r *http.Request) {
	if _, err := s.o.UndoImport(r.Context(), visitOf(r).actor(), r.PathValue("kind")); err != nil {
		s.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/registers?done=undone", http.StatusSeeOther)
}

// setPassword sets a user's password (the admin's reset); the user's
// sessions end.
func (s *Server) setPassword(w http.ResponseWriter, r *http.Request) {
	if err := s.o.SetPassword(r.Context(), visitOf(r).actor(), r.PathValue("name"), r.PostFormValue("password")); err != nil {
		s.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/users?done=userChanged", http.StatusSeeOther)
}

// account is the user's own page: his name and role, and the form to
// change his own password (every role may).
func (s *Server) account(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusOK, "account", "account", nil)
}

// changeOwnPassword changes the user's own password after checking the
// current one; his sessions end, so a new one is opened at once.
func (s *Server) changeOwnPassword(w http.ResponseWriter, r *http.Request) {
	v := visitOf(r)
	current, pw := r.PostFormValue("current"), r.PostFormValue("password")
	if pw != r.PostFormValue("again") {
		s.failBack(w, r, office.Refusal(office.Invalid, "web.refused.passwords-differ"), "/account")
		return
	}
	if err := s.o.ChangeOwnPassword(r.Context(), v.actor(), current, pw); err != nil {
		s.failBack(w, r, err, "/account")
		return
	}
	token, _, err := s.acc.LoginFrom(r.Context(), v.sess.User.Name, pw, v.sess.Lang, s.clientAddr(r))
	if err != nil {
		http.Redirect(w, r, "/login", http.StatusSeeOther)
		return
	}
	s.setSession(w, token)
	http.Redirect(w, r, "/account?done=ownPassword", http.StatusSeeOther)
}
