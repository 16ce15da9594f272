package main

import (
	"errors"
	"fmt"
	"testing"

	"omologa/internal/office"
	"omologa/internal/store"
)

// TestExitFor: the exit code follows the failure's kind, whether the
// office or the store named it (issue 19: one vocabulary of failures).
func TestExitFor(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want int
	}{
		{"store: no such submission", fmt.Errorf("load: %w", store.ErrNoSubmission), exitUsage},
		{"office: not found", &office.Error{Kind: office.NotFound, Msg: "no submission 9"}, exitUsage},
		{"office: invalid", &office.Error{Kind: office.Invalid, Msg: "bad"}, exitUsage},
		{"office: refused", &office.Error{Kind: office.Refused, Msg: "no"}, exitUsage},
		{"office: already done", &office.Error{Kind: office.Conflict, Msg: "closed"}, exitRejected},
		{"store: notice already sent", &store.NoticeError{SubmissionID: 1, Status: "sent"}, exitRejected},
		{"no kind", errors.New("disk full"), exitUsage},
	} {
		if got := exitFor(c.err); got != c.want {
			t.Errorf("%s: exit %d, want %d", c.name, got, c.want)
		}
	}
}
