package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"omologa/internal/homologation/state"
	"omologa/internal/office"

	"github.com/chromedp/chromedp"
)

// quoteStatement is a bank statement paying three of the fixture's fees:
// one by its reference (spaced and in lower case), one by amount and the
// organiser's name only (a suggestion the clerk confirms), one overpaid;
// and a transfer that is no fee's.
func quoteStatement(t *testing.T, f *fixture) (csv string, byRef, byName, over office.FeeRow) {
	t.Helper()
	rows, err := f.o.Fees(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var due []office.FeeRow
	for _, r := range rows {
		if r.View.State == state.FeeDue && r.Organiser != "" {
			due = append(due, r)
		}
	}
	if len(due) < 3 {
		t.Fatalf("the fixture has %d fees due with an organiser, want 3: %+v", len(due), rows)
	}
	byRef, byName, over = due[0], due[1], due[2]
	ref := strings.ToLower(strings.ReplaceAll(byRef.Reference, "-", " "))
	csv = "Estratto conto\nData;Valuta;Importo;Descrizione\n" +
		fmt.Sprintf("25/11/2026;25/11/2026;%s;BONIFICO CAUSALE %s\n", cents(byRef.DueCents), ref) +
		fmt.Sprintf("26/11/2026;26/11/2026;%s;BONIFICO DA %s QUOTA OMOLOGAZIONE\n", cents(byName.DueCents), strings.ToUpper(byName.Organiser)) +
		fmt.Sprintf("27/11/2026;27/11/2026;%s;BONIFICO %s\n", cents(over.DueCents+1000), over.Reference) +
		"27/11/2026;27/11/2026;25,00;ISCRIZIONE CORSO ARBITRI\n"
	return
}

func cents(c int64) string { return fmt.Sprintf("%d,%02d", c/100, c%100) }

func TestQuotePage(t *testing.T) {
	f := newFixture(t)
	csv, byRef, byName, over := quoteStatement(t, f)
	ctx := context.Background()
	res, err := f.o.PaymentsImport(ctx, office.CLIActor(), "estratto.csv", []byte(csv))
	if err != nil {
		t.Fatal(err)
	}
	if res.Added != 4 || len(res.Matched) != 2 || len(res.Unmatched) != 2 {
		t.Fatalf("import: %+v", res)
	}
	again, err := f.o.PaymentsImport(ctx, office.CLIActor(), "estratto.csv", []byte(csv))
	if err != nil || again.Added != 0 || again.Known != 4 {
		t.Fatalf("the same statement again: %+v %v", again, err)
	}
	bad := strings.Replace(csv, "27/11/2026;27/11/2026;25,00", "27/11/2026;27/11/2026;25.00", 1)
	if _, err := f.o.PaymentsImport(ctx, office.CLIActor(), "rotto.csv", []byte(bad)); err == nil || !strings.Contains(err.Error(), "rotto.csv:6") {
		t.Fatalf("a broken statement: %v", err)
	}

	b := newBrowser(t, f.ts.URL)
	b.login(t, "clerk", password("clerk"))
	b.Open(t, "/quote")
	if got := b.Text(t, "#unmatched + p + div"); !strings.Contains(got, byName.Reference) {
		t.Fatalf("the unmatched payment suggests no %s: %q", byName.Reference, got)
	}
	b.Shot(t, "quote-unmatched")
	b.Submit(t, "confirm the suggestion", fmt.Sprintf(`form[action="/quote/confirm"] input[value="%d"] ~ button`, byName.SubmissionID), "#fees")
	b.WaitLocation(t, "done=paymentConfirmed#fee-"+fmt.Sprint(byName.SubmissionID)) // #fees is on the page before the confirmation too
	for _, r := range []office.FeeRow{byRef, byName, over} {
		row := b.Text(t, fmt.Sprintf("#fee-%d", r.SubmissionID))
		if !strings.Contains(row, "versata") {
			t.Errorf("fee %s not paid: %q", r.Reference, row)
		}
	}
	if row := b.Text(t, fmt.Sprintf("#fee-%d", over.SubmissionID)); !strings.Contains(row, "eccedenza 10,00 €") {
		t.Errorf("the over-payment shows no balance: %q", row)
	}
	b.login(t, "officer", password("officer"))
	b.Open(t, "/quote")
	rows, _ := f.o.Fees(ctx)
	var waive int64
	for _, r := range rows {
		if r.View.State == state.FeeDue {
			waive = r.SubmissionID
			break
		}
	}
	if waive == 0 {
		t.Fatal("no fee left to waive")
	}
	b.Do(t, "a reason", chromedp.SetValue(chromedp.CSS(fmt.Sprintf("#fee-%d input[name=reason]", waive)), "torneo giovanile non segnato nel calendario"))
	b.Submit(t, "waive", fmt.Sprintf("#waive-%d", waive), "#fees")
	b.WaitLocation(t, "done=feeWaived#fee-"+fmt.Sprint(waive))
	if row := b.Text(t, fmt.Sprintf("#fee-%d", waive)); !strings.Contains(row, "esentata") {
		t.Errorf("not waived: %q", row)
	}
	b.Shot(t, "quote")
	b.Open(t, "/audit")
	if got := b.Text(t, "main"); !strings.Contains(got, "quota esentata") || !strings.Contains(got, "attribuiti dall'ufficio") {
		t.Errorf("the audit trail lacks the acts: %.400q", got)
	}

	c := f.client(t, "clerk")
	resp, err := c.Get(f.ts.URL + "/quote.csv")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(string(body), "\ufeffInvio;Codice;") || !strings.Contains(string(body), byRef.Reference) {
		t.Errorf("CSV: %s %.300q", resp.Status, body)
	}
}
