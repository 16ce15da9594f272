package notice

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"

	"omologa/periods"
	"omologa/tournament"
	"omologa/validate"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var when = time.Date(2026, 3, 10, 9, 30, 0, 0, time.UTC)

func rejected() Input {
	return Input{Lang: "it", From: "omologazioni@fsi.example", To: []string{"arbitro@example.org", "org@example.org"},
		Office: "omologazioni@fsi.example", MessageID: "omologa.7.abc@fsi.example", Date: when,
		SubmissionID: 7, Channel: "imap", ReceivedAt: when.Add(-time.Hour), Subject: "Open di Milano",
		InReplyTo: "<orig@example.org>", Problems: []string{"il file x.trf nell'archivio t.zip supera il limite di 20 MB e non è stato letto"},
		Files: []File{{Name: "open.trf", From: "t.zip", Report: validate.Report{
			Verdict: validate.Rejected,
			Summary: validate.Summary{Name: "Open <di> Milano", City: "Milano", Start: tournament.NewDate(2026, 3, 1),
				End: tournament.NewDate(2026, 3, 3), Players: 30, Rounds: 5, RateOfPlay: "90'+30\""},
			Findings: []validate.Finding{
				{Rule: "eligibility.rounds", Article: "RTF 5.3.1 a", Severity: validate.SeverityError,
					MessageIT: "Il torneo ha 5 turni in giorni non consecutivi", MessageEN: "5 rounds on non-consecutive days"},
				{Rule: "crosstable.mirror", Article: "RTF 7.3.1", Severity: validate.SeverityError, Line: 40, Player: 12, Round: 3,
					MessageIT: "Risultato non speculare", MessageEN: "Result not mirrored"},
				{Rule: "deadline.late", Article: "RAPID 5.2", Severity: validate.SeverityWarning,
					MessageIT: "Ricevuto in ritardo", MessageEN: "Received late"},
				{Rule: "info.x", Severity: validate.SeverityInfo, MessageIT: "Nota", MessageEN: "Note"},
			}}},
			{Name: "b.trf", Report: validate.Report{Verdict: validate.Accepted}, Supersedes: &Earlier{Name: "b-old.trf", SubmissionID: 3, ReceivedAt: when.Add(-48 * time.Hour)}},
		}}
}

func accepted() Input {
	in := rejected()
	in.Lang = "en"
	in.Problems = nil
	in.Files = []File{{Name: "open.trf", Report: validate.Report{Verdict: validate.AcceptedWithWarnings, Kind: "standard",
		Summary: validate.Summary{Name: "Open di Milano", City: "Milano", Players: 30, Rounds: 6},
		Period:  &periods.Period{Label: "2026-05", Cutoff: tournament.NewDate(2026, 4, 20)},
		Findings: []validate.Finding{{Rule: "deadline.late", Article: "RAPID 5.2", Severity: validate.SeverityWarning,
			MessageIT: "Ricevuto in ritardo", MessageEN: "Received late"}}}}}
	return in
}

func TestCompose(t *testing.T) {
	for _, tc := range []struct {
		name     string
		in       Input
		kind     string
		subject  string
		contains []string
	}{
		{"rejection in Italian lists every error and warning with its article", rejected(), KindRejection,
			"Omologazione: torneo non omologabile – invio n. 7",
			[]string{"[RTF 5.3.1 a] Il torneo ha 5 turni", "[RTF 7.3.1] Risultato non speculare (riga 40, giocatore n. 12, turno 3)",
				"[RAPID 5.2] Ricevuto in ritardo", "Come reinviare", "supera il limite di 20 MB", "(dall'archivio t.zip)",
				"sostituisce b-old.trf, ricevuto con l'invio n. 3", "RESPINTO"}},
		{"receipt in English says the list period", accepted(), KindReceipt, "Homologation: receipt – Open di Milano",
			[]string{"ACCEPTED WITH WARNINGS", "counts in the 2026-05 list (receipts closing on 20/04/2026)", "[RAPID 5.2] Received late"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kind, subject, msg, err := Compose(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if kind != tc.kind || subject != tc.subject {
				t.Fatalf("kind %q subject %q", kind, subject)
			}
			mr, err := gomail.CreateReader(bytes.NewReader(msg))
			if err != nil {
				t.Fatal(err)
			}
			if id, _ := mr.Header.MessageID(); id != tc.in.MessageID {
				t.Errorf("Message-ID %q", id)
			}
			if ids, _ := mr.Header.MsgIDList("In-Reply-To"); len(ids) != 1 || ids[0] != "orig@example.org" {
				t.Errorf("In-Reply-To %v", ids)
			}
			if s, _ := mr.Header.Subject(); s != tc.subject {
				t.Errorf("decoded subject %q", s)
			}
			if to, _ := mr.Header.AddressList("To"); len(to) != 2 {
				t.Errorf("To %v", to)
			}
			if mr.Header.Get("Auto-Submitted") != "auto-replied" {
				t.Error("no Auto-Submitted header")
			}
			parts := map[string]string{}
			for {
				p, err := mr.NextPart()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				ct, _, _ := p.Header.(*gomail.InlineHeader).ContentType()
				b, _ := io.ReadAll(p.Body)
				parts[ct] = string(b)
			}
			if len(parts) != 2 || parts["text/plain"] == "" || parts["text/html"] == "" {
				t.Fatalf("parts %v", parts)
			}
			for _, c := range tc.contains {
				if !strings.Contains(parts["text/plain"], c) {
					t.Errorf("text part lacks %q", c)
				}
			}
			if strings.Contains(parts["text/html"], "<di>") {
				t.Error("HTML part does not escape the tournament's name")
			}
			golden := filepath.Join("testdata", strings.Fields(tc.name)[0]+"."+tc.in.Lang+".txt")
			if *update {
				os.WriteFile(golden, []byte(parts["text/plain"]), 0o644)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err, "(run with -update)")
			}
			if string(want) != parts["text/plain"] {
				t.Errorf("text part differs from %s:\n%s", golden, parts["text/plain"])
			}
		})
	}
}

func TestNoFilesIsARejection(t *testing.T) {
	in := rejected()
	in.Files = nil
	if Kind(in) != KindRejection {
		t.Fatal("a submission without files must be answered with a rejection")
	}
	if !strings.Contains(Text(in), "non c'è alcun file del torneo leggibile") {
		t.Fatal(Text(in))
	}
}

func TestBadAddressIsAnError(t *testing.T) {
	in := rejected()
	in.To = []string{"not an address"}
	if _, _, _, err := Compose(in); err == nil {
		t.Fatal("no error for a bad recipient")
	}
}
