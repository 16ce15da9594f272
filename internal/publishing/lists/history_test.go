package lists

import (
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
)

func TestListLabel(t *testing.T) {
	for in, want := range map[string]string{
		"var/publish/rapid-2026-12/register.csv": "2026-12",
		"2025-01/old/2026-03.csv":                "2026-03",
		"lists/players.csv":                      "players",
		"2026-13.csv":                            "2026-13",
	} {
		if got := ListLabel(in); got != want {
			t.Errorf("ListLabel(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestHistoryOf(t *testing.T) {
	row := func(elo, rapid int) registers.Player {
		return registers.Player{FSIID: "7", Surname: "Rossi", Name: "Mario", EloItalia: elo, EloRapid: rapid}
	}
	ls := []*registers.Players{{Rows: []registers.Player{row(1500, 0)}}, {Rows: nil}, {Rows: []registers.Player{row(1520, 1400)}}}
	paths := []string{"a/2026-01.csv", "b/2026-03.csv", "c/2026-05.csv"}
	name, ps := HistoryOf("7", fsi.Standard, ls, paths)
	if name != "Rossi Mario" || len(ps) != 2 || ps[0] != (Point{"2026-01", 1500}) || ps[1] != (Point{"2026-05", 1520}) {
		t.Errorf("standard: %q %v", name, ps)
	}
	if _, ps := HistoryOf("7", fsi.Rapid, ls, paths); len(ps) != 1 || ps[0].Rating != 1400 {
		t.Errorf("rapid: %v (a list without a rapid rating gives no point)", ps)
	}
	if name, ps := HistoryOf("8", fsi.Standard, ls, paths); name != "" || ps != nil {
		t.Errorf("unknown player: %q %v", name, ps)
	}
}
