package pipeline

import (
	"testing"

	"omologa/internal/store"
)

// identify: the calendar authorisation or the start date finds the
// candidates; the share of players decides (issue 14, §4b "one
// tournament, rated once").
func TestIdentify(t *testing.T) {
	players := func(ps ...string) []string { return ps }
	abcd := players("a", "b", "c", "d", "e", "f", "g", "h", "i", "j")
	open := store.TournamentFacts{Key: "open|2026-12-01|milano", Start: "2026-12-01", Code: "C1", Players: abcd}
	other := store.TournamentFacts{Key: "open|2026-12-01|milano#2", Start: "2026-12-01", Code: "C1", Players: players("k", "l", "m", "n", "o", "p")}
	taken := func(keys ...string) func(string) (bool, error) {
		return func(k string) (bool, error) {
			for _, x := range keys {
				if x == k {
					return true, nil
				}
			}
			return false, nil
		}
	}
	for _, c := range []struct {
		name         string
		f            store.TournamentFacts
		cands        []store.TournamentFacts
		taken        []string
		key, unclear string
	}{
		{"a new tournament", store.TournamentFacts{Key: "k", Start: "2026-12-01", Players: abcd}, nil, nil, "k", ""},
		{"same players, header changed", store.TournamentFacts{Key: "open|2026-12-01|milano (mi)", Start: "2026-12-01", Code: "C1",
			Players: abcd}, []store.TournamentFacts{open}, nil, open.Key, ""},
		{"same authorisation, another start (a date corrected)", store.TournamentFacts{Key: "x", Start: "2026-12-02", Code: "C1",
			Players: abcd}, []store.TournamentFacts{open}, nil, open.Key, ""},
		{"no authorisation, another start: not a candidate", store.TournamentFacts{Key: "x", Start: "2026-12-02", Players: abcd},
			[]store.TournamentFacts{open}, nil, "x", ""},
		{"a section: same name, date and venue, other players", store.TournamentFacts{Key: open.Key, Start: "2026-12-01", Code: "C1",
			Players: players("q", "r", "s", "t")}, []store.TournamentFacts{open, other}, []string{open.Key, other.Key}, open.Key + "#3", ""},
		{"the second section's correction", store.TournamentFacts{Key: open.Key, Start: "2026-12-01", Code: "C1",
			Players: players("k", "l", "m", "n", "o", "p", "z")}, []store.TournamentFacts{open, other}, nil, other.Key, ""},
		{"half the players: the office decides", store.TournamentFacts{Key: open.Key, Start: "2026-12-01",
			Players: players("a", "b", "c", "d", "w", "x", "y", "z")}, []store.TournamentFacts{open}, []string{open.Key}, open.Key + "#2", open.Key},
		{"no players on either side: the key decides", store.TournamentFacts{Key: "e|1", Start: "2026-12-01"},
			[]store.TournamentFacts{{Key: "e|1", Start: "2026-12-01"}}, nil, "e|1", ""},
	} {
		key, unclear, err := identify(c.f, c.cands, taken(c.taken...))
		if err != nil || key != c.key || unclear != c.unclear {
			t.Errorf("%s: %q, unclear %q, %v; want %q, %q", c.name, key, unclear, err, c.key, c.unclear)
		}
	}
}

func TestShare(t *testing.T) {
	for _, c := range []struct {
		a, b []string
		want float64
	}{
		{nil, []string{"a"}, 0},
		{[]string{"a", "b"}, []string{"a", "b", "c", "d"}, 1},
		{[]string{"a", "c"}, []string{"b", "c"}, 0.5},
	} {
		if got := share(c.a, c.b); got != c.want {
			t.Errorf("share(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestRegs4b_VersionInForce: a new file of a tournament replaces the
// previous one only if it is accepted; a rejected correction leaves the
// accepted version in force (regs §4b, "One tournament, rated once").
func TestRegs4b_VersionInForce(t *testing.T) {
	for _, c := range []struct {
		name                            string
		accepted, earlierInSub, inForce bool
		want                            effect
	}{
		{"accepted, new tournament: replaces its rejected versions, if any", true, false, false, replacesRejected},
		{"accepted correction: replaces the version in force", true, false, true, replacesInForce},
		{"two accepted files in one submission: the later counts", true, true, true, replacesSameSubmission},
		{"two accepted files in one submission, nothing in force", true, true, false, replacesSameSubmission},
		{"rejected correction: the accepted version stays in force", false, false, true, keepsInForce},
		{"rejected, nothing in force", false, false, false, noEffect},
		{"rejected after an accepted file of the same submission", false, true, true, noEffect},
	} {
		if got := versionEffect(c.accepted, c.earlierInSub, c.inForce); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}
