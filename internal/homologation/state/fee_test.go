package state

import "testing"

func TestFeeOf(t *testing.T) {
	for _, c := range []struct {
		name    string
		f       FeeFacts
		want    FeeCode
		owed    int64
		balance int64
		holds   bool
	}{
		{"RTF 6.2.2: due, held after payment", FeeFacts{DueCents: 4500, Homologated: true, AfterPayment: true}, FeeDue, 4500, 0, true},
		{"RTF 6.2.2: partly paid", FeeFacts{DueCents: 4500, PaidCents: 2000, Homologated: true}, FeeDue, 2500, 0, false},
		{"RTF 6.2.2: paid", FeeFacts{DueCents: 4500, PaidCents: 4500, Homologated: true, AfterPayment: true}, FeePaid, 0, 0, false},
		{"RTF 6.2.2: overpaid, a balance", FeeFacts{DueCents: 4500, PaidCents: 5000, Homologated: true}, FeePaid, 0, 500, false},
		{"office: waived with a reason", FeeFacts{DueCents: 4500, Waived: true, Homologated: true, AfterPayment: true}, FeeWaived, 0, 0, false},
		{"RAPID 5.4: not homologated, the fee paid is kept", FeeFacts{DueCents: 4500, PaidCents: 4500}, FeeKept, 0, 0, false},
		{"RAPID 5.4: not homologated, nothing paid, nothing due", FeeFacts{DueCents: 4500}, FeeNone, 0, 0, false},
		{"RAPID 5.2: l'eventuale quota, zero", FeeFacts{Homologated: true}, FeeNone, 0, 0, false},
		{"office: refunded", FeeFacts{DueCents: 4500, PaidCents: 4500, Refunded: true}, FeeRefunded, 0, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := FeeOf(c.f)
			if v.State != c.want || v.OwedCents != c.owed || v.BalanceCents != c.balance || v.Holds != c.holds {
				t.Errorf("FeeOf = %+v", v)
			}
			if v.Label == "" || v.Label == "fee.state."+string(v.State) {
				t.Errorf("no label for %s", v.State)
			}
		})
	}
	if v := FeeOf(FeeFacts{DueCents: 100, Homologated: true, Overdue: true}); !v.Overdue || v.Colour != Bad || v.Label != "scaduta" {
		t.Errorf("overdue: %+v", v)
	}
}

func TestAwaitingFee(t *testing.T) {
	f := Facts{Submission: "judged", Verdict: string(Accepted), FeeHeld: true, Period: "2026-12", Kind: "rapid"}
	v := Of(f)
	if v.State != AwaitingFee || v.Counts || v.Colour != Held {
		t.Errorf("%+v", v)
	}
	f.Verdict = string(Rejected)
	if Of(f).State != Rejected {
		t.Error("a rejected file is rejected, whatever its fee")
	}
}
