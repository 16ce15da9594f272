package notice

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/homologation/state"
	"omologa/internal/homologation/validate"
)

func decisions() map[string]Decision {
	at := time.Date(2026, 11, 26, 15, 30, 0, 0, time.UTC)
	base := Decision{From: "omologazioni@federscacchi.it", To: []string{"arbitro@example.org"}, Office: "omologazioni@federscacchi.it",
		MessageID: "omologa.decision.1@federscacchi.it", Date: at, SubmissionID: 10, Number: "10.1", Name: "open-novara.trf",
		Tournament: "Open di Novara"}
	accepted := state.Of(state.Facts{Submission: "judged", Verdict: "accepted", Period: "2027-01", Kind: "standard"})
	rejected := state.Of(state.Facts{Submission: "judged", Verdict: "rejected", Period: "2027-01", Kind: "standard"})
	membership := validate.Finding{Rule: "player.membership", Severity: validate.SeverityError, Article: "RTF 3.1",
		MessageIT: "Bianchi Marco non è tesserato per il 2026", MessageEN: "Bianchi Marco is not a member for 2026"}
	out := map[string]Decision{}
	d := base
	d.Kind, d.Before, d.After = KindRejudged, rejected, accepted
	d.Reason = "tessera di Bianchi Marco registrata il 25/11/2026"
	out["rejudged"] = d
	d = base
	d.Kind, d.Before = KindOverruled, rejected
	d.After = state.Of(state.Facts{Submission: "judged", Verdict: "rejected", Decision: state.AcceptDespite, Period: "2027-01", Kind: "standard"})
	d.Reason, d.Findings = "la tessera era stata pagata in tempo: errore della società", []validate.Finding{membership}
	out["overruled-accept"] = d
	d = base
	d.Kind, d.Before = KindOverruled, accepted
	d.After = state.Of(state.Facts{Submission: "judged", Verdict: "accepted", Decision: state.RejectVersion})
	d.Reason = "i risultati del quinto turno non corrispondono ai formulari"
	out["overruled-reject"] = d
	d = base
	d.Kind, d.Before = KindRevoked, accepted
	d.After = state.Of(state.Facts{Submission: "judged", Verdict: "accepted", Revoked: true})
	d.Reason = "torneo non disputato nelle date dichiarate"
	out["revoked"] = d
	return out
}

func TestGoldenDecisionNotices(t *testing.T) {
	for name, in := range decisions() {
		for _, lang := range []string{"it", "en"} {
			t.Run(name+"."+lang, func(t *testing.T) {
				in.Lang = lang
				subject, msg, err := ComposeDecision(in)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(string(msg), "X-Omologa-Kind: "+in.Kind) {
					t.Errorf("no kind header:\n%s", msg)
				}
				got := "Subject: " + subject + "\n\n" + DecisionText(in)
				p := filepath.Join("testdata", "golden-decision-"+name+"."+lang+".txt")
				if *update {
					if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err, " (run with -update)")
				}
				if string(want) != got {
					t.Errorf("%s differs:\n%s", p, got)
				}
			})
		}
	}
}
