package fideexport

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"omologa/internal/fsi/registers"
	"omologa/internal/rating/fide"
	"omologa/internal/tournament"
)

// ColFideTitle is the optional column of the players' register with a
// player's FIDE title (the FSI's category column is not one).
const ColFideTitle = "fide_title"

// fideTitle is the FIDE title forwarded for a player: the register's
// fide_title when it has one; else the file's, when it is a FIDE title
// and not the FSI's "CM" (Candidato Maestro, which Italian programs
// write in the same columns and FIDE's readers take for Candidate
// Master: a CM is forwarded only when the register says it is FIDE's).
func fideTitle(p *tournament.Player, row *registers.Player) string {
	if row != nil {
		if t := strings.ToUpper(strings.TrimSpace(row.Extra[ColFideTitle])); slices.Contains(tournament.FIDETitles, t) {
			return t
		}
	}
	t := tournament.FIDETitle(p.Title)
	if t == "CM" && p.Category == "CM" {
		return ""
	}
	return t
}

// ASCII writes s in ASCII, as FIDE's lists are: accents dropped
// ("Niccolò" → "Niccolo", "Sánchez" → "Sanchez"), a few letters spelled
// out (ß → ss, Æ → AE, Ø → O, Ł → L), typographic quotes and dashes made
// plain, anything else left out; so that every character is one byte and
// the TRF's columns are the same in bytes and in characters.
func ASCII(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case unicode.Is(unicode.Mn, r):
			// a combining accent, dropped
		default:
			b.WriteString(spelled[r])
		}
	}
	return b.String()
}

// spelled are the letters and signs NFD does not decompose into ASCII.
var spelled = map[rune]string{
	'ß': "ss", 'Æ': "AE", 'æ': "ae", 'Ø': "O", 'ø': "o", 'Œ': "OE", 'œ': "oe", 'Ł': "L", 'ł': "l",
	'Đ': "D", 'đ': "d", 'Ð': "D", 'ð': "d", 'Þ': "Th", 'þ': "th", 'ı': "i", 'Ħ': "H", 'ħ': "h",
	'‘': "'", '’': "'", '‚': "'", '“': "\"", '”': "\"", '„': "\"", '–': "-", '—': "-", '°': "",
	'´': "'", '`': "'", '\u00a0': " ", 'º': "", 'ª': "",
}

// isNational reports a TRF26 national record ("ITA", "FRA"...: three
// upper-case letters, not the XX and BB program records).
func isNational(code string) bool {
	if len(code) != 3 || strings.HasPrefix(code, "XX") || strings.HasPrefix(code, "BB") {
		return false
	}
	for i := 0; i < 3; i++ {
		if code[i] < 'A' || code[i] > 'Z' {
			return false
		}
	}
	return true
}

// Registration is a player FIDE must register before it rates the
// tournament (no FIDE id in the file nor in the players' register): a
// row of the FIDE registration file the office sends FIDE first.
type Registration struct {
	Tournament string `json:"tournament"`
	Start      int    `json:"start"`
	Name       string `json:"name"` // "Surname, Name", in ASCII
	Sex        string `json:"sex"`  // M or F, "" unknown
	BirthYear  int    `json:"birth_year,omitempty"`
	Federation string `json:"federation"`
	FSIID      string `json:"fsi_id,omitempty"`
}

// withPlayerIDs is t with its players as FIDE gets them: the FIDE id
// from the players' register when the file has none (the register's
// fide_id, once FIDE has registered the player), the FIDE title only
// (fideTitle), and the players still without id as registrations. t is
// not changed.
func withPlayerIDs(t *tournament.Tournament, idx *registers.Index, opts registers.MatchOptions) (*tournament.Tournament, []Registration) {
	out := *t
	out.Players = slices.Clone(t.Players)
	var regs []Registration
	for i := range out.Players {
		p := &out.Players[i]
		var row *registers.Player
		if idx != nil {
			if r := idx.Find(&t.Players[i], opts); r >= 0 {
				row = idx.Row(r)
			}
		}
		if !fide.HasID(p.FideID) {
			p.FideID = ""
			if row != nil && fide.HasID(row.FideID) {
				p.FideID = strings.TrimSpace(row.FideID)
			}
		}
		p.Title = fideTitle(&t.Players[i], row)
		if fide.Unregistered(p) {
			regs = append(regs, registration(t, p, row))
		}
	}
	return &out, regs
}

// registration is the row of the registration file for p: the file's
// data, the register's where the file has none.
func registration(t *tournament.Tournament, p *tournament.Player, row *registers.Player) Registration {
	r := Registration{Tournament: ASCII(t.Name), Start: p.Start, Name: ASCII(p.Name), Sex: strings.ToUpper(p.Sex),
		BirthYear: p.BirthDate.Year, Federation: p.Federation, FSIID: p.NationalID}
	if row != nil {
		if r.Sex == "" {
			r.Sex = strings.ToUpper(row.Sex)
		}
		if r.BirthYear == 0 {
			r.BirthYear = row.BirthDate.Year
		}
		if r.Federation == "" {
			r.Federation = row.Federation
		}
		if r.FSIID == "" {
			r.FSIID = row.FSIID
		}
	}
	if r.Federation == "" {
		r.Federation = t.Federation
	}
	return r
}

// forFide is the tournament as forwarded: names and texts in ASCII, the
// system of play in English in 092 (FIDE's checker guesses a round robin
// from anything else), FIDE titles only, no national records nor
// national data (they carry FSI data FIDE does not use, and TRF26 would
// want a 172 record with them), no comments. t is not changed.
func forFide(t *tournament.Tournament, roundRobin bool) *tournament.Tournament {
	out := *t
	out.Name, out.City, out.Federation = ASCII(t.Name), ASCII(t.City), ASCII(t.Federation)
	out.ChiefArbiter = ASCII(t.ChiefArbiter)
	out.DeputyArbiters = make([]string, len(t.DeputyArbiters))
	for i, d := range t.DeputyArbiters {
		out.DeputyArbiters[i] = ASCII(d)
	}
	out.RateOfPlayText = ASCII(t.RateOfPlayText)
	out.Type = "Individual: Swiss-System"
	if roundRobin {
		out.Type = "Individual: Round-Robin"
	}
	out.Comments = nil
	out.Tags = nil
	for _, g := range t.Tags {
		if isNational(g.Code) {
			continue
		}
		g.Value = ASCII(g.Value)
		out.Tags = append(out.Tags, g)
	}
	out.Players = slices.Clone(t.Players)
	for i := range out.Players {
		p := &out.Players[i]
		p.Name = ASCII(p.Name)
		p.Federation = ASCII(p.Federation)
		p.Category, p.NationalID, p.NationalRating, p.NationalFed = "", "", 0, ""
	}
	return &out
}

// checkASCII is an error naming the first line of data with a byte
// outside ASCII (never expected: forFide writes every text in ASCII).
func checkASCII(data []byte) error {
	line := 1
	for _, c := range data {
		if c == '\n' {
			line++
		}
		if c >= 0x80 {
			return fmt.Errorf("line %d: a byte outside ASCII (%#x)", line, c)
		}
	}
	return nil
}
