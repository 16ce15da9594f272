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
	return k.ListName() + " di " + fsi.PeriodMonth(period)
}

// funcs are the templates' functions, times written in zone (the rule
// set's, as the notices).
func funcs(zone *time.Location) template.FuncMap {
	return template.FuncMap{
		"date":     func(t time.Time) string { return italian.DateIn(t, zone) },
		"datetime": func(t time.Time) string { return italian.DateTime(t, zone) },
		"day": func(s string) string {
			t, err := time.Parse("2006-01-02", s)
			if err != nil {
				return s
			}
			return italian.Date(t)
		},
		"tday": func(d tournament.Date) string {
			if !d.IsFull() {
				return ""
			}
			return italian.Date(d.Time(time.UTC))
		},
		"points":  italian.Points,
		"minutes": func(x float64) string { return italian.Number(x) },
		"signed":  func(t rating.Tenths) string { return italian.SignedTenths(int(t)) },
		"count":   italian.Count,
		"size":    sizeIT,
		"list":    listName,
		"verdict": func(v any) string {
			return map[string]string{"accepted": "omologato", "accepted-with-warnings": "omologato con avvisi",
				"rejected": "respinto", "": "in esame"}[fmt.Sprint(v)]
		},
		// verdictNow is the verdict of a pre-check, which is a forecast.
		"verdictNow": func(v validate.Verdict) string {
			return map[validate.Verdict]string{validate.Accepted: "sarebbe omologato",
				validate.AcceptedWithWarnings: "sarebbe omologato, con avvisi", validate.Rejected: "sarebbe respinto"}[v]
		},
		"severity": func(s validate.Severity) string {
			return map[validate.Severity]string{validate.SeverityError: "Errore", validate.SeverityWarning: "Avviso",
				validate.SeverityInfo: "Nota"}[s]
		},
		"storedSeverity": func(s string) string {
			return map[string]string{"error": "Errore", "warning": "Avviso", "info": "Nota"}[s]
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
			return map[string]string{office.StateReceived: "in esame", office.StateJudged: "esaminato",
				office.StateQuarantined: "in attesa dell'ufficio", "discarded": "archiviato dall'ufficio"}[s]
		},
		"noticeKind": func(k string) string {
			return map[string]string{"receipt": "Ricevuta di omologazione", "rejection": "Avviso di respingimento",
				"repeat": "Risposta a un invio ripetuto"}[k]
		},
		"noticeStatus": func(st string) string {
			return map[string]string{"pending": "da inviare", "sent": "inviato", "failed": "non recapitato",
				"failing": "non recapitato, nuovi tentativi in corso", "claimed": "in invio"}[st]
		},
		"decision": func(d office.Decision) string {
			switch {
			case d.Kind == office.DecisionTheoretical:
				return fmt.Sprintf("Giocatore %d: Elo teorico %d (RTF 4.2.7, RAPID 6.8)", d.Start, d.Rating())
			case d.Kind == office.DecisionWithdrawal && d.Value == office.WithdrawalJustified:
				return fmt.Sprintf("Giocatore %d: ritiro giustificato (RTF 7.5.2)", d.Start)
			case d.Kind == office.DecisionWithdrawal:
				return fmt.Sprintf("Giocatore %d: ritiro ingiustificato, variazione azzerata (RTF 7.5.3)", d.Start)
			}
			return fmt.Sprintf("Giocatore %d", d.Start)
		},
		"channel": func(c string) string {
			return map[string]string{"imap": "per e-mail", "drop": "consegnato all'ufficio", "cli": "dall'ufficio",
				"portal": "dal portale"}[c]
		},
		"office": func(o *office.OfficeAct) string {
			if o == nil {
				return ""
			}
			if o.Action == office.OfficeReleased {
				return "ammesso al controllo dall'ufficio il " + italian.DateTime(o.At, zone)
			}
			return "archiviato dall'ufficio il " + italian.DateTime(o.At, zone)
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
		http.Error(w, "errore interno", http.StatusInternalServerError)
	}
}
