package statistics

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"omologa/internal/platform/catalogue"
)

// Part is a group of a year's tables computed from one part of the
// Input alone, so that a caller may keep each part's tables under a key
// of what it reads and compute again only the parts whose input
// changed (a list closed changes the new players' table, not the
// tournaments' activity).
type Part int

const (
	// Activity: by month, by province, by province and month, by club
	// (mesi, province, province-mesi, societa): the year's tournaments,
	// the participations in them and the participants' clubs (Players).
	Activity Part = iota
	// NewPlayers: the players each of the year's lists added (nuovi):
	// Lists' kinds, periods and Added.
	NewPlayers
	// Standard: by category, the flow between categories, the ratings
	// by sex and age (categorie, flussi, elo-sesso-eta): the year's first
	// standard list's Base and its last one's Players.
	Standard
	// Outcomes: the judged files by province and by article
	// (esiti-province, esiti-articoli): Judged.
	Outcomes
	// NParts is how many parts there are.
	NParts
)

// Version changes with any table's figures, texts' keys or layout: a
// caller that keeps parts computed (ComputePart) keeps them under it,
// with TextsKey, and computes them again when it changes.
const Version = 1

// partSteps are each part's tables, in the order a Result has them.
var partSteps = [NParts][]func(Input, func(string) bool, catalogue.Lang) (Table, error){
	Activity:   {activity, provinces, provinceMonths, clubs},
	NewPlayers: {newPlayers},
	Standard:   {categories, flow, ratings},
	Outcomes:   {outcomes, outcomeArticles},
}

// ComputePart computes the tables of part p of the statistics of year,
// their texts in l.
func ComputePart(in Input, year int, l catalogue.Lang, p Part) ([]Table, error) {
	if p < 0 || p >= NParts {
		return nil, fmt.Errorf("statistics %d: no part %d", year, p)
	}
	y := strconv.Itoa(year)
	inYear := func(month string) bool { return strings.HasPrefix(month, y+"-") }
	if in.frames == nil {
		// The activity tables share the year's frames.
		in.frames = &frames{}
	}
	var out []Table
	for _, f := range partSteps[p] {
		t, err := f(in, inYear, l)
		if err != nil {
			return nil, fmt.Errorf("statistics %d: %w", year, err)
		}
		out = append(out, t)
	}
	return out, nil
}

// Join is the statistics of year made of its parts' tables (ComputePart
// of each part, in l).
func Join(year int, l catalogue.Lang, parts [NParts][]Table) *Result {
	r := &Result{Year: year, Lang: l}
	for _, ts := range parts {
		r.Tables = append(r.Tables, ts...)
	}
	return r
}

// TextsKey names the catalogue's texts the tables are written with in
// l (their titles, headings, notes, month names): with the same key, a
// part computed from the same input has the same tables.
func TextsKey(l catalogue.Lang) string {
	h := sha256.New()
	for _, prefix := range []string{"stats.", "date."} {
		m := l.Prefixed(prefix)
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Fprintf(h, "%s%s\x00%s\x00", prefix, k, m[k])
		}
	}
	return string(l) + "-" + hex.EncodeToString(h.Sum(nil)[:16])
}
