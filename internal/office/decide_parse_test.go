package office

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"omologa/internal/rating"
	"omologa/internal/store"
)

func TestDecideOps(t *testing.T) {
	for _, c := range []struct {
		v       string
		op      func(string) (DecideOp, error)
		want    store.Decision
		clear   bool
		wantErr string
	}{
		{"4", ClearOp, store.Decision{Start: 4}, true, ""},
		{" 4 ", func(v string) (DecideOp, error) { return WithdrawalOp(v, store.WithdrawalJustified) },
			store.Decision{Start: 4, Kind: store.DecisionWithdrawal, Value: store.WithdrawalJustified}, false, ""},
		{"x", ClearOp, store.Decision{}, false, `"x" is not a starting number`},
		{"0", ClearOp, store.Decision{}, false, "not a starting number"},
		{"3=1800", TheoreticalOp, store.Decision{Start: 3, Kind: store.DecisionTheoretical, Value: "1800"}, false, ""},
		{"3 = 01800", TheoreticalOp, store.Decision{Start: 3, Kind: store.DecisionTheoretical, Value: "1800"}, false, ""},
		{"4", TheoreticalOp, store.Decision{}, false, "START=RATING expected"},
		{"4=abc", TheoreticalOp, store.Decision{}, false, "whole number from 1 to 3500"},
		{"4=3501", TheoreticalOp, store.Decision{}, false, "whole number from 1 to 3500"},
		{"0=1800", TheoreticalOp, store.Decision{}, false, "not a starting number"},
	} {
		op, err := c.op(c.v)
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%q: %v, want an error with %q", c.v, err, c.wantErr)
			}
			continue
		}
		if err != nil || op.Decision != c.want || op.Clear != c.clear {
			t.Errorf("%q: %+v %v, want %+v clear %v", c.v, op, err, c.want, c.clear)
		}
	}
}

// FuzzDecideOps: a decision read is a valid one: a starting number from
// 1, a theoretical rating from 1 to 3500 written without padding.
func FuzzDecideOps(f *testing.F) {
	for _, s := range []string{"4", " 4 ", "x", "0", "3=1800", "3=99999", "=", "-1=5", "+2=+3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if op, err := ClearOp(v); err == nil && (op.Decision.Start < 1 || !op.Clear) {
			t.Fatalf("clear %q: %+v", v, op)
		}
		if op, err := TheoreticalOp(v); err == nil {
			r, aerr := strconv.Atoi(op.Decision.Value)
			if op.Decision.Start < 1 || aerr != nil || r < 1 || r > 3500 || strconv.Itoa(r) != op.Decision.Value {
				t.Fatalf("theoretical %q: %+v", v, op)
			}
		}
	})
}

// TestRTF_4_2_7_TheoreticalRatingInRange: a theoretical rating the chief
// arbiter gives a foreign player without a rating (RTF 4.2.7, RAPID 6.8)
// is checked by the office itself, whatever door it comes through (the
// web's form sends any whole number): outside 1–3500 it is refused
// before anything is read or stored.
func TestRTF_4_2_7_TheoreticalRatingInRange(t *testing.T) {
	o := &Office{}
	for _, value := range []string{"4000", "3501", "0", "-5", "x"} {
		_, err := o.decide(t.Context(), Actor{}, DecideRequest{Submission: 1,
			Ops: []DecideOp{{Decision: store.Decision{Start: 2, Kind: store.DecisionTheoretical, Value: value}}}})
		var e *Error
		if !errors.As(err, &e) || e.Kind != Invalid || !strings.Contains(e.MsgIT, "punteggio teorico") {
			t.Errorf("%s: %v, want refused as invalid", value, err)
		}
	}
	for _, r := range []int{1, 1800, 3500} {
		if !rating.TheoreticalInRange(r) {
			t.Errorf("%d out of range", r)
		}
	}
}
