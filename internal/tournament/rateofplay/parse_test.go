package rateofplay

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

// Each case names the article whose quantity it feeds: the time per player
// for a 60-move game (regs §6) is what RTF 5.3.1 d, FIDE-RR 1.1, RAPID 4.1
// and LAWS A.1/B.1 compare with their bounds.
var readable = []struct {
	name    string
	text    string
	minutes float64 // for 60 moves
	periods []Period
	inc     float64
	from    int
	label   Kind
}{
	{name: "regs §6: minutes and seconds", text: `90'+30"`, minutes: 120, periods: []Period{{0, 90}}, inc: 30, from: 1},
	{name: "regs §6: Italian words", text: `90 min + 30 sec a mossa`, minutes: 120, inc: 30},
	{name: "regs §6: hours and minutes", text: `1h30'+30"`, minutes: 120, periods: []Period{{0, 90}}, inc: 30},
	{name: "regs §6: moves/minutes, second period, increment", text: `40/90+30+30s`, minutes: 150, periods: []Period{{40, 90}, {0, 30}}, inc: 30},
	{name: "regs §6: game in 60", text: `G/60`, minutes: 60, periods: []Period{{0, 60}}},
	{name: "regs §6: rapid with increment", text: `15'+10"`, minutes: 25, inc: 10},
	{name: "regs §6: double apostrophe", text: `15'+10''`, minutes: 25, inc: 10},
	{name: "regs §6: two hours", text: `2h`, minutes: 120},
	{name: "RAPID 4.1: bare base plus increment", text: `25+10`, minutes: 35, inc: 10},
	{name: "RAPID 4.1: no increment", text: `60+0`, minutes: 60},
	{name: "RTF 5.3.1 d: increment from move 1", text: `90'+30" dalla 1a mossa`, minutes: 120, inc: 30, from: 1},
	{name: "RTF 5.3.1 d: QPF", text: `40 mosse in 90' + 30' QPF + 30"`, minutes: 150, periods: []Period{{40, 90}, {0, 30}}, inc: 30},
	{name: "RTF 5.3.1 d: due ore", text: `2 ore`, minutes: 120},
	{name: "RAPID 4.1: labelled rapid", text: `Rapid 15+10`, minutes: 25, label: Rapid},
	{name: "LAWS B.1: labelled blitz", text: `Blitz 3+2`, minutes: 5, label: Blitz},
	{name: "RTF 5.3.1 d: minutes only", text: `120'`, minutes: 120},
	{name: "FIDE-RR 1.3: three controls", text: `100'/40 + 50'/20 + 15' + 30"`, minutes: 180, periods: []Period{{40, 100}, {20, 50}, {0, 15}}, inc: 30},
	{name: "FIDE-RR 1.3: FIDE wording", text: `90 min/40 moves + 30 min + 30 sec increment from move 1`, minutes: 150, periods: []Period{{40, 90}, {0, 30}}, inc: 30, from: 1},
	{name: "regs §6: TRF26 code in 122", text: `5400+30`, minutes: 120, inc: 30},
	{name: "regs §6: TRF26 code with blanks keeps the text as written", text: ` 5400+30 `, minutes: 120, inc: 30},
	{name: "regs §6: TRF26 multi-period code in 122", text: `40/5400+30:1800+30`, minutes: 150, periods: []Period{{40, 90}, {0, 30}}, inc: 30},
	{name: "RTF 5.3.1 d: spelled out Italian", text: `90 minuti + 30 secondi a mossa dalla prima mossa`, minutes: 120, inc: 30, from: 1},
	{name: "RTF 5.3.1 d: standard with units", text: `Standard 90'+30"`, minutes: 120, label: Standard},
	{name: "RTF 5.3.1 d: standard bare plausible base", text: `Standard 90+30`, minutes: 120, label: Standard},
	{name: "FIDE-RR 1.3: corpus example1", text: `40/120, 60`, minutes: 180, periods: []Period{{40, 120}, {0, 60}}},
	{name: "FIDE-RR 1.3: corpus grandmommy (no final period, 60 moves covered)", text: `100'x40mm + 50'x20mm + 30" from move 1`, minutes: 180, periods: []Period{{40, 100}, {20, 50}}, inc: 30, from: 1},
	{name: "regs §6: corpus Irish h:mm", text: `1:30 + 10 from move 1`, minutes: 100, inc: 10, from: 1},
	{name: "regs §6: corpus Irish words", text: `All moves in 90 minutes, plus 10 seconds per move`, minutes: 100, inc: 10},
	{name: "RAPID 4.1: 25 minutes each", text: `25 minuti a giocatore`, minutes: 25},
	{name: "RAPID 4.1: rapid Italian", text: `Rapido 20'+5"`, minutes: 25, label: Rapid},
	{name: "LAWS B.1: lampo", text: `Lampo 5'`, minutes: 5, label: Blitz},
	{name: "LAWS A.1: semilampo", text: `semilampo 12'+3"`, minutes: 15, label: Rapid},
	{name: "regs §6: curly quotes", text: "90’+30”", minutes: 120, inc: 30},
	{name: "regs §6: prime characters", text: "90′ + 30″", minutes: 120, inc: 30},
	{name: "regs §6: spaces in hours", text: `1h 30min + 30s`, minutes: 120},
	{name: "regs §6: decimal hours Italian comma", text: `1,5 ore + 30"`, minutes: 120},
	{name: "regs §6: decimal hours", text: `1.5h`, minutes: 90},
	{name: "FIDE-RR 1.3: moves in hours", text: `40 mosse in 2 ore + 30 minuti per finire`, minutes: 150, periods: []Period{{40, 120}, {0, 30}}},
	{name: "FIDE-RR 1.3: rest of game", text: `40 moves in 120 minutes, then 30 minutes for the rest of the game`, minutes: 150},
	{name: "FIDE-RR 1.3: resto della partita", text: `90' per 40 mosse + 30' per il resto della partita + 30" a mossa dalla prima`, minutes: 150, inc: 30, from: 1},
	{name: "regs §6: increment from move 41", text: `40/100 + 50' + 30" dalla 41a mossa`, minutes: 160, periods: []Period{{40, 100}, {0, 50}}, inc: 30, from: 41},
	{name: "regs §6: increment after move 40", text: `100'/40 + 50' + 30" after move 40`, minutes: 160, inc: 30, from: 41},
	{name: "regs §6: sudden death US", text: `40/120, SD/60`, minutes: 180},
	{name: "regs §6: delay does not count", text: `G/90;d5`, minutes: 90},
	{name: "regs §6: delay words", text: `90 min + 5 sec delay`, minutes: 90},
	{name: "regs §6: Fischer word", text: `60' + 30" Fischer`, minutes: 90, inc: 30},
	{name: "regs §6: incremento di", text: `90 minuti con incremento di 30 secondi`, minutes: 120, inc: 30},
	{name: "regs §6: cadenza prefix", text: `Cadenza: 90' + 30"`, minutes: 120},
	{name: "regs §6: seconds per move slash", text: `45 min + 15 s/mossa`, minutes: 60, inc: 15},
	{name: "regs §6: 1 ora e 30 minuti", text: `1 ora e 30 minuti + 30 secondi a mossa`, minutes: 120},
	{name: "regs §6: 90m+30s", text: `90m+30s`, minutes: 120},
	{name: "RAPID 4.1: minuti secchi", text: `30 min`, minutes: 30},
	{name: "regs §6: G60", text: `G60`, minutes: 60},
	{name: "regs §6: inc keyword before bare number", text: `90 + inc 30`, minutes: 120, inc: 30},
	{name: "LAWS A.1: classical label", text: `Classical 40/90, 30 + 30s`, minutes: 150, label: Standard},
	{name: "FIDE-RR 1.3: long FIDE wording", text: `90 minutes for the first 40 moves, followed by 30 minutes for the rest of the game, with 30 seconds added per move from move 1`, minutes: 150, periods: []Period{{40, 90}, {0, 30}}, inc: 30, from: 1},
	{name: "regs §6: a testa, fin dalla prima", text: `90' a testa + 30" a mossa fin dalla prima mossa`, minutes: 120, inc: 30, from: 1},
	{name: "regs §6: elision", text: `90 minuti per l'intera partita + 30 secondi a mossa`, minutes: 120, inc: 30},
	{name: "regs §6: Fischer before the numbers", text: `Fischer 90+30`, minutes: 120, periods: []Period{{0, 90}}, inc: 30},
	{name: "FIDE-RR 1.3: hours per 40 moves", text: `2 ore per 40 mosse + 1 ora`, minutes: 180, periods: []Period{{40, 120}, {0, 60}}},
	{name: "regs §6: sin dalla prima", text: `1h30' + 30'' sin dalla prima mossa`, minutes: 120, inc: 30, from: 1},
	{name: "regs §6: multi-period TRF26 inc from 41", text: `40/6000:900+30`, minutes: 115 + 10},
}

func TestParse_Readable(t *testing.T) {
	for _, tc := range readable {
		t.Run(tc.name+": "+tc.text, func(t *testing.T) {
			r, err := Parse(tc.text)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.text, err)
			}
			if got := r.MinutesFor60Moves(); math.Abs(got-tc.minutes) > 1e-9 {
				t.Errorf("MinutesFor60Moves = %g, want %g (rate %+v)", got, tc.minutes, r)
			}
			if tc.periods != nil && fmt.Sprint(r.Periods) != fmt.Sprint(tc.periods) {
				t.Errorf("periods = %v, want %v", r.Periods, tc.periods)
			}
			if tc.inc != 0 && r.IncrementSeconds != tc.inc {
				t.Errorf("increment = %g, want %g", r.IncrementSeconds, tc.inc)
			}
			if tc.from != 0 && r.IncrementFrom != tc.from {
				t.Errorf("increment from = %d, want %d", r.IncrementFrom, tc.from)
			}
			if tc.label != "" && r.Label != tc.label {
				t.Errorf("label = %q, want %q", r.Label, tc.label)
			}
			if r.Text != tc.text {
				t.Errorf("Text = %q, want the text as written", r.Text)
			}
		})
	}
}

func TestParse_Unreadable(t *testing.T) {
	cases := []struct{ name, text, reason string }{
		{"RTF 5.3.1 d: standard 40+20 is ambiguous", `Standard 40+20`, "ambiguous"},
		{"regs §6: empty", ``, "empty"},
		{"regs §6: Vega placeholder", `moves/time, increment`, "no number"},
		{"regs §6: label only (Tornello)", `Standard`, "no number"},
		{"regs §6: unknown word", `90 minuti a testa circa`, "unknown word"},
		{"regs §6: only an increment", `30"`, "no time"},
		{"FIDE-RR 1.3: first control without its moves", `90' + 30'`, "two time controls"},
		{"FIDE-RR 1.3: time after move 40 missing", `40/90`, "after move 40"},
		{"regs §6: zero", `0'`, "zero"},
		{"regs §6: implausible minutes", `5000'`, "not plausible"},
		{"regs §6: two labels", `Rapid blitz 5+3`, "both"},
		{"regs §6: two increments", `90'+30" + 10"`, "two different increments"},
		{"regs §6: moves without time", `40 mosse`, "without a time"},
		{"regs §6: armageddon code", `W300-B240`, "Armageddon"},
		{"FIDE-RR 1.3: 90/30 is not 90 moves in 30 minutes", `90/30`, "ambiguous"},
		{"regs §6: a period after the rest of the game", `5400:1800`, "follows"},
		{"regs §6: unexpected character", `90'+30" ≈`, "unexpected character"},
		{"regs §6: unit without number", `min + 30"`, "has no number"},
		{"regs §6: too long", strings.Repeat("90'+30\" ", 40), "too long"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Parse(tc.text)
			if err == nil {
				t.Fatalf("Parse(%q) = %+v, want an error", tc.text, r)
			}
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %T is not *Error", err)
			}
			if !strings.Contains(err.Error(), tc.reason) {
				t.Errorf("error %q does not say %q", err, tc.reason)
			}
			if !strings.Contains(err.Error(), fmt.Sprintf("%q", tc.text)) {
				t.Errorf("error %q does not name the text", err)
			}
			if pe.ReasonIT == "" {
				t.Errorf("no Italian reason")
			}
		})
	}
}

func TestParseFIDECode(t *testing.T) {
	cases := []struct {
		code    string
		minutes float64
		from    int
		bad     string
	}{
		{code: "5400+30", minutes: 120, from: 1},
		{code: "40/5400+30:1800+30", minutes: 150, from: 1},
		{code: "40/6000+30:20/3000+30:1500+30", minutes: 180, from: 1}, // corpus grandmommyscup 222
		{code: "40/6000+30:900+30", minutes: 145, from: 1},
		{code: "40/6000:1800+30", minutes: 100 + 30 + 10, from: 41},
		{code: "600", minutes: 10},
		{code: "900+10", minutes: 25, from: 1},
		{code: "W300-B240", bad: "Armageddon"},
		{code: "90'+30\"", bad: "not a TRF26"},
		{code: "40/5400+30:1800+60", bad: "different increments"},
		{code: "0/5400", bad: "0 moves"},
		{code: "", bad: "empty"},
		{code: "40/5400", bad: "after move 40"},
	}
	for _, tc := range cases {
		t.Run("TRF26 222 "+tc.code, func(t *testing.T) {
			r, err := ParseFIDECode(tc.code)
			if tc.bad != "" {
				if err == nil || !strings.Contains(err.Error(), tc.bad) {
					t.Fatalf("ParseFIDECode(%q) = %+v, %v; want error with %q", tc.code, r, err, tc.bad)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := r.MinutesFor60Moves(); math.Abs(got-tc.minutes) > 1e-9 {
				t.Errorf("minutes = %g, want %g", got, tc.minutes)
			}
			if r.IncrementSeconds > 0 && r.IncrementFrom != tc.from {
				t.Errorf("from = %d, want %d", r.IncrementFrom, tc.from)
			}
		})
	}
}

func TestLawsKind(t *testing.T) {
	cases := []struct {
		text string
		want Kind
	}{
		{`3'+2"`, Blitz},      // LAWS B.1: 5 min
		{`10'`, Blitz},        // LAWS B.1: 10 or less
		{`5'+5"`, Blitz},      // LAWS B.1: 5 + 60 × 5 s = 10 min, "10 minutes or less"
		{`15'+10"`, Rapid},    // 25
		{`45'+15"`, Standard}, // 60: not below 60
		{`90'+30"`, Standard},
	}
	for _, tc := range cases {
		t.Run("LAWS A.1/B.1 "+tc.text, func(t *testing.T) {
			r, err := Parse(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.LawsKind(); got != tc.want {
				t.Errorf("LawsKind = %s, want %s (%g min)", got, tc.want, r.MinutesFor60Moves())
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, tc := range readable {
		f.Add(tc.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		r, err := Parse(text)
		if err != nil {
			if r != nil {
				t.Fatalf("rate and error both returned")
			}
			return
		}
		m := r.MinutesFor60Moves()
		if !(m > 0) || math.IsInf(m, 0) || math.IsNaN(m) {
			t.Fatalf("Parse(%q) = %g minutes", text, m)
		}
	})
}

func FuzzParseFIDECode(f *testing.F) {
	for _, s := range []string{"5400+30", "40/6000+30:20/3000+30:1500+30", "W300-B240", "600"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		r, err := ParseFIDECode(code)
		if err != nil {
			return
		}
		if m := r.MinutesFor60Moves(); !(m > 0) || math.IsInf(m, 0) {
			t.Fatalf("ParseFIDECode(%q) = %g minutes", code, m)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	texts := []string{`90'+30"`, `40 mosse in 90' + 30' QPF + 30"`, `90 min/40 moves + 30 min + 30 sec increment from move 1`, `5400+30`}
	for b.Loop() {
		for _, s := range texts {
			if _, err := Parse(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestRewritesCompile compiles every rewrite's regexp, which the reader
// compiles only when a rate needs it: a bad one fails here, not on the
// first arbiter who writes that phrase.
func TestRewritesCompile(t *testing.T) {
	for i, rw := range rewrites {
		if rw.re() == nil {
			t.Errorf("rewrite %d (%v): no regexp", i, rw.gate)
		}
	}
	armageddon()
	fideCode()
}

// LawsKind classifies the rate by its time for 60 moves as the Laws
// define the kinds: blitz at 10 minutes or less (LAWS B.1), rapid above
// 10 and below 60 (LAWS A.1), standard from 60. Only the tests need it:
// the office classifies with the bounds of rules.yaml (validate).
func (r Rate) LawsKind() Kind {
	t := r.MinutesFor60Moves()
	switch {
	case t <= 10:
		return Blitz
	case t < 60:
		return Rapid
	}
	return Standard
}
