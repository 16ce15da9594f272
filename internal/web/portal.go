package web

import "net/http"

// The office's control over the arbiters' portal (issue 24): the
// accounts that signed in, and disabling (or enabling again) the
// portal for an address, an act of the users' manager.

func (s *Server) portalAccounts(w http.ResponseWriter, r *http.Request) {
	accs, err := s.o.PortalAccounts(r.Context(), visitOf(r).actor())
	s.show(w, r, "portal_accounts", "users", accs, err)
}

func (s *Server) setPortalAccount(w http.ResponseWriter, r *http.Request) {
	err := s.o.SetPortalDisabled(r.Context(), visitOf(r).actor(), r.PostFormValue("email"), r.PostFormValue("enable") != "1")
	if err != nil {
		s.failBack(w, r, err, "/users/portal")
		return
	}
	http.Redirect(w, r, "/users/portal?done=userChanged", http.StatusSeeOther)
}
