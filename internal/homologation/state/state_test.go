package state

import (
	"errors"
	"omologa/internal/platform/catalogue"
	"strings"
	"testing"
	"time"
)

func TestDerive(t *testing.T) {
	for _, c := range []struct {
		name string
		f    Facts
		want Code
		// counts and countsIn: where it counts
		counts bool
		why    string
	}{
		{"received", Facts{Submission: "received"}, Received, false, "non ancora giudicato"},
		{"quarantined", Facts{Submission: "quarantined"}, Quarantined, false, "mittente sconosciuto: l'ufficio lo rilascia o lo scarta"},
		{"discarded", Facts{Submission: "judged", Discarded: true}, Discarded, false, "scartato dall'ufficio: conservato, senza risposta"},
		{"unreadable", Facts{Submission: "judged", Verdict: "rejected", Unreadable: true}, Unreadable, false, "nessun torneo letto: non conta in alcuna lista"},
		{"accepted", Facts{Submission: "judged", Verdict: "accepted", Period: "2026-12", Kind: "rapid"}, Accepted, true, "conta nella lista Elo Italia Rapid di dicembre 2026"},
		{"accepted with warnings", Facts{Submission: "judged", Verdict: "accepted-with-warnings", Period: "2027-01", Kind: "standard"}, AcceptedWithWarnings, true, "conta nella lista Elo Italia di gennaio 2027"},
		{"blitz", Facts{Submission: "judged", Verdict: "accepted"}, Accepted, true, "omologato; nessuna lista per questo tipo di gioco"},
		// Issue 20 Why 7: a rejected tournament never "counts in" a list.
		{"rejected", Facts{Submission: "judged", Verdict: "rejected", Period: "2027-01"}, Rejected, false, "non conta in alcuna lista"},
		// Issue 20 Why 7: a superseded file is not "omologato".
		{"superseded", Facts{Submission: "judged", Verdict: "accepted", SupersededBy: "10.1", Period: "2026-12"}, Superseded, false, "conta il file 10.1 che lo sostituisce"},
		// Issue 20 Why 4 and 7: revoked is not "omologato con avvisi".
		{"revoked", Facts{Submission: "judged", Verdict: "accepted-with-warnings", Revoked: true, Period: "2026-12"}, Revoked, false, "non conta in alcuna lista"},
		{"revoked superseded version", Facts{Submission: "judged", Verdict: "accepted", Revoked: true, SupersededBy: "12.1"}, Superseded, false, "conta il file 12.1 che lo sostituisce"},
		// Issue 20 Why 5: an unclear file is held, never rated.
		{"unclear", Facts{Submission: "judged", Verdict: "accepted", Unclear: true, Period: "2026-12"}, Unclear, false, "trattenuto: non conta finché l'ufficio non lo attribuisce a un torneo"},
		{"unclear rejected", Facts{Submission: "judged", Verdict: "rejected", Unclear: true}, Rejected, false, "non conta in alcuna lista"},
		{"accepted despite errors", Facts{Submission: "judged", Verdict: "rejected", Decision: AcceptDespite, Period: "2026-12", Kind: "rapid"}, OverruledAccepted, true, "conta nella lista Elo Italia Rapid di dicembre 2026"},
		{"accepted late", Facts{Submission: "judged", Verdict: "rejected", Decision: AcceptLate, Period: "2026-12", Kind: "rapid"}, OverruledAccepted, true, "conta nella lista Elo Italia Rapid di dicembre 2026"},
		{"rejected by the office", Facts{Submission: "judged", Verdict: "accepted", Decision: RejectVersion, Period: "2026-12"}, OverruledRejected, false, "non conta in alcuna lista"},
		// Issue 20: a PDF beside the TRF is kept, not judged.
		{"attachment", Facts{Submission: "judged", Verdict: "attachment"}, Attachment, false, "non è un file di risultati: conservato con l'invio, non esaminato"},
		{"overruled then revoked", Facts{Submission: "judged", Verdict: "rejected", Decision: AcceptDespite, Revoked: true}, Revoked, false, "non conta in alcuna lista"},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := Of(c.f)
			if v.State != c.want || v.Counts != c.counts || v.Why != c.why {
				t.Errorf("Of(%+v) = %s counts=%v %q, want %s counts=%v %q", c.f, v.State, v.Counts, v.Why, c.want, c.counts, c.why)
			}
			if v.Counts != (v.CountsIn != "") && c.f.Period != "" {
				t.Errorf("counts %v but counts in %q", v.Counts, v.CountsIn)
			}
			if v.Label == "" || v.LabelEN == "" || v.WhyEN == "" || v.Colour == "" {
				t.Errorf("incomplete view %+v", v)
			}
		})
	}
}

// Every state has its words in both languages, and they are distinct:
// two states never read the same.
func TestLabelsDistinct(t *testing.T) {
	seen := map[string]Code{}
	for _, c := range Codes {
		it, en, col := Label(c)
		if _, ok := colours[c]; !ok || it == "" || en == "" || col == "" || strings.HasPrefix(it+en, "[") {
			t.Errorf("%s: no words (%q, %q, %q)", c, it, en, col)
		}
		for _, l := range []string{it, en} {
			if o, ok := seen[l]; ok {
				t.Errorf("%s and %s both read %q", c, o, l)
			}
			seen[l] = c
		}
	}
}

func TestApply(t *testing.T) {
	at := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	acc := Facts{Submission: "judged", Verdict: "accepted", Period: "2026-12"}
	rej := Facts{Submission: "judged", Verdict: "rejected", Period: "2026-12"}
	for _, c := range []struct {
		name   string
		f      Facts
		act    Act
		reason string
		want   Code
		err    string
	}{
		{"revoke", acc, ActRevoke, "arbitro non abilitato", Revoked, ""},
		{"revoke without reason", acc, ActRevoke, "", "", "a written reason is required"},
		{"revoke rejected", rej, ActRevoke, "x", "", "revoke does not apply to a file rejected"},
		{"reinstate", Facts{Submission: "judged", Verdict: "accepted", Revoked: true}, ActReinstate, "errore nostro", Accepted, ""},
		{"reinstate in force", acc, ActReinstate, "x", "", "reinstate does not apply to a file homologated"},
		{"accept despite", rej, ActAcceptDespite, "tessera regolarizzata", OverruledAccepted, ""},
		{"accept late", rej, ActAcceptLate, "ritardo giustificato", OverruledAccepted, ""},
		{"accept accepted", acc, ActAcceptDespite, "x", "", "accept-despite does not apply to a file homologated"},
		{"reject", acc, ActReject, "turni falsati", OverruledRejected, ""},
		{"reject rejected", rej, ActReject, "x", "", "reject does not apply to a file rejected"},
		{"rejudge withdraws the decision", Facts{Submission: "judged", Verdict: "accepted", Decision: RejectVersion}, ActRejudge, "", Accepted, ""},
		{"rejudge quarantined", Facts{Submission: "quarantined"}, ActRejudge, "", "", "rejudge does not apply to a file quarantined"},
		{"link unclear", Facts{Submission: "judged", Verdict: "accepted", Unclear: true}, ActLink, "", Accepted, ""},
		{"release", Facts{Submission: "quarantined"}, ActRelease, "", Received, ""},
		{"discard", Facts{Submission: "quarantined"}, ActDiscard, "", Discarded, ""},
		{"discard judged", acc, ActDiscard, "", "", "discard does not apply to a file homologated"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, tr, err := Apply(c.f, c.act, "rossi", at, c.reason)
			if c.err != "" {
				var se *Error
				if err == nil || err.Error() != c.err || !errors.As(err, &se) || se.MsgIT == "" {
					t.Fatalf("err = %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tr.To != c.want || tr.By != "rossi" || !tr.At.Equal(at) || tr.Reason != c.reason || tr.From != Derive(c.f) {
				t.Errorf("transition %+v, want to %s", tr, c.want)
			}
		})
	}
}

func TestNumber(t *testing.T) {
	if got := Number(10, 0); got != "10.1" {
		t.Errorf("Number(10, 0) = %q", got)
	}
	if got := Number(7, 2); got != "7.3" {
		t.Errorf("Number(7, 2) = %q", got)
	}
}

// Every state's sentence is in the catalogue: the accepted ones say the
// list they count in (or that there is none), the others why they count
// in none.
func TestEveryStateSaysWhy(t *testing.T) {
	for _, c := range Codes {
		switch c {
		case Accepted, AcceptedWithWarnings, OverruledAccepted:
			continue
		}
		for _, l := range []catalogue.Lang{catalogue.IT, catalogue.EN} {
			if s, ok := l.Lookup("state." + string(c) + ".why"); !ok || s == "" {
				t.Errorf("%s: no sentence in %s", c, l)
			}
		}
	}
}
