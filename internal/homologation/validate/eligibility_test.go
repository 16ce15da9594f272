package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
	"omologa/internal/tournament/rateofplay"
)

// runIn runs one check with a full input and decision.
func runIn(t testing.TB, check string, kind fsi.Kind, in Input, d Decision) []Finding {
	t.Helper()
	return runSet(t, check, ruleSet(t, kind), in, d)
}

// runSet runs one check under a given rule set (a copy of the
// repository's with a setting changed).
func runSet(t testing.TB, check string, set *RuleSet, in Input, d Decision) []Finding {
	t.Helper()
	var c *Check
	for _, x := range Checks() {
		if x.Name == check {
			c = x
		}
	}
	if c == nil {
		t.Fatalf("no check %s", check)
	}
	if d.Play == "" {
		d.Play = fsi.Standard
	}
	p := &Pass{Input: in, Set: set, Kind: d.Play, Decision: d}
	c.Run(p)
	record(t, p.findings)
	for _, f := range p.findings {
		if strings.Contains(f.MessageIT+f.MessageEN, "{") {
			t.Errorf("%s: placeholder left in message: %s / %s", f.Rule, f.MessageIT, f.MessageEN)
		}
	}
	return p.findings
}

// swissOf builds an n-player, r-round crosstable where player i meets
// player i+1 (mod n) ... enough for counting rounds and players: each
// round pairs 1–2, 3–4, ... with a bye for the odd one out.
func swissOf(t testing.TB, n, r int) *tournament.Tournament {
	rows := make([]string, n)
	for round := 0; round < r; round++ {
		for i := 0; i < n; i++ {
			var e string
			switch {
			case i%2 == 0 && i+1 < n:
				e = fmt.Sprintf("%dw1", i+2)
			case i%2 == 1:
				e = fmt.Sprintf("%db0", i)
			default:
				e = "0-U"
			}
			rows[i] += " " + e
		}
	}
	return xt(t, rows...)
}

func rate(t testing.TB, text string) *rateofplay.Rate {
	t.Helper()
	r, err := rateofplay.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func days(start tournament.Date, rounds int, perDay int) []tournament.Date {
	var ds []tournament.Date
	for i := 0; i < rounds; i++ {
		ds = append(ds, start.AddDays(i/perDay))
	}
	return ds
}

func TestRTF_5_3_1_a_Rounds(t *testing.T) {
	d := tournament.NewDate(2025, 5, 1)
	cases := []struct {
		name   string
		kind   fsi.Kind
		rounds int
		dates  []tournament.Date
		want   []string
	}{
		{"RTF 5.3.1 a: six rounds", fsi.Standard, 6, nil, nil},
		{"RTF 5.3.1 a: four rounds", fsi.Standard, 4, nil, []string{"eligibility.min-rounds"}},
		{"RTF 5.3.1 a: five rounds on consecutive days", fsi.Standard, 5, days(d, 5, 1), nil},
		{"RTF 5.3.1 a: five rounds, two a day, unbroken", fsi.Standard, 5, days(d, 5, 2), nil},
		{"RTF 5.3.1 a: five rounds with a gap", fsi.Standard, 5,
			[]tournament.Date{d, d.AddDays(1), d.AddDays(2), d.AddDays(7), d.AddDays(8)}, []string{"eligibility.few-rounds-not-consecutive"}},
		{"RTF 5.3.1 a: five rounds, dates unknown", fsi.Standard, 5, nil, []string{"eligibility.few-rounds-unverified"}},
		{"RAPID 4.3: five rounds are too few", fsi.Rapid, 5, days(d, 5, 5), []string{"eligibility.min-rounds"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 8, c.rounds)
			tr.RoundDates = c.dates
			got := rulesOf(run(t, "eligibility.rounds", c.kind, tr))
			if !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestRTF_5_3_1_c_Players(t *testing.T) {
	d := tournament.NewDate(2025, 5, 1)
	cases := []struct {
		name            string
		kind            fsi.Kind
		players, rounds int
		want            []string
	}{
		{"RTF 5.3.1 c: seven players, six rounds", fsi.Standard, 7, 6, nil},
		{"RTF 5.3.1 c: six players, six rounds", fsi.Standard, 6, 6, []string{"eligibility.min-players"}},
		{"RTF 5.3.1 c: six players, five rounds", fsi.Standard, 6, 5, nil},
		{"RAPID 4.4: thirteen players", fsi.Rapid, 13, 6, []string{"eligibility.min-players"}},
		{"RAPID 4.4: fourteen players", fsi.Rapid, 14, 6, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, c.players, c.rounds)
			tr.RoundDates = days(d, c.rounds, 1)
			if got := rulesOf(run(t, "eligibility.players", c.kind, tr)); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
	t.Run("RTF 5.3.1 c: a listed player who never played does not count", func(t *testing.T) {
		tr := swissOf(t, 7, 6)
		tr.Players = append(tr.Players, tournament.Player{Start: 8, Rounds: []tournament.RoundEntry{{Code: tournament.CodeZeroBye}}})
		tr.Players[6].Rounds = []tournament.RoundEntry{{Code: tournament.CodeZeroBye}}
		if got := rulesOf(run(t, "eligibility.players", fsi.Standard, tr)); !slices.Equal(got, []string{"eligibility.min-players"}) {
			t.Errorf("got %v", got)
		}
	})
}

func TestRTF_5_3_1_d_RateOfPlay(t *testing.T) {
	cases := []struct {
		name   string
		kind   fsi.Kind
		rate   string
		rating int
		want   []string
	}{
		{"RTF 5.3.1 d: 90'+30\" is 120 minutes", fsi.Standard, `90'+30"`, 2300, nil},
		{"RTF 5.3.1 d: 60'+15\" is 75 minutes", fsi.Standard, `60'+15"`, 1500, []string{"eligibility.rate-too-short"}},
		{"RTF 5.3.1 d: 2h", fsi.Standard, "2h", 2000, nil},
		{"FIDE-RR 1.3: first control of 30 moves", fsi.Standard, "30/90+30+30s", 2000, []string{"eligibility.first-control-moves"}},
		{"RAPID 4.1: 15'+10\" is 25 minutes", fsi.Rapid, `15'+10"`, 1500, nil},
		{"RAPID 4.1: 60 minutes included", fsi.Rapid, "60'", 1500, nil},
		{"RAPID 4.1: 10 minutes", fsi.Rapid, "10'", 1500, []string{"eligibility.rate-too-short"}},
		{"RAPID 4.1: 90 minutes", fsi.Rapid, "90'", 1500, []string{"eligibility.rate-too-long"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 8, 6)
			tr.RateOfPlay, tr.RateOfPlayText = rate(t, c.rate), c.rate
			tr.Players[0].Rating = c.rating
			if got := rulesOf(run(t, "eligibility.rate-of-play", c.kind, tr)); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
	t.Run("RTF 5.3.1 d: unknown and unreadable rates are said", func(t *testing.T) {
		tr := swissOf(t, 8, 6)
		if got := rulesOf(run(t, "eligibility.rate-of-play", fsi.Standard, tr)); !slices.Equal(got, []string{"eligibility.rate-unknown"}) {
			t.Errorf("got %v", got)
		}
		tr.RateOfPlayText, tr.RateOfPlayError = "Standard", "no time"
		if got := rulesOf(run(t, "eligibility.rate-of-play", fsi.Standard, tr)); !slices.Equal(got, []string{"eligibility.rate-unreadable"}) {
			t.Errorf("got %v", got)
		}
	})
}

func TestFIDE_RR_3_1_GamesAndHoursPerDay(t *testing.T) {
	d := tournament.NewDate(2025, 5, 1)
	cases := []struct {
		name    string
		rate    string
		perDay  int
		rounds  int
		want    []string
		noDates bool
	}{
		{"FIDE-RR 3.1: two 90'+30\" rounds a day (8 hours)", `90'+30"`, 2, 6, nil, false},
		{"FIDE-RR 3.1: three 90'+30\" rounds a day (12 hours)", `90'+30"`, 3, 6, nil, false},
		{"FIDE-RR 3.1: four rounds a day", `15'+10"`, 4, 8, []string{"eligibility.games-per-day", "eligibility.games-per-day"}, false},
		{"FIDE-RR 3.1: three rounds of 150 minutes a day (15 hours)", "40/90+30+30s", 3, 6,
			[]string{"eligibility.hours-per-day", "eligibility.hours-per-day"}, false},
		{"FIDE-RR 3.1: six rounds in one day, no round dates", `90'+30"`, 6, 6,
			[]string{"eligibility.round-dates-missing", "eligibility.games-per-day-span", "eligibility.hours-per-day-span"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 8, c.rounds)
			tr.RateOfPlay, tr.RateOfPlayText = rate(t, c.rate), c.rate
			tr.RoundDates = days(d, c.rounds, c.perDay)
			tr.Start, tr.End = d, tr.RoundDates[c.rounds-1]
			if c.noDates {
				tr.RoundDates = nil
			}
			if got := rulesOf(run(t, "eligibility.schedule", fsi.Standard, tr)); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestFIDE_RR_4_1_Duration(t *testing.T) {
	d := tournament.NewDate(2025, 3, 1)
	cases := []struct {
		name       string
		start, end tournament.Date
		want       []string
	}{
		{"FIDE-RR 4.1: 90 days, both ends counted", d, d.AddDays(89), nil},
		{"FIDE-RR 4.1: 91 days", d, d.AddDays(90), []string{"eligibility.too-long"}},
		{"RTF 5.3.1 e: end before start", d, d.AddDays(-1), []string{"eligibility.end-before-start"}},
		{"RTF 5.3.1 e: no dates", tournament.Date{}, tournament.Date{}, []string{"eligibility.dates-missing"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 8, 6)
			tr.Start, tr.End = c.start, c.end
			if got := rulesOf(run(t, "eligibility.duration", fsi.Standard, tr)); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func sampleRegisters() *registers.Set {
	return &registers.Set{
		Players: &registers.Players{Rows: []registers.Player{
			{FSIID: "100001", FideID: "800001", Surname: "Rossi", Name: "Mario", Category: "1N", FideStandard: 1900, MembershipYear: 2025},
			{FSIID: "100002", Surname: "Bianchi", Name: "Luca", Category: "NC", EloItalia: 1440, MembershipYear: 2024},
		}},
		Arbiters: []registers.Arbiter{
			{FSIID: "200001", Surname: "Verdi", Name: "Anna", Category: "AN"},
			{FSIID: "200002", Surname: "Neri", Name: "Paolo", Category: "AR"},
		},
		Calendar: []registers.Event{
			{Code: "2025-MI-0001", Name: "Open di Milano", City: "Milano", Start: tournament.NewDate(2025, 5, 1),
				End: tournament.NewDate(2025, 5, 4), Kind: "standard"},
		},
	}
}

func TestRTF_5_3_1_f_Arbiter(t *testing.T) {
	cases := []struct {
		name, arbiter string
		reg           *registers.Set
		want          []string
	}{
		{"RTF 5.3.1 f: Arbitro Nazionale", "Verdi Anna", sampleRegisters(), []string{"eligibility.arbiter-found"}},
		{"RTF 5.3.1 f: Arbitro Regionale is too low", "Paolo Neri", sampleRegisters(), []string{"eligibility.arbiter-category"}},
		{"RTF 5.3.1 f: not in the register", "Gialli Carlo", sampleRegisters(), []string{"eligibility.arbiter-unknown"}},
		{"RTF 5.3.1 f: no register", "Verdi Anna", nil, []string{"eligibility.arbiter-not-checked"}},
		{"RTF 5.3.1 f: no arbiter", "N/D", sampleRegisters(), []string{"eligibility.arbiter-missing"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 8, 6)
			tr.ChiefArbiter = c.arbiter
			got := rulesOf(runIn(t, "eligibility.arbiter", fsi.Standard, Input{Tournament: tr, Registers: c.reg}, Decision{}))
			if !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestRTF_5_3_1_g_Authorisation(t *testing.T) {
	cases := []struct {
		name, tname, city string
		start             tournament.Date
		reg               *registers.Set
		want              []string
	}{
		{"RTF 5.3.1 g: in the calendar", "Open di Milano 2025", "Milano", tournament.NewDate(2025, 5, 1), sampleRegisters(), []string{"eligibility.authorised"}},
		{"RTF 5.3.1 g: not in the calendar", "Torneo di Pavia", "Pavia", tournament.NewDate(2025, 5, 1), sampleRegisters(), []string{"eligibility.not-authorised"}},
		{"RTF 5.3.1 g: same name, months away", "Open di Milano 2025", "Milano", tournament.NewDate(2025, 9, 1), sampleRegisters(), []string{"eligibility.not-authorised"}},
		// regs §4c: dates that differ from the authorised ones stay a warning.
		{"RTF 6.1.1: same name, weeks away", "Open di Milano 2025", "Milano", tournament.NewDate(2025, 5, 20), sampleRegisters(), []string{"eligibility.authorised", "eligibility.authorisation-dates"}},
		{"RTF 5.3.1 g: no calendar", "Open di Milano 2025", "Milano", tournament.NewDate(2025, 5, 1), nil, []string{"eligibility.authorisation-not-checked"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 8, 6)
			tr.Name, tr.City, tr.Start, tr.End = c.tname, c.city, c.start, c.start.AddDays(3)
			got := rulesOf(runIn(t, "eligibility.authorisation", fsi.Standard, Input{Tournament: tr, Registers: c.reg}, Decision{}))
			if !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

// TestRTF_6_2_1_NotAuthorisedIsRejected: authorisation is a requirement
// (regs §4c; RTF 5.3.1 g, 6.1.1, 6.2.1 "competizioni regolarmente
// autorizzate"): a tournament with no authorisation in the calendar is
// rejected (measured: it was a warning and the tournament accepted);
// other dates and an ambiguous match (several events fit alike) stay
// warnings, and an uncertain match is held for the office (issue 30:
// authorisation is never assumed), in every rule set.
func TestRTF_6_2_1_NotAuthorisedIsRejected(t *testing.T) {
	want := map[string]Severity{"eligibility.not-authorised": SeverityError,
		"eligibility.authorisation-ambiguous": SeverityWarning, "eligibility.authorisation-uncertain": SeverityHold,
		"eligibility.authorisation-dates": SeverityWarning, "eligibility.declared-unauthorised": SeverityError}
	for _, kind := range []fsi.Kind{fsi.Standard, fsi.Promotion, fsi.Rapid} {
		set := ruleSet(t, kind)
		for id, sev := range want {
			if got, _ := set.Rule(id); got.Severity != sev {
				t.Errorf("%s: %s is %s, want %s", kind, id, got, sev)
			}
		}
	}
	tr := swissOf(t, 8, 6)
	tr.Name, tr.City, tr.Start, tr.End = "Torneo di Pavia", "Pavia", tournament.NewDate(2025, 5, 1), tournament.NewDate(2025, 5, 4)
	fs := runIn(t, "eligibility.authorisation", fsi.Standard, Input{Tournament: tr, Registers: sampleRegisters()}, Decision{})
	if len(fs) != 1 || fs[0].Severity != SeverityError {
		t.Errorf("findings %+v, want one error", fs)
	}
}

func TestRTF_7_2_PairingSystem(t *testing.T) {
	cases := []struct {
		name     string
		kind     fsi.Kind
		declared string
		want     []string
	}{
		{"RTF 7.2.1: Swiss (Dutch)", fsi.Standard, "FIDE (Dutch) System", nil},
		{"RTF 7.2.1: round robin", fsi.Standard, "Girone all'italiana", nil},
		{"RTF 7.2.1: Italo-Swiss only for promotion", fsi.Standard, "Italo-svizzero", []string{"eligibility.pairing-not-allowed"}},
		{"RTF 7.2.2: Italo-Swiss in a promotion tournament", fsi.Promotion, "Italo-svizzero", nil},
		{"RTF 7.2.1: unknown system", fsi.Standard, "Scheveningen", []string{"eligibility.pairing-unknown"}},
		{"RTF 7.2.1: nothing declared", fsi.Standard, "", []string{"eligibility.pairing-inferred"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 8, 6)
			tr.PairingSystem = c.declared
			if got := rulesOf(run(t, "eligibility.pairing", c.kind, tr)); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestRAPID_3_1_Arbiter(t *testing.T) {
	cases := []struct {
		name, arbiter string
		want          string
		severity      Severity
	}{
		{"RAPID 3.1: an Arbitro Regionale may direct a rapid tournament", "Paolo Neri", "eligibility.arbiter-found", SeverityInfo},
		{"RAPID 3.1: no arbiter", "N/D", "eligibility.arbiter-missing", SeverityError},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 14, 6)
			tr.ChiefArbiter = c.arbiter
			fs := runIn(t, "eligibility.arbiter", fsi.Rapid, Input{Tournament: tr, Registers: sampleRegisters()}, Decision{})
			if len(fs) != 1 || fs[0].Rule != c.want || fs[0].Article != "RAPID 3.1" || fs[0].Severity != c.severity {
				t.Errorf("got %+v, want one %s (%s) citing RAPID 3.1", fs, c.want, c.severity)
			}
		})
	}
}

func TestRAPID_4_5_PairingSystem(t *testing.T) {
	cases := []struct {
		name, declared string
		want           []string
	}{
		{"RAPID 4.5: Swiss", "FIDE (Dutch) System", nil},
		{"RAPID 4.5: round robin", "Girone all'italiana", nil},
		{"RAPID 4.5: another system is only advised against", "Italo-svizzero", []string{"eligibility.pairing-not-allowed"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 14, 6)
			tr.PairingSystem = c.declared
			fs := run(t, "eligibility.pairing", fsi.Rapid, tr)
			if got := rulesOf(fs); !slices.Equal(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
			for _, f := range fs {
				if f.Severity != SeverityWarning || f.Article != "RAPID 4.5" {
					t.Errorf("%s: %s citing %q, want a warning citing RAPID 4.5", f.Rule, f.Severity, f.Article)
				}
			}
		})
	}
}

func TestRAPID_3_2_Membership(t *testing.T) {
	tr := swissOf(t, 2, 1)
	tr.Players[0].Name, tr.Players[0].FideID = "Rossi, Mario", "800001"
	tr.Players[1].Name = "Bianchi, Luca"
	in := Input{Tournament: tr, Registers: sampleRegisters()}
	fs := runIn(t, "eligibility.membership", fsi.Rapid, in, Decision{On: tournament.NewDate(2025, 6, 1)})
	if got := rulesOf(fs); !slices.Equal(got, []string{"eligibility.membership-missing"}) || fs[0].Player != 2 {
		t.Errorf("got %+v", fs)
	}
	in.Registers = nil
	if got := rulesOf(runIn(t, "eligibility.membership", fsi.Rapid, in, Decision{On: tournament.NewDate(2025, 6, 1)})); !slices.Equal(got, []string{"eligibility.membership-not-checked"}) {
		t.Errorf("no register: got %v", got)
	}
	if got := runIn(t, "eligibility.membership", fsi.Standard, in, Decision{}); len(got) != 0 {
		t.Errorf("standard rules switch it off: got %v", rulesOf(got))
	}
}

func TestLAWS_A1_B1_KindOfPlay(t *testing.T) {
	f := loadRules(t)
	cases := []struct {
		name, rate, declared string
		wantPlay, wantSet    fsi.Kind
		want                 []string
	}{
		{"LAWS A.1: 90'+30\" is standard", `90'+30"`, "", fsi.Standard, fsi.Standard, nil},
		{"LAWS A.1: 15'+10\" is rapid", `15'+10"`, "", fsi.Rapid, fsi.Rapid, nil},
		{"RAPID 4.1: 60' is rapid", "60'", "", fsi.Rapid, fsi.Rapid, nil},
		{"LAWS B.1: 3'+2\" is blitz, not rated", `3'+2"`, "", fsi.Blitz, fsi.Standard, []string{"eligibility.blitz"}},
		{"LAWS A.1: submitted as rapid, played standard", `90'+30"`, "rapid", fsi.Rapid, fsi.Rapid, []string{"eligibility.kind-mismatch"}},
		{"RTF 5.2.1 a: submitted as promotion", `90'+30"`, "promozione", fsi.Standard, fsi.Promotion, []string{"eligibility.promotion"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 8, 6)
			tr.RateOfPlay, tr.RateOfPlayText = rate(t, c.rate), c.rate
			tr.Start, tr.End = tournament.NewDate(2025, 5, 1), tournament.NewDate(2025, 5, 3)
			in := Input{Tournament: tr, Submission: Submission{Kind: c.declared}}
			d := decide(f, in)
			if d.Play != c.wantPlay || d.RuleSetKind != c.wantSet {
				t.Fatalf("decided %s play, %s rules; want %s, %s", d.Play, d.RuleSetKind, c.wantPlay, c.wantSet)
			}
			d.InRange = true
			if got := rulesOf(runIn(t, "eligibility.kind", d.RuleSetKind, in, d)); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestRAPID_5_2_Deadline(t *testing.T) {
	rome, _ := time.LoadLocation("Europe/Rome")
	end := tournament.NewDate(2025, 5, 4)
	cases := []struct {
		name     string
		received time.Time
		want     []string
	}{
		{"RAPID 5.2: end + 8 days is in time", time.Date(2025, 5, 12, 22, 0, 0, 0, rome), []string{"deadline.list-period", "deadline.in-time"}},
		{"RAPID 5.2: end + 9 days is late", time.Date(2025, 5, 13, 9, 0, 0, 0, rome), []string{"deadline.list-period", "deadline.late"}},
		{"RAPID 5.2: days counted in Rome (23:30 UTC is the next day)", time.Date(2025, 5, 12, 23, 30, 0, 0, time.UTC), []string{"deadline.list-period", "deadline.late"}},
		{"RAPID 5.2: received before the end", time.Date(2025, 5, 2, 9, 0, 0, 0, rome), []string{"deadline.list-period", "deadline.before-end"}},
		{"RAPID 5.2: receipt time unknown", time.Time{}, []string{"deadline.not-checked"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 8, 6)
			tr.Start, tr.End = end.AddDays(-3), end
			in := Input{Tournament: tr, Submission: Submission{ReceivedAt: c.received}}
			if got := rulesOf(runIn(t, "deadline.receipt", fsi.Rapid, in, Decision{})); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestRTF_4_2_2_ListPeriod(t *testing.T) {
	rome, _ := time.LoadLocation("Europe/Rome")
	cases := []struct {
		name     string
		kind     fsi.Kind
		received time.Time
		want     string
	}{
		{"RTF 4.2.2: by the tenth day before 1 March", fsi.Standard, time.Date(2026, 2, 19, 12, 0, 0, 0, rome), "2026-03"},
		{"RTF 4.2.2: the ninth day before goes to May", fsi.Standard, time.Date(2026, 2, 20, 9, 0, 0, 0, rome), "2026-05"},
		{"RTF 4.2.2: December goes to next January", fsi.Standard, time.Date(2026, 12, 1, 9, 0, 0, 0, rome), "2027-01"},
		{"RTF 4.2.2: after the November cut-off", fsi.Standard, time.Date(2026, 11, 23, 9, 0, 0, 0, rome), "2027-01"},
		{"RAPID 6.2: by the 25th", fsi.Rapid, time.Date(2026, 11, 25, 20, 0, 0, 0, rome), "2026-12"},
		{"RAPID 6.2: the 26th goes to the list after", fsi.Rapid, time.Date(2026, 11, 26, 9, 0, 0, 0, rome), "2027-01"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &Pass{Set: ruleSet(t, c.kind), Input: Input{Submission: Submission{ReceivedAt: c.received}}}
			per := p.listPeriod()
			if per.Label != c.want {
				t.Errorf("list %s (cut-off %s), want %s", per.Label, per.Cutoff, c.want)
			}
		})
	}
	t.Run("RTF 4.2.2: the deadline check names the list", func(t *testing.T) {
		tr := swissOf(t, 8, 6)
		received := time.Date(2026, 2, 19, 12, 0, 0, 0, rome)
		tr.Start, tr.End = tournament.NewDate(2026, 2, 14), tournament.NewDate(2026, 2, 17)
		in := Input{Tournament: tr, Submission: Submission{ReceivedAt: received}}
		fs := runIn(t, "deadline.receipt", fsi.Standard, in, Decision{})
		i := slices.IndexFunc(fs, func(f Finding) bool { return f.Rule == "deadline.list-period" })
		if i < 0 || !strings.Contains(fs[i].MessageEN, "March 2026") {
			t.Errorf("got %+v, want deadline.list-period naming the list of March 2026", fs)
		}
	})
}

func TestRTF_4_2_16_Identity(t *testing.T) {
	tr := swissOf(t, 3, 1)
	tr.Players[0].Name, tr.Players[0].FideID, tr.Players[0].Rating = "Rossi, Mario", "800001", 1900
	tr.Players[1].Name = "Bianchi, Luca"
	tr.Players[2].Name = "Sconosciuto, Tizio"
	in := Input{Tournament: tr, Registers: sampleRegisters()}
	got := rulesOf(runIn(t, "identity.players", fsi.Standard, in, Decision{}))
	if !slices.Equal(got, []string{"identity.unknown", "identity.summary"}) {
		t.Errorf("got %v", got)
	}
	t.Run("RTF 4.2.4: rating differs from the list", func(t *testing.T) {
		tr.Players[0].Rating = 1950
		got := rulesOf(runIn(t, "identity.players", fsi.Standard, in, Decision{}))
		if !slices.Contains(got, "identity.rating-mismatch") {
			t.Errorf("got %v", got)
		}
		tr.Players[0].Rating = 1900
	})
	t.Run("RTF 4.2.16: the same FIDE id twice", func(t *testing.T) {
		tr.Players[2].FideID = "800001"
		got := rulesOf(runIn(t, "identity.players", fsi.Standard, Input{Tournament: tr}, Decision{}))
		if !slices.Equal(got, []string{"identity.duplicate", "identity.not-checked"}) {
			t.Errorf("got %v", got)
		}
		tr.Players[2].FideID = ""
	})
	t.Run("RTF 5.2.1 a: a 1N player in a promotion tournament", func(t *testing.T) {
		got := runIn(t, "identity.categories", fsi.Promotion, in, Decision{})
		var players []int
		for _, f := range got {
			players = append(players, f.Player)
		}
		if !slices.Equal(rulesOf(got), []string{"identity.category-not-allowed", "identity.category-unknown"}) ||
			!slices.Equal(players, []int{1, 3}) {
			t.Errorf("got %v for players %v", rulesOf(got), players)
		}
	})
}

func TestRAPID_5_2_SubmissionFields(t *testing.T) {
	tr := swissOf(t, 8, 6)
	tr.City, tr.ChiefArbiter = "Milano", "Verdi Anna"
	tr.Start, tr.End = tournament.NewDate(2025, 5, 1), tournament.NewDate(2025, 5, 4)
	cases := []struct {
		name   string
		fields map[string]string
		want   []string
	}{
		{"RAPID 5.2: everything stated and agreeing", map[string]string{"venue": "Milano", "date": "1-4/5/2025", "arbiter": "Anna Verdi", "organiser": "ASD Scacchi"}, nil},
		{"RAPID 5.2: organiser missing", map[string]string{"venue": "Milano", "date": "1 maggio 2025", "arbiter": "Verdi"}, []string{"submission.field-missing"}},
		{"RAPID 5.2: other venue and dates", map[string]string{"venue": "Torino", "date": "12/09/2025", "arbiter": "Verdi Anna", "organiser": "x"},
			[]string{"submission.venue-mismatch", "submission.date-mismatch"}},
		{"RAPID 5.2: not by e-mail", nil, []string{"submission.not-email"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := Input{Tournament: tr, Submission: Submission{Fields: c.fields, Channel: "imap"}}
			if got := rulesOf(runIn(t, "submission.fields", fsi.Rapid, in, Decision{})); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestRAPID_5_2_Format(t *testing.T) {
	cases := []struct {
		name string
		in   Input
		want []string
	}{
		{"RAPID 5.2: a Vega binary is refused", Input{ReadError: &tournament.RefusedError{Kind: "vegz", AdviceIT: "x", AdviceEN: "x"}}, []string{"format.refused"}},
		{"RTF 6.2.2: a PDF crosstable beside the TRF is kept and noted", Input{Attachment: true,
			ReadError: &tournament.RefusedError{Kind: "pdf", AdviceIT: "x", AdviceEN: "x"}}, []string{"format.attachment"}},
		{"RAPID 5.2: a PDF alone is refused", Input{ReadError: &tournament.RefusedError{Kind: "pdf", AdviceIT: "x", AdviceEN: "x"}}, []string{"format.refused"}},
		{"RAPID 5.2: a Vega binary beside a TRF is still refused", Input{Attachment: true,
			ReadError: &tournament.RefusedError{Kind: "vegz", AdviceIT: "x", AdviceEN: "x"}}, []string{"format.refused"}},
		{"RAPID 5.2: an unreadable file", Input{ReadError: &tournament.ParseError{File: "f", Line: 3, Field: "001", Err: fmt.Errorf("bad")}}, []string{"format.unreadable"}},
		{"RAPID 5.2: an empty file", Input{ReadError: tournament.ErrEmpty}, []string{"format.empty"}},
		{"FIDE TRF: the reader's diagnostics at their lines", Input{Tournament: swissOf(t, 2, 1), Diagnostics: []tournament.Diagnostic{
			{Line: 4, Severity: tournament.Warning, Code: "trf.x", Field: "042", Message: "m"}}}, []string{"format.read-warning"}},
		{"FIDE TRF: no players", Input{Tournament: &tournament.Tournament{}}, []string{"format.no-players"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := rulesOf(runIn(t, "format.reader", fsi.Standard, c.in, Decision{})); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

// A one-day tournament's dates are written once in the authorisation
// findings (RTF 6.1.1, RAPID 2.1): "21/11/2026", not "21/11/2026 – 21/11/2026".
func TestDateSpan(t *testing.T) {
	d := func(y, m, dd int) tournament.Date { return tournament.NewDate(y, time.Month(m), dd) }
	for _, c := range []struct {
		start, end tournament.Date
		it, en     string
	}{
		{d(2026, 11, 21), d(2026, 11, 21), "21/11/2026", "2026-11-21"},
		{d(2026, 11, 12), d(2026, 11, 18), "12/11/2026 – 18/11/2026", "2026-11-12 – 2026-11-18"},
		{tournament.Date{}, tournament.Date{}, "? – ?", "? – ?"},
	} {
		v := dateSpan(c.start, c.end)
		if it, en := format(v, "it"), format(v, "en"); it != c.it || en != c.en {
			t.Errorf("dateSpan(%v, %v) = %q / %q, want %q / %q", c.start, c.end, it, en, c.it, c.en)
		}
	}
}

// RTF 6.2.2: results are sent after the end. A tournament dated in the
// future (issue 20: ends 20/12, received 26/11) is rejected, the day
// counted in the rules' time zone; a start after the end too (RTF 5.3.1 e).
func TestRTF_6_2_2_DatedInTheFuture(t *testing.T) {
	rome, _ := time.LoadLocation("Europe/Rome")
	cases := []struct {
		name       string
		start, end tournament.Date
		received   time.Time
		rule       string
		severity   Severity
	}{
		{"RTF 6.2.2: ends 20/12, received 26/11", tournament.NewDate(2026, 12, 18), tournament.NewDate(2026, 12, 20),
			time.Date(2026, 11, 26, 10, 0, 0, 0, rome), "deadline.before-end", SeverityError},
		{"RTF 6.2.2: received at 23:30 UTC, the day after in Rome, the day it ends", tournament.NewDate(2026, 11, 25), tournament.NewDate(2026, 11, 27),
			time.Date(2026, 11, 26, 23, 30, 0, 0, time.UTC), "deadline.in-time", SeverityInfo},
		{"RTF 6.2.2: received the day it ends", tournament.NewDate(2026, 11, 24), tournament.NewDate(2026, 11, 26),
			time.Date(2026, 11, 26, 23, 0, 0, 0, rome), "deadline.in-time", SeverityInfo},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 8, 6)
			tr.Start, tr.End = c.start, c.end
			in := Input{Tournament: tr, Submission: Submission{ReceivedAt: c.received}}
			fs := runIn(t, "deadline.receipt", fsi.Standard, in, Decision{})
			i := slices.IndexFunc(fs, func(f Finding) bool { return f.Rule == c.rule })
			if i < 0 || fs[i].Severity != c.severity || (c.severity == SeverityError && !strings.Contains(fs[i].Article, "RTF 6.2.2")) {
				t.Errorf("got %+v, want %s (%s, RTF 6.2.2)", fs, c.rule, c.severity)
			}
		})
	}
	t.Run("RTF 6.2.2: dated in the future, in a rule set without the deadline", func(t *testing.T) {
		set := *ruleSet(t, fsi.Standard)
		set.Params.Deadline.Apply = false
		tr := swissOf(t, 8, 6)
		tr.Start, tr.End = tournament.NewDate(2026, 12, 18), tournament.NewDate(2026, 12, 20)
		in := Input{Tournament: tr, Submission: Submission{ReceivedAt: time.Date(2026, 11, 26, 10, 0, 0, 0, rome)}}
		if got := rulesOf(runSet(t, "deadline.receipt", &set, in, Decision{})); !slices.Equal(got, []string{"deadline.list-period", "deadline.before-end"}) {
			t.Errorf("got %v, want the list period and deadline.before-end", got)
		}
	})
	t.Run("RTF 5.3.1 e: a start after the end", func(t *testing.T) {
		tr := swissOf(t, 8, 6)
		tr.Start, tr.End = tournament.NewDate(2026, 11, 20), tournament.NewDate(2026, 11, 18)
		in := Input{Tournament: tr, Submission: Submission{ReceivedAt: time.Date(2026, 11, 23, 10, 0, 0, 0, rome)}}
		fs := runIn(t, "eligibility.duration", fsi.Standard, in, Decision{})
		i := slices.IndexFunc(fs, func(f Finding) bool { return f.Rule == "eligibility.end-before-start" })
		if i < 0 || fs[i].Severity != SeverityError {
			t.Errorf("got %+v, want eligibility.end-before-start as an error", fs)
		}
	})
}

// RAPID 6.2, issue 20: a file received for a list the office closed
// already counts in the next open one, and the finding names it.
func TestRAPID_6_2_ClosedListCountsInTheNext(t *testing.T) {
	rome, _ := time.LoadLocation("Europe/Rome")
	in := Input{Submission: Submission{ReceivedAt: time.Date(2026, 11, 24, 9, 0, 0, 0, rome),
		ClosedLists: []string{"rapid 2026-12", "standard 2027-01"}}}
	p := &Pass{Set: ruleSet(t, fsi.Rapid), Input: in}
	if per := p.listPeriod(); per.Label != "2027-01" {
		t.Errorf("rapid list %s, want 2027-01 (December's is closed)", per.Label)
	}
	in.Submission.ClosedLists = []string{"standard 2026-12"}
	p = &Pass{Set: ruleSet(t, fsi.Rapid), Input: in}
	if per := p.listPeriod(); per.Label != "2026-12" {
		t.Errorf("rapid list %s, want 2026-12 (a standard list closed is another list)", per.Label)
	}
}
