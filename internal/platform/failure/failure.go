// Package failure is the one vocabulary of what went wrong with a
// request, shared by the store (its "no such submission"), the office
// (its refusals), the command line (its exit codes) and the web (its
// HTTP statuses): an input that is invalid, something not found, an act
// the actor may not do, an act that does not apply, an act already done.
// Each layer keeps its own words; the kind travels with the error, so
// that the top floors answer the same failure the same way.
package failure

import (
	"errors"
	"fmt"
	"net/http"
)

// Kind is what sort of failure an error is.
type Kind int

// The kinds. Zero is no kind: an I/O or internal failure.
const (
	Invalid   Kind = iota + 1 // bad input: exit 2, HTTP 400
	NotFound                  // no such submission, file, list…: exit 2, HTTP 404
	Forbidden                 // the actor's role may not do the act: exit 2, HTTP 403
	Refused                   // the act does not apply (decide on a rejected tournament): exit 2, HTTP 422
	Conflict                  // the act was already done (a list closed twice): exit 1, HTTP 409
)

// kinds names each kind and says the HTTP status it is answered with.
var kinds = map[Kind]struct {
	name   string
	status int
}{
	Invalid:   {"invalid", http.StatusBadRequest},
	NotFound:  {"not found", http.StatusNotFound},
	Forbidden: {"forbidden", http.StatusForbidden},
	Refused:   {"refused", http.StatusUnprocessableEntity},
	Conflict:  {"conflict", http.StatusConflict},
}

func (k Kind) String() string {
	if x, ok := kinds[k]; ok {
		return x.name
	}
	return fmt.Sprintf("failure.Kind(%d)", int(k))
}

// HTTPStatus is the status a web page answers a failure of kind k
// with; 500 for no kind.
func (k Kind) HTTPStatus() int {
	if x, ok := kinds[k]; ok {
		return x.status
	}
	return http.StatusInternalServerError
}

// Kinded is an error that says its kind. A package's own error types
// implement it, so that Of finds their kind through any wrapping.
type Kinded interface {
	error
	FailureKind() Kind
}

// Of returns the kind of the first error in err's chain that says one
// (Kinded), 0 when none does.
func Of(err error) Kind {
	var k Kinded
	if errors.As(err, &k) {
		return k.FailureKind()
	}
	return 0
}

// Is reports whether err is a failure of kind k.
func Is(err error, k Kind) bool { return k != 0 && Of(err) == k }

// New returns a sentinel error of kind k with the text msg, for a
// package's errors.Is targets (store.ErrNoSubmission).
func New(k Kind, msg string) error { return &sentinel{kind: k, msg: msg} }

type sentinel struct {
	kind Kind
	msg  string
}

func (e *sentinel) Error() string     { return e.msg }
func (e *sentinel) FailureKind() Kind { return e.kind }
