package fide

import (
	"strings"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/tournament"
)

// Arbiter is an arbiter a file names (the chief in record 102, a deputy
// in 112) as FIDE gets it: FIDE-RR 9.1 wants the arbiters with their
// FIDE ids, and when the file writes none the Federation's arbiters'
// register may have it.
type Arbiter struct {
	Record  string // "102" or "112"
	Written string // as the file writes it
	// HasID: the file writes a number with the name, taken for the
	// arbiter's FIDE id (programs write "Name FIDEID" or "Name (FIDEID)"),
	// unless it is the arbiter's FSI id (FSIWritten).
	HasID bool
	// FSIWritten: the number written is the FSI id of the register's
	// arbiter the name is, and not the FIDE id: the file has none.
	FSIWritten bool
	// Matches are the register's arbiters the name fits, by the
	// validator's matcher (validate.MatchArbiter); looked up only when
	// the file writes no FIDE id. One is the arbiter; more are ambiguous.
	Matches []*registers.Arbiter
	// Register says whether an arbiters' register was given.
	Register bool
	pos      int // 0 the chief, i the deputy DeputyArbiters[i-1]
}

// FromRegister is the FIDE id the register gives an arbiter the file
// writes without one: "" when the file has one, the name fits no row or
// more than one, or the row has none.
func (a Arbiter) FromRegister() string {
	if a.HasID || len(a.Matches) != 1 {
		return ""
	}
	return a.Matches[0].FideID
}

// Forwarded is the text record 102 or 112 carries to FIDE: as written
// when the file gives the FIDE id; else, when the register gives it, the
// name as written with the id in brackets ("Galli Sara (862401)", the
// form of FIDE's TRF files), after the arbiter's FIDE title when the
// register's category is one ("FA Galli Sara (862401)"). The FSI
// category files write beside the name ("Galli Sara (ACN)") is a
// national title FIDE does not know: left out. A number written that is
// the arbiter's FSI id would read as a FIDE id: the register's name
// instead.
func (a Arbiter) Forwarded() string {
	id := a.FromRegister()
	if id == "" {
		return a.Written
	}
	r := a.Matches[0]
	name := strings.TrimSpace(a.Written)
	if a.FSIWritten {
		name = strings.TrimSpace(r.Surname + " " + r.Name)
	} else if c := strings.TrimSpace(r.Category); c != "" {
		name = strings.Join(strings.Fields(strings.ReplaceAll(name, "("+c+")", "")), " ")
	}
	if t := fideArbiterTitle(r.Category); t != "" {
		name = t + " " + name
	}
	return name + " (" + id + ")"
}

// fideArbiterTitle is the FIDE title an arbiters' register category
// stands for: International Arbiter and FIDE Arbiter, written in English
// (IA, FA) or Italian (AI, AF); "" for the Federation's own categories.
func fideArbiterTitle(category string) string {
	switch strings.ToUpper(strings.TrimSpace(category)) {
	case "IA", "AI":
		return "IA"
	case "FA", "AF":
		return "FA"
	}
	return ""
}

// Arbiters returns the arbiters a tournament names, chief first, blank
// records left out, each looked up in the arbiters' register reg (nil
// when none is given) when the file writes no FIDE id.
func Arbiters(t *tournament.Tournament, reg []registers.Arbiter) []Arbiter {
	var out []Arbiter
	for i, name := range append([]string{t.ChiefArbiter}, t.DeputyArbiters...) {
		if strings.TrimSpace(name) == "" {
			continue
		}
		a := Arbiter{Record: "102", Written: name, HasID: strings.ContainsAny(name, "123456789"), Register: reg != nil, pos: i}
		if i > 0 {
			a.Record = "112"
		}
		if a.HasID && reg != nil {
			a.FSIWritten = writesFSI(name, reg)
			a.HasID = !a.FSIWritten
		}
		if !a.HasID && reg != nil {
			a.Matches = validate.MatchArbiter(name, reg)
		}
		out = append(out, a)
	}
	return out
}

// writesFSI reports whether every number in an arbiter's name as
// written is the FSI id of the one register arbiter the name is (by the
// validator's matcher, with and without the numbers), and none is that
// arbiter's FIDE id: "Galli Sara 208311" written with the FSI id.
func writesFSI(name string, reg []registers.Arbiter) bool {
	ms := validate.MatchArbiter(name, reg)
	if len(ms) != 1 {
		return false
	}
	r := ms[0]
	byName := validate.MatchArbiter(strings.Map(func(c rune) rune {
		if c >= '0' && c <= '9' {
			return ' '
		}
		return c
	}, name), reg)
	if len(byName) != 1 || byName[0] != r {
		return false
	}
	fsi, fideID := registers.IDKey(r.FSIID), registers.IDKey(r.FideID)
	for _, n := range strings.FieldsFunc(name, func(c rune) bool { return c < '0' || c > '9' }) {
		if k := registers.IDKey(n); k != "" && (k != fsi || k == fideID) {
			return false
		}
	}
	return fsi != ""
}

// WithArbiterIDs returns the tournament as forwarded to FIDE: t itself
// when no arbiter takes a FIDE id from the register, else a copy whose
// 102 and 112 records carry them (Arbiter.Forwarded).
func WithArbiterIDs(t *tournament.Tournament, reg []registers.Arbiter) *tournament.Tournament {
	out := t
	for _, a := range Arbiters(t, reg) {
		if a.FromRegister() == "" {
			continue
		}
		if out == t {
			c := *t
			c.DeputyArbiters = append([]string(nil), t.DeputyArbiters...)
			out = &c
		}
		if a.pos == 0 {
			out.ChiefArbiter = a.Forwarded()
		} else {
			out.DeputyArbiters[a.pos-1] = a.Forwarded()
		}
	}
	return out
}

// arbiterProblems: FIDE-RR 9.1, the arbiters without FIDE id; a note for
// each whose id the register gives (the export writes it), for the
// others a finding saying why the register does not help: the chief
// arbiter's holds the tournament (fide.arbiter-id-missing, an error in
// rules.yaml), a deputy's warns (fide.deputy-arbiter-id-missing).
func arbiterProblems(t *tournament.Tournament, reg []registers.Arbiter, report func(string, validate.At, validate.Args)) {
	for _, a := range Arbiters(t, reg) {
		if a.HasID {
			continue
		}
		at := validate.At{Line: tagLine(t, a.Record)}
		args := validate.Args{"arbiter": strings.TrimSpace(a.Written)}
		if id := a.FromRegister(); id != "" {
			r := a.Matches[0]
			args["fide_id"], args["name"] = id, strings.TrimSpace(r.Surname+" "+r.Name)
			report("fide.arbiter-id-from-register", at, args)
			continue
		}
		switch {
		case a.FSIWritten:
			args["register"] = validate.Say("fide.arbiter-register.fsi-written")
		case !a.Register:
			args["register"] = validate.Say("fide.arbiter-register.none")
		case len(a.Matches) == 0:
			args["register"] = validate.Say("fide.arbiter-register.unknown")
		case len(a.Matches) > 1:
			var cs []string
			for _, m := range a.Matches {
				cs = append(cs, strings.TrimSpace(m.Surname+" "+m.Name))
			}
			args["register"] = validate.Say("fide.arbiter-register.several", strings.Join(cs, ", "))
		default:
			args["register"] = validate.Say("fide.arbiter-register.no-id")
		}
		// The chief arbiter's id FIDE requires (the tournament is held);
		// a deputy's only warns.
		rule := "fide.arbiter-id-missing"
		if a.pos > 0 {
			rule = "fide.deputy-arbiter-id-missing"
		}
		report(rule, at, args)
	}
}
