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

	"omologa/internal/fsi/periods"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/tournament"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var when = time.Date(2026, 3, 10, 9, 30, 0, 0, time.UTC)

// repoRules are the repository's rules.yaml: its deadline (8 days) and
// time zone (Europe/Rome) are what the goldens say.
var repoRules = func() *rules.File {
	f, err := rules.Load("../../../rules.yaml")
	if err != nil {
		panic(err)
	}
	return f
}()

func rejected() Input {
	return Input{Lang: "it", From: "omologazioni@fsi.example", To: []string{"arbitro@example.org", "org@example.org"},
		Office: "omologazioni@fsi.example", MessageID: "omologa.7.abc@fsi.example", Date: when,
		SubmissionID: 7, Channel: "imap", ReceivedAt: when.Add(-time.Hour), Subject: "Open di Milano",
		InReplyTo: "<orig@example.org>", Rules: repoRules, Problems: []string{"il file x.trf nell'archivio t.zip supera il limite di 20 MB e non è stato letto"},
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
		Period:  &periods.Period{Label: "2026-05", Issue: tournament.NewDate(2026, 5, 1), Cutoff: tournament.NewDate(2026, 4, 20)},
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
				"sostituisce b-old.trf, ricevuto con l'invio n. 3 dell'08/03/2026 alle 10:30", "RESPINTO",
				"abbiamo ricevuto il 10/03/2026 alle 09:30 (per posta elettronica)"}},
		{"receipt in English says the list period", accepted(), KindReceipt, "Homologation: receipt – Open di Milano [ref. 7]",
			[]string{"ACCEPTED WITH WARNINGS", "counts in the Elo Italia list of May 2026, issued on 01/05/2026 (receipts closing on 20/04/2026)", "[RAPID 5.2] Received late"}},
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

// notices are one Input per kind of notice and case the advice differs
// in; TestGoldenNotices renders each in both languages.
func notices() map[string]Input {
	base := func() Input {
		in := rejected()
		in.Problems = nil
		in.Subject = "Omologazione Open di Milano"
		return in
	}
	period := &periods.Period{Label: "2026-05", Issue: tournament.NewDate(2026, 5, 1), Cutoff: tournament.NewDate(2026, 4, 20)}
	summary := validate.Summary{Name: "Open di Milano", City: "Milano", Start: tournament.NewDate(2026, 3, 1),
		End: tournament.NewDate(2026, 3, 3), Players: 30, Rounds: 6, RateOfPlay: "90'+30\""}
	listNote := validate.Finding{Rule: "deadline.list-period", Article: "RTF 4.2.2", Severity: validate.SeverityInfo,
		MessageIT: "Ricevuto il 10/03/2026: conta nella lista Elo Italia di maggio 2026.", MessageEN: "Received on 10/03/2026: counts in the Elo Italia list of May 2026."}
	inTime := validate.Finding{Rule: "deadline.in-time", Article: "RTF 6.2.2; RAPID 5.2", Severity: validate.SeverityInfo,
		MessageIT: "Ricevuto il 10/03/2026, 7 giorni dopo la fine del torneo: nei termini.", MessageEN: "Received on 10/03/2026, 7 days after the end: in time."}
	out := map[string]Input{}

	in := base()
	in.Files = []File{{Name: "open.trf", Report: validate.Report{Verdict: validate.Accepted, Kind: "standard", Summary: summary,
		Period: period, Findings: []validate.Finding{inTime, listNote}}}}
	out["receipt"] = in

	// Issue 20: the TRF and a PDF crosstable; the PDF is kept and noted,
	// the notice stays a receipt.
	in = base()
	in.Files = []File{{Number: "7.1", Name: "open.trf", Report: validate.Report{Verdict: validate.Accepted, Kind: "standard", Summary: summary,
		Period: period, Findings: []validate.Finding{inTime, listNote}}}}
	in.Attachments = []File{{Name: "tabellone.pdf", Report: validate.Report{Verdict: validate.Accepted, Findings: []validate.Finding{{
		Rule: "format.attachment", Article: "RTF 6.2.2", Severity: validate.SeverityInfo,
		MessageIT: "Allegato (PDF) conservato con l'invio: non è un file di risultati e non viene esaminato.",
		MessageEN: "Attachment (PDF) kept with the submission: it is not a result file and is not examined."}}}}}
	out["receipt-with-pdf"] = in

	in = base()
	one := summary
	one.Start, one.Players, one.Rounds = one.End, 1, 1
	in.Files = []File{{Name: "rapid.trf", Report: validate.Report{Verdict: validate.AcceptedWithWarnings, Kind: "rapid", Summary: one,
		Period: &periods.Period{Label: "2026-04", Issue: tournament.NewDate(2026, 4, 1), Cutoff: tournament.NewDate(2026, 3, 25)},
		Findings: []validate.Finding{{Rule: "crosstable.x", Article: "FIDE TRF 001", Severity: validate.SeverityWarning,
			MessageIT: "Un'avvertenza.", MessageEN: "A warning."}}},
		Supersedes: &Earlier{Name: "rapid-old.trf", SubmissionID: 3, ReceivedAt: when.Add(-48 * time.Hour)}}}
	in.ReleasedAt = when.Add(-10 * time.Minute)
	out["receipt-warnings-superseding-released"] = in

	in = base()
	in.Files = []File{{Name: "open.trf", Report: validate.Report{Verdict: validate.Rejected, Kind: "standard", Summary: summary,
		Period: period, Findings: []validate.Finding{{Rule: "eligibility.min-rounds", Article: "RTF 5.3.1 a", Severity: validate.SeverityError,
			MessageIT: "Il torneo ha 4 turni: ne servono almeno 5.", MessageEN: "The tournament has 4 rounds: at least 5 are required."},
			inTime, listNote}}}}
	out["rejection-in-time"] = in

	in = out["rejection-in-time"]
	in.Date = when.AddDate(0, 0, 10) // the deadline of 11/03 has passed
	out["rejection-deadline-passed"] = in

	in = base()
	in.Files = []File{{Name: "open.trf", Report: validate.Report{Verdict: validate.Rejected, Kind: "standard", Summary: summary,
		Period: period, Findings: []validate.Finding{{Rule: "deadline.late", Article: "RTF 6.2.2; RAPID 5.2", Severity: validate.SeverityError,
			MessageIT: "Ricevuto il 25/03/2026, 22 giorni dopo la fine del torneo (03/03/2026): il termine era l'11/03/2026 (8 giorni).",
			MessageEN: "Received on 25/03/2026, 22 days after the tournament's end (03/03/2026): the deadline was 11/03/2026 (8 days)."}, listNote}}}}
	out["rejection-late"] = in

	in = base()
	in.Files = []File{{Name: "torneo.vegz", Report: validate.Report{Verdict: validate.Rejected,
		Findings: []validate.Finding{{Rule: "format.refused", Article: "RAPID 5.2", Severity: validate.SeverityError,
			MessageIT: "File non accettato. Il file è un archivio compresso: inviate l'esportazione TRF del torneo.",
			MessageEN: "File not accepted. The file is a compressed archive: send the tournament's TRF export."},
			{Rule: "format.read-note", Article: "FIDE TRF", Severity: validate.SeverityInfo, MessageIT: "Nota di lettura.", MessageEN: "Reading note."}}}}}
	out["unreadable"] = in

	in = base()
	in.Files = nil
	in.Problems = []string{"il messaggio non ha allegati / the message has no attachment"}
	out["no-files"] = in

	in = base()
	in.Files = nil
	in.Subject = "open.trf"
	in.Repeat = &Repeat{SubmissionID: 3, ReceivedAt: when.Add(-48 * time.Hour),
		Files: []RepeatFile{{Name: "open.trf", Verdict: validate.Rejected}}}
	out["repeat"] = in
	return out
}

// TestGoldenNotices keeps the text of every kind of notice, in both
// languages, under testdata/golden-*: regenerate with -update and read
// the diff.
func TestGoldenNotices(t *testing.T) {
	for name, in := range notices() {
		for _, lang := range []string{"it", "en"} {
			t.Run(name+"."+lang, func(t *testing.T) {
				in.Lang = lang
				_, subject, _, err := Compose(in)
				if err != nil {
					t.Fatal(err)
				}
				got := "Subject: " + subject + "\n\n" + Text(in)
				p := filepath.Join("testdata", "golden-"+name+"."+lang+".txt")
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

// TestAdviceFitsTheCase checks the faults measured on the demo: a late
// file is not told to resend in time, a rejected one is not told its
// list, an unreadable one gets one reason, counts agree.
func TestAdviceFitsTheCase(t *testing.T) {
	all := notices()
	for _, c := range []struct {
		name       string
		has, lacks []string
	}{
		{"rejection-late", []string{"dopo il termine di invio"}, []string{"entro 8 giorni", "entro il", "lista Elo Italia", "maggio 2026"}},
		{"rejection-in-time", []string{"entro l'11/03/2026", "[RTF 6.2.2; RAPID 5.2]"}, []string{"lista Elo Italia", "maggio 2026"}},
		{"rejection-deadline-passed", []string{"è scaduto l'11/03/2026"}, []string{"entro l'11"}},
		{"receipt", []string{"nella lista Elo Italia di maggio 2026, emessa il 01/05/2026", "30 giocatori, 6 turni", "con 1 file"}, []string{"2026-05", "(standard)", "Ricevuto il 10/03/2026: conta"}},
		{"receipt-warnings-superseding-released", []string{"il 03/03/2026;", "1 giocatore, 1 turno", "Elo Italia Rapid di aprile 2026"}, []string{"dal 03/03/2026 al 03/03/2026"}},
		{"unreadable", []string{"Inviate il torneo come file TRF"}, []string{"Nota di lettura", "non omologabile"}},
	} {
		text := Text(all[c.name])
		for _, s := range c.has {
			if !strings.Contains(text, s) {
				t.Errorf("%s lacks %q:\n%s", c.name, s, text)
			}
		}
		for _, s := range c.lacks {
			if strings.Contains(text, s) {
				t.Errorf("%s says %q:\n%s", c.name, s, text)
			}
		}
	}
}

// A resent content gets one opening, the repeat's: not also "abbiamo
// ricevuto … con 0 file. Questo è l'esito del controllo", which announced
// a check that was not made (seen on the demo).
func TestRepeatSaysTheReceiptOnce(t *testing.T) {
	for lang, opening := range map[string]string{"it": "ricevuto il", "en": "we received"} {
		in := notices()["repeat"]
		in.Lang = lang
		text := Text(in)
		if n := strings.Count(text, opening); n != 1 {
			t.Errorf("%s: %q %d times:\n%s", lang, opening, n, text)
		}
		if strings.Contains(text, "0 file") {
			t.Errorf("%s: counts the files of a submission not examined:\n%s", lang, text)
		}
	}
}
