package web

import (
	"bytes"
	"html/template"
	"net/http"
	"strconv"
	"strings"

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

// stats computes a year's statistics once per state of the store: they
// read every list and homologated tournament.
func (s *Server) stats(r *http.Request, year int) (*statistics.Result, []int, error) {
	stamp, err := s.o.PublicStamp(r.Context())
	if err != nil {
		return nil, nil, err
	}
	key := "statistics " + strconv.Itoa(year) + " " + stamp
	if v, ok := s.cache.get(key); ok {
		c := v.(statsCached)
		return c.res, c.years, nil
	}
	res, years, err := s.o.Statistics(r.Context(), year)
	if err != nil {
		return nil, nil, err
	}
	s.cache.put(key, statsCached{res, years})
	return res, years, nil
}

// statistics is the federation's statistics of a year (?year=, default
// the latest with data): the public site's tables and charts, with each
// table's CSV for Excel.
func (s *Server) statistics(w http.ResponseWriter, r *http.Request) {
	year, _ := strconv.Atoi(r.URL.Query().Get("year"))
	res, years, err := s.stats(r, year)
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

// statisticsFile is a table's CSV or a chart's PNG.
func (s *Server) statisticsFile(w http.ResponseWriter, r *http.Request) {
	year, err := strconv.Atoi(r.PathValue("year"))
	if err != nil {
		s.notFound(w, r)
		return
	}
	name := r.PathValue("file")
	res, _, err := s.stats(r, year)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var b bytes.Buffer
	switch {
	case strings.HasSuffix(name, ".csv"):
		t := res.Table(strings.TrimSuffix(name, ".csv"))
		if t == nil {
			s.notFound(w, r)
			return
		}
		if err := statistics.WriteCSV(&b, t); err != nil {
			s.fail(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="`+strconv.Itoa(year)+"-"+t.Name+`.csv"`)
	case strings.HasSuffix(name, ".png"):
		var c *statistics.Chart
		for i := range statistics.Charts {
			if statistics.Charts[i].Name+".png" == name {
				c = &statistics.Charts[i]
			}
		}
		if c == nil || !c.Drawable(res) {
			s.notFound(w, r)
			return
		}
		if err := c.WritePNG(&b, res); err != nil {
			s.fail(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "image/png")
	default:
		s.notFound(w, r)
		return
	}
	w.Write(b.Bytes())
}
