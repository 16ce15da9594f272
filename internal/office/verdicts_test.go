package office

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/homologation/state"
	"omologa/internal/intake/ingest"
	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
	"omologa/internal/tournament"
)

// record takes a file in by the drop folder, received at, and judges it.
func record(t *testing.T, o *Office, data []byte, at time.Time) (sub, file int64) {
	t.Helper()
	ctx := context.Background()
	p, err := o.pipeline(ctx)
	if err != nil {
		t.Fatal(err)
	}
	id, _, err := p.Record(ctx, &ingest.Submission{Channel: ingest.ChannelDrop, ReceivedAt: at, Original: ingest.Bytes(data),
		Files: []ingest.File{{Name: "t.trf", Content: ingest.Bytes(data)}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	sub2, err := o.Store.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return id, sub2.Files[0].ID
}

func stateOf(t *testing.T, o *Office, file int64) state.View {
	t.Helper()
	fv, err := o.fileView(context.Background(), file)
	if err != nil {
		t.Fatal(err)
	}
	return fv.view
}

// The month of issue 20: a late file accepted with a reason (notice and
// audit entry), then rejected, then re-judged (the decision withdrawn,
// the earlier judgement kept), accepted again and revoked (notice, gone
// from the list's files).
func TestOfficeDecidesAboutAVerdict(t *testing.T) {
	ctx := context.Background()
	o := open(t, t.TempDir())
	officer := Actor{User: "rossi", Role: Officer, Via: "web"}
	start := time.Now().AddDate(0, 0, -30)
	data := pipelinetest.TRF("Open di Prova", "Siena", start.Format("2006/01/02"), "102 Rossi, Mario")
	sub, file := record(t, o, data, time.Now())
	if v := stateOf(t, o, file); v.State != state.Rejected {
		t.Fatalf("a file sent a month late: %+v", v)
	}
	if _, err := o.Overrule(ctx, Actor{User: "anna", Role: Clerk, Via: "web"}, file, state.AcceptLate, nil, "x"); KindOf(err) != Forbidden {
		t.Errorf("a clerk overrules: %v", err)
	}
	if _, err := o.Overrule(ctx, officer, file, state.AcceptLate, nil, " "); KindOf(err) != Invalid {
		t.Errorf("no reason: %v", err)
	}
	out, err := o.Overrule(ctx, officer, file, state.AcceptLate, nil, "ritardo dovuto a un guasto del server della società")
	if err != nil {
		t.Fatal(err)
	}
	if out.After.State != state.OverruledAccepted || !out.After.Counts || out.Notice == "" {
		t.Fatalf("accepted late: %+v", out)
	}
	// The file counts in the lists now.
	kind := stateOfKind(t, o, file)
	hs, err := o.Store.HomologatedFiles(ctx, kind, time.Now().AddDate(-1, 0, 0), time.Now().AddDate(0, 0, 1))
	if err != nil || len(hs) != 1 {
		t.Fatalf("homologated after the decision: %d %v", len(hs), err)
	}
	if _, err := o.Overrule(ctx, officer, file, state.AcceptLate, nil, "again"); KindOf(err) != Refused {
		t.Errorf("accepting an accepted file: %v", err)
	}
	out, err = o.Overrule(ctx, officer, file, state.RejectVersion, nil, "i risultati non corrispondono ai formulari")
	if err != nil || out.After.State != state.OverruledRejected || out.After.Counts {
		t.Fatalf("rejected by the office: %+v %v", out, err)
	}
	out, err = o.RejudgeFile(ctx, officer, file, "verifica")
	if err != nil || out.After.State != state.Rejected {
		t.Fatalf("re-judged: %+v %v", out, err)
	}
	if js, err := o.Store.Judgements(ctx, file); err != nil || len(js) != 1 || js[0].Decision != state.RejectVersion {
		t.Errorf("history: %+v %v", js, err)
	}
	if _, err := o.Overrule(ctx, officer, file, state.AcceptLate, nil, "ritardo giustificato"); err != nil {
		t.Fatal(err)
	}
	tour, err := o.Store.TournamentOfFile(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Revoke(ctx, officer, tour.ID, "torneo non disputato"); err != nil {
		t.Fatal(err)
	}
	if v := stateOf(t, o, file); v.State != state.Revoked || v.Counts {
		t.Errorf("revoked: %+v", v)
	}
	hs, _ = o.Store.HomologatedFiles(ctx, kind, time.Now().AddDate(-1, 0, 0), time.Now().AddDate(0, 0, 1))
	if len(hs) != 0 {
		t.Errorf("a revoked tournament still homologated: %+v", hs)
	}
	ns, err := o.Store.ActNotices(ctx, sub)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, n := range ns {
		kinds = append(kinds, n.Kind)
	}
	if got := strings.Join(kinds, " "); got != "overruled overruled rejudged overruled revoked" {
		t.Errorf("notices: %s", got)
	}
	es, _ := o.Audit(ctx, store.AuditFilter{})
	var acts []string
	for _, e := range es {
		acts = append(acts, e.Action)
	}
	if got := strings.Join(acts, " "); got != "revoke overrule rejudge overrule overrule" {
		t.Errorf("audit: %s", got)
	}
	// The submission's answer is still one (status shows it).
	st, err := o.Store.StatusesOf(ctx, sub)
	if err != nil || len(st) != 1 || st[0].Notice == nil || st[0].Files[0].State.State != state.Revoked {
		t.Errorf("status: %+v %v", st, err)
	}
}

func stateOfKind(t *testing.T, o *Office, file int64) fsi.Kind {
	t.Helper()
	_, kind, _, err := o.Store.FileVerdict(context.Background(), file)
	if err != nil {
		t.Fatal(err)
	}
	return kind
}

// Issue 20 item 3: a file the identity rules could not place is held
// (never rated, not on a player's page) until the office links it; then
// it is the tournament's version in force.
func TestUnclearHeldThenLinked(t *testing.T) {
	ctx := context.Background()
	o := open(t, t.TempDir())
	officer := Actor{User: "rossi", Role: Officer, Via: "web"}
	start := time.Now().AddDate(0, 0, -9)
	names := []string{"Alfa, Uno", "Beta, Due", "Gamma, Tre", "Delta, Quattro", "Epsilon, Cinque", "Zeta, Sei", "Eta, Sette", "Theta, Otto"}
	rr := func(names []string) []byte {
		ps := make([]pipelinetest.Player, len(names))
		for i, n := range names {
			ps[i] = pipelinetest.Player{Name: n, ID: fmt.Sprint(1000000 + i + 1), Rating: 2100 - 50*(i+1)}
		}
		return pipelinetest.RoundRobin(pipelinetest.RR{Name: "Open di Prova", City: "Siena", Start: start.Format("2006/01/02"),
			Players: ps, Extra: []string{"102 Rossi, Mario"}})
	}
	_, first := record(t, o, rr(names), time.Now().Add(-time.Hour))
	other := append(append([]string{}, names[:4]...), "Iota, Nove", "Kappa, Dieci", "Lambda, Undici", "Mu, Dodici")
	_, second := record(t, o, rr(other), time.Now())
	if v := stateOf(t, o, second); v.State != state.Unclear || v.Counts {
		rep, _ := o.report(ctx, second)
		t.Fatalf("the second file: %+v %+v", v, rep.Findings)
	}
	kind := stateOfKind(t, o, second)
	held, err := o.Store.HeldFiles(ctx, kind)
	if err != nil || len(held) != 1 || held[0].FileID != second || held[0].Maybe == "" {
		t.Fatalf("held: %+v %v", held, err)
	}
	hs, _ := o.Store.HomologatedFiles(ctx, kind, time.Now().AddDate(0, -1, 0), time.Now().AddDate(0, 0, 1))
	if len(hs) != 1 || hs[0].FileID != first {
		t.Errorf("homologated while held: %+v", hs)
	}
	tf, err := o.Store.TournamentOfFile(ctx, first)
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Link(ctx, officer, second, tf.ID); err != nil {
		t.Fatal(err)
	}
	if held, _ := o.Store.HeldFiles(ctx, kind); len(held) != 0 {
		t.Errorf("still held: %+v", held)
	}
	if v := stateOf(t, o, second); v.State != state.Accepted && v.State != state.AcceptedWithWarnings {
		t.Errorf("linked: %+v", v)
	}
	if v := stateOf(t, o, first); v.State != state.Superseded || v.Why != "conta il file "+stateNumber(t, o, second)+" che lo sostituisce" {
		t.Errorf("the first version: %+v", v)
	}
}

func stateNumber(t *testing.T, o *Office, file int64) string {
	t.Helper()
	fv, err := o.fileView(context.Background(), file)
	if err != nil {
		t.Fatal(err)
	}
	return fv.number
}

// Issue 20 item 5: the TRF and a PDF crosstable in one message: the PDF
// is kept and noted, the notice is a receipt; a PDF alone is still
// answered with the request for the TRF.
func TestAttachmentBesideTheTRF(t *testing.T) {
	ctx := context.Background()
	o := open(t, t.TempDir())
	p, err := o.pipeline(ctx)
	if err != nil {
		t.Fatal(err)
	}
	trf := pipelinetest.TRF("Open di Prova", "Siena", time.Now().AddDate(0, 0, -9).Format("2006/01/02"), "102 Rossi, Mario")
	pdf := []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n")
	for _, c := range []struct {
		name   string
		files  []ingest.File
		notice string
		states []state.Code
	}{
		{"TRF and PDF", []ingest.File{{Name: "t.trf", Content: ingest.Bytes(trf)}, {Name: "tabellone.pdf", Content: ingest.Bytes(pdf)}},
			"receipt", []state.Code{state.AcceptedWithWarnings, state.Attachment}},
		{"PDF alone", []ingest.File{{Name: "tabellone.pdf", Content: ingest.Bytes(pdf)}}, "rejection", []state.Code{state.Unreadable}},
	} {
		t.Run(c.name, func(t *testing.T) {
			id, _, err := p.Record(ctx, &ingest.Submission{Channel: ingest.ChannelDrop, ReceivedAt: time.Now(), Original: ingest.Bytes([]byte(c.name)),
				Files: c.files})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.Drain(ctx); err != nil {
				t.Fatal(err)
			}
			st, err := o.Store.StatusesOf(ctx, id)
			if err != nil || len(st) != 1 || st[0].Notice == nil {
				t.Fatalf("status %+v %v", st, err)
			}
			if st[0].Notice.Kind != c.notice {
				t.Errorf("notice %s, want %s", st[0].Notice.Kind, c.notice)
			}
			for i, f := range st[0].Files {
				if want := c.states[i]; f.State.State != want && !(want == state.AcceptedWithWarnings && f.State.State == state.Accepted) {
					t.Errorf("file %s: %s, want %s", f.Number, f.State.State, want)
				}
			}
			msg, _, _ := o.Store.NoticeMessage(ctx, id)
			if c.notice == "receipt" && !strings.Contains(string(msg), "tabellone.pdf") {
				t.Errorf("the receipt does not name the PDF:\n%s", msg)
			}
		})
	}
}

// RejudgeList takes the receipt days of the list period named (its first
// day to its cut-off, in the rules' zone) and refuses an unknown kind or
// a month no list of the kind is issued in, and a clerk.
func TestRejudgeList(t *testing.T) {
	ctx := context.Background()
	o := open(t, t.TempDir())
	officer := Actor{User: "rossi", Role: Officer, Via: "web"}
	now := time.Now()
	_, file := record(t, o, pipelinetest.TRF("Open di Prova", "Siena", now.AddDate(0, 0, -5).Format("2006/01/02"), "102 Rossi, Mario"), now)
	if _, err := o.RejudgeList(ctx, Actor{User: "anna", Role: Clerk, Via: "web"}, "rapid", "2027-01", ""); KindOf(err) != Forbidden {
		t.Errorf("a clerk: %v", err)
	}
	for _, c := range []struct{ kind, period string }{{"blitz", "2027-01"}, {"standard", "2027-02"}, {"rapid", "gennaio"}} {
		if _, err := o.RejudgeList(ctx, officer, fsi.Kind(c.kind), c.period, ""); KindOf(err) != Invalid {
			t.Errorf("%s %s: %v", c.kind, c.period, err)
		}
	}
	// The period whose days hold today's receipt takes the file; the one
	// before does not.
	sch := o.Rules.Rating.Schedule(fsi.Standard)
	p := sch.ForReceipt(tournament.DateOf(now.In(o.Rules.Rating.Location())))
	out, err := o.RejudgeList(ctx, officer, fsi.Standard, p.Label, "registro corretto")
	if err != nil || len(out) != 1 || out[0].FileID != file {
		t.Fatalf("the period %s: %+v %v", p.Label, out, err)
	}
	if out, err := o.RejudgeList(ctx, officer, fsi.Standard, sch.Previous(p).Label, ""); err != nil || len(out) != 0 {
		t.Errorf("the period before: %+v %v", out, err)
	}
}
