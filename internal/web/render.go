package web

import (
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/office"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/italian"
	"omologa/internal/rating"
	"omologa/internal/webkit"
)

var funcs = template.FuncMap{
	// day writes a stored calendar date "2026-11-23" as 23/11/2026.
	"day":    italian.DateISO,
	"period": periodName,
	"signed": func(lang string, tenths int) string {
		if lang == "en" {
			return italian.SignedTenthsEN(tenths)
		}
		return italian.SignedTenths(tenths)
	},
	"points": func(lang string, p float64) string {
		if lang == "en" {
			return strconv.FormatFloat(p, 'f', -1, 64)
		}
		return italian.Points(p)
	},
	// n writes a number with the counted noun of the catalogue's
	// "web.count." group agreeing, in the reader's language: "1 invio",
	// "12 invii".
	"n": func(v *view, key string, n int) string { return catalogue.Of(v.Lang).N("web.count."+key, n) },
	// args passes the page's view and one value to a shared part.
	// euro writes an amount kept in cents as the page's language does
	// ("1.234,50 €", "€1,234.50").
	"euro": func(v *view, c int64) string {
		if v.Lang == "en" {
			return italian.EuroEN(c)
		}
		return italian.Euro(c)
	},
	"args": func(v *view, x any) map[string]any { return map[string]any{"V": v, "X": x} },
	"list": func(xs ...string) []string { return xs },
	// basedOn says what a list was computed from without a server path:
	// "lista di novembre 2026", "registro dei giocatori (players.csv)".
	"basedOn": func(v *view, s string) string {
		if p, ok := strings.CutPrefix(s, "list "); ok {
			return v.L["basedList"] + " " + periodName(v.Lang, p)
		}
		if f, ok := strings.CutPrefix(s, "register "); ok {
			return v.L["basedRegister"] + " (" + filepath.Base(f) + ")"
		}
		return s
	},
	"int": func(t rating.Tenths) int { return int(t) },
	"anyDecision": func(d *office.DecideResult) bool {
		for _, f := range d.Files {
			if len(f.Decisions) > 0 {
				return true
			}
		}
		return false
	},
	"lower":       strings.ToLower,
	"auditObject": auditObject,
	// actName names an office act in the reader's language.
	"actName": func(v *view, act string) string {
		if t := v.L["act."+act]; t != "" {
			return t
		}
		return act
	},
	"acts": func() []office.Action { return auditActs },
	// hasProvince says a city already closes with its province, "Novara (NO)".
	"hasProvince": func(city string) bool { return fsi.ProvinceOfCity(city) != "" },
	"add":         func(a, b int) int { return a + b },
	"size":        italian.Size,
	"base":        filepath.Base,
	"query": func(base string, q url.Values, key, val string) string {
		v := url.Values{}
		for k, vs := range q {
			v[k] = vs
		}
		v.Set(key, val)
		return base + "?" + v.Encode()
	},
}

// auditActs are the acts the audit trail's filter offers.
var auditActs = []office.Action{office.ActRelease, office.ActDiscard, office.ActResend, office.ActAnswer, office.ActDecide,
	office.ActRevoke, office.ActReinstate, office.ActLink, office.ActUnlink, office.ActImport, office.ActUndoImport,
	office.ActListRun, office.ActFideExport, office.ActUsers, office.ActRejudge, office.ActOverrule,
	office.ActPayments, office.ActFee}

// mayActs are the acts a page asks whether the user may do (view.May):
// the audited ones and the list's preview.
var mayActs = append(slices.Clip(auditActs), office.ActListPreview)

// auditObject writes the object of an audit entry, as the office records
// it ("submission 7", "list rapid 2026-12"), in the reader's words; an
// object of another form is shown as recorded.
func auditObject(v *view, obj string) string {
	w := strings.Fields(obj)
	switch {
	case len(w) == 2 && w[0] == "submission":
		return v.L["submission"] + " " + w[1]
	case len(w) == 2 && w[0] == "tournament":
		return v.L["tournament"] + " " + w[1]
	case len(w) == 2 && w[0] == "register" && v.L["reg."+w[1]] != "":
		return v.L["register"] + " " + v.L["reg."+w[1]]
	case len(w) == 2 && w[0] == "portal":
		return v.L["portalAccount"] + " " + w[1]
	case len(w) == 2 && w[0] == "user":
		return v.L["userName"] + " " + w[1]
	case len(w) == 3 && w[0] == "list" && v.L["kind."+w[1]] != "":
		return v.L["kind."+w[1]] + " · " + periodName(v.Lang, w[2])
	case len(w) == 3 && w[0] == "FIDE" && w[1] == "list":
		return v.L["fideList"] + " · " + periodName(v.Lang, w[2])
	case obj == "failed notices":
		return v.L["failingNotices"]
	}
	return obj
}

// periodName names a list period "2027-01" in the reader's language.
func periodName(lang, p string) string {
	if lang == "en" {
		return fsi.PeriodMonthEN(p)
	}
	return fsi.PeriodMonth(p)
}

// parsePages parses each page template with the layout; the pages write
// every time in loc, the office's time zone.
func parsePages(loc *time.Location) (map[string]*template.Template, error) {
	layout, err := template.New("layout.html").Funcs(funcs).Funcs(template.FuncMap{
		"date":     func(t time.Time) string { return italian.DateIn(t, loc) },
		"datetime": func(t time.Time) string { return italian.DateTime(t, loc) },
	}).ParseFS(templateFS, "templates/layout.html", "templates/parts.html")
	if err != nil {
		return nil, fmt.Errorf("web: layout: %w", err)
	}
	out, err := webkit.Pages(templateFS, []string{"layout", "parts"}, func(n string) (*template.Template, error) {
		return template.Must(layout.Clone()).ParseFS(templateFS, n)
	})
	if err != nil {
		return nil, fmt.Errorf("web: %w", err)
	}
	return out, nil
}

// view is what every page's template gets.
type view struct {
	L    map[string]string // the texts in the reader's language
	Lang string
	User *office.User
	Nav  string // the menu entry to mark
	Path string // this page, for the language switch to come back to
	May  map[string]bool
	Data any
	// Flash is a message after an act (?done=KEY); Refused the reason
	// an act was refused, shown on the page it was asked from.
	Flash   string
	Refused string
}

// render writes a page in the layout.
func (s *Server) render(w http.ResponseWriter, r *http.Request, code int, page, nav string, data any) {
	t, ok := s.pages[page]
	if !ok {
		http.Error(w, "no page "+page, http.StatusInternalServerError)
		return
	}
	lang := s.langOf(r)
	v := &view{L: texts()[lang], Lang: lang, Nav: nav, Path: r.URL.RequestURI(), Data: data, May: map[string]bool{}}
	if len(v.Path) > 2048 {
		v.Path = r.URL.Path // a huge query is not echoed back (nor kept by safeNext)
	}
	if vis := visitOf(r); vis != nil {
		v.User = &vis.sess.User
		role := office.Role(vis.sess.User.Role)
		for _, a := range mayActs {
			v.May[string(a)] = role.May(a)
		}
	}
	if k := r.URL.Query().Get("done"); k != "" {
		v.Flash = texts()[lang]["done."+k]
	}
	v.Refused = r.URL.Query().Get("refused")
	if err := webkit.WriteHTML(w, code, t, v); err != nil {
		s.log.Error("web: render", "page", page, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
	}
}

// pager is a page of a long list.
type pager struct {
	Page, Pages, Total int
	Prev, Next         string // links, "" at the ends
}

const perPage = 50

func pageOf(r *http.Request) int {
	p, _ := strconv.Atoi(r.URL.Query().Get("page"))
	if p < 1 {
		p = 1
	}
	return p
}

func newPager(r *http.Request, page, total int) pager {
	p := pager{Page: page, Total: total, Pages: (total + perPage - 1) / perPage}
	if p.Pages == 0 {
		p.Pages = 1
	}
	link := func(n int) string {
		q := r.URL.Query()
		q.Set("page", strconv.Itoa(n))
		return r.URL.Path + "?" + q.Encode()
	}
	if page > 1 {
		p.Prev = link(page - 1)
	}
	if page < p.Pages {
		p.Next = link(page + 1)
	}
	return p
}
