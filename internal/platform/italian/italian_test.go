package italian

import (
	"strings"
	"testing"
	"time"
)

func TestNumbers(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Tenths(35), "3,5"},
		{Tenths(-125), "-12,5"},
		{Tenths(0), "0,0"},
		{Tenths(-5), "-0,5"},
		{SignedTenths(390), "+39,0"},
		{SignedTenths(-60), "-6,0"},
		{SignedTenths(0), "0,0"},
		{TenthsEN(-125), "-12.5"},
		{SignedTenthsEN(390), "+39.0"},
		{Halves(15), "7,5"},
		{Halves(14), "7"},
		{Halves(1), "0,5"},
		{Halves(0), "0"},
		{Points(7.5), "7,5"},
		{Points(3), "3"},
		{Float(66, 1), "66,0"},
		{Number(12.25), "12,25"},
		{Number(12), "12"},
		{Float(-0.04, 1), "0,0"},
		{Float(2.25, 2), "2,25"},
		{SignedFloat(1.5, 1), "+1,5"},
		{SignedFloat(0.01, 1), "0,0"},
		{SignedFloat(-6, 1), "-6,0"},
		{Size(820), "820 byte"},
		{Size(12700), "12,4 KB"},
		{Size(20 << 20), "20 MB"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestDates(t *testing.T) {
	rome, err := time.LoadLocation("Europe/Rome")
	if err != nil {
		t.Skip("no tzdata:", err)
	}
	at := time.Date(2026, 11, 26, 23, 30, 0, 0, time.UTC)
	for _, c := range []struct{ got, want string }{
		{DateTime(at, rome), "27/11/2026 00:30"},
		{DateTime(at, nil), "26/11/2026 23:30"},
		{DateIn(at, rome), "27/11/2026"},
		{Date(time.Date(2027, 1, 5, 0, 0, 0, 0, time.UTC)), "05/01/2027"},
		{DMY(2027, 1, 5), "05/01/2027"},
		{Clock(at, rome), "00:30"},
		{Date(time.Time{}), ""},
		{Month(time.January), "gennaio"},
		{List(2027, time.January), "lista di gennaio 2027"},
		{Count(1, "turno", "turni"), "1 turno"},
		{Count(2, "turno", "turni"), "2 turni"},
		{Count(0, "turno", "turni"), "0 turni"},
		{Join([]string{"a", "b", "c"}), "a, b e c"},
		{Elide("scaduto il 11/03/2026, dal 08/08 al 8/9, nel 2011/12"), "scaduto l'11/03/2026, dall'08/08 all'8/9, nel 2011/12"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestDateISO(t *testing.T) {
	for in, want := range map[string]string{"2026-10-15": "15/10/2026", "": "", "2026-13-01": "2026-13-01", "ottobre": "ottobre"} {
		if got := DateISO(in); got != want {
			t.Errorf("DateISO(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEuro(t *testing.T) {
	for _, c := range []struct {
		cents  int64
		it, en string
	}{
		{0, "0,00 €", "€0.00"}, {5, "0,05 €", "€0.05"}, {2500, "25,00 €", "€25.00"},
		{123450, "1.234,50 €", "€1,234.50"}, {100000000, "1.000.000,00 €", "€1,000,000.00"},
		{-500, "-5,00 €", "-€5.00"},
	} {
		if got := Euro(c.cents); got != c.it {
			t.Errorf("Euro(%d) = %q, want %q", c.cents, got, c.it)
		}
		if got := EuroEN(c.cents); got != c.en {
			t.Errorf("EuroEN(%d) = %q, want %q", c.cents, got, c.en)
		}
	}
}

func TestCents(t *testing.T) {
	for c, want := range map[int64]string{123450: "1234,50", -5: "-0,05", 0: "0,00"} {
		if got := Cents(c); got != want {
			t.Errorf("Cents(%d) = %q, want %q", c, got, want)
		}
	}
}

// TestSignedTenthsENAppends: the appended form is the string's, which
// is SignedTenths with a decimal point.
func TestSignedTenthsENAppends(t *testing.T) {
	for v := -2500; v <= 2500; v++ {
		want := strings.Replace(SignedTenths(v), ",", ".", 1)
		if got := string(AppendSignedTenthsEN([]byte("x"), v)); got != "x"+want || SignedTenthsEN(v) != want {
			t.Fatalf("%d: %q and %q, want %q", v, got, SignedTenthsEN(v), want)
		}
	}
}
