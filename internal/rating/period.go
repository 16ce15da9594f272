package rating

import (
	"cmp"
	"fmt"
	"slices"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
)

// Received is one homologated tournament with the day it reached the
// federation.
type Received struct {
	File       string
	Tournament *tournament.Tournament
	Received   tournament.Date
	// Withdrawals are the office's overrides of RTF 7.5.2 (see Options).
	Withdrawals map[int]bool
	// Theoretical are the chief arbiter's theoretical ratings (RTF 4.2.7,
	// RAPID 6.8). Ratings are frozen for the period: a player's rating
	// is decided in the first tournament of the period he plays in, so
	// a theoretical rating counts when given there.
	Theoretical Theoretical
}

// Close is the input of a period's close.
type Close struct {
	Kind   fsi.Kind
	Period periods.Period
	// List is the list in force during the period (not modified), a
	// register whose state columns the close reads; From is the same
	// already read (ReadList, ListOf, or the previous close's
	// Result.Next), whose typed state the close takes as it is: give
	// one or the other.
	List        *registers.Players
	From        *List
	Tournaments []Received
	Settings    *rules.Rating
	// InPlace lets the close change the list in force and return it as
	// the new list, for a caller that has no further use for the list in
	// force (the command, which reads it from a file; the list run,
	// which reads it from the store; a season re-rated in a row).
	InPlace bool
	// Lean keeps the new list's state in its typed form only: the rows'
	// Extra maps are left as read, and Result.Next.WriteCSV writes the
	// state columns from the typed state, the same text. For a caller
	// that reads nothing of the new list but its CSV and the report
	// (the close of files: a map of state columns for each of a million
	// rows was a third of the memory of FIDE's month, issue 31).
	Lean bool
	// Corrections are differences carried into the period from
	// tournaments rated in earlier, closed lists and changed since (a
	// new version in force, a revocation, an office decision): each is
	// added to the player's sum like a variation (§4b of the office's
	// decisions: a published list is never rewritten).
	Corrections []Correction
}

// Correction is one player's difference (new variation − old) in a
// tournament rated in an earlier list, carried into this one.
type Correction struct {
	FSIID      string `json:"fsi_id"`
	Name       string `json:"name"`
	Tournament string `json:"tournament"`
	List       string `json:"list"` // the list it was rated in, "2026-12"
	Reason     string `json:"reason"`
	Delta      Tenths `json:"delta"`
	// Applied is false when the player is not on the list: nothing to
	// correct.
	Applied bool `json:"applied"`
}

// ArtCorrection is the File of a correction's variation in a change
// report (its Name is the tournament's).
const ArtCorrection = "correction"

// Variation is what one tournament gave a player.
type Variation struct {
	File     string   `json:"file"`
	Name     string   `json:"tournament"`
	Start    int      `json:"start"`
	Games    int      `json:"games"`
	Score    float64  `json:"score"`
	Expected Tenths   `json:"expected"`
	Delta    Tenths   `json:"delta"`
	Applied  Tenths   `json:"applied"`
	Articles []string `json:"articles"`
}

// Change is one player's line in the change report.
type Change struct {
	FSIID string `json:"fsi_id"`
	Name  string `json:"name"`
	// Previous is the rating in force (0 when he was not on the list);
	// Used is the rating the period's tournaments used (Source says
	// where it came from); Reached is Used plus Sum rounded (RTF 4.3.3);
	// New is what the new list says.
	Previous   int         `json:"previous"`
	Used       int         `json:"used"`
	Source     string      `json:"source"`
	Rated      bool        `json:"rated"`
	Sum        Tenths      `json:"sum"`
	Reached    int         `json:"reached"`
	New        int         `json:"new"`
	Articles   []string    `json:"articles"`
	Variations []Variation `json:"variations"`
}

// CategoryChange is a promotion (standard, RTF 4.4.1) or a new rapid
// category (RAPID 8.3).
type CategoryChange struct {
	FSIID   string `json:"fsi_id"`
	Name    string `json:"name"`
	From    string `json:"from"`
	To      string `json:"to"`
	Rating  int    `json:"rating"`
	Article string `json:"article"`
}

// PlayerNote names a player and why he is in a section of the report.
type PlayerNote struct {
	FSIID   string `json:"fsi_id"`
	Name    string `json:"name"`
	Reason  string `json:"reason"`
	Article string `json:"article,omitempty"`
}

// Excluded is a tournament given to the close that does not belong to
// the period: it is not rated here.
type Excluded struct {
	File     string          `json:"file"`
	Received tournament.Date `json:"received"`
	Period   string          `json:"period"`
}

// TournamentSummary is one rated tournament of the period.
type TournamentSummary struct {
	File     string          `json:"file"`
	Name     string          `json:"name"`
	Received tournament.Date `json:"received"`
	Players  int             `json:"players"`
	Games    int             `json:"games"`
}

// Report is the change report of a period's close.
type Report struct {
	Kind        fsi.Kind            `json:"kind"`
	Period      periods.Period      `json:"period"`
	Tournaments []TournamentSummary `json:"tournaments"`
	Excluded    []Excluded          `json:"excluded"`
	Changes     []Change            `json:"changes"`
	Promotions  []CategoryChange    `json:"promotions"`
	Categories  []CategoryChange    `json:"category_changes"`
	// Withheld are promotions (rapid: categories) not given because of
	// an unjustified withdrawal in the period (RTF 7.5.3).
	Withheld  []CategoryChange `json:"withheld"`
	Added     []PlayerNote     `json:"added"`
	Inactive  []PlayerNote     `json:"inactive"`
	Removed   []PlayerNote     `json:"removed"`
	Reentered []PlayerNote     `json:"reentered"`
	KLocked   []PlayerNote     `json:"k_locked"`
	Norms     []PlayerNote     `json:"norms"`
	// Undecided are the round robins' withdrawals the office has not
	// judged yet (regs §4c): nothing was zeroed; a decision taken later
	// is a correction in a later list.
	Undecided []PlayerNote `json:"undecided_withdrawals,omitempty"`
	// Corrections carried into the period (Close.Corrections).
	Corrections []Correction `json:"corrections"`
}

// Result is the new list and its report.
type Result struct {
	List   *registers.Players
	Report Report
	// Next is the new list with its typed state (List its rows), for
	// the next close (Close.From) or its CSV (List.WriteCSV); handed on
	// by a close in place with its index.
	Next *List
}

// acc is what the period gathers for one player of the period's
// tournaments.
type acc struct {
	seed   Seed
	sum    Tenths
	last   tournament.Date // end of the last tournament with a game played
	nvars  int32
	played bool
	// corrected: a correction was carried into the player's sum.
	corrected bool
	// withdrew: an unjustified withdrawal in one of the period's
	// tournaments (RTF 7.5.3).
	withdrew bool
	// rapidInForce: the player's Elo Rapid on the list in force, kept by
	// newRatings before it writes the new one.
	rapidInForce int
}

// ClosePeriod closes a list period: the period's tournaments are rated
// against the list in force (frozen, RTF 4.2.3, RAPID 6.3), the
// variations summed and rounded (RTF 4.3.3), and the new list written
// with the engine's state, so that it is the next period's input.
func ClosePeriod(in Close) (*Result, error) {
	if err := checkClose(in); err != nil {
		return nil, err
	}
	ts, err := inReceiptOrder(in)
	if err != nil {
		return nil, err
	}
	c := newCloser(in)
	for _, rc := range ts {
		c.rate(rc)
	}
	return c.finish(), nil
}

// A Closing is a close fed its tournaments one at a time, in receipt
// order, so that a caller reading files need not hold a period's
// tournaments at once: each is rated as it comes, the calculation on a
// goroutine of its own while the next ones come (the close's own steps
// are in receipt order, on the caller's), and the caller may drop it
// once Add returns (the report keeps its name and file, not the
// tournament), but not change it. ClosePeriod is OpenClose, Add in
// receipt order, Finish.
type Closing struct {
	c    *closer
	seen map[string]bool
	last Received
	n    int
	// inFlight are the tournaments prepared and being rated, in
	// receipt order, accounted for oldest first (at most ratedAhead
	// wait); spare are the buffers of those accounted for.
	inFlight []flight
	spare    []*tournamentRating
}

// flight is one tournament being rated; done is closed once it is.
type flight struct {
	j    *tournamentRating
	done chan struct{}
}

// ratedAhead is how many tournaments are rated ahead of the close's
// accounts: enough to keep a core busy while the caller's goroutine
// prepares the next ones.
const ratedAhead = 4

// OpenClose starts a close of in (whose Tournaments are ignored: they
// come through Add).
func OpenClose(in Close) (*Closing, error) {
	if err := checkClose(in); err != nil {
		return nil, err
	}
	return &Closing{c: newCloser(in), seen: map[string]bool{}}, nil
}

// Add rates the next tournament. They must come in receipt order (then
// by file), as ClosePeriod sorts them, each once.
func (cl *Closing) Add(rc Received) error {
	label := cl.c.in.Period.Label
	if rc.File != "" && cl.seen[rc.File] {
		return fmt.Errorf("close %s: tournament %s given twice", label, rc.File)
	}
	cl.seen[rc.File] = true
	if rc.Tournament == nil {
		return fmt.Errorf("close %s: tournament %s: nothing read", label, rc.File)
	}
	if cl.n > 0 && receiptOrder(cl.last, rc) > 0 {
		return fmt.Errorf("close %s: tournament %s given after %s, received later", label, cl.last.File, rc.File)
	}
	cl.last, cl.n = Received{File: rc.File, Received: rc.Received}, cl.n+1
	j := &tournamentRating{}
	if n := len(cl.spare); n > 0 {
		j, cl.spare = cl.spare[n-1], cl.spare[:n-1]
	}
	if cl.c.prepare(rc, j) == nil {
		cl.spare = append(cl.spare, j)
		return nil
	}
	f := flight{j, make(chan struct{})}
	go func() {
		f.j.rate()
		close(f.done)
	}()
	cl.inFlight = append(cl.inFlight, f)
	for len(cl.inFlight) > ratedAhead {
		cl.accountOldest()
	}
	return nil
}

// accountOldest waits for the oldest tournament in flight to be rated
// and accounts for it.
func (cl *Closing) accountOldest() {
	f := cl.inFlight[0]
	<-f.done
	cl.c.account(f.j)
	cl.inFlight = append(cl.inFlight[:0], cl.inFlight[1:]...)
	f.j.rc = Received{} // the tournament, done with
	cl.spare = append(cl.spare, f.j)
}

// Finish ends the close: the tournaments still in flight, corrections,
// the period's sums, the new list and the report.
func (cl *Closing) Finish() *Result {
	for len(cl.inFlight) > 0 {
		cl.accountOldest()
	}
	return cl.c.finish()
}

// receiptOrder orders tournaments by receipt, then by file.
func receiptOrder(a, b Received) int {
	if c := a.Received.Compare(b.Received); c != 0 {
		return c
	}
	return cmp.Compare(a.File, b.File)
}

// finish is what a close does once every tournament is rated.
func (c *closer) finish() *Result {
	in := c.in
	c.carryCorrections()
	c.groupVariations()
	c.newRatings()
	c.noteAdded()
	noPromotion := c.withdrawalsBlockPromotion()
	if in.Kind == fsi.Standard {
		closeStandard(c.w, c.st, in, &c.rep, noPromotion)
	} else {
		closeRapid(c.w, c.st, in, &c.rep, noPromotion, c.startLen, c.rapidInForce)
	}
	return c.result()
}

// checkClose refuses a close without settings or without a whole period.
func checkClose(in Close) error {
	if in.Settings == nil {
		return fmt.Errorf("close %s: no rating settings", in.Period.Label)
	}
	if in.Period.Issue.IsZero() {
		return fmt.Errorf("close: no period")
	}
	if in.Period.From.IsZero() {
		// Without its first day the period would take a tournament of
		// any earlier period: one rated twice.
		return fmt.Errorf("close %s: the period has no first receipt day (From); take it from the schedule (Schedule.Parse)", in.Period.Label)
	}
	return nil
}

// inReceiptOrder is the period's tournaments in the order they were
// received (then by file), each given once and read.
func inReceiptOrder(in Close) ([]Received, error) {
	seen := make(map[string]bool, len(in.Tournaments))
	for _, rc := range in.Tournaments {
		if rc.File != "" && seen[rc.File] {
			return nil, fmt.Errorf("close %s: tournament %s given twice", in.Period.Label, rc.File)
		}
		seen[rc.File] = true
		if rc.Tournament == nil {
			return nil, fmt.Errorf("close %s: tournament %s: nothing read", in.Period.Label, rc.File)
		}
	}
	ts := slices.Clone(in.Tournaments)
	slices.SortStableFunc(ts, receiptOrder)
	return ts, nil
}

// closer is one close in progress: the new list with its state and
// index, the report, and what the period gathers per player.
type closer struct {
	in       Close
	r        *rules.Rating
	list     *registers.Players
	w        *writer
	startLen int // the rows of the list in force; later rows are new players
	// st is the state columns, read once; the close reads and changes
	// st, and writes the changes back row by row.
	st   []rowState
	ix   *Index
	rep  Report
	opts Options
	// rowAcc[row] is 1 + the position in accs of the row's accumulator,
	// 0 while the row has not been seen in the period: the accumulators
	// of the players who played are dense, whatever the list's size.
	rowAcc []int32
	accs   blocks[acc]
	// vars are the variations in the order they come (gathered.go);
	// groupVariations puts each player's together in grouped, the k-th
	// accumulator's from off[k], nvars of them.
	vars     blocks[gathered]
	sources  []source
	articles [][]string
	grouped  []Variation
	off      []int32
	seeds    []Seed // scratch: one tournament's seeds
	lines    []Line // scratch: one tournament's lines
}

// newCloser prepares the new list (the list in force itself when in
// place), its state and index (the list in force's, read once, when
// given as a List; its index when a close in place handed it on), and an
// empty report.
func newCloser(in Close) *closer {
	r := in.Settings
	from := in.From
	if from == nil {
		from = &List{Players: in.List}
	}
	from.readNew()
	if !in.InPlace {
		from = from.clone()
	}
	list := from.Players
	startLen := len(list.Rows)
	c := &closer{in: in, r: r, list: list, startLen: startLen, opts: OptionsFor(in.Kind, r), st: from.st,
		w: &writer{list: list, owned: make([]bool, startLen, cap(list.Rows)), lean: in.Lean}}
	if in.InPlace {
		for i := range c.w.owned {
			c.w.owned[i] = true
		}
	}
	if ix := from.ix; in.InPlace && ix != nil && from.ixOf == list && from.ixRows == startLen && ix.opts.ByName == r.MatchByName {
		c.ix = ix
	} else {
		c.ix = NewIndex(list, r.MatchByName)
	}
	c.rep = Report{Kind: in.Kind, Period: in.Period, Tournaments: []TournamentSummary{}, Excluded: []Excluded{},
		Changes: []Change{}, Promotions: []CategoryChange{}, Categories: []CategoryChange{}, Withheld: []CategoryChange{}, Added: []PlayerNote{},
		Inactive: []PlayerNote{}, Removed: []PlayerNote{}, Reentered: []PlayerNote{}, KLocked: []PlayerNote{}, Norms: []PlayerNote{},
		Corrections: []Correction{}}
	c.rowAcc = make([]int32, startLen, cap(list.Rows))
	return c
}

// openAcc gives a row seen for the first time its accumulator.
func (c *closer) openAcc(row int) int32 {
	c.rowAcc[row] = int32(c.accs.add(acc{}) + 1)
	return c.rowAcc[row]
}

// seedPlayers finds (or adds) each player of the tournament in the list
// and appends his seed to seeds: frozen for the period, the first sight
// decides a new player's entry rating too.
func (c *closer) seedPlayers(rc Received, seeds []Seed) []Seed {
	in, t := c.in, rc.Tournament
	for i := range t.Players {
		p := &t.Players[i]
		row := c.ix.Find(p)
		if row < 0 {
			row = c.ix.Append(newRow(p))
			c.rowAcc = append(c.rowAcc, 0)
			c.st = append(c.st, rowState{})
			c.w.owned = append(c.w.owned, true)
		}
		k := c.rowAcc[row]
		if k == 0 {
			k = c.openAcc(row)
			a := c.accs.at(k - 1)
			var rp *registers.Player
			if row < c.startLen {
				// In place, the row's ratings and the state the seed
				// reads change only after the last tournament.
				rp = &c.list.Rows[row]
			}
			a.seed = seedFor(in.Kind, rp, c.st[row].fideLast, p, c.r, rc.Theoretical.For(p))
			a.seed.Row = row
			if row >= c.startLen && in.Kind == fsi.Standard && a.seed.Source == "fide" {
				c.list.Rows[row].FideStandard = a.seed.Rating
			}
		}
		seeds = append(seeds, c.accs.at(k-1).seed)
	}
	return seeds
}

// addNorm records a Maestro norm (RTF 4.4.1.5) in the player's state.
func (c *closer) addNorm(row int, tournamentName string, n *Norm) {
	pr := &c.list.Rows[row]
	c.st[row].addNorm(n.Start, n.Long)
	c.rep.Norms = push(c.rep.Norms, PlayerNote{FSIID: pr.FSIID, Name: fullName(pr),
		Reason:  fmt.Sprintf("%s: %g/%d against %d (needed %g)", tournamentName, n.Score, n.Played, n.Average, n.Needed),
		Article: map[bool]string{true: "RTF 4.4.1.5.1", false: "RTF 4.4.1.5.2"}[n.Long]})
}
