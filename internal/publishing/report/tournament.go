// Package tournament composes the published report of one tournament: an
// HTML page (Italian by default, English available) with the header
// (name, city, dates, rate of play, arbiter, rule set, verdict, list
// period), the findings with their articles, the final standings with
// their tie-breaks, the crosstable and the rating variations, and a PNG
// chart of the variations (or, when the tournament was not rated, of the
// players' ratings against their scores).
//
// It is pure composition: it takes the parsed tournament, the
// validator's report and the rating stage's lines, and writes to an
// io.Writer. No store, no files, no clock.
package report

import (
	"cmp"
	"fmt"
	"omologa/internal/fsi"
	"omologa/internal/publishing/internal/words"
	"slices"
	"strconv"
	"strings"
	"time"

	"omologa/internal/homologation/validate"
	"omologa/internal/platform/italian"
	"omologa/internal/rating"
	"omologa/internal/rating/fide"
	"omologa/internal/tournament"
	"omologa/internal/tournament/dates"
)

// Input is everything a report shows.
type Input struct {
	// File names the result file (shown when the tournament has no name).
	File string
	// Tournament is the parsed file; nil when it could not be read (the
	// report then shows the header and the findings only).
	Tournament *tournament.Tournament
	// Report is the validator's judgement of the file.
	Report validate.Report
	// Received is the receipt time the deadline was judged on; zero when
	// unknown.
	Received time.Time
	// Ratings are the rating stage's lines (rating.Rate), one per player;
	// nil when the tournament was not rated. RatingKind is their list.
	Ratings    []rating.Line
	RatingKind fsi.Kind
	// Lang is "it" (default) or "en".
	Lang string
	// Chart is the file name of the chart image the page shows (as
	// written by Chart.WritePNG); "" shows none.
	Chart string
	// Fide is what FIDE will make of the tournament (fide.PreviewOf);
	// nil shows no FIDE section (report/tournament/fide.go).
	Fide *fide.Preview
	// Now is what the file is today when that is no longer the verdict
	// it was judged with (the state model's label: revoked, superseded,
	// decided by the office): shown beside the verdict, so that a page
	// never says "homologated" alone of a revoked tournament. "" shows
	// nothing.
	Now string
}

// page is the view the template renders: every value already formatted
// in the page's language, so that the template only lays it out.
type page struct {
	T         *text
	Lang      string
	Title     string
	Header    []pair
	Verdict   string
	VerdictCl string
	Now       string
	Findings  []findingRow
	Standings []standingRow
	// Tiebreaks is false when the validator computed no standings and
	// the table falls back to the file's points.
	Tiebreaks bool
	Rounds    []int
	Cross     []crossRow
	Ratings   []ratingRow
	RatedHead string
	// RatingArticles: some rating line cites an article (the column is
	// left out when none does).
	RatingArticles bool
	Norms          []string
	Chart          string
	Fide           *fideView
}

type pair struct{ Label, Value string }

type findingRow struct {
	Severity, SeverityCl, Rule, Article, Where, Message string
	// More are the further findings of the same rule, folded under the
	// first so that 284 alike warnings make one row.
	More []findingRow
}

type standingRow struct {
	Rank, Start          int
	Name, Fed, Rating    string
	Points, BH, BHC1, SB string
	Title                string
	// DeclaredPoints is what the file says when it differs from the
	// recomputed points (the validator reports it as a finding too).
	DeclaredPoints string
}

type crossRow struct {
	Rank   string
	Start  int
	Name   string
	Cells  []string
	Points string
}

type ratingRow struct {
	Start                                     int
	Name, FSIID, Rating, Source, Rated, Games string
	Score, Expected, K, Delta, Applied        string
	Articles                                  string
	AppliedCl                                 string
}

func textFor(lang string) (*text, string) {
	if lang == "en" {
		return texts()["en"], "en"
	}
	return texts()["it"], "it"
}

// build turns the input into the page's view.
func build(in Input) *page {
	t, lang := textFor(in.Lang)
	rep := in.Report
	s := rep.Summary
	p := &page{T: t, Lang: lang, Chart: in.Chart, Fide: fideSection(in.Fide, lang)}
	p.Title = s.Name
	if p.Title == "" && in.Tournament != nil {
		p.Title = in.Tournament.Name
	}
	if p.Title == "" {
		p.Title = in.File
		if p.Title == "" {
			p.Title = rep.File
		}
	}
	p.Verdict = t.Verdict[rep.Verdict]
	if p.Verdict == "" {
		p.Verdict = string(rep.Verdict)
	}
	p.VerdictCl = strings.ReplaceAll(string(rep.Verdict), "-", " ")
	p.Now = in.Now

	add := func(label, value string) {
		if value != "" {
			p.Header = append(p.Header, pair{label, value})
		}
	}
	add(t.File, fileName(in))
	if rep.Format != "" {
		add(t.Format, formatName(rep.Format))
	}
	add(t.City, s.City)
	add(t.Dates, dateRange(t, s.Start, s.End))
	if s.Players > 0 || s.Rounds > 0 {
		add(t.Size, fmt.Sprintf(t.SizeFmt, s.Players, s.Rounds))
	}
	rate := s.RateOfPlay
	if rate != "" && s.Minutes60 > 0 {
		rate += " " + fmt.Sprintf(t.Minutes60, t.num(s.Minutes60))
	}
	add(t.Rate, rate)
	arb := s.Arbiter
	if in.Tournament != nil && len(in.Tournament.DeputyArbiters) > 0 {
		arb += " (" + t.Deputies + " " + strings.Join(in.Tournament.DeputyArbiters, ", ") + ")"
	}
	add(t.Arbiter, strings.TrimSpace(arb))
	if rep.RuleSet != "" {
		// The rule set's id ("rapid-2024") is the office's code: people
		// read its kind and the year of its text.
		rs := rep.RuleSet
		if k := t.Kind[rep.Kind]; k != "" {
			rs = k
			if i := strings.LastIndexByte(rep.RuleSet, '-'); i >= 0 && len(rep.RuleSet)-i == 5 {
				rs = fmt.Sprintf(t.Edition, k, rep.RuleSet[i+1:])
			}
		}
		add(t.RuleSet, rs)
	}
	if !in.Received.IsZero() {
		// The receipt time in its own zone (the rules' zone, as the
		// notice gives it), without seconds or zone name.
		add(t.Received, italian.DateTime(in.Received, in.Received.Location()))
	}
	// A rejected file counts in no list: it is not told one (as in the
	// notice).
	if per := rep.Period; per != nil && per.Issue.IsFull() && rep.Verdict != validate.Rejected {
		month := italian.MonthYear(per.Issue.Year, per.Issue.Month)
		if lang == "en" {
			month = italian.MonthYearEN(per.Issue.Year, per.Issue.Month)
		}
		add(t.Period, fmt.Sprintf(t.PeriodFmt, per.Kind.ListName(), month, day(t, per.Cutoff)))
	}

	findings := rep.Findings
	if rep.Verdict == validate.Rejected {
		findings = slices.DeleteFunc(slices.Clone(findings), func(f validate.Finding) bool { return f.Rule == validate.RuleListPeriod })
	}
	p.Findings = findingRows(t, findings)

	tt := in.Tournament
	p.Standings, p.Tiebreaks = standings(t, tt, rep.Standings)
	if tt != nil {
		p.Rounds = make([]int, tt.Rounds())
		for i := range p.Rounds {
			p.Rounds[i] = i + 1
		}
		p.Cross = crosstable(t, tt, p.Standings, len(p.Rounds))
	}
	if len(in.Ratings) > 0 {
		p.RatedHead = fmt.Sprintf(t.RatingsHead, in.RatingKind.ListName())
		for _, l := range in.Ratings {
			r := ratingRow{Start: l.Start, Name: l.Name, FSIID: l.FSIID, Rating: strconv.Itoa(l.Rating),
				Source: source(t, l.Source), Games: strconv.Itoa(l.Games), Score: t.num(l.Score), Rated: t.No,
				Articles: strings.Join(l.Articles, ", ")}
			if r.Articles != "" {
				p.RatingArticles = true
			}
			if l.Rated {
				r.Rated = t.Yes
				r.Expected, r.K = t.tenths(l.Expected), strconv.Itoa(l.K)
				r.Delta, r.Applied = signed(t, l.Delta), signed(t, l.Applied)
				switch {
				case l.Applied > 0:
					r.AppliedCl = "up"
				case l.Applied < 0:
					r.AppliedCl = "down"
				}
			}
			p.Ratings = append(p.Ratings, r)
			if n := l.Norm; n != nil {
				kind := t.NormShort
				if n.Long {
					kind = t.NormLong
				}
				p.Norms = append(p.Norms, fmt.Sprintf(t.NormFmt, l.Start, l.Name, kind, t.num(n.Score), n.Played, n.Average, t.num(n.Needed)))
			}
		}
	}
	return p
}

func fileName(in Input) string {
	if in.File != "" {
		return in.File
	}
	return in.Report.File
}

// standings gives the final standings: the validator's, with the file's
// federation and rating beside; when the validator computed none (a
// tournament it could not rank), the file's own points and ranks.
func standings(tx *text, t *tournament.Tournament, st []validate.Standing) ([]standingRow, bool) {
	player := func(start int) *tournament.Player {
		if t == nil {
			return nil
		}
		return t.Player(start)
	}
	var out []standingRow
	if len(st) > 0 {
		for _, s := range st {
			r := standingRow{Rank: s.Rank, Start: s.Start, Name: s.Name, Points: tx.num(s.Points),
				BH: tx.num(s.BH), BHC1: tx.num(s.BHC1), SB: tx.num(s.SB)}
			if pl := player(s.Start); pl != nil {
				fillPlayer(&r, pl)
				if pl.PointsGiven && pl.Points != s.Points {
					r.DeclaredPoints = tx.num(pl.Points)
				}
			}
			out = append(out, r)
		}
		return out, true
	}
	if t == nil {
		return nil, false
	}
	for i := range t.Players {
		pl := &t.Players[i]
		r := standingRow{Rank: pl.Rank, Start: pl.Start, Name: pl.Name, Points: tx.num(t.Score(pl))}
		fillPlayer(&r, pl)
		out = append(out, r)
	}
	slices.SortStableFunc(out, func(a, b standingRow) int {
		// Unranked players (rank 0) go last, in starting order.
		switch {
		case a.Rank == 0 && b.Rank != 0:
			return 1
		case b.Rank == 0 && a.Rank != 0:
			return -1
		}
		if c := cmp.Compare(a.Rank, b.Rank); c != 0 {
			return c
		}
		return cmp.Compare(a.Start, b.Start)
	})
	return out, false
}

func fillPlayer(r *standingRow, pl *tournament.Player) {
	r.Fed = pl.Federation
	r.Title, r.Rating = pl.Shown()
}

// crosstable lays the rounds out in the order of the standings (players
// the standings leave out follow in starting order); opponents are named
// by starting number.
func crosstable(tx *text, t *tournament.Tournament, st []standingRow, rounds int) []crossRow {
	seen := map[int]bool{}
	var order []int
	rank := map[int]string{}
	points := map[int]string{}
	for _, s := range st {
		if !seen[s.Start] && t.Player(s.Start) != nil {
			seen[s.Start] = true
			order = append(order, s.Start)
			if s.Rank > 0 {
				rank[s.Start] = strconv.Itoa(s.Rank)
			}
			points[s.Start] = s.Points
		}
	}
	for i := range t.Players {
		if s := t.Players[i].Start; !seen[s] {
			seen[s] = true
			order = append(order, s)
		}
	}
	out := make([]crossRow, 0, len(order))
	for _, start := range order {
		pl := t.Player(start)
		row := crossRow{Rank: rank[start], Start: start, Name: pl.Name, Points: points[start]}
		if row.Points == "" {
			row.Points = tx.num(t.Score(pl))
		}
		for r := 1; r <= rounds; r++ {
			row.Cells = append(row.Cells, cell(tx, pl.Entry(r)))
		}
		out = append(out, row)
	}
	return out
}

// cell writes one round entry in the page's language (RoundCell).
func cell(t *text, e tournament.RoundEntry) string { return RoundCell(e, t.White, t.Black) }

// RoundCell writes one round entry of a crosstable: the opponent's
// starting number, the colour as the reader's language writes it (B
// bianco, N nero; W, B) and the result; byes and unplayed rounds by
// their TRF code, explained in the page's legend. The public site's
// crosstable writes its cells with it too.
func RoundCell(e tournament.RoundEntry, white, black string) string {
	res := ""
	switch e.Code {
	case tournament.CodeWin:
		res = "1"
	case tournament.CodeDraw:
		res = "½"
	case tournament.CodeLoss:
		res = "0"
	case tournament.CodeNone:
		if e.Opponent == 0 {
			return "–"
		}
	default:
		res = e.Code.String()
	}
	if e.Opponent == 0 {
		return res
	}
	col := ""
	switch e.Colour {
	case tournament.ColourWhite:
		col = white
	case tournament.ColourBlack:
		col = black
	}
	return strconv.Itoa(e.Opponent) + col + " " + res
}

func dateRange(t *text, a, b tournament.Date) string {
	switch {
	case a.IsZero() && b.IsZero():
		return ""
	case b.IsZero() || a == b:
		return day(t, a)
	case a.IsZero():
		return day(t, b)
	}
	return fmt.Sprintf(t.FromTo, day(t, a), day(t, b))
}

// day writes a date day/month/year in both languages, as the notices
// do (the English page is read by the same arbiters): 21/07/2025.
func day(_ *text, d tournament.Date) string {
	if d.IsFull() {
		return dates.ItalianDate(d)
	}
	return d.String()
}

// num writes a score or tie-break without trailing zeros, with the
// language's decimal sign ("3,5" in Italian, "3.5" in English, "12").
func (t *text) num(f float64) string {
	if t.Lang == "it" {
		return italian.Number(f)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// tenths writes a value in tenths (expected points) with one decimal.
func (t *text) tenths(v rating.Tenths) string {
	if t.Lang == "it" {
		return italian.Tenths(int(v))
	}
	return italian.TenthsEN(int(v))
}

// signed writes a variation the language's way: "+3,5" in Italian,
// "+3.5" in English.
func signed(t *text, v rating.Tenths) string {
	if t.Lang == "it" {
		return italian.SignedTenths(int(v))
	}
	return italian.SignedTenthsEN(int(v))
}

// foldAfter is how many findings of one rule are shown one by one; more
// are folded under the first.
const foldAfter = 3

// findingRows lays the findings out, those of a rule that recurs more
// than foldAfter times folded into one row that counts them.
func findingRows(t *text, fs []validate.Finding) []findingRow {
	count := map[string]int{}
	for _, f := range fs {
		count[f.Rule]++
	}
	var out []findingRow
	at := map[string]int{} // rule → index of its folded row in out
	for _, f := range fs {
		msg := f.MessageIT
		if t.Lang == "en" && f.MessageEN != "" {
			msg = f.MessageEN
		}
		row := findingRow{Severity: t.Severity[f.Severity], SeverityCl: string(f.Severity), Rule: f.Rule,
			Article: f.Article, Where: f.Where(t.Lang), Message: msg}
		if count[f.Rule] <= foldAfter {
			out = append(out, row)
			continue
		}
		i, ok := at[f.Rule]
		if !ok {
			at[f.Rule] = len(out)
			out = append(out, findingRow{Severity: row.Severity, SeverityCl: row.SeverityCl, Rule: f.Rule,
				Article: f.Article, Message: msg})
			i = len(out) - 1
		}
		out[i].More = append(out[i].More, row)
	}
	return out
}

// formatName names a file format for a reader.
func formatName(f tournament.Format) string {
	switch f {
	case tournament.FormatTRF16:
		return "FIDE TRF"
	case tournament.FormatTRF26:
		return "FIDE TRF-2025/26"
	case tournament.FormatTRFX:
		return "TRF (.trfx)"
	case tournament.FormatTDF:
		return "Vega (.tdf)"
	}
	return strings.ToUpper(string(f))
}

// source says where the rating used came from, in the page's language.
func source(t *text, s string) string { return words.Source(t.Lang, s) }
