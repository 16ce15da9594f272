package trf

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"omologa/internal/fsi"
	"omologa/internal/tournament"
	"omologa/internal/tournament/dates"
	"omologa/internal/tournament/decimal"
)

// Write writes t as a TRF file of version v, lines ended by CR LF.
//
// Header values the model holds (012–132, 142, XXR, 192, 202) are written
// from the model, in the place their record had in the file read; records
// the model does not hold (pairing configuration, TRF26 team and bye
// records, unknown records) are written back as they were read, so that
// read → write → read gives the same model. TRF16 leaves out the records
// TRF-2025/26 introduced (142 and later header tags, 240–330, 801, 802,
// national-rating records). Comments ('###') are kept in place.
//
// A value that does not fit its columns (a starting number, rating, rank
// or opponent above 9999, points longer than four characters) is an error,
// never a shifted line.
func Write(w io.Writer, t *tournament.Tournament, v Version) error {
	bw := bufio.NewWriter(w)
	wr := &writer{w: bw, t: t, v: v, done: map[string]bool{}}
	wr.write()
	if wr.err != nil {
		return wr.err
	}
	return bw.Flush()
}

type writer struct {
	w    *bufio.Writer
	t    *tournament.Tournament
	v    Version
	done map[string]bool
	// seen holds the codes of the records the file carried (t.Tags).
	seen map[string]bool
	err  error
}

func (w *writer) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

func (w *writer) line(s string) {
	if w.err != nil {
		return
	}
	_, w.err = w.w.WriteString(strings.TrimRight(s, " ") + "\r\n")
}

type item struct {
	key  int
	sub  int
	emit func()
}

// modelled lists the header records written from the model, in canonical
// order for tournaments that carry no Tags (read from a .tdf, or built).
var modelled = []string{"012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132", "142", "XXR", "192", "202"}

func (w *writer) write() {
	t := w.t
	var items []item
	maxLine := 0
	w.seen = map[string]bool{}
	for _, g := range t.Tags {
		maxLine = max(maxLine, g.Line)
		w.seen[g.Code] = true
	}
	for _, c := range t.Comments {
		maxLine = max(maxLine, c.Line)
	}
	for i := range t.Players {
		maxLine = max(maxLine, t.Players[i].Line)
	}
	// Header records the model holds but the file did not carry.
	for i, code := range modelled {
		if !w.seen[code] {
			code := code
			items = append(items, item{key: 0, sub: i, emit: func() { w.header(code, tournament.Tag{Code: code}) }})
		}
	}
	national := map[int]bool{}
	hasTeams, hasScoring := false, false
	for _, g := range t.Tags {
		g := g
		switch start, ok := nationalStart(g); {
		case ok:
			national[start] = true
		case g.Code == "013" || g.Code == "310":
			hasTeams = true
		case g.Code == "162" || g.Code == "XXS" || strings.HasPrefix(g.Code, "BB"):
			hasScoring = true
		}
		items = append(items, item{key: g.Line, emit: func() { w.tag(g) }})
	}
	if !hasScoring {
		items = append(items, item{key: 0, sub: len(modelled), emit: w.scoring})
	}
	for _, c := range t.Comments {
		c := c
		items = append(items, item{key: c.Line, emit: func() { w.line(c.Code + c.Value) }})
	}
	for i := range t.Players {
		p := &t.Players[i]
		key := p.Line
		if key == 0 {
			key = maxLine + 1
		}
		items = append(items, item{key: key, sub: i, emit: func() { w.player(p) }})
	}
	tail := maxLine + 2
	if !hasTeams && len(t.Teams) > 0 {
		items = append(items, item{key: tail, emit: func() {
			for _, team := range t.Teams {
				s := fmt.Sprintf("013 %-32s", truncate(team.Name, 32))
				for _, m := range team.Members {
					s += fmt.Sprintf(" %4d", m)
				}
				w.line(s)
			}
		}})
	}
	if w.v == TRF26 {
		items = append(items, item{key: tail, sub: 1, emit: func() {
			for i := range t.Players {
				p := &t.Players[i]
				if p.NationalFed != "" && !national[p.Start] {
					w.national(p)
				}
			}
		}})
	}
	sort.SliceStable(items, func(i, j int) bool {
		if items[i].key != items[j].key {
			return items[i].key < items[j].key
		}
		return items[i].sub < items[j].sub
	})
	for _, it := range items {
		it.emit()
	}
}

// nationalStart returns the starting number of a TRF26 national-rating
// record ("ITA", "FRA"...); ok is false for any other record.
func nationalStart(g tournament.Tag) (start int, ok bool) {
	if len(g.Code) != 3 || !isUpper(g.Code) || strings.HasPrefix(g.Code, "XX") || strings.HasPrefix(g.Code, "BB") {
		return 0, false
	}
	return decimal.Atoi(trim(cutString(g.Code+" "+g.Value, colStart, colStart+4)))
}

func cutString(s string, i, j int) string {
	var r record
	r.reset(s, nil)
	return r.cut(i, j)
}

// trf26Only reports the records TRF16 does not have.
func trf26Only(g tournament.Tag) bool {
	_, national := nationalStart(g)
	return national || trf26Record(g.Code)
}

// tag writes a record read from a file: from the model when the model
// holds it, else as read.
func (w *writer) tag(g tournament.Tag) {
	if len(g.Code) != 3 || !isCode(g.Code) {
		return // a .tdf key ("fed", "end"...), not a TRF record
	}
	if w.v == TRF16 && trf26Only(g) {
		return
	}
	for _, c := range modelled {
		if c == g.Code {
			w.header(g.Code, g)
			return
		}
	}
	if g.Value == "" {
		w.line(g.Code)
		return
	}
	w.line(g.Code + " " + g.Value)
}

// header writes a modelled record once; g is the record as read (Code
// only when the file had none).
func (w *writer) header(code string, g tournament.Tag) {
	if w.done[code] && code != "142" && code != "XXR" {
		return
	}
	w.done[code] = true
	t := w.t
	had := g.Line != 0 || g.Value != ""
	text := func(v string) {
		if v != "" || had {
			w.line(code + " " + v)
		}
	}
	date := func(d tournament.Date) {
		if d.IsZero() {
			// Keep what could not be read, so that it is still there to
			// be reported.
			text(g.Value)
			return
		}
		text(trfDate(d))
	}
	count := func(n int) {
		if n == 0 {
			text(g.Value)
			return
		}
		text(fmt.Sprint(n))
	}
	switch code {
	case "012":
		text(t.Name)
	case "022":
		text(t.City)
	case "032":
		text(t.Federation)
	case "042":
		date(t.Start)
	case "052":
		date(t.End)
	case "062":
		count(t.DeclaredPlayers)
	case "072":
		count(t.DeclaredRated)
	case "082":
		count(t.DeclaredFederations)
	case "092":
		text(t.Type)
	case "102":
		text(t.ChiefArbiter)
	case "112":
		if len(t.DeputyArbiters) == 0 {
			text("")
		}
		for _, d := range t.DeputyArbiters {
			w.line("112 " + d)
		}
	case "122":
		switch {
		case had && trim(g.Value) == "":
			// The text came from 222, or there was none.
			text("")
		case had || !w.seen["222"]:
			text(t.RateOfPlayText)
		}
	case "132":
		if len(t.RoundDates) == 0 {
			text("")
			return
		}
		// Two-digit years as TRF has them, unless a date is outside
		// 2000-2099: then the whole ten columns, YYYY/MM/DD.
		long := false
		short := make([]string, len(t.RoundDates))
		for i, d := range t.RoundDates {
			short[i] = "00/00/00"
			if d.IsFull() {
				short[i] = fmt.Sprintf("%02d/%02d/%02d", d.Year%100, int(d.Month), d.Day)
				long = long || d.Year < 2000 || d.Year > 2099
			}
		}
		// The two-digit form must read back as the same dates; when the
		// cross-check would choose another layout for it, write four.
		if back, _, _ := dates.Rounds(short, t.Start, t.End); !long {
			for i, d := range t.RoundDates {
				if !d.IsFull() {
					d = tournament.Date{}
				}
				if back[i] != d {
					long = true
				}
			}
		}
		var b strings.Builder
		b.WriteString("132")
		if long {
			b.WriteString(strings.Repeat(" ", colRound1-4))
		} else {
			b.WriteString(strings.Repeat(" ", colRound1-3))
		}
		for i, d := range t.RoundDates {
			switch {
			case long && d.IsFull():
				b.WriteString(trfDate(d))
			case long:
				b.WriteString("0000/00/00")
			default:
				b.WriteString(short[i] + "  ")
			}
		}
		w.line(b.String())
	case "142":
		if w.v == TRF16 {
			return
		}
		fallthrough
	case "XXR":
		switch {
		case had:
			count(t.DeclaredRounds)
		case code == "XXR" && t.DeclaredRounds != 0 && !w.seen["142"]:
			text(fmt.Sprint(t.DeclaredRounds))
		}
	case "192":
		if w.v == TRF26 {
			text(t.PairingSystem)
		}
	case "202":
		if w.v == TRF26 {
			text(strings.Join(t.TieBreaks, ","))
		}
	}
}

// scoring writes an XXS record for a scoring system that differs from
// FIDE's and came from no record of the file.
func (w *writer) scoring() {
	s, d := w.t.Scoring, tournament.DefaultScoring()
	s.Source, d.Source = "", ""
	if s == d || (s == tournament.Scoring{}) {
		return
	}
	w.line(fmt.Sprintf("XXS W=%g D=%g L=%g FW=%g FL=%g HPB=%g FPB=%g PAB=%g ZPB=%g",
		s.Win, s.Draw, s.Loss, s.ForfeitWin, s.ForfeitLoss, s.HalfBye, s.FullBye, s.PairingBye, s.ZeroBye))
}

func trfDate(d tournament.Date) string {
	switch {
	case d.IsZero():
		return ""
	case d.Month == 0:
		return fmt.Sprintf("%04d", d.Year)
	}
	return fmt.Sprintf("%04d/%02d/%02d", d.Year, int(d.Month), d.Day)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}

func sexChar(s string) string {
	switch s {
	case "m":
		return "m"
	case "f":
		return "w"
	}
	return " "
}

func (w *writer) player(p *tournament.Player) {
	title := p.Title
	// An Italian category goes in the title columns, where arbiters
	// write it, unless it is CM: a CM read there is a FIDE title too, so
	// a CM without the title came from a national record.
	if title == "" && (p.NationalFed == "" || fsi.IsCategory(p.Category)) && p.Category != "CM" {
		title = p.Category
	}
	// A national id too short for a FIDE id was read from the FIDE-id
	// column (or would be read back from there as what it is): put it
	// back there, where the national record, if any, agrees or overrides.
	id := p.FideID
	if id == "" && shortID(p.NationalID) {
		id = p.NationalID
	}
	rating := ""
	if p.Rating != 0 {
		rating = strconv.Itoa(p.Rating)
	}
	pts := ""
	if p.PointsGiven {
		pts = pointsText(p.Points)
	}
	rank := ""
	if p.Rank != 0 {
		rank = strconv.Itoa(p.Rank)
	}
	if len(pts) > 4 || p.Start > 9999 || p.Start < 1 || p.Rating > 9999 || p.Rank > 9999 || p.Rating < 0 || p.Rank < 0 {
		w.fail(fmt.Errorf("player %d: a value does not fit its TRF columns (start, rating %d, points %q, rank %d)", p.Start, p.Rating, pts, p.Rank))
		return
	}
	for i, e := range p.Rounds {
		if e.Opponent > 9999 || e.Opponent < 0 {
			w.fail(fmt.Errorf("player %d round %d: opponent %d does not fit the TRF columns", p.Start, i+1, e.Opponent))
			return
		}
	}
	var b strings.Builder
	b.Grow(colRound1 + len(p.Rounds)*roundWidth)
	// As fmt's "001 %4d %1s%3s %-33s %4s %-3s %11s %-10s %4s %4s" would
	// write it, without fmt (a season of a million entries, issue 31).
	b.WriteString("001 ")
	padLeft(&b, strconv.Itoa(p.Start), 4, ' ')
	padLeft(&b, sexChar(p.Sex), 1, 0)
	padLeft(&b, truncate(title, 3), 3, ' ')
	padRight(&b, truncate(p.Name, 33), 33, ' ')
	padLeft(&b, rating, 4, ' ')
	padRight(&b, truncate(p.Federation, 3), 3, ' ')
	padLeft(&b, truncate(id, 11), 11, ' ')
	padRight(&b, trfDate(p.BirthDate), 10, ' ')
	padLeft(&b, pts, 4, ' ')
	padLeft(&b, rank, 4, 0)
	for _, e := range p.Rounds {
		b.WriteString("  ")
		b.WriteString(entryText(e))
	}
	w.line(b.String())
}

// padLeft writes s right-aligned in width columns (counted in runes, as
// fmt's width is), then after, when not 0.
func padLeft(b *strings.Builder, s string, width int, after byte) {
	for n := utf8.RuneCountInString(s); n < width; n++ {
		b.WriteByte(' ')
	}
	b.WriteString(s)
	if after != 0 {
		b.WriteByte(after)
	}
}

// padRight writes s left-aligned in width columns, then after.
func padRight(b *strings.Builder, s string, width int, after byte) {
	b.WriteString(s)
	for n := utf8.RuneCountInString(s); n < width; n++ {
		b.WriteByte(' ')
	}
	if after != 0 {
		b.WriteByte(after)
	}
}

func entryText(e tournament.RoundEntry) string {
	if e.Opponent == 0 && e.Code == tournament.CodeNone && e.Colour == tournament.ColourNone {
		return "        "
	}
	colour := byte(e.Colour)
	if colour != 'w' && colour != 'b' {
		colour = '-'
	}
	code := byte(e.Code)
	if code == 0 {
		code = ' '
	}
	opp := "0000"
	if e.Opponent != 0 {
		opp = strconv.Itoa(e.Opponent)
		opp = "    "[min(len(opp), 4):] + opp // fmt's %4d
	}
	return opp + " " + string(colour) + " " + string(code)
}

func (w *writer) national(p *tournament.Player) {
	rating := ""
	if p.NationalRating != 0 {
		rating = strconv.Itoa(p.NationalRating)
	}
	// fmt's "%-3s %4d %1s%3s %-33s %4s %3s %11s %-10s", without fmt.
	var b strings.Builder
	b.Grow(89)
	padRight(&b, truncate(p.NationalFed, 3), 3, ' ')
	padLeft(&b, strconv.Itoa(p.Start), 4, ' ')
	padLeft(&b, sexChar(p.Sex), 1, 0)
	padLeft(&b, truncate(p.Category, 3), 3, ' ')
	padRight(&b, truncate(p.Name, 33), 33, ' ')
	padLeft(&b, rating, 4, ' ')
	padLeft(&b, "", 3, ' ')
	padLeft(&b, truncate(p.NationalID, 11), 11, ' ')
	padRight(&b, trfDate(p.BirthDate), 10, 0)
	w.line(b.String())
}

// pointsText writes points as TRF does ("5.0", "14.5") when that fits the
// four columns, else in the shortest exact form ("1.25", "1000").
func pointsText(f float64) string {
	s := strconv.FormatFloat(f, 'f', 1, 64)
	if len(s) <= 4 {
		if g, err := strconv.ParseFloat(s, 64); err == nil && g == f {
			return s
		}
	}
	s = strconv.FormatFloat(f, 'f', -1, 64)
	if len(s) > 4 && strings.HasPrefix(s, "0.") {
		s = s[1:] // ".198", as it was written
	}
	return s
}

// shortID reports the digits-only ids the reader takes for national ids
// when it finds them in the FIDE-id column.
func shortID(s string) bool {
	n, ok := decimal.Atoi(s)
	return ok && n != 0 && len(strings.TrimLeft(s, "0")) < 6
}
