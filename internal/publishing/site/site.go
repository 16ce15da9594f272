// Package site writes the federation's public site: a static folder of
// HTML pages (served by any web server or CDN, or opened from disk) with
// the published rating lists (search and sort in the page), one page per
// player (his ratings across every published list as a table and a
// chart, drawn in the page from the lists' data files, history.go; the
// homologated tournaments he played with his score and variation), one
// page per homologated tournament (standings and crosstable), an index
// by province and the federation's statistics.
//
// It publishes only what regs §4b allows: surname, name, FSI id, FIDE
// title and the mark of a FIDE rating, category, province and ratings.
// Birth dates, sex, clubs, membership and FIDE ids never reach a page:
// the types below do not carry them, and a test crawls the demo site
// for them.
//
// Pages link each other and their assets relatively, so the folder
// works from disk (file://) as well as behind a server; the stylesheet
// and scripts carry their content's hash in their names (cached for
// ever); nothing is loaded from elsewhere. A build rewrites only the
// files whose content changed (manifest.json keeps their hashes; a page
// is not even rendered when what it shows is unchanged, a list given by
// its Key not even read, a year's statistics not computed) and removes
// the pages no longer published. A list closed writes its own page, CSV
// and data files, the index, and the pages of the players, tournaments
// and provinces whose facts it changed: not every listed player's page.
//
// The package reads nothing but its Input: the office gathers it from
// the store.
package site

import (
	"cmp"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/publishing/lists"
	"omologa/internal/publishing/statistics"
	"omologa/internal/rating"
	"omologa/internal/tournament"
)

// Input is what the site shows.
type Input struct {
	// Lists are the closed lists, any order.
	Lists []List
	// Tournaments are the homologated tournaments (versions in force).
	Tournaments []Tournament
	// Stats are the statistics of each year; or Years, computed as
	// needed.
	Stats []*statistics.Result
	Years []StatsYear
	// Facts are the players' facts folded from Lists (FoldFacts), when
	// the caller keeps them between builds; nil: Build folds Lists,
	// which must then all carry their Players.
	Facts map[string]*Facts
}

// List is a closed list.
type List struct {
	Kind    fsi.Kind
	Period  periods.Period
	Players *registers.Players
	Bands   []rules.Band // the rapid categories, for the legend
	// Entries and Rows are the list as published (lists.BuildRows of
	// Players and Kind) when the caller has it already; nil, Build
	// computes it.
	Entries []lists.Entry
	Rows    []int
	// Key names the list's content (the store's list and its close):
	// its page, CSV and data files are kept, unread, while Key and the
	// site's layout are the last build's. "": they are compared by
	// their rows, and Players must be given.
	Key string
	// With a Key, Players may be nil: Listed is then how many players
	// the list publishes, and Load gives Players, Entries and Rows when
	// the build needs them after all (a file missing, a new layout).
	Listed int
	Load   func() (*registers.Players, []lists.Entry, []int, error)
}

// Facts are what a player's page says of him from the lists: his name
// and province on the latest list he is on, his category and rating on
// the latest list of each kind.
type Facts struct {
	ID            string
	Surname, Name string
	Province      string
	Category      string // national, latest standard list
	RapidCategory string
	FIDE          bool // his rating on the latest standard list is FIDE
	Standard      int  // latest ratings
	Rapid         int
}

// FoldFacts updates the players' facts with a list (its Entries and
// Rows given, or computed): folded oldest first (by period, then kind,
// as ListOrder sorts), they are the facts of every list.
func FoldFacts(facts map[string]*Facts, l *List) {
	entries, rows := l.Entries, l.Rows
	if entries == nil {
		entries, rows = lists.BuildRows(l.Players, l.Kind)
	}
	for i := range entries {
		e := &entries[i]
		id := l.Players.Rows[rows[i]].FSIID
		if id == "" {
			continue
		}
		p := facts[id]
		if p == nil {
			p = &Facts{ID: id}
			facts[id] = p
		}
		p.Surname, p.Name, p.Province = e.Surname, e.Name, e.Province
		if l.Kind == fsi.Rapid {
			p.RapidCategory, p.Rapid = e.Category, e.Rating
		} else {
			p.Category, p.FIDE, p.Standard = e.Category, e.FIDE, e.Rating
		}
	}
}

// ListOrder is the order lists are folded in: by period, then kind.
func ListOrder(a, b *List) int {
	return cmp.Or(cmp.Compare(a.Period.Label, b.Period.Label), cmp.Compare(a.Kind, b.Kind))
}

// Tournament is a homologated tournament.
type Tournament struct {
	ID         int64 // stable: the page's name
	Name, City string
	Province   string
	Start, End tournament.Date
	Kind       fsi.Kind
	// T is the parsed file, for the crosstable; nil when unreadable.
	T         *tournament.Tournament
	Standings []validate.Standing
	// FSI maps starting numbers to FSI ids (the rating stage's match).
	FSI map[int]string
	// Variations are the players' applied variations in the list that
	// rated the tournament (RatedIn, "Elo Italia – lista di gennaio
	// 2027"); empty while no list has.
	Variations map[int]rating.Tenths
	RatedIn    string
}

// Result says what a build did.
type Result struct {
	Dir string `json:"dir"`
	// Files is how many files the site has, Written those this build
	// wrote (new or changed), Kept those left as they were, Removed
	// those no longer published.
	Files   int      `json:"files"`
	Written []string `json:"written"`
	Kept    int      `json:"kept"`
	Removed []string `json:"removed"`
	Players int      `json:"players"`
	Tourns  int      `json:"tournaments"`
}

// Paths of the pages, relative to the site's root.
func playerPath(id string) string  { return "giocatori/" + safe(id) + ".html" }
func tournPath(id int64) string    { return "tornei/" + strconv.FormatInt(id, 10) + ".html" }
func provincePath(p string) string { return "province/" + safe(p) + ".html" }
func listPath(k fsi.Kind, p string) string {
	return "liste/" + string(k) + "-" + safe(p) + ".html"
}

// safe keeps a path element to letters, digits and '-'.
func safe(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' {
			return r
		}
		return '_'
	}, s)
}

// Build writes the site into dir.
func Build(dir string, in Input) (*Result, error) {
	// The last build's manifest (30,000 players: 3.7 MB of JSON) is read
	// while the input is arranged: neither needs the other.
	var (
		w    *writer
		werr error
		read sync.WaitGroup
	)
	read.Go(func() { w, werr = newWriter(dir) })
	s, err := newSite(in)
	read.Wait()
	if werr != nil {
		return nil, werr
	}
	if err != nil {
		return nil, err
	}
	if err := s.write(w); err != nil {
		return nil, err
	}
	removed, err := w.finish()
	if err != nil {
		return nil, err
	}
	return &Result{Dir: dir, Files: len(w.now), Written: w.written, Kept: w.kept, Removed: removed,
		Players: len(s.players), Tourns: len(in.Tournaments)}, nil
}

// site is the input arranged for the pages.
type site struct {
	in      Input
	lists   []listView // latest first
	players map[string]*player
	ids     []string // players by surname, name
	tourns  []*Tournament
}

type listView struct {
	L     *List
	Title string
	Path  string
	Count int // players published
	// Players, Entries and Rows are the list's rows, nil until rows()
	// reads them.
	Players *registers.Players
	Entries []lists.Entry
	Rows    []listRow
}

// listRow is an entry with the address of the player's page ("" for a
// player without FSI id).
type listRow struct {
	*lists.Entry
	Href string
	ID   string // the row's FSI id (the entry has it only where the page shows it)
}

// rows reads the list's rows, loading the list if it was given by its
// Key alone (the caller's List is left as given).
func (v *listView) rows() error {
	if v.Rows != nil {
		return nil
	}
	l := v.L
	ps, entries, rows := l.Players, l.Entries, l.Rows
	if ps == nil {
		if l.Load == nil {
			return fmt.Errorf("%s: no rows to write", v.Title)
		}
		var err error
		if ps, entries, rows, err = l.Load(); err != nil {
			return fmt.Errorf("%s: %w", v.Title, err)
		}
	}
	if entries == nil {
		entries, rows = lists.BuildRows(ps, l.Kind)
	}
	v.Players, v.Entries, v.Count = ps, entries, len(entries)
	v.Rows = make([]listRow, len(entries))
	for i := range entries {
		v.Rows[i] = listRow{Entry: &entries[i]}
		if id := ps.Rows[rows[i]].FSIID; id != "" {
			v.Rows[i].Href, v.Rows[i].ID = "../"+playerPath(id), id
		}
	}
	return nil
}

func newSite(in Input) (*site, error) {
	s := &site{in: in, players: map[string]*player{}}
	ls := make([]*List, len(in.Lists))
	for i := range in.Lists {
		ls[i] = &in.Lists[i]
	}
	// Oldest first: the latest list a player is on says his name,
	// province and categories.
	slices.SortStableFunc(ls, ListOrder)
	facts := in.Facts
	if facts == nil {
		facts = map[string]*Facts{}
		for _, l := range ls {
			if l.Players == nil {
				return nil, fmt.Errorf("list %s %s: no players given, nor their facts", l.Kind, l.Period.Label)
			}
			FoldFacts(facts, l)
		}
	}
	for id, f := range facts {
		s.players[id] = &player{Facts: *f}
	}
	for _, l := range ls {
		v := listView{L: l, Title: lists.Title(l.Kind, l.Period), Path: listPath(l.Kind, l.Period.Label), Count: l.Listed}
		if l.Players != nil {
			if err := v.rows(); err != nil {
				return nil, err
			}
		}
		s.lists = append(s.lists, v)
	}
	slices.Reverse(s.lists)
	for i := range in.Tournaments {
		s.tourns = append(s.tourns, &in.Tournaments[i])
	}
	slices.SortStableFunc(s.tourns, func(a, b *Tournament) int {
		return cmp.Or(cmp.Compare(b.Start.String(), a.Start.String()), cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	})
	// Oldest first on the players' pages.
	for i := len(s.tourns) - 1; i >= 0; i-- {
		t := s.tourns[i]
		for _, st := range t.Standings {
			id := t.FSI[st.Start]
			p := s.players[id]
			if p == nil {
				continue
			}
			g := gameRow{Href: "../" + tournPath(t.ID), Name: t.Name, Dates: datesIT(t.Start, t.End), KindIT: kindIT(t.Kind),
				Score: pointsIT(st.Points)}
			if t.T != nil {
				if pl := t.T.Player(st.Start); pl != nil {
					if ft := fideTitle(pl.Title); ft != "" {
						p.Title = ft
					}
					g.Games = pl.Played()
				}
			}
			if v, ok := t.Variations[st.Start]; ok {
				g.Variation = signedTenths(v)
				switch {
				case v > 0:
					g.Class = "up"
				case v < 0:
					g.Class = "down"
				}
			}
			p.Games = append(p.Games, g)
		}
	}
	// By surname and name, each player's sort key computed once.
	keys := make(map[string]string, len(s.players))
	for id, p := range s.players {
		s.ids = append(s.ids, id)
		keys[id] = registers.Letters(p.Surname + " " + p.Name)
	}
	slices.SortFunc(s.ids, func(a, b string) int { return cmp.Or(cmp.Compare(keys[a], keys[b]), cmp.Compare(a, b)) })
	return s, nil
}

// write writes every file of the site: the parts at once, on every
// core (the writer is safe for concurrent use; the parts only read the
// site, but for the lists' rows, which writeLists alone reads).
func (s *site) write(w *writer) error {
	a, err := writeAssets(w)
	if err != nil {
		return err
	}
	parts := []func() error{
		func() error { return s.writePlayers(w, a) },
		func() error { return s.writeStats(w, a) },
		func() error { return s.writeProvinces(w, a) },
		func() error {
			if err := s.writeIndex(w, a); err != nil {
				return err
			}
			for i := range s.lists {
				if err := s.writeList(w, a, &s.lists[i]); err != nil {
					return err
				}
			}
			if err := s.writeHistory(w); err != nil {
				return err
			}
			return s.writeTournaments(w, a)
		},
	}
	errs := make([]error, len(parts))
	var wg sync.WaitGroup
	for i, f := range parts {
		wg.Go(func() { errs[i] = f() })
	}
	wg.Wait()
	return errors.Join(errs...)
}

// writePlayers writes the players' pages and charts, on every core.
func (s *site) writePlayers(w *writer, a assets) error {
	f, err := newPlayerFrames(a)
	if err != nil {
		return err
	}
	jobs := make(chan string)
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range jobs {
				if err := s.writePlayer(w, a, s.players[id], f); err != nil {
					once.Do(func() { first = fmt.Errorf("player %s: %w", id, err) })
				}
			}
		}()
	}
	for _, id := range s.ids {
		jobs <- id
	}
	close(jobs)
	wg.Wait()
	return first
}
