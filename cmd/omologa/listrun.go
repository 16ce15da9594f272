package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"omologa/config"
	"omologa/italian"
	"omologa/periods"
	"omologa/rating"
	"omologa/registers"
	"omologa/report/lists"
	"omologa/rules"
	"omologa/store"
	"omologa/tournament"
	"omologa/tournament/codec"
)

// runOutput is the --json form of `omologa list run`, and the content of
// the published changes.json.
type runOutput struct {
	Kind   periods.Kind `json:"kind"`
	Period string       `json:"period"`
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
	Crosscheck crosscheck    `json:"crosscheck"`
	Report     rating.Report `json:"report"`
	// Decisions are the office's decisions (omologa decide) applied to
	// the period's tournaments.
	Decisions []decisionLine `json:"decisions"`
}

// crosscheck compares the variations of the close with the provisional
// ones the pipeline recorded when each tournament was judged (computed
// then against the players' register it had): they agree unless the
// list in force differs from that register.
type crosscheck struct {
	Compared int          `json:"compared"`
	Agree    int          `json:"agree"`
	Differ   []difference `json:"differ"`
	// Unrecorded lists the files for which the pipeline recorded no
	// provisional variation (no players' register when judged).
	Unrecorded []string `json:"unrecorded"`
}

type difference struct {
	File        string        `json:"file"`
	Start       int           `json:"start"`
	Name        string        `json:"name"`
	Provisional rating.Tenths `json:"provisional"`
	Final       rating.Tenths `json:"final"`
}

func runListRun(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("list run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print what was done as JSON")
	kind := fs.String("kind", "", "rapid (the monthly Elo Italia Rapid list) or standard (the bimonthly Elo Italia list)")
	label := fs.String("period", "", "the list being issued, YYYY-MM (e.g. 2027-01)")
	cfgPath := fs.String("config", defaultConfig(), "configuration file: its store, rules and players' register")
	out := fs.String("out", "", "where to publish (default: publish/<kind>-<period> beside the store)")
	officeOut := fs.String("office", "", "where to write the office's exports, never published (default: office/<kind>-<period> beside the store)")
	force := fs.Bool("force", false, "close the period again, replacing the list stored for it")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `usage: omologa list run [--json] --kind rapid|standard --period YYYY-MM [--config FILE] [--out DIR] [--office DIR] [--force]

The office's monthly rapid run or bimonthly standard run, from the store: takes
the list in force (the last list this command stored for the kind, else the
players' register), the tournaments homologated in the store whose receipt
falls in the period (RTF 4.2.2, RAPID 6.2; superseded files left out, and any
tournament already rated in another list), closes the period (frozen ratings,
summed variations, promotions, categories: rating.ClosePeriod), stores the new
list so that the next run chains from it, and publishes into DIR the public
files (published fields only, RAPID 5.3): list.html, lista.csv (Excel),
list.csv (scripts), distribution.png and changes.html. The office's exports go
to the --office DIR, never published: register.csv (the whole new list with
the engine's state, the next period's input), changes.json and changes.html
(the full change report with the run's notes). A period already closed is
refused (exit 1) unless --force.`)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	k, err := parseKind(*kind)
	if err != nil {
		return badUsage(stderr, "list run", "%v", err)
	}
	if msg := firstOf(missingFlag("--period", *label), argCount(fs, 0, 0, "")); msg != "" {
		return badUsage(stderr, "list run", "%s", msg)
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "omologa list run: %v\n", err)
		if errors.Is(err, store.ErrListExists) {
			return exitRejected
		}
		return exitUsage
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		return fail(err)
	}
	rf, err := rules.Load(cfg.Rules)
	if err != nil {
		return fail(err)
	}
	settings := &rf.Rating
	period, err := rating.Schedule(k, settings).Parse(*label)
	if err != nil {
		return fail(err)
	}
	dir := *out
	if dir == "" {
		dir = filepath.Join(filepath.Dir(cfg.Store.Path), "publish", string(k)+"-"+period.Label)
	}
	officeDir := *officeOut
	if officeDir == "" {
		officeDir = filepath.Join(filepath.Dir(cfg.Store.Path), "office", string(k)+"-"+period.Label)
	}
	st, err := store.Open(ctx, cfg.Store.Path)
	if err != nil {
		return fail(err)
	}
	defer st.Close()
	res, err := closeFromStore(ctx, st, cfg, k, period, settings, *force)
	if err != nil {
		return fail(err)
	}
	res.out.Out = dir

	// Published first, stored last: a failure to publish leaves the
	// period open, to be run again.
	title := lists.Title(k, period)
	pub, err := lists.Publish(dir, lists.Publication{Kind: k, Period: period, List: res.list, Report: &res.out.Report,
		Bands: settings.Rapid.Categories})
	if err != nil {
		return fail(err)
	}
	res.out.Files, res.out.Players = pub.Files, pub.Players
	if err := os.MkdirAll(officeDir, 0o755); err != nil {
		return fail(err)
	}
	files := []struct {
		name string
		f    func(io.Writer) error
	}{
		{"register.csv", func(w io.Writer) error { _, err := w.Write(res.csv); return err }},
		{"changes.html", func(w io.Writer) error {
			return lists.WriteChangesHTML(w, title+": variazioni", &res.out.Report, res.notes())
		}},
	}
	for _, f := range files {
		p, err := writeOut(officeDir, f.name, f.f)
		if err != nil {
			return fail(err)
		}
		res.out.Files = append(res.out.Files, p)
	}
	report, err := json.Marshal(&res.out.Report)
	if err != nil {
		return fail(err)
	}
	id, err := st.SaveRatingList(ctx, &store.RatingList{Kind: string(k), Period: period.Label, Issue: period.Issue.String(),
		From: period.From.String(), Cutoff: period.Cutoff.String(), BasedOn: res.out.BasedOn, List: res.csv,
		Rows: len(res.list.Rows), Report: report, Files: res.files}, *force, time.Now())
	if err != nil {
		return fail(err)
	}
	res.out.ListID = id
	// changes.json last, with the list's id: its absence says the run
	// did not complete.
	res.out.Files = append(res.out.Files, filepath.Join(officeDir, "changes.json"))
	if _, err := writeOut(officeDir, "changes.json", func(w io.Writer) error { return writeJSON(w, &res.out) }); err != nil {
		return fail(err)
	}
	if *asJSON {
		if err := writeJSON(stdout, &res.out); err != nil {
			return fail(err)
		}
		return exitOK
	}
	printClose(stdout, dir, res.out.Warnings, &res.out.Report)
	c := res.out.Crosscheck
	fmt.Fprintf(stdout, "\nlist in force: %s; new list stored (id %d), %d players published\n", res.out.BasedOn, id, res.out.Players)
	if res.out.OtherList != "" {
		fmt.Fprintf(stdout, "from the %s list in force: %d players' ratings of that kind brought up to date\n", res.out.OtherList, res.out.OtherRows)
	}
	fmt.Fprintf(stdout, "provisional variations: %d compared, %d agree, %d differ\n", c.Compared, c.Agree, len(c.Differ))
	for _, d := range c.Differ {
		fmt.Fprintf(stdout, "  %s %d %s: provisional %s, final %s\n", d.File, d.Start, d.Name, signed(d.Provisional), signed(d.Final))
	}
	if len(res.out.Decisions) > 0 {
		fmt.Fprintln(stdout, "office decisions applied:")
		for _, d := range res.out.Decisions {
			fmt.Fprintf(stdout, "  %s\n", d)
		}
	}
	fmt.Fprintf(stdout, "published: %s\n", strings.Join(res.out.Files, ", "))
	return exitOK
}

// closed is a period closed from the store, not yet published or stored.
type closed struct {
	out   runOutput
	list  *registers.Players
	csv   []byte
	files []store.ListedFile
}

// notes are the lines shown above the change report's tables.
func (c *closed) notes() []string {
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
		n = append(n, "Decisione dell'ufficio: "+d.String())
	}
	x := c.out.Crosscheck
	n = append(n, fmt.Sprintf("Variazioni provvisorie registrate all'omologazione: %d confrontate, %d uguali, %d diverse (la lista in vigore differisce dall'anagrafica usata allora).",
		x.Compared, x.Agree, len(x.Differ)))
	return n
}

// closeFromStore gathers the list in force and the period's homologated
// tournaments from the store and closes the period.
func closeFromStore(ctx context.Context, st *store.Store, cfg *config.Config, k periods.Kind, period periods.Period,
	settings *rules.Rating, force bool) (*closed, error) {
	if _, ok, err := st.RatingListOf(ctx, string(k), period.Label); err != nil {
		return nil, err
	} else if ok && !force {
		return nil, fmt.Errorf("%s list %s: %w (--force closes it again)", k, period.Label, store.ErrListExists)
	}
	res := &closed{out: runOutput{Kind: k, Period: period.Label, Warnings: []string{}, Decisions: []decisionLine{},
		Crosscheck: crosscheck{Differ: []difference{}, Unrecorded: []string{}}}}
	warn := func(format string, a ...any) { res.out.Warnings = append(res.out.Warnings, fmt.Sprintf(format, a...)) }
	closedPeriods, err := st.RatingListPeriods(ctx, string(k))
	if err != nil {
		return nil, err
	}
	var later []string
	for _, p := range closedPeriods {
		if p > period.Label {
			later = append(later, p)
		}
	}
	if len(later) > 0 {
		warn("the %s lists %s were closed after this period and chain from its earlier list: close them again, in order, with --force", k, strings.Join(later, ", "))
	}

	// The list in force.
	var list *registers.Players
	prev, ok, err := st.LatestRatingList(ctx, string(k), period.Label)
	if err != nil {
		return nil, err
	}
	regs, err := loadRegisters(ctx, st, cfg)
	if err != nil {
		return nil, err
	}
	if ok {
		name := "list " + prev.Period
		if list, err = registers.ReadPlayers(name, prev.List); err != nil {
			return nil, fmt.Errorf("stored %s: %w", name, err)
		}
		res.out.BasedOn = name
		if want := rating.Schedule(k, settings).Previous(period).Label; prev.Period != want {
			warn("the list in force is %s's: the %s list of %s was never closed, its tournaments are not rated", prev.Period, k, want)
		}
		if regs.Players != nil {
			res.out.Refreshed, res.out.Joined = refresh(list, regs.Players)
		}
	} else {
		if regs.Players == nil {
			return nil, errors.New("no list in force: no list stored yet and no players' register (omologa import players CSV, or registers.players in the configuration)")
		}
		list = regs.Players
		res.out.BasedOn = "register " + cfg.Registers.Players
		if name, _, ok, _ := st.Register(ctx, store.RegisterPlayers); ok {
			res.out.BasedOn = "register " + name + " (imported)"
		}
	}

	// The other kind's ratings, as its latest list has them.
	other := periods.Standard
	if k == periods.Standard {
		other = periods.Rapid
	}
	if ol, ok, err := st.RatingListInForce(ctx, string(other), period.Label); err != nil {
		return nil, err
	} else if ok {
		olist, err := registers.ReadPlayers("list "+ol.Period, ol.List)
		if err != nil {
			return nil, fmt.Errorf("stored %s list %s: %w", other, ol.Period, err)
		}
		res.out.OtherList = string(other) + " " + ol.Period
		res.out.OtherRows = fromOtherList(list, olist, k)
	}

	// The period's tournaments.
	loc := settings.Location()
	from, to := period.From.Time(loc), period.Cutoff.AddDays(1).Time(loc)
	hs, err := st.HomologatedFiles(ctx, string(k), from, to)
	if err != nil {
		return nil, err
	}
	rated, err := st.RatedTournaments(ctx, string(k), period.Label)
	if err != nil {
		return nil, err
	}
	var ts []rating.Received
	label := map[int64]string{}
	used := map[string]bool{}
	for _, h := range hs {
		day := tournament.DateOf(h.ReceivedAt.In(loc))
		if !period.Contains(day) {
			continue
		}
		name := fmt.Sprintf("%d/%s", h.SubmissionID, h.Name)
		if used[name] {
			name = fmt.Sprintf("%s#%d", name, h.FileID)
		}
		used[name] = true
		key := h.TournamentKey
		if key == "" {
			key = fmt.Sprintf("#%d", h.FileID)
		}
		if p, ok := rated[key]; ok {
			warn("%s: the tournament was already rated in the %s list %s (a corrected file after that close): not rated again, the office decides", name, k, p)
			continue
		}
		if h.Period != "" && h.Period != period.Label {
			warn("%s: the verdict recorded list %s, the schedule of the rating settings says %s: rated in %s", name, h.Period, period.Label, period.Label)
		}
		t, _, err := codec.Read(h.Name, h.Data)
		if err != nil {
			warn("%s: homologated but unreadable now (%v): not rated", name, err)
			continue
		}
		rc := rating.Received{File: name, Tournament: t, Received: day}
		ds, err := st.Decisions(ctx, h.FileID)
		if err != nil {
			return nil, err
		}
		if err := applyDecisions(&rc, ds); err != nil {
			return nil, fmt.Errorf("%s: the office's decisions: %w", name, err)
		}
		for _, d := range ds {
			l := describeDecision(d, t, k)
			l.File = name
			res.out.Decisions = append(res.out.Decisions, l)
		}
		ts = append(ts, rc)
		label[h.FileID] = name
		res.files = append(res.files, store.ListedFile{FileID: h.FileID, TournamentKey: h.TournamentKey})
	}

	r, err := rating.ClosePeriod(rating.Close{Kind: k, Period: period, List: list, Tournaments: ts, Settings: settings, InPlace: true})
	if err != nil {
		return nil, err
	}
	res.list, res.out.Report = r.List, r.Report
	var buf bytes.Buffer
	if err := registers.WritePlayers(&buf, r.List); err != nil {
		return nil, err
	}
	res.csv = buf.Bytes()
	if err := crossCheck(ctx, st, label, &res.out); err != nil {
		return nil, err
	}
	return res, nil
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
func fromOtherList(list, other *registers.Players, k periods.Kind) (changed int) {
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
		if k == periods.Rapid {
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
func crossCheck(ctx context.Context, st *store.Store, label map[int64]string, out *runOutput) error {
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
		lines, _, err := storedRatings(ctx, st, id)
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
			x.Differ = append(x.Differ, difference{File: file, Start: l.Start, Name: names[file][l.Start],
				Provisional: l.Applied, Final: v.Applied})
		}
	}
	return nil
}
