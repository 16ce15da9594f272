package registers

import (
	"testing"

	"omologa/internal/tournament"
)

// The index keeps plain numeric FSI ids in a dense table and every other
// id in a map; both must find exactly what a map of id keys would.
func TestIndexFindsEveryFSIID(t *testing.T) {
	for _, c := range []struct {
		name  string
		ids   []string
		dense bool
	}{
		{"numbers close together: dense", []string{"100000", "100001", "100007", "0100005", "A-55", "100003"}, true},
		{"numbers far apart: a map", []string{"100000", "100001", "0123", "A-55", "99999999999"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			list := &Players{}
			for _, id := range c.ids {
				list.Rows = append(list.Rows, Player{FSIID: id, Surname: "S" + id})
			}
			ix := NewIndex(list)
			if (ix.dense != nil) != c.dense {
				t.Errorf("dense table %v, want %v", ix.dense != nil, c.dense)
			}
			o := MatchOptions{}
			for i, id := range c.ids {
				if got := ix.Find(&tournament.Player{NationalID: id}, o); got != i {
					t.Errorf("Find(%q) = %d, want %d", id, got, i)
				}
				// Italian programs write the FSI id in the FIDE-id column.
				if got := ix.Find(&tournament.Player{FideID: id}, o); got != i {
					t.Errorf("Find(FIDE column %q) = %d, want %d", id, got, i)
				}
			}
			// Leading zeros do not make another id.
			for i, id := range c.ids {
				if id[0] >= '0' && id[0] <= '9' {
					if got := ix.Find(&tournament.Player{NationalID: "0" + id}, o); got != i {
						t.Errorf("Find(0%s) = %d, want %d", id, got, i)
					}
				}
			}
			for _, id := range []string{"100002", "1000000", "", "-1", "0"} {
				if got := ix.Find(&tournament.Player{NationalID: id}, o); got != -1 {
					t.Errorf("Find(%q) = %d, want -1", id, got)
				}
			}
			for _, id := range []string{"100008", "5", "200000000"} {
				row := ix.Append(Player{FSIID: id})
				if got := ix.Find(&tournament.Player{NationalID: id}, o); got != row {
					t.Errorf("appended %q: Find = %d, want %d", id, got, row)
				}
			}
			// Two rows with one id: ambiguous, both named.
			dup := ix.Append(Player{FSIID: "100000"})
			if m := ix.Match(&tournament.Player{NationalID: "100000"}, o); m.Row != -1 || len(m.Candidates) != 2 || m.Candidates[1] != dup {
				t.Errorf("duplicate id: %+v", m)
			}
		})
	}
}

// TestMatchKeepsDigitsInNames reproduces the rating stage's measured
// faults: its name key dropped digits, so "Player, 1" … "Player, 15"
// folded to one key and became ambiguous, and "o666_ktlc" and
// "o99_ktlc" collided. The one normaliser keeps digits.
func TestMatchKeepsDigitsInNames(t *testing.T) {
	list := &Players{}
	names := []string{"Player, 1", "Player, 15", "Player, 5", "o666_ktlc", "o99_ktlc"}
	for _, n := range names {
		list.Rows = append(list.Rows, Player{Surname: n})
	}
	ix := NewIndex(list)
	for i, n := range names {
		if m := ix.Match(&tournament.Player{Name: n}, MatchOptions{ByName: true}); m.Row != i || m.By != ByName {
			t.Errorf("%q: %+v, want row %d by name", n, m, i)
		}
	}
	if got := Letters("Player, 15"); got != "player15" {
		t.Errorf("Letters = %q", got)
	}
}

// TestMatchNationalIDNotFoundTriesTheName: a number of fewer than 6
// digits in the FIDE-id column is a national id (the TRF reader moves it
// to NationalID); when no FSI id fits, the name is still tried. The
// rating stage's matcher never tried it (measured).
func TestMatchNationalIDNotFoundTriesTheName(t *testing.T) {
	list := &Players{Rows: []Player{{FSIID: "123456", Surname: "Rossi", Name: "Mario", BirthDate: tournament.NewDate(1980, 0, 0)}}}
	ix := NewIndex(list)
	p := &tournament.Player{Name: "ROSSI, Mario", NationalID: "4711", BirthDate: tournament.NewDate(1980, 5, 2)}
	if m := ix.Match(p, MatchOptions{ByName: true}); m.Row != 0 || m.By != ByNameBirth {
		t.Errorf("%+v, want row 0 by name and birth", m)
	}
	if m := ix.Match(p, MatchOptions{}); m.Row != -1 {
		t.Errorf("without match by name: %+v", m)
	}
}
