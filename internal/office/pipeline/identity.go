package pipeline

import (
	"context"
	"fmt"
	"slices"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/store"
	"omologa/internal/tournament"
)

// Thresholds of the share of players two files have in common (of the
// smaller file's players): from sameShare up they are one tournament (a
// correction changes a result, a name, a late entry, not the field);
// below unclearShare they are different tournaments (sections of one
// festival share name, dates and venue but not their players); between,
// the office decides (omologa tournament link).
const (
	sameShare    = 0.6
	unclearShare = 0.3
)

// Key identifies a tournament across submissions, so that a corrected
// file supersedes the earlier one: the folded name, start date and city.
// It is "" when the file does not name the tournament.
func Key(t *tournament.Tournament) string {
	name := registers.KeyFold(t.Name)
	if name == "" {
		return ""
	}
	start := t.Start
	if !start.IsFull() {
		for _, d := range t.RoundDates {
			if d.IsFull() {
				start = d
				break
			}
		}
	}
	return name + "|" + start.String() + "|" + registers.KeyFold(t.City)
}

// effect is what a judged file of a known tournament does to its
// versions (regs §4b, "One tournament, rated once": a new file replaces
// the previous one only if it is accepted; a rejected correction leaves
// the accepted version in force).
type effect int

const (
	// noEffect: a rejected file of a tournament without a version in
	// force (or a second rejected file of one submission).
	noEffect effect = iota
	// replacesSameSubmission: accepted, after an accepted file of the
	// same tournament in the same submission: the later counts.
	replacesSameSubmission
	// replacesInForce: accepted, the tournament has a version in force:
	// this one replaces it.
	replacesInForce
	// replacesRejected: accepted, the tournament's first accepted
	// version: it replaces its last (rejected) version.
	replacesRejected
	// keepsInForce: rejected, the tournament has a version in force: it
	// stays, and the notice says so.
	keepsInForce
)

// versionEffect decides the effect of a file (accepted or not) given
// whether the same submission had an accepted file of the tournament
// and whether the tournament has a version in force.
func versionEffect(accepted, earlierInSubmission, inForce bool) effect {
	switch {
	case accepted && earlierInSubmission:
		return replacesSameSubmission
	case accepted && inForce:
		return replacesInForce
	case accepted:
		return replacesRejected
	case !earlierInSubmission && inForce:
		return keepsInForce
	}
	return noEffect
}

// factsOf are the facts of a read file that identify its tournament:
// the calendar authorisation the validator matched, dates, venue,
// rounds and players.
func factsOf(t *tournament.Tournament, rep validate.Report) store.TournamentFacts {
	f := store.TournamentFacts{Key: Key(t), Name: t.Name, City: t.City,
		Start: rep.Summary.Start.String(), End: rep.Summary.End.String(), Rounds: rep.Summary.Rounds}
	if a := rep.Authorisation; a != nil {
		f.Code = a.Code
	}
	for i := range t.Players {
		if k := registers.Letters(t.Players[i].Name); k != "" {
			f.Players = append(f.Players, k)
		}
	}
	slices.Sort(f.Players)
	f.Players = slices.Compact(f.Players)
	return f
}

// share is the share of players a and b (sorted, distinct) have in
// common, of the smaller set; 0 when either is empty.
func share(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			n++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return float64(n) / float64(min(len(a), len(b)))
}

// identify chooses the tournament f is a version of among the
// candidates (tournaments with the same calendar authorisation or start
// date): the one sharing most of its players, when it shares a large
// part of them. Otherwise f is a new tournament, keyed by its name,
// start and city, numbered when that key is taken by another section;
// unclear names a candidate sharing some of its players, for the office
// to decide.
func identify(f store.TournamentFacts, cands []store.TournamentFacts, taken func(string) (bool, error)) (key, unclear string, err error) {
	best, bestShare := -1, 0.0
	tie := false
	maybe, maybeShare := -1, 0.0
	for i, c := range cands {
		sameCode := f.Code != "" && c.Code == f.Code
		if !sameCode && (c.Start == "" || c.Start != f.Start) {
			continue
		}
		s := share(f.Players, c.Players)
		if len(f.Players) == 0 && len(c.Players) == 0 && c.Key == f.Key {
			s = 1 // nothing to compare: the name, start and city decide, as before
		}
		switch {
		case s >= sameShare && s > bestShare:
			best, bestShare, tie = i, s, false
		case s >= sameShare && s == bestShare && c.Key != cands[best].Key:
			tie = true
		case s >= unclearShare && s > maybeShare:
			maybe, maybeShare = i, s
		}
	}
	if best >= 0 && !tie {
		return cands[best].Key, "", nil
	}
	if best >= 0 {
		maybe = best
	}
	if maybe >= 0 {
		unclear = cands[maybe].Key
	}
	key = f.Key
	if key == "" {
		return "", unclear, nil
	}
	for n := 2; ; n++ {
		t, err := taken(key)
		if err != nil {
			return "", "", err
		}
		if !t {
			return key, unclear, nil
		}
		key = fmt.Sprintf("%s#%d", f.Key, n)
	}
}

// tournamentOf finds the tournament of a read file: among the stored
// tournaments and the files of the same submission judged before it
// (local).
func (p *Pipeline) tournamentOf(ctx context.Context, f store.TournamentFacts, local []store.TournamentFacts) (key, unclear string, err error) {
	cands, err := p.o.Store.Candidates(ctx, f.Code, f.Start)
	if err != nil {
		return "", "", err
	}
	// The submission's own files come last, so that of two files of one
	// submission for the same tournament the later counts.
	cands = append(cands, local...)
	return identify(f, cands, func(k string) (bool, error) {
		for _, l := range local {
			if l.Key == k {
				return true, nil
			}
		}
		return p.o.Store.KeyTaken(ctx, k)
	})
}
