package office

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/platform/catalogue"
	"omologa/internal/publishing/lists"
	"omologa/internal/publishing/site"
	"omologa/internal/publishing/statistics"
	"omologa/internal/rating"
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
	for _, s := range sums {
		l, ok, err := st.RatingListByID(ctx, s.ID)
		if err != nil || !ok {
			return nil, fmt.Errorf("list %s %s: %v", s.Kind, s.Period, err)
		}
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
		// The list as published, for its page and for the statistics.
		entries, rows := lists.BuildRows(ps, k)
		d.site.Lists = append(d.site.Lists, site.List{Kind: k, Period: period, Players: ps, Bands: settings.Rapid.Categories,
			Entries: entries, Rows: rows})
		var rep rating.Report
		if err := json.Unmarshal(l.Report, &rep); err != nil {
			return nil, fmt.Errorf("%s: change report: %w", name, err)
		}
		sl := statistics.List{Kind: k, Period: l.Period, Players: listedPlayers(ps, entries, rows), Added: len(rep.Added)}
		if len(l.Base) > 0 {
			base, err := registers.ReadPlayers(name+" (base)", l.Base)
			if err != nil {
				return nil, err
			}
			sl.Base = statPlayers(base)
		}
		d.stats.Lists = append(d.stats.Lists, sl)
		for _, p := range statPlayers(ps) {
			members[p.FSIID] = p
		}
		keyOf := map[string]string{}
		for _, f := range l.Files {
			keyOf[f.Label] = f.TournamentKey
		}
		title := lists.Title(k, period)
		for _, c := range rep.Changes {
			for _, v := range c.Variations {
				key := keyOf[v.File]
				if key == "" {
					continue
				}
				r := ratedIn[key]
				if r == nil {
					r = &rated{vars: map[int]rating.Tenths{}, in: title}
					ratedIn[key] = r
				}
				r.vars[v.Start] = v.Applied
			}
		}
	}
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
