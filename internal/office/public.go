package office

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"slices"
	"strconv"
	"strings"
	"sync"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
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
	return o.Config.PublishDir("site")
}

// publicData reads from the store what the public site and the
// statistics show: the closed lists, the homologated tournaments (each
// parsed once) and the judged files.
type publicData struct {
	site  site.Input
	stats statistics.Input
	// standard reads the standard lists the statistics count into
	// stats, once, before a year's are computed.
	standard func() error
	// kept is the fold being written for the next build.
	kept sync.WaitGroup
	// statsCache holds the statistics' parts computed by earlier builds.
	statsCache *statsCache
}

func (o *Office) loadPublic(ctx context.Context, known ...*parsedList) (*publicData, error) {
	st := o.Store
	settings := &o.Rules.Rating
	d := &publicData{}
	sums, err := st.ListSummaries(ctx)
	if err != nil {
		return nil, err
	}
	// Oldest first: the latest list read says a member's club and
	// province for the statistics.
	sums = membersOrder(sums)
	stamps := make([]string, len(sums))
	for i := range sums {
		stamps[i] = listStamp(&sums[i])
	}
	// The players' facts are folded in the site's order.
	byFacts := make([]int, len(sums))
	for i := range byFacts {
		byFacts[i] = i
	}
	slices.SortStableFunc(byFacts, func(a, b int) int {
		return cmp.Or(cmp.Compare(sums[a].Period, sums[b].Period), cmp.Compare(sums[a].Kind, sums[b].Kind))
	})
	factStamps := make([]string, len(sums))
	for i, j := range byFacts {
		factStamps[i] = stamps[j]
	}
	// The fold kept by the last build, when the lists are its lists and
	// new ones after them: only the new ones are read. The fold without
	// the last list is kept too, for a last list closed again.
	kept := o.readFold()
	fold, before := newFold(), (*publicFold)(nil)
	for _, f := range []*publicFold{kept.Last, kept.Before} {
		if f != nil && isPrefix(f.Members, stamps) && isPrefix(f.Facts, factStamps) {
			fold = f
			break
		}
	}
	changed := len(fold.Members) < len(stamps) || len(fold.Facts) < len(factStamps)
	lr := &listReader{o: o, ctx: ctx, read: map[int64]*parsedList{}}
	for _, p := range known {
		lr.read[p.l.ID] = p
	}
	pers := make([]periods.Period, len(sums))
	for i := range sums {
		s := &sums[i]
		if pers[i], err = settings.Schedule(s.Kind).Parse(s.Period); err != nil {
			return nil, fmt.Errorf("list %s %s: %w", s.Kind, s.Period, err)
		}
	}
	foldTo := func(n int) error {
		for i := len(fold.Members); i < n; i++ {
			p, err := lr.get(sums[i].ID)
			if err != nil {
				return err
			}
			if err := fold.foldMembers(p, lists.Title(sums[i].Kind, pers[i])); err != nil {
				return err
			}
			fold.Members = append(fold.Members, stamps[i])
		}
		for i := len(fold.Facts); i < n; i++ {
			j := byFacts[i]
			p, err := lr.get(sums[j].ID)
			if err != nil {
				return err
			}
			site.FoldFacts(fold.PlayerFacts, &site.List{Kind: p.l.Kind, Players: p.ps, Entries: p.entries, Rows: p.rows})
			fold.Facts = append(fold.Facts, stamps[j])
		}
		return nil
	}
	if n := len(sums); changed && len(fold.Members) < n && len(fold.Facts) < n {
		if err := foldTo(n - 1); err != nil {
			return nil, err
		}
		before = fold.clone()
	} else if kept.Before != nil && isPrefix(kept.Before.Members, stamps) && isPrefix(kept.Before.Facts, factStamps) {
		before = kept.Before
	}
	if err := foldTo(len(sums)); err != nil {
		return nil, err
	}
	if changed {
		// Kept while the site is built (both only read the fold).
		d.kept.Go(func() { o.writeFold(keptFolds{Last: fold, Before: before}) })
	}
	d.site.Facts = fold.PlayerFacts

	// The lists for the site, each by its content's hash: read only when one of
	// its files must be written.
	for i := range sums {
		s := &sums[i]
		sl := site.List{Kind: s.Kind, Period: pers[i], Bands: settings.Rapid.Categories, Key: fold.Lists[s.ID].Hash,
			Listed: fold.Lists[s.ID].Listed}
		if p := lr.read[s.ID]; p != nil {
			sl.Players, sl.Entries, sl.Rows = p.ps, p.entries, p.rows
		} else {
			id := s.ID
			sl.Load = func() (*registers.Players, []lists.Entry, []int, error) {
				p, err := lr.get(id)
				if err != nil {
					return nil, nil, nil, err
				}
				return p.ps, p.entries, p.rows, nil
			}
		}
		d.site.Lists = append(d.site.Lists, sl)
	}
	// The statistics count each list's new players; of the standard
	// lists, the first and the last of each year (statistics.yearStandard):
	// the last one's players, the first one's base.
	first, last := map[string]int64{}, map[string]int64{}
	for i := range sums {
		if s := &sums[i]; s.Kind == fsi.Standard && len(s.Period) >= 4 {
			y := s.Period[:4]
			if f, ok := first[y]; !ok || s.Period < periodOf(sums, f) {
				first[y] = s.ID
			}
			if l, ok := last[y]; !ok || s.Period > periodOf(sums, l) {
				last[y] = s.ID
			}
		}
	}
	for i := range sums {
		s := &sums[i]
		d.stats.Lists = append(d.stats.Lists, statistics.List{Kind: s.Kind, Period: s.Period, Added: fold.Lists[s.ID].Added})
	}
	// Read only when a year's statistics are computed.
	d.standard = sync.OnceValue(func() error {
		for i := range sums {
			s, sl := &sums[i], &d.stats.Lists[i]
			isFirst, isLast := s.Kind == fsi.Standard && first[s.Period[:4]] == s.ID, s.Kind == fsi.Standard && last[s.Period[:4]] == s.ID
			if !isFirst && !isLast {
				continue
			}
			p, err := lr.get(s.ID)
			if err != nil {
				return err
			}
			if isLast {
				sl.Players = listedPlayers(p.ps, p.entries, p.rows)
			}
			if isFirst && len(p.l.Base) > 0 {
				base, err := registers.ReadPlayers(p.name+" (base)", p.l.Base)
				if err != nil {
					return err
				}
				sl.Base = statPlayers(base)
			}
		}
		return nil
	})
	// What each year's figures are computed from, beside the rest: the
	// first and last standard lists of the year.
	stdKey := func(y string) string {
		return periodOf(sums, first[y]) + " " + periodOf(sums, last[y]) + "|" + fold.Lists[first[y]].Hash + "|" + fold.Lists[last[y]].Hash
	}
	members := fold.MemberRows
	if len(members) == 0 {
		members = map[string]statistics.Player{}
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
	slices.SortFunc(d.stats.Players, func(a, b statistics.Player) int { return strings.Compare(a.FSIID, b.FSIID) })

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
		if r := fold.RatedIn[pt.Key]; r != nil {
			t.Variations, t.RatedIn = r.Vars, r.In
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
	d.statsCache = o.statsCache()
	for _, y := range statistics.Years(d.stats) {
		key, parts := statsKeys(&d.stats, members, y, stdKey(strconv.Itoa(y)))
		d.site.Years = append(d.site.Years, site.StatsYear{Year: y, Key: key,
			Compute: func() (*statistics.Result, error) { return d.computeYear(y, parts) }})
	}
	return d, nil
}

// statsKeys are what the statistics of year y are computed from
// (statistics.ComputeIn), whole (site: the site's key of the year) and
// by part (statistics.ComputePart): the year's tournaments, the
// participations in them with the club of each participant (members:
// the latest list's); the year's lists; the year's first and last
// standard lists (std: their periods and contents); the files judged in
// the year. With the same key, the year's figures, or a part's tables,
// are the same.
func statsKeys(in *statistics.Input, members map[string]statistics.Player, y int, std string) (site string, parts [statistics.NParts]string) {
	prefix := strconv.Itoa(y) + "-"
	// Each line goes to the whole's hash (as it always has: the site's
	// manifest keeps the key) and to its part's.
	whole := sha256.New()
	var hs [statistics.NParts]hash.Hash
	var bufs [statistics.NParts][]byte
	for i := range hs {
		hs[i] = sha256.New()
	}
	var b []byte
	add := func(part statistics.Part, format string, args ...any) {
		n := len(b)
		b = fmt.Appendf(b, format, args...)
		bufs[part] = append(bufs[part], b[n:]...)
		if len(b) > 32<<10 {
			whole.Write(b)
			b = b[:0]
		}
		if len(bufs[part]) > 32<<10 {
			hs[part].Write(bufs[part])
			bufs[part] = bufs[part][:0]
		}
	}
	add(statistics.Activity, "members %v\n", len(members) > 0)
	keys := map[string]bool{}
	for _, t := range in.Tournaments {
		if strings.HasPrefix(t.Month, prefix) {
			keys[t.Key] = true
			add(statistics.Activity, "t %q %q %q %d\n", t.Key, t.Province, t.Month, t.Games)
		}
	}
	for _, p := range in.Participations {
		if keys[p.Tournament] {
			m, ok := members[p.FSIID]
			add(statistics.Activity, "p %q %q %d %v %q\n", p.Tournament, p.FSIID, p.Games, ok, m.Club)
		}
	}
	for _, l := range in.Lists {
		if strings.HasPrefix(l.Period, prefix) {
			add(statistics.NewPlayers, "l %q %q %d\n", l.Kind, l.Period, l.Added)
		}
	}
	for _, j := range in.Judged {
		if strings.HasPrefix(j.Month, prefix) {
			add(statistics.Outcomes, "j %q %q %q %v %q\n", j.Province, j.Month, j.Verdict, j.Late, j.Articles)
		}
	}
	whole.Write(b)
	bufs[statistics.Standard] = append(bufs[statistics.Standard], std...)
	for i := range hs {
		hs[i].Write(bufs[i])
		parts[i] = hex.EncodeToString(hs[i].Sum(nil))
	}
	return hex.EncodeToString(whole.Sum(nil)) + "|" + std, parts
}

// periodOf is the period of the list id among sums.
func periodOf(sums []store.ListSummary, id int64) string {
	for i := range sums {
		if sums[i].ID == id {
			return sums[i].Period
		}
	}
	return ""
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
	defer d.kept.Wait()
	years := statistics.Years(d.stats)
	if year == 0 && len(years) > 0 {
		year = years[len(years)-1]
	}
	if err := d.standard(); err != nil {
		return nil, nil, err
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
	return o.buildSite(ctx, dir)
}

// buildSite is BuildSite with the lists known already (the list a run
// has just stored, as the store would give it back), not read again.
func (o *Office) buildSite(ctx context.Context, dir string, known ...*parsedList) (*site.Result, error) {
	if dir == "" {
		dir = o.SiteDir()
	}
	d, err := o.loadPublic(ctx, known...)
	if err != nil {
		return nil, err
	}
	defer d.kept.Wait()
	r, err := site.Build(dir, d.site)
	if err == nil {
		o.keepStats(d.statsCache)
	}
	return r, err
}
