package office

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"sync"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/platform/catalogue"
	"omologa/internal/publishing/lists"
	"omologa/internal/publishing/site"
	"omologa/internal/publishing/statistics"
	"omologa/internal/rating"
	"omologa/internal/store"
	"omologa/internal/tournament/codec"
)

// SiteDir is where the public site is written: publish/site beside the
// store, with the lists' own folders.
func (o *Office) SiteDir() string {
	return filepath.Join(filepath.Dir(o.Config.Store.Path), "publish", "site")
}

// publicData reads from the store what the public site and the
// statistics show: the closed lists, the homologated tournaments (each
// parsed once) and the judged files.
type publicData struct {
	site  site.Input
	stats statistics.Input
}

func (o *Office) loadPublic(ctx context.Context) (*publicData, error) {
	st := o.Store
	settings := &o.Rules.Rating
	d := &publicData{}
	sums, err := st.ListSummaries(ctx)
	if err != nil {
		return nil, err
	}
	// Oldest first: the latest list read says a member's club and
	// province for the statistics.
	slices.Reverse(sums)
	// The variations of each tournament in the list that rated it, by
	// tournament key.
	type rated struct {
		vars map[int]rating.Tenths
		in   string
	}
	ratedIn := map[string]*rated{}
	members := map[string]statistics.Player{}
	seen := map[[32]byte]*publicList{}
	for _, s := range sums {
		l, ok, err := st.RatingListByID(ctx, s.ID)
		if err != nil || !ok {
			return nil, fmt.Errorf("list %s %s: %v", s.Kind, s.Period, err)
		}
		pl, err := o.public.get(l, seen, func() (*publicList, error) { return o.readPublicList(l) })
		if err != nil {
			return nil, err
		}
		d.site.Lists = append(d.site.Lists, pl.site)
		d.stats.Lists = append(d.stats.Lists, pl.stats)
		for _, p := range pl.members {
			members[p.FSIID] = p
		}
		for _, c := range pl.rated {
			r := ratedIn[c.key]
			if r == nil {
				r = &rated{vars: map[int]rating.Tenths{}, in: pl.title}
				ratedIn[c.key] = r
			}
			r.vars[c.start] = c.applied
		}
	}
	o.public.keep(seen)
	if len(members) == 0 {
		regs, err := LoadRegisters(ctx, st, o.Config)
		if err != nil {
			return nil, err
		}
		if regs.Players != nil {
			for _, p := range statPlayers(regs.Players) {
				members[p.FSIID] = p
			}
		}
	}
	for _, p := range members {
		d.stats.Players = append(d.stats.Players, p)
	}
	slices.SortFunc(d.stats.Players, func(a, b statistics.Player) int { return compareStrings(a.FSIID, b.FSIID) })

	ts, err := st.PublicTournaments(ctx)
	if err != nil {
		return nil, err
	}
	for _, pt := range ts {
		var rep validate.Report
		if err := json.Unmarshal(pt.Report, &rep); err != nil {
			return nil, fmt.Errorf("tournament %q: report: %w", pt.Name, err)
		}
		t := site.Tournament{ID: pt.ID, Name: pt.Name, City: pt.City, Province: pt.Province, Kind: pt.Kind,
			Standings: rep.Standings, FSI: map[int]string{}}
		_ = t.Start.UnmarshalText([]byte(pt.Start))
		_ = t.End.UnmarshalText([]byte(pt.End))
		if parsed, _, err := codec.Read(pt.FileName, pt.Data); err == nil {
			t.T = parsed
		}
		for _, r := range pt.Ratings {
			var line rating.Line
			if err := json.Unmarshal(r.Result, &line); err == nil && line.FSIID != "" {
				t.FSI[line.Start] = line.FSIID
			}
		}
		if r := ratedIn[pt.Key]; r != nil {
			t.Variations, t.RatedIn = r.vars, r.in
		}
		if t.Name == "" && t.T != nil {
			t.Name = t.T.Name
		}
		d.site.Tournaments = append(d.site.Tournaments, t)

		month := pt.End
		if len(month) < 7 {
			month = pt.Start
		}
		if len(month) >= 7 {
			month = month[:7]
		}
		stt := statistics.Tournament{Key: pt.Key, Province: pt.Province, Kind: pt.Kind, Month: month}
		if t.T != nil {
			stt.Games = len(t.T.Games())
			for i := range t.T.Players {
				pl := &t.T.Players[i]
				d.stats.Participations = append(d.stats.Participations, statistics.Participation{Tournament: pt.Key,
					FSIID: t.FSI[pl.Start], Games: pl.Played()})
			}
		}
		d.stats.Tournaments = append(d.stats.Tournaments, stt)
	}

	js, err := st.JudgedFileVerdicts(ctx)
	if err != nil {
		return nil, err
	}
	loc := settings.Location()
	for _, j := range js {
		d.stats.Judged = append(d.stats.Judged, statistics.Judged{Province: j.Province, Month: j.ReceivedAt.In(loc).Format("2006-01"),
			Verdict: j.Verdict, Late: j.Late, Articles: j.Articles})
	}
	for _, y := range statistics.Years(d.stats) {
		r, err := statistics.Compute(d.stats, y)
		if err != nil {
			return nil, err
		}
		d.site.Stats = append(d.site.Stats, r)
	}
	return d, nil
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// publicList is what the public site and the statistics take from one
// closed list: parsed once, and again only when the list's bytes change
// (publicLists).
type publicList struct {
	site    site.List
	stats   statistics.List
	members []statistics.Player // its rows as the statistics count them
	title   string
	// rated are the variations the list applied, in its change report's
	// order.
	rated []variation
}

type variation struct {
	key     string // the tournament's
	start   int
	applied rating.Tenths
}

// readPublicList parses a closed list for the public site and the
// statistics.
func (o *Office) readPublicList(l *store.RatingList) (*publicList, error) {
	settings := &o.Rules.Rating
	k := l.Kind
	period, err := settings.Schedule(k).Parse(l.Period)
	if err != nil {
		return nil, fmt.Errorf("list %s %s: %w", l.Kind, l.Period, err)
	}
	name := fmt.Sprintf("list %s %s", l.Kind, l.Period)
	ps, err := registers.ReadPlayers(name, l.List)
	if err != nil {
		return nil, err
	}
	var rep rating.Report
	if err := json.Unmarshal(l.Report, &rep); err != nil {
		return nil, fmt.Errorf("%s: change report: %w", name, err)
	}
	// The list as published, for its page and for the statistics.
	entries, rows := lists.BuildRows(ps, k)
	pl := &publicList{site: site.List{Kind: k, Period: period, Players: ps, Bands: settings.Rapid.Categories, Entries: entries, Rows: rows},
		stats:   statistics.List{Kind: k, Period: l.Period, Players: listedPlayers(ps, entries, rows), Added: len(rep.Added)},
		members: statPlayers(ps), title: lists.Title(k, period)}
	if len(l.Base) > 0 {
		base, err := registers.ReadPlayers(name+" (base)", l.Base)
		if err != nil {
			return nil, err
		}
		pl.stats.Base = statPlayers(base)
	}
	keyOf := map[string]string{}
	for _, f := range l.Files {
		keyOf[f.Label] = f.TournamentKey
	}
	for _, c := range rep.Changes {
		for _, v := range c.Variations {
			if key := keyOf[v.File]; key != "" {
				pl.rated = append(pl.rated, variation{key: key, start: v.Start, applied: v.Applied})
			}
		}
	}
	return pl, nil
}

// publicLists keeps the closed lists as readPublicList parsed them, by
// their content's hash, for the next build of the public site or of the
// statistics in this process (a list run, the office's statistics
// page): a season's 30,000-player lists are parsed again only when
// closed again. It holds the lists the last build read, no others.
type publicLists struct {
	mu    sync.Mutex
	lists map[[32]byte]*publicList
}

// get returns the list l as read, from the cache when its bytes are
// the ones read before, noting it in seen.
func (c *publicLists) get(l *store.RatingList, seen map[[32]byte]*publicList, read func() (*publicList, error)) (*publicList, error) {
	key := publicListKey(l)
	c.mu.Lock()
	pl := c.lists[key]
	c.mu.Unlock()
	if pl == nil {
		var err error
		if pl, err = read(); err != nil {
			return nil, err
		}
	}
	seen[key] = pl
	return pl, nil
}

// keep makes the lists of seen the cache's.
func (c *publicLists) keep(seen map[[32]byte]*publicList) {
	c.mu.Lock()
	c.lists = seen
	c.mu.Unlock()
}

// publicListKey is the hash of what readPublicList reads of a list.
func publicListKey(l *store.RatingList) [32]byte {
	h := sha256.New()
	field := func(b []byte) {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	field([]byte(l.Kind))
	field([]byte(l.Period))
	field(l.List)
	field(l.Base)
	field(l.Report)
	for _, f := range l.Files {
		field([]byte(f.Label))
		field([]byte(f.TournamentKey))
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// statPlayers are the rows of a list or register as the statistics
// count them (the members, whose club and province a participation
// counts for; the list in force before a close).
func statPlayers(ps *registers.Players) []statistics.Player {
	out := make([]statistics.Player, 0, len(ps.Rows))
	for i := range ps.Rows {
		if ps.Rows[i].FSIID != "" {
			out = append(out, statPlayer(&ps.Rows[i], ps.Rows[i].EloItalia))
		}
	}
	return out
}

// listedPlayers are the players a closed list publishes (entries and
// rows, lists.BuildRows of ps: RTF 4.2.9, RAPID 6.9), each with his
// rating as published (for the standard list his merit rating, RTF
// 4.2.8).
func listedPlayers(ps *registers.Players, entries []lists.Entry, rows []int) []statistics.Player {
	out := make([]statistics.Player, 0, len(entries))
	for i := range entries {
		if r := &ps.Rows[rows[i]]; r.FSIID != "" {
			out = append(out, statPlayer(r, entries[i].Rating))
		}
	}
	return out
}

func statPlayer(r *registers.Player, rating int) statistics.Player {
	return statistics.Player{FSIID: r.FSIID, Sex: r.Sex, BirthYear: r.BirthDate.Year, Club: r.Club, Province: r.Province,
		Category: r.Category, Rating: rating}
}

// Statistics computes the federation's statistics of a year from the
// store (year 0: the latest year with data), with the years that have
// data; their texts in Italian.
func (o *Office) Statistics(ctx context.Context, year int) (*statistics.Result, []int, error) {
	return o.StatisticsIn(ctx, year, catalogue.IT)
}

// StatisticsIn is Statistics with the texts in the language l.
func (o *Office) StatisticsIn(ctx context.Context, year int, l catalogue.Lang) (*statistics.Result, []int, error) {
	d, err := o.loadPublic(ctx)
	if err != nil {
		return nil, nil, err
	}
	years := statistics.Years(d.stats)
	if year == 0 && len(years) > 0 {
		year = years[len(years)-1]
	}
	for _, r := range d.site.Stats {
		if r.Year == year && r.Lang == l {
			return r, years, nil
		}
	}
	r, err := statistics.ComputeIn(d.stats, year, l)
	return r, years, err
}

// PublicStamp changes whenever what Statistics reads changes (see
// store.PublicStamp): the web application caches the statistics under it.
func (o *Office) PublicStamp(ctx context.Context) (string, error) { return o.Store.PublicStamp(ctx) }

// BuildSite writes the public site into dir (default SiteDir): only the
// pages whose content changed are rewritten.
func (o *Office) BuildSite(ctx context.Context, dir string) (*site.Result, error) {
	if dir == "" {
		dir = o.SiteDir()
	}
	d, err := o.loadPublic(ctx)
	if err != nil {
		return nil, err
	}
	return site.Build(dir, d.site)
}
