package validate

import (
	"slices"
	"testing"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
)

// Table tests for the findings that need a register, a submission or a
// changed setting: the cases the main tables of each article leave out.

func TestRTF_5_3_1_f_ArbiterRegister(t *testing.T) {
	twoVerdi := sampleRegisters()
	twoVerdi.Arbiters = append(twoVerdi.Arbiters, registers.Arbiter{FSIID: "200003", Surname: "Verdi", Name: "Anna", Category: "ACN"})
	expired := sampleRegisters()
	expired.Arbiters[0].ValidUntil = tournament.NewDate(2024, 12, 31)
	cases := []struct {
		name string
		reg  *registers.Set
		want []string
	}{
		{"RTF 5.3.1 f: two arbiters of that name", twoVerdi, []string{"eligibility.arbiter-ambiguous"}},
		{"RTF 5.3.1 f: the arbiter's qualification expired before the start", expired, []string{"eligibility.arbiter-expired"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 8, 6)
			tr.ChiefArbiter, tr.Start, tr.End = "Verdi Anna", tournament.NewDate(2025, 5, 1), tournament.NewDate(2025, 5, 4)
			got := rulesOf(runIn(t, "eligibility.arbiter", fsi.Standard, Input{Tournament: tr, Registers: c.reg}, Decision{}))
			if !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestRTF_6_1_1_AuthorisationMatch(t *testing.T) {
	start := tournament.NewDate(2025, 5, 1)
	twice := sampleRegisters()
	twice.Calendar = append(twice.Calendar, registers.Event{Code: "2025-MI-0002", Name: "Open di Milano", City: "Milano",
		Start: start, End: start.AddDays(3), Kind: "standard"})
	rapid := sampleRegisters()
	rapid.Calendar[0].Kind = "rapid"
	cases := []struct {
		name, tname string
		start       tournament.Date
		reg         *registers.Set
		want        []string
	}{
		{"RTF 6.1.1: two events of the calendar fit", "Open di Milano", start, twice, []string{"eligibility.authorisation-ambiguous"}},
		{"RTF 6.1.1: authorised by code, played on other dates", "Open di Milano 2025-MI-0001", start.AddDays(60), sampleRegisters(),
			[]string{"eligibility.authorised", "eligibility.authorisation-dates"}},
		{"RTF 6.1.1: authorised as a rapid, judged as standard", "Open di Milano", start, rapid,
			[]string{"eligibility.authorised", "eligibility.authorisation-kind"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 8, 6)
			tr.Name, tr.City, tr.Start, tr.End = c.tname, "Milano", c.start, c.start.AddDays(3)
			got := rulesOf(runIn(t, "eligibility.authorisation", fsi.Standard, Input{Tournament: tr, Registers: c.reg}, Decision{}))
			if !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestRAPID_3_2_MembershipUnknownPlayer(t *testing.T) {
	tr := swissOf(t, 2, 1)
	tr.Players[0].Name, tr.Players[0].FideID = "Rossi, Mario", "800001"
	tr.Players[1].Name = "Sconosciuto, Tizio"
	fs := runIn(t, "eligibility.membership", fsi.Rapid, Input{Tournament: tr, Registers: sampleRegisters()},
		Decision{On: tournament.NewDate(2025, 6, 1)})
	if got := rulesOf(fs); !slices.Equal(got, []string{"eligibility.membership-unknown"}) || fs[0].Player != 2 {
		t.Errorf("got %+v", fs)
	}
}

func TestFIDE_RR_1_1_RatingThresholds(t *testing.T) {
	// The RTF's 120 minutes cover every FIDE-RR 1.1 threshold; with a
	// lower national minimum the thresholds bite.
	set := *ruleSet(t, fsi.Standard)
	set.Params.Eligibility.RateOfPlay.MinMinutes60 = 60
	cases := []struct {
		name   string
		rating int
		want   []string
	}{
		{"FIDE-RR 1.1: 75 minutes with a player rated 1700", 1700, []string{"eligibility.rate-fide-threshold"}},
		{"FIDE-RR 1.1: 75 minutes, everyone below 1600", 1500, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 8, 6)
			tr.RateOfPlay, tr.RateOfPlayText = rate(t, `60'+15"`), `60'+15"`
			tr.Players[3].Rating = c.rating
			fs := runSet(t, "eligibility.rate-of-play", &set, Input{Tournament: tr}, Decision{})
			if got := rulesOf(fs); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestLAWS_A1_B1_KindOfPlayUnknown(t *testing.T) {
	f := loadRules(t)
	t.Run("LAWS A.1: no rate of play, nothing declared: judged as configured", func(t *testing.T) {
		tr := swissOf(t, 8, 6)
		tr.Start = tournament.NewDate(2025, 5, 1)
		in := Input{Tournament: tr}
		d := decide(f, in)
		d.InRange = true
		if got := rulesOf(runIn(t, "eligibility.kind", d.RuleSetKind, in, d)); !slices.Equal(got, []string{"eligibility.kind-assumed"}) {
			t.Errorf("got %v", got)
		}
	})
	t.Run("RTF 1.1: a tournament older than every rule set", func(t *testing.T) {
		tr := swissOf(t, 8, 6)
		tr.RateOfPlay, tr.RateOfPlayText = rate(t, `90'+30"`), `90'+30"`
		tr.Start = tournament.NewDate(2005, 7, 28)
		in := Input{Tournament: tr}
		d := decide(f, in)
		set, inRange := f.Select(d.RuleSetKind, d.On)
		d.InRange = inRange
		got := rulesOf(runSet(t, "eligibility.kind", set, in, d))
		if !slices.Equal(got, []string{"eligibility.rule-set-out-of-range"}) {
			t.Errorf("got %v", got)
		}
	})
}

func TestRAPID_5_2_DeadlineUnknownEnd(t *testing.T) {
	rec := time.Date(2025, 5, 12, 10, 0, 0, 0, time.UTC)
	t.Run("RAPID 5.2: end date unknown", func(t *testing.T) {
		in := Input{Tournament: swissOf(t, 8, 6), Submission: Submission{ReceivedAt: rec}}
		got := rulesOf(runIn(t, "deadline.receipt", fsi.Rapid, in, Decision{}))
		if !slices.Equal(got, []string{"deadline.list-period", "deadline.end-unknown"}) {
			t.Errorf("got %v", got)
		}
	})
	t.Run("RAPID 5.2: a rule set without the deadline", func(t *testing.T) {
		set := *ruleSet(t, fsi.Standard)
		set.Params.Deadline.Apply = false
		in := Input{Tournament: swissOf(t, 8, 6), Submission: Submission{ReceivedAt: rec}}
		got := rulesOf(runSet(t, "deadline.receipt", &set, in, Decision{}))
		if !slices.Equal(got, []string{"deadline.list-period", "deadline.not-applied"}) {
			t.Errorf("got %v", got)
		}
	})
	t.Run("RAPID 5.2: received the day the tournament ended", func(t *testing.T) {
		tr := swissOf(t, 8, 6)
		tr.Start, tr.End = tournament.NewDate(2025, 5, 10), tournament.NewDate(2025, 5, 12)
		fs := runIn(t, "deadline.receipt", fsi.Rapid, Input{Tournament: tr, Submission: Submission{ReceivedAt: rec}}, Decision{})
		if got := rulesOf(fs); !slices.Equal(got, []string{"deadline.list-period", "deadline.in-time"}) ||
			fs[1].MessageIT != "Ricevuto il 12/05/2025, il giorno stesso della fine del torneo (12/05/2025): nei termini (8 giorni, entro il 20/05/2025)." {
			t.Errorf("got %+v", fs)
		}
	})
}

func TestRAPID_5_2_SubmissionAgainstFileAndCalendar(t *testing.T) {
	tr := swissOf(t, 8, 6)
	tr.Name, tr.City, tr.ChiefArbiter = "Open di Milano", "Milano", "Verdi Anna"
	tr.Start, tr.End = tournament.NewDate(2025, 5, 1), tournament.NewDate(2025, 5, 4)
	reg := sampleRegisters()
	reg.Calendar[0].Organiser = "Società Scacchistica Milanese"
	cases := []struct {
		name   string
		fields map[string]string
		want   []string
	}{
		{"RAPID 5.2: another arbiter named in the message", map[string]string{"venue": "Milano", "date": "1/5/2025",
			"arbiter": "Neri Paolo", "organiser": "Società Scacchistica Milanese"}, []string{"submission.arbiter-mismatch"}},
		{"RAPID 5.2: a date that cannot be read", map[string]string{"venue": "Milano", "date": "il primo weekend di maggio",
			"arbiter": "Verdi", "organiser": "Società Scacchistica Milanese"}, []string{"submission.date-unreadable"}},
		{"RAPID 5.2: an organiser the calendar does not know", map[string]string{"venue": "Milano", "date": "1/5/2025",
			"arbiter": "Verdi", "organiser": "Circolo di Lodi"}, []string{"submission.organiser-mismatch"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := Input{Tournament: tr, Registers: reg, Submission: Submission{Fields: c.fields, Channel: "imap"}}
			if got := rulesOf(runIn(t, "submission.fields", fsi.Rapid, in, Decision{})); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestFIDE_TRF_ReaderDiagnostics(t *testing.T) {
	noRounds := &tournament.Tournament{Players: []tournament.Player{{Start: 1, Name: "A"}, {Start: 2, Name: "B"}}}
	cases := []struct {
		name string
		in   Input
		want []string
	}{
		{"FIDE TRF: an error of the reader", Input{Tournament: swissOf(t, 2, 1), Diagnostics: []tournament.Diagnostic{
			{Line: 5, Severity: tournament.Error, Code: "trf.x", Field: "001", Message: "m"}}}, []string{"format.read-error"}},
		{"FIDE TRF: a note of the reader", Input{Tournament: swissOf(t, 2, 1), Diagnostics: []tournament.Diagnostic{
			{Line: 1, Severity: tournament.Note, Code: "trf.x", Field: "012", Message: "m"}}}, []string{"format.read-note"}},
		{"FIDE TRF 001: players but no round", Input{Tournament: noRounds}, []string{"format.no-rounds"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := rulesOf(runIn(t, "format.reader", fsi.Standard, c.in, Decision{})); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestRTF_4_2_16_IdentityMatches(t *testing.T) {
	reg := func() *registers.Set {
		r := sampleRegisters()
		r.Players.Rows = append(r.Players.Rows,
			registers.Player{FSIID: "100003", Surname: "Esposito", Name: "Ciro", Category: "2N", MembershipYear: 2025},
			registers.Player{FSIID: "100004", Surname: "Esposito", Name: "Ciro", Category: "NC", MembershipYear: 2025})
		return r
	}
	cases := []struct {
		name string
		edit func(pl *tournament.Player)
		want string
	}{
		{"RTF 4.2.16: two register rows of that name", func(pl *tournament.Player) { pl.Name = "Esposito, Ciro" }, "identity.ambiguous"},
		{"RTF 4.1: the file's category is not the register's", func(pl *tournament.Player) {
			pl.Name, pl.FideID, pl.Category = "Rossi, Mario", "800001", "CM"
		}, "identity.category-mismatch"},
		{"RTF 4.2.16: the FIDE id and the FSI id name two people", func(pl *tournament.Player) {
			pl.Name, pl.FideID, pl.NationalID = "Rossi, Mario", "800001", "100002"
		}, "identity.id-conflict"},
		{"RTF 4.2.16: the FIDE id of someone else", func(pl *tournament.Player) {
			pl.Name, pl.FideID = "Gialli, Carlo", "800001"
		}, "identity.name-mismatch"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, 2, 1)
			tr.Players[1].Name, tr.Players[1].NationalID = "Bianchi, Luca", "100002"
			c.edit(&tr.Players[0])
			got := rulesOf(runIn(t, "identity.players", fsi.Standard, Input{Tournament: tr, Registers: reg()}, Decision{}))
			if !slices.Contains(got, c.want) {
				t.Errorf("got %v, want %s", got, c.want)
			}
		})
	}
}

func TestRTF_7_3_1_DeclaredStandings(t *testing.T) {
	// Three players, round robin: 1 beats 2 and draws 3, 2 beats 3.
	base := func() *tournament.Tournament {
		tr := xt(t, "2w1 3b=", "1b0 3w1", "2b0 1w=")
		tr.PairingSystem = "Round robin"
		return tr
	}
	cases := []struct {
		name string
		edit func(*tournament.Tournament)
		want []string
	}{
		{"RTF 7.3.1: no ranks declared", func(*tournament.Tournament) {},
			[]string{"tiebreak.computed", "tiebreak.no-declared-ranks"}},
		{"RTF 7.3.1: declared ranks agree, tie-breaks declared", func(tr *tournament.Tournament) {
			tr.Players[0].Rank, tr.Players[1].Rank, tr.Players[2].Rank = 1, 2, 3
			tr.TieBreaks = []string{"SB"}
		}, []string{"tiebreak.computed", "tiebreak.declared"}},
		{"RTF 7.3.1: declared points not those of the crosstable", func(tr *tournament.Tournament) {
			// Ranks other than the starting numbers, so that they are
			// read as a standing.
			tr.Players[0].Rank, tr.Players[1].Rank, tr.Players[2].Rank = 1, 3, 2
			tr.Players[1].Points = 3
		}, []string{"tiebreak.computed", "tiebreak.not-compared"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := base()
			c.edit(tr)
			if got := rulesOf(run(t, "tiebreak.standings", fsi.Standard, tr)); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
	t.Run("RTF 7.3.1: a Swiss ranked by another tie-break", func(t *testing.T) {
		// Held's Swiss: 1 and 16 share rank 4 on BH-C1; declare 16 as
		// 1st and 2 (the winner) as 16th.
		tr := xt(t, heldSwiss5...)
		st := standings(tr, ruleSet(t, fsi.Standard).Params.Tiebreak, false, nil)
		for _, s := range st {
			tr.Player(s.Start).Rank = s.Rank
		}
		tr.Player(2).Rank, tr.Player(3).Rank = 2, 1
		tr.Player(2).Points, tr.Player(3).Points = tr.Score(tr.Player(2)), tr.Score(tr.Player(3))
		fs := run(t, "tiebreak.standings", fsi.Standard, tr)
		if got := rulesOf(fs); !slices.Equal(got, []string{"tiebreak.computed", "tiebreak.rank-differs"}) {
			t.Errorf("got %v", got)
		}
	})
}

func TestItalianDateElision(t *testing.T) {
	cases := map[string]string{
		"entro il 8/8/2005":                     "entro l'8/8/2005",
		"Il 11/3/2026 si sono giocati":          "L'11/3/2026 si sono giocati",
		"dal 8/5/2026 al 11/5/2026":             "dall'8/5/2026 all'11/5/2026",
		"ricevuto il 18/8/2026":                 "ricevuto il 18/8/2026",
		"valido fino al 1/8/2026":               "valido fino al 1/8/2026",
		"emessa il 1/11/2026, chiusura il 8/11": "emessa il 1/11/2026, chiusura l'8/11",
	}
	for in, want := range cases {
		if got := expand(in, nil, "it"); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
		if got := expand(in, nil, "en"); got != in {
			t.Errorf("%q in English: got %q", in, got)
		}
	}
}

func TestRTF_4_2_16_UnknownPlayerMessage(t *testing.T) {
	tr := swissOf(t, 2, 1)
	tr.Players[0].Name, tr.Players[0].FideID, tr.Players[0].Sex = "Gialli, Carla", "812345", "f"
	tr.Players[0].BirthDate = tournament.NewDate(1990, 8, 8)
	tr.Players[1].Name = "Neri, Ugo"
	fs := runIn(t, "identity.players", fsi.Standard, Input{Tournament: tr, Registers: sampleRegisters()}, Decision{})
	want := []string{
		"Il giocatore 1 (Gialli, Carla; FIDE 812345, nata l'08/08/1990) non è nell'anagrafica.",
		"Il giocatore 2 (Neri, Ugo) non è nell'anagrafica.",
	}
	var got []string
	for _, f := range fs {
		if f.Rule == "identity.unknown" {
			got = append(got, f.MessageIT)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q", got)
	}
}

// FIDE TRF: the encoding note names neither the field nor the column of
// the first byte that is not UTF-8 (it tells the arbiter nothing); other
// reader notes keep where they are.
func TestFIDE_TRF_EncodingNoteWithoutColumn(t *testing.T) {
	in := Input{Tournament: swissOf(t, 2, 1), Diagnostics: []tournament.Diagnostic{
		{Line: 1, Column: 6, Severity: tournament.Note, Code: "codec.windows-1252", Field: "encoding",
			Message: "the file is not UTF-8, so it was read as Windows-1252 (Latin-1)", MessageIT: "il file non è in UTF-8, quindi è stato letto come Windows-1252 (Latin-1)"},
		{Line: 3, Column: 10, Severity: tournament.Note, Code: "trf.x", Field: "rating", Message: "m", MessageIT: "m"}}}
	fs := runIn(t, "format.reader", fsi.Standard, in, Decision{})
	if len(fs) != 2 {
		t.Fatalf("%+v", fs)
	}
	if want := "Nota di lettura: il file non è in UTF-8, quindi è stato letto come Windows-1252 (Latin-1)"; fs[0].MessageIT != want {
		t.Errorf("got  %q\nwant %q", fs[0].MessageIT, want)
	}
	if want := "Nota di lettura (Elo, colonna 10): m"; fs[1].MessageIT != want {
		t.Errorf("got  %q\nwant %q", fs[1].MessageIT, want)
	}
}
