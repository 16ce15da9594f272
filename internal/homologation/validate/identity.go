package validate

import (
	"fmt"
	"slices"
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
)

// Identity checks: each player of the file is matched to the players'
// register (FIDE id, FSI id from a national record or the FIDE-id column,
// else normalised name and birth date); unknown, ambiguous and duplicated
// players are reported, and the ratings in the file are compared with
// the list in force at the start (RTF 4.2.4). A promotion tournament is
// reserved to players below Terza Nazionale (RTF 5.2.1 a).

func init() {
	register(&Check{
		Name: "identity.players",
		Rules: []string{"identity.not-checked", "identity.unknown", "identity.ambiguous", "identity.duplicate",
			"identity.id-conflict", "identity.name-mismatch", "identity.rating-mismatch",
			"identity.category-mismatch", "identity.summary"},
		Article: "RTF 4.2.4, 4.2.16",
		Doc:     "every player found once in the players' register, with the rating of the list in force",
		Run:     checkIdentity,
	})
	register(&Check{
		Name:    "identity.categories",
		Rules:   []string{"identity.category-not-allowed", "identity.category-unknown"},
		Article: "RTF 5.2.1 a",
		Doc:     "a tournament reserved to some categories (promotion: below 3N) has only such players",
		Run:     checkCategories,
	})
}

func checkIdentity(p *Pass) {
	t := p.Tournament
	ms := p.matches()
	duplicateIDs(p)
	if ms == nil {
		p.Report("identity.not-checked", At{}, Args{"players": len(t.Players)})
		return
	}
	cfg := p.Set.Params.Identity
	fileHasRating, fileHasNational := false, false
	for i := range t.Players {
		fileHasRating = fileHasRating || t.Players[i].Rating > 0
		fileHasNational = fileHasNational || t.Players[i].NationalRating > 0
	}
	unknown, ambiguous := 0, 0
	byRow := map[*registers.Player][]int{}
	for i := range t.Players {
		pl := &t.Players[i]
		m := ms[i]
		at := At{Line: pl.Line, Player: pl.Start}
		args := Args{"name": pl.Name, "player": pl.Start, "ids": idsText(pl)}
		switch {
		case m.row == nil && len(m.candidates) > 0:
			ambiguous++
			args["candidates"] = candidateList(m.candidates)
			p.Report("identity.ambiguous", at, args)
			continue
		case m.row == nil:
			unknown++
			p.Report("identity.unknown", at, args)
			continue
		}
		r := m.row
		byRow[r] = append(byRow[r], i)
		args["register_name"] = registerName(r)
		args["register_fsi_id"] = r.FSIID
		if m.conflict != nil {
			args["other"] = registerName(m.conflict)
			args["other_fsi_id"] = m.conflict.FSIID
			p.Report("identity.id-conflict", at, args)
		}
		if m.by != registers.ByNameBirth && m.by != registers.ByName && !nameFits(pl.Name, r) {
			id := "FIDE " + pl.FideID
			if m.by == registers.ByFSI {
				id = "FSI " + pl.NationalID
			} else if m.by == registers.ByFSIInFide {
				id = "FSI " + pl.FideID
			}
			args["id"] = id
			p.Report("identity.name-mismatch", at, args)
		}
		if fileHasRating {
			list, label := r.FideStandard, "FIDE standard"
			if cfg.FileRatingIs == "fide_rapid" {
				list, label = r.FideRapid, "FIDE rapid"
			}
			ratingMismatch(p, pl, pl.Rating, list, label, cfg.RatingTolerance)
		}
		if fileHasNational {
			list, label := r.EloItalia, fsi.Standard.ListName()
			if cfg.NationalRatingIs == "elo_rapid" {
				list, label = r.EloRapid, fsi.Rapid.ListName()
			}
			ratingMismatch(p, pl, pl.NationalRating, list, label, cfg.RatingTolerance)
		}
		if c := strings.ToUpper(strings.TrimSpace(pl.Category)); c != "" && r.Category != "" && c != r.Category {
			p.Report("identity.category-mismatch", at, Args{"name": pl.Name, "player": pl.Start,
				"category": c, "register_category": r.Category})
		}
	}
	rows := make([]*registers.Player, 0, len(byRow))
	for r, is := range byRow {
		if len(is) > 1 {
			rows = append(rows, r)
		}
	}
	slices.SortFunc(rows, func(a, b *registers.Player) int { return byRow[a][0] - byRow[b][0] })
	for _, r := range rows {
		is := byRow[r]
		first := &t.Players[is[0]]
		for _, i := range is[1:] {
			pl := &t.Players[i]
			p.Report("identity.duplicate", At{Line: pl.Line, Player: pl.Start}, Args{"name": pl.Name,
				"player": pl.Start, "other_name": first.Name, "other": first.Start,
				"id": fmt.Sprintf("%s, FSI %s", registerName(r), r.FSIID)})
		}
	}
	p.Report("identity.summary", At{}, Args{"players": len(t.Players),
		"matched": len(t.Players) - unknown - ambiguous, "unknown": unknown, "ambiguous": ambiguous})
}

// duplicateIDs reports players of the file who carry the same FIDE or
// FSI id, which needs no register to see.
func duplicateIDs(p *Pass) {
	t := p.Tournament
	for _, col := range []struct {
		get  func(*tournament.Player) string
		name string
	}{{func(pl *tournament.Player) string { return registers.IDKey(pl.FideID) }, "FIDE"},
		{func(pl *tournament.Player) string { return registers.IDKey(pl.NationalID) }, "FSI"}} {
		seen := map[string]int{}
		for i := range t.Players {
			pl := &t.Players[i]
			id := col.get(pl)
			if id == "" {
				continue
			}
			j, dup := seen[id]
			if !dup {
				seen[id] = i
				continue
			}
			// A register match reports the same pair again; say it once.
			if ms := p.matches(); ms != nil && ms[i].row != nil && ms[i].row == ms[j].row {
				continue
			}
			first := &t.Players[j]
			p.Report("identity.duplicate", At{Line: pl.Line, Player: pl.Start}, Args{"name": pl.Name,
				"player": pl.Start, "other_name": first.Name, "other": first.Start, "id": col.name + " " + id})
		}
	}
}

// nameFits reports whether a player's name in the file is the register's
// row: the same name in either order, or at least the surname's words.
func nameFits(written string, r *registers.Player) bool {
	if registers.SameName(written, r.Surname, r.Name) {
		return true
	}
	return containsWords(written, r.Surname)
}

// ratingMismatch reports a player whose rating in the file (FIDE or
// national) differs from the list's by more than the tolerance; the list's
// name is the same in both languages.
func ratingMismatch(p *Pass, pl *tournament.Player, file, list int, label string, tolerance int) {
	if abs(file-list) > tolerance {
		p.Report("identity.rating-mismatch", At{Line: pl.Line, Player: pl.Start}, Args{"name": pl.Name,
			"player": pl.Start, "rating": file, "list_rating": list, "list": label})
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func checkCategories(p *Pass) {
	allowed := p.Set.Params.Identity.AllowedCategories
	if len(allowed) == 0 {
		return
	}
	t := p.Tournament
	ms := p.matches()
	list := strings.Join(allowed, ", ")
	for i := range t.Players {
		pl := &t.Players[i]
		cat := strings.ToUpper(strings.TrimSpace(pl.Category))
		if ms != nil && ms[i].row != nil && ms[i].row.Category != "" {
			cat = ms[i].row.Category
		}
		at := At{Line: pl.Line, Player: pl.Start}
		args := Args{"name": pl.Name, "player": pl.Start, "category": cat, "allowed": list}
		switch {
		case cat == "":
			p.Report("identity.category-unknown", at, args)
		case !slices.Contains(allowed, cat):
			p.Report("identity.category-not-allowed", at, args)
		}
	}
}

// idsText lists what identifies a player besides the name, for messages:
// "; FIDE 123, FSI 456, nato il 1/2/1990", only the parts the file gives.
func idsText(pl *tournament.Player) Text {
	var ids []Text
	if id := strings.TrimSpace(pl.FideID); id != "" {
		ids = append(ids, same("FIDE "+id))
	}
	if id := strings.TrimSpace(pl.NationalID); id != "" {
		ids = append(ids, same("FSI "+id))
	}
	if !pl.BirthDate.IsZero() {
		born := "validate.born.m"
		if pl.Sex == "f" {
			born = "validate.born.f"
		}
		ids = append(ids, say(born, birth(pl.BirthDate)))
	}
	if len(ids) == 0 {
		return Text{}
	}
	return around("; ", join(ids, ", "), "")
}

// birth writes a birth date as each language does: "il 1/2/1990", "nel
// 1990" when only the year is known; in English as the file has it.
func birth(d tournament.Date) Text {
	switch {
	case d.IsFull():
		return say("validate.born-on", d)
	case d.Month != 0:
		return say("validate.born-in", given(fmt.Sprintf("%d/%d", int(d.Month), d.Year), d.String()))
	}
	return say("validate.born-in", given(fmt.Sprint(d.Year), d.String()))
}
