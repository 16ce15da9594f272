package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/office"
)

// rejudgeSummary is the outcome of judging a period's files again, as
// the lists page shows it after the act (from the redirect's query).
type rejudgeSummary struct {
	Kind, Period string
	Files        int           // judged again
	Changed      []changedFile // the files whose state or list changed
	More         int           // changed files beyond those named
	Notices      int           // notices queued to arbiters and organisers
}

// changedFile is a file named in the summary: its number N.M and its
// submission N (the link).
type changedFile struct{ Number, Submission string }

// maxNamed caps the changed files named in the summary (the audit trail
// names each).
const maxNamed = 30

// rejudgeList judges again every file received in the days of a list
// period (office.RejudgeList: the same act as `omologa verdict rejudge
// --from --to`, audited per file), asked from the lists page with the
// confirmation box ticked; the summary goes back to that page.
func (s *Server) rejudgeList(w http.ResponseWriter, r *http.Request) {
	kind, period := r.PostFormValue("kind"), r.PostFormValue("period")
	if r.PostFormValue("confirm") == "" {
		s.refuse(w, r, office.Refusal(office.Invalid, "web.refused.confirm-rejudge"), "/lists")
		return
	}
	out, err := s.o.RejudgeList(r.Context(), visitOf(r).actor(), fsi.Kind(kind), period, r.PostFormValue("reason"))
	if err != nil {
		s.refuse(w, r, err, "/lists")
		return
	}
	var changed []string
	notices := 0
	for _, o := range out {
		if o.Changed() {
			changed = append(changed, o.Number)
		}
		if o.Notice != "" {
			notices++
		}
	}
	q := url.Values{"done": {"rejudgedPeriod"}, "kind": {kind}, "period": {period},
		"files": {strconv.Itoa(len(out))}, "notices": {strconv.Itoa(notices)}, "changed": {strconv.Itoa(len(changed))}}
	if len(changed) > maxNamed {
		changed = changed[:maxNamed]
	}
	q.Set("numbers", strings.Join(changed, ","))
	s.idx.Changed()
	http.Redirect(w, r, "/lists?"+q.Encode()+"#rejudge-summary", http.StatusSeeOther)
}

// rejudgedOf reads the summary of a re-judgement from the lists page's
// query; nil when the page was not reached from one.
func rejudgedOf(q url.Values) *rejudgeSummary {
	if q.Get("done") != "rejudgedPeriod" {
		return nil
	}
	num := func(k string) int { n, _ := strconv.Atoi(q.Get(k)); return max(n, 0) }
	sum := &rejudgeSummary{Kind: q.Get("kind"), Period: q.Get("period"), Files: num("files"), Notices: num("notices")}
	if fsi.Kind(sum.Kind) != fsi.Standard && fsi.Kind(sum.Kind) != fsi.Rapid {
		return nil
	}
	for _, n := range strings.Split(q.Get("numbers"), ",") {
		sub, place, ok := strings.Cut(n, ".")
		_, err1 := strconv.ParseInt(sub, 10, 64)
		_, err2 := strconv.Atoi(place)
		if ok && err1 == nil && err2 == nil && len(sum.Changed) < maxNamed {
			sum.Changed = append(sum.Changed, changedFile{Number: n, Submission: sub})
		}
	}
	sum.More = max(num("changed")-len(sum.Changed), 0)
	return sum
}
