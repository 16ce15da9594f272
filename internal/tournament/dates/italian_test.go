package dates

import (
	"errors"
	"strings"
	"testing"

	"omologa/internal/tournament"
)

// The readers pass date errors to arbiters: each must have an Italian text,
// while the English one and errors.Is keep working.
func TestItalianErrors(t *testing.T) {
	tests := []struct {
		in, en, it string
	}{
		{"2024.13.45", `unreadable date "2024.13.45": no such day (read as YYYY/MM/DD)`,
			"data «2024.13.45» non leggibile: il giorno non esiste (letta nel formato AAAA/MM/GG)"},
		{"xx", `unreadable date "xx": not one of the accepted layouts`,
			"data «xx» non leggibile: non è in nessuno dei formati accettati"},
		{"1987/13", `unreadable date "1987/13": month 13`, "data «1987/13» non leggibile: il mese 13 non esiste"},
		{"1700", `unreadable date "1700": year 1700 out of range`,
			"data «1700» non leggibile: l'anno 1700 è fuori dall'intervallo ammesso (1800-2200)"},
		{"24.00.05", `unreadable date "24.00.05": a two-digit year needs month and day`,
			"data «24.00.05» non leggibile: con l'anno a due cifre servono anche mese e giorno"},
	}
	for _, tt := range tests {
		_, _, err := Parse(tt.in)
		if err == nil {
			t.Fatalf("Parse(%q): no error", tt.in)
		}
		if !errors.Is(err, ErrUnreadable) {
			t.Errorf("Parse(%q): %v does not wrap ErrUnreadable", tt.in, err)
		}
		if err.Error() != tt.en {
			t.Errorf("Parse(%q) English = %q, want %q", tt.in, err.Error(), tt.en)
		}
		if got := Italian(err); got != tt.it {
			t.Errorf("Parse(%q) Italian = %q, want %q", tt.in, got, tt.it)
		}
	}
}

func TestItalianRoundProblems(t *testing.T) {
	start, end := tournament.NewDate(2024, 3, 1), tournament.NewDate(2024, 3, 3)
	_, _, problems := Rounds([]string{"2024/03/01", "2024/04/01", "2024/03"}, start, end)
	want := []string{
		"la data del turno 01/04/2024 è fuori dal torneo (dal 01/03/2024 al 03/03/2024)",
		"data del turno «2024/03»: servono giorno, mese e anno",
	}
	if len(problems) != len(want) {
		t.Fatalf("problems = %v, want %d", problems, len(want))
	}
	for i, pr := range problems {
		if got := Italian(pr.Err); got != want[i] {
			t.Errorf("problem %d Italian = %q, want %q", i, got, want[i])
		}
	}
	_, _, problems = Rounds([]string{"24.03.01", "24.04.09"}, start, end)
	for _, pr := range problems {
		if Italian(pr.Err) == pr.Err.Error() {
			t.Errorf("round %d: no Italian text for %v", pr.Index+1, pr.Err)
		}
	}
	if got := Italian(errors.New("other")); got != "other" {
		t.Errorf("Italian of a foreign error = %q", got)
	}
}

func TestItalianDate(t *testing.T) {
	for _, tt := range []struct {
		d    tournament.Date
		want string
	}{
		{tournament.NewDate(2011, 2, 25), "25/02/2011"},
		{tournament.Date{Year: 1987, Month: 7}, "07/1987"},
		{tournament.Date{Year: 1987}, "1987"},
		{tournament.Date{}, ""},
	} {
		if got := ItalianDate(tt.d); got != tt.want {
			t.Errorf("ItalianDate(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

// TestTournamentBound: the readers' start and end dates, and the problem
// naming which of the two could not be read.
func TestTournamentBound(t *testing.T) {
	tests := []struct {
		in     string
		end    bool
		want   tournament.Date
		en, it string
	}{
		{"2025/07/21", false, tournament.Date{Year: 2025, Month: 7, Day: 21}, "", ""},
		{"", true, tournament.Date{}, "", ""},
		{"sometime", false, tournament.Date{}, "start date: ", "data di inizio: "},
		{"sometime", true, tournament.Date{}, "end date: ", "data di fine: "},
	}
	for _, tt := range tests {
		d, en, it := TournamentBound(tt.in, tt.end)
		if d != tt.want || !strings.HasPrefix(en, tt.en) || !strings.HasPrefix(it, tt.it) || (tt.en == "") != (en == "") {
			t.Errorf("TournamentBound(%q, %v) = %v, %q, %q", tt.in, tt.end, d, en, it)
		}
	}
}
