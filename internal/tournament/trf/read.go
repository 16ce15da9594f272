package trf

import (
	"fmt"
	"math"
	"strings"

	"omologa/internal/tournament"
	"omologa/internal/tournament/dates"
	"omologa/internal/tournament/decimal"
	"omologa/internal/tournament/rateofplay"
)

// Columns of the 001 record (0-based character offsets; FIDE TRF16 and
// TRF26 agree on them).
const (
	colStart    = 4  // 5-8   starting number
	colSex      = 9  // 10    sex
	colTitle    = 10 // 11-13 title
	colName     = 14 // 15-47 name
	colRating   = 48 // 49-52 rating
	colFed      = 53 // 54-56 federation
	colFideID   = 57 // 58-68 FIDE id
	colBirth    = 69 // 70-79 birth date
	colPoints   = 80 // 81-84 points
	colRank     = 85 // 86-89 rank
	colRound1   = 91 // 92-95 opponent, 97 colour, 99 result
	roundWidth  = 10
	entryLength = 8
	// maxRounds bounds the crosstable: every player gets an entry per
	// round, so one absurdly long line must not make the reader allocate
	// players × length.
	maxRounds = 200
)

// reader holds the state of one Read.
type reader struct {
	t     *tournament.Tournament
	diags tournament.Diagnostics
	buf   []int
	rec   record

	trf26, trfx bool
	roundDates  string // raw 132 line
	roundLine   int
	scoring     []tournament.Tag
	national    []tournament.Tag
	teams013    []tournament.Team
	teams310    []tournament.Team
	rate122     string
	rate222     string
	starts      map[int]int
	seen        map[string]int // line of each single-valued header record
	// slab backs the players' round lists, one allocation for many.
	slab []tournament.RoundEntry
}

// Read reads the TRF text (any line endings; already decoded to UTF-8) of
// the file called name. It returns the tournament and the diagnostics; the
// error is *tournament.ParseError when the text holds no player record,
// tournament.ErrEmpty when it holds nothing at all.
func Read(name, text string) (*tournament.Tournament, []tournament.Diagnostic, error) {
	r := &reader{t: &tournament.Tournament{File: name, Scoring: tournament.DefaultScoring()},
		diags: tournament.Diagnostics{File: name}}
	if strings.TrimSpace(text) == "" {
		return nil, nil, tournament.ErrEmpty
	}
	// Most lines are player records: size the slice once.
	r.t.Players = make([]tournament.Player, 0, strings.Count(text, "\n001")+strings.Count(text, "\r001")+1)
	r.starts = make(map[int]int, cap(r.t.Players))
	ls := lines{text: text}
	sawRecord := false
	for {
		s, num, ok := ls.next()
		if !ok {
			break
		}
		if r.line(s, num) {
			sawRecord = true
		}
	}
	if !sawRecord {
		return nil, r.diags.List(), tournament.Unreadable(name, "", "trf.not-trf")
	}
	if len(r.t.Players) == 0 {
		return nil, r.diags.List(), tournament.Unreadable(name, "001", "trf.no-player")
	}
	r.finish()
	return r.t, r.diags.List(), nil
}

// line reads one line; it reports whether the line was a TRF record.
func (r *reader) line(s string, num int) bool {
	if trimRight(s) == "" {
		return false
	}
	if num == 1 && strings.HasPrefix(s, "\uFEFF") {
		s = s[3:]
	}
	if len(s) < 3 {
		r.diags.Add(num, 1, "record", tournament.Note, "trf.unknown-record.not-a-record", s)
		return false
	}
	code := s[:3]
	if len(s) > 3 && s[3] != ' ' && s[3] != '\t' && code != "###" {
		if isRuler(s) {
			r.diags.Add(num, 1, "record", tournament.Note, "trf.ruler-line")
		} else {
			r.diags.Add(num, 1, "record", tournament.Note, "trf.unknown-record.no-code-blank")
		}
		return false
	}
	switch {
	case code == "001":
		r.player(s, num)
		return true
	case code == "###":
		r.t.Comments = append(r.t.Comments, tournament.Tag{Code: code, Value: trimRight(s[3:]), Line: num})
		return true
	}
	value := ""
	if len(s) > 4 {
		value = trimRight(s[4:])
	}
	tag := tournament.Tag{Code: code, Value: value, Line: num}
	if isDigits(code) {
		return r.numeric(tag, s)
	}
	if isUpper(code) {
		if strings.HasPrefix(code, "XX") || strings.HasPrefix(code, "BB") {
			return r.extension(tag)
		}
		r.buf = r.rec.reset(s, r.buf)
		if _, ok := decimal.Atoi(trim(r.rec.cut(colStart, colStart+4))); ok {
			r.trf26 = true
			r.t.Tags = append(r.t.Tags, tag)
			r.national = append(r.national, tag)
			return true
		}
	}
	if isRuler(s) {
		r.diags.Add(num, 1, "record", tournament.Note, "trf.ruler-line")
		return false
	}
	if !isCode(code) {
		r.diags.Add(num, 1, "record", tournament.Note, "trf.unknown-record.no-code")
		return false
	}
	r.diags.Add(num, 1, code, tournament.Note, "trf.unknown-record.kept", code)
	r.t.Tags = append(r.t.Tags, tag)
	return true
}

// isCode reports a plausible record code: three digits or capital
// letters, as every TRF record and extension has.
func isCode(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'A' || c > 'Z') {
			return false
		}
	}
	return true
}

// isRuler recognises the column rulers some programs write ("DDD SSSS
// sTTT NNNN…", "      1         2…"): mostly runs of one repeated letter or
// digits.
func isRuler(s string) bool {
	s = trim(s)
	if len(s) < 10 {
		return false
	}
	runs, long := 0, 0
	for f := range strings.FieldsSeq(s) {
		runs++
		if len(f) >= 3 && strings.Count(f, f[len(f)-1:]) >= len(f)-1 {
			long++
		} else if _, ok := decimal.Atoi(f); ok {
			long++
		}
	}
	return runs >= 3 && long*2 >= runs
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// trf26Record reports the three-digit records TRF-2025/26 introduced
// (header tags from 142, byes, teams, ...): the reader takes them as the
// sign of a TRF26 file, the writer leaves them out of TRF16.
func trf26Record(code string) bool {
	switch code {
	case "240", "250", "260", "300", "310", "320", "330", "801", "802":
		return true
	}
	return len(code) == 3 && isDigits(code) && code[2] == '2' && code >= "142"
}

// trfHeaderText are the header records that set a text field of the
// tournament (tournament.HeaderText's names).
var trfHeaderText = map[string]string{"012": "name", "022": "city", "032": "fed", "092": "type", "102": "arbiter",
	"192": "system"}

// numeric reads a record whose code is three digits.
func (r *reader) numeric(tag tournament.Tag, s string) bool {
	t := r.t
	t.Tags = append(t.Tags, tag)
	if trf26Record(tag.Code) {
		r.trf26 = true
	}
	v := trim(tag.Value)
	switch tag.Code {
	case "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "122", "132", "162", "192", "202", "222":
		if _, dup := r.seen[tag.Code]; dup {
			r.diags.Add(tag.Line, 1, tag.Code, tournament.Warning, "trf.duplicate-record", tag.Code, r.seen[tag.Code])
			return true
		}
		if r.seen == nil {
			r.seen = make(map[string]int, 16)
		}
		r.seen[tag.Code] = tag.Line
	}
	if field, ok := trfHeaderText[tag.Code]; ok {
		*tournament.HeaderText[field](t) = v
		return true
	}
	switch tag.Code {
	case "042", "052":
		end := tag.Code == "052"
		d, en, it := dates.TournamentBound(v, end)
		if en != "" {
			r.diags.Text(tag.Line, 5, tag.Code, tournament.Warning, "trf.date", en, it)
		}
		if end {
			t.End = d
		} else {
			t.Start = d
		}
	case "062":
		t.DeclaredPlayers = r.count(tag, v)
	case "072":
		t.DeclaredRated = r.count(tag, v)
	case "082":
		t.DeclaredFederations = r.count(tag, v)
	case "112":
		t.AddDeputy(v)
	case "122":
		r.rate122 = v
	case "132":
		r.roundDates, r.roundLine = s, tag.Line
	case "142":
		r.declareRounds(tag, v)
	case "162":
		r.scoring = append(r.scoring, tag)
	case "202":
		t.TieBreaks = nil
		for _, tb := range strings.Split(v, ",") {
			if tb = trim(tb); tb != "" {
				t.TieBreaks = append(t.TieBreaks, tb)
			}
		}
	case "222":
		r.rate222 = v
	case "013":
		r.team013(tag, s)
	case "310":
		r.team310(tag, s)
	case "240":
		r.bye240(tag, s)
	case "250", "260", "300", "320", "330", "801", "802":
	default:
		if tag.Code[2] == '2' {
			// 152, 172, 182, 212, 352, 362 ...: TRF26 header values the
			// model does not need; kept in Tags for the writer.
			return true
		}
		r.diags.Add(tag.Line, 1, tag.Code, tournament.Note, "trf.unknown-record.kept", tag.Code)
	}
	return true
}

func (r *reader) count(tag tournament.Tag, v string) int {
	if v == "" {
		return 0
	}
	n, ok := decimal.Atoi(v)
	if !ok {
		r.diags.Add(tag.Line, 5, tag.Code, tournament.Warning, "trf.number", v)
	}
	return n
}

func (r *reader) declareRounds(tag tournament.Tag, v string) {
	n := r.count(tag, v)
	if n == 0 {
		return
	}
	if r.t.DeclaredRounds != 0 && r.t.DeclaredRounds != n {
		r.diags.Add(tag.Line, 5, tag.Code, tournament.Warning, "trf.rounds-conflict", tag.Code, n, r.t.DeclaredRounds)
		return
	}
	r.t.DeclaredRounds = n
}

// extension reads the JaVaFo (XX?) and bbpPairings (BB?) records.
func (r *reader) extension(tag tournament.Tag) bool {
	r.t.Tags = append(r.t.Tags, tag)
	r.trfx = true
	switch tag.Code {
	case "XXR":
		r.declareRounds(tag, trim(tag.Value))
	case "XXS", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU":
		r.scoring = append(r.scoring, tag)
	case "XXC", "XXZ", "XXA", "XXP":
		// Pairing configuration, absences and accelerations for the next
		// round: the pairing program's business, kept for the writer.
	default:
		r.diags.Add(tag.Line, 1, tag.Code, tournament.Note, "trf.unknown-record.extension", tag.Code)
	}
	return true
}

func (r *reader) team013(tag tournament.Tag, s string) {
	r.buf = r.rec.reset(s, r.buf)
	team := tournament.Team{Name: trim(r.rec.cut(4, 36)), Line: tag.Line}
	team.Members = r.members(tag, r.rec.cut(36, r.rec.chars()), 37)
	r.teams013 = append(r.teams013, team)
}

// team310 reads a TRF26 team record: team number 5-7, name 9-40,
// federation 42-46, rating, match and game points, rank, then the
// players' starting numbers from column 73.
func (r *reader) team310(tag tournament.Tag, s string) {
	r.buf = r.rec.reset(s, r.buf)
	team := tournament.Team{Name: trim(r.rec.cut(8, 40)), Line: tag.Line, Federation: trim(r.rec.cut(41, 46))}
	team.Number, _ = decimal.Atoi(trim(r.rec.cut(4, 7)))
	// Average rating, match points, game points and rank, in columns
	// 47-72: a team competition's ranking (RTF 5.4.1 c) is checked on the
	// last three, and only when all four fields are there.
	if f := strings.Fields(r.rec.cut(46, 72)); len(f) == 4 && r.rec.chars() >= 72 {
		mp, ok1 := decimal.Points(f[1])
		gp, ok2 := decimal.Points(f[2])
		rank, ok3 := decimal.Atoi(f[3])
		if ok1 && ok2 && ok3 && rank > 0 {
			team.MatchPoints, team.GamePoints, team.Rank, team.Ranked = mp, gp, rank, true
		}
		// The average may be written with decimals.
		if avg, ok := decimal.Points(f[0]); ok {
			team.Rating = int(math.Round(avg))
		}
	}
	team.Members = r.members(tag, r.rec.cut(72, r.rec.chars()), 73)
	r.teams310 = append(r.teams310, team)
}

func (r *reader) members(tag tournament.Tag, s string, col int) []int {
	var out []int
	for _, f := range strings.Fields(s) {
		n, ok := decimal.Atoi(f)
		if !ok {
			r.diags.Add(tag.Line, col, tag.Code, tournament.Warning, "trf.team-member", f)
			continue
		}
		if n != 0 {
			out = append(out, n)
		}
	}
	return out
}

// bye240 checks a TRF26 bye record "240 T RRR PPPP PPPP…": type F, H or Z,
// round, starting numbers. Byes of rounds already paired repeat what the
// 001 records say; byes of future rounds are the pairing program's
// business. The record is kept for the writer.
func (r *reader) bye240(tag tournament.Tag, s string) {
	f := strings.Fields(tag.Value)
	if len(f) < 3 {
		r.diags.Add(tag.Line, 5, "240", tournament.Warning, "trf.bye-record.incomplete")
		return
	}
	switch f[0] {
	case "F", "H", "Z", "U":
	default:
		r.diags.Add(tag.Line, 5, "240", tournament.Warning, "trf.bye-record.type", f[0])
	}
	for _, x := range f[1:] {
		if _, ok := decimal.Atoi(x); !ok {
			r.diags.Add(tag.Line, 7, "240", tournament.Warning, "trf.bye-record.number", x)
		}
	}
}

// player reads a 001 record.
func (r *reader) player(s string, num int) {
	r.buf = r.rec.reset(s, r.buf)
	rec := &r.rec
	p := tournament.Player{Line: num}
	if v := trim(rec.cut(colStart, colStart+4)); v != "" {
		n, ok := decimal.Atoi(v)
		if !ok || n == 0 {
			r.diags.Add(num, colStart+1, "starting number", tournament.Error, "trf.start.not-positive", v)
			return
		}
		p.Start = n
	} else {
		r.diags.Add(num, colStart+1, "starting number", tournament.Error, "trf.start.missing")
		return
	}
	if i, dup := r.starts[p.Start]; dup {
		r.diags.Add(num, colStart+1, "starting number", tournament.Error, "trf.duplicate-start", p.Start, r.t.Players[i].Line)
		return
	}
	switch c := rec.at(colSex); c {
	case 'm', 'M':
		p.Sex = "m"
	case 'w', 'W', 'f', 'F':
		p.Sex = "f"
	case ' ', 0:
	default:
		r.diags.Add(num, colSex+1, "sex", tournament.Warning, "trf.sex", rec.cut(colSex, colSex+1))
	}
	p.Title, p.Category = tournament.SplitTitle(trim(rec.cut(colTitle, colTitle+3)))
	p.Name = trim(rec.cut(colName, colName+33))
	if v := trim(rec.cut(colRating, colRating+4)); v != "" {
		n, ok := decimal.Atoi(v)
		if !ok {
			r.diags.Add(num, colRating+1, "rating", tournament.Warning, "trf.rating.fide", v)
		}
		p.Rating = n
	}
	p.Federation = trim(rec.cut(colFed, colFed+3))
	if v := trim(rec.cut(colFideID, colFideID+11)); v != "" && v != "0" {
		n, ok := decimal.Atoi(v)
		switch {
		case !ok:
			r.diags.Add(num, colFideID+1, "FIDE id", tournament.Warning, "trf.fide-id", v)
		case n == 0:
		case shortID(v):
			// FIDE ids have six digits or more; shorter numbers are
			// national ids (FSI, ICU) written in the wrong column.
			p.NationalID = v
			r.diags.Add(num, colFideID+1, "FIDE id", tournament.Note, "trf.national-id-in-fide-column", v)
		default:
			p.FideID = v
		}
	}
	if v := trim(rec.cut(colBirth, colBirth+10)); v != "" {
		d, _, err := dates.Parse(v)
		if err != nil {
			r.diags.Add(num, colBirth+1, "birth date", tournament.Warning, "trf.date.birth", dates.Said(err))
		}
		p.BirthDate = d
	}
	if v := trim(rec.cut(colPoints, colPoints+4)); v != "" {
		f, ok := decimal.Points(v)
		if !ok {
			r.diags.Add(num, colPoints+1, "points", tournament.Warning, "trf.points", v)
		} else {
			p.Points, p.PointsGiven = f, true
		}
	}
	if v := trim(rec.cut(colRank, colRank+4)); v != "" {
		n, ok := decimal.Atoi(v)
		if !ok {
			r.diags.Add(num, colRank+1, "rank", tournament.Warning, "trf.rank", v)
		}
		p.Rank = n
	}
	n := rec.chars()
	if n > colRound1 {
		rounds := (n - colRound1 + roundWidth - 1) / roundWidth
		if rounds > maxRounds {
			r.diags.Add(num, colRound1+maxRounds*roundWidth+1, "rounds", tournament.Error, "trf.too-many-rounds", rounds, maxRounds)
			rounds = maxRounds
		}
		if len(r.slab) < rounds {
			// Enough for the players still to come (counted before the
			// reading) at this player's rounds: a slab of 64 players'
			// rounds was three times what a tournament of twenty needs,
			// a quarter of a season's reading (issue 31).
			r.slab = make([]tournament.RoundEntry, min(max(rounds, (cap(r.t.Players)-len(r.t.Players))*rounds), 1<<14))
		}
		p.Rounds = r.slab[:0:rounds]
		r.slab = r.slab[rounds:]
		for i := 0; i < rounds; i++ {
			col := colRound1 + i*roundWidth
			p.Rounds = append(p.Rounds, r.entry(rec.cut(col, col+entryLength), num, col+1, i+1))
		}
	}
	r.starts[p.Start] = len(r.t.Players)
	r.t.Players = append(r.t.Players, p)
}

// entry reads one round entry "OOOO C R".
func (r *reader) entry(s string, line, col, round int) tournament.RoundEntry {
	e := tournament.RoundEntry{Colour: tournament.ColourNone, Code: tournament.CodeNone, Column: col}
	if trim(s) == "" {
		return e
	}
	at := func(i int) byte {
		if i < len(s) {
			return s[i]
		}
		return ' '
	}
	opp := trim(s[:min(4, len(s))])
	colour, result := at(5), at(7)
	if at(4) != ' ' || at(6) != ' ' || len(s) > entryLength {
		// Not in columns ("0000--", Vega's absence): read the compact form
		// of digits, then colour and result.
		compact := strings.ReplaceAll(s, " ", "")
		i := 0
		for i < len(compact) && compact[i] >= '0' && compact[i] <= '9' {
			i++
		}
		opp = compact[:i]
		rest := compact[i:]
		if i > 4 {
			r.diags.Add(line, col, fmt.Sprintf("round %d", round), tournament.Error, "trf.round-entry", s)
			return e
		}
		colour, result = ' ', ' '
		switch len(rest) {
		case 2:
			colour, result = rest[0], rest[1]
		case 1:
			result = rest[0]
		default:
			r.diags.Add(line, col, fmt.Sprintf("round %d", round), tournament.Error, "trf.round-entry", s)
			return e
		}
	}
	if opp != "" {
		n, ok := decimal.Atoi(opp)
		if !ok {
			r.diags.Add(line, col, fmt.Sprintf("round %d", round), tournament.Error, "trf.opponent", opp)
			return e
		}
		e.Opponent = n
	}
	switch colour {
	case 'w', 'W':
		e.Colour = tournament.ColourWhite
	case 'b', 'B':
		e.Colour = tournament.ColourBlack
	case '-', ' ':
	default:
		r.diags.Add(line, col+5, fmt.Sprintf("round %d", round), tournament.Warning, "trf.colour", string(colour))
	}
	code := tournament.Code(result)
	switch result {
	case 'h', 'f', 'u', 'z':
		code = tournament.Code(result - 'a' + 'A')
		r.diags.Add(line, col+7, fmt.Sprintf("round %d", round), tournament.Note, "trf.result-case", string(result), string(code))
	}
	if !code.Valid() {
		r.diags.Add(line, col+7, fmt.Sprintf("round %d", round), tournament.Error, "trf.result", string(result))
		code = tournament.CodeNone
	}
	if code == tournament.CodeDraw && e.Opponent == 0 {
		// TRF06 and Krause files write a half-point bye as a draw
		// against nobody.
		code = tournament.CodeHalfBye
		r.diags.Add(line, col+7, fmt.Sprintf("round %d", round), tournament.Note, "trf.old-half-bye", s)
	}
	e.Code = code
	return e
}

// finish applies what needs the whole file: national records, teams, round
// dates, scoring, rate of play, the format, and equal-length round lists.
func (r *reader) finish() {
	t := r.t
	for _, tag := range r.national {
		r.nationalRecord(tag)
	}
	if len(r.teams310) > 0 {
		t.Teams = r.teams310
	} else {
		t.Teams = r.teams013
	}
	if r.roundDates != "" {
		r.readRoundDates()
	}
	for _, tag := range r.scoring {
		r.applyScoring(tag)
	}
	r.rateOfPlay()
	switch {
	case r.trf26:
		t.Format = tournament.FormatTRF26
	case r.trfx:
		t.Format = tournament.FormatTRFX
	default:
		t.Format = tournament.FormatTRF16
	}
	// One entry per round for everybody, and no trailing empty entries:
	// the crosstable's width is the last round anybody has data for.
	rounds := 0
	for i := range t.Players {
		p := &t.Players[i]
		k := len(p.Rounds)
		for k > 0 && p.Rounds[k-1].IsEmpty() {
			k--
		}
		p.Rounds = p.Rounds[:k]
		if k > rounds {
			rounds = k
		}
	}
	for i := range t.Players {
		p := &t.Players[i]
		for len(p.Rounds) < rounds {
			p.Rounds = append(p.Rounds, tournament.RoundEntry{Colour: tournament.ColourNone, Code: tournament.CodeNone,
				Column: colRound1 + len(p.Rounds)*roundWidth + 1})
		}
		if p.Rounds == nil {
			p.Rounds = []tournament.RoundEntry{}
		}
	}
}

// nationalRecord reads a TRF26 national-rating record ("ITA", "FRA",
// "IND"…): the 001 columns, with the national title or category, rating,
// region and id.
func (r *reader) nationalRecord(tag tournament.Tag) {
	line := tag.Code + " " + tag.Value
	r.buf = r.rec.reset(line, r.buf)
	rec := &r.rec
	start, _ := decimal.Atoi(trim(rec.cut(colStart, colStart+4)))
	i, ok := r.starts[start]
	if !ok {
		r.diags.Add(tag.Line, colStart+1, tag.Code, tournament.Warning, "trf.national-record", start)
		return
	}
	p := &r.t.Players[i]
	p.NationalFed = tag.Code
	if c := trim(rec.cut(colTitle, colTitle+3)); c != "" {
		p.Category = c
	}
	if v := trim(rec.cut(colRating, colRating+4)); v != "" {
		n, ok := decimal.Atoi(v)
		if !ok {
			r.diags.Add(tag.Line, colRating+1, tag.Code, tournament.Warning, "trf.rating.national", v)
		}
		p.NationalRating = n
	}
	if v := trim(rec.cut(colFideID, colFideID+11)); v != "" {
		p.NationalID = v
	}
}

func (r *reader) readRoundDates() {
	r.buf = r.rec.reset(r.roundDates, r.buf)
	rec := &r.rec
	n := rec.chars()
	var fields []string
	for col := colRound1 - 1; col < n; col += roundWidth {
		// 132 dates are eight characters in the round columns; some
		// programs start them one column early, so read 10 and trim.
		fields = append(fields, trim(rec.cut(col, col+roundWidth)))
	}
	for len(fields) > 0 && fields[len(fields)-1] == "" {
		fields = fields[:len(fields)-1]
	}
	if len(fields) == 0 {
		return
	}
	// What lies before column 92 must be blank.
	if v := trim(rec.cut(4, colRound1-1)); v != "" {
		r.diags.Add(r.roundLine, 5, "132", tournament.Warning, "trf.round-dates", v)
	}
	ds, layout, problems := dates.Rounds(fields, r.t.Start, r.t.End)
	r.t.RoundDates = ds
	for _, pr := range problems {
		r.diags.Add(r.roundLine, colRound1+pr.Index*roundWidth, "132", tournament.Warning, "trf.round-date",
			pr.Index+1, dates.Said(pr.Err))
	}
	if layout == dates.LayoutShortYD || layout == dates.LayoutShortDY {
		r.diags.Add(r.roundLine, colRound1, "132", tournament.Note, "trf.round-date-layout",
			layout.Both(), dates.Period(r.t.Start, r.t.End))
	}
}

// applyScoring reads a scoring record into t.Scoring.
func (r *reader) applyScoring(tag tournament.Tag) {
	s := &r.t.Scoring
	bad := func(v string) {
		r.diags.Add(tag.Line, 5, tag.Code, tournament.Warning, "trf.scoring.points", v)
	}
	num := func(v string) (float64, bool) {
		f, ok := decimal.Points(trim(v))
		if !ok || f > 100 {
			bad(v)
			return 0, false
		}
		return f, true
	}
	source := func() {
		if s.Source == "default" {
			s.Source = tag.Code
		} else if !strings.Contains(s.Source, tag.Code) {
			s.Source += "," + tag.Code
		}
	}
	if fields, ok := bbFields[tag.Code]; ok {
		if f, ok := num(tag.Value); ok {
			for _, p := range fields(s) {
				*p = f
			}
			source()
		}
		return
	}
	if tag.Code != "XXS" && tag.Code != "162" {
		return
	}
	// "XXS W=1 D=0.5 ..." (JaVaFo) or "162  W 1.0    D 0.5    L 0.0"
	// (TRF26): keys and values, '=' or blanks between them.
	f := strings.Fields(strings.ReplaceAll(tag.Value, "=", " "))
	if len(f)%2 != 0 {
		r.diags.Add(tag.Line, 5, tag.Code, tournament.Warning, "trf.scoring.pairs", tag.Value)
		return
	}
	for i := 0; i < len(f); i += 2 {
		v, ok := num(f[i+1])
		if !ok {
			return
		}
		field, ok := xxsFields[strings.ToUpper(f[i])]
		if !ok {
			r.diags.Add(tag.Line, 5, tag.Code, tournament.Warning, "trf.scoring.key", f[i])
			continue
		}
		*field(s) = v
		source()
	}
}

// bbFields maps each Swiss Manager BB* scoring tag to the fields of the
// system its one value sets (a win also counts for a forfeit win and a
// full-point bye, a draw for a half-point bye).
var bbFields = map[string]func(*tournament.Scoring) []*float64{
	"BBW": func(s *tournament.Scoring) []*float64 { return []*float64{&s.Win, &s.ForfeitWin, &s.FullBye} },
	"BBD": func(s *tournament.Scoring) []*float64 { return []*float64{&s.Draw, &s.HalfBye} },
	"BBL": func(s *tournament.Scoring) []*float64 { return []*float64{&s.Loss} },
	"BBZ": func(s *tournament.Scoring) []*float64 { return []*float64{&s.ZeroBye} },
	"BBF": func(s *tournament.Scoring) []*float64 { return []*float64{&s.ForfeitLoss} },
	"BBU": func(s *tournament.Scoring) []*float64 { return []*float64{&s.PairingBye} },
}

// xxsFields maps each key of an XXS (JaVaFo) or 162 (TRF26) scoring
// record to the field it sets.
var xxsFields = map[string]func(*tournament.Scoring) *float64{
	"W": scoringWin, "WW": scoringWin, "BW": scoringWin,
	"D": scoringDraw, "WD": scoringDraw, "BD": scoringDraw,
	"L": scoringLoss, "WL": scoringLoss, "BL": scoringLoss,
	"FW":  func(s *tournament.Scoring) *float64 { return &s.ForfeitWin },
	"FL":  func(s *tournament.Scoring) *float64 { return &s.ForfeitLoss },
	"HPB": scoringHalfBye, "H": scoringHalfBye,
	"FPB": scoringFullBye, "F": scoringFullBye,
	"PAB": scoringPairingBye, "U": scoringPairingBye,
	"ZPB": scoringZeroBye, "Z": scoringZeroBye,
}

func scoringWin(s *tournament.Scoring) *float64        { return &s.Win }
func scoringDraw(s *tournament.Scoring) *float64       { return &s.Draw }
func scoringLoss(s *tournament.Scoring) *float64       { return &s.Loss }
func scoringHalfBye(s *tournament.Scoring) *float64    { return &s.HalfBye }
func scoringFullBye(s *tournament.Scoring) *float64    { return &s.FullBye }
func scoringPairingBye(s *tournament.Scoring) *float64 { return &s.PairingBye }
func scoringZeroBye(s *tournament.Scoring) *float64    { return &s.ZeroBye }

func (r *reader) rateOfPlay() {
	t := r.t
	var (
		rate *rateofplay.Rate
		err  error
	)
	switch {
	case r.rate122 != "":
		t.RateOfPlayText = r.rate122
		rate, err = rateofplay.Parse(r.rate122)
		if err != nil && r.rate222 != "" {
			if rate2, err2 := rateofplay.ParseFIDECode(r.rate222); err2 == nil {
				rate, err = rate2, nil
			}
		}
	case r.rate222 != "":
		t.RateOfPlayText = r.rate222
		rate, err = rateofplay.ParseFIDECode(r.rate222)
	default:
		return
	}
	t.RateOfPlay = rate
	if err != nil {
		t.RateOfPlayError = err.Error()
	}
}
