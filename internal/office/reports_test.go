package office

import "testing"

func TestReportStem(t *testing.T) {
	for in, want := range map[string]string{
		"open.trf":                   "open",
		"dir/Open di Lecce 2026.trf": "Open_di_Lecce_2026",
		`C:\tornei\rapid.tdf`:        "rapid",
		".trf":                       "report",
		"...":                        "report",
		"à-è.veg":                    "-",
	} {
		if got := ReportStem(in); got != want {
			t.Errorf("ReportStem(%q) = %q, want %q", in, got, want)
		}
	}
}
