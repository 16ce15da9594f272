package web

import (
	"fmt"
	"net/http"
	"strconv"

	"omologa/internal/webkit"
)

// The thread of a submission (issue 34): the office answers a written
// reply, or marks it read, and sends a notice a delivery report said
// was not delivered to a corrected address.

// answer sends the office's written answer to a reply, in its thread.
func (s *Server) answer(w http.ResponseWriter, r *http.Request) {
	id, ok := webkit.PathID(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	back := fmt.Sprintf("/submissions/%d", id)
	// The decision that may go with the answer: the thread's tournament
	// judged again (an officer's act, refused to a clerk before
	// anything is sent).
	if r.PostFormValue("rejudge") != "" {
		if _, err := s.o.AnswerAndRejudge(r.Context(), visitOf(r).actor(), id, r.PostFormValue("text")); err != nil {
			s.refuse(w, r, err, back)
			return
		}
		http.Redirect(w, r, back+"?done=answeredRejudged#thread", http.StatusSeeOther)
		return
	}
	if err := s.o.Answer(r.Context(), visitOf(r).actor(), id, r.PostFormValue("text")); err != nil {
		s.refuse(w, r, err, back)
		return
	}
	http.Redirect(w, r, back+"?done=answered#thread", http.StatusSeeOther)
}

// markRead records a written reply read without an answer.
func (s *Server) markRead(w http.ResponseWriter, r *http.Request) {
	id, ok := webkit.PathID(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	back := backTo(r, fmt.Sprintf("/submissions/%d", id))
	if err := s.o.MarkRead(r.Context(), visitOf(r).actor(), id); err != nil {
		s.refuse(w, r, err, back)
		return
	}
	http.Redirect(w, r, back+"?done=read#thread", http.StatusSeeOther)
}

// readdress sends a notice not delivered again, to the address the
// office corrected (or the same, when the field is left as it was).
func (s *Server) readdress(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		s.notFound(w, r)
		return
	}
	back := backTo(r, "/")
	if err := s.o.Readdress(r.Context(), visitOf(r).actor(), id, r.PostFormValue("to")); err != nil {
		s.refuse(w, r, err, back)
		return
	}
	http.Redirect(w, r, back+"?done=resent#failing", http.StatusSeeOther)
}
