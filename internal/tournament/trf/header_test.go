package trf

import (
	"testing"

	"omologa/internal/tournament"
)

// TestHeaderTextNames: every TRF header record that sets a text field
// names one tournament.HeaderText knows (a wrong name would be a nil
// setter), and a file's 012 and 102 land in the name and the chief arbiter.
func TestHeaderTextNames(t *testing.T) {
	for code, field := range trfHeaderText {
		if tournament.HeaderText[field] == nil {
			t.Errorf("record %s sets %q, which tournament.HeaderText does not know", code, field)
		}
	}
	tt, _, err := Read("h.trf", "012 Open di Prova\n102 Rossi, Mario\n112 \n"+
		"001    1 m    Bianchi, Luca                     1800 ITA     1234567 1980/01/01  0.0    1\n")
	if err != nil {
		t.Fatal(err)
	}
	if tt.Name != "Open di Prova" || tt.ChiefArbiter != "Rossi, Mario" || len(tt.DeputyArbiters) != 0 {
		t.Errorf("name %q, arbiter %q, deputies %q", tt.Name, tt.ChiefArbiter, tt.DeputyArbiters)
	}
}
