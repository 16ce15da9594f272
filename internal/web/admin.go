package web

import (
	"crypto/rand"
	"encoding/base64"
	"io"
	"net/http"
	"path/filepath"
	"sync"
	"time"

	"omologa/internal/office"
)

// maxUpload bounds a register's upload.
const maxUpload = 32 << 20

// staged is a register read and previewed, waiting for the officer's
// confirmation; it is kept in memory for stageFor, for its user only.
type staged struct {
	user, kind, name string
	data             []byte
	at               time.Time
}

const stageFor = 30 * time.Minute

type stage struct {
	mu sync.Mutex
	m  map[string]staged
}

func (st *stage) put(s staged) string {
	var b [18]byte
	rand.Read(b[:])
	tok := base64.RawURLEncoding.EncodeToString(b[:])
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.m == nil {
		st.m = map[string]staged{}
	}
	for k, v := range st.m {
		if time.Since(v.at) > stageFor {
			delete(st.m, k)
		}
	}
	st.m[tok] = s
	return tok
}

func (st *stage) take(tok, user string) (staged, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	s, ok := st.m[tok]
	if !ok || s.user != user || time.Since(s.at) > stageFor {
		return staged{}, false
	}
	delete(st.m, tok)
	return s, true
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
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "registers", "registers", d)
}

// importPreview reads an uploaded register and shows what importing it
// would change, with a button to confirm.
func (s *Server) importPreview(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload)
	kind := r.FormValue("kind")
	f, h, err := r.FormFile("file")
	if err != nil {
		s.fail(w, r, &office.Error{Kind: office.Invalid, Msg: "choose a CSV file", MsgIT: "scegliere un file CSV"})
		return
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		s.fail(w, r, &office.Error{Kind: office.Invalid, Msg: "the file could not be read", MsgIT: "file illeggibile", Err: err})
		return
	}
	name := filepath.Base(h.Filename)
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
	d.Token = s.staged.put(staged{user: v.sess.User.Name, kind: kind, name: name, data: data, at: time.Now()})
	s.render(w, r, http.StatusOK, "registers", "registers", d)
}

func (s *Server) importRegister(w http.ResponseWriter, r *http.Request) {
	v := visitOf(r)
	st, ok := s.staged.take(r.PostFormValue("token"), v.sess.User.Name)
	if !ok {
		s.fail(w, r, &office.Error{Kind: office.Invalid, Msg: "the preview has expired: upload the file again",
			MsgIT: "l'anteprima è scaduta: caricare di nuovo il file"})
		return
	}
	replace := r.PostFormValue("replace") != ""
	if replace && r.PostFormValue("confirm") == "" {
		s.refuse(w, r, &office.Error{Kind: office.Invalid, Msg: "replacing the register needs the confirmation box ticked",
			MsgIT: "per sostituire il registro occorre spuntare la conferma"}, "/registers")
		return
	}
	if _, err := s.o.Import(r.Context(), v.actor(), office.ImportRequest{Kind: st.kind, Name: st.name, Data: st.data, Replace: replace}); err != nil {
		s.refuse(w, r, err, "/registers")
		return
	}
	http.Redirect(w, r, "/registers?done=imported", http.StatusSeeOther)
}

func (s *Server) users(w http.ResponseWriter, r *http.Request) {
	us, err := s.o.Users(r.Context(), visitOf(r).actor())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "users", "users", us)
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
