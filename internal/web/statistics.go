package web

import (
	"bytes"
	"html/template"
	"io"
	"net/http"
	"strconv"
	"strings"

	"omologa/internal/platform/catalogue"
	"omologa/internal/publishing/site"
	"omologa/internal/publishing/statistics"
)

type statsData struct {
	Year  int
	Years []int
	Body  template.HTML
}

type statsCached struct {
	res   *statistics.Result
	years []int
}

// stats computes a year's statistics in the language l once per state
// of the store: they read every list and homologated tournament.
func (s *Server) stats(r *http.Request, year int, l catalogue.Lang) (*statistics.Result, []int, error) {
	stamp, err := s.o.PublicStamp(r.Context())
	if err != nil {
		return nil, nil, err
	}
	key := func(year int) string { return "statistics " + strconv.Itoa(year) + " " + string(l) + " " + stamp }
	if v, ok := s.cache.get(key(year)); ok {
		c := v.(statsCached)
		return c.res, c.years, nil
	}
	res, years, err := s.o.StatisticsIn(r.Context(), year, l)
	if err != nil {
		return nil, nil, err
	}
	s.cache.put(key(year), statsCached{res, years})
	if res.Year != year {
		// The page without ?year= is the latest year's: its charts and
		// CSVs, asked for by year, are served from the same computation.
		s.cache.put(key(res.Year), statsCached{res, years})
	}
	return res, years, nil
}

// statistics is the federation's statistics of a year (?year=, default
// the latest with data) in the reader's language: the public site's
// tables and charts, with each table's CSV for Excel.
func (s *Server) statistics(w http.ResponseWriter, r *http.Request) {
	year, _ := strconv.Atoi(r.URL.Query().Get("year"))
	res, years, err := s.stats(r, year, catalogue.Of(s.langOf(r)))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	y := strconv.Itoa(res.Year)
	body, err := site.YearBody(res, func(t *statistics.Table) string { return "/statistics/" + y + "/" + t.Name + ".csv" },
		func(c *statistics.Chart) string { return "/statistics/" + y + "/" + c.Name + ".png" })
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "statistics", "statistics", statsData{Year: res.Year, Years: years, Body: body})
}

// statisticsFile is a table's CSV or a chart's PNG. A chart is drawn
// in the reader's language; a CSV for Excel has the Italian headings
// (the files the federation publishes) unless ?lang= asks for another.
func (s *Server) statisticsFile(w http.ResponseWriter, r *http.Request) {
	year, err := strconv.Atoi(r.PathValue("year"))
	if err != nil {
		s.notFound(w, r)
		return
	}
	l := catalogue.Of(s.langOf(r))
	if strings.HasSuffix(r.PathValue("file"), ".csv") {
		l = catalogue.Of(r.URL.Query().Get("lang"))
	}
	res, _, err := s.stats(r, year, l)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	f, ok := statsFileOf(res, r.PathValue("file"))
	if !ok {
		s.notFound(w, r)
		return
	}
	var b bytes.Buffer
	if err := f.write(&b); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", f.contentType)
	if f.saveAs != "" {
		w.Header().Set("Content-Disposition", `attachment; filename="`+strconv.Itoa(year)+"-"+f.saveAs+`"`)
	}
	w.Write(b.Bytes())
}

// statsFile is a file of a year's statistics: its type, how it is
// written and, for a table's CSV (saved for Excel), the name it is saved
// under after the year.
type statsFile struct {
	contentType string
	saveAs      string
	write       func(io.Writer) error
}

// statsFileOf finds the file name of the statistics res: a table's CSV
// or a chart's PNG when it has something to draw.
func statsFileOf(res *statistics.Result, name string) (statsFile, bool) {
	if stem, ok := strings.CutSuffix(name, ".csv"); ok {
		if t := res.Table(stem); t != nil {
			return statsFile{contentType: "text/csv; charset=utf-8", saveAs: t.Name + ".csv",
				write: func(w io.Writer) error { return statistics.WriteCSV(w, t) }}, true
		}
	}
	if stem, ok := strings.CutSuffix(name, ".png"); ok {
		if c := statistics.ChartNamed(stem); c != nil && c.Drawable(res) {
			return statsFile{contentType: "image/png", write: func(w io.Writer) error { return c.WritePNG(w, res) }}, true
		}
	}
	return statsFile{}, false
}
