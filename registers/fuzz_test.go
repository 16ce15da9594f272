package registers

import (
	"testing"

	"omologa/tournament"
)

// FuzzMatch feeds the one normaliser and the one matcher arbitrary names
// and ids: folding is idempotent, and a player written exactly as a row
// of the register is found (alone, or among the candidates).
func FuzzMatch(f *testing.F) {
	for _, s := range []string{"Rossi, Mario", "D'Amico Luca", "Nicolò", "Player, 15", "o666_ktlc", "ß Œ ø", "", " 0123 "} {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, name, id string) {
		if Fold(Fold(name)) != Fold(name) || Letters(Letters(name)) != Letters(name) {
			t.Fatalf("folding %q is not idempotent", name)
		}
		if k := IDKey(id); k != IDKey(k) {
			t.Fatalf("IDKey(%q) = %q is not stable", id, k)
		}
		list := &Players{Rows: []Player{{FSIID: id, Surname: name}, {Surname: "Rossi", Name: "Mario"}}}
		ix := NewIndex(list)
		m := ix.Match(&tournament.Player{Name: name, NationalID: id}, MatchOptions{ByName: true})
		found := m.Row == 0
		for _, c := range m.Candidates {
			found = found || c == 0
		}
		if !found && (IDKey(id) != "" || Letters(name) != "") {
			t.Fatalf("name %q id %q: %+v", name, id, m)
		}
	})
}
