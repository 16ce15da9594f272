// Package statistics computes the federation's activity figures for a
// year: tournaments, games and players by month, by province and by
// club; new players; players by category and their flow between
// categories; rating distributions by sex and age band; homologation
// outcomes (accepted, rejected by article, late files) by province.
//
// The tables are data-frame work (filters, joins of lists and
// tournaments, group-by and aggregation) done with
// github.com/go-gota/gota. The package reads nothing itself: the office
// loads the store's homologated tournaments, judged files and closed
// lists into Input, so data flows one way (nothing below the publishing
// floor imports it). Figures by club are counts: a table here never
// lists a club's members, nor any player at all.
package statistics

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"omologa/internal/fsi"
	"omologa/internal/platform/catalogue"
)

// Tournament is a homologated tournament (its version in force).
type Tournament struct {
	Key      string
	Province string // the tournament's ("NO"); "" unknown
	Kind     fsi.Kind
	Month    string // YYYY-MM of its end (else its start)
	Games    int    // games played (byes and forfeits not counted)
}

// Participation is one player's presence in a homologated tournament.
type Participation struct {
	Tournament string // Tournament.Key
	FSIID      string // "" when the player matched no member
	Games      int    // games he played
}

// Player is a member as the register or a list has him; the private
// fields (sex, birth year, club) are only ever counted.
type Player struct {
	FSIID     string
	Sex       string // "M", "F" or ""
	BirthYear int    // 0 when unknown
	Club      string
	Province  string
	Category  string // national category (M, CM, 1N...)
	Rating    int    // Elo Italia on the list, 0 when none
}

// List is a closed standard or rapid list.
type List struct {
	Kind   fsi.Kind
	Period string // YYYY-MM
	// Players are the rows of the new list; Base the list in force it
	// was closed from (for the flow between categories).
	Players []Player
	Base    []Player
	// Added counts the players the close added to the list (the change
	// report's "added").
	Added int
}

// Judged is one judged file, for the homologation outcomes.
type Judged struct {
	Province string
	Month    string // YYYY-MM of its receipt
	Verdict  string // accepted, accepted-with-warnings, rejected
	Late     bool
	Articles []string // its errors' articles
}

// Input is what the statistics are computed from.
type Input struct {
	Tournaments    []Tournament
	Participations []Participation
	// Players are the members by FSI id (the latest list, else the
	// register): whose club and province a participation counts for.
	Players []Player
	Lists   []List // any order
	Judged  []Judged

	// frames are the year's frames, built by the first table that needs
	// them in a ComputeIn (yearFrames).
	frames *frames
}

// Result is a year's statistics.
type Result struct {
	Year   int     `json:"year"`
	Tables []Table `json:"tables"`
	// Lang is the language of its texts: titles, headings, notes and
	// the cells that are words (Italian unless ComputeIn asked
	// otherwise).
	Lang catalogue.Lang `json:"-"`
}

// Table is one table of figures. Cells are strings, ints or float64.
type Table struct {
	Name    string   `json:"name"`  // file stem, "province"
	Title   string   `json:"title"` // in the result's language
	Note    string   `json:"note,omitempty"`
	Columns []string `json:"columns"` // headings, in the result's language
	Keys    []string `json:"keys"`    // stable English names for scripts
	Rows    [][]any  `json:"rows"`
	// Total is the table's total row, nil when it has none.
	Total []any `json:"total,omitempty"`
}

// Table returns the table named name, nil when there is none.
func (r *Result) Table(name string) *Table {
	for i := range r.Tables {
		if r.Tables[i].Name == name {
			return &r.Tables[i]
		}
	}
	return nil
}

// Column returns the index of the column keyed key, -1 when none.
func (t *Table) Column(key string) int { return slices.Index(t.Keys, key) }

// Years returns the years the input has anything for, oldest first.
func Years(in Input) []int {
	seen := map[int]bool{}
	add := func(month string) {
		if y, err := strconv.Atoi(strings.SplitN(month, "-", 2)[0]); err == nil && y > 0 {
			seen[y] = true
		}
	}
	for _, t := range in.Tournaments {
		add(t.Month)
	}
	for _, l := range in.Lists {
		add(l.Period)
	}
	for _, j := range in.Judged {
		add(j.Month)
	}
	var out []int
	for y := range seen {
		out = append(out, y)
	}
	slices.Sort(out)
	return out
}

// Compute computes the statistics of a year, in Italian (the site's,
// the CSV files').
func Compute(in Input, year int) (*Result, error) { return ComputeIn(in, year, catalogue.IT) }

// ComputeIn computes the statistics of a year with their texts in the
// language l: its parts one after the other (ComputePart), joined.
func ComputeIn(in Input, year int, l catalogue.Lang) (*Result, error) {
	var parts [NParts][]Table
	in.frames = &frames{}
	for p := range NParts {
		ts, err := ComputePart(in, year, l, p)
		if err != nil {
			return nil, err
		}
		parts[p] = ts
	}
	return Join(year, l, parts), nil
}

// ---- data frames

// Text values go into frames escaped: gota reads "NA" (Napoli's sign)
// and "NaN" as missing when it regroups, and joins a group's key parts
// with "_", so "a_b"+"c" and "a"+"b_c" would meet. A leading "k" and
// "_" written as U+2017 keep every value itself.
func enc(s string) string { return "k" + strings.ReplaceAll(s, "_", "\u2017") }
func dec(s string) string { return strings.ReplaceAll(strings.TrimPrefix(s, "k"), "\u2017", "_") }
func strs(name string, v []string) series.Series {
	e := make([]string, len(v))
	for i := range v {
		e[i] = enc(v[i])
	}
	return series.New(e, series.String, name)
}
func ints(name string, v []int) series.Series { return series.New(v, series.Int, name) }

// texts reads a text column of a frame.
func texts(df dataframe.DataFrame, col string) []string {
	rs := df.Col(col).Records()
	for i := range rs {
		rs[i] = dec(rs[i])
	}
	return rs
}

// numbers reads a numeric column as ints (aggregates are floats).
func numbers(df dataframe.DataFrame, col string) []int {
	fs := df.Col(col).Float()
	out := make([]int, len(fs))
	for i, f := range fs {
		out[i] = int(f + 0.5)
	}
	return out
}

// group aggregates df by the columns by; an empty frame gives an empty
// frame (gota's Aggregation needs one group at least).
func group(df dataframe.DataFrame, by []string, typs []dataframe.AggregationType, cols []string) (dataframe.DataFrame, bool, error) {
	if df.Err != nil {
		return df, false, df.Err
	}
	if df.Nrow() == 0 {
		return df, false, nil
	}
	// Grouped, the frame is only the columns grouped by and aggregated:
	// gota copies a group's every column.
	var keep []string
	for _, c := range slices.Concat(by, cols) {
		if !slices.Contains(keep, c) {
			keep = append(keep, c)
		}
	}
	g := df.Select(keep).GroupBy(by...)
	if g.Err != nil {
		return df, false, g.Err
	}
	out := g.Aggregation(typs, cols)
	return out, out.Nrow() > 0, out.Err
}

// distinct counts, per value of by, the distinct values of what: the
// frame grouped by (by, what), then by by.
func distinct(df dataframe.DataFrame, by, what string) (map[string]int, error) {
	pairs, ok, err := group(df, []string{by, what}, []dataframe.AggregationType{dataframe.Aggregation_COUNT}, []string{what})
	if err != nil || !ok {
		return map[string]int{}, err
	}
	return counts(pairs, by, what)
}

// counts counts the rows per value of by.
func counts(df dataframe.DataFrame, by, col string) (map[string]int, error) {
	return aggregate(df, by, col, dataframe.Aggregation_COUNT, "_COUNT")
}

// sums sums col per value of by.
func sums(df dataframe.DataFrame, by, col string) (map[string]int, error) {
	return aggregate(df, by, col, dataframe.Aggregation_SUM, "_SUM")
}

// aggregate is col aggregated by how per value of by (gota names the
// result column col+suffix).
func aggregate(df dataframe.DataFrame, by, col string, how dataframe.AggregationType, suffix string) (map[string]int, error) {
	out := map[string]int{}
	g, ok, err := group(df, []string{by}, []dataframe.AggregationType{how}, []string{col})
	if err != nil || !ok {
		return out, err
	}
	keys, ns := texts(g, by), numbers(g, col+suffix)
	for i := range keys {
		out[keys[i]] = ns[i]
	}
	return out, nil
}

// yearFrames are the year's tournaments and participations as frames:
// t (key, province, month, games) and p (key, fsi_id, games, month,
// province, club), the participations joined to their tournament and to
// the players' register.
func yearFrames(in Input, inYear func(string) bool) (t, p dataframe.DataFrame) {
	f := in.frames
	if f == nil {
		return buildYearFrames(in, inYear)
	}
	if !f.built {
		f.t, f.p = buildYearFrames(in, inYear)
		f.built = true
	}
	return f.t, f.p
}

// frames are yearFrames' of one year, built once (gota's frames are
// values: every operation on them makes a new one).
type frames struct {
	built bool
	t, p  dataframe.DataFrame
}

func buildYearFrames(in Input, inYear func(string) bool) (t, p dataframe.DataFrame) {
	var keys, provs, months []string
	var games []int
	for _, x := range in.Tournaments {
		if inYear(x.Month) {
			keys, provs, months, games = append(keys, x.Key), append(provs, x.Province), append(months, x.Month), append(games, x.Games)
		}
	}
	t = dataframe.New(strs("key", keys), strs("province", provs), strs("month", months), ints("games", games))
	var pk, pid []string
	var pg []int
	for _, x := range in.Participations {
		pk, pid, pg = append(pk, x.Tournament), append(pid, x.FSIID), append(pg, x.Games)
	}
	part := dataframe.New(strs("key", pk), strs("fsi_id", pid), ints("pgames", pg))
	var ids, clubs []string
	known := map[string]bool{}
	for _, pl := range in.Players {
		if pl.FSIID != "" {
			ids, clubs = append(ids, pl.FSIID), append(clubs, pl.Club)
			known[pl.FSIID] = true
		}
	}
	// A member the register does not have yet (his first tournament
	// before the list that adds him) has no club, like one without.
	for _, x := range in.Participations {
		if len(known) > 0 && x.FSIID != "" && !known[x.FSIID] {
			ids, clubs = append(ids, x.FSIID), append(clubs, "")
			known[x.FSIID] = true
		}
	}
	reg := dataframe.New(strs("fsi_id", ids), strs("club", clubs))
	// Only the year's tournaments' participations, with their month and
	// province; a player not in the register has no club.
	p = innerJoin(part, t.Select([]string{"key", "month", "province"}), "key")
	if reg.Nrow() > 0 && p.Nrow() > 0 {
		p = leftJoin(p, reg, "fsi_id")
	}
	return t, p
}

// identified keeps the participations of identified players (an FSI
// id): the players counted; an unmatched name cannot be told apart.
func identified(p dataframe.DataFrame) dataframe.DataFrame {
	if p.Nrow() == 0 {
		return p
	}
	return p.Filter(dataframe.F{Colname: "fsi_id", Comparator: series.Neq, Comparando: enc("")})
}

// activityKeys are the columns of an activity table after its first.
var activityKeys = []string{"tournaments", "games", "players"}

// newTable is the table name in the language l with its columns keyed
// keys: its title, note and headings the catalogue's ("stats.<name>.*",
// a heading "stats.col.<key>" unless the table heads it its own way).
func newTable(l catalogue.Lang, name string, keys ...string) Table {
	t := Table{Name: name, Title: l.T("stats." + name + ".title"), Keys: keys, Columns: make([]string, len(keys))}
	t.Note, _ = l.Lookup("stats." + name + ".note")
	for i, k := range keys {
		if h, ok := l.Lookup("stats." + name + ".col." + k); ok {
			t.Columns[i] = h
		} else {
			t.Columns[i] = l.T("stats.col." + k)
		}
	}
	return t
}

// month names a month ("2026-11") as people do, in l: "novembre 2026".
func month(l catalogue.Lang, label string) string {
	if l == catalogue.EN {
		return fsi.PeriodMonthEN(label)
	}
	return fsi.PeriodMonth(label)
}

// activity is the year month by month: tournaments, games and players
// (distinct members who played), with the year's total.
func activity(in Input, inYear func(string) bool, l catalogue.Lang) (Table, error) {
	return activityTable(in, inYear, newTable(l, "mesi", append([]string{"month"}, activityKeys...)...),
		grouping{by: "month", order: sortedKeys, label: func(m string) string { return month(l, m) }, total: l.T("stats.year")})
}

// grouping is how an activity table groups the year: by a column of the
// tournaments, a row per value in the order order gives, its first cell
// label(value), the total row labelled total.
type grouping struct {
	by    string
	order func(map[string]int) []string
	label func(string) string
	total string
}

// activityTable is the year's activity grouped by g in the table tab
// (named, with its headings): tournaments, games and distinct players a
// row, with the total.
func activityTable(in Input, inYear func(string) bool, tab Table, g grouping) (Table, error) {
	t, p := yearFrames(in, inYear)
	ids := identified(p)
	nt, ng, np, err := activityBy(t, ids, g.by)
	if err != nil {
		return tab, err
	}
	for _, k := range g.order(nt) {
		tab.Rows = append(tab.Rows, []any{g.label(k), nt[k], ng[k], np[k]})
	}
	tab.Total, err = activityTotal(g.total, ids, nt, ng)
	return tab, err
}

// activityBy is the activity of the tournaments t and their identified
// players ids grouped by the column by: tournaments, games and distinct
// players.
func activityBy(t, ids dataframe.DataFrame, by string) (nt, ng, np map[string]int, err error) {
	if nt, err = counts(t, by, "key"); err != nil {
		return nil, nil, nil, err
	}
	if ng, err = sums(t, by, "games"); err != nil {
		return nil, nil, nil, err
	}
	if np, err = distinct(ids, by, "fsi_id"); err != nil {
		return nil, nil, nil, err
	}
	return nt, ng, np, nil
}

// activityTotal is the total row of an activity table, labelled label:
// the players counted once however many rows they stand in.
func activityTotal(label string, ids dataframe.DataFrame, nt, ng map[string]int) ([]any, error) {
	all, err := distinctAll(ids, "fsi_id")
	if err != nil {
		return nil, err
	}
	return []any{label, sum(nt), sum(ng), all}, nil
}

// distinctAll counts the distinct values of col.
func distinctAll(df dataframe.DataFrame, col string) (int, error) {
	g, _, err := group(df, []string{col}, []dataframe.AggregationType{dataframe.Aggregation_COUNT}, []string{col})
	if err != nil || df.Nrow() == 0 {
		return 0, err
	}
	return g.Nrow(), nil
}

// provinces is the year by the tournament's province.
func provinces(in Input, inYear func(string) bool, l catalogue.Lang) (Table, error) {
	return activityTable(in, inYear, newTable(l, "province", append([]string{"province"}, activityKeys...)...),
		grouping{by: "province", order: byCount, label: func(p string) string { return orUnknown(l, p) }, total: l.T("stats.total")})
}

// provinceMonths is the year by the tournament's province and month.
func provinceMonths(in Input, inYear func(string) bool, l catalogue.Lang) (Table, error) {
	t, p := yearFrames(in, inYear)
	tab := newTable(l, "province-mesi", append([]string{"province", "month"}, activityKeys...)...)
	if t.Nrow() == 0 {
		return tab, nil
	}
	// One key per province and month: the frames get the pair as a
	// column of its own.
	pair := func(df dataframe.DataFrame) dataframe.DataFrame {
		if df.Nrow() == 0 {
			return df
		}
		pv, mo := texts(df, "province"), texts(df, "month")
		keys := make([]string, len(pv))
		for i := range pv {
			keys[i] = pv[i] + "|" + mo[i]
		}
		return df.Mutate(strs("pm", keys))
	}
	nt, ng, np, err := activityBy(pair(t), pair(identified(p)), "pm")
	if err != nil {
		return tab, err
	}
	for _, k := range sortedKeys(nt) {
		pv, mo, _ := strings.Cut(k, "|")
		tab.Rows = append(tab.Rows, []any{orUnknown(l, pv), month(l, mo), nt[k], ng[k], np[k]})
	}
	return tab, nil
}

// clubs is the year by the players' club: counts only, never names.
func clubs(in Input, inYear func(string) bool, l catalogue.Lang) (Table, error) {
	_, p := yearFrames(in, inYear)
	tab := newTable(l, "societa", "club", "players", "games", "tournaments")
	ids := identified(p)
	if ids.Nrow() == 0 || slices.Index(ids.Names(), "club") < 0 {
		return tab, nil
	}
	np, err := distinct(ids, "club", "fsi_id")
	if err != nil {
		return tab, err
	}
	ng, err := sums(ids, "club", "pgames")
	if err != nil {
		return tab, err
	}
	nt, err := distinct(ids, "club", "key")
	if err != nil {
		return tab, err
	}
	for _, k := range byCount(np) {
		tab.Rows = append(tab.Rows, []any{orUnknown(l, k), np[k], ng[k], nt[k]})
	}
	return tab, nil
}

// newPlayers counts the players each of the year's lists added.
func newPlayers(in Input, inYear func(string) bool, l catalogue.Lang) (Table, error) {
	tab := newTable(l, "nuovi", "kind", "period", "new_players")
	var kinds, ps []string
	var added []int
	for _, l := range in.Lists {
		if inYear(l.Period) {
			kinds, ps, added = append(kinds, string(l.Kind)), append(ps, l.Period), append(added, l.Added)
		}
	}
	df := dataframe.New(strs("kind", kinds), strs("period", ps), ints("added", added))
	g, ok, err := group(df, []string{"kind", "period"}, []dataframe.AggregationType{dataframe.Aggregation_SUM}, []string{"added"})
	if err != nil || !ok {
		return tab, err
	}
	k, p, n := texts(g, "kind"), texts(g, "period"), numbers(g, "added_SUM")
	idx := make([]int, len(k))
	for i := range idx {
		idx[i] = i
	}
	// By period (as labels sort), then by list.
	slices.SortFunc(idx, func(a, b int) int { return cmp.Or(cmp.Compare(p[a], p[b]), cmp.Compare(k[a], k[b])) })
	total := 0
	for _, i := range idx {
		tab.Rows = append(tab.Rows, []any{fsi.Kind(k[i]).ListName(), month(l, p[i]), n[i]})
		total += n[i]
	}
	tab.Total = []any{l.T("stats.total"), "", total}
	return tab, nil
}

// orUnknown is s, or in l the words for a province or club not given.
func orUnknown(l catalogue.Lang, s string) string {
	if s == "" {
		return l.T("stats.unknown")
	}
	return s
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// byCount orders keys by count, highest first, then by name.
func byCount(m map[string]int) []string {
	out := sortedKeys(m)
	slices.SortStableFunc(out, func(a, b string) int { return cmp.Compare(m[b], m[a]) })
	return out
}
