package rating

import (
	"fmt"
	"strconv"
	"strings"

	"omologa/internal/tournament"
)

// Overrides are the office's decisions on one tournament, as given with
// a rating of it (omologa rate): the chief arbiter's theoretical ratings
// (RTF 4.2.7, RAPID 6.8) and its reading of a last-round forfeit (RTF
// 7.5.2–7.5.3). AddTheoretical and AddWithdrawal read them as written.
type Overrides struct {
	// TheoreticalByStart and TheoreticalByID as given (START=RATING,
	// id:ID=RATING).
	TheoreticalByStart map[int]int    `json:"theoretical_by_start,omitempty"`
	TheoreticalByID    map[string]int `json:"theoretical_by_id,omitempty"`
	// Withdrawals: starting number → true for an unjustified withdrawal,
	// false for a justified one.
	Withdrawals map[int]bool `json:"withdrawals,omitempty"`
}

func (o *Overrides) Empty() bool {
	return len(o.TheoreticalByStart) == 0 && len(o.TheoreticalByID) == 0 && len(o.Withdrawals) == 0
}

// The range of a theoretical rating the chief arbiter gives a foreign
// player without a rating (RTF 4.2.7, RAPID 6.8): the regulations set no
// bound; these keep a slip (a FIDE id typed as a rating) out of a list.
const (
	MinTheoretical = 1
	MaxTheoretical = 3500
)

// TheoreticalInRange reports whether r may be a theoretical rating: the
// one check of the command line, the web and the office's decisions.
func TheoreticalInRange(r int) bool { return r >= MinTheoretical && r <= MaxTheoretical }

// AddTheoretical reads one theoretical rating: START=RATING or
// id:ID=RATING (an FSI or FIDE id), the rating from 1 to 3500.
func (o *Overrides) AddTheoretical(v string) error {
	key, val, ok := strings.Cut(v, "=")
	if !ok {
		return fmt.Errorf("%q: START=RATING or id:ID=RATING expected", v)
	}
	r, err := strconv.Atoi(strings.TrimSpace(val))
	if err != nil || !TheoreticalInRange(r) {
		return fmt.Errorf("%q: the rating must be a whole number from %d to %d", v, MinTheoretical, MaxTheoretical)
	}
	key = strings.TrimSpace(key)
	if id, isID := strings.CutPrefix(key, "id:"); isID {
		if id == "" {
			return fmt.Errorf("%q: empty id", v)
		}
		if !put(&o.TheoreticalByID, id, r) {
			return fmt.Errorf("%q: id %s given twice", v, id)
		}
		return nil
	}
	start, err := strconv.Atoi(key)
	if err != nil || start < 1 {
		return fmt.Errorf("%q: %q is not a starting number (or id:ID)", v, key)
	}
	if !put(&o.TheoreticalByStart, start, r) {
		return fmt.Errorf("%q: starting number %d given twice", v, start)
	}
	return nil
}

// put records v under k in *m, made when nil; false, and *m unchanged,
// when k is there already (an override is given once).
func put[K comparable, V any](m *map[K]V, k K, v V) bool {
	if _, dup := (*m)[k]; dup {
		return false
	}
	if *m == nil {
		*m = map[K]V{}
	}
	(*m)[k] = v
	return true
}

// AddWithdrawal reads the starting number of a player whose withdrawal
// the office judged justified or not.
func (o *Overrides) AddWithdrawal(v string, unjustified bool) error {
	start, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || start < 1 {
		return fmt.Errorf("%q is not a starting number", v)
	}
	if prev, dup := o.Withdrawals[start]; dup && prev != unjustified {
		return fmt.Errorf("starting number %d is given as both justified and unjustified", start)
	}
	if !put(&o.Withdrawals, start, unjustified) {
		return fmt.Errorf("starting number %d given twice", start)
	}
	return nil
}

// Theoretical are the theoretical ratings, as the seeding takes them.
func (o *Overrides) Theoretical() Theoretical {
	return Theoretical{ByStart: o.TheoreticalByStart, ByID: o.TheoreticalByID}
}

// Unknown is an override naming a player the tournament does not have:
// Decision is "theoretical", "withdrawal-justified" or
// "withdrawal-unjustified", Player the starting number or "id:ID".
type Unknown struct {
	Decision, Player string
	ByID             bool
}

// Unknown lists the overrides naming a player the tournament does not
// have.
func (o *Overrides) Unknown(t *tournament.Tournament) []Unknown {
	idx := t.Index()
	var bad []Unknown
	for s := range o.TheoreticalByStart {
		if _, ok := idx[s]; !ok {
			bad = append(bad, Unknown{Decision: "theoretical", Player: strconv.Itoa(s)})
		}
	}
	for id := range o.TheoreticalByID {
		found := false
		for i := range t.Players {
			if p := &t.Players[i]; p.NationalID == id || p.FideID == id {
				found = true
				break
			}
		}
		if !found {
			bad = append(bad, Unknown{Decision: "theoretical", Player: "id:" + id, ByID: true})
		}
	}
	for s, u := range o.Withdrawals {
		if _, ok := idx[s]; !ok {
			d := "withdrawal-justified"
			if u {
				d = "withdrawal-unjustified"
			}
			bad = append(bad, Unknown{Decision: d, Player: strconv.Itoa(s)})
		}
	}
	return bad
}
