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
	"sync"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/platform/atomicfile"
	"omologa/internal/platform/clock"
	"omologa/internal/publishing/lists"
	"omologa/internal/rating"
	"omologa/internal/store"
	"omologa/internal/tournament"
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
		return nil, unknownKind(k)
	}
	settings := &o.Rules.Rating
	period, err := settings.Schedule(k).Parse(req.Period)
	if err != nil {
		return nil, badPeriod(req.Period, err)
	}
	asOf := req.AsOf
	if asOf.IsZero() {
		asOf = o.Now()
	}
	today := tournament.DateOf(asOf.In(settings.Location()))
	if !req.Preview {
		closed, err := o.Store.RatingListPeriods(ctx, k)
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
		dir = o.Config.PublishDir(string(k) + "-" + period.Label)
	}
	// The office's exports (the whole list with the engine's state, the
	// full change report) are never published (regs §4b, RAPID 5.3).
	officeDir := req.Office
	if officeDir == "" {
		officeDir = o.Config.OfficeDir(string(k) + "-" + period.Label)
	}
	// How long the close runs, for the metrics.
	took := clock.Start()
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
	// The office's exports and the report as the store keeps it are
	// made while the list is published: they read the close's result
	// only (a failure to publish may leave them written: the run again
	// writes them again).
	var (
		office    sync.WaitGroup
		officeErr error
		officeOut []string
		report    []byte
	)
	office.Go(func() {
		if officeErr = os.MkdirAll(officeDir, 0o755); officeErr != nil {
			return
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
				officeErr = err
				return
			}
			officeOut = append(officeOut, p)
		}
		report, officeErr = json.Marshal(&res.out.Report)
	})
	pub, err := lists.Publish(dir, lists.Publication{Kind: k, Period: period, List: res.list, Report: &res.out.Report,
		Bands: settings.Rapid.Categories})
	office.Wait()
	if err != nil {
		return nil, err
	}
	if officeErr != nil {
		return nil, officeErr
	}
	res.out.Files, res.out.Players = append(pub.Files, officeOut...), pub.Players
	stored := &store.RatingList{Kind: k, Period: period.Label, Issue: period.Issue.String(),
		From: period.From.String(), Cutoff: period.Cutoff.String(), BasedOn: res.out.BasedOn, List: res.csv,
		Rows: len(res.list.Rows), Report: report, Files: res.files, Base: res.base, Corrections: res.corrections,
		Duration: took.Elapsed()}
	// The site reads the list as the store gives it back: read from the
	// bytes stored while they are stored, rather than from the store
	// after.
	var (
		parsed   *parsedList
		parseErr error
		parsing  sync.WaitGroup
	)
	now := o.Now()
	parsing.Go(func() { parsed, parseErr = parseList(stored.AsRead(0, now)) })
	id, err := o.Store.SaveRatingList(ctx, stored, req.Force, now)
	parsing.Wait()
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
	var known []*parsedList
	if parseErr == nil {
		// Else the site reads it from the store, and says what is wrong.
		parsed.l.ID = id
		known = append(known, parsed)
	}
	if sr, err := o.buildSite(ctx, "", known...); err != nil {
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

// listError makes a list closed already a Conflict.
func listError(err error) error {
	if errors.Is(err, store.ErrListExists) {
		// Two closes of the same list at once: the other one stored it.
		e := newError(Conflict, "office.list.exists")
		e.Err = err
		return e
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
