package office

import (
	"context"
	"fmt"
	"testing"
	"time"

	"omologa/internal/homologation/fee"
	"omologa/internal/homologation/state"
	"omologa/internal/testkit/pipelinetest"
	"omologa/internal/tournament"
)

// feeTournament is an accepted standard round robin started nine days ago.
func feeTournament() []byte {
	names := []string{"Alfa, Uno", "Beta, Due", "Gamma, Tre", "Delta, Quattro", "Epsilon, Cinque", "Zeta, Sei", "Eta, Sette", "Theta, Otto"}
	ps := make([]pipelinetest.Player, len(names))
	for i, n := range names {
		ps[i] = pipelinetest.Player{Name: n, ID: fmt.Sprint(1000000 + i + 1), Rating: 2100 - 50*(i+1)}
	}
	return pipelinetest.RoundRobin(pipelinetest.RR{Name: "Open di Prova", City: "Siena",
		Start: time.Now().AddDate(0, 0, -9).Format("2006/01/02"), Players: ps, Extra: []string{"102 Rossi, Mario"}})
}

// RTF 6.2.2 "previo versamento": with after-payment an accepted
// tournament whose fee is unpaid is held from the lists (its own reason,
// awaiting-fee) and counts once paid; with at-once it counts at once and
// its fee is overdue after the term.
func TestFeeAfterPayment(t *testing.T) {
	ctx := context.Background()
	for _, policy := range []fee.Policy{fee.AfterPayment, fee.AtOnce} {
		t.Run(string(policy), func(t *testing.T) {
			o := open(t, t.TempDir())
			for i := range o.Rules.Fees {
				o.Rules.Fees[i].Policy = policy
			}
			sub, file := record(t, o, feeTournament(), time.Now())
			kind := stateOfKind(t, o, file)
			rows, err := o.Fees(ctx)
			if err != nil || len(rows) != 1 || rows[0].DueCents <= 0 || rows[0].Reference != fee.Reference(time.Now().Year(), sub) {
				t.Fatalf("fees: %+v %v", rows, err)
			}
			from, to := time.Now().AddDate(0, -1, 0), time.Now().AddDate(0, 0, 1)
			hs, _ := o.Store.HomologatedFiles(ctx, kind, from, to)
			v := stateOf(t, o, file)
			if policy == fee.AfterPayment {
				held, _ := o.Store.HeldFiles(ctx, kind)
				if v.State != state.AwaitingFee || v.Counts || len(hs) != 0 || len(held) != 1 || !held[0].AwaitingFee {
					t.Fatalf("unpaid: %+v, homologated %d, held %+v", v, len(hs), held)
				}
			} else if !v.Counts || len(hs) != 1 || rows[0].View.Holds {
				t.Fatalf("at once: %+v, homologated %d", v, len(hs))
			}
			// After the term, unpaid: overdue.
			o.Now = func() time.Time { return time.Now().AddDate(0, 0, 40) }
			if f, _ := o.FeeOf(ctx, sub); !f.View.Overdue || f.View.State != state.FeeDue {
				t.Errorf("after the term: %+v", f.View)
			}
			o.Now = time.Now
			clerk := Actor{User: "bianchi", Role: Clerk, Via: "web"}
			today := tournament.DateOf(time.Now().In(o.Rules.Rating.Location()))
			if _, err := o.PaymentAdd(ctx, clerk, PaymentEntry{Date: today, Cents: rows[0].DueCents, Channel: "cash",
				Description: "contanti allo sportello " + rows[0].Reference}); err != nil {
				t.Fatal(err)
			}
			if f, _ := o.FeeOf(ctx, sub); f.View.State != state.FeePaid {
				t.Errorf("paid: %+v", f.View)
			}
			hs, _ = o.Store.HomologatedFiles(ctx, kind, from, to)
			if v := stateOf(t, o, file); !v.Counts || len(hs) != 1 {
				t.Errorf("once paid: %+v, homologated %d", v, len(hs))
			}
			if held, _ := o.Store.HeldFiles(ctx, kind); len(held) != 0 {
				t.Errorf("still held: %+v", held)
			}
		})
	}
}

// A fee waived by an officer (with a reason, audited) holds nothing; a
// clerk may not waive.
func TestFeeWaive(t *testing.T) {
	ctx := context.Background()
	o := open(t, t.TempDir())
	for i := range o.Rules.Fees {
		o.Rules.Fees[i].Policy = fee.AfterPayment
	}
	sub, file := record(t, o, feeTournament(), time.Now())
	if err := o.FeeWaive(ctx, Actor{User: "bianchi", Role: Clerk, Via: "web"}, sub, "torneo scolastico"); KindOf(err) != Forbidden {
		t.Fatalf("a clerk waived: %v", err)
	}
	officer := Actor{User: "rossi", Role: Officer, Via: "web"}
	if err := o.FeeWaive(ctx, officer, sub, ""); KindOf(err) != Invalid {
		t.Fatalf("no reason: %v", err)
	}
	if err := o.FeeWaive(ctx, officer, sub, "torneo scolastico"); err != nil {
		t.Fatal(err)
	}
	if v := stateOf(t, o, file); !v.Counts {
		t.Errorf("waived but held: %+v", v)
	}
	if f, _ := o.FeeOf(ctx, sub); f.View.State != state.FeeWaived {
		t.Errorf("%+v", f.View)
	}
}
