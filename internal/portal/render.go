package portal

import (
	"embed"
	"fmt"
	"html/template"
	"net/http"
	"strings"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/homologation/validate"
	"omologa/internal/office"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/italian"
	"omologa/internal/rating"
	"omologa/internal/tournament"
	"omologa/internal/webkit"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed portale.css
var css string

func sizeIT(n int64) string { return italian.Size(n) }

// listName names the list a tournament of a kind counts in: "Elo Italia
// di gennaio 2027".
func listName(k fsi.Kind, period string) string {
	if !k.IsList() || period == "" {
		return ""
	}
	return it.T("portal.list", k.ListName(), fsi.PeriodMonth(period))
}

// it is the portal's language: the catalogue's Italian.
const it = catalogue.IT

// named is the catalogue's Italian for the value v of a kind of value
// (prefix, "portal.state."): "" for a value the catalogue does not name.
func named(prefix string, v any) string {
	s, _ := it.Lookup(prefix + fmt.Sprint(v))
	return s
}

// funcs are the templates' functions, times written in zone (the rule
// set's, as the notices).
func funcs(zone *time.Location) template.FuncMap {
	return template.FuncMap{
		"date":     func(t time.Time) string { return italian.DateIn(t, zone) },
		"datetime": func(t time.Time) string { return italian.DateTime(t, zone) },
		"day":      italian.DateISO,
		"tday": func(d tournament.Date) string {
			if !d.IsFull() {
				return ""
			}
			return italian.Date(d.Time(time.UTC))
		},
		"euro":    italian.Euro,
		"points":  italian.Points,
		"minutes": func(x float64) string { return italian.Number(x) },
		"signed":  func(t rating.Tenths) string { return italian.SignedTenths(int(t)) },
		"count":   italian.Count,
		"size":    sizeIT,
		"list":    listName,
		"verdict": func(v any) string {
			if fmt.Sprint(v) == "" {
				v = "pending"
			}
			return named("portal.verdict.", v)
		},
		// verdictNow is the verdict of a pre-check, which is a forecast.
		"verdictNow": func(v validate.Verdict) string {
			return named("portal.forecast.", v)
		},
		"severity": func(s validate.Severity) string {
			return named("portal.severity.", s)
		},
		"storedSeverity": func(s string) string {
			return named("portal.severity.", s)
		},
		// only keeps the findings of one severity.
		"only": func(sev string, fs []validate.Finding) []validate.Finding {
			var out []validate.Finding
			for _, f := range fs {
				if string(f.Severity) == sev {
					out = append(out, f)
				}
			}
			return out
		},
		"onlyStored": func(sev string, fs []office.FindingRow) []office.FindingRow {
			var out []office.FindingRow
			for _, f := range fs {
				if f.Severity == sev {
					out = append(out, f)
				}
			}
			return out
		},
		"state": func(s string) string {
			return named("portal.state.", s)
		},
		"noticeKind": func(k string) string {
			return named("portal.notice.", k)
		},
		"noticeStatus": func(st string) string {
			return named("portal.delivery.", st)
		},
		"decision": func(d office.Decision) string {
			switch {
			case d.Kind == office.DecisionTheoretical:
				return it.T("portal.decision.theoretical", d.Start, d.Rating())
			case d.Kind == office.DecisionWithdrawal && d.Value == office.WithdrawalJustified:
				return it.T("portal.decision.justified", d.Start)
			case d.Kind == office.DecisionWithdrawal:
				return it.T("portal.decision.unjustified", d.Start)
			}
			return it.T("portal.decision.other", d.Start)
		},
		"channel": func(c string) string {
			return named("portal.channel.", c)
		},
		"office": func(o *office.OfficeAct) string {
			if o == nil {
				return ""
			}
			if o.Action == office.OfficeReleased {
				return it.T("portal.office.released", italian.DateTime(o.At, zone))
			}
			return it.T("portal.office.discarded", italian.DateTime(o.At, zone))
		},
		"join":   strings.Join,
		"errors": func(fs []validate.Finding) int { return countSev(fs, validate.SeverityError) },
		"warnings": func(fs []validate.Finding) int {
			return countSev(fs, validate.SeverityWarning)
		},
	}
}

func countSev(fs []validate.Finding, sev validate.Severity) int {
	n := 0
	for _, f := range fs {
		if f.Severity == sev {
			n++
		}
	}
	return n
}

// view is what every page's layout gets.
type view struct {
	Person *office.Person
	Path   string
	Data   any
}

// parsePages parses each page with the layout.
func parsePages(zone *time.Location) (map[string]*template.Template, error) {
	out, err := webkit.Pages(templateFS, []string{"layout"}, func(n string) (*template.Template, error) {
		return template.New("layout.html").Funcs(funcs(zone)).ParseFS(templateFS, "templates/layout.html", n)
	})
	if err != nil {
		return nil, fmt.Errorf("portal: template %w", err)
	}
	return out, nil
}

func (s *Server) render(w http.ResponseWriter, r *http.Request, code int, page string, data any) {
	t := s.pages[page]
	per := personOf(r)
	if per == nil && page == "error" {
		per, _ = s.current(r)
	}
	if err := webkit.WriteHTML(w, code, t, &view{Person: per, Path: r.URL.Path, Data: data}); err != nil {
		s.log.Error("portal: render", "page", page, "err", err)
		http.Error(w, it.T("portal.fail.render"), http.StatusInternalServerError)
	}
}
