package portal

import (
	"testing"
	"time"

	"omologa/internal/homologation/validate"
	"omologa/internal/office"
)

// TestTemplateWords: the words the portal's templates get from their
// functions, now from the catalogue, read as they did when they were
// written in the code; a value the catalogue does not name stays blank.
func TestTemplateWords(t *testing.T) {
	fs := funcs(time.UTC)
	call := func(name string, arg any) string {
		switch f := fs[name].(type) {
		case func(any) string:
			return f(arg)
		case func(string) string:
			return f(arg.(string))
		case func(validate.Verdict) string:
			return f(arg.(validate.Verdict))
		case func(validate.Severity) string:
			return f(arg.(validate.Severity))
		case func(office.Decision) string:
			return f(arg.(office.Decision))
		case func(*office.OfficeAct) string:
			return f(arg.(*office.OfficeAct))
		}
		t.Fatalf("%s: %T", name, fs[name])
		return ""
	}
	at := time.Date(2026, 12, 3, 9, 30, 0, 0, time.UTC)
	for _, c := range []struct {
		fn   string
		arg  any
		want string
	}{
		{"verdict", "", "in esame"},
		{"verdict", validate.AcceptedWithWarnings, "omologato con avvisi"},
		{"verdict", "rejected", "respinto"},
		{"verdict", "other", ""},
		{"verdictNow", validate.AcceptedWithWarnings, "sarebbe omologato, con avvisi"},
		{"severity", validate.SeverityInfo, "Nota"},
		{"storedSeverity", "warning", "Avviso"},
		{"state", office.StateQuarantined, "in attesa dell'ufficio"},
		{"state", "discarded", "archiviato dall'ufficio"},
		{"noticeKind", "repeat", "Risposta a un invio ripetuto"},
		{"noticeStatus", "failing", "non recapitato, nuovi tentativi in corso"},
		{"noticeStatus", "unknown", ""},
		{"channel", "cli", "dall'ufficio"},
		{"decision", office.Decision{Start: 3, Kind: office.DecisionTheoretical, Value: "1500"}, "Giocatore 3: Elo teorico 1500 (RTF 4.2.7, RAPID 6.8)"},
		{"decision", office.Decision{Start: 4, Kind: office.DecisionWithdrawal, Value: office.WithdrawalUnjustified}, "Giocatore 4: ritiro ingiustificato, variazione azzerata (RTF 7.5.3)"},
		{"office", &office.OfficeAct{Action: office.OfficeReleased, At: at}, "ammesso al controllo dall'ufficio il 03/12/2026 09:30"},
	} {
		if got := call(c.fn, c.arg); got != c.want {
			t.Errorf("%s(%v) = %q, want %q", c.fn, c.arg, got, c.want)
		}
	}
}
