package report

import (
	"omologa/internal/fsi"
	"omologa/internal/homologation/validate"
	"omologa/internal/platform/catalogue"
	"reflect"
	"sync"
)

// text holds a language's words, for the code and the page's template
// (.T). Placeholders are fmt verbs, in the order the code passes them.
type text struct {
	Lang                                         string
	Office                                       string
	File, Format, City, Dates, FromTo, Size      string
	SizeFmt, Rate, Minutes60, Arbiter, Deputies  string
	RuleSet, Received, Period, PeriodFmt         string
	Edition                                      string // "%s, edizione %s": the kind and the year of a rule set
	VerdictLabel                                 string
	NowLabel                                     string // before what the file is today, when it is no longer its verdict
	Verdict                                      map[validate.Verdict]string
	Kind                                         map[fsi.Kind]string
	Severity                                     map[validate.Severity]string
	FindingsHead, NoFindings                     string
	ColSeverity, ColRule, ColArticle, ColWhere   string
	ColMessage                                   string
	StandingsHead, NoTiebreaks, DeclaredPoints   string
	ColRank, ColStart, ColName, ColTitle, ColFed string
	ColRating, ColPoints                         string
	CrossHead, CrossNote, Legend                 string
	RatingsHead, RatingsNote                     string
	ColFSI, ColSource, ColRated, ColGames        string
	ColScore, ColExpected, ColK, ColDelta        string
	ColApplied, ColArticles                      string
	Yes, No                                      string
	NormsHead, NormFmt, NormLong, NormShort      string
	ChartAlt, ChartVariation, ChartRatingVsScore string
	ChartAxisScore, ChartAxisRating, GeneratedBy string
	ChartAxisVariation                           string
	NotRated, Unreadable                         string
	White, Black, Folded                         string
	ColRatingFile, ColRatingUsed                 string
}

// texts are the report's words in each language, from the catalogue
// ("report.*").
var texts = sync.OnceValue(func() map[string]*text { return map[string]*text{"it": fill(catalogue.IT), "en": fill(catalogue.EN)} })

// fill gives every word of text its catalogue entry: field F is
// "report.F", the names of verdicts, kinds and severities
// "report.verdict.accepted", "report.kind.rapid", "report.severity.error".
func fill(l catalogue.Lang) *text {
	t := &text{Lang: string(l), Verdict: map[validate.Verdict]string{}, Kind: map[fsi.Kind]string{},
		Severity: map[validate.Severity]string{}}
	fillWords(t, l, "report.")
	for _, x := range []validate.Verdict{validate.Accepted, validate.AcceptedWithWarnings, validate.Rejected} {
		t.Verdict[x] = l.T("report.verdict." + string(x))
	}
	for _, k := range []fsi.Kind{fsi.Standard, fsi.Rapid, fsi.Blitz, fsi.Promotion} {
		t.Kind[k] = l.T("report.kind." + string(k))
	}
	for _, x := range []validate.Severity{validate.SeverityError, validate.SeverityWarning, validate.SeverityInfo} {
		t.Severity[x] = l.T("finding.severity." + string(x))
	}
	return t
}

// fillWords sets every string field F of the struct w points to (but
// Lang) to the catalogue's entry prefix+F.
func fillWords(w any, l catalogue.Lang, prefix string) {
	v := reflect.ValueOf(w).Elem()
	for i := range v.NumField() {
		if f := v.Type().Field(i); f.Type.Kind() == reflect.String && f.Name != "Lang" {
			v.Field(i).SetString(l.T(prefix + f.Name))
		}
	}
}
