package statement

import (
	"strings"
	"testing"
)

const plain = `Conto corrente 000012345678 - FSI
Data;Valuta;Importo;Descrizione
01/12/2026;01/12/2026;45,00;BONIFICO DA CIRCOLO SCACCHISTICO NOVARESE CAUSALE omol 2026 0001
02/12/2026;02/12/2026;-12,30;COMMISSIONI
03/12/2026;03/12/2026;1.234,50;BONIFICO SOCIETA SCACCHISTICA FIORENTINA
`

func TestParsePlain(t *testing.T) {
	st, err := Parse("estratto.csv", []byte(plain), nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Layout != "plain" || len(st.Movements) != 2 || len(st.Debits) != 1 {
		t.Fatalf("%+v", st)
	}
	m := st.Movements[1]
	if m.Cents != 123450 || m.Line != 5 || m.Date.String() != "2026-12-03" || m.Key == "" {
		t.Errorf("%+v", m)
	}
	again, _ := Parse("estratto.csv", []byte(plain), nil)
	if again.Movements[0].Key != st.Movements[0].Key {
		t.Error("the same movement has another key on a second read")
	}
}

func TestParseCBIAndConfigured(t *testing.T) {
	cbi := "Data contabile;Data valuta;Dare;Avere;Divisa;Descrizione operazione\n" +
		"04/12/2026;04/12/2026;;30,00;EUR;BON. OMOL-2026-0004\n" +
		"04/12/2026;04/12/2026;5,00;;EUR;SPESE\n"
	st, err := Parse("cbi.csv", []byte(cbi), nil)
	if err != nil || st.Layout != "cbi" || len(st.Movements) != 1 || st.Movements[0].Cents != 3000 || st.Debits[0].Cents != -500 {
		t.Fatalf("%+v %v", st, err)
	}
	own := Layout{Name: "banca-x", Date: "Data op.", Amount: "Euro", Description: "Causale", Separator: ","}
	if err := own.Check(); err != nil {
		t.Fatal(err)
	}
	st, err = Parse("x.csv", []byte("Data op.,Euro,Causale\n2026-12-05,\"20,00\",OMOL-2026-0007\n"), []Layout{own})
	if err != nil || st.Layout != "banca-x" || st.Movements[0].Cents != 2000 {
		t.Fatalf("%+v %v", st, err)
	}
}

// Issue 33, bad input: the line and the column, and nothing imported.
func TestParseErrors(t *testing.T) {
	for name, c := range map[string]struct{ data, want string }{
		"unknown layout": {"Date,Amount,Text\n2026-12-01,5.00,x\n", "s.csv:1: no header of a known layout"},
		"amount":         {"Data;Valuta;Importo;Descrizione\n01/12/2026;;45.00;x\n", `s.csv:2: column "Importo": "45.00" is not an amount (1.234,50: a decimal comma)`},
		"zero":           {"Data;Valuta;Importo;Descrizione\n01/12/2026;;0,00;x\n", `s.csv:2: column "Importo": the amount is zero`},
		"date":           {"Data;Valuta;Importo;Descrizione\n31/11/2026;;5,00;x\n", `s.csv:2: column "Data": "31/11/2026" is not a day of the calendar`},
		"duplicate":      {"Data;Valuta;Importo;Descrizione\n01/12/2026;;5,00;x\n01/12/2026;;5,00;X\n", "s.csv:3: the same movement as line 2"},
	} {
		t.Run(name, func(t *testing.T) {
			st, err := Parse("s.csv", []byte(c.data), nil)
			if err == nil || st != nil {
				t.Fatalf("no error: %+v", st)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want %q", err, c.want)
			}
		})
	}
}

func TestParseCents(t *testing.T) {
	for in, want := range map[string]int64{"45": 4500, "45,5": 4550, "1.234,50": 123450, "-25,00": -2500, "€ 12,00": 1200, "+3,00 EUR": 300} {
		if got, err := ParseCents(in); err != nil || got != want {
			t.Errorf("ParseCents(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "1,234", "12.5", "1.23,00", "abc", ",50", "1,"} {
		if _, err := ParseCents(in); err == nil {
			t.Errorf("ParseCents(%q): no error", in)
		}
	}
}

// FuzzParse: any bytes give movements or an error naming a line, never a
// panic, and a read statement's movements are credits with keys.
func FuzzParse(f *testing.F) {
	f.Add([]byte(plain))
	f.Add([]byte("Data contabile;Data valuta;Dare;Avere;Descrizione operazione\n04/12/26;;;30,00;x\n"))
	f.Add([]byte("\xef\xbb\xbfData;Importo;Descrizione\n\"01/12/2026\";\"1.000,00\";\"a;b\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := Parse("f.csv", data, nil)
		if err != nil {
			if st != nil || !strings.HasPrefix(err.Error(), "f.csv:") {
				t.Fatalf("error %q with %v", err, st)
			}
			return
		}
		for _, m := range st.Movements {
			if m.Cents <= 0 || m.Key == "" || !m.Date.IsCalendarDay() {
				t.Fatalf("%+v", m)
			}
		}
	})
}
