package tournament

import (
	"slices"
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/tournament/rateofplay"
)

// Format names the kind of file a tournament was read from. The values are
// stable: they appear in JSON output and in the store.
type Format string

const (
	FormatTRF16 Format = "trf16" // FIDE TRF (2016 and earlier)
	FormatTRF26 Format = "trf26" // FIDE TRF-2025/26 (tags 142–362, 013/310, 240...)
	FormatTRFX  Format = "trfx"  // TRF with JaVaFo/bbpPairings extensions (XXR, XXC, BBW…)
	FormatTDF   Format = "tdf"   // Vega's '|'-separated export with FSI id and Elo Italia
)

// Tournament is one individual tournament as read from a result file.
type Tournament struct {
	File   string `json:"file"`
	Format Format `json:"format"`

	Name       string `json:"name"`       // 012
	City       string `json:"city"`       // 022
	Federation string `json:"federation"` // 032
	Start      Date   `json:"start"`      // 042
	End        Date   `json:"end"`        // 052
	// RoundDates holds one date per round (132, or the .tdf round dates);
	// a zero Date where the file gives none.
	RoundDates []Date `json:"round_dates,omitempty"`

	// DeclaredPlayers, DeclaredRated and DeclaredFederations are what the
	// file says in 062, 072, 082 (0 when absent); DeclaredRounds is XXR or
	// 142 (0 when absent). Compare them with len(Players) and Rounds().
	DeclaredPlayers     int `json:"declared_players,omitempty"`
	DeclaredRated       int `json:"declared_rated,omitempty"`
	DeclaredFederations int `json:"declared_federations,omitempty"`
	DeclaredRounds      int `json:"declared_rounds,omitempty"`

	Type           string   `json:"type,omitempty"`              // 092 as written
	ChiefArbiter   string   `json:"chief_arbiter,omitempty"`     // 102
	DeputyArbiters []string `json:"deputy_arbiters,omitempty"`   // 112
	RateOfPlayText string   `json:"rate_of_play_text,omitempty"` // 122 (or 222 code) as written
	// RateOfPlay is RateOfPlayText parsed; nil with RateOfPlayError set
	// when it cannot be read, nil with no error when absent.
	RateOfPlay      *rateofplay.Rate `json:"rate_of_play,omitempty"`
	RateOfPlayError string           `json:"rate_of_play_error,omitempty"`
	// PairingSystem is what the file declares (TRF26 192, Vega's system
	// field), as written; empty when the file says nothing.
	PairingSystem string `json:"pairing_system,omitempty"`
	// TieBreaks lists the declared tie-break names in order (TRF26 202,
	// Vega), as written.
	TieBreaks []string `json:"tie_breaks,omitempty"`

	Scoring Scoring `json:"scoring"`

	Players []Player `json:"players"`
	Teams   []Team   `json:"teams,omitempty"`

	// Tags keeps every header record in file order, modelled or not, so
	// that the writer can reproduce what it does not model and the
	// validator can cite the line of a header value.
	Tags []Tag `json:"-"`
	// Comments are the '###' lines, kept for the writer.
	Comments []Tag `json:"-"`
}

// Tag is one header record: its three-character code ("012", "XXR", "ITA")
// and the rest of the line after the code and one space, trimmed on the
// right.
type Tag struct {
	Code  string
	Value string
	Line  int
}

// Tag returns the first header record with the code, if any.
func (t *Tournament) Tag(code string) (Tag, bool) {
	for _, g := range t.Tags {
		if g.Code == code {
			return g, true
		}
	}
	return Tag{}, false
}

// Team is a TRF26 team record (013 or 310).
type Team struct {
	Name    string `json:"name"`
	Members []int  `json:"members"` // starting numbers
	Line    int    `json:"line"`
	// The team's standing, from a 310 record (zero for 013): its number,
	// federation, average rating (rounded), match points, game points
	// (the sum of its players' points) and rank. Ranked says the points
	// and the rank were read, the rank being at least 1.
	Number      int     `json:"number,omitempty"`
	Federation  string  `json:"federation,omitempty"`
	Rating      int     `json:"rating,omitempty"`
	MatchPoints float64 `json:"match_points,omitempty"`
	GamePoints  float64 `json:"game_points,omitempty"`
	Rank        int     `json:"rank,omitempty"`
	Ranked      bool    `json:"ranked,omitempty"`
}

// Player is one participant, as the file describes him.
type Player struct {
	Start int    `json:"start"`         // starting number
	Sex   string `json:"sex,omitempty"` // "m", "f" or "" (normalised)
	// Title is the FIDE title as written (GM, IM, g, m, WFM...);
	// Category is the Italian category or title found in the title
	// columns or in the national record (M, CM, 1N, 2N, 3N, 1S, 2S, NC).
	Title    string `json:"title,omitempty"`
	Category string `json:"category,omitempty"`
	Name     string `json:"name"`
	// Rating is the rating column of 001 (FIDE rating in a FIDE file; 0
	// when unrated).
	Rating     int    `json:"rating"`
	Federation string `json:"federation,omitempty"`
	FideID     string `json:"fide_id,omitempty"` // as written, digits only when valid
	// NationalID and NationalRating come from a national record (ITA...),
	// a .tdf column, or an FSI id found in the FIDE-id column.
	NationalID     string `json:"national_id,omitempty"`
	NationalRating int    `json:"national_rating,omitempty"`
	NationalFed    string `json:"national_fed,omitempty"` // the national record's code, e.g. "ITA"
	BirthDate      Date   `json:"birth_date,omitzero"`

	// Points and Rank are declared by the file; PointsGiven is false when
	// the column was blank.
	Points      float64 `json:"points"`
	PointsGiven bool    `json:"points_given"`
	Rank        int     `json:"rank"`

	// Rounds has one entry per round, Rounds[i] for round i+1; a round
	// with nothing written has Code == CodeNone.
	Rounds []RoundEntry `json:"rounds"`

	Line int `json:"line"` // line of the 001 record
}

// oldTitles are the FIDE titles as TRF06 wrote them, in lower case
// (g GM, m IM, f FM, c CM, wg WGM, wm WIM, wf WFM, wc WCM): "m" is an
// International Master there, not a Maestro.
var oldTitles = map[string]string{"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM"}

// FIDETitles are the FIDE titles, as TRF16 writes them in columns 11–13.
var FIDETitles = []string{"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"}

// FIDETitle is the FIDE title written s, in today's spelling ("GM" for
// TRF06's "g", "gm" or "GM"); "" when s is none (an Italian category
// such as "M", a blank). "CM" is also the FSI's Candidato Maestro: the
// caller decides what it is.
func FIDETitle(s string) string {
	s = strings.TrimSpace(s)
	if t, ok := oldTitles[s]; ok {
		return t
	}
	if t := strings.ToUpper(s); slices.Contains(FIDETitles, t) {
		return t
	}
	return ""
}

// SplitTitle sorts what a file writes in the title columns: an Italian
// category (any case) becomes the upper-case category, anything else is
// the FIDE title as written. CM is both, being a FIDE title too. The old
// TRF06 title letters (g, m, f, wg, wm, … in lower case) are FIDE titles.
func SplitTitle(s string) (title, category string) {
	c := strings.ToUpper(s)
	switch {
	case oldTitles[s] != "":
		return s, ""
	case !fsi.IsCategory(c):
		return s, ""
	case c == "CM":
		return s, c
	}
	return "", c
}

// RoundEntry is one player's line for one round.
type RoundEntry struct {
	Opponent int    `json:"opponent"` // starting number, 0 when none
	Colour   Colour `json:"colour"`
	Code     Code   `json:"code"`
	// Column is the 1-based column of the entry in its line, for
	// diagnostics and findings.
	Column int `json:"-"`
}
