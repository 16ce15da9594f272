package store

import (
	"context"
	"testing"
	"time"
)

func TestOfficeDecisions(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	id, _, err := s.Record(ctx, sub("raw", "<d@x>"), t0)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	a, b := got.Files[0].ID, got.Files[1].ID

	// RTF 7.5.2: the office first reads 4's last-round forfeit as
	// unjustified, then as justified: the later decision stands.
	if err := s.Decide(ctx, a, []Decision{{Start: 4, Kind: DecisionWithdrawal, Value: WithdrawalUnjustified},
		{Start: 7, Kind: DecisionTheoretical, Value: "1850"}}, nil, "mrossi", t0); err != nil {
		t.Fatal(err)
	}
	later := t0.Add(time.Hour)
	if err := s.Decide(ctx, a, []Decision{{Start: 4, Kind: DecisionWithdrawal, Value: WithdrawalJustified}}, nil, "lbianchi", later); err != nil {
		t.Fatal(err)
	}
	ds, err := s.Decisions(ctx, a)
	if err != nil || len(ds) != 2 {
		t.Fatalf("decisions: %v %+v", err, ds)
	}
	if d := ds[0]; d.Start != 4 || d.Value != WithdrawalJustified || d.By != "lbianchi" || !d.At.Equal(later) || d.FileID != a {
		t.Errorf("replaced decision: %+v", d)
	}
	if d := ds[1]; d.Start != 7 || d.Rating() != 1850 || d.By != "mrossi" || !d.At.Equal(t0) {
		t.Errorf("theoretical rating (RTF 4.2.7): %+v", d)
	}
	if ds, _ := s.Decisions(ctx, b); len(ds) != 0 {
		t.Errorf("the other file has decisions: %+v", ds)
	}

	// Clearing a player removes all his decisions, before the new ones.
	if err := s.Decide(ctx, a, []Decision{{Start: 9, Kind: DecisionWithdrawal, Value: WithdrawalUnjustified}}, []int{4, 7}, "mrossi", later); err != nil {
		t.Fatal(err)
	}
	if ds, _ := s.Decisions(ctx, a); len(ds) != 1 || ds[0].Start != 9 {
		t.Errorf("after clear: %+v", ds)
	}

	// Refused: an unknown file or kind; nothing is half recorded.
	if err := s.Decide(ctx, 999, []Decision{{Start: 1, Kind: DecisionWithdrawal, Value: WithdrawalJustified}}, nil, "x", t0); err == nil {
		t.Error("unknown file accepted")
	}
	if err := s.Decide(ctx, a, []Decision{{Start: 1, Kind: DecisionWithdrawal, Value: WithdrawalJustified},
		{Start: 2, Kind: "prize", Value: "x"}}, nil, "x", t0); err == nil {
		t.Error("unknown kind accepted")
	}
	if ds, _ := s.Decisions(ctx, a); len(ds) != 1 {
		t.Errorf("a refused call recorded something: %+v", ds)
	}
}
