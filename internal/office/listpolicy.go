package office

import (
	"context"
	"slices"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/tournament"
)

// The list lifecycle (issue 20 item 6): a list closes after its cut-off,
// in order, once. These are pure: the periods closed and the day in, the
// verdict out; ListRun and the pages ask them before acting or offering
// an act, so that the web never offers a close it would refuse and no
// list is left open behind a later one.

// Closability is whether a list period may be closed on a day.
type Closability struct {
	// OK: it may be closed now.
	OK bool
	// Earlier, when not empty, is the earlier period still open that
	// must be closed first (it may be closed in the same act).
	Earlier string
	// Reason says why not, in English and Italian (with the article).
	Reason, ReasonIT string
	Article          string
	Kind             ErrorKind
}

// Closable says whether period p of kind k may be closed on today, given
// the periods of the kind already closed (any order): not before its
// cut-off; not twice; not before an earlier period still open when the
// lists already chain (a list closed before p), which must be closed
// first; not after a later one was closed.
func Closable(k fsi.Kind, sch periods.Schedule, p periods.Period, today tournament.Date, closed []string) Closability {
	art := cutoffArticle[k]
	// The list is named by its kind's code in English, by its name in
	// Italian.
	list := pair{string(k), k.ListName()}
	not := func(kind ErrorKind, key string, args ...any) Closability {
		en, it := say(key, append([]any{list}, args...)...).both()
		return Closability{Kind: kind, Article: art, Reason: en, ReasonIT: it}
	}
	switch {
	case slices.Contains(closed, p.Label):
		return not(Conflict, "office.list.closed", p.Label)
	case !p.Cutoff.Before(today):
		return not(Invalid, "office.list.too-early", p.Label, dmy(p.Cutoff), dmy(p.Cutoff.AddDays(1)), dmy(today))
	}
	later, before := "", false
	for _, c := range closed {
		if c > p.Label && (later == "" || c < later) {
			later = c
		}
		if c < p.Label {
			before = true
		}
	}
	if later != "" {
		return not(Conflict, "office.list.later-closed", later)
	}
	if prev := sch.Previous(p); before && !slices.Contains(closed, prev.Label) {
		c := not(Refused, "office.list.earlier-open", prev.Label)
		c.Earlier = prev.Label
		return c
	}
	return Closability{OK: true}
}

// err is the refusal as the office's error.
func (c Closability) err() error {
	if c.OK {
		return nil
	}
	return &Error{Kind: c.Kind, Msg: c.Reason, MsgIT: c.ReasonIT, Article: c.Article}
}

// CanClose says whether the list period of kind k may be closed now (the
// office's clock), for the pages to offer the act only when it would be
// done.
func (o *Office) CanClose(ctx context.Context, k fsi.Kind, period string) (Closability, error) {
	if !k.IsList() {
		return Closability{}, unknownKind(k)
	}
	sch := o.Rules.Rating.Schedule(k)
	p, err := sch.Parse(period)
	if err != nil {
		return Closability{}, badPeriod(period, err)
	}
	closed, err := o.Store.RatingListPeriods(ctx, k)
	if err != nil {
		return Closability{}, err
	}
	today := tournament.DateOf(o.Now().In(o.Rules.Rating.Location()))
	return Closable(k, sch, p, today, closed), nil
}

// unknownKind refuses a list kind that is neither rapid nor standard.
func unknownKind(k fsi.Kind) *Error { return newError(Invalid, "office.list.unknown-kind", k) }
