package office

import (
	"testing"
	"time"

	"omologa/internal/platform/catalogue"
	"omologa/internal/store"
)

// TestDecisionLineInBothLanguages: a decision reads in English on the
// command line, as it did, and in Italian in a list run's change report
// (issue 19: the Italian report showed it in English).
func TestDecisionLineInBothLanguages(t *testing.T) {
	at := time.Date(2026, 12, 3, 9, 30, 0, 0, time.UTC)
	for _, c := range []struct {
		d      store.Decision
		en, it string
	}{
		{store.Decision{Start: 4, Kind: store.DecisionWithdrawal, Value: store.WithdrawalJustified, By: "rossi", At: at},
			"t.trf 4 Lombardi, Marco: withdrawal justified, RTF 7.5.3 does not apply (RTF 7.5.2–7.5.3), decided by rossi on 03/12/2026 09:30",
			"t.trf 4 Lombardi, Marco: ritiro giustificato, l'RTF 7.5.3 non si applica (RTF 7.5.2–7.5.3), deciso da rossi il 03/12/2026 09:30"},
		{store.Decision{Start: 4, Kind: store.DecisionWithdrawal, Value: store.WithdrawalUnjustified, By: "rossi", At: at},
			"t.trf 4 Lombardi, Marco: withdrawal unjustified, a positive variation is zeroed (RTF 7.5.2–7.5.3), decided by rossi on 03/12/2026 09:30",
			"t.trf 4 Lombardi, Marco: ritiro ingiustificato, una variazione positiva è azzerata (RTF 7.5.2–7.5.3), deciso da rossi il 03/12/2026 09:30"},
		{store.Decision{Start: 4, Kind: store.DecisionTheoretical, Value: "1500", By: "rossi", At: at},
			"t.trf 4 Lombardi, Marco: theoretical rating 1500 (RTF 4.2.7), decided by rossi on 03/12/2026 09:30",
			"t.trf 4 Lombardi, Marco: punteggio teorico 1500 (RTF 4.2.7), deciso da rossi il 03/12/2026 09:30"},
	} {
		l := DecisionLine{Decision: c.d, File: "t.trf", Name: "Lombardi, Marco", Article: DescribeDecision(c.d, nil, "standard").Article}
		if got := l.Text(time.UTC); got != c.en {
			t.Errorf("English:\n got %s\nwant %s", got, c.en)
		}
		if got := l.In(catalogue.IT, time.UTC); got != c.it {
			t.Errorf("Italian:\n got %s\nwant %s", got, c.it)
		}
	}
}
