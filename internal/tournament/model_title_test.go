package tournament

import "testing"

// TestFIDETitle: the FIDE title the title columns write, in today's
// spelling (TRF16 11–13, TRF06's letters), never an Italian category
// (regs §4d); "CM" as written, for the caller to tell from the category.
func TestFIDETitle(t *testing.T) {
	for in, want := range map[string]string{
		"GM": "GM", "gm": "GM", " IM ": "IM", "g": "GM", "m": "IM", "wf": "WFM", "wc": "WCM", "c": "CM",
		"CM": "CM", "M": "", "1N": "", "": "", "X": "",
	} {
		if got := FIDETitle(in); got != want {
			t.Errorf("FIDETitle(%q) = %q, want %q", in, got, want)
		}
	}
}
