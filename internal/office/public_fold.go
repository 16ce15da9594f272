package office

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/publishing/lists"
	"omologa/internal/publishing/site"
	"omologa/internal/publishing/statistics"
	"omologa/internal/rating"
	"omologa/internal/store"
)

// publicFold is what the public site and the statistics take from every
// closed list, folded oldest first: the members (the latest list a
// member is on says his club), the players' facts (site.FoldFacts), the
// variations of each tournament in the list that rated it, and what is
// counted of each list. It is kept beside the store (cache/public.gob,
// with the private fields the statistics count: never published), with
// the fold of every list but the last, so that a run that closes a list
// (or closes the last one again) reads that list and not every list;
// the lists folded are named by their stamps, and a store whose lists
// are not those stamps followed by new ones (a list closed again, an
// earlier period closed late, a store restored) is folded again from
// the start.
type publicFold struct {
	Version int
	// Members and Facts are the stamps of the lists folded, in each
	// fold's order (membersOrder, site.ListOrder).
	Members, Facts []string
	MemberRows     map[string]statistics.Player
	PlayerFacts    map[string]*site.Facts
	RatedIn        map[string]*ratedVars
	Lists          map[int64]foldedList
}

// ratedVars are a tournament's players' variations in the list that rated
// it (In, its title: the first list that did).
type ratedVars struct {
	Vars map[int]rating.Tenths
	In   string
}

// foldedList is what is counted of a list without reading it again.
type foldedList struct {
	Added  int // players the list added (its change report)
	Listed int // players it publishes
	// Hash is the list's content (its rows and the list in force it
	// was closed from): the key the site keeps its files under, the same
	// for the same list whenever and wherever it was closed.
	Hash string
}

// foldVersion changes with what the fold keeps or how.
const foldVersion = 2

func newFold() *publicFold {
	return &publicFold{Version: foldVersion, MemberRows: map[string]statistics.Player{}, PlayerFacts: map[string]*site.Facts{},
		RatedIn: map[string]*ratedVars{}, Lists: map[int64]foldedList{}}
}

// foldFile is where the fold is kept.
func (o *Office) foldFile() string { return o.cacheFile("public.gob") }

// keptFolds are the folds kept: of every list, and of every list but
// the last (for a last list closed again).
type keptFolds struct {
	Last, Before *publicFold
}

// readFold reads the folds kept; none usable is no fold (a cache: any
// failure costs a fold from the start, nothing else).
func (o *Office) readFold() keptFolds {
	var k keptFolds
	if !readCache(o.foldFile(), &k) {
		return keptFolds{}
	}
	if !k.Last.usable() {
		k.Last = nil
	}
	if !k.Before.usable() {
		k.Before = nil
	}
	return k
}

func (f *publicFold) usable() bool {
	return f != nil && f.Version == foldVersion && f.MemberRows != nil && f.PlayerFacts != nil && f.RatedIn != nil && f.Lists != nil
}

// clone is a copy of f that folding into f leaves as it is.
func (f *publicFold) clone() *publicFold {
	c := &publicFold{Version: f.Version, Members: slices.Clone(f.Members), Facts: slices.Clone(f.Facts),
		MemberRows: maps.Clone(f.MemberRows), Lists: maps.Clone(f.Lists),
		PlayerFacts: make(map[string]*site.Facts, len(f.PlayerFacts)), RatedIn: make(map[string]*ratedVars, len(f.RatedIn))}
	for id, p := range f.PlayerFacts {
		q := *p
		c.PlayerFacts[id] = &q
	}
	for k, r := range f.RatedIn {
		c.RatedIn[k] = &ratedVars{Vars: maps.Clone(r.Vars), In: r.In}
	}
	return c
}

// writeFold keeps the folds for the next process; a failure is logged,
// not returned: the next build folds from the start.
func (o *Office) writeFold(k keptFolds) { o.keepCache(o.foldFile(), "the lists' fold", k) }

// listStamp names a closed list's content: its id changes when it is
// closed again, and so does the time of its close.
func listStamp(s *store.ListSummary) string {
	return fmt.Sprintf("%d %s %s %s", s.ID, s.Kind, s.Period, s.CreatedAt.UTC().Format(time.RFC3339Nano))
}

// parsedList is a closed list read from the store, each part once.
type parsedList struct {
	l       *store.RatingList
	name    string
	ps      *registers.Players
	entries []lists.Entry
	rows    []int
	report  *rating.Report
}

// listReader reads closed lists from the store when a build needs them, each
// once.
type listReader struct {
	o    *Office
	ctx  context.Context
	mu   sync.Mutex // the site's parts read lists at once
	read map[int64]*parsedList
}

// parseList is a list as the store gives it back (l, its ID set), read
// for the site: its players and its rows as published.
func parseList(l *store.RatingList) (*parsedList, error) {
	p := &parsedList{l: l, name: fmt.Sprintf("list %s %s", l.Kind, l.Period)}
	var err error
	if p.ps, err = registers.ReadPlayers(p.name, l.List); err != nil {
		return nil, err
	}
	// The list as published, for its page and for the statistics.
	p.entries, p.rows = lists.BuildRows(p.ps, l.Kind)
	return p, nil
}

func (r *listReader) get(id int64) (*parsedList, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if p := r.read[id]; p != nil {
		return p, nil
	}
	l, ok, err := r.o.Store.RatingListByID(r.ctx, id)
	if err == nil && !ok {
		err = fmt.Errorf("not in the store")
	}
	if err != nil {
		return nil, fmt.Errorf("list %d: %w", id, err)
	}
	p, err := parseList(l)
	if err != nil {
		return nil, err
	}
	r.read[id] = p
	return p, nil
}

func (p *parsedList) changes() (*rating.Report, error) {
	if p.report == nil {
		p.report = &rating.Report{}
		if err := json.Unmarshal(p.l.Report, p.report); err != nil {
			return nil, fmt.Errorf("%s: change report: %w", p.name, err)
		}
	}
	return p.report, nil
}

// foldMembers folds one list, in membersOrder, into the members, the
// tournaments' variations and the lists' counts.
func (f *publicFold) foldMembers(p *parsedList, title string) error {
	rep, err := p.changes()
	if err != nil {
		return err
	}
	h := sha256.New()
	h.Write(p.l.List)
	h.Write([]byte{0})
	h.Write(p.l.Base)
	f.Lists[p.l.ID] = foldedList{Added: len(rep.Added), Listed: len(p.entries), Hash: hex.EncodeToString(h.Sum(nil))}
	for _, m := range statPlayers(p.ps) {
		f.MemberRows[m.FSIID] = m
	}
	keyOf := map[string]string{}
	for _, lf := range p.l.Files {
		keyOf[lf.Label] = lf.TournamentKey
	}
	for _, c := range rep.Changes {
		for _, v := range c.Variations {
			key := keyOf[v.File]
			if key == "" {
				continue
			}
			r := f.RatedIn[key]
			if r == nil {
				r = &ratedVars{Vars: map[int]rating.Tenths{}, In: title}
				f.RatedIn[key] = r
			}
			r.Vars[v.Start] = v.Applied
		}
	}
	return nil
}

// membersOrder sorts the lists' summaries as the members are folded:
// oldest period first, and in a period the standard list before the
// rapid one (the reverse of store.ListSummaries).
func membersOrder(sums []store.ListSummary) []store.ListSummary {
	out := slices.Clone(sums)
	slices.Reverse(out)
	return out
}

// isPrefix says whether the stamps folded are the first of now.
func isPrefix(folded, now []string) bool {
	return len(folded) <= len(now) && slices.Equal(folded, now[:len(folded)])
}
