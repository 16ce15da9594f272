package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestQuarantinedReleasedAndDiscarded(t *testing.T) {
	s, path := open(t)
	ctx := context.Background()
	quarantine := func(raw string) int64 {
		t.Helper()
		id, _, err := s.Record(ctx, sub(raw, "<"+raw+"@x>"), t0)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Judge(ctx, Judgement{SubmissionID: id, State: StateQuarantined, Note: "mittente sconosciuto"}, t0); err != nil {
			t.Fatal(err)
		}
		return id
	}
	rel, drop, judged := quarantine("a"), quarantine("b"), quarantine("c")
	// c is judged the ordinary way: released, then judged.
	if err := s.Release(ctx, judged, "ufficio", t0); err != nil {
		t.Fatal(err)
	}
	if err := s.Judge(ctx, Judgement{SubmissionID: judged, State: StateJudged}, t0); err != nil {
		t.Fatal(err)
	}

	q, err := s.StatusesIn(ctx, StateQuarantined, 0)
	if err != nil || len(q) != 2 || q[0].ID != drop || q[1].ID != rel || q[0].Office != nil {
		t.Fatalf("quarantined: %v %+v", err, q)
	}

	at := t0.Add(time.Hour)
	if err := s.Release(ctx, rel, "mrossi", at); err != nil {
		t.Fatal(err)
	}
	got, err := s.Load(ctx, rel)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != StateReceived || got.Office == nil || got.Office.Action != OfficeReleased || got.Office.By != "mrossi" ||
		!got.Office.At.Equal(at) || !strings.Contains(got.Note, "mittente sconosciuto") || !strings.Contains(got.Note, "rilasciata") {
		t.Fatalf("released: %+v office %+v", got, got.Office)
	}
	if ids, _ := s.Received(ctx); len(ids) != 1 || ids[0] != rel {
		t.Errorf("the released submission is not waiting to be judged: %v", ids)
	}

	if err := s.Discard(ctx, drop, "mrossi", at); err != nil {
		t.Fatal(err)
	}
	got, _ = s.Load(ctx, drop)
	if got.State != StateDiscarded || got.Office == nil || got.Office.Action != OfficeDiscarded || len(got.Files) != 2 {
		t.Fatalf("discarded: %+v", got)
	}

	// Only a quarantined submission can be released or discarded; the
	// error names the state it is in.
	for _, c := range []struct {
		id    int64
		state string
	}{{rel, StateReceived}, {drop, StateDiscarded}, {judged, StateJudged}} {
		for _, f := range []func(context.Context, int64, string, time.Time) error{s.Release, s.Discard} {
			err := f(ctx, c.id, "x", at)
			var se *StateError
			if !errors.As(err, &se) || se.State != c.state || !strings.Contains(err.Error(), c.state) {
				t.Errorf("submission %d (%s): %v", c.id, c.state, err)
			}
		}
	}
	if err := s.Release(ctx, 99, "x", at); !errors.Is(err, ErrNoSubmission) {
		t.Errorf("unknown submission: %v", err)
	}

	// The decision survives a reopen and shows in the status.
	s.Close()
	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	all, err := s2.Statuses(ctx, 0)
	if err != nil || len(all) != 3 {
		t.Fatal(err, all)
	}
	for _, st := range all {
		if st.Office == nil || st.Office.By == "" {
			t.Errorf("submission %d: no office decision in status", st.ID)
		}
	}
}
