package office

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"omologa/internal/config"
	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/platform/clock"
	"omologa/internal/rating"
	"omologa/internal/store"
)

// PlayerIndex is the players as the lists say them, for the players'
// pages: the rows of the latest closed list (else the players' register
// in force) to search, through a prefix index of their names' words,
// and each player's rating in every closed list and the milestones the
// lists ratified, kept in the store once per list (store.IndexList), so
// that no list is read twice and no process holds every list × every
// player: a list closed is read once, incrementally.
type PlayerIndex struct {
	st  *store.Store
	cfg *config.Config

	mu      sync.Mutex // the search rows
	stamp   string
	cur     *Players
	checked clock.Stopwatch // since the lists' stamps were last read (zero: never)

	syncMu sync.Mutex // the history in the store
}

// NewPlayerIndex returns the index of the players of st's lists.
func NewPlayerIndex(st *store.Store, cfg *config.Config) *PlayerIndex {
	return &PlayerIndex{st: st, cfg: cfg}
}

// Players is the searchable rows of one version of the lists.
type Players struct {
	Rows   []registers.Player
	Source string // what rows come from: "list standard 2027-01" or "register players.csv"
	Stamp  string // the version of the lists, for caches' keys
	byID   map[string]int
	byFide map[string]int
	// tokens is the prefix index: every suffix of a row's folded name
	// words, run together ("dangelomario", "angelomario", "mario"),
	// sorted; a query word matches a row when it begins one of them.
	tokens []nameToken
	words  [][]string // each row's tokens, to check a row against the other words
}

type nameToken struct {
	text string
	row  int32
}

// Search bounds: a query is at most MaxQuery bytes and MaxWords words,
// each of at least MinWord letters; MaxFound rows are returned.
const (
	MaxQuery = 100
	MaxWords = 4
	MinWord  = 2
	MaxFound = 100
)

// Warm builds the search rows and brings the history up to date in the
// background (at start and after a list is closed), so that the first
// players' page does not wait.
func (p *PlayerIndex) Warm() {
	p.Changed()
	go func() {
		ctx := context.Background()
		if _, err := p.Get(ctx); err == nil {
			_ = p.sync(ctx)
		}
	}()
}

// Changed says a list was just closed: the next Get reads the lists'
// stamps again.
func (p *PlayerIndex) Changed() {
	p.mu.Lock()
	p.checked = clock.Stopwatch{}
	p.mu.Unlock()
}

// Get returns the search rows of the lists as they are now, rebuilt when
// a list was closed since.
func (p *PlayerIndex) Get(ctx context.Context) (*Players, error) {
	// A search a moment after another one takes the same rows: a burst of
	// searches does not read the lists' stamps for each (a list closed
	// by this process is seen at once: Warm forgets the moment).
	p.mu.Lock()
	if p.cur != nil && p.checked.Elapsed() < time.Second {
		defer p.mu.Unlock()
		return p.cur, nil
	}
	p.mu.Unlock()
	stamps, err := p.st.ListStamps(ctx)
	if err != nil {
		return nil, err
	}
	stamp := stampOf(stamps)
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur != nil && p.stamp == stamp {
		p.checked = clock.Start()
		return p.cur, nil
	}
	ps, err := p.build(ctx)
	if err != nil {
		return nil, err
	}
	ps.Stamp = fmt.Sprintf("%x", hashString(stamp))
	p.cur, p.stamp, p.checked = ps, stamp, clock.Start()
	return ps, nil
}

func stampOf(stamps map[int64]string) string {
	keys := make([]string, 0, len(stamps))
	for id, s := range stamps {
		keys = append(keys, fmt.Sprint(id, " ", s))
	}
	slices.Sort(keys)
	return strings.Join(keys, "\n")
}

// hashString is a short FNV-1a of s: a cache key, not a secret.
func hashString(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// build reads the latest list (else the register in force) into rows
// and their prefix index: one list, not all of them.
func (p *PlayerIndex) build(ctx context.Context) (*Players, error) {
	ps := &Players{byID: map[string]int{}, byFide: map[string]int{}}
	sums, err := p.st.ListSummaries(ctx)
	if err != nil {
		return nil, err
	}
	var latest *registers.Players
	if len(sums) > 0 {
		// The latest period; of two kinds closed for it, the one whose
		// name sorts last (standard), as the lists were always read.
		s := slices.MaxFunc(sums, func(a, b store.ListSummary) int {
			return cmp.Or(cmp.Compare(a.Period, b.Period), cmp.Compare(a.Kind, b.Kind))
		})
		l, ok, err := p.st.RatingListByID(ctx, s.ID)
		if err != nil {
			return nil, err
		}
		if ok {
			ps.Source = fmt.Sprintf("list %s %s", s.Kind, s.Period)
			if latest, err = registers.ReadPlayers(ps.Source, l.List); err != nil {
				return nil, err
			}
		}
	}
	if latest == nil {
		path := ""
		if p.cfg != nil {
			path = p.cfg.Registers.Players
		}
		latest, err = loadRegister(ctx, p.st, store.RegisterPlayers, path, func(name string, data []byte) (*registers.Players, error) {
			ps.Source = "register " + name
			return registers.ReadPlayers(name, data)
		})
		if err != nil {
			return nil, err
		}
	}
	if latest != nil {
		ps.Rows = latest.Rows
	}
	ps.words = make([][]string, len(ps.Rows))
	for i := range ps.Rows {
		r := &ps.Rows[i]
		if r.FSIID != "" {
			ps.byID[r.FSIID] = i
		}
		if r.FideID != "" {
			ps.byFide[r.FideID] = i
		}
		ws := registers.Words(r.Surname + " " + r.Name)
		toks := make([]string, 0, len(ws))
		for j := range ws {
			t := strings.Join(ws[j:], "")
			toks = append(toks, t)
			ps.tokens = append(ps.tokens, nameToken{t, int32(i)})
		}
		ps.words[i] = toks
	}
	sort.Slice(ps.tokens, func(a, b int) bool { return ps.tokens[a].text < ps.tokens[b].text })
	return ps, nil
}

// ByID returns the row of an FSI id.
func (ps *Players) ByID(id string) (*registers.Player, bool) {
	i, ok := ps.byID[id]
	if !ok {
		return nil, false
	}
	return &ps.Rows[i], true
}

// Search finds players by FSI id, FIDE id or name, accents and case
// ignored, words in any order ("mario rossi" finds Rossi Mario), each
// word the beginning of a word of the name ("ross mar"). Its cost is
// bounded whatever the query: at most MaxWords words of MaxQuery bytes,
// each found by binary search in the prefix index, and only the rows of
// the rarest word checked against the others. more is true when there
// were more than MaxFound.
func (ps *Players) Search(q string) (found []*registers.Player, more bool, err error) {
	q = strings.TrimSpace(q)
	if q == "" {
		return nil, false, nil
	}
	if len(q) > MaxQuery {
		return nil, false, newError(Invalid, "office.search.too-long", MaxQuery)
	}
	if i, ok := ps.byID[q]; ok {
		return []*registers.Player{&ps.Rows[i]}, false, nil
	}
	if i, ok := ps.byFide[q]; ok {
		return []*registers.Player{&ps.Rows[i]}, false, nil
	}
	var keys []string
	for _, w := range strings.Fields(q) {
		if k := registers.Letters(w); len([]rune(k)) >= MinWord {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return nil, false, newError(Invalid, "office.search.short-words", MinWord)
	}
	if len(keys) > MaxWords {
		return nil, false, newError(Invalid, "office.search.too-many-words", MaxWords)
	}
	// The range of tokens each key begins; the rarest drives the scan.
	type span struct{ lo, hi int }
	best := -1
	spans := make([]span, len(keys))
	for i, k := range keys {
		lo := sort.Search(len(ps.tokens), func(j int) bool { return ps.tokens[j].text >= k })
		hi := lo + sort.Search(len(ps.tokens)-lo, func(j int) bool { return !strings.HasPrefix(ps.tokens[lo+j].text, k) })
		spans[i] = span{lo, hi}
		if best < 0 || hi-lo < spans[best].hi-spans[best].lo {
			best = i
		}
	}
	rows := make([]int32, 0, spans[best].hi-spans[best].lo)
	for _, t := range ps.tokens[spans[best].lo:spans[best].hi] {
		rows = append(rows, t.row)
	}
	slices.Sort(rows)
	rows = slices.Compact(rows)
	for _, r := range rows {
		ok := true
		for i, k := range keys {
			if i != best && !slices.ContainsFunc(ps.words[r], func(t string) bool { return strings.HasPrefix(t, k) }) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if len(found) == MaxFound {
			return found, true, nil
		}
		found = append(found, &ps.Rows[r])
	}
	return found, false, nil
}

// HistPoint is a player's rating in one closed list.
type HistPoint struct {
	Kind   fsi.Kind
	Period string
	Rating int
	Cat    string
}

// Milestone is a promotion, a rapid category change or a norm of a
// player, with the list whose close ratified it.
type Milestone struct {
	Kind       fsi.Kind // the list's: standard, rapid
	Period     string
	What       string // "promotion", "category", "norm"
	From, To   string // the categories, for a promotion or change
	Rating     int
	Tournament string // the norm's tournament
	Article    string
}

// History returns a player's rating in each closed list, oldest first,
// and his milestones; the history is first brought up to date with the
// lists closed since (each read once).
func (p *PlayerIndex) History(ctx context.Context, fsiID string) ([]HistPoint, []Milestone, error) {
	if err := p.sync(ctx); err != nil {
		return nil, nil, err
	}
	pts, err := p.st.PlayerHistory(ctx, fsiID)
	if err != nil {
		return nil, nil, err
	}
	out := make([]HistPoint, len(pts))
	for i, x := range pts {
		out[i] = HistPoint{Kind: x.Kind, Period: x.Period, Rating: x.Rating, Cat: x.Cat}
	}
	raw, err := p.st.PlayerMilestones(ctx, fsiID)
	if err != nil {
		return nil, nil, err
	}
	var ms []Milestone
	for _, b := range raw {
		var m Milestone
		if json.Unmarshal(b, &m) == nil {
			ms = append(ms, m)
		}
	}
	return out, ms, nil
}

// sync brings the stored history in line with the closed lists: a list
// closed again or gone is forgotten, a list not read yet is read (one at
// a time, so that memory holds one list).
func (p *PlayerIndex) sync(ctx context.Context) error {
	p.syncMu.Lock()
	defer p.syncMu.Unlock()
	stamps, err := p.st.ListStamps(ctx)
	if err != nil {
		return err
	}
	done, err := p.st.IndexedLists(ctx)
	if err != nil {
		return err
	}
	for id, st := range done {
		if stamps[id] != st {
			if err := p.st.UnindexList(ctx, id); err != nil {
				return err
			}
			delete(done, id)
		}
	}
	ids := make([]int64, 0, len(stamps))
	for id := range stamps {
		if _, ok := done[id]; !ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		if err := p.indexList(ctx, id, stamps[id]); err != nil {
			return err
		}
	}
	return nil
}

// indexList reads one closed list into the stored history.
func (p *PlayerIndex) indexList(ctx context.Context, id int64, stamp string) error {
	l, ok, err := p.st.RatingListByID(ctx, id)
	if err != nil || !ok {
		return err
	}
	ps, err := registers.ReadPlayers(fmt.Sprintf("list %s %s", l.Kind, l.Period), l.List)
	if err != nil {
		return err
	}
	var pts []store.PlayerPoint
	for i := range ps.Rows {
		r := &ps.Rows[i]
		if r.FSIID == "" {
			continue
		}
		pt := store.PlayerPoint{FSIID: r.FSIID, Rating: r.EloItalia, Cat: r.Category}
		if l.Kind == fsi.Rapid {
			pt.Rating, pt.Cat = r.EloRapid, rating.RapidCategory(r)
		}
		if pt.Rating > 0 {
			pts = append(pts, pt)
		}
	}
	ms := map[string][]Milestone{}
	if err := MilestonesOf(l.Report, l.Kind, l.Period, ms); err != nil {
		return err
	}
	var sms []store.PlayerMilestone
	for _, id := range slices.Sorted(maps.Keys(ms)) {
		for _, m := range ms[id] {
			b, _ := json.Marshal(m)
			sms = append(sms, store.PlayerMilestone{FSIID: id, Data: b})
		}
	}
	return p.st.IndexList(ctx, id, stamp, pts, sms)
}

// MilestonesOf reads a closed list's change report into the players'
// milestones.
func MilestonesOf(report []byte, kind fsi.Kind, period string, into map[string][]Milestone) error {
	var rep struct {
		Promotions []rating.CategoryChange `json:"promotions"`
		Categories []rating.CategoryChange `json:"category_changes"`
		Norms      []rating.PlayerNote     `json:"norms"`
	}
	if err := json.Unmarshal(report, &rep); err != nil {
		return fmt.Errorf("list %s %s: change report: %w", kind, period, err)
	}
	for _, x := range []struct {
		what string
		cs   []rating.CategoryChange
	}{{"promotion", rep.Promotions}, {"category", rep.Categories}} {
		for _, c := range x.cs {
			into[c.FSIID] = append(into[c.FSIID], Milestone{Kind: kind, Period: period, What: x.what,
				From: c.From, To: c.To, Rating: c.Rating, Article: c.Article})
		}
	}
	for _, n := range rep.Norms {
		// The reason names the tournament first: "Name: 6/9 against …".
		t := n.Reason
		if i := strings.LastIndex(t, ": "); i > 0 {
			t = t[:i]
		}
		into[n.FSIID] = append(into[n.FSIID], Milestone{Kind: kind, Period: period, What: "norm", Tournament: t,
			Article: n.Article})
	}
	return nil
}
