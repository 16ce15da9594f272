// Package tdf reads Vega's '|'-separated tournament export (.tdf), the
// file Italian arbiters send when they want the FSI id and the Elo Italia
// of every player to travel with the crosstable.
//
// No specification of the format is public and no real file was at hand
// when this reader was written, so it reads the layout below, built from
// what the project knows of the files (fields separated by '|', national
// id and national rating columns, a draw written as '2', round dates
// YYYY/MM/DD separated by ';'). Keys are case-insensitive; Italian and
// English keys are both accepted; blank lines and lines starting with '#'
// are skipped; an unknown key is a note, not an error.
//
//	TORNEO|name                     (or NAME)
//	LUOGO|city                      (or CITY)
//	FEDERAZIONE|ITA                 (or FED)
//	INIZIO|2025/03/01               (or START; any layout of package dates)
//	FINE|2025/03/09                 (or END)
//	TURNI|9                         (or ROUNDS)
//	DATE|2025/03/01;2025/03/02;...  (or ROUNDDATES: one per round)
//	ARBITRO|name                    (or ARBITER; chief arbiter)
//	VICE|name                       (or DEPUTY; one line per deputy)
//	CADENZA|90'+30"                 (or RATE: rate of play as written)
//	TIPO|Svizzero                   (or TYPE)
//	SISTEMA|Olandese                (or SYSTEM: pairing system)
//	SPAREGGI|Buchholz;ARO           (or TIEBREAKS)
//	GIOCATORE|start|sex|title|name|fed|fide id|fide rating|national id|
//	    national rating|birth|points|rank|club|round 1|round 2|...
//	                                (or PLAYER; one line, 13 fields + rounds)
//
// A round field is "opponent colour result" separated by blanks
// ("12 w 1", "5 b 2", "0 - U"); the result is a TRF code, except that
// '2' is a draw (Vega's habit) and is read as '='. An empty field is a
// round with nothing written.
package tdf

import (
	"fmt"
	"strings"

	"omologa/internal/tournament"
	"omologa/internal/tournament/dates"
	"omologa/internal/tournament/decimal"
	"omologa/internal/tournament/rateofplay"
)

const playerFields = 13

// Looks reports whether text looks like a .tdf file: its first non-blank,
// non-comment line is a key followed by '|'.
func Looks(text string) bool {
	for len(text) > 0 {
		i := strings.IndexAny(text, "\r\n")
		line := text
		if i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		line = strings.TrimSpace(strings.TrimPrefix(line, "\uFEFF"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, _, ok := strings.Cut(line, "|")
		if !ok {
			return false
		}
		_, known := keys[strings.ToUpper(strings.TrimSpace(k))]
		return known
	}
	return false
}

var keys = map[string]string{
	"TORNEO": "name", "NAME": "name",
	"LUOGO": "city", "CITY": "city",
	"FEDERAZIONE": "fed", "FED": "fed",
	"INIZIO": "start", "START": "start",
	"FINE": "end", "END": "end",
	"TURNI": "rounds", "ROUNDS": "rounds",
	"DATE": "dates", "ROUNDDATES": "dates",
	"ARBITRO": "arbiter", "ARBITER": "arbiter",
	"VICE": "deputy", "DEPUTY": "deputy",
	"CADENZA": "rate", "RATE": "rate",
	"TIPO": "type", "TYPE": "type",
	"SISTEMA": "system", "SYSTEM": "system",
	"SPAREGGI": "tiebreaks", "TIEBREAKS": "tiebreaks",
	"GIOCATORE": "player", "PLAYER": "player",
}

// Read reads the .tdf text (any line endings, decoded to UTF-8).
func Read(name, text string) (*tournament.Tournament, []tournament.Diagnostic, error) {
	if strings.TrimSpace(text) == "" {
		return nil, nil, tournament.ErrEmpty
	}
	t := &tournament.Tournament{File: name, Format: tournament.FormatTDF, Scoring: tournament.DefaultScoring()}
	ds := &tournament.Diagnostics{File: name}
	var roundDates string
	roundDatesLine := 0
	starts := map[int]int{}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	for i, line := range strings.Split(text, "\n") {
		num := i + 1
		if num == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		f := strings.Split(line, "|")
		key, ok := keys[strings.ToUpper(strings.TrimSpace(f[0]))]
		if !ok {
			ds.Add(num, 1, "record", tournament.Note, "tdf.unknown-record", strings.TrimSpace(f[0]))
			continue
		}
		val := ""
		if len(f) > 1 {
			val = strings.TrimSpace(f[1])
		}
		t.Tags = append(t.Tags, tournament.Tag{Code: key, Value: strings.Join(f[1:], "|"), Line: num})
		if field, ok := tournament.HeaderText[key]; ok {
			*field(t) = val
			continue
		}
		switch key {
		case "start", "end":
			d, en, it := dates.TournamentBound(val, key == "end")
			if en != "" {
				ds.Text(num, len(f[0])+2, key, tournament.Warning, "tdf.date", en, it)
			}
			if key == "start" {
				t.Start = d
			} else {
				t.End = d
			}
		case "rounds":
			n, ok := decimal.Atoi(val)
			if !ok {
				ds.Add(num, len(f[0])+2, key, tournament.Warning, "tdf.number.value", val)
			}
			t.DeclaredRounds = n
		case "dates":
			roundDates, roundDatesLine = val, num
		case "deputy":
			t.AddDeputy(val)
		case "rate":
			t.RateOfPlayText = val
		case "tiebreaks":
			for _, tb := range strings.Split(val, ";") {
				if tb = strings.TrimSpace(tb); tb != "" {
					t.TieBreaks = append(t.TieBreaks, tb)
				}
			}
		case "player":
			p, ok := readPlayer(f[1:], num, len(f[0])+2, ds)
			if !ok {
				continue
			}
			if j, dup := starts[p.Start]; dup {
				ds.Add(num, len(f[0])+2, "starting number", tournament.Error, "tdf.duplicate-start", p.Start, t.Players[j].Line)
				continue
			}
			starts[p.Start] = len(t.Players)
			t.Players = append(t.Players, p)
		}
	}
	if len(t.Tags) == 0 {
		return nil, ds.List(), tournament.Unreadable(name, "", "tdf.not-tdf")
	}
	if len(t.Players) == 0 {
		return nil, ds.List(), tournament.Unreadable(name, "player", "tdf.no-player")
	}
	if roundDates != "" {
		fields := strings.Split(roundDates, ";")
		rd, _, problems := dates.Rounds(fields, t.Start, t.End)
		t.RoundDates = rd
		for _, pr := range problems {
			ds.Add(roundDatesLine, 0, "dates", tournament.Warning, "tdf.round-date",
				pr.Index+1, dates.Said(pr.Err))
		}
	}
	if t.RateOfPlayText != "" {
		rate, err := rateofplay.Parse(t.RateOfPlayText)
		t.RateOfPlay = rate
		if err != nil {
			t.RateOfPlayError = err.Error()
		}
	}
	rounds := 0
	for i := range t.Players {
		rounds = max(rounds, len(t.Players[i].Rounds))
	}
	for i := range t.Players {
		p := &t.Players[i]
		for len(p.Rounds) < rounds {
			p.Rounds = append(p.Rounds, tournament.RoundEntry{Colour: tournament.ColourNone, Code: tournament.CodeNone})
		}
	}
	return t, ds.List(), nil
}

// readPlayer reads the fields after GIOCATORE; col is the column of the
// first.
func readPlayer(f []string, num, col int, ds *tournament.Diagnostics) (tournament.Player, bool) {
	p := tournament.Player{Line: num}
	if len(f) < playerFields {
		ds.Add(num, col, "player", tournament.Error, "tdf.player", len(f), playerFields)
		return p, false
	}
	cols := make([]int, len(f))
	c := col
	for i := range f {
		cols[i] = c
		c += len([]rune(f[i])) + 1
	}
	get := func(i int) string { return strings.TrimSpace(f[i]) }
	n, ok := decimal.Atoi(get(0))
	if !ok || n == 0 {
		ds.Add(num, cols[0], "starting number", tournament.Error, "tdf.start", get(0))
		return p, false
	}
	p.Start = n
	switch strings.ToLower(get(1)) {
	case "m":
		p.Sex = "m"
	case "f", "w":
		p.Sex = "f"
	case "":
	default:
		ds.Add(num, cols[1], "sex", tournament.Warning, "tdf.sex", get(1))
	}
	p.Title, p.Category = tournament.SplitTitle(get(2))
	p.Name = get(3)
	p.Federation = get(4)
	if v := get(5); v != "" && v != "0" {
		if _, ok := decimal.Atoi(v); !ok {
			ds.Add(num, cols[5], "FIDE id", tournament.Warning, "tdf.fide-id", v)
		} else {
			p.FideID = v
		}
	}
	number := func(i int, field string, name tournament.Key) int {
		v := get(i)
		if v == "" {
			return 0
		}
		n, ok := decimal.Atoi(v)
		if !ok {
			ds.Add(num, cols[i], field, tournament.Warning, "tdf.number.field", name, v)
		}
		return n
	}
	p.Rating = number(6, "rating", "field.rating")
	if v := get(7); v != "" && v != "0" {
		p.NationalID = v
		p.NationalFed = "ITA"
	}
	p.NationalRating = number(8, "national rating", "field.national-rating")
	if v := get(9); v != "" {
		d, _, err := dates.Parse(v)
		if err != nil {
			ds.Add(num, cols[9], "birth date", tournament.Warning, "tdf.date.birth", dates.Said(err))
		}
		p.BirthDate = d
	}
	if v := get(10); v != "" {
		if x, ok := decimal.Points(v); ok {
			p.Points, p.PointsGiven = x, true
		} else {
			ds.Add(num, cols[10], "points", tournament.Warning, "tdf.points", v)
		}
	}
	p.Rank = number(11, "rank", "field.rank")
	// Field 12 is reserved (Vega writes the club); rounds follow.
	p.Rounds = make([]tournament.RoundEntry, 0, len(f)-playerFields)
	for i := playerFields; i < len(f); i++ {
		p.Rounds = append(p.Rounds, readEntry(f[i], num, cols[i], i-playerFields+1, ds))
	}
	for k := len(p.Rounds); k > 0; k-- {
		e := p.Rounds[k-1]
		if e.Opponent != 0 || e.Code != tournament.CodeNone || e.Colour != tournament.ColourNone {
			break
		}
		p.Rounds = p.Rounds[:k-1]
	}
	return p, true
}

func readEntry(s string, num, col, round int, ds *tournament.Diagnostics) tournament.RoundEntry {
	e := tournament.RoundEntry{Colour: tournament.ColourNone, Code: tournament.CodeNone, Column: col}
	f := strings.Fields(s)
	field := fmt.Sprintf("round %d", round)
	if len(f) == 0 {
		return e
	}
	if len(f) != 3 {
		ds.Add(num, col, field, tournament.Error, "tdf.round-entry", s)
		return e
	}
	n, ok := decimal.Atoi(f[0])
	if !ok {
		ds.Add(num, col, field, tournament.Error, "tdf.opponent", f[0])
		return e
	}
	e.Opponent = n
	switch f[1] {
	case "w", "W":
		e.Colour = tournament.ColourWhite
	case "b", "B", "n", "N":
		e.Colour = tournament.ColourBlack
	case "-":
	default:
		ds.Add(num, col, field, tournament.Warning, "tdf.colour", f[1])
	}
	res := f[2]
	if res == "2" {
		res = "="
	}
	if len(res) != 1 || !tournament.Code(res[0]).Valid() {
		ds.Add(num, col, field, tournament.Error, "tdf.result", f[2])
		return e
	}
	e.Code = tournament.Code(res[0])
	return e
}
