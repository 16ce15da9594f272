package statistics

import (
	"cmp"
	"slices"

	"github.com/go-gota/gota/dataframe"

	"omologa/internal/homologation/validate"
	"omologa/internal/platform/catalogue"
)

// The tables of the year's judged files: the outcomes by province and
// the rejections by article.

// outcomes are the year's judged files by the tournament's province:
// accepted, accepted with warnings, rejected and late.
func outcomes(in Input, inYear func(string) bool, l catalogue.Lang) (Table, error) {
	tab := newTable(l, "esiti-province", "province", "judged", "accepted", "accepted_with_warnings", "rejected", "late")
	var provs, verdicts []string
	var late []int
	for _, j := range in.Judged {
		if !inYear(j.Month) {
			continue
		}
		provs, verdicts = append(provs, j.Province), append(verdicts, j.Verdict)
		l := 0
		if j.Late {
			l = 1
		}
		late = append(late, l)
	}
	df := dataframe.New(strs("province", provs), strs("verdict", verdicts), ints("late", late))
	g, ok, err := group(df, []string{"province", "verdict"}, []dataframe.AggregationType{dataframe.Aggregation_COUNT}, []string{"late"})
	if err != nil || !ok {
		return tab, err
	}
	nl, err := sums(df, "province", "late")
	if err != nil {
		return tab, err
	}
	by := map[string]map[string]int{}
	all := map[string]int{}
	p, v, n := texts(g, "province"), texts(g, "verdict"), numbers(g, "late_COUNT")
	for i := range p {
		if by[p[i]] == nil {
			by[p[i]] = map[string]int{}
		}
		by[p[i]][v[i]] += n[i]
		all[p[i]] += n[i]
	}
	var tot [5]int
	for _, k := range byCount(all) {
		row := []any{orUnknown(l, k), all[k], by[k][string(validate.Accepted)], by[k][string(validate.AcceptedWithWarnings)], by[k][string(validate.Rejected)], nl[k]}
		for i := range tot {
			tot[i] += row[i+1].(int)
		}
		tab.Rows = append(tab.Rows, row)
	}
	tab.Total = []any{l.T("stats.total"), tot[0], tot[1], tot[2], tot[3], tot[4]}
	return tab, nil
}

// outcomeArticles are the year's rejected files by province and the
// article of each error (a file rejected under two articles counts
// under each).
func outcomeArticles(in Input, inYear func(string) bool, l catalogue.Lang) (Table, error) {
	tab := newTable(l, "esiti-articoli", "province", "article", "rejected")
	var provs, arts []string
	for _, j := range in.Judged {
		if !inYear(j.Month) || j.Verdict != string(validate.Rejected) {
			continue
		}
		for _, a := range j.Articles {
			provs, arts = append(provs, j.Province), append(arts, a)
		}
	}
	df := dataframe.New(strs("province", provs), strs("article", arts))
	g, ok, err := group(df, []string{"province", "article"}, []dataframe.AggregationType{dataframe.Aggregation_COUNT}, []string{"article"})
	if err != nil || !ok {
		return tab, err
	}
	p, a, n := texts(g, "province"), texts(g, "article"), numbers(g, "article_COUNT")
	for i := range p {
		tab.Rows = append(tab.Rows, []any{orUnknown(l, p[i]), a[i], n[i]})
	}
	slices.SortFunc(tab.Rows, func(x, y []any) int {
		return cmp.Or(cmp.Compare(x[0].(string), y[0].(string)), cmp.Compare(y[2].(int), x[2].(int)), cmp.Compare(x[1].(string), y[1].(string)))
	})
	return tab, nil
}
