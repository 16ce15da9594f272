//go:build !lite

package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"omologa/internal/office"
	"omologa/internal/platform/catalogue"
	"omologa/internal/publishing/statistics"
)

func runStats(c *call) int {
	year := c.fs.Int("year", 0, "the year (required)")
	csvDir := c.fs.String("csv", "", "also write each table as a CSV for Excel (Italian settings) into DIR")
	lang := c.fs.String("lang", "it", "the tables' language: it or en (the CSV files' headings too)")
	if code, ok := c.parseArgs(0, 0, "argument"); !ok {
		return code
	}
	if *year < 1900 || *year > 9999 {
		return c.bad("--year %d: want a year YYYY", *year)
	}
	if *lang != string(catalogue.IT) && *lang != string(catalogue.EN) {
		return c.bad("--lang %q: want it or en", *lang)
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
	r, _, err := o.StatisticsIn(c.ctx, *year, catalogue.Of(*lang))
	if err != nil {
		return c.fail(err)
	}
	if *csvDir != "" {
		if err := os.MkdirAll(*csvDir, 0o755); err != nil {
			return c.fail(err)
		}
		for i := range r.Tables {
			t := &r.Tables[i]
			if _, err := office.WriteOut(*csvDir, fmt.Sprintf("%d-%s.csv", r.Year, t.Name),
				func(w io.Writer) error { return statistics.WriteCSV(w, t) }); err != nil {
				return c.fail(err)
			}
		}
	}
	return c.print(exitOK, r, func(w io.Writer) { printStats(w, r) })
}

// printStats writes the tables aligned, numbers written as the
// result's language writes them (a decimal comma in Italian).
func printStats(w io.Writer, r *statistics.Result) {
	var b strings.Builder
	b.WriteString(r.Lang.T("stats.title", r.Year) + "\n")
	for _, t := range r.Tables {
		fmt.Fprintf(&b, "\n%s\n", t.Title)
		if t.Note != "" {
			fmt.Fprintf(&b, "(%s)\n", t.Note)
		}
		rows := [][]string{t.Columns}
		all := t.Rows
		if t.Total != nil {
			all = append(all[:len(all):len(all)], t.Total)
		}
		for _, row := range all {
			cells := make([]string, len(row))
			for i, v := range row {
				cells[i] = statistics.CellIn(r.Lang, v)
			}
			rows = append(rows, cells)
		}
		if len(all) == 0 {
			b.WriteString(r.Lang.T("stats.none") + "\n")
			continue
		}
		width := make([]int, len(t.Columns))
		for _, r := range rows {
			for i, c := range r {
				if i < len(width) {
					width[i] = max(width[i], len([]rune(c)))
				}
			}
		}
		for _, r := range rows {
			for i, c := range r {
				pad := strings.Repeat(" ", width[i]-len([]rune(c)))
				if i == 0 {
					b.WriteString(c + pad)
				} else {
					b.WriteString("  " + pad + c)
				}
			}
			b.WriteString("\n")
		}
	}
	io.WriteString(w, b.String())
}
