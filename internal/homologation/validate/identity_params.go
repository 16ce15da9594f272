package validate

import "omologa/internal/fsi"

// The identity check's parameters (identity.go; the player matcher's
// options in match.go), rules.yaml's rulesets[].params.identity, and the
// check of their values.

// IdentityParams are the parameters of the identity check (RTF 4.2.4,
// 4.2.16, 5.2.1 a).
type IdentityParams struct {
	// MatchByName: a player with no FIDE or FSI id found in the register
	// is looked up by normalised name (and birth date when both sides
	// have one).
	MatchByName bool `yaml:"match_by_name"`
	// NameMatchNeedsBirthDate: a match by name alone (no birth date on
	// one side) is not accepted.
	NameMatchNeedsBirthDate bool `yaml:"name_match_needs_birth_date"`
	// RatingTolerance: a rating in the file may differ by this much from
	// the list in force at the start before it is reported (RTF 4.2.4).
	RatingTolerance int `yaml:"rating_tolerance"`
	// FileRatingIs names the register column the file's rating column
	// (001, FIDE) is compared with: fide_standard or fide_rapid.
	FileRatingIs string `yaml:"file_rating_is"`
	// NationalRatingIs names the register column a national rating in
	// the file (ITA record, .tdf) is compared with: elo_italia or
	// elo_rapid.
	NationalRatingIs string `yaml:"national_rating_is"`
	// AllowedCategories lists the national categories the tournament is
	// reserved to (promotion tournaments, RTF 5.2.1 a: 1S 2S NC); empty
	// means open to all (RTF 5.2.1 b).
	AllowedCategories []string `yaml:"allowed_categories"`
}

func (id *IdentityParams) check(ps problems) {
	if id.RatingTolerance < 0 {
		ps.in("rating_tolerance").add("rating_tolerance must not be negative")
	}
	if id.FileRatingIs != "fide_standard" && id.FileRatingIs != "fide_rapid" {
		ps.in("file_rating_is").add("file_rating_is %q: fide_standard or fide_rapid", id.FileRatingIs)
	}
	if id.NationalRatingIs != "elo_italia" && id.NationalRatingIs != "elo_rapid" {
		ps.in("national_rating_is").add("national_rating_is %q: elo_italia or elo_rapid", id.NationalRatingIs)
	}
	for i, c := range id.AllowedCategories {
		if !fsi.IsCategory(c) {
			ps.in("allowed_categories", i).add("category %q is not one of %s", c, fsi.CategoryList)
		}
	}
}
