package rules

import (
	"slices"
	"time"

	"go.yaml.in/yaml/v3"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/platform/strictyaml"
	"omologa/internal/platform/zone"
)

// Rating holds the rating stage's settings: the `rating:` section of
// rules.yaml. Every decision of shared/regs/README.md §3–4 that a program
// could take otherwise is here, not in code. Every field is required.
type Rating struct {
	// TimeZone turns receipt times into calendar days for the list
	// cut-offs (RTF 4.2.2, RAPID 6.2).
	TimeZone string `yaml:"time_zone"`
	// DiffCap caps the rating difference looked up in the table (RTF
	// 4.3.1, RAPID 7.1, FIDE-RR 8.54: 400).
	DiffCap int `yaml:"diff_cap"`
	// FirstPlace says who is "first" for winner protection (RTF 4.2.15,
	// RAPID 6.7): "score" (top score before tie-breaks, ex aequo
	// included; the digest's decision) or "rank" (declared rank 1).
	FirstPlace string `yaml:"first_place"`
	// MatchByName: a player of a file with no FSI or FIDE id found in
	// the list is looked up by normalised surname and name.
	MatchByName bool `yaml:"match_by_name"`
	// HomeFederation: players of another federation are "foreign" for
	// the entry ratings of RTF 4.2.7 and RAPID 6.1.
	HomeFederation string `yaml:"home_federation"`

	Standard StandardRating `yaml:"standard"`
	Rapid    RapidRating    `yaml:"rapid"`
}

// Withdrawal configures RTF 7.5.2–7.5.3 (an unjustified withdrawal loses
// any positive variation).
type Withdrawal struct {
	// ZeroPositive applies RTF 7.5.3 at all.
	ZeroPositive bool `yaml:"zero_positive"`
	// RequirePairedOpponent: only a last-round forfeit loss '-' against
	// a paired opponent is read as "without notice" (the digest's
	// decision: an announced absence is not paired).
	RequirePairedOpponent bool `yaml:"require_paired_opponent"`
	// BlocksPromotion: the withdrawn player "loses the right to any
	// category promotion" (RTF 7.5.3): no promotion (rapid: no new
	// category) at the close of that period.
	BlocksPromotion bool `yaml:"blocks_promotion"`
	// RoundRobinAsksOffice: in a round robin (every two players paired)
	// a withdrawal is not read from the crosstable: nothing is zeroed
	// until the office decides (regs §4c, FIDE-GR 6.6).
	RoundRobinAsksOffice bool `yaml:"round_robin_asks_office"`
}

// StandardRating is Elo Italia (RTF 4.2–4.4).
type StandardRating struct {
	// List: issue months and cut-off (RTF 4.2.2: 1 3 5 7 9 11, ten days
	// before the issue). Kind must be standard.
	List periods.Schedule `yaml:"list"`
	// K (RTF 4.3.2 a: 30) and KByCategory (4.3.2 b: M 20).
	K           int            `yaml:"k"`
	KByCategory map[string]int `yaml:"k_by_category"`
	// EntryByCategory: the rating of a player missing from the list, by
	// category (RTF 4.2.5 for 1S 2S NC, 4.2.16 for all). An empty
	// category reads as NC.
	EntryByCategory map[string]int `yaml:"entry_by_category"`
	// UnlistedUseFileRating: a player missing from the list whose file
	// gives a national rating (the arbiter's theoretical rating of a
	// foreign player, RTF 4.2.7) enters with it instead of by category.
	UnlistedUseFileRating bool `yaml:"unlisted_use_file_rating"`
	// TheoreticalIfHigher reads the last sentence of RTF 4.2.7 ("la
	// variazione del loro punteggio nazionale potrà portare a una nuova
	// equiparazione solo se il punteggio Elo Italia risulterà superiore a
	// quello posseduto"): a theoretical rating given by the chief arbiter
	// (the office's override, rating.Theoretical) to a foreign player who
	// already holds an Elo Italia replaces it only when higher. False:
	// the theoretical rating counts only for players without one.
	TheoreticalIfHigher bool `yaml:"theoretical_if_higher"`
	// FideRatedFromFile: a player missing from the list is FIDE-rated
	// (RTF 4.2.10–4.2.11) when the file's rating column (001, FIDE) is
	// positive.
	FideRatedFromFile bool `yaml:"fide_rated_from_file"`
	// WinnerProtection applies RTF 4.2.15.
	WinnerProtection bool       `yaml:"winner_protection"`
	Withdrawal       Withdrawal `yaml:"withdrawal"`
	// Cap (RTF 4.4.2: 1600) for players of CapCategories (below 3N and
	// NC: 1S 2S NC) at the start of the period; 0 disables it.
	Cap           int      `yaml:"cap"`
	CapCategories []string `yaml:"cap_categories"`
	// RemoveFideRated: players FIDE-rated at the close lose their Elo
	// Italia (RTF 4.2.6).
	RemoveFideRated bool `yaml:"remove_fide_rated"`
	// FideFloor is FIDE's minimum published rating (FIDE-RR 0.6: 1200);
	// a player dropped from the FIDE list re-enters at FideFloor − 1
	// (RTF 4.2.6). 0 disables the re-entry.
	FideFloor int `yaml:"fide_floor"`
	// ActivityMonths (RTF 4.2.9: 24): without a rated tournament in this
	// many months before the issue a player is left out of the list.
	ActivityMonths int `yaml:"activity_months"`
	// UnknownLastGameActive: a player whose last game is not recorded
	// (a register from before this program) counts as active.
	UnknownLastGameActive bool `yaml:"unknown_last_game_active"`
	// ListRequiresMembership: a player not registered for the year in
	// progress ("anno in corso") is left out of the list (RTF 4.2.9,
	// third paragraph); the year is the list's closing date's (regs
	// §4b: the January list, which closes in December, takes the
	// previous year's membership).
	ListRequiresMembership bool `yaml:"list_requires_membership"`
	// Promotions at the start of a period (RTF 4.4.1.1–4.4.1.4), lowest
	// first.
	Promotions []Promotion `yaml:"promotions"`
	// PromotionUsesFide: the FIDE rating counts for promotions too
	// ("Elo Italia o Fide").
	PromotionUsesFide bool    `yaml:"promotion_uses_fide"`
	Maestro           Maestro `yaml:"maestro"`
}

// Promotion is one line of RTF 4.4.1: category from rating.
type Promotion struct {
	Category string `yaml:"category"`
	Min      int    `yaml:"min"`
}

// Maestro configures RTF 4.4.1.5.
type Maestro struct {
	// MinRating (2200) at the start of a period, Elo Italia or FIDE with
	// at least FideMinGames (24) rated games (the fide_games column).
	MinRating    int `yaml:"min_rating"`
	FideMinGames int `yaml:"fide_min_games"`
	// LongNormMinRounds (4.4.1.5.1: 9) and LongNormMinPlayed (b: 8).
	LongNormMinRounds int `yaml:"long_norm_min_rounds"`
	LongNormMinPlayed int `yaml:"long_norm_min_played"`
	// ShortNormRounds (4.4.1.5.2: 7 or 8) and ShortNormMinPlayed (7);
	// ShortNormsNeeded (2) within ShortNormWindowYears (4) from the
	// first tournament's start to the second's.
	ShortNormRounds      []int `yaml:"short_norm_rounds"`
	ShortNormMinPlayed   int   `yaml:"short_norm_min_played"`
	ShortNormsNeeded     int   `yaml:"short_norms_needed"`
	ShortNormWindowYears int   `yaml:"short_norm_window_years"`
	// RaiseLowestTo (4.4.1.5.3: 1900): the lowest opponent below it is
	// raised to it, for the norm only. 0 disables.
	RaiseLowestTo int `yaml:"raise_lowest_to"`
	// ExtrapolateBeyondTable: with more than 11 games played, the points
	// needed are the table's percentage of the games rounded up to the
	// half point (which reproduces every printed cell); false gives no
	// norm beyond 11 games.
	ExtrapolateBeyondTable bool `yaml:"extrapolate_beyond_table"`
	// AverageRounding turns the opponents' average into the whole rating
	// looked up in the table of 4.4.1.5.3 (the article does not say):
	// "half_up" (nearest, .5 up, as FIDE rounds norm averages), "down"
	// (truncate) or "up". Empty reads as half_up.
	AverageRounding string `yaml:"average_rounding"`
}

// Rounding modes of Maestro.AverageRounding.
const (
	RoundHalfUp = "half_up"
	RoundDown   = "down"
	RoundUp     = "up"
)

// RapidRating is Elo Italia Rapid (RAPID 6–8).
type RapidRating struct {
	// List (RAPID 6.2: every month, cut-off the 25th of the previous
	// month). Kind must be rapid.
	List periods.Schedule `yaml:"list"`
	// K (RAPID 7.3: 30), KHigh (20) from KHighFrom (2200) on the rating
	// held at the start of the period; KLock keeps KHigh for ever once
	// KHighFrom has been reached (the rapid_k20 column).
	K         int  `yaml:"k"`
	KHigh     int  `yaml:"k_high"`
	KHighFrom int  `yaml:"k_high_from"`
	KLock     bool `yaml:"k_lock"`
	// Entry (RAPID 6.1: 1440) for players with none of the ratings named
	// in EntryHome (home federation: elo_italia, fide_standard) or
	// EntryForeign (fide_rapid, fide_standard), tried in order.
	Entry        int      `yaml:"entry"`
	EntryHome    []string `yaml:"entry_home"`
	EntryForeign []string `yaml:"entry_foreign"`
	// UnlistedUseFileRating: a player missing from the list and without
	// any rating enters with the file's national rating, else its FIDE
	// rating column (the arbiter's theoretical rating, RAPID 6.8).
	UnlistedUseFileRating bool       `yaml:"unlisted_use_file_rating"`
	WinnerProtection      bool       `yaml:"winner_protection"` // RAPID 6.7
	Withdrawal            Withdrawal `yaml:"withdrawal"`        // RTF 7.5.3 via RAPID 1
	// Categories (RAPID 8.4), highest first; the last has Min 0.
	Categories []Band `yaml:"categories"`
	// CategoryMinPeriods (RAPID 8.3: 2) list periods in a band, not
	// necessarily consecutive, give the category; it never goes down.
	CategoryMinPeriods int `yaml:"category_min_periods"`
	// CategoryCountsHigherBands: a period spent in a higher band counts
	// as held for every lower band too (A once and B once make B).
	CategoryCountsHigherBands bool `yaml:"category_counts_higher_bands"`
	// RemovalYears (RAPID 6.9: 5): a player without a tournament in the
	// calendar years before the issue's year back to this many is
	// removed from the list. 0 disables.
	RemovalYears int `yaml:"removal_years"`
}

// Band is one rapid category: ratings from Min up.
type Band struct {
	Name string `yaml:"name"`
	Min  int    `yaml:"min"`
}

// Location returns the time zone of the cut-offs (checked at parse time).
func (r *Rating) Location() *time.Location { return zone.Of(r.TimeZone) }

// Schedule is the schedule of the list of kind, one hop from the
// settings (RTF 4.2.2 bimonthly, RAPID 6.2 monthly): the one setting the
// validator's list period, the receipts and the close read; anything but
// rapid is the standard list's (a rule set's deadline names standard or
// rapid, checked).
func (r *Rating) Schedule(kind fsi.Kind) periods.Schedule {
	if kind == fsi.Rapid {
		return r.Rapid.List
	}
	return r.Standard.List
}

// ParseRating decodes a document whose only top-level key is `rating:`,
// strictly and with the same value checks as Parse; for tests and for
// tools that need only the rating settings.
func ParseRating(name string, data []byte) (*Rating, error) {
	root, err := strictyaml.Parse(name, data)
	if err != nil {
		return nil, err
	}
	return ratingOf(name, root)
}

func ratingOf(name string, root *yaml.Node) (*Rating, error) {
	var doc struct {
		Rating Rating `yaml:"rating"`
	}
	if err := strictyaml.DecodeTree(name, root, &doc); err != nil {
		return nil, err
	}
	v := &validator{file: name, root: root}
	v.checkRating(&doc.Rating)
	if len(v.errs) > 0 {
		return nil, v.errs
	}
	return &doc.Rating, nil
}

// RatingOf returns the rating settings of a rules file, or of a document
// whose only top-level key is `rating:` (ParseRating), parsing the bytes
// once to tell which.
func RatingOf(name string, data []byte) (*Rating, error) {
	if isPredecoded(data) {
		f, err := Parse(name, data)
		if err != nil {
			return nil, err
		}
		return &f.Rating, nil
	}
	root, err := strictyaml.Parse(name, data)
	if err != nil {
		return nil, err
	}
	if top := root.Content[0]; top.Kind == yaml.MappingNode && len(top.Content) == 2 && top.Content[0].Value == "rating" {
		return ratingOf(name, root)
	}
	f, err := fileOf(name, root)
	if err != nil {
		return nil, err
	}
	return &f.Rating, nil
}

// checkRating checks the `rating:` section's values.
func (v *validator) checkRating(r *Rating) {
	at := func(keys ...any) []any { return append([]any{"rating"}, keys...) }
	if _, err := zone.Load(r.TimeZone); err != nil || r.TimeZone == "" {
		v.errf(at("time_zone"), "rating.time_zone %q is not a known time zone (e.g. Europe/Rome)", r.TimeZone)
	}
	// The table of RTF 4.3.4 stops at 735.
	if r.DiffCap < 1 || r.DiffCap > 735 {
		v.errf(at("diff_cap"), "rating.diff_cap %d: between 1 and 735 (RTF 4.3.1: 400)", r.DiffCap)
	}
	if r.FirstPlace != "score" && r.FirstPlace != "rank" {
		v.errf(at("first_place"), "rating.first_place %q: score or rank", r.FirstPlace)
	}
	if r.HomeFederation == "" {
		v.errf(at("home_federation"), "rating.home_federation is empty (ITA)")
	}
	v.checkList(at("standard", "list"), r.Standard.List, fsi.Standard)
	v.checkList(at("rapid", "list"), r.Rapid.List, fsi.Rapid)

	s := &r.Standard
	if s.K <= 0 {
		v.errf(at("standard", "k"), "rating.standard.k %d must be positive", s.K)
	}
	for c, k := range s.KByCategory {
		if !slices.Contains(fsi.Categories, c) || k <= 0 {
			v.errf(at("standard", "k_by_category", c), "rating.standard.k_by_category: %s: %d: a category (%s) with a positive K", c, k, fsi.CategoryList)
		}
	}
	for _, c := range fsi.Categories {
		if s.EntryByCategory[c] <= 0 {
			v.errf(at("standard", "entry_by_category"), "rating.standard.entry_by_category: %s missing or not positive (RTF 4.2.16 gives every category)", c)
		}
	}
	for c := range s.EntryByCategory {
		if !slices.Contains(fsi.Categories, c) {
			v.errf(at("standard", "entry_by_category", c), "rating.standard.entry_by_category: %q is not a category", c)
		}
	}
	if s.Cap < 0 || s.FideFloor < 0 || s.ActivityMonths < 0 {
		v.errf(at("standard", "cap"), "rating.standard: cap, fide_floor and activity_months must not be negative")
	}
	for i, c := range s.CapCategories {
		if !slices.Contains(fsi.Categories, c) {
			v.errf(at("standard", "cap_categories", i), "rating.standard.cap_categories: %q is not a category", c)
		}
	}
	for i, p := range s.Promotions {
		if !slices.Contains(fsi.Categories, p.Category) || p.Min <= 0 || (i > 0 && p.Min <= s.Promotions[i-1].Min) {
			v.errf(at("standard", "promotions", i), "rating.standard.promotions: categories with increasing positive minimums, lowest first")
		}
	}
	m := s.Maestro
	mp := at("standard", "maestro")
	if m.MinRating <= 0 || m.FideMinGames < 0 || m.LongNormMinRounds <= 0 || m.LongNormMinPlayed <= 0 ||
		m.LongNormMinPlayed > m.LongNormMinRounds || m.ShortNormMinPlayed <= 0 || m.ShortNormsNeeded <= 0 ||
		m.ShortNormWindowYears < 0 || m.RaiseLowestTo < 0 {
		v.errf(mp, "rating.standard.maestro: ratings, rounds and games must be positive, min played at most the rounds")
	}
	switch m.AverageRounding {
	case RoundHalfUp, RoundDown, RoundUp:
	default:
		v.errf(append(slices.Clone(mp), "average_rounding"), "rating.standard.maestro.average_rounding %q: half_up, down or up", m.AverageRounding)
	}
	for i, n := range m.ShortNormRounds {
		if n < m.ShortNormMinPlayed || n >= m.LongNormMinRounds {
			v.errf(append(slices.Clone(mp), "short_norm_rounds", i), "rating.standard.maestro.short_norm_rounds: %d must be at least short_norm_min_played and below long_norm_min_rounds", n)
		}
	}

	q := &r.Rapid
	if q.K <= 0 || q.KHigh <= 0 || q.KHighFrom <= 0 || q.Entry <= 0 {
		v.errf(at("rapid", "k"), "rating.rapid: k, k_high, k_high_from and entry must be positive")
	}
	cols := []string{"elo_italia", "fide_standard", "fide_rapid", "elo_rapid"}
	for key, list := range map[string][]string{"entry_home": q.EntryHome, "entry_foreign": q.EntryForeign} {
		for i, c := range list {
			if !slices.Contains(cols, c) {
				v.errf(at("rapid", key, i), "rating.rapid.%s: %q: one of elo_italia, fide_standard, fide_rapid", key, c)
			}
		}
	}
	if len(q.Categories) == 0 || q.Categories[len(q.Categories)-1].Min != 0 {
		v.errf(at("rapid", "categories"), "rating.rapid.categories: highest first, the last with min 0")
	}
	for i, b := range q.Categories {
		if b.Name == "" || (i > 0 && b.Min >= q.Categories[i-1].Min) || slices.ContainsFunc(q.Categories[:i], func(o Band) bool { return o.Name == b.Name }) {
			v.errf(at("rapid", "categories", i), "rating.rapid.categories: bands with distinct names and decreasing minimums")
		}
	}
	if q.CategoryMinPeriods < 1 || q.RemovalYears < 0 {
		v.errf(at("rapid", "category_min_periods"), "rating.rapid: category_min_periods at least 1, removal_years not negative")
	}
}

func (v *validator) checkList(p []any, l periods.Schedule, kind fsi.Kind) {
	if l.Kind != kind {
		v.errf(append(slices.Clone(p), "kind"), "list kind %q: %s expected here", l.Kind, kind)
	}
	if len(l.IssueMonths) == 0 {
		v.errf(append(slices.Clone(p), "issue_months"), "issue_months is empty")
	}
	for i, m := range l.IssueMonths {
		if m < 1 || m > 12 || (i > 0 && m <= l.IssueMonths[i-1]) {
			v.errf(append(slices.Clone(p), "issue_months", i), "issue_months are months 1–12 in increasing order")
		}
	}
	if (l.CutoffDaysBeforeIssue > 0) == (l.CutoffDayOfPreviousMonth > 0) || l.CutoffDaysBeforeIssue < 0 ||
		l.CutoffDayOfPreviousMonth < 0 || l.CutoffDayOfPreviousMonth > 28 {
		v.errf(append(slices.Clone(p), "cutoff_days_before_issue"), "set exactly one of cutoff_days_before_issue and cutoff_day_of_previous_month (1–28), the other 0")
	}
}
