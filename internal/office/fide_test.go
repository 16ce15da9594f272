package office

import (
	"context"
	"testing"

	"omologa/internal/store"
)

// Forwarding to FIDE is an officer's act: a clerk is refused, a bad
// period is the office's Invalid, a dry run records nothing, an export
// with nothing to forward is no act.
func TestFideExportAct(t *testing.T) {
	o := open(t, t.TempDir())
	ctx := context.Background()
	clerk := Actor{User: "anna", Role: Clerk, Via: "web"}
	officer := Actor{User: "bruno", Role: Officer, Via: "web"}
	if _, err := o.FideExport(ctx, clerk, FideExportRequest{Period: "2027-01", DryRun: true}); KindOf(err) != Forbidden {
		t.Errorf("a clerk's export: %v, want forbidden", err)
	}
	for _, p := range []string{"2011-12", "gennaio", ""} {
		if _, err := o.FideExport(ctx, officer, FideExportRequest{Period: p}); KindOf(err) != Invalid {
			t.Errorf("period %q: %v, want invalid", p, err)
		}
	}
	res, err := o.FideExport(ctx, officer, FideExportRequest{Period: "2027-01"})
	if err != nil || res.Period.Label != "2027-01" || len(res.Items) != 0 {
		t.Fatalf("export of an empty store: %+v, %v", res, err)
	}
	es, err := o.Audit(ctx, store.AuditFilter{Action: string(ActFideExport)})
	if err != nil || len(es) != 0 {
		t.Errorf("an export with nothing to forward is in the audit trail: %+v (%v)", es, err)
	}
}
