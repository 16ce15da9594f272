package statistics

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"

	"omologa/internal/fsi"
	"omologa/internal/platform/catalogue"
)

// The tables of the year's standard lists: the players of the last one
// by national category, the flow between categories over the year, the
// ratings by sex and age band.

// lastStandard returns the year's last and first standard lists.
func yearStandard(in Input, inYear func(string) bool) (first, last *List) {
	for i := range in.Lists {
		l := &in.Lists[i]
		if l.Kind != fsi.Standard || !inYear(l.Period) {
			continue
		}
		if first == nil || l.Period < first.Period {
			first = l
		}
		if last == nil || l.Period > last.Period {
			last = l
		}
	}
	return first, last
}

func playerFrame(ps []Player, catCol string) dataframe.DataFrame {
	var ids, cats, sexes []string
	var born, rating []int
	for _, p := range ps {
		if p.FSIID == "" {
			continue
		}
		ids, cats, sexes = append(ids, p.FSIID), append(cats, p.Category), append(sexes, p.Sex)
		born, rating = append(born, p.BirthYear), append(rating, p.Rating)
	}
	return dataframe.New(strs("fsi_id", ids), strs(catCol, cats), strs("sex", sexes), ints("born", born), ints("rating", rating))
}

// categories counts the players of the year's last standard list by
// national category.
func categories(in Input, inYear func(string) bool, l catalogue.Lang) (Table, error) {
	tab := newTable(l, "categorie", "category", "players")
	_, last := yearStandard(in, inYear)
	if last == nil {
		tab.Note = l.T("stats.noList")
		return tab, nil
	}
	tab.Note = l.T("stats.categorie.note", fsi.Standard.ListName(), month(l, last.Period))
	n, err := counts(playerFrame(last.Players, "category"), "category", "fsi_id")
	if err != nil {
		return tab, err
	}
	for _, c := range categoryOrder(n) {
		tab.Rows = append(tab.Rows, []any{orUnknown(l, c), n[c]})
	}
	tab.Total = []any{l.T("stats.total"), sum(n)}
	return tab, nil
}

func categoryOrder(n map[string]int) []string {
	var out []string
	for _, c := range fsi.Categories {
		if _, ok := n[c]; ok {
			out = append(out, c)
		}
	}
	for _, k := range sortedKeys(n) {
		if !slices.Contains(fsi.Categories, k) {
			out = append(out, k)
		}
	}
	return out
}

// flow is the flow between national categories over the year: each
// player's category in the list in force before the year's first
// standard list against the year's last one (a join by FSI id).
func flow(in Input, inYear func(string) bool, l catalogue.Lang) (Table, error) {
	tab := newTable(l, "flussi", "from", "to", "players")
	first, last := yearStandard(in, inYear)
	if first == nil {
		tab.Note = l.T("stats.noList")
		return tab, nil
	}
	if first == last {
		tab.Note = l.T("stats.flussi.note.one", fsi.Standard.ListName(), month(l, last.Period))
	} else {
		tab.Note = l.T("stats.flussi.note.two", catalogue.Named{"list": fsi.Standard.ListName(), "first": month(l, first.Period), "last": month(l, last.Period)})
	}
	from := playerFrame(first.Base, "from").Select([]string{"fsi_id", "from"})
	to := playerFrame(last.Players, "to").Select([]string{"fsi_id", "to"})
	if from.Nrow() == 0 || to.Nrow() == 0 {
		return tab, nil
	}
	j := innerJoin(from, to, "fsi_id")
	g, ok, err := group(j, []string{"from", "to"}, []dataframe.AggregationType{dataframe.Aggregation_COUNT}, []string{"fsi_id"})
	if err != nil || !ok {
		return tab, err
	}
	f, t, n := texts(g, "from"), texts(g, "to"), numbers(g, "fsi_id_COUNT")
	rank := func(c string) int {
		if i := slices.Index(fsi.Categories, c); i >= 0 {
			return i
		}
		return len(fsi.Categories)
	}
	total := 0
	for i := range f {
		if f[i] == t[i] {
			continue
		}
		tab.Rows = append(tab.Rows, []any{orUnknown(l, f[i]), orUnknown(l, t[i]), n[i]})
		total += n[i]
	}
	slices.SortFunc(tab.Rows, func(a, b []any) int {
		return cmp.Or(cmp.Compare(rank(a[0].(string)), rank(b[0].(string))), cmp.Compare(rank(a[1].(string)), rank(b[1].(string))))
	})
	tab.Total = []any{l.T("stats.total"), "", total}
	return tab, nil
}

// AgeBands are the age bands at 31 December of the year: the youth
// categories (under 8 ... under 18), adults and seniors.
var AgeBands = []struct {
	Min, Max int // ages, Max included
}{
	{0, 7}, {8, 9}, {10, 11}, {12, 13}, {14, 15}, {16, 17}, {18, 49}, {50, 64}, {65, oldest},
}

// oldest is the last band's upper bound: no one is older.
const oldest = 200

// AgeBand is the index in AgeBands of the band of a player born in born
// at 31 December of year; len(AgeBands) when born is 0 (age not known).
func AgeBand(born, year int) int {
	age := year - born
	for i, b := range AgeBands {
		if born > 0 && age >= b.Min && age <= b.Max {
			return i
		}
	}
	return len(AgeBands)
}

// BandName names the band AgeBand gave in l: "8-9", "fino a 7 anni",
// "65 e oltre", "età non nota".
func BandName(l catalogue.Lang, band int) string {
	if band < 0 || band >= len(AgeBands) {
		return l.T("stats.band.unknown")
	}
	switch b := AgeBands[band]; {
	case b.Min == 0:
		return l.T("stats.band.under", b.Max)
	case b.Max == oldest:
		return l.T("stats.band.over", b.Min)
	default:
		return strconv.Itoa(b.Min) + "-" + strconv.Itoa(b.Max)
	}
}

// MinGroup is the fewest players a group of the distribution by sex and
// age needs for its ratings to be shown. Sex and birth date are private
// (regs §4b) while every rating is on the published list: the mean of
// a group of one is his rating, and tells his sex and age. For the same
// reason no group's lowest or highest rating is shown.
const MinGroup = 5

// ratings is the distribution of the published rating on the year's
// last standard list by sex and age band: count, mean and median (for
// groups of MinGroup players or more).
func ratings(in Input, inYear func(string) bool, l catalogue.Lang) (Table, error) {
	tab := newTable(l, "elo-sesso-eta", "sex", "age_band", "players", "mean", "median")
	_, last := yearStandard(in, inYear)
	if last == nil {
		tab.Note = l.T("stats.noList")
		return tab, nil
	}
	year, _ := strconv.Atoi(last.Period[:4])
	tab.Note = l.T("stats.elo-sesso-eta.note", catalogue.Named{"list": fsi.Standard.ListName(), "month": month(l, last.Period), "year": year, "min": MinGroup})
	// Grouped by the sex's and the band's rank (as text), named after
	// sorting.
	var sexes, bands []string
	var rs []int
	for _, p := range last.Players {
		if p.Rating <= 0 {
			continue
		}
		sexes, bands, rs = append(sexes, strconv.Itoa(sexRank(p.Sex))), append(bands, strconv.Itoa(AgeBand(p.BirthYear, year))), append(rs, p.Rating)
	}
	df := dataframe.New(strs("sex", sexes), strs("band", bands), ints("rating", rs))
	a := []dataframe.AggregationType{dataframe.Aggregation_COUNT, dataframe.Aggregation_MEAN, dataframe.Aggregation_MEDIAN}
	g, ok, err := group(df, []string{"sex", "band"}, a, []string{"rating", "rating", "rating"})
	if err != nil || !ok {
		return tab, err
	}
	s, b := texts(g, "sex"), texts(g, "band")
	n, mean, med := numbers(g, "rating_COUNT"), g.Col("rating_MEAN").Float(), g.Col("rating_MEDIAN").Float()
	idx := make([]int, len(s))
	sr, br := make([]int, len(s)), make([]int, len(s))
	for i := range s {
		idx[i] = i
		sr[i], _ = strconv.Atoi(s[i])
		br[i], _ = strconv.Atoi(b[i])
	}
	slices.SortFunc(idx, func(x, y int) int { return cmp.Or(cmp.Compare(sr[x], sr[y]), cmp.Compare(br[x], br[y])) })
	for _, i := range idx {
		row := []any{sexName(l, sr[i]), BandName(l, br[i]), n[i], nil, nil}
		if n[i] >= MinGroup {
			row[3], row[4] = round1(mean[i]), round1(med[i])
		}
		tab.Rows = append(tab.Rows, row)
	}
	return tab, nil
}

func round1(x float64) float64 { return float64(int64(x*10+0.5)) / 10 }

// sexes are the sexes as the register writes them, in the order the
// table shows them; any other value is "not given", after them.
var sexes = []string{"F", "M"}

// sexRank is the place of the register's sex s in sexes.
func sexRank(s string) int {
	if i := slices.Index(sexes, strings.ToUpper(s)); i >= 0 {
		return i
	}
	return len(sexes)
}

// sexName names the sex of rank r in l: "femminile", "maschile", "non
// indicato".
func sexName(l catalogue.Lang, r int) string {
	if r < len(sexes) {
		return l.T("stats.sex." + sexes[r])
	}
	return l.T("stats.sex.none")
}
