package validate

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"omologa/internal/tournament"
)

// Submission checks: the message body of an e-mail submission must state
// the venue, the date(s), the arbiter and the organiser (RAPID 5.2); what
// it states is compared with the file and the calendar.

func init() {
	register(&Check{
		Name: "submission.fields",
		Rules: []string{"submission.not-email", "submission.field-missing", "submission.venue-mismatch",
			"submission.date-mismatch", "submission.date-unreadable", "submission.arbiter-mismatch",
			"submission.organiser-mismatch"},
		Article: "RAPID 5.2",
		Doc:     "the e-mail states venue, date, arbiter and organiser, and they agree with the file",
		Run:     checkSubmission,
	})
}

func checkSubmission(p *Pass) {
	f := p.Submission.Fields
	if f == nil {
		p.Report("submission.not-email", At{}, Args{"channel": channels.of(orUnstated(p.Submission.Channel))})
		return
	}
	cfg := p.Set.Params.Submission
	for _, fld := range cfg.RequiredFields {
		if strings.TrimSpace(f[fld.Name]) == "" {
			p.Report("submission.field-missing", At{}, Args{"field": given(fld.IT, fld.EN)})
		}
	}
	t := p.Tournament
	if v := strings.TrimSpace(f["venue"]); v != "" && strings.TrimSpace(t.City) != "" &&
		!containsWords(v, t.City) && !containsWords(t.City, v) {
		p.Report("submission.venue-mismatch", At{Line: p.tagLine("022")}, Args{"stated": v, "city": t.City})
	}
	if v := strings.TrimSpace(f["date"]); v != "" {
		start, end := startEnd(t)
		ds := extractDates(v)
		switch {
		case len(ds) == 0:
			p.Report("submission.date-unreadable", At{}, Args{"stated": v})
		case start.IsFull() && end.IsFull():
			from, to := start.AddDays(-cfg.DateSlackDays), end.AddDays(cfg.DateSlackDays)
			ok := false
			for _, d := range ds {
				ok = ok || (!d.Before(from) && !to.Before(d))
			}
			if !ok {
				p.Report("submission.date-mismatch", At{Line: p.tagLine("042")}, Args{"stated": v, "start": start, "end": end})
			}
		}
	}
	if v := strings.TrimSpace(f["arbiter"]); v != "" {
		if a := strings.TrimSpace(t.ChiefArbiter); !noArbiter[fold(a)] && !sameperson(v, a) {
			p.Report("submission.arbiter-mismatch", At{Line: p.tagLine("102")}, Args{"stated": v, "arbiter": a})
		}
	}
	if v := strings.TrimSpace(f["organiser"]); v != "" {
		if m := p.eventMatch(); m != nil && len(m.events) == 1 {
			if o := strings.TrimSpace(m.events[0].Organiser); o != "" && !containsWords(o, v) && !containsWords(v, o) {
				p.Report("submission.organiser-mismatch", At{}, Args{"stated": v, "organiser": o, "code": m.events[0].Code})
			}
		}
	}
}

// sameperson reports whether two writings of a person's name agree: the
// words of one are among the other's (titles and ids around a name in
// 102 do not matter), in any order.
func sameperson(a, b string) bool {
	if letters(a) == letters(b) {
		return true
	}
	return containsWords(a, b) || containsWords(b, a)
}

// The dates a submission's text may name, compiled on first use: most
// processes never read a submission's text.
var (
	reISO     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(\d{4})-(\d{1,2})-(\d{1,2})\b`) })
	reNumeric = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(\d{1,2})(?:\s*(?:-|–|/|al|e)\s*(\d{1,2}))?[/.\-](\d{1,2})[/.\-](\d{4}|\d{2})\b`)
	})
	reMonthRun = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(\d{1,2})(?:(?:\s*(?:-|–|al|e|to|and)\s*|\s+)(\d{1,2}))?\s+([a-z]+)\s+(\d{4})\b`)
	})
)

var monthNames = map[string]time.Month{
	"gennaio": 1, "febbraio": 2, "marzo": 3, "aprile": 4, "maggio": 5, "giugno": 6, "luglio": 7,
	"agosto": 8, "settembre": 9, "ottobre": 10, "novembre": 11, "dicembre": 12,
	"gen": 1, "feb": 2, "mar": 3, "apr": 4, "mag": 5, "giu": 6, "lug": 7, "ago": 8, "set": 9,
	"ott": 10, "nov": 11, "dic": 12,
	"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
	"august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
	"jan": 1, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "dec": 12,
}

// extractDates finds the dates written in an e-mail's date field:
// "12/03/2025", "12-14/03/2025", "2025-03-12", "12 marzo 2025",
// "dal 12 al 14 marzo 2025". A range gives both ends.
func extractDates(s string) []tournament.Date {
	var out []tournament.Date
	add := func(y, m, d int) {
		if y < 100 {
			y += 2000
		}
		if m < 1 || m > 12 || d < 1 || d > 31 {
			return
		}
		date := tournament.NewDate(y, time.Month(m), d)
		if tournament.DateOf(date.Time(time.UTC)) == date {
			out = append(out, date)
		}
	}
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	for _, m := range reISO().FindAllStringSubmatch(s, -1) {
		add(atoi(m[1]), atoi(m[2]), atoi(m[3]))
	}
	rest := reISO().ReplaceAllString(s, " ")
	for _, m := range reNumeric().FindAllStringSubmatch(rest, -1) {
		add(atoi(m[4]), atoi(m[3]), atoi(m[1]))
		if m[2] != "" {
			add(atoi(m[4]), atoi(m[3]), atoi(m[2]))
		}
	}
	for _, m := range reMonthRun().FindAllStringSubmatch(fold(rest), -1) {
		mo, ok := monthNames[m[3]]
		if !ok {
			continue
		}
		add(atoi(m[4]), int(mo), atoi(m[1]))
		if m[2] != "" {
			add(atoi(m[4]), int(mo), atoi(m[2]))
		}
	}
	return out
}

// channels name how a submission arrived, for the messages: the
// intake's channel ids are not words an arbiter knows.
var channels = texts[string]("validate.channel.")

// orUnstated names a channel not said "unstated", as the catalogue does.
func orUnstated(channel string) string {
	if channel == "" {
		return "unstated"
	}
	return channel
}
