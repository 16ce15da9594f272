package statistics

import (
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// innerJoin is a.InnerJoin(b, key) and leftJoin a.LeftJoin(b, key),
// the same frames (columns, their order and types, rows and their
// order, a missing value where a row of a matches none in b), found
// through an index of b's rows by key instead of gota's comparison of
// every row of a with every row of b: a season's participations against
// a 30,000-player register were 200 million comparisons, seconds of a
// list run.
func innerJoin(a, b dataframe.DataFrame, key string) dataframe.DataFrame {
	return join(a, b, key, false)
}

func leftJoin(a, b dataframe.DataFrame, key string) dataframe.DataFrame {
	return join(a, b, key, true)
}

func join(a, b dataframe.DataFrame, key string, left bool) dataframe.DataFrame {
	ak, bk := a.Col(key), b.Col(key)
	if a.Err != nil || b.Err != nil || ak.Err != nil || bk.Err != nil || ak.Type() != series.String || bk.Type() != series.String {
		// gota's own join says what is wrong, or compares other types.
		if left {
			return a.LeftJoin(b, key)
		}
		return a.InnerJoin(b, key)
	}
	// b's rows by key, in b's order; a missing key equals nothing.
	rows := map[string][]int{}
	bv, bnan := bk.Records(), bk.IsNaN()
	for j := range bv {
		if !bnan[j] {
			rows[bv[j]] = append(rows[bv[j]], j)
		}
	}
	// The pairs of rows in gota's order: a's rows in order, each with
	// its matches in b's order; a row of a left join matching none
	// pairs with a missing row (-1).
	var ai, bi []int
	unmatched := false
	av, anan := ak.Records(), ak.IsNaN()
	for i := range av {
		var m []int
		if !anan[i] {
			m = rows[av[i]]
		}
		for _, j := range m {
			ai, bi = append(ai, i), append(bi, j)
		}
		if len(m) == 0 && left {
			ai, bi = append(ai, i), append(bi, -1)
			unmatched = true
		}
	}
	// The key, a's other columns, b's other columns; each value set
	// from the joined frame's, as gota appends it (a text that is
	// missing reads "NaN" and is no longer missing).
	pick := func(s series.Series, idx []int) series.Series {
		if len(idx) == 0 {
			return s.Empty()
		}
		return series.New(s.Subset(idx), s.Type(), s.Name)
	}
	cols := []series.Series{pick(ak, ai)}
	for _, n := range a.Names() {
		if n != key {
			cols = append(cols, pick(a.Col(n), ai))
		}
	}
	missing := b.Nrow()
	if unmatched {
		for k := range bi {
			if bi[k] < 0 {
				bi[k] = missing
			}
		}
	}
	for _, n := range b.Names() {
		if n == key {
			continue
		}
		s := b.Col(n)
		if unmatched {
			// Missing where a row of a matched none, as gota appends it.
			s = pick(s.Concat(series.New(nil, s.Type(), s.Name)), bi)
			for k := range bi {
				if bi[k] == missing {
					s.Elem(k).Set(nil)
				}
			}
			cols = append(cols, s)
			continue
		}
		cols = append(cols, pick(s, bi))
	}
	return dataframe.New(cols...)
}
