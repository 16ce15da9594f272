package office

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/platform/atomicfile"
	"omologa/internal/platform/italian"
	"omologa/internal/publishing/lists"
	"omologa/internal/rating"
	"omologa/internal/store"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// ListRunResult is the --json form of `omologa list run`, and the content of
// the published changes.json.
type ListRunResult struct {
	Kind   fsi.Kind `json:"kind"`
	Period string   `json:"period"`
	// BasedOn is the list in force the period was closed from: "list
	// 2026-12" (stored by an earlier run) or "register FILE" (the
	// players' register, the first time).
	BasedOn string `json:"based_on"`
	// Refreshed and Joined count the rows of a stored list in force
	// whose registry fields were updated from the players' register, and
	// the register's members the list lacked (see refresh).
	Refreshed int `json:"refreshed_from_register"`
	Joined    int `json:"joined_from_register"`
	// OtherList is the other kind's list in force ("standard 2027-01")
	// whose own ratings were copied into the list in force (see
	// fromOtherList), and OtherRows the rows it changed.
	OtherList  string        `json:"other_list,omitempty"`
	OtherRows  int           `json:"other_list_rows,omitempty"`
	ListID     int64         `json:"list_id"`
	Out        string        `json:"out"`
	Files      []string      `json:"files"`
	Players    int           `json:"players"` // on the published list
	Warnings   []string      `json:"warnings"`
	Crosscheck Crosscheck    `json:"crosscheck"`
	Report     rating.Report `json:"report"`
	// Decisions are the office's decisions (omologa decide) applied to
	// the period's tournaments.
	Decisions []DecisionLine `json:"decisions"`
	// Corrections are the tournaments rated in earlier lists and changed
	// since (a new version in force, a revocation, a decision), re-rated
	// with the ratings they were rated with; the players' differences
	// are in Report.Corrections.
	Corrections []CorrectionLine `json:"corrections"`
	// Held are the homologated files of the kind the identity rules could
	// not place (unclear): never rated until the office links them to a
	// tournament, or separates them.
	Held []store.HeldFile `json:"held"`
	// Site is the public site's folder, rewritten after the list.
	Site string `json:"site,omitempty"`
}

// Crosscheck compares the variations of the close with the provisional
// ones the pipeline recorded when each tournament was judged (computed
// then against the players' register it had): they agree unless the
// list in force differs from that register.
type Crosscheck struct {
	Compared int          `json:"compared"`
	Agree    int          `json:"agree"`
	Differ   []Difference `json:"differ"`
	// Unrecorded lists the files for which the pipeline recorded no
	// provisional variation (no players' register when judged).
	Unrecorded []string `json:"unrecorded"`
}

// Difference is a player whose final variation in a tournament is not
// the provisional one.
type Difference struct {
	File        string        `json:"file"`
	Start       int           `json:"start"`
	Name        string        `json:"name"`
	Provisional rating.Tenths `json:"provisional"`
	Final       rating.Tenths `json:"final"`
}

// closed is a period closed from the store, not yet published or stored.
type closed struct {
	out         ListRunResult
	list        *registers.Players
	csv         []byte
	base        []byte
	files       []store.ListedFile
	corrections []store.Correction
}

// notes are the lines shown above the change report's tables.
func (c *closed) notes(loc *time.Location) []string {
	n := []string{"Lista in vigore: " + listInForceIT(c.out.BasedOn)}
	if c.out.Refreshed+c.out.Joined > 0 {
		n = append(n, fmt.Sprintf("Dall'anagrafica dei tesserati: %s (tesseramento, FIDE, società), %s.",
			italian.Count(c.out.Refreshed, "giocatore aggiornato", "giocatori aggiornati"), italian.Count(c.out.Joined, "nuovo", "nuovi")))
	}
	if c.out.OtherList != "" {
		n = append(n, fmt.Sprintf("Dalla %s in vigore: %s.", listInForceIT(c.out.OtherList), italian.Count(c.out.OtherRows, "giocatore aggiornato", "giocatori aggiornati")))
	}
	n = append(n, c.out.Warnings...)
	for _, d := range c.out.Decisions {
		n = append(n, "Decisione dell'ufficio: "+d.Text(loc))
	}
	for _, x := range c.out.Corrections {
		n = append(n, "Correzione: "+x.Italian())
	}
	for _, h := range c.out.Held {
		n = append(n, HeldNote(h))
	}
	x := c.out.Crosscheck
	n = append(n, fmt.Sprintf("Variazioni provvisorie registrate all'omologazione: %d confrontate, %d uguali, %d diverse (la lista in vigore differisce dall'anagrafica usata allora).",
		x.Compared, x.Agree, len(x.Differ)))
	return n
}

// closeFromStore closes a period from the store, in named steps: the
// list in force (refreshed from the register and the other kind's list),
// the period's files (with those homologated late and those held), which
// of them are rated (ratedIn, pure), the corrections of earlier lists, and
// the close itself.
func (o *Office) closeFromStore(ctx context.Context, k fsi.Kind, period periods.Period,
	settings *rules.Rating, force bool) (*closed, error) {
	st := o.Store
	if _, ok, err := st.RatingListOf(ctx, string(k), period.Label); err != nil {
		return nil, err
	} else if ok && !force {
		return nil, listError(fmt.Errorf("%s list %s: %w (a published list is not rewritten: a change of a tournament rated in it is carried into the next list)", k, period.Label, store.ErrListExists))
	}
	res := &closed{out: ListRunResult{Kind: k, Period: period.Label, Warnings: []string{}, Decisions: []DecisionLine{}, Corrections: []CorrectionLine{},
		Crosscheck: Crosscheck{Differ: []Difference{}, Unrecorded: []string{}}, Held: []store.HeldFile{}}}
	closedPeriods, err := st.RatingListPeriods(ctx, string(k))
	if err != nil {
		return nil, err
	}
	if later := laterThan(closedPeriods, period.Label); len(later) > 0 {
		res.warn("the %s lists %s were closed after this period and chain from its earlier list: close them again, in order, each a forced close", k, strings.Join(later, ", "))
	}
	list, err := o.listInForce(ctx, k, period, settings, res)
	if err != nil {
		return nil, err
	}
	hs, late, err := o.periodFiles(ctx, k, period, settings, closedPeriods, res)
	if err != nil {
		return nil, err
	}
	ts, label, err := o.tournamentsToRate(ctx, k, period, settings, hs, late, res)
	if err != nil {
		return nil, err
	}
	cs, err := o.corrections(ctx, k, period, settings)
	if err != nil {
		return nil, err
	}
	res.corrections, res.out.Corrections = cs.rows, cs.notes
	res.out.Warnings = append(res.out.Warnings, cs.warnings...)
	if err := res.close(k, period, settings, list, ts, cs.deltas); err != nil {
		return nil, err
	}
	return res, crossCheck(ctx, st, label, &res.out)
}

// warn adds a note to the run's warnings.
func (c *closed) warn(format string, a ...any) {
	c.out.Warnings = append(c.out.Warnings, fmt.Sprintf(format, a...))
}

// laterThan returns the closed periods after period.
func laterThan(closed []string, period string) []string {
	var out []string
	for _, p := range closed {
		if p > period {
			out = append(out, p)
		}
	}
	return out
}

// listInForce is the list the period closes from: the latest stored list
// of the kind, refreshed from the players' register, else the register
// itself; with the other kind's ratings copied in (fromOtherList).
func (o *Office) listInForce(ctx context.Context, k fsi.Kind, period periods.Period, settings *rules.Rating, res *closed) (*rating.List, error) {
	st, cfg := o.Store, o.Config
	var list *rating.List
	prev, ok, err := st.LatestRatingList(ctx, string(k), period.Label)
	if err != nil {
		return nil, err
	}
	regs, err := LoadRegisters(ctx, st, cfg)
	if err != nil {
		return nil, err
	}
	if ok {
		name := "list " + prev.Period
		if list, err = rating.ReadList(name, prev.List); err != nil {
			return nil, fmt.Errorf("stored %s: %w", name, err)
		}
		res.out.BasedOn = name
		if want := settings.Schedule(k).Previous(period).Label; prev.Period != want {
			res.warn("the list in force is %s's: the %s list of %s was never closed, its tournaments are rated in this list", prev.Period, k, want)
		}
		if regs.Players != nil {
			res.out.Refreshed, res.out.Joined = refresh(list.Players, regs.Players)
		}
	} else {
		if regs.Players == nil {
			return nil, newError(Invalid, "office.list.none-in-force").
				withCLI("no list in force: no list stored yet and no players' register (omologa import players CSV, or registers.players in the configuration)")
		}
		list = rating.ListOf(regs.Players)
		res.out.BasedOn = "register " + cfg.Registers.Players
		if name, _, ok, _ := st.Register(ctx, store.RegisterPlayers); ok {
			res.out.BasedOn = "register " + name + " (imported)"
		}
	}
	// The other kind's ratings, as its latest list has them.
	other := fsi.Standard
	if k == fsi.Standard {
		other = fsi.Rapid
	}
	if ol, ok, err := st.RatingListInForce(ctx, string(other), period.Label); err != nil {
		return nil, err
	} else if ok {
		olist, err := registers.ReadPlayers("list "+ol.Period, ol.List)
		if err != nil {
			return nil, fmt.Errorf("stored %s list %s: %w", other, ol.Period, err)
		}
		res.out.OtherList = string(other) + " " + ol.Period
		res.out.OtherRows = fromOtherList(list.Players, olist, k)
	}
	return list, nil
}

// periodFiles are the homologated versions in force received in the
// period, and those received earlier but never rated (late, by file):
// homologated after their list was closed (a quarantined submission
// released late), or of a period never closed, from the first list's
// period on (before it, the list in force holds them). The files held
// (unclear) go into res.
func (o *Office) periodFiles(ctx context.Context, k fsi.Kind, period periods.Period, settings *rules.Rating,
	closedPeriods []string, res *closed) ([]store.Homologated, map[int64]bool, error) {
	st := o.Store
	loc := settings.Location()
	from, to := period.From.Time(loc), period.Cutoff.AddDays(1).Time(loc)
	hs, err := st.HomologatedFiles(ctx, string(k), from, to)
	if err != nil {
		return nil, nil, err
	}
	if held, err := st.HeldFiles(ctx, string(k)); err != nil {
		return nil, nil, err
	} else if held != nil {
		res.out.Held = held
	}
	late := map[int64]bool{}
	if len(closedPeriods) == 0 {
		return hs, late, nil
	}
	first, ok, err := st.RatingListOf(ctx, string(k), closedPeriods[0])
	if err != nil || !ok {
		return hs, late, err
	}
	var firstFrom tournament.Date
	_ = firstFrom.UnmarshalText([]byte(first.From))
	if !firstFrom.IsFull() || !firstFrom.Before(period.From) {
		return hs, late, nil
	}
	earlier, err := st.UnratedFiles(ctx, string(k), firstFrom.Time(loc), from, period.Label)
	if err != nil {
		return nil, nil, err
	}
	for _, h := range earlier {
		if lateInto(tournament.DateOf(h.ReceivedAt.In(loc)), firstFrom, period.From) {
			late[h.FileID] = true
			hs = append(hs, h)
		}
	}
	return hs, late, nil
}

// lateInto reports whether a tournament received on day, never rated,
// is rated late in the period starting on periodFrom: received from the
// first list's period on (before it, the list in force holds it) and
// before the period.
func lateInto(day, firstFrom, periodFrom tournament.Date) bool {
	return !day.Before(firstFrom) && day.Before(periodFrom)
}

// rateChoice is what the close does with one homologated file.
type rateChoice struct {
	Rate bool
	// Day is the receipt day the rating takes (the period's first day
	// for a file rated late).
	Day tournament.Date
	// Warning, in English, says what the office should know ("" none).
	Warning string
}

// ratedIn decides, for one homologated file received on day (late: never
// rated and received before the period), whether the period's close
// rates it: not when outside the period, nor when its tournament was
// rated in another list already (ratedIn names it: its changes go as
// corrections); a late file is rated as received on the period's first
// day; a verdict that recorded another list than the schedule's says so.
func ratedIn(name string, k fsi.Kind, period periods.Period, day tournament.Date, late bool, recorded string, corrected bool,
	ratedInList string) rateChoice {
	switch {
	case !period.Contains(day) && !late:
		return rateChoice{}
	case ratedInList != "" && late:
		return rateChoice{}
	case ratedInList != "":
		return rateChoice{Warning: fmt.Sprintf("%s: the tournament was already rated in the %s list %s: not rated again (its changes are carried as corrections)", name, k, ratedInList)}
	case late:
		return rateChoice{Rate: true, Day: period.From,
			Warning: fmt.Sprintf("%s: received on %s, before this period, and not rated in any list (homologated after its list was closed, or its list never closed): rated in this list", name, dmy(day))}
	case recorded != "" && recorded != period.Label && !corrected:
		return rateChoice{Rate: true, Day: day,
			Warning: fmt.Sprintf("%s: the verdict recorded list %s, the schedule of the rating settings says %s: rated in %s", name, recorded, period.Label, period.Label)}
	}
	return rateChoice{Rate: true, Day: day}
}

// tournamentsToRate reads the files the close rates (ratedIn) with the
// office's decisions about their players, and records them in res.
func (o *Office) tournamentsToRate(ctx context.Context, k fsi.Kind, period periods.Period, settings *rules.Rating,
	hs []store.Homologated, late map[int64]bool, res *closed) ([]rating.Received, map[int64]string, error) {
	st := o.Store
	loc := settings.Location()
	rated, err := st.RatedTournaments(ctx, string(k), period.Label)
	if err != nil {
		return nil, nil, err
	}
	var ts []rating.Received
	label := map[int64]string{}
	used := map[string]bool{}
	for _, h := range hs {
		name := fmt.Sprintf("%d/%s", h.SubmissionID, h.Name)
		if used[name] {
			name = fmt.Sprintf("%s#%d", name, h.FileID)
		}
		used[name] = true
		key := h.TournamentKey
		if key == "" {
			key = fmt.Sprintf("#%d", h.FileID)
		}
		c := ratedIn(name, k, period, tournament.DateOf(h.ReceivedAt.In(loc)), late[h.FileID], h.Period, h.Corrected, rated[key])
		if c.Warning != "" {
			res.warn("%s", c.Warning)
		}
		if !c.Rate {
			continue
		}
		t, _, err := codec.Read(h.Name, h.Data)
		if err != nil {
			res.warn("%s: homologated but unreadable now (%v): not rated", name, err)
			continue
		}
		rc := rating.Received{File: name, Tournament: t, Received: c.Day}
		ds, err := st.Decisions(ctx, h.FileID)
		if err != nil {
			return nil, nil, err
		}
		if err := ApplyDecisions(&rc, ds); err != nil {
			return nil, nil, fmt.Errorf("%s: the office's decisions: %w", name, err)
		}
		for _, d := range ds {
			l := DescribeDecision(d, t, k)
			l.File = name
			res.out.Decisions = append(res.out.Decisions, l)
		}
		ts = append(ts, rc)
		label[h.FileID] = name
		res.files = append(res.files, store.ListedFile{FileID: h.FileID, TournamentKey: h.TournamentKey, Label: name,
			Decisions: fingerprint(ds)})
	}
	return ts, label, nil
}

// close rates the period's tournaments on the list in force, with the
// corrections' differences, keeping the list as the close took it (to
// re-rate a tournament corrected after the close) and the new one.
func (c *closed) close(k fsi.Kind, period periods.Period, settings *rules.Rating, list *rating.List,
	ts []rating.Received, deltas []rating.Correction) error {
	var base bytes.Buffer
	if err := list.WriteCSV(&base); err != nil {
		return err
	}
	c.base = base.Bytes()
	r, err := rating.ClosePeriod(rating.Close{Kind: k, Period: period, From: list, Tournaments: ts, Settings: settings, InPlace: true,
		Corrections: deltas})
	if err != nil {
		return err
	}
	c.list, c.out.Report = r.List, r.Report
	var buf bytes.Buffer
	if err := r.Next.WriteCSV(&buf); err != nil {
		return err
	}
	c.csv = buf.Bytes()
	return nil
}

// refresh brings a stored list in force up to date with the players'
// register: identity, club, FIDE ratings and membership are the
// federation's register's (a new membership year, a FIDE rating gained
// or lost, RTF 4.2.6 and 4.2.9, reach the rating stage only this way);
// Elo Italia, Elo Italia Rapid, the category and the engine's state are
// the list's own. Members the list lacks join it as the register has
// them. It returns the rows changed and the rows added.
func refresh(list, reg *registers.Players) (changed, joined int) {
	row := make(map[string]int, len(list.Rows))
	for i, r := range list.Rows {
		if r.FSIID != "" {
			row[r.FSIID] = i
		}
	}
	for _, src := range reg.Rows {
		if src.FSIID == "" {
			continue
		}
		i, ok := row[src.FSIID]
		if !ok {
			add := src
			add.Extra = nil // the register's own state columns, if any, are not the list's
			list.Rows = append(list.Rows, add)
			row[src.FSIID] = len(list.Rows) - 1
			joined++
			continue
		}
		dst := &list.Rows[i]
		before := *dst
		dst.FideID, dst.Surname, dst.Name, dst.Sex, dst.BirthDate = src.FideID, src.Surname, src.Name, src.Sex, src.BirthDate
		dst.Federation, dst.Province, dst.Club = src.Federation, src.Province, src.Club
		dst.FideStandard, dst.FideRapid, dst.MembershipYear = src.FideStandard, src.FideRapid, src.MembershipYear
		if dst.FideID != before.FideID || dst.Surname != before.Surname || dst.Name != before.Name || dst.Sex != before.Sex ||
			dst.BirthDate != before.BirthDate || dst.Federation != before.Federation || dst.Province != before.Province ||
			dst.Club != before.Club || dst.FideStandard != before.FideStandard || dst.FideRapid != before.FideRapid ||
			dst.MembershipYear != before.MembershipYear {
			changed++
		}
	}
	return changed, joined
}

// fromOtherList copies into the list in force of kind k the ratings the
// other kind's list in force owns, since each kind chains from its own
// lists only. A rapid list takes Elo Italia and the national category
// from the standard list: a player entering the rapid list enters with
// his Elo Italia (RAPID 6.1). A standard list takes Elo Italia Rapid and
// the rapid K lock from the rapid list, so that the rows it publishes
// and chains are not stale. Players are matched by FSI id; it returns the
// rows changed.
func fromOtherList(list, other *registers.Players, k fsi.Kind) (changed int) {
	byID := make(map[string]*registers.Player, len(other.Rows))
	for i := range other.Rows {
		if id := other.Rows[i].FSIID; id != "" {
			byID[id] = &other.Rows[i]
		}
	}
	for i := range list.Rows {
		dst := &list.Rows[i]
		src, ok := byID[dst.FSIID]
		if !ok || dst.FSIID == "" {
			continue
		}
		before := *dst
		if k == fsi.Rapid {
			dst.EloItalia, dst.Category = src.EloItalia, src.Category
		} else {
			dst.EloRapid, dst.RapidK20 = src.EloRapid, src.RapidK20
		}
		if dst.EloItalia != before.EloItalia || dst.Category != before.Category ||
			dst.EloRapid != before.EloRapid || dst.RapidK20 != before.RapidK20 {
			changed++
		}
	}
	return changed
}

// crossCheck compares each rated player's variation in each tournament
// with the provisional one the pipeline recorded for the file.
func crossCheck(ctx context.Context, st *store.Store, label map[int64]string, out *ListRunResult) error {
	final := map[string]map[int]rating.Variation{}
	names := map[string]map[int]string{}
	for _, c := range out.Report.Changes {
		for _, v := range c.Variations {
			if final[v.File] == nil {
				final[v.File], names[v.File] = map[int]rating.Variation{}, map[int]string{}
			}
			final[v.File][v.Start], names[v.File][v.Start] = v, c.Name
		}
	}
	ids := make([]int64, 0, len(label))
	for id := range label {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	x := &out.Crosscheck
	for _, id := range ids {
		file := label[id]
		lines, _, err := StoredRatings(ctx, st, id)
		if err != nil {
			out.Warnings = append(out.Warnings, err.Error())
			continue
		}
		if lines == nil {
			x.Unrecorded = append(x.Unrecorded, file)
			continue
		}
		for _, l := range lines {
			v, ok := final[file][l.Start]
			if !ok || !l.Rated {
				continue
			}
			x.Compared++
			if v.Applied == l.Applied {
				x.Agree++
				continue
			}
			x.Differ = append(x.Differ, Difference{File: file, Start: l.Start, Name: names[file][l.Start],
				Provisional: l.Applied, Final: v.Applied})
		}
	}
	return nil
}

// ListRunRequest is a list to close: its kind, its period ("2027-01"),
// where to publish it (default publish/<kind>-<period> beside the
// store), Force to close a closed period again, Preview to compute the
// changes only, storing and publishing nothing.
type ListRunRequest struct {
	Kind   fsi.Kind
	Period string
	Out    string
	// Office is where the office's exports go (never published); empty:
	// office/<kind>-<period> beside the store.
	Office  string
	Force   bool
	Preview bool
	// AsOf is the day the list is closed on (zero: today): a period
	// whose cut-off has not passed by then is refused, unless Preview.
	// The demo pins the office's clock in its configuration instead.
	AsOf time.Time
	// CloseEarlier closes first, in the same act, the earlier list of
	// the kind still open (Closable's Earlier), instead of refusing.
	CloseEarlier bool
}

// ListRun is the office's monthly rapid run or bimonthly standard run,
// from the store: it takes the list in force (the last list stored for
// the kind, else the players' register), the tournaments homologated
// whose receipt falls in the period, closes the period
// (rating.ClosePeriod), publishes the new list and its change report into
// req.Out and stores the list so that the next run chains from it. A
// period already closed is a Conflict unless req.Force.
func (o *Office) ListRun(ctx context.Context, a Actor, req ListRunRequest) (*ListRunResult, error) {
	act := ActListRun
	if req.Preview {
		act = ActListPreview
	}
	if err := o.allow(a, act); err != nil {
		return nil, err
	}
	k := req.Kind
	if k != fsi.Standard && k != fsi.Rapid {
		return nil, errorf(Invalid, "unknown list kind %q: want rapid or standard", k)
	}
	settings := &o.Rules.Rating
	period, err := settings.Schedule(k).Parse(req.Period)
	if err != nil {
		return nil, &Error{Kind: Invalid, Msg: err.Error(), Err: err}
	}
	asOf := req.AsOf
	if asOf.IsZero() {
		asOf = o.Now()
	}
	today := tournament.DateOf(asOf.In(settings.Location()))
	if !req.Preview {
		closed, err := o.Store.RatingListPeriods(ctx, string(k))
		if err != nil {
			return nil, err
		}
		if req.Force {
			// Closing again a list already closed: the other rules stand.
			closed = slices.DeleteFunc(closed, func(c string) bool { return c >= period.Label })
		}
		c := Closable(k, settings.Schedule(k), period, today, closed)
		if c.Earlier != "" && req.CloseEarlier {
			// The earlier list first, in the same act.
			earlier := req
			earlier.Period, earlier.Out, earlier.Office, earlier.Force = c.Earlier, "", "", false
			if _, err := o.ListRun(ctx, a, earlier); err != nil {
				return nil, err
			}
			c = Closability{OK: true}
		}
		if err := c.err(); err != nil {
			if c.Kind == Invalid {
				err.(*Error).CLI = c.Reason + " (" + c.Article + "; --preview shows its changes so far)"
			}
			if c.Earlier != "" {
				err.(*Error).CLI = c.Reason + " (" + c.Article + "; --close-earlier closes it first)"
			}
			return nil, err
		}
	}
	dir := req.Out
	if dir == "" {
		dir = filepath.Join(filepath.Dir(o.Config.Store.Path), "publish", string(k)+"-"+period.Label)
	}
	// The office's exports (the whole list with the engine's state, the
	// full change report) are never published (regs §4b, RAPID 5.3).
	officeDir := req.Office
	if officeDir == "" {
		officeDir = filepath.Join(filepath.Dir(o.Config.Store.Path), "office", string(k)+"-"+period.Label)
	}
	res, err := o.closeFromStore(ctx, k, period, settings, req.Force)
	if err != nil {
		return nil, err
	}
	if req.Preview {
		return &res.out, nil
	}
	res.out.Out = dir

	// Published first, stored last: a failure to publish leaves the
	// period open, to be run again.
	title := lists.Title(k, period)
	pub, err := lists.Publish(dir, lists.Publication{Kind: k, Period: period, List: res.list, Report: &res.out.Report,
		Bands: settings.Rapid.Categories})
	if err != nil {
		return nil, err
	}
	res.out.Files, res.out.Players = pub.Files, pub.Players
	if err := os.MkdirAll(officeDir, 0o755); err != nil {
		return nil, err
	}
	files := []struct {
		name string
		f    func(io.Writer) error
	}{
		{"register.csv", func(w io.Writer) error { _, err := w.Write(res.csv); return err }},
		{"changes.html", func(w io.Writer) error {
			return lists.WriteChangesHTML(w, title+": variazioni", &res.out.Report, res.notes(o.Rules.Rating.Location()))
		}},
	}
	for _, f := range files {
		p, err := WriteOut(officeDir, f.name, f.f)
		if err != nil {
			return nil, err
		}
		res.out.Files = append(res.out.Files, p)
	}
	report, err := json.Marshal(&res.out.Report)
	if err != nil {
		return nil, err
	}
	id, err := o.Store.SaveRatingList(ctx, &store.RatingList{Kind: string(k), Period: period.Label, Issue: period.Issue.String(),
		From: period.From.String(), Cutoff: period.Cutoff.String(), BasedOn: res.out.BasedOn, List: res.csv,
		Rows: len(res.list.Rows), Report: report, Files: res.files, Base: res.base, Corrections: res.corrections}, req.Force, o.Now())
	if err != nil {
		return nil, listError(err)
	}
	res.out.ListID = id
	if err := o.audit(ctx, a, ActListRun, fmt.Sprintf("list %s %s", k, period.Label),
		say("audit.list-run", count{"audit.list-run.players", res.out.Players},
			count{"audit.list-run.tournaments", len(res.out.Report.Tournaments)}, id)); err != nil {
		return nil, err
	}
	// The public site follows each list: a failure to write it leaves
	// the list closed and published, and says so (omologa site build
	// writes it again).
	if sr, err := o.BuildSite(ctx, ""); err != nil {
		res.out.Warnings = append(res.out.Warnings, "public site not written: "+err.Error())
	} else {
		res.out.Site = sr.Dir
	}
	// changes.json last, with the list's id: its absence says the run
	// did not complete.
	res.out.Files = append(res.out.Files, filepath.Join(officeDir, "changes.json"))
	if _, err := WriteOut(officeDir, "changes.json", func(w io.Writer) error { return writeJSON(w, &res.out) }); err != nil {
		return nil, err
	}
	return &res.out, nil
}

// cutoffArticle is the article that sets each kind's cut-off.
var cutoffArticle = map[fsi.Kind]string{fsi.Standard: "RTF 4.2.2", fsi.Rapid: "RAPID 6.2"}

// dmy writes a date as the office reads it.
func dmy(d tournament.Date) string { return italian.DMY(d.Year, d.Month, d.Day) }

// listError makes a list closed already a Conflict.
func listError(err error) error {
	if errors.Is(err, store.ErrListExists) {
		return &Error{Kind: Conflict, Msg: err.Error(), Err: err}
	}
	return err
}

// writeJSON writes v indented, as every --json output is.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// WriteOut renders f into memory and writes it to dir/name, so that a
// rendering error leaves no half-written file, unless the file holds
// those bytes already; it returns the path.
func WriteOut(dir, name string, f func(io.Writer) error) (string, error) {
	var b bytes.Buffer
	if err := f(&b); err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	p := filepath.Join(dir, name)
	if atomicfile.Unchanged(p, b.Bytes()) {
		return p, nil
	}
	return p, os.WriteFile(p, b.Bytes(), 0o644)
}

// StoredRatings reads the provisional variations the pipeline recorded
// for a file; nil when none.
func StoredRatings(ctx context.Context, st *store.Store, fileID int64) ([]rating.Line, fsi.Kind, error) {
	rs, err := st.Ratings(ctx, fileID)
	if err != nil || len(rs) == 0 {
		return nil, "", err
	}
	lines := make([]rating.Line, 0, len(rs))
	var kind fsi.Kind
	for _, r := range rs {
		var l rating.Line
		if err := json.Unmarshal(r.Result, &l); err != nil {
			return nil, "", fmt.Errorf("recorded rating of %s in file %d: %w", r.Player, fileID, err)
		}
		lines = append(lines, l)
		kind = fsi.Kind(r.Kind)
	}
	return lines, kind, nil
}

// listInForceIT names the list a close started from, as ListRunResult's
// BasedOn and OtherList write it ("list 2026-12", "rapid 2026-12",
// "register PATH"), for the office's Italian page: by month, and the
// register by its file name, not its path on the server.
func listInForceIT(s string) string {
	kind, rest, _ := strings.Cut(s, " ")
	switch kind {
	case "list":
		if y, m, ok := fsi.ParsePeriod(rest); ok {
			return italian.List(y, m)
		}
		return "lista " + rest
	case string(fsi.Rapid), string(fsi.Standard):
		return "lista " + fsi.Kind(kind).ListName() + " di " + fsi.PeriodMonth(rest)
	case "register":
		name, imported := strings.CutSuffix(rest, " (imported)")
		s := "anagrafica dei tesserati (" + filepath.Base(name) + ")"
		if imported {
			s += ", importata nell'archivio"
		}
		return s
	}
	return s
}

// HeldNote says in Italian why a held file is not rated, and what the
// office does about it.
func HeldNote(h store.HeldFile) string {
	n := fmt.Sprintf("Trattenuto: il file %s «%s» (torneo %q) non è valutato finché l'ufficio non lo attribuisce a un torneo", h.Number, h.Name, h.Tournament)
	if h.Maybe != "" {
		n += fmt.Sprintf(": forse è una versione del torneo %q", h.Maybe)
	}
	return n + "."
}
