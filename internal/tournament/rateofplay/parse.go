package rateofplay

import (
	"fmt"
	"math"
	"omologa/internal/fsi"
	"omologa/internal/platform/catalogue"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Plausibility limits. A number outside them is a typo or a unit mistake
// (seconds written where minutes are meant); reading it would give a rate
// that passes or fails a bound for the wrong reason.
const (
	maxPeriodMinutes = 8 * 60
	maxMoves         = 200
	maxSeconds       = 300 // increment or delay per move
	maxPeriods       = 6
	// The longest FIDE wording ("90 minutes for the first 40 moves,
	// followed by 30 minutes for the rest of the game, with 30 seconds
	// added per move from move 1") is about 130 characters.
	maxTextLen = 300
)

// Parse reads a rate of play as written in TRF tag 122 or an e-mail body:
// `90'+30"`, `90 min + 30 sec a mossa`, `1h30'+30"`, `40/90+30+30s`,
// `G/60`, `100'/40 + 50'/20 + 15' + 30"`, `Rapid 15+10`, and the TRF26 code
// when it is written alone (`5400+30`). It returns an *Error for text it
// cannot read, never a zero rate.
//
// A bare "A+B" is read as A minutes plus B seconds a move, the usual
// reading of rapid and online notation. When the text calls itself
// standard and A is below an hour, A may just as well be the 40 moves of a
// first control (FIDE-RR 1.3), so the text is refused as ambiguous.
func Parse(text string) (*Rate, error) {
	trimmed := strings.TrimSpace(text)
	if trimmed == "" {
		return nil, fail(text, why("empty"))
	}
	if looksLikeFIDECode(trimmed) || armageddon().MatchString(trimmed) {
		r, err := ParseFIDECode(trimmed)
		if r != nil {
			r.Text = text
		}
		return r, err
	}
	if n := utf8.RuneCountInString(trimmed); n > maxTextLen {
		return nil, fail(text, why("too-long", n))
	}
	if !strings.ContainsAny(trimmed, "0123456789") {
		return nil, fail(text, why("no-number"))
	}
	toks, err := tokenize(normalize(trimmed))
	if err != nil {
		return nil, fail(text, err)
	}
	its, err := quantities(toks)
	if err != nil {
		return nil, fail(text, err)
	}
	r, err := assemble(its)
	if err != nil {
		return nil, fail(text, err)
	}
	r.Text = text
	if err := r.check(); err != nil {
		return nil, fail(text, err)
	}
	return r, nil
}

// Error is a rate of play that cannot be read, with the reason in English
// and Italian so that a notice to the arbiter can quote it.
type Error struct {
	Text     string
	Reason   string
	ReasonIT string
}

func (e *Error) Error() string {
	return fmt.Sprintf("rate of play %q: %s", e.Text, e.Reason)
}

type reason struct{ en, it string }

// why is the reason "reader.rate."+id of the catalogue with args, in
// both languages (%q in Go's quotes in both: the reason quotes what the
// arbiter wrote as the reader reads it).
func why(id string, args ...any) *reason {
	key := "reader.rate." + id
	return &reason{catalogue.EN.T(key, args...), catalogue.IT.T(key, args...)}
}

func fail(text string, r *reason) *Error { return &Error{Text: text, Reason: r.en, ReasonIT: r.it} }

// Kind is the kind of play the Laws of Chess assign to a rate: the
// federation's one vocabulary of kinds.
type Kind = fsi.Kind

// The kinds of play of LAWS A.1 and B.1; anything slower is standard.
const (
	Standard = fsi.Standard
	Rapid    = fsi.Rapid
	Blitz    = fsi.Blitz
)

// check enforces what every readable rate must satisfy.
func (r *Rate) check() *reason {
	if len(r.Periods) == 0 {
		return why("only-increment")
	}
	if len(r.Periods) > maxPeriods {
		return why("too-many-periods", maxPeriods)
	}
	moves := 0
	for i, p := range r.Periods {
		if math.IsNaN(p.Minutes) || p.Minutes < 0 || p.Minutes > maxPeriodMinutes {
			return why("period-minutes", p.Minutes)
		}
		if p.Moves < 0 || p.Moves > maxMoves {
			return why("period-moves", p.Moves)
		}
		if p.Moves == 0 && i != len(r.Periods)-1 {
			return why("after-rest")
		}
		moves += p.Moves
	}
	if last := r.Periods[len(r.Periods)-1]; last.Moves > 0 && moves < 60 {
		return why("no-time-after", moves)
	}
	if r.IncrementSeconds < 0 || r.IncrementSeconds > maxSeconds || math.IsNaN(r.IncrementSeconds) {
		return why("increment", r.IncrementSeconds)
	}
	if r.DelaySeconds < 0 || r.DelaySeconds > maxSeconds || math.IsNaN(r.DelaySeconds) {
		return why("delay", r.DelaySeconds)
	}
	if r.IncrementSeconds > 0 && r.IncrementFrom < 1 {
		r.IncrementFrom = 1
	}
	if r.IncrementFrom > maxMoves {
		return why("increment-from", r.IncrementFrom)
	}
	t := r.MinutesFor60Moves()
	if !(t > 0) || math.IsInf(t, 0) {
		return why("zero-time")
	}
	return nil
}

// ---- normalisation: phrases become @-markers the tokenizer knows ----

// A rewrite's regexp runs only when the text contains one of its gate
// words: most rates are short and plain, and the regexps would dominate
// the reading of a whole TRF file.
type rewrite struct {
	gate []string
	re   func() *regexp.Regexp
	with func(m []string) string
}

// lazyRegexp compiles expr the first time it is needed: a process that
// reads no rate of play (omologa -h, status) or only plain ones compiles
// none of the rewrites (TestRewritesCompile compiles them all).
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

func gate(words ...string) []string { return words }

func lit(s string) func([]string) string { return func([]string) string { return s } }

var rewrites = []rewrite{
	// Elisions ("per l'intera partita", "dall'inizio") would leave a
	// stray apostrophe, the minutes sign.
	{gate("'"), lazyRegexp(`\b(?:l|dell|all|dall|nell|sull|un)'`), lit(" ")},
	// "Fischer" names the kind of increment; it binds to no number.
	{gate("fischer"), lazyRegexp(`\bfischer\b`), lit(" ")},
	// "from move N" before anything else eats "mossa"/"move".
	{gate("dalla"), lazyRegexp(`(?:a\s+partire\s+)?dalla\s+prima(?:\s+mossa)?`), lit(" @from1 ")},
	{gate("dalla"), lazyRegexp(`(?:a\s+partire\s+)?dalla\s+(?:mossa\s+(?:n\.?\s*)?)?(\d{1,3})\s*(?:a|ª|º|°|esima|ma)?(?:\s+mossa)?`), func(m []string) string { return " @from" + m[1] + " " }},
	{gate("from", "with"), lazyRegexp(`(?:starting\s+|beginning\s+)?(?:from|with)\s+(?:the\s+)?(?:first\s+move|move\s+(?:no\.?\s*|#\s*)?(\d{1,3})|(\d{1,3})(?:st|nd|rd|th)?\s+move)`), func(m []string) string {
		if m[1] != "" {
			return " @from" + m[1] + " "
		}
		if m[2] != "" {
			return " @from" + m[2] + " "
		}
		return " @from1 "
	}},
	{gate("after", "dopo"), lazyRegexp(`(?:after|dopo)\s+(?:move|la\s+mossa|mossa)\s+(\d{1,3})`), func(m []string) string {
		n, _ := strconv.Atoi(m[1])
		return fmt.Sprintf(" @from%d ", n+1)
	}},
	// "per move", "a mossa", "/mossa", "increment": the number is seconds a move.
	{gate("moss", "move", "mv", "/", "inc", "bonus", "abbuono", "aggiunt"), lazyRegexp(`(?:\ba|\bper(?:\s+ogni)?|\beach|\bevery|\bogni)\s+(?:mossa|move|mv)\b|/\s*(?:mossa|move|mv|m)\b|\bincrement(?:o|i|s)?\b|\binc\b|\bbonus\b|\babbuono\b|\baggiunt[ai]\b`), lit(" @inc ")},
	// The period for the rest of the game.
	{gate("all", "tutte", "restanti", "rimanenti", "remaining", "rest", "resto", "finire", "fine", "finish", "qpf", "kf", "sd", "sudden", "game", "g"), lazyRegexp(`\ball\s+(?:the\s+)?(?:remaining\s+|other\s+)?moves\b|\btutte\s+le\s+(?:restanti\s+|altre\s+)?mosse\b|\b(?:le\s+)?(?:restanti|rimanenti)\s+mosse\b|\b(?:the\s+)?remaining\s+moves\b|\b(?:for\s+)?(?:the\s+)?rest\s+of\s+(?:the\s+)?game\b|\b(?:per\s+)?(?:il\s+)?resto\s+della\s+partita\b|\b(?:per|a)\s+finire\b|\b(?:a\s+)?fine\s+partita\b|\bto\s+finish\b|\bqpf\b|\bkf\b|\bsd\b|\bsudden\s+death\b|\bgame\s+in\b|\bg\b`), lit(" @rest ")},
	{gate("g"), lazyRegexp(`\bg(\d)`), func(m []string) string { return " @rest " + m[1] }},
	{gate("delay", "ritardo", "bronstein"), lazyRegexp(`\bdelay\b|\britardo\b|\bbronstein\b|\bus\s+delay\b`), lit(" @delay ")},
	{gate("d"), lazyRegexp(`\bd(\d)`), func(m []string) string { return " @delay " + m[1] }},
	{gate("standard", "classic", "lent", "slow"), lazyRegexp(`\b(?:standard|classical|classica|classico|lento|lenta|slow)\b`), lit(" @std ")},
	{gate("rapid", "active", "semilampo"), lazyRegexp(`\b(?:rapid|rapido|rapida|active|semilampo)\b`), lit(" @rapid ")},
	{gate("blitz", "lampo", "bullet"), lazyRegexp(`\b(?:blitz|lampo|bullet)\b`), lit(" @blitz ")},
}

var quoteReplacer = strings.NewReplacer(
	"’", "'", "‘", "'", "`", "'", "´", "'", "′", "'",
	"″", `"`, "“", `"`, "”", `"`, "„", `"`, "''", `"`,
	"×", "x", "\u00a0", " ", "\t", " ",
)

func normalize(s string) string {
	s = quoteReplacer.Replace(strings.ToLower(s))
	for _, rw := range rewrites {
		if !slices.ContainsFunc(rw.gate, func(g string) bool { return strings.Contains(s, g) }) {
			continue
		}
		s = replaceSubmatches(rw.re(), s, rw.with)
	}
	return s
}

// replaceSubmatches is ReplaceAllStringFunc with the submatches of each
// match, taken where the match was found rather than by matching its text
// a second time.
func replaceSubmatches(re *regexp.Regexp, s string, with func([]string) string) string {
	found := re.FindAllStringSubmatchIndex(s, -1)
	if found == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, loc := range found {
		sub := make([]string, len(loc)/2)
		for i := range sub {
			if loc[2*i] >= 0 {
				sub[i] = s[loc[2*i]:loc[2*i+1]]
			}
		}
		b.WriteString(s[last:loc[0]])
		b.WriteString(with(sub))
		last = loc[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// ---- tokens ----

type tokKind int

const (
	tNum tokKind = iota
	tHour
	tMin
	tSec
	tMoves
	tSlash
	tX
	tBind
	tSep
	tColon
	tInc
	tDelay
	tFrom
	tRest
	tLabel
)

type token struct {
	kind  tokKind
	val   float64
	text  string
	label Kind
}

var words = map[string]tokKind{
	"h": tHour, "hr": tHour, "hrs": tHour, "ora": tHour, "ore": tHour, "hour": tHour, "hours": tHour,
	"m": tMin, "mn": tMin, "min": tMin, "mins": tMin, "minute": tMin, "minutes": tMin, "minuto": tMin, "minuti": tMin, "mi": tMin,
	"s": tSec, "sec": tSec, "secs": tSec, "second": tSec, "seconds": tSec, "secondo": tSec, "secondi": tSec, "sek": tSec,
	"mosse": tMoves, "mossa": tMoves, "moves": tMoves, "move": tMoves, "mm": tMoves, "mv": tMoves, "mvs": tMoves,
	"x":  tX,
	"in": tBind, "for": tBind, "per": tBind, "su": tBind,
	"e": tSep, "and": tSep, "then": tSep, "poi": tSep, "plus": tSep, "più": tSep, "piu": tSep, "followed": tSep,
	"seguiti": tSep, "seguito": tSep, "by": tSep, "da": tSep, "di": tSep, "con": tSep, "with": tSep, "more": tSep,
}

// fillers carry no information in a rate of play.
var fillers = map[string]bool{
	"the": true, "first": true, "prime": true, "primi": true, "le": true, "la": true, "il": true, "lo": true,
	"i": true, "gli": true, "of": true, "each": true, "ogni": true, "a": true, "al": true, "alle": true,
	"player": true, "players": true, "giocatore": true, "ciascun": true, "ciascuno": true, "partita": true,
	"game": true, "cadenza": true, "tempo": true, "riflessione": true, "rate": true, "play": true,
	"control": true, "time": true, "fide": true, "tc": true, "per-player": true, "side": true, "una": true,
	"un": true, "del": true, "della": true, "totale": true, "total": true, "fino": true,
	"fin": true, "sin": true, "testa": true, "cadauno": true, "cad": true, "tutta": true, "intera": true,
	"inizio": true, "start": true, "whole": true, "entire": true,
	"added": true, "an": true, "addition": true, "additional": true, "cumulative": true, "after": true,
}

func tokenize(s string) ([]token, *reason) {
	var toks []token
	rs := []rune(s)
	for i := 0; i < len(rs); {
		c := rs[i]
		switch {
		case unicode.IsSpace(c) || strings.ContainsRune("()[]!?=", c):
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(rs) && rs[j] >= '0' && rs[j] <= '9' {
				j++
			}
			// A decimal point or comma directly between digits is a
			// decimal ("1,5 ore"); elsewhere a comma separates.
			if j+1 < len(rs) && (rs[j] == '.' || rs[j] == ',') && rs[j+1] >= '0' && rs[j+1] <= '9' {
				j++
				for j < len(rs) && rs[j] >= '0' && rs[j] <= '9' {
					j++
				}
			}
			lit := string(rs[i:j])
			if j-i > 6 {
				return nil, why("number-too-long", lit)
			}
			v, err := strconv.ParseFloat(strings.Replace(lit, ",", ".", 1), 64)
			if err != nil {
				return nil, why("number", lit)
			}
			toks = append(toks, token{kind: tNum, val: v, text: lit})
			i = j
		case c == '@':
			j := i + 1
			for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j])) {
				j++
			}
			w := string(rs[i+1 : j])
			i = j
			switch {
			case w == "inc":
				toks = append(toks, token{kind: tInc})
			case w == "rest":
				toks = append(toks, token{kind: tRest})
			case w == "delay":
				toks = append(toks, token{kind: tDelay})
			case w == "std":
				toks = append(toks, token{kind: tLabel, label: Standard})
			case w == "rapid":
				toks = append(toks, token{kind: tLabel, label: Rapid})
			case w == "blitz":
				toks = append(toks, token{kind: tLabel, label: Blitz})
			case strings.HasPrefix(w, "from"):
				n, err := strconv.Atoi(w[4:])
				if err != nil || n < 1 {
					return nil, why("from-move")
				}
				toks = append(toks, token{kind: tFrom, val: float64(n)})
			default:
				return nil, why("unknown-word", "@"+w)
			}
		case unicode.IsLetter(c):
			j := i
			for j < len(rs) && unicode.IsLetter(rs[j]) {
				j++
			}
			w := string(rs[i:j])
			i = j
			if k, ok := words[w]; ok {
				toks = append(toks, token{kind: k, text: w})
			} else if !fillers[w] {
				return nil, why("unknown-word", w)
			}
		case c == '\'':
			toks = append(toks, token{kind: tMin, text: "'"})
			i++
		case c == '"':
			toks = append(toks, token{kind: tSec, text: `"`})
			i++
		case c == '/':
			toks = append(toks, token{kind: tSlash})
			i++
		case c == '*':
			toks = append(toks, token{kind: tX})
			i++
		case c == ':':
			toks = append(toks, token{kind: tColon})
			i++
		case strings.ContainsRune("+,;&-.", c):
			toks = append(toks, token{kind: tSep})
			i++
		default:
			return nil, why("character", string(c))
		}
	}
	return toks, nil
}

// ---- quantities: numbers joined to their units ----

type itemKind int

const (
	iTime  itemKind = iota // minutes, unit written
	iSecs                  // seconds, unit written
	iMoves                 // number of moves
	iBare                  // number without a unit
	iSlash
	iX
	iBind
	iSep
	iInc
	iDelay
	iFrom
	iRest
	iLabel
)

type item struct {
	kind  itemKind
	val   float64
	label Kind
}

func quantities(toks []token) ([]item, *reason) {
	var its []item
	at := func(i int, k tokKind) bool { return i < len(toks) && toks[i].kind == k }
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case tNum:
			switch {
			case at(i+1, tHour):
				mins := t.val * 60
				i++
				// "1h30", "1h 30'", "1 ora e 30 minuti"
				j := i + 1
				if at(j, tSep) && toks[j].text == "e" {
					j++
				}
				if at(j, tNum) && !at(j+1, tHour) && !at(j+1, tSec) && !at(j+1, tMoves) && toks[j].val < 60 {
					mins += toks[j].val
					i = j
					if at(i+1, tMin) {
						i++
					}
				}
				its = append(its, item{kind: iTime, val: mins})
			case at(i+1, tColon) && at(i+2, tNum) && len(toks[i+2].text) == 2 && toks[i+2].val < 60 && t.val == math.Trunc(t.val):
				// "1:30" is hours and minutes.
				its = append(its, item{kind: iTime, val: t.val*60 + toks[i+2].val})
				i += 2
			case at(i+1, tMin):
				its = append(its, item{kind: iTime, val: t.val})
				i++
			case at(i+1, tSec):
				its = append(its, item{kind: iSecs, val: t.val})
				i++
			case at(i+1, tMoves):
				if t.val != math.Trunc(t.val) {
					return nil, why("moves-whole", t.text)
				}
				its = append(its, item{kind: iMoves, val: t.val})
				i++
			default:
				its = append(its, item{kind: iBare, val: t.val})
			}
		case tHour, tMin, tSec:
			return nil, why("unit-no-number", t.text)
		case tMoves:
			// "40 mosse in 90' e 30' per le mosse restanti": a stray
			// "moves" adds nothing.
		case tSlash:
			its = append(its, item{kind: iSlash})
		case tX:
			its = append(its, item{kind: iX})
		case tBind:
			its = append(its, item{kind: iBind})
		case tSep, tColon:
			its = append(its, item{kind: iSep})
		case tInc:
			its = append(its, item{kind: iInc})
		case tDelay:
			its = append(its, item{kind: iDelay})
		case tFrom:
			its = append(its, item{kind: iFrom, val: t.val})
		case tRest:
			its = append(its, item{kind: iRest})
		case tLabel:
			its = append(its, item{kind: iLabel, label: t.label})
		}
	}
	return its, nil
}

// ---- assembly: quantities into periods, increment and delay ----

func assemble(its []item) (*Rate, *reason) {
	r := &Rate{}
	var (
		incSet, delaySet bool
		fromSet          bool
		unitsWritten     bool
		movesWritten     bool
	)
	at := func(i int, kinds ...itemKind) bool {
		if i < 0 || i >= len(its) {
			return false
		}
		for _, k := range kinds {
			if its[i].kind == k {
				return true
			}
		}
		return false
	}
	lastOpen := func() bool { // the last period is for the rest of the game
		return len(r.Periods) > 0 && r.Periods[len(r.Periods)-1].Moves == 0
	}
	addPeriod := func(moves, minutes float64) *reason {
		if lastOpen() {
			return why("two-rest")
		}
		if moves != math.Trunc(moves) || moves < 0 || moves > maxMoves {
			return why("period-moves-g", moves)
		}
		r.Periods = append(r.Periods, Period{Moves: int(moves), Minutes: minutes})
		return nil
	}
	setInc := func(s float64) *reason {
		if incSet && s != r.IncrementSeconds {
			return why("two-increments", r.IncrementSeconds, s)
		}
		r.IncrementSeconds, incSet = s, true
		return nil
	}
	setDelay := func(s float64) *reason {
		if delaySet && s != r.DelaySeconds {
			return why("two-delays", r.DelaySeconds, s)
		}
		r.DelaySeconds, delaySet = s, true
		return nil
	}
	seconds := func(i int, s float64) *reason {
		if at(i-1, iDelay) || at(i+1, iDelay) {
			return setDelay(s)
		}
		return setInc(s)
	}
	for i := 0; i < len(its); i++ {
		it := its[i]
		var err *reason
		switch it.kind {
		case iMoves, iBare:
			// "40/90", "40 mosse in 90'", "40 in 2h"
			if at(i+1, iSlash, iBind, iX) && at(i+2, iTime, iBare) && !(it.kind == iBare && at(i+3, iInc)) {
				// "90/30" is more likely 90'+30" than 90 moves in 30
				// minutes: a first number above 60 is not read as moves.
				if it.kind == iBare && it.val > 60 {
					return nil, why("ambiguous-slash",
						it.val, its[i+2].val, it.val, its[i+2].val)
				}
				movesWritten = true
				unitsWritten = unitsWritten || its[i+2].kind == iTime
				err = addPeriod(it.val, its[i+2].val)
				i += 2
				break
			}
			if it.kind == iMoves {
				return nil, why("moves-no-time", it.val)
			}
			switch {
			case at(i-1, iDelay) || at(i+1, iDelay):
				err = setDelay(it.val)
			case at(i-1, iInc) || at(i+1, iInc) || at(i+1, iFrom):
				err = setInc(it.val)
			case !lastOpen():
				err = addPeriod(0, it.val)
			case !incSet:
				err = setInc(it.val)
			default:
				return nil, why("unclear-number", it.val)
			}
		case iTime:
			unitsWritten = true
			// "90'/40", "100'x40mm", "90 minutes for 40 moves"
			if at(i+1, iSlash, iX, iBind) && at(i+2, iMoves, iBare) && !at(i+3, iSlash, iBind) {
				movesWritten = true
				err = addPeriod(its[i+2].val, it.val)
				i += 2
				break
			}
			err = addPeriod(0, it.val)
		case iSecs:
			unitsWritten = true
			err = seconds(i, it.val)
		case iFrom:
			if fromSet && int(it.val) != r.IncrementFrom {
				return nil, why("two-froms")
			}
			r.IncrementFrom, fromSet = int(it.val), true
		case iLabel:
			if r.Label != "" && r.Label != it.label {
				return nil, why("two-labels", r.Label, it.label)
			}
			r.Label = it.label
		case iRest:
			// "G/60", "SD/30": the slash belongs to the marker.
			if at(i+1, iSlash) {
				i++
			}
		}
		if err != nil {
			return nil, err
		}
	}
	if fromSet && !incSet {
		return nil, why("from-no-increment")
	}
	if r.Label == Standard && !unitsWritten && !movesWritten && len(r.Periods) > 0 && r.Periods[0].Minutes < 60 {
		return nil, why("ambiguous-base",
			r.Periods[0].Minutes, r.Periods[0].Minutes)
	}
	return r, nil
}

// ---- the TRF26 code of tag 222 ----

var armageddon = lazyRegexp(`(?i)^w\d.*-\s*b\d`)

var fideCode = lazyRegexp(`^(?:\d{1,4}/)?\d{1,6}(?:\+\d{1,4})?(?::(?:\d{1,4}/)?\d{1,6}(?:\+\d{1,4})?)*$`)

// looksLikeFIDECode tells the TRF26 code written in tag 122 ("5400+30")
// from free text ("90+30", "1:30"): the code counts seconds, so some period
// lasts at least ten minutes, 600, which read as minutes is not a game.
func looksLikeFIDECode(s string) bool {
	if !fideCode().MatchString(s) {
		return false
	}
	for _, d := range strings.Split(s, ":") {
		if _, rest, ok := strings.Cut(d, "/"); ok {
			d = rest
		}
		base, _, _ := strings.Cut(d, "+")
		if n, err := strconv.Atoi(base); err == nil && n >= 600 {
			return true
		}
	}
	return false
}

// ParseFIDECode reads the TRF26 time-control code of tag 222
// ("5400+30", "40/6000+30:1500+30"): periods separated by ':', each
// `[moves/]seconds[+increment]`. An Armageddon code ("W300-B240") gives
// the colours different times and is not one rate: it is an error.
// A different increment per period cannot be represented and is an error.
func ParseFIDECode(code string) (*Rate, error) {
	c := strings.TrimSpace(code)
	if c == "" {
		return nil, fail(code, why("code-empty"))
	}
	if armageddon().MatchString(c) {
		return nil, fail(code, why("code-armageddon"))
	}
	if !fideCode().MatchString(c) {
		return nil, fail(code, why("code-not-trf26"))
	}
	r := &Rate{Text: code}
	moves := 0
	incFound := false
	for _, d := range strings.Split(c, ":") {
		p := Period{}
		if m, rest, ok := strings.Cut(d, "/"); ok {
			p.Moves, _ = strconv.Atoi(m)
			if p.Moves == 0 {
				return nil, fail(code, why("code-zero-moves"))
			}
			d = rest
		}
		base, inc, hasInc := strings.Cut(d, "+")
		secs, _ := strconv.Atoi(base)
		p.Minutes = float64(secs) / 60
		i := 0
		if hasInc {
			i, _ = strconv.Atoi(inc)
		}
		switch {
		case i > 0 && !incFound:
			incFound = true
			r.IncrementSeconds = float64(i)
			r.IncrementFrom = moves + 1
		case incFound && float64(i) != r.IncrementSeconds:
			return nil, fail(code, why("code-increments"))
		}
		r.Periods = append(r.Periods, p)
		moves += p.Moves
	}
	if err := r.check(); err != nil {
		return nil, fail(code, err)
	}
	return r, nil
}
